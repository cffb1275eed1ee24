"""Every action is all-or-nothing: a fault part-way leaves the game exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import Buy, CashOut, Discard, Play, SelectBlind
from balatro_ecs.game.run.save import dumps
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.plugin import Effect, JokerType, hookimpl
from balatro_ecs.tools.testing.runs import play_blind, win_round


class Faulty:
    """A joker whose hooks raise after other effects of the same action have happened."""

    type = JokerType(key="j_faulty_bomb", name="Faulty Bomb", rarity=1, cost=1)

    @hookimpl
    def balatro_content(self) -> JokerType:
        return self.type

    @hookimpl
    def joker_main(self, ctx: Any, joker: Any) -> Effect | None:
        raise RuntimeError("the bomb went off while scoring")

    @hookimpl
    def joker_discard(self, game: Any, joker: Any, card: Any) -> None:
        if card.rank == 14:
            raise RuntimeError("the bomb went off on an Ace")


PLUGINS = Plugins(plugins=[Faulty()], entry_points=False)


def _round_with_the_bomb() -> Game:
    game = Game(seed="ATOMIC01", plugins=PLUGINS)
    game.add_joker("j_joker")
    game.add_joker("j_faulty_bomb")
    game.apply(SelectBlind())
    return game


def test_a_hook_raising_while_scoring_leaves_the_game_as_it_was() -> None:
    game = _round_with_the_bomb()
    before, log = dumps(game), len(game.log)
    with pytest.raises(HookError, match="went off while scoring") as raised:
        game.apply(Play((0, 1)))
    assert isinstance(raised.value.__cause__, RuntimeError)
    assert (raised.value.hook, raised.value.key) == ("joker_main", "j_faulty_bomb")
    assert dumps(game) == before
    assert len(game.log) == log
    assert game.phase is Phase.ROUND and len(game.hand) == 8


def test_a_hook_raising_mid_discard_undoes_the_cards_already_discarded() -> None:
    game = _round_with_the_bomb()
    aces = [i for i, card in enumerate(game.hand) if card.rank == 14]
    others = [i for i, card in enumerate(game.hand) if card.rank != 14]
    if not aces:
        pytest.skip("no Ace in this hand")
    before = dumps(game)
    with pytest.raises(HookError, match=r"joker_discard of j_faulty_bomb raised .*on an Ace"):
        game.apply(Discard(tuple(sorted([*others[:2], aces[0]]))))
    assert dumps(game) == before
    assert game.run.discards_left == game.run.round_discards


def test_the_game_plays_on_after_a_refused_fault() -> None:
    game = _round_with_the_bomb()
    with pytest.raises(HookError):
        game.apply(Play((0,)))
    game.remove_joker(game.jokers[1])
    outcome = game.apply(Play((0,)))
    assert outcome.score is not None and game.run.hands_left == game.run.round_hands - 1


def test_a_game_that_is_not_atomic_skips_the_copy() -> None:
    game = Game(seed="ATOMIC02", plugins=PLUGINS, atomic=False)
    game.add_joker("j_faulty_bomb")
    game.apply(SelectBlind())
    with pytest.raises(HookError):
        game.apply(Play((0,)))
    assert game.phase is Phase.ROUND
    assert game.run.hands_left == game.run.round_hands - 1  # half-applied: the hand is spent


def test_clone_keeps_the_choice() -> None:
    assert Game(seed="ATOMIC03", atomic=False).clone().atomic is False
    game = Game(seed="ATOMIC03")
    play_blind(game)
    assert game.clone().atomic is True


def test_a_refused_buy_in_the_shop_changes_nothing() -> None:
    game = Game(seed="ATOMIC04")
    win_round(play_blind(game))
    game.apply(CashOut())
    before = dumps(game)
    assert not game.can(Buy(99))
    assert dumps(game) == before


class Overflow:
    """A joker whose ×Mult is so large that two of them overflow the double range."""

    type = JokerType(key="j_faulty_overflow", name="Overflow", rarity=1, cost=1)

    @hookimpl
    def balatro_content(self) -> JokerType:
        return self.type

    @hookimpl
    def joker_main(self, ctx: Any, joker: Any) -> Effect | None:
        return Effect(x_mult=1e200)


def test_a_score_past_the_double_range_is_infinite_and_play_goes_on() -> None:
    import math

    plugins = Plugins(plugins=[Overflow()], entry_points=False)
    game = Game(seed="OVERFLOW", plugins=plugins)
    game.add_joker("j_faulty_overflow")
    game.add_joker("j_faulty_overflow")
    game.apply(SelectBlind())
    outcome = game.apply(Play((0,)))
    assert outcome.score is not None and math.isinf(outcome.score.score)
    assert math.isinf(game.run.chips)
    assert game.phase is Phase.CASH_OUT  # an infinite score beats the blind
    game.apply(CashOut())
