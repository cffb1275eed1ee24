"""A play's cards move to the play area in one pass (``_move_cards``): the rows, slots
and zones end as moving them one by one with ``move_card`` leaves them."""

from __future__ import annotations

import re

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import SelectBlind
from balatro_ecs.kernel.components import Area


def _rows(game: Game) -> list[list[tuple[int, str, int]]]:
    return [
        [(card.serial, card.zone.area.name, card.zone.slot) for card in game.area(area)]
        for area in (Area.DECK, Area.HAND, Area.PLAY, Area.DISCARD)
    ]


@pytest.mark.parametrize(
    "picks",
    [
        [(Area.HAND, 0)],
        [(Area.HAND, 4), (Area.HAND, 0), (Area.HAND, 7)],
        [(Area.HAND, 1), (Area.DECK, 3), (Area.HAND, 2), (Area.DISCARD, 0)],
        [(Area.PLAY, 0), (Area.HAND, 5), (Area.PLAY, 1)],
    ],
)
def test_moving_cards_at_once_is_moving_them_one_by_one(picks: list[tuple[Area, int]]) -> None:
    game = Game(seed="MOVECARD", atomic=False)
    game.apply(SelectBlind())
    for card in game.cards(Area.DECK)[:3]:
        game.move_card(card, Area.DISCARD)
    for card in game.cards(Area.DECK)[:2]:
        game.move_card(card, Area.PLAY)
    one, other = game.clone(), game.clone()
    for copy in (one, other):
        cards = [copy.area(area)[slot] for area, slot in picks]
        if copy is one:
            for card in cards:
                copy.move_card(card, Area.PLAY)
        else:
            copy._move_cards(cards, Area.PLAY)
    assert _rows(one) == _rows(other)
    assert one.to_json() == other.to_json()


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ((9, 0, 12), "play: no card 10 in hand (8 cards)"),
        ((0, 12, 9), "play: no card 13 in hand (8 cards)"),
        ((0, 1, 2, 3, 4, 5), "play: choose 1 to 5 cards, got 6"),
    ],
)
def test_a_play_of_cards_not_in_hand_names_the_first_and_changes_nothing(
    cards: tuple[int, ...], message: str
) -> None:
    from balatro_ecs.game.actions import Discard, Play
    from balatro_ecs.kernel.errors import IllegalActionError

    game = Game(seed="BADCARDS")
    game.apply(SelectBlind())
    before = game.to_json()
    for kind in (Play, Discard):
        with pytest.raises(IllegalActionError, match=re.escape(message.replace("play", kind.verb))):
            game.apply(kind(cards))
        assert game.to_json() == before
