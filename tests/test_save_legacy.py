"""Saves written before the save's shape changed still load, and play on as before.

``data/legacy-save-17.json`` is a save written by main 4267acc (before issue 17 moved the
round targets and Ectoplasm's cost from run fields into the owning plugins' run-state
slots), with what main did next when it loaded the save, before that change (its
``written_by`` names the commit): the scores, the money, the targets drawn after the
rounds, the streams' positions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import CashOut, Discard, EndShop, Play, SelectBlind
from balatro_ecs.kernel.errors import SaveError

FIXTURE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "legacy-save-17.json").read_text("utf-8")
)
SLOTS = ("idol_rank", "idol_suit", "mail_rank", "castle_suit", "ancient_suit", "ecto_minus")


def _load() -> Game:
    return Game.from_json(json.dumps(FIXTURE["save"]))


def test_the_old_run_fields_load_into_the_plugins_slots() -> None:
    game = _load()
    assert not set(SLOTS) & set(FIXTURE["save"]["run"].keys() - set(SLOTS))
    assert {name: game.run.memory[name] for name in SLOTS} == FIXTURE["expect"]["targets_saved"]
    again = json.loads(game.to_json())["run"]  # and are written into memory from now on
    assert not set(SLOTS) & again.keys()
    assert {name: again["memory"][name] for name in SLOTS} == FIXTURE["expect"]["targets_saved"]


def test_the_old_save_plays_on_as_the_old_code_played_it() -> None:
    expect = FIXTURE["expect"]
    game = _load()
    chips = []
    while game.phase.value == "round":
        game.apply(Play(tuple(range(min(5, len(game.hand))))))
        chips.append(game.run.chips)
    assert chips == expect["chips_after_each_play"]
    assert game.phase.value == expect["phase"] == "cash_out"
    game.apply(CashOut())
    assert game.run.dollars == expect["after_cash_out_dollars"]
    game.apply(EndShop())
    game.apply(SelectBlind())
    game.apply(Discard((0, 1)))
    game.apply(Play(tuple(range(len(game.hand)))))
    second = expect["second_round"]
    assert (game.run.dollars, game.run.chips) == (second["dollars"], second["chips"])
    assert game.jokers[2].state == second["castle"]
    assert game.jokers[-1].state == second["canio"]
    assert game.phase.value == "cash_out"  # the second round is won: targets drawn twice
    targets = {name: game.run.memory[name] for name in SLOTS}
    assert targets == expect["targets_after_round"]  # drawn on the same streams
    assert game.run.hand_size == expect["hand_size"]
    assert json.loads(game.to_json())["rng"] == expect["final_rng"]


def test_an_old_run_field_is_checked_as_its_slot() -> None:
    save = json.loads(json.dumps(FIXTURE["save"]))
    save["run"]["ecto_minus"] = "three"
    with pytest.raises(SaveError, match=r"run\.ecto_minus: expected a number, got 'three'"):
        Game.from_json(json.dumps(save))
    save["run"]["ecto_minus"] = 3
    save["run"]["no_such_field"] = 1
    with pytest.raises(SaveError, match="no_such_field"):
        Game.from_json(json.dumps(save))
