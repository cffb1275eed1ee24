"""The JSON save's generated run-record writer and its one-call card rows, tested equal to
the field-by-field and card-by-card forms they replace.

- ``RunState.to_dict`` is one generated function
  (:func:`balatro_ecs.game.state._dict_writer`): a field's usual value is written in line,
  anything else through :func:`~balatro_ecs.game.state._saved_value`. It must write what a
  loop over the fields through that function writes, for played runs and odd values.
- A save whose four rows were read by their cards' texts is built with one
  ``make_cards`` call (:func:`balatro_ecs.game.run.save._restore_read_rows`): the same
  cards, entity ids, zones and enhancement tally as row by row, card by card.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game import state as state_module
from balatro_ecs.game.run import save
from balatro_ecs.game.state import HandType, Phase, RunState
from balatro_ecs.kernel import components as C

from .test_save_validation import PLUGINS, base_saves


def _reference_to_dict(run: RunState, plugins: Any) -> dict[str, Any]:
    return {
        name: state_module._saved_value(name, getattr(run, name), plugins)
        for name in state_module._NAMES
    }


def _same(a: Any, b: Any) -> bool:
    """Equal, NaN equal to NaN, and of the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _runs() -> list[RunState]:
    runs = [Game.from_json(text, PLUGINS).run for text in base_saves()]
    odd = runs[0].copy()
    odd.chips = math.inf
    odd.blind_chips = -math.inf
    odd.probability = math.nan
    odd.ante_scaling = 3  # an int where the default is a float
    odd.dollars = 2.5  # type: ignore[assignment]  # a float where it is an int
    odd.most_played_hand = HandType.FLUSH
    odd.last_hand_played = None
    odd.phase = Phase.SHOP
    odd.vouchers = ["v_grabber", "v_nacho_tong"]
    odd.flags = ("a", "b")  # type: ignore[assignment]  # not a list: the fallback copies
    odd.memory = {"nested": {"x": [1, 2, [3]]}, "plain": 4}
    runs.append(odd)
    return runs


@pytest.mark.parametrize("plugins", [PLUGINS, None])
def test_the_generated_to_dict_writes_what_the_field_loop_writes(plugins: Any) -> None:
    for run in _runs():
        written = run.to_dict(plugins)
        assert _same(written, _reference_to_dict(run, plugins))
        # containers are copies, never the run's own
        for name, value in written.items():
            if isinstance(value, (list, dict)):
                assert value is not getattr(run, name)


def test_a_run_written_by_the_generated_to_dict_reads_back_equal() -> None:
    for run in _runs()[:-1]:  # (the odd run holds a tuple where a list goes)
        for plugins in (PLUGINS, None):
            assert RunState.from_dict(run.to_dict(plugins), plugins) == run


def _cards(game: Game) -> list[tuple[Any, ...]]:
    return [
        (card.entity, card._values, card._serial, card.zone, card._tally is game._tally,
         card._rules is game._rules, card._extra, card._key)
        for area in save._CARD_AREAS.values()
        for card in game.area(area)
    ]  # fmt: skip


def test_rows_read_by_text_are_built_in_one_call_as_card_by_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def row_by_row(game: Game, rows: dict[str, Any]) -> None:
        for name, area in save._CARD_AREAS.items():
            save._restore_read_row(game, rows[name], area)

    for text in base_saves():
        assert all(
            type(row) is save.CardRow for row in save._decode(text)["rows"].values()
        )  # (laid out as dumps writes it: the one-call path is taken)
        fast = Game.from_json(text, PLUGINS)
        with monkeypatch.context() as patch:
            patch.setattr(save, "_restore_read_rows", row_by_row)
            slow = Game.from_json(text, PLUGINS)
        assert _cards(fast) == _cards(slow)
        assert fast._tally == slow._tally
        assert dict(fast.world._entities).keys() == dict(slow.world._entities).keys()
        assert fast.world._next == slow.world._next
        assert [c.entity for c in fast.jokers] == [c.entity for c in slow.jokers]
        assert fast.to_json() == slow.to_json() == text
        for area in save._CARD_AREAS.values():
            for slot, card in enumerate(fast.area(area)):
                assert card.zone == C.Zone(area, slot)
        for action in fast.legal_actions()[:1]:  # (none once the run is over)
            fast.apply(action)
            slow.apply(action)
            assert fast.to_json() == slow.to_json()
