"""Saves keep the run's poker hands by name: a save made without a pack that adds a hand
loads with it (the hand at its first level), a save naming a hand the plugin set lacks is
refused naming the hand and its pack, and saves that list the hands by position still load.

The hands are declared inside fixtures (at test time, not at collection), since a
declaration adds a member to the process's :class:`HandType`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import types
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Game, Plugins, SaveError
from balatro_ecs.game.actions import Play
from balatro_ecs.game.run.save import to_data
from balatro_ecs.game.state import RunState, hand_table, hands_from_saved
from balatro_ecs.kernel.content import PokerHandType
from balatro_ecs.kernel.enums import HAND_NAMES, VANILLA_HANDS, HandType
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.properties import assert_survives_save
from balatro_ecs.tools.testing.runs import hold, play_blind

COURT = "Royal Court"
VANILLA = Plugins(entry_points=False, config=False)
ROOT = Path(__file__).resolve().parent.parent


def _court_detect(cards: Any, parts: Any) -> list[int] | None:
    faces = [pos for pos, card in enumerate(cards) if 11 <= card[0] <= 13]
    return faces if len(faces) >= 3 else None


def _pack(pid: str, version: str, *children: types.ModuleType) -> types.ModuleType:
    """A pack as a pack author ships it: a manifest and one module per content item."""
    module = types.ModuleType(f"{pid}_pack")
    manifest = {"id": pid, "name": pid.title(), "version": version, "key_prefix": pid}
    module.balatro_pack = manifest  # type: ignore[attr-defined]
    module.balatro_plugins = children  # type: ignore[attr-defined]
    return module


def _plugins(*packs: types.ModuleType, block: tuple[str, ...] = ()) -> Plugins:
    return Plugins(entry_points=False, config=False, plugins=packs, block=block)


@pytest.fixture(scope="module")
def court_module() -> types.ModuleType:
    """Royal Court: three face cards; between Three of a Kind and Two Pair."""
    declaration = PokerHandType(
        key="h_crt_royal_court",
        name=COURT,
        chips=40,
        mult=4,
        level_chips=20,
        level_mult=2,
        order=9.5,
        effect="Three face cards, with anything.",
    )
    return plugin_module("crt_pack.royal_court", declaration, poker_hand_detect=_court_detect)


@pytest.fixture(scope="module")
def court(court_module: types.ModuleType) -> Plugins:
    return _plugins(_pack("crt", "1.0.0", court_module))


def _court_game(plugins: Plugins, levels: int = 2) -> Game:
    game = play_blind(Game(seed="COURT", plugins=plugins))
    game.level_up(HandType.from_name(COURT), levels)
    hold(game, "KS", "QH", "JD", "2C", "3C", "5D", "7H", "9S")
    game.apply(Play((0, 1, 2)))
    return game


def test_a_save_names_every_hand_and_a_pack_s_hand_names_its_pack(court: Plugins) -> None:
    game = _court_game(court)
    saved = json.loads(game.to_json())["run"]["hands"]
    assert list(saved) == [*HAND_NAMES[: len(VANILLA_HANDS)], COURT]  # in table order
    assert saved[COURT] == {
        "level": 3,
        "played": 1,
        "played_this_round": 1,
        "visible": True,
        "pack": "crt",
    }
    assert "pack" not in saved["Pair"]
    assert_survives_save(game)
    assert game.clone().run.hands[HandType.from_name(COURT)].level == 3


def test_a_save_made_without_the_pack_loads_with_it(court: Plugins) -> None:
    game = play_blind(Game(seed="COURT"))
    game.level_up(HandType.PAIR, 2)
    text = game.to_json()
    loaded = Game.from_json(text, court)
    assert loaded.run.hands[HandType.PAIR].level == 3
    row = loaded.run.hands[HandType.from_name(COURT)]
    assert (row.level, row.played, row.visible) == (1, 0, True)  # a fresh row
    assert len(loaded.run.hands) == len(hand_table(court))
    assert_survives_save(loaded)


def test_a_save_needing_a_missing_hand_is_refused_naming_the_hand_and_its_pack(
    court: Plugins, court_module: types.ModuleType
) -> None:
    data = to_data(_court_game(court))
    with pytest.raises(SaveError, match=r"save was made with pack 'crt' 1\.0\.0, which is not"):
        Game.from_data(data, VANILLA)  # the recorded packs are compared first
    older = {k: v for k, v in data.items() if k != "packs"}  # saved before packs were recorded
    with pytest.raises(
        SaveError,
        match=r"save needs poker hand 'Royal Court' from pack 'crt' \(run\.hands\.Royal Court\), "
        r"but pack 'crt' is not installed",
    ):
        Game.from_data(older, VANILLA)
    blocked = _plugins(_pack("crt", "1.0.0", court_module), block=("h_crt_royal_court",))
    with pytest.raises(SaveError, match=r"'Royal Court' from pack 'crt' .*which is blocked"):
        Game.from_data(data, blocked)
    empty = plugin_module(
        "crt_pack.other", PokerHandType(key="h_crt_other", name="Crt Other", order=12.5)
    )
    without = _plugins(_pack("crt", "1.1.0", empty))  # a version of the pack without it
    with pytest.raises(SaveError, match=r"which pack 'crt' 1\.1\.0 does not declare"):
        Game.from_data(data, without)


def test_a_loose_plugin_s_hand_is_refused_without_a_pack_name(
    court_module: types.ModuleType,
) -> None:
    loose = _plugins(court_module)  # no manifest: no pack
    game = _court_game(loose)
    data = json.loads(game.to_json())
    assert "pack" not in data["run"]["hands"][COURT]
    with pytest.raises(
        SaveError,
        match=r"save needs poker hand 'Royal Court' \(run\.hands\.Royal Court\), which no "
        r"installed plugin provides",
    ):
        Game.from_data(data, VANILLA)


def test_saves_listing_the_hands_by_position_still_load(court: Plugins) -> None:
    game = _court_game(court)
    data = to_data(game)
    data["run"]["hands"] = game.run.to_dict()["hands"]  # as saves were written before
    assert isinstance(data["run"]["hands"], list)  # one row per table position
    assert Game.from_data(data, court).to_json() == game.to_json()
    vanilla_rows = to_data(play_blind(Game(seed="COURT")))
    vanilla_rows["run"]["hands"] = list(vanilla_rows["run"]["hands"].values())
    loaded = Game.from_data(vanilla_rows, court)  # the game's twelve alone: the set's hand is fresh
    assert loaded.run.hands[HandType.from_name(COURT)].level == 1
    assert len(loaded.run.hands) == len(hand_table(court))


def test_another_set_s_hands_are_left_out_of_a_save(court: Plugins) -> None:
    """A hand another plugin set declared in the process has a row in this set's table (it
    is numbered before this set's hand) but is not saved: a run of the set never plays it."""
    twins = PokerHandType(key="h_twn_twin_queens", name="Twin Queens", order=10.5)
    queens = _plugins(
        _pack(
            "twn",
            "1.0.0",
            plugin_module("twn_pack.twin", twins, poker_hand_detect=lambda cards, parts: None),
        )
    )
    game = play_blind(Game(seed="TWINS", plugins=queens))
    court_row = HandType.from_name(COURT)
    assert court_row < len(game.run.hands)  # a hidden row of another set's hand
    game.level_up(HandType.from_name("Twin Queens"), 1)
    saved = json.loads(game.to_json())["run"]["hands"]
    assert COURT not in saved and saved["Twin Queens"]["level"] == 2
    assert_survives_save(game)
    with pytest.raises(SaveError, match=r"pack 'twn' 1\.0\.0, which is not installed"):
        Game.from_json(game.to_json(), court)


def test_damaged_rows_are_named() -> None:
    game = play_blind(Game(seed="DAMAGED"))
    for change, message in [
        (lambda h: h["Pair"].update(level=-1), r"run\.hands\.Pair\.level: must be at least 0"),
        (
            lambda h: h["Pair"].update(colour="red"),
            r"run\.hands\.Pair: unknown hand field 'colour'",
        ),
        (
            lambda h: h["Pair"].update(pack=""),
            r"run\.hands\.Pair\.pack: expected a non-empty string",
        ),
        (
            lambda h: h.update({"Pear": h["Pair"]}),
            r"'Pear' \(run\.hands\.Pear\).*did you mean 'Pair'",
        ),
    ]:
        data = to_data(game)
        change(data["run"]["hands"])
        with pytest.raises(SaveError, match=message):
            Game.from_data(data, VANILLA)
    data = to_data(game)
    data["run"]["hands"] = 5
    with pytest.raises(SaveError, match=r"run\.hands: expected an object of poker hands by name"):
        Game.from_data(data, VANILLA)


def test_the_run_record_without_plugins_keeps_positions(court: Plugins) -> None:
    game = _court_game(court)
    listed = game.run.to_dict()["hands"]
    assert isinstance(listed, list) and len(listed) == len(game.run.hands)
    named = game.run.to_dict(court)["hands"]
    assert RunState.from_dict({"hands": listed}).hands == game.run.hands
    assert RunState.from_dict({"hands": named}, court).hands == game.run.hands
    by_process = hands_from_saved(named)  # no plugin set: where the process numbers them
    assert by_process[HandType.from_name(COURT)].level == 3


def test_hands_saved_by_name_load_in_a_process_that_numbers_them_differently(
    court: Plugins, tmp_path: Path
) -> None:
    """Another process declares a hand of its own first, so Royal Court gets another
    number there: the save still gives Royal Court its level."""
    game = _court_game(court, levels=4)
    (tmp_path / "save.json").write_text(game.to_json(), "utf-8")
    script = textwrap.dedent(
        f"""
        import sys, types
        sys.path.insert(0, {str(ROOT)!r})
        from tests.test_saved_hand_names import _court_detect, _pack, _plugins
        from balatro_ecs.tools.testing.modules import plugin_module
        from balatro_ecs import Game
        from balatro_ecs.kernel.content import PokerHandType
        from balatro_ecs.kernel.enums import HandType
        first = PokerHandType(key="h_zzz_first", name="Zzz First", order=11.5)
        court = PokerHandType(key="h_crt_royal_court", name={COURT!r}, chips=40, mult=4,
                              level_chips=20, level_mult=2, order=9.5)
        plugins = _plugins(_pack("crt", "1.0.0", plugin_module("crt_pack.royal_court", court,
                                                         poker_hand_detect=_court_detect)))
        loaded = Game.from_json(open({str(tmp_path / "save.json")!r}).read(), plugins)
        row = HandType.from_name({COURT!r})
        print(int(row), loaded.run.hands[row].level, loaded.run.hands[row].played)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    ).stdout.split()
    assert int(out[0]) != int(HandType.from_name(COURT))  # numbered differently there
    assert out[1:] == ["5", "1"]
