"""The documentation is part of the product: these tests keep it true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from balatro_ecs.tools.cli import hook_signatures

ROOT = Path(__file__).resolve().parent.parent
HOOKS_DOC = (ROOT / "docs" / "hooks.md").read_text("utf-8")
README = (ROOT / "README.md").read_text("utf-8")


def test_every_hook_is_documented_with_its_exact_signature() -> None:
    for name, signature, _ in hook_signatures():
        assert f"### `{name}`" in HOOKS_DOC, f"docs/hooks.md lacks a section for {name}"
        assert signature in HOOKS_DOC, f"docs/hooks.md has an outdated signature for {name}"


def test_no_documented_hook_is_missing_from_the_code() -> None:
    documented = set(re.findall(r"^### `(\w+)`", HOOKS_DOC, flags=re.M))
    assert documented == {name for name, _, _ in hook_signatures()}


def test_readme_states_the_two_commands_and_ci_runs_the_test_one() -> None:
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", README, flags=re.S)
    commands = [line for block in blocks for line in block.splitlines()]
    test_command = next(line for line in commands if "pytest" in line)
    assert "python -m pytest" in test_command
    assert 'python" -m pytest' in ci
    assert any("balatro-ecs" in line and "score" in line for line in commands)


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


def test_the_readme_run_example_works_as_its_comments_say() -> None:
    from balatro_ecs.kernel.errors import IllegalActionError

    section = README.split("## Playing runs", 1)[1]
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

_RUNNABLE_PAGES = ("quickstart.md", "cookbook.md", "testing.md", "server.md", "saves.md")


def _python_blocks(page: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text("utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize("page", _RUNNABLE_PAGES)
def test_every_code_block_of_the_guides_runs(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks that start ``# name.py`` (or ``# name/__init__.py``) are plugin modules;
    the others run after them, with those modules importable; test functions they define
    are called."""
    import sys
    import types

    blocks = _python_blocks(page)
    assert blocks, f"docs/{page} has no python blocks"
    for block in blocks:
        first = block.splitlines()[0]
        named = re.match(r"# (\w+)(?:/__init__)?\.py$", first)
        if named:
            module = types.ModuleType(named.group(1))
            exec(compile(block, f"docs/{page}:{named.group(1)}", "exec"), module.__dict__)
            monkeypatch.setitem(sys.modules, named.group(1), module)
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
