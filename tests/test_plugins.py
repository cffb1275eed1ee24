"""The plugin system: discovery through entry points, registration rules, blocking, tracing."""

from __future__ import annotations

import shutil
import types
from pathlib import Path

import pytest

from balatro_ecs import PluginError, Plugins, Scenario, score
from balatro_ecs.kernel.errors import ScheduleError
from balatro_ecs.plugin import BlindType, Effect, JokerType, System, content, hookimpl

from .conftest import cards

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "lucky7-pack"


def install_by_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the example pack importable and advertised, as ``pip install`` would."""
    shutil.copytree(EXAMPLE / "lucky7_pack", tmp_path / "lucky7_pack")
    dist = tmp_path / "balatro_ecs_lucky7-1.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: balatro-ecs-lucky7\nVersion: 1.1.0\n"
    )
    (dist / "entry_points.txt").write_text("[balatro_ecs]\nlucky7 = lucky7_pack\n")
    monkeypatch.syspath_prepend(str(tmp_path))


def joker_module(name: str, key: str, **hooks: object) -> types.ModuleType:
    """A plugin module built on the fly (what a mod author writes in a file)."""
    module = types.ModuleType(name)
    module.JOKER = JokerType(key=key, name=key.replace("_", " ").title())  # type: ignore[attr-defined]
    module.balatro_content = content(module.JOKER)  # type: ignore[attr-defined]
    for hook, fn in hooks.items():
        setattr(module, hook, hookimpl(fn))
    return module


SEVENS = {"played": cards("7H", "7S"), "jokers": ["Lucky Seven"]}


def test_an_installed_pack_is_found_through_its_entry_point(tmp_path, monkeypatch) -> None:
    install_by_entry_point(tmp_path, monkeypatch)
    plugins = Plugins()
    assert plugins.joker("Lucky Seven").key == "j_lucky7_seven"
    result = score(SEVENS, plugins=plugins)
    # Pair of sevens: 10 + 7 + 7 chips, 2 + 7 + 7 mult
    assert (result.hand_name, result.chips, result.mult) == ("Pair", 24, 16)
    assert "lucky7" in plugins.plugin_names()


def test_a_blocked_pack_is_not_loaded(tmp_path, monkeypatch) -> None:
    install_by_entry_point(tmp_path, monkeypatch)
    for blocked in ({"lucky7"}, {"j_lucky7_seven"}):
        plugins = Plugins(block=blocked)
        with pytest.raises(ValueError, match="Lucky Seven"):
            plugins.joker("Lucky Seven")
    monkeypatch.setenv("BALATRO_ECS_BLOCK", "lucky7, j_blueprint")
    plugins = Plugins()
    with pytest.raises(ValueError, match="blocked"):
        plugins.joker("Blueprint")
    with pytest.raises(ValueError):
        plugins.joker("Lucky Seven")


def test_a_pack_registered_by_hand_copies_and_debuffs_like_vanilla() -> None:
    import importlib
    import sys

    sys.path.insert(0, str(EXAMPLE))
    try:
        pack = importlib.import_module("lucky7_pack")
    finally:
        sys.path.remove(str(EXAMPLE))
    plugins = Plugins(plugins=[pack], entry_points=False)
    copied = score({**SEVENS, "jokers": ["Blueprint", "Lucky Seven"]}, plugins=plugins)
    assert copied.mult == 2 + 7 + 7 + 7 + 7
    debuffed = score(
        {**SEVENS, "jokers": [{"name": "Lucky Seven", "debuff": True}]}, plugins=plugins
    )
    assert debuffed.mult == 2


def test_implementations_may_take_a_subset_of_the_arguments() -> None:
    module = joker_module("subset", "j_test_subset", joker_main=lambda: Effect(mult=3))
    plugins = Plugins(plugins=[module], entry_points=False)
    assert score({"played": cards("2H"), "jokers": ["j_test_subset"]}, plugins=plugins).mult == 4


def test_plugin_objects_work_like_modules() -> None:
    class Doubler:
        type = JokerType(key="j_test_doubler", name="Doubler")

        @hookimpl
        def balatro_content(self):
            return self.type

        @hookimpl
        def joker_main(self, ctx, joker):
            return Effect(x_mult=2)

    plugins = Plugins(plugins=[Doubler()], entry_points=False)
    assert score({"played": cards("2H"), "jokers": ["Doubler"]}, plugins=plugins).mult == 2


def test_two_plugins_cannot_declare_the_same_key() -> None:
    first = joker_module("first", "j_test_same")
    second = joker_module("second", "j_test_same")
    with pytest.raises(PluginError, match="already declares"):
        Plugins(plugins=[first, second], entry_points=False)
    with pytest.raises(PluginError, match="already declares"):
        Plugins(plugins=[joker_module("clash", "j_blueprint")], entry_points=False)


def test_content_hooks_need_a_declaration_of_the_right_family() -> None:
    orphan = types.ModuleType("orphan")
    orphan.joker_main = hookimpl(lambda ctx, joker: None)  # type: ignore[attr-defined]
    with pytest.raises(PluginError, match="declares no joker"):
        Plugins(plugins=[orphan], entry_points=False)
    blind = types.ModuleType("blindish")
    blind.balatro_content = content(BlindType(key="bl_test_x", name="Test X"))  # type: ignore[attr-defined]
    blind.joker_main = hookimpl(lambda ctx, joker: None)  # type: ignore[attr-defined]
    with pytest.raises(PluginError, match="not a joker"):
        Plugins(plugins=[blind], entry_points=False)


def test_a_misspelt_hook_is_reported_with_the_right_name() -> None:
    module = joker_module("typo", "j_test_typo", joker_mian=lambda ctx, joker: None)
    with pytest.raises(PluginError, match="joker_main"):
        Plugins(plugins=[module], entry_points=False)


def test_bad_content_keys_are_rejected() -> None:
    from balatro_ecs.kernel.errors import ContentError

    with pytest.raises(ContentError, match="must start with 'j_'"):
        JokerType(key="lucky_seven", name="Lucky")
    with pytest.raises(ContentError, match="rarity"):
        JokerType(key="j_x_y", name="Y", rarity=7)


def test_observers_and_extra_scoring_systems() -> None:
    seen = []

    class Watcher:
        @hookimpl
        def balatro_hand_scored(self, game, result):
            seen.append(result.score)

        @hookimpl
        def balatro_scoring_systems(self):
            def cap(ctx):
                ctx.mult = min(ctx.mult, 3)

            return [System("cap_mult", "jokers", cap, after=("joker_pass",))]

    plugins = Plugins(plugins=[Watcher()], entry_points=False)
    result = score({"played": cards("KH", "KS"), "jokers": ["Joker"]}, plugins=plugins)
    assert result.mult == 3
    assert seen == [90]


def test_a_pack_s_system_without_an_order_runs_after_the_game_s() -> None:
    class Careless:
        @hookimpl
        def balatro_scoring_systems(self):
            return [System("careless", "jokers", lambda ctx: None)]

    # Systems of different packs (here the game's and a loose plugin's) with no declared
    # order run in load order: the game's first.
    plugins = Plugins(plugins=[Careless()], entry_points=False)
    names = plugins.schedule("score").names
    assert names.index("careless") == names.index("joker_pass") + 1


def test_two_systems_of_one_pack_without_an_order_are_an_error() -> None:
    class Careless:
        @hookimpl
        def balatro_scoring_systems(self):
            return [
                System("careless_a", "jokers", lambda ctx: None),
                System("careless_b", "jokers", lambda ctx: None, after=("joker_pass",)),
            ]

    # An error when the plugin set is built, not when the first hand is scored.
    with pytest.raises(ScheduleError, match=r"event 'score': .*'careless_a'.*no declared order"):
        Plugins(plugins=[Careless()], entry_points=False)


def test_tracing_prints_content_hook_calls(monkeypatch, capsys) -> None:
    monkeypatch.setenv("BALATRO_ECS_TRACE", "1")
    plugins = Plugins(entry_points=False)
    score({"played": cards("KH", "KS"), "jokers": ["Joker"]}, plugins=plugins)
    assert "joker_main[j_joker]" in capsys.readouterr().err


def test_unregister_removes_the_content() -> None:
    module = joker_module("gone", "j_test_gone")
    plugins = Plugins(plugins=[module], entry_points=False)
    plugins.joker("j_test_gone")
    plugins.unregister("gone")
    with pytest.raises(ValueError):
        plugins.joker("j_test_gone")


def test_every_vanilla_content_item_is_registered(balatro_plugins) -> None:
    from balatro_ecs.kernel.content import BlindType, ConsumableType, DeckType, VoucherType
    from balatro_ecs_vanilla import reference

    assert len(list(balatro_plugins.all(JokerType))) == 150
    assert len(list(balatro_plugins.all(BlindType))) == 30
    assert len(list(balatro_plugins.all(DeckType))) == len(reference.table("decks")["deck"])
    assert len(list(balatro_plugins.all(ConsumableType))) == 22 + 12 + 18
    assert len(list(balatro_plugins.all(VoucherType))) == 32
    # each joker keeps the contexts the reference lists for it
    for row in reference.table("jokers")["joker"]:
        assert balatro_plugins.joker(row["key"]).contexts == tuple(row["game_contexts"])


def test_scenario_with_the_fixture_game(balatro_game) -> None:
    from balatro_ecs.game.cards import CardSpec
    from balatro_ecs.kernel.components import Area

    balatro_game.add_card(CardSpec.parse("AS"), Area.PLAY)
    balatro_game.add_joker("Scholar")
    assert balatro_game.evaluate_play().score == (5 + 11 + 20) * (1 + 4)


def test_the_vanilla_module_lists_match_the_files() -> None:
    import balatro_ecs_vanilla.blinds as blinds
    import balatro_ecs_vanilla.decks as decks
    import balatro_ecs_vanilla.jokers as jokers

    for package in (jokers, blinds, decks):
        folder = Path(package.__file__).parent
        files = {p.stem for p in folder.glob("*.py") if not p.stem.startswith("_")}
        listed = {name.rsplit(".", 1)[1] for name in package.balatro_plugins}
        assert files == listed, package.__name__


def test_scenario_objects_validate_against_their_plugin_set() -> None:
    plugins = Plugins(block={"j_joker"}, entry_points=False)
    with pytest.raises(ValueError, match="blocked"):
        Scenario.from_dict({"played": cards("KH"), "jokers": ["Joker"]}, plugins)
