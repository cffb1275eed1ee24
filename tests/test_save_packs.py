"""Saves and packs: a save records the packs it was made with and refuses packs that are
missing or at an incompatible version; content a pack adds -- jokers, and card
enhancements, editions and seals -- is saved and loaded as vanilla content is.

The mod kinds are declared inside fixtures (at test time, not at collection), since a
declaration adds a member to the process's :class:`Enhancement`/:class:`Edition`/
:class:`Seal` enums.
"""

from __future__ import annotations

import json
import types
from typing import Any

import pytest

import balatro_ecs
from balatro_ecs import Game, Plugins, SaveError
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.run.save import dumps, to_data
from balatro_ecs.game.run.save_check import check_packs
from balatro_ecs.kernel import components as C
from balatro_ecs.kernel.content import EditionType, EnhancementType, SealType
from balatro_ecs.kernel.enums import Edition, Enhancement, Seal, Suit
from balatro_ecs.plugin import Effect, JokerType, content, hookimpl
from balatro_ecs.tools.batch import RunSpec, run_batch
from balatro_ecs.tools.simulate import simulate


def _manifest(pid: str, version: str) -> dict[str, Any]:
    return {"id": pid, "name": pid.title(), "version": version, "key_prefix": pid}


def _child(parent: str, declaration: Any, **hooks: Any) -> types.ModuleType:
    """A plugin module of a pack: one declaration and its hooks."""
    module = types.ModuleType(f"{parent}.{declaration.key}")
    module.balatro_content = content(declaration)  # type: ignore[attr-defined]
    for hook, fn in hooks.items():
        setattr(module, hook, hookimpl(fn))
    return module


def _pack(pid: str, version: str, *children: types.ModuleType) -> types.ModuleType:
    """A pack built in code (as tests/test_packs.py builds them): a manifest and plugins."""
    module = types.ModuleType(f"{pid}_pack")
    module.balatro_pack = _manifest(pid, version)  # type: ignore[attr-defined]
    module.balatro_plugins = children  # type: ignore[attr-defined]
    return module


def _dice(version: str) -> types.ModuleType:
    """The ``dice`` pack at ``version``: one joker, ``j_dice_six`` (+6 Mult)."""
    six = JokerType(key="j_dice_six", name="Six", rarity=1, cost=4, effect="+6 Mult")
    return _pack(
        "dice", version, _child("dice_pack", six, joker_main=lambda ctx, joker: Effect(mult=6))
    )


def _plugins(*packs: types.ModuleType, block: tuple[str, ...] = ()) -> Plugins:
    return Plugins(entry_points=False, config=False, plugins=packs, block=block)


@pytest.fixture(scope="module")
def shiny_pack() -> types.ModuleType:
    """The ``svt`` pack: a Silver enhancement, a Shiny edition and a Platinum seal."""
    silver = EnhancementType(key="m_svt_silver", name="Silver Card", effect="+2 Mult")
    shiny = EditionType(key="e_svt_shiny", name="Shiny", extra_cost=4)
    platinum = SealType(key="s_svt_platinum", name="Platinum Seal", retriggers=1)
    return _pack(
        "svt",
        "1.0.0",
        _child("svt_pack", silver, enhancement_scored=lambda ctx, card: Effect(mult=2)),
        _child("svt_pack", shiny, edition_scored=lambda ctx, target: Effect(chips=7, x_mult=2)),
        _child("svt_pack", platinum, seal_scored=lambda ctx, card: Effect(x_mult=1.5)),
    )


def _modded_game(plugins: Plugins) -> Game:
    game = Game(seed="SAVEPACKS", plugins=plugins)
    silver = Enhancement["SVT_SILVER"]
    shiny, platinum = Edition["SVT_SHINY"], Seal["SVT_PLATINUM"]
    game.add_card(CardSpec(13, Suit.SPADES, silver, shiny, platinum), C.Area.DECK, 0)
    top = len(game.area(C.Area.DECK))
    game.add_card(CardSpec(2, Suit.HEARTS, Enhancement.GLASS, shiny, Seal.RED), C.Area.DECK, top)
    game.add_card(CardSpec(5, Suit.CLUBS, silver), C.Area.DECK, 3)
    game.add_joker("j_joker", edition=shiny)
    return game


# -- content a pack adds ------------------------------------------------------------------


def test_a_card_with_a_mod_enhancement_edition_and_seal_survives_a_save(
    shiny_pack: types.ModuleType,
) -> None:
    plugins = _plugins(shiny_pack)
    game = _modded_game(plugins)
    text = dumps(game)
    data = json.loads(text)
    card = data["rows"]["deck"][0]
    assert (card["enhancement"], card["edition"], card["seal"]) == (
        "svt_silver",
        "svt_shiny",
        "svt_platinum",
    )
    assert data["jokers"][0]["edition"] == "svt_shiny"
    assert data["packs"] == {"vanilla": balatro_ecs.__version__, "svt": "1.0.0"}
    assert "svt_pack" in data["plugins"]  # the modifiers' package, as a joker's would be
    loaded = Game.from_json(text, plugins)
    assert dumps(loaded) == text
    first = loaded.cards(C.Area.DECK)[0]
    assert first.enhancement is Enhancement["SVT_SILVER"]
    assert first.edition is Edition["SVT_SHINY"]
    assert first.seal is Seal["SVT_PLATINUM"]
    assert loaded.jokers[0].edition is Edition["SVT_SHINY"]
    assert loaded.enhancement_counts()[Enhancement["SVT_SILVER"]] == 2
    assert dumps(Game.from_json(game.to_json(), plugins)) == text  # and through Game


def test_a_mod_modifier_survives_the_trusted_binary_save(shiny_pack: types.ModuleType) -> None:
    plugins = _plugins(shiny_pack)
    game = _modded_game(plugins)
    loaded = Game.from_bytes(game.to_bytes(b"key"), plugins, key=b"key")
    assert dumps(loaded) == dumps(game)
    first = loaded.cards(C.Area.DECK)[0]
    assert first.enhancement is Enhancement["SVT_SILVER"]
    assert first.seal is Seal["SVT_PLATINUM"]
    assert loaded.jokers[0].edition is Edition["SVT_SHINY"]
    assert loaded.enhancement_counts()[Enhancement["SVT_SILVER"]] == 2


def test_a_mod_modifier_that_no_plugin_declares_is_refused_by_name(
    shiny_pack: types.ModuleType,
) -> None:
    data = to_data(_modded_game(_plugins(shiny_pack)))
    del data["packs"]  # as an old save would be: the card modifier itself is checked
    data["plugins"] = {}
    with pytest.raises(SaveError) as caught:
        Game.from_data(data, _plugins())
    message = str(caught.value)
    assert message.startswith("save needs enhancement 'svt_silver' (rows.deck[0].enhancement)")
    assert "which no installed plugin provides" in message and "\n" not in message


def test_a_card_whose_modifier_is_blocked_still_round_trips() -> None:
    plugins = _plugins(block=("m_steel",))
    game = Game(seed="BLOCKEDSTEEL", plugins=plugins)
    game.add_card(CardSpec(9, Suit.DIAMONDS, Enhancement.STEEL), C.Area.DECK, 0)
    text = dumps(game)
    assert dumps(Game.from_json(text, plugins)) == text


# -- the packs a save records ---------------------------------------------------------------


def _dice_save(version: str = "1.1.0") -> str:
    game = Game(seed="DICEPACK", plugins=_plugins(_dice(version)))
    game.add_joker("j_dice_six")
    return dumps(game)


def test_a_save_records_every_loaded_pack_and_its_version() -> None:
    data = json.loads(_dice_save())
    assert data["packs"] == {"vanilla": balatro_ecs.__version__, "dice": "1.1.0"}


def test_a_save_loads_with_a_newer_minor_version_of_a_pack() -> None:
    text = _dice_save("1.1.0")
    loaded = Game.from_json(text, _plugins(_dice("1.2.0")))
    assert [j.key for j in loaded.jokers] == ["j_dice_six"]
    assert json.loads(dumps(loaded))["packs"]["dice"] == "1.2.0"  # saved again: as loaded


@pytest.mark.parametrize(
    ("installed", "message"),
    [
        ("2.0.0", r"^save was made with pack 'dice' 1\.1\.0, but pack 'dice' 2\.0\.0 is installed"),
        ("1.0.0", r"^save was made with pack 'dice' 1\.1\.0, but pack 'dice' 1\.0\.0 is installed"),
    ],
)
def test_a_save_is_refused_by_another_major_or_an_older_minor_version(
    installed: str, message: str
) -> None:
    text = _dice_save("1.1.0")
    with pytest.raises(SaveError, match=message) as caught:
        Game.from_json(text, _plugins(_dice(installed)))
    assert "\n" not in str(caught.value)


def test_a_save_is_refused_when_its_pack_is_missing_or_left_out() -> None:
    text = _dice_save("1.1.0")
    with pytest.raises(SaveError) as caught:
        Game.from_json(text, _plugins())
    assert str(caught.value) == (
        "save was made with pack 'dice' 1.1.0, which is not installed "
        f"(installed packs: vanilla {balatro_ecs.__version__})"
    )
    with pytest.raises(SaveError, match=r"pack 'dice' 1\.1\.0, which is installed but blocked"):
        Game.from_json(text, _plugins(_dice("1.1.0"), block=("dice",)))


def test_check_packs_uses_the_plugin_version_rule() -> None:
    plugins = _plugins(_dice("1.3.7"))
    check_packs({"dice": "1.0"}, plugins)
    check_packs({"dice": "1.3.0", "vanilla": balatro_ecs.__version__}, plugins)
    with pytest.raises(SaveError, match=r"pack 'dice' 1\.4"):
        check_packs({"dice": "1.4"}, plugins)


def test_a_damaged_packs_record_is_named() -> None:
    data = json.loads(_dice_save())
    data["packs"] = {"dice": 11}
    with pytest.raises(SaveError, match=r"^damaged save: packs\.dice: expected"):
        Game.from_data(data, _plugins(_dice("1.1.0")))
    data["packs"] = ["dice"]
    with pytest.raises(SaveError, match=r"^damaged save: packs: expected an object"):
        Game.from_data(data, _plugins(_dice("1.1.0")))


def test_an_old_save_without_the_packs_field_loads() -> None:
    plugins = _plugins(_dice("1.1.0"))
    text = _dice_save("1.1.0")
    data = json.loads(text)
    del data["packs"]
    old = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    assert '"packs"' not in old
    loaded = Game.from_json(old, plugins)
    assert dumps(loaded) == text  # and saved again, it records the packs
    assert dumps(Game.from_json(old, plugins)) == text


# -- run summaries ----------------------------------------------------------------------------


def test_run_and_simulation_summaries_record_the_packs() -> None:
    batch = run_batch(["PACKSUM-0"], RunSpec(max_actions=5))
    assert batch.summary.packs == Plugins.default().packs
    assert batch.summary.to_dict()["packs"] == Plugins.default().packs
    summary = simulate(1, seed="PACKSUM", max_actions=5)
    assert summary.packs == Plugins.default().packs
    assert summary.to_dict()["packs"] == Plugins.default().packs


def test_the_public_errors_are_exported() -> None:
    for name in (
        "ActionError", "ActionTypeError", "BalatroError", "ContentError", "HookError",
        "IllegalActionError", "PackError", "PluginError", "SaveError", "ScenarioError",
        "ScheduleError", "UnknownNameError",
    ):  # fmt: skip
        error = getattr(balatro_ecs, name)
        assert issubclass(error, balatro_ecs.BalatroError) and name in balatro_ecs.__all__
