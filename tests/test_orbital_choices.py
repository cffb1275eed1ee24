"""The poker hand of each blind choice (the Orbital Tag's hand).

The game's blind choice screen draws a visible poker hand for the Small, Big and Boss
Blind in turn the first time an ante's screen is built (``orbital_choices``), on the
``orbital`` stream, whatever tags are on offer, and keeps them for the ante. An Orbital
Tag levels the hand of the blind it was skipped for, and a copy a Double Tag makes
levels the same one. Recorded in ZVNT8W91 (ante 2's Big Blind: the fifth draw of the
run) and QKAGBA6Z (ante 3's Small Blind: the seventh); the game's own saves in
``tests/data/saves`` hold its ``orbital_choices``, every ante's three hands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import EndShop, SkipBlind
from balatro_ecs.kernel.enums import HandType, hand_iteration_order
from balatro_ecs.kernel.rng import GameRandom
from balatro_ecs.tools.testing.runs import win_round

SEED = "ORBITAL1"


def _draws(seed: str, game: Game, count: int) -> list[str]:
    """The first ``count`` hands the ``orbital`` stream of ``seed`` gives."""
    hands = game.run.hands
    visible = [h for h in hand_iteration_order(len(hands)) if hands[h].visible]
    rng = GameRandom(seed)
    return [rng.element("orbital", visible).title for _ in range(count)]


def _by_blind(hands: list[str]) -> dict[str, str]:
    return dict(zip(("Small", "Big", "Boss"), hands, strict=True))


def _through_blind(game: Game) -> None:
    from balatro_ecs.game.actions import CashOut, SelectBlind

    game.apply(SelectBlind())
    win_round(game)
    game.apply(CashOut())
    game.apply(EndShop())


def test_each_ante_draws_three_hands_once_whatever_tags_are_offered() -> None:
    game = Game(seed=SEED)
    draws = _draws(SEED, game, 6)
    assert "tag_orbital" not in game.run.tags_offered.values()
    assert game.run.orbital_choices == {"1": _by_blind(draws[:3])}
    _through_blind(game)  # the screen is built again: nothing more is drawn this ante
    _through_blind(game)
    assert game.run.orbital_choices["1"] == _by_blind(draws[:3])
    _through_blind(game)  # the boss: ante 2's screen draws the next three
    assert game.run.ante == 2
    assert game.run.orbital_choices["2"] == _by_blind(draws[3:])


def test_an_orbital_tag_levels_the_hand_of_its_blind_and_a_double_tags_copy_the_same() -> None:
    game = Game(seed=SEED)
    _through_blind(game)  # the Small Blind: the Big Blind is on deck
    game.run.tags_offered["Big"] = "tag_orbital"
    game.run.tags.append("tag_double")
    hand = HandType.from_name(game.run.orbital_choices["1"]["Big"])
    level = game.run.hands[hand].level
    game.apply(SkipBlind())
    assert game.run.hands[hand].level == level + 2 * 3
    assert game.run.tags == []


SAVES = sorted((Path(__file__).parent / "data" / "saves").glob("*.jkr"))


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_the_games_own_saves_hold_the_same_three_hands_per_ante(path: Path) -> None:
    saved = Game.from_jkr(path.read_bytes())
    seed = saved.seed
    fresh = Game(seed=seed)
    draws = _draws(seed, fresh, 3 * len(saved.run.orbital_choices))
    assert saved.run.orbital_choices == {
        str(ante): _by_blind(draws[3 * (ante - 1) : 3 * ante])
        for ante in range(1, len(saved.run.orbital_choices) + 1)
    }
