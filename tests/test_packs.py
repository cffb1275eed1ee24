"""Packs: manifests, dependency order, enabling and blocking by every name, the
``plugins`` command, and the example pack installed as a package."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import PluginError, Plugins, manager
from balatro_ecs.kernel.packs import (
    Pack,
    PackError,
    PackManifest,
    VersionRange,
    load_config,
    read_manifest,
    resolve,
)
from balatro_ecs.plugin import Effect, JokerType, content
from balatro_ecs.tools.batch import _worker_plugins
from balatro_ecs.tools.cli import main
from balatro_ecs.tools.simulate import simulate

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "lucky7-pack"
MODPORT = Path(__file__).resolve().parent.parent / "examples" / "modport-pack"
LUCKY7 = {"j_lucky7_seven", "j_lucky7_jackpot", "j_lucky7_snake_eyes"}


@pytest.fixture(autouse=True)
def _fresh_defaults(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Packs installed by a test must not leak into the shared default plugin set."""
    monkeypatch.setattr(manager, "_default", None)
    for name in ("BALATRO_ECS_BLOCK", "BALATRO_ECS_ENABLE", "BALATRO_ECS_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    _worker_plugins.cache_clear()
    yield
    _worker_plugins.cache_clear()


def _dist_info(site: Path, name: str, version: str, entry_points: dict[str, str]) -> None:
    dist = site / f"{name.replace('-', '_')}-{version}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = "".join(f"{k} = {v}\n" for k, v in entry_points.items())
    (dist / "entry_points.txt").write_text(f"[balatro_ecs]\n{lines}")


def install_example(
    site: Path, monkeypatch: pytest.MonkeyPatch, example: Path = EXAMPLE
) -> dict[str, Any]:
    """Install an example pack into ``site`` as pip would, from its own pyproject: its
    package with the package data, and a dist-info with its name, version and entry
    points; ``site`` goes on the path."""
    pyproject = tomllib.loads((example / "pyproject.toml").read_text("utf-8"))
    project = pyproject["project"]
    for package in pyproject["tool"]["setuptools"]["packages"]:
        if "." not in package:  # (subpackages come with their package)
            shutil.copytree(example / package, site / package)
    _dist_info(site, project["name"], project["version"], project["entry-points"]["balatro_ecs"])
    monkeypatch.syspath_prepend(str(site))
    return project


def install_pack(
    site: Path,
    monkeypatch: pytest.MonkeyPatch,
    package: str,
    files: dict[str, str],
    *,
    entry_point: str,
    dist: str,
    version: str = "1.0.0",
) -> None:
    """Install a small pack written here (``files``: name -> text in the package)."""
    folder = site / package
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    _dist_info(site, dist, version, {entry_point: package})
    monkeypatch.syspath_prepend(str(site))
    sys.modules.pop(package, None)


DICE_MANIFEST = """
id = "dicepack"
name = "Dice"
version = "2.0.0"
key_prefix = "dice"
[requires]
lucky7 = ">=1.1"
"""
DICE_INIT = '''"""Dice."""
from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

balatro_content = content(JokerType(key="j_dice_six", name="Six", effect="+6 Mult."))


@hookimpl
def joker_main(ctx, joker):
    return Effect(mult=6)
'''


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example pack and a second pack, ``dicepack`` (entry point ``dice``,
    distribution ``balatro-ecs-dice``), which requires lucky7 >= 1.1."""
    install_example(tmp_path, monkeypatch)
    files = {"__init__.py": DICE_INIT, "balatro_pack.toml": DICE_MANIFEST}
    install_pack(
        tmp_path, monkeypatch, "dice_pack", files, entry_point="dice", dist="balatro-ecs-dice"
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pack_module(name: str, manifest: dict[str, Any], *keys: str) -> types.ModuleType:
    """A pack built in code: a ``balatro_pack`` manifest and a joker per key."""
    module = types.ModuleType(name)
    module.balatro_pack = manifest  # type: ignore[attr-defined]
    children = []
    for key in keys:
        child = types.ModuleType(f"{name}.{key}")
        child.balatro_content = content(JokerType(key=key, name=key, effect="x"))  # type: ignore[attr-defined]
        children.append(child)
    module.balatro_plugins = tuple(children)  # type: ignore[attr-defined]
    return module


def manifest(pid: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "name": pid.title(), "version": "1.0", "key_prefix": pid, **fields}


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- versions and manifests ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "version", "inside"),
    [
        (">=1.0,<2", "1.9.9", True),
        (">=1.0,<2", "2.0", False),
        (">=1.0,<2", "0.9", False),
        ("*", "0.0.1", True),
        ("", "7", True),
        ("==1.2.*", "1.2.7", True),
        ("==1.2.*", "1.3.0", False),
        ("!=1.4", "1.4.0", False),
        ("~=1.4", "1.9", True),
        ("~=1.4", "2.0", False),
        ("1.0", "1.0.0", True),
        (">0.1", "0.1.0rc1", False),
    ],
)
def test_version_ranges(text: str, version: str, inside: bool) -> None:
    assert VersionRange.parse(text).contains(version) is inside


def test_a_bad_version_range_is_refused() -> None:
    with pytest.raises(ValueError, match=r"cannot read '=>1'"):
        VersionRange.parse("=>1")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"id": "Bad Id"}, "field 'id' must be lower-case"),
        ({"version": "one"}, "pack 'p'.*field 'version'"),
        ({"key_prefix": ""}, "pack 'p'.*field 'key_prefix' is required"),
        ({"key_prefix": "my_pack"}, "field 'key_prefix' must be lower-case letters and digits"),
        ({"requires": {"q": "=>1"}}, "field 'requires': q: version range"),
        ({"requires": ["p"]}, "field 'requires' names the pack itself"),
        ({"conflicts": 3}, "field 'conflicts' must be a table"),
        ({"requires": {"q": "*"}, "conflicts": ["q"]}, "'q' is in both"),
        ({"load_afer": ["q"]}, "unknown field 'load_afer' \\(did you mean 'load_after'\\?\\)"),
    ],
)
def test_manifest_errors_name_the_pack_and_field(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(PackError, match=message):
        PackManifest.from_mapping({**manifest("p"), **fields}, "test.toml")


def test_a_manifest_needs_id_name_and_version() -> None:
    with pytest.raises(PackError, match=r"missing field 'version'"):
        PackManifest.from_mapping({"id": "p", "name": "P"})


def test_manifests_are_read_from_toml_or_a_pyproject(tmp_path: Path) -> None:
    example = read_manifest(EXAMPLE / "lucky7_pack" / "balatro_pack.toml")
    assert (example.id, example.version, example.key_prefix) == ("lucky7", "1.1.0", "lucky7")
    assert dict(example.requires) == {"balatro_ecs": ">=0.1,<1", "vanilla": "*"}
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\n[tool.balatro_ecs]\nid = "x"\nname = "X"\n'
        'version = "0.3"\nkey_prefix = "x"\nload_after = ["lucky7"]\n'
    )
    assert read_manifest(pyproject).load_after == ("lucky7",)
    (tmp_path / "bad.toml").write_text("id = ")
    with pytest.raises(PackError, match=r"bad.toml: not valid TOML"):
        read_manifest(tmp_path / "bad.toml")


# -- resolving ----------------------------------------------------------------------------


def _packs(*manifests: dict[str, Any]) -> list[Pack]:
    return [Pack(PackManifest.from_mapping(m), "caller") for m in manifests]


def test_packs_are_ordered_by_requirements_and_load_after() -> None:
    packs = _packs(
        manifest("a", requires={"c": ">=1"}),
        manifest("b", load_after=["a", "absent"]),
        manifest("c"),
        manifest("d"),
    )
    assert [p.id for p in resolve(packs, "0.1.0")] == ["c", "a", "b", "d"]


@pytest.mark.parametrize(
    ("manifests", "message"),
    [
        ([manifest("a", requires={"b": "*"})], "pack 'a' requires 'b' \\*, which is not installed"),
        (
            [manifest("a", requires={"b": ">=2"}), manifest("b")],
            "pack 'a' requires 'b' >=2, but b 1.0 is installed",
        ),
        (
            [manifest("a", requires={"balatro_ecs": ">=5"})],
            "pack 'a' requires 'balatro_ecs' >=5, but balatro_ecs 0.1.0 is installed",
        ),
        (
            [manifest("a", conflicts={"b": "<2"}), manifest("b")],
            "pack 'a' conflicts with 'b' <2 \\(b 1.0 is enabled\\): block one of them",
        ),
        ([manifest("a"), manifest("a")], "two packs have the id 'a'"),
        (
            [manifest("a", requires={"b": "*"}), manifest("b", load_after=["a"])],
            "packs form a dependency cycle: (a -> b -> a|b -> a -> b)",
        ),
    ],
)
def test_resolving_errors_name_the_packs(manifests: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(PackError, match=message):
        resolve(_packs(*manifests), "0.1.0")


def test_every_problem_is_reported_at_once() -> None:
    packs = _packs(manifest("a", requires={"x": "*", "y": "*"}))
    with pytest.raises(PackError) as err:
        resolve(packs, "0.1.0", blocked={"y": "blocked"})
    assert str(err.value).splitlines() == [
        "pack 'a' requires 'x' *, which is not installed",
        "pack 'a' requires 'y' *, which is blocked",
    ]


def test_plugins_load_packs_in_dependency_order_and_know_their_versions() -> None:
    base = pack_module("base", manifest("base", version="2.1"), "j_base_one")
    addon = pack_module(
        "addon", manifest("addon", requires={"base": ">=2", "vanilla": "*"}), "j_addon_two"
    )
    plugins = Plugins(plugins=[addon, base], entry_points=False)
    assert plugins.packs == {"vanilla": "0.1.0", "base": "2.1", "addon": "1.0"}
    assert plugins.pack_of("j_addon_two") == "addon"
    assert plugins.pack_of("j_joker") == "vanilla"
    assert [c.key for c in plugins.pack_content("base")] == ["j_base_one"]
    with pytest.raises(PackError, match=r"pack 'addon' requires 'base' >=3, but base 2.1"):
        addon.balatro_pack["requires"] = {"base": ">=3"}  # type: ignore[attr-defined]
        Plugins(plugins=[addon, base], entry_points=False)


def test_content_keys_must_carry_the_pack_prefix() -> None:
    module = pack_module("stray", manifest("stray"), "j_other_joker")
    with pytest.raises(PluginError, match=r"pack 'stray'.*must start with 'j_stray_'"):
        Plugins(plugins=[module], entry_points=False)


# -- hook safety --------------------------------------------------------------------------


def test_a_hook_without_hookimpl_is_an_error_naming_module_and_function() -> None:
    module = types.ModuleType("forgetful")
    module.balatro_content = content(JokerType(key="j_test_forgot", name="Forgot"))  # type: ignore[attr-defined]

    def joker_main(ctx, joker):  # type: ignore[no-untyped-def]
        return Effect(mult=1)

    module.joker_main = joker_main  # type: ignore[attr-defined]
    with pytest.raises(PluginError, match=r"plugin forgetful: function joker_main\(\).*@hookimpl"):
        Plugins(plugins=[module], entry_points=False)


def test_a_near_miss_of_a_hook_name_gets_a_suggestion() -> None:
    module = types.ModuleType("typos")
    module.balatro_content = content(JokerType(key="j_test_typos", name="Typos"))  # type: ignore[attr-defined]
    module.joker_individul = lambda ctx, joker, card: None  # type: ignore[attr-defined]
    module.joker_helper_value = lambda: 3  # a helper: left alone  # type: ignore[attr-defined]
    message = r"joker_individul\(\) is not a hook.*'joker_individual'"
    with pytest.raises(PluginError, match=message):
        Plugins(plugins=[module], entry_points=False)


def test_plugin_objects_are_checked_too() -> None:
    class Careless:
        def balatro_hand_scored(self, game, result):  # type: ignore[no-untyped-def]
            pass

    with pytest.raises(PluginError, match=r"balatro_hand_scored\(\) has a hook's name"):
        Plugins(plugins=[Careless()], entry_points=False)


# -- the example pack, installed -----------------------------------------------------------


def test_the_example_pack_installs_as_one_entry_point(installed: Path) -> None:
    plugins = Plugins()
    assert plugins.packs == {"vanilla": "0.1.0", "lucky7": "1.1.0", "dicepack": "2.0.0"}
    assert {c.key for c in plugins.pack_content("lucky7")} >= LUCKY7
    assert plugins.blind("The Black Cat").key == "bl_lucky7_black_cat"
    assert plugins.deck("Lucky Deck").key == "b_lucky7_lucky"
    info = plugins.pack_info["lucky7"]
    assert (info.entry_point, info.distribution) == ("lucky7", "balatro-ecs-lucky7")


@pytest.mark.parametrize("name", ["dicepack", "dice", "balatro-ecs-dice", "dice_pack"])
def test_a_pack_is_blocked_by_any_of_its_names(installed: Path, name: str) -> None:
    plugins = Plugins(block=[name])
    assert "dicepack" not in plugins.packs
    assert "lucky7" in plugins.packs
    with pytest.raises(ValueError):
        plugins.joker("Six")


def test_a_content_key_blocks_one_item(installed: Path) -> None:
    plugins = Plugins(block=["j_lucky7_jackpot"])
    assert "lucky7" in plugins.packs
    plugins.joker("Lucky Seven")
    with pytest.raises(ValueError, match=r"blocked"):
        plugins.joker("Jackpot")


def test_blocking_a_required_pack_says_so(installed: Path) -> None:
    with pytest.raises(PackError, match=r"'dicepack' requires 'lucky7' >=1.1, which is blocked"):
        Plugins(block=["lucky7"])


@pytest.mark.parametrize("name", ["lucky7", "balatro-ecs-lucky7", "j_lucky7_jackpot"])
def test_enable_keeps_only_the_named_packs(installed: Path, name: str) -> None:
    plugins = Plugins(enable=[name])
    assert plugins.packs == {"vanilla": "0.1.0", "lucky7": "1.1.0"}
    assert plugins.left_out == {"dicepack": "not enabled"}
    assert plugins.selection() == ("dicepack",)
    assert Plugins(block=plugins.selection()).packs == plugins.packs


def test_enabling_a_pack_brings_what_it_requires(installed: Path) -> None:
    assert list(Plugins(enable=["dice"]).packs) == ["vanilla", "lucky7", "dicepack"]


def test_enable_of_an_unknown_name_is_an_error(installed: Path) -> None:
    with pytest.raises(PackError, match=r"enable: 'lucky8' names no installed pack.*'lucky7'"):
        Plugins(enable=["lucky8"])


def test_the_environment_blocks_and_enables(installed: Path, monkeypatch) -> None:
    monkeypatch.setenv("BALATRO_ECS_BLOCK", "dicepack")
    assert "dicepack" not in Plugins().packs
    monkeypatch.delenv("BALATRO_ECS_BLOCK")
    monkeypatch.setenv("BALATRO_ECS_ENABLE", "lucky7")
    assert Plugins().left_out == {"dicepack": "not enabled"}


def test_the_config_file_blocks_and_enables(installed: Path, monkeypatch) -> None:
    (installed / "balatro_ecs.toml").write_text('block = ["dice"]\n')
    assert "dicepack" not in Plugins().packs
    assert "dicepack" in Plugins(config=False).packs
    other = installed / "elsewhere.toml"
    other.write_text('enable = ["lucky7"]\n')
    monkeypatch.setenv("BALATRO_ECS_CONFIG", str(other))
    plugins = Plugins()
    assert (plugins.left_out, plugins.config_source) == ({"dicepack": "not enabled"}, str(other))


def test_config_file_mistakes_are_reported(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "c.toml").write_text('blok = ["x"]\n')
    with pytest.raises(PackError, match=r"unknown key 'blok' \(did you mean 'block'\?\)"):
        load_config(tmp_path / "c.toml")
    monkeypatch.setenv("BALATRO_ECS_CONFIG", str(tmp_path / "missing.toml"))
    with pytest.raises(PackError, match=r"missing.toml: no such file"):
        Plugins(entry_points=False)


def test_the_cli_blocks_and_enables_before_or_after_the_command(installed: Path, capsys) -> None:
    scenario = installed / "six.json"
    scenario.write_text(json.dumps({"played": [{"rank": "2", "suit": "H"}], "jokers": ["Six"]}))
    code, out, _ = run_cli(capsys, "score", str(scenario), "--compact")
    assert (code, json.loads(out)["mult"]) == (0, 7)
    for argv in (
        ("--block", "dicepack", "score", str(scenario)),
        ("score", str(scenario), "--block", "balatro-ecs-dice"),
        ("score", str(scenario), "--only", "lucky7"),
        ("--enable", "lucky7", "score", str(scenario)),
    ):
        code, _, err = run_cli(capsys, *argv)
        assert code == 2 and "Six" in err, argv


def test_simulate_records_the_packs(installed: Path, capsys) -> None:
    summary = simulate(1, seed="PACKS", backend="serial", max_ante=1, block=["dice"])
    assert summary.to_dict()["packs"] == {"vanilla": "0.1.0", "lucky7": "1.1.0"}
    argv = ["simulate", "--runs", "2", "--max-ante", "1", "--json", "--no-progress"]
    code, out, _ = run_cli(capsys, *argv, "--workers", "2", "--only", "lucky7")
    assert code == 0
    assert json.loads(out)["packs"] == {"vanilla": "0.1.0", "lucky7": "1.1.0"}
    code, out, _ = run_cli(capsys, *argv, "--deck", "Lucky Deck", "--backend", "serial")
    assert code == 0
    data = json.loads(out)
    assert data["deck"] == "Lucky Deck" and data["packs"]["dicepack"] == "2.0.0"


# -- balatro-ecs plugins ---------------------------------------------------------------------


def test_plugins_lists_installed_packs(installed: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "plugins")
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("lucky7"))
    assert row.split()[:4] == ["lucky7", "1.1.0", "balatro-ecs-lucky7", "lucky7"]
    listed = "1 blind, 1 booster, 3 consumables, 1 consumable set, 1 deck, 1 enhancement"
    assert f"{listed}, 3 jokers, 1 poker hand, 1 seal" in row
    code, out, _ = run_cli(capsys, "plugins", "--block", "dice", "--json")
    data = json.loads(out)
    assert [p["id"] for p in data["packs"]] == ["vanilla", "lucky7"]
    assert data["left_out"] == {"dice": "blocked"}


def test_plugins_show_lists_a_packs_content(installed: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "plugins", "show", "balatro-ecs-lucky7")
    assert code == 0
    assert "Lucky Sevens (lucky7 1.1.0, balatro-ecs-lucky7)" in out
    assert "j_lucky7_seven" in out and "joker_individual" in out
    assert "bl_lucky7_black_cat" in out and "blind_debuff_card" in out
    assert "m_lucky7_clover" in out and "enhancement_scored" in out
    assert "s_lucky7_horseshoe" in out and "seal_discard" in out
    assert "h_lucky7_seventh_heaven" in out and "poker_hand_detect" in out
    assert "p_lucky7_lucky" in out and "booster_card" in out
    assert "set_lucky7_charm" in out and "c_lucky7_wishbone" in out
    code, _, err = run_cli(capsys, "plugins", "show", "lucky8")
    assert code == 2 and "lucky7" in err


def test_plugins_validate_passes_a_sound_pack(installed: Path, capsys) -> None:
    code, out, _ = run_cli(capsys, "plugins", "validate", "lucky7")
    summary = "lucky7 1.1.0: ok (13 content items, 30 hook implementations)"
    assert (code, out.strip()) == (0, summary)


BROKEN_INIT = """
from balatro_ecs.plugin import JokerType, content, hookimpl

balatro_content = content(JokerType(key="j_wrong_thing", name="Thing"))


@hookimpl
def joker_main(ctx, jokr):
    return None


def joker_before(ctx, joker):
    return None
"""


def test_plugins_validate_reports_every_problem(tmp_path: Path, monkeypatch, capsys) -> None:
    files = {
        "__init__.py": BROKEN_INIT,
        "balatro_pack.toml": 'id = "broken"\nname = "B"\nversion = "1.0"\nkey_prefix = "brk"\n'
        '[requires]\nbalatro_ecs = ">=9"\n',
    }
    install_pack(tmp_path, monkeypatch, "broken_pack", files, entry_point="broken", dist="brk")
    code, out, _ = run_cli(capsys, "plugins", "validate", "broken")
    lines = out.splitlines()
    assert code == 1
    assert all(line.startswith("broken: ") for line in lines)
    text = "\n".join(lines)
    assert "requires 'balatro_ecs' >=9, but balatro_ecs 0.1.0 is installed" in text
    assert "joker_before() has a hook's name but no @hookimpl" in text
    assert "joker_main() takes 'jokr', which the spec joker_main(ctx, joker) does not pass" in text
    assert "key 'j_wrong_thing' does not start with 'j_brk_'" in text
    assert "has no description, effect or docstring" in text
    # and the same pack stops the start-up, naming itself
    with pytest.raises(PackError, match=r"pack 'broken' requires 'balatro_ecs' >=9"):
        Plugins()


def test_a_pack_without_a_manifest_still_loads_but_does_not_validate(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    files = {"__init__.py": DICE_INIT.replace("j_dice_six", "j_old_six")}
    install_pack(tmp_path, monkeypatch, "old_pack", files, entry_point="old-one", dist="old")
    plugins = Plugins()
    assert plugins.packs["old_one"] == "1.0.0"
    code, out, _ = run_cli(capsys, "plugins", "validate", "old-one")
    assert code == 1 and "no manifest" in out


# -- the example pack's own tests, and a real pip install -----------------------------------


def test_the_example_packs_own_tests_pass() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=EXAMPLE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def _can_build_wheels() -> bool:
    import setuptools

    built_in = tuple(int(p) for p in setuptools.__version__.split(".")[:2]) >= (70, 1)
    return built_in or importlib.util.find_spec("wheel") is not None


@pytest.mark.slow
@pytest.mark.skipif(not _can_build_wheels(), reason="setuptools cannot build wheels here")
def test_pip_installs_the_example_pack(tmp_path: Path) -> None:
    target = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation"]
    subprocess.run([*pip, "--target", str(target), str(EXAMPLE)], check=True, timeout=300)
    assert (target / "lucky7_pack" / "balatro_pack.toml").is_file()
    env = {**os.environ, "PYTHONPATH": str(target)}
    cli = [sys.executable, "-m", "balatro_ecs"]
    listed = subprocess.run(
        [*cli, "plugins"], env=env, cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert "balatro-ecs-lucky7" in listed.stdout
    sim = [*cli, "simulate", "--runs", "1", "--max-ante", "1", "--json", "--backend", "serial"]
    ran = subprocess.run(sim, env=env, cwd=tmp_path, capture_output=True, text=True, check=True)
    assert json.loads(ran.stdout)["packs"]["lucky7"] == "1.1.0"


# -- the second example pack: ports of real mods, installed beside the first --------------


def test_the_modport_packs_own_tests_pass() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=MODPORT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_two_example_packs_install_side_by_side(tmp_path: Path, monkeypatch, capsys) -> None:
    install_example(tmp_path, monkeypatch)
    install_example(tmp_path, monkeypatch, MODPORT)
    plugins = Plugins()
    assert {"lucky7", "modport"} <= set(plugins.packs)
    code, out, _ = run_cli(capsys, "plugins")
    assert code == 0 and "balatro-ecs-lucky7" in out and "balatro-ecs-modport" in out
    for pack in ("lucky7", "modport"):
        code, out, _ = run_cli(capsys, "plugins", "validate", pack)
        assert code == 0, out
        assert out.startswith(f"{pack} ") and ": ok (" in out
    # both reach the shops: seed MP9's first shop offers Old Blueprint (a port) and a
    # reroll Rabbit's Foot (lucky7's Charm card)
    code, out, _ = run_cli(capsys, "seed", "MP9")
    shop = out.split("First shop", 1)[1]
    assert "Old Blueprint" in shop and "Rabbit's Foot" in shop


def test_validate_plays_each_item_and_reports_what_fails_mid_run(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    init = """
from balatro_ecs.plugin import JokerType, content, hookimpl

balatro_content = content(JokerType(key="j_late_bomb", name="Late Bomb", effect="Boom."))


@hookimpl
def joker_shop_opened(game, joker):
    raise ValueError("the shop is on fire")
"""
    files = {
        "__init__.py": init,
        "balatro_pack.toml": 'id = "late"\nname = "L"\nversion = "1.0.0"\nkey_prefix = "late"\n',
    }
    install_pack(tmp_path, monkeypatch, "late_pack", files, entry_point="late", dist="late")
    code, out, _ = run_cli(capsys, "plugins", "validate", "late")
    assert code == 1
    assert out.strip() == (
        "late: j_late_bomb failed in play: plugin late: joker_shop_opened of j_late_bomb "
        "raised ValueError: the shop is on fire"
    )


def test_a_pack_with_a_broken_manifest_is_left_out_of_the_default_set(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    install_example(tmp_path, monkeypatch)
    files = {"__init__.py": DICE_INIT, "balatro_pack.toml": "id = [broken\n"}
    install_pack(tmp_path, monkeypatch, "bad_pack", files, entry_point="bad", dist="bad")
    with pytest.raises(PackError, match="bad"):
        Plugins()  # asked for strictly: the error
    with pytest.warns(RuntimeWarning, match=r"pack 'bad' left out"):
        plugins = Plugins.default()
    assert "lucky7" in plugins.packs and plugins.left_out["bad"] == "broken"
    code, out, _ = run_cli(capsys, "plugins")  # commands that do not need it go on
    assert code == 0 and "bad" in out and "(broken)" in out
    code, out, _ = run_cli(capsys, "plugins", "validate", "bad")  # the one that does says why
    assert code == 1 and "bad" in out
