"""The documentation is part of the product: these tests keep it true."""

from __future__ import annotations

import re
from pathlib import Path

import hypothesis
import pytest

from balatro_ecs.tools.cli import hook_signatures

ROOT = Path(__file__).resolve().parent.parent
HOOKS_DOC = (ROOT / "docs" / "hooks.md").read_text("utf-8")
README = (ROOT / "README.md").read_text("utf-8")


hypothesis.settings.register_profile("docs-in-process", deadline=None)


def test_every_hook_is_documented_with_its_exact_signature() -> None:
    for name, signature, _ in hook_signatures():
        assert f"### `{name}`" in HOOKS_DOC, f"docs/hooks.md lacks a section for {name}"
        assert signature in HOOKS_DOC, f"docs/hooks.md has an outdated signature for {name}"


def test_the_steamodded_table_names_only_hooks_that_exist() -> None:
    """docs/hooks.md maps every Steamodded context to a hook (or a mechanism); each hook it
    names is one of the engine's."""
    section = HOOKS_DOC.split("## Steamodded contexts", 1)[1]
    rows = re.findall(r"^\| `([^`]+)` \| (.*?) \|", section, flags=re.M)
    assert len(rows) >= 60
    hooks = {name for name, _, _ in hook_signatures()}
    for _context, ours in rows:
        for name in re.findall(r"`(\w+)`", ours):
            if name.startswith(("joker_", "blind_", "deck_", "seal_", "tag_", "booster_",
                                "enhancement_", "edition_", "sticker_", "poker_hand_",
                                "consumable_", "balatro_")):  # fmt: skip
                assert name in hooks, name
    contexts = {c for c, _ in rows}
    for context in ("buying_card / buying_self", "money_altered", "starting_shop",
                    "poker_hand_changed", "tag_added", "retrigger_joker_check"):  # fmt: skip
        assert context in contexts


def test_no_documented_hook_is_missing_from_the_code() -> None:
    documented = set(re.findall(r"^### `(\w+)`", HOOKS_DOC, flags=re.M))
    assert documented == {name for name, _, _ in hook_signatures()}


def test_readme_states_the_two_commands_and_ci_runs_them() -> None:
    """The README opens with two one-line commands (install and run the main job; install
    and run the tests), and CI runs both."""
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    two = README.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", two, flags=re.S)
    main_command, test_command = (block.strip() for block in blocks)
    assert "\n" not in main_command and "\n" not in test_command  # one line each
    assert main_command.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    job = main_command.rsplit("&& .venv/bin/balatro-ecs ", 1)[1]
    assert f'"$venv/bin/balatro-ecs" {job}' in ci
    assert test_command.endswith(".venv/bin/python -m pytest")
    assert 'python" -m pytest' in ci
    assert README.index("## Two commands") < min(
        README.index(f"## {name}") for name in ("Playing", "Simulating", "Scoring")
    )


def test_every_python_block_of_the_readme_runs_as_its_comments_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for block in re.findall(r"```python\n(.*?)```", README, flags=re.S):
        if block.startswith("# lucky7/"):
            continue  # a plugin module (the quickstart's test runs its twin)
        namespace: dict[str, object] = {}
        exec(compile(block, "README.md", "exec"), namespace)
        for line in block.splitlines():
            claimed = re.match(r"^(\S.*?)\s+#\s*(\(.*\))$", line)
            if claimed:  # ``expression   # (its value)``
                assert eval(claimed.group(1), namespace) == eval(claimed.group(2)), line


def test_readme_example_scenario_file_exists_and_scores() -> None:
    from balatro_ecs import score
    from balatro_ecs.game.scenario import load_scenarios

    example = ROOT / "examples" / "hand.json"
    assert "examples/hand.json" in README
    (scenario,) = load_scenarios(example.read_text("utf-8"))
    assert score(scenario).score > 0


def test_the_plugin_quickstart_matches_the_example_pack() -> None:
    import balatro_ecs.plugin as plugin_api

    doc = plugin_api.__doc__ or ""
    assert "[project.entry-points.balatro_ecs]" in doc
    pack = (ROOT / "examples" / "lucky7-pack" / "pyproject.toml").read_text("utf-8")
    assert "[project.entry-points.balatro_ecs]" in pack


def test_the_playing_guide_s_run_example_works_as_its_comments_say() -> None:
    from balatro_ecs.kernel.errors import IllegalActionError

    section = (ROOT / "docs" / "playing.md").read_text("utf-8")
    code = re.search(r"```python\n(.*?)```", section, flags=re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    for line in code.group(1).splitlines():
        if "IllegalActionError" in line:
            with pytest.raises(IllegalActionError, match=r"no card 10 in hand \(8 cards\)"):
                exec(line.split("#")[0], namespace)
        else:
            exec(line, namespace)
    assert namespace["game"].to_json() == namespace["text"]  # type: ignore[attr-defined]


def test_the_playing_guide_s_rearrange_example_runs() -> None:
    (block,) = [b for b in _python_blocks("playing.md") if "Rearrange(" in b]
    namespace: dict[str, object] = {}
    exec(compile(block, "docs/playing.md", "exec"), namespace)
    game = namespace["game"]
    assert game.log[-1].action.text() == "rearrange hand 8 7 6 5 4 3 2 1"  # type: ignore[attr-defined]


def test_every_package_directory_is_listed_for_installation() -> None:
    """A non-editable install only ships the packages pyproject.toml lists."""
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
            "packages"
        ]
    )
    found = set()
    for top, name in (("balatro_ecs", "balatro_ecs"), ("plugins", "balatro_ecs_vanilla")):
        for init in (ROOT / top).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / top).parts
            found.add(".".join((name, *parts)))
    assert found == listed


# -- the documentation site -------------------------------------------------------------------

_RUNNABLE_PAGES = (
    "quickstart.md", "cookbook.md", "testing.md", "server.md", "saves.md", "simulations.md",
    "scoring.md",
)  # fmt: skip


def _python_blocks(page: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text("utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize("page", _RUNNABLE_PAGES)
def test_every_code_block_of_the_guides_runs(
    page: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Blocks that start ``# name.py`` (or ``# name/__init__.py``) are plugin modules;
    the others run after them, with those modules importable; test functions they define
    are called. Files they write land in a temporary directory."""
    if page in ("simulations.md",):  # (it writes records files)
        monkeypatch.chdir(tmp_path)

    blocks = _python_blocks(page)
    assert blocks, f"docs/{page} has no python blocks"
    # Property tests of the guides run here without hypothesis's per-example deadline: a
    # loaded machine may take longer than 200 ms for an example. Their deadline as written
    # is checked in a fresh process by
    # test_the_testing_guide_s_hypothesis_examples_pass_as_written_in_a_new_process.
    hypothesis.settings.load_profile("docs-in-process")
    try:
        _run_blocks(page, blocks, monkeypatch)
    finally:
        hypothesis.settings.load_profile("default")


def _run_blocks(page: str, blocks: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    for block in blocks:
        first = block.splitlines()[0]
        named = re.match(r"# (\w+)(?:/__init__)?\.py$", first)
        if named:
            module = types.ModuleType(named.group(1))
            # importable while it runs, as an imported module is (a dataclass looks it up)
            monkeypatch.setitem(sys.modules, named.group(1), module)
            exec(compile(block, f"docs/{page}:{named.group(1)}", "exec"), module.__dict__)
            continue
        namespace: dict[str, object] = {"__name__": "docs_block"}
        exec(compile(block, f"docs/{page}", "exec"), namespace)
        for name, value in namespace.items():
            if name.startswith("test_") and callable(value):
                value()


def test_the_objects_guide_names_only_what_exists() -> None:
    from balatro_ecs import Game
    from balatro_ecs.game.cards import Card
    from balatro_ecs.game.jokers import CopiedJoker, Joker
    from balatro_ecs.game.scoring.context import ScoringContext
    from balatro_ecs.kernel.effects import Effect

    game = Game(seed="DOCS")
    owners: dict[str, object] = {
        "Card": Card,
        "Joker": Joker,
        "CopiedJoker": CopiedJoker,
        "ScoringContext": ScoringContext,
        "Effect": Effect,
        "Game": game,
        "game": game,
    }
    text = (ROOT / "docs" / "objects.md").read_text("utf-8")
    named = re.findall(r"`(\w+)\.(\w+)`", text)
    assert len(named) > 40
    missing = [f"{c}.{a}" for c, a in named if c in owners and not hasattr(owners[c], a)]
    assert not missing, f"docs/objects.md names what does not exist: {missing}"


def test_the_site_lists_every_page_and_every_page_exists() -> None:
    config = (ROOT / "mkdocs.yml").read_text("utf-8")
    listed = set(re.findall(r":\s*(\S+\.md)\s*$", config, flags=re.M))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert listed == pages, f"mkdocs.yml and docs/ differ: {sorted(listed ^ pages)}"


def test_the_testing_guide_s_hypothesis_examples_pass_as_written_in_a_new_process(
    tmp_path: Path,
) -> None:
    """Copied into a test file of their own and run by pytest in a fresh process (the
    first engine call costs hundreds of milliseconds: the strategies warm the engine up
    when made, so no example trips hypothesis's 200 ms deadline)."""
    import subprocess
    import sys

    blocks = [b for b in _python_blocks("testing.md") if "@given" in b]
    assert len(blocks) >= 3
    for i, block in enumerate(blocks):
        (tmp_path / f"test_guide_{i}.py").write_text(block, "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert f"{len(blocks)} passed" in done.stdout


def test_the_quickstart_s_manifest_is_a_valid_manifest(tmp_path: Path) -> None:
    """The quickstart says a pack needs ``balatro_pack.toml`` (``plugins validate`` reads
    it); the manifest it shows is one the engine reads."""
    from balatro_ecs.kernel.packs import read_manifest

    text = (ROOT / "docs" / "quickstart.md").read_text("utf-8")
    assert "balatro-ecs plugins validate" in text
    block = re.search(r"```toml\n# my_pack/balatro_pack.toml\n(.*?)```", text, flags=re.S)
    assert block is not None
    path = tmp_path / "balatro_pack.toml"
    path.write_text(block.group(1), "utf-8")
    manifest = read_manifest(path)
    assert (manifest.id, manifest.key_prefix) == ("mypack", "mypack")


def test_the_home_page_says_how_to_install_from_source() -> None:
    text = (ROOT / "docs" / "index.md").read_text("utf-8")
    assert "pip install balatro-ecs" not in text  # it is not on the index
    assert "not on PyPI" in text and ".venv/bin/pip install ." in text
