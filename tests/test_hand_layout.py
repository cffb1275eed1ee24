"""The hand as the game lays it out: the order of the cards it plays and discards.

The game places the hand's cards when a card enters the hand, then sorts the hand: a
draw lays the hand out card by card and sorts it after each, so the card drawn last
lies right of every other card (which lie in sorted order) until another card enters.
The played and discarded cards go left to right by those places, and Death copies the
rightmost of its two cards. Recorded in K115ZNJS (Hanging Chad), 3DQTDRHJ and 3478NBV1
(played-hand chips), B1HBU5C8 and CLG2YNNR (Death).
"""

from __future__ import annotations

import pytest

from balatro_ecs import Enhancement, Game
from balatro_ecs.game.actions import Discard, Play
from balatro_ecs.game.cards import Card, CardSpec
from balatro_ecs.kernel.components import Area
from balatro_ecs.tools.testing.runs import hold, play_blind

SEED = "LAYOUT01"


def _draw_on_top(game: Game, text: str) -> Card:
    """Put a card like ``text`` on top of the draw pile and draw it."""
    spec = CardSpec.parse(text)
    deck = game.area(Area.DECK)
    card = next((c for c in deck if c.spec() == spec), None)
    if card is None:
        card = game.add_card(spec, Area.DECK)
    game.move_card(card, Area.DECK)  # to the top
    assert game.draw(1) == [card]
    return card


def test_the_card_drawn_last_lies_right_of_the_sorted_others() -> None:
    game = play_blind(Game(seed=SEED))
    hand = list(game.hand)
    last = next(c for c in hand if c.serial == game.run.hand_layout[-1])
    others = [c for c in hand if c is not last]
    assert game.laid_out(hand) == [*others, last]
    # a card that enters the hand lays it out again: the old last card takes its place
    hold(game, "5C", "3D")
    king = _draw_on_top(game, "KS")
    five, three = game.hand[1], game.hand[2]
    assert game.hand[0] is king  # shown first, sorted by rank
    assert game.laid_out(game.hand) == [five, three, king]
    assert game.rightmost([king, five]) is king


def test_played_cards_go_to_the_play_area_in_the_games_places() -> None:
    game = play_blind(Game(seed=SEED))
    hold(game, "KH", "5C", "3D")
    king = _draw_on_top(game, "KS")
    assert game.hand.index(king) == 0  # shown first: sorted before the King of Hearts
    game.run.blind_chips = 10**9
    game.apply(Play((0, 1)))
    played = [card for card in game.area(Area.DISCARD)][-2:]
    assert played[-1] is king  # played last: it lay right of the King of Hearts


def test_hanging_chad_retriggers_the_first_card_in_the_games_places() -> None:
    # K115ZNJS: under The Head the first played card is a debuffed Heart, so Hanging
    # Chad's retriggers score nothing
    game = play_blind(Game(seed=SEED), "The Head")
    game.add_joker("j_hanging_chad")
    hold(game, "KH", "5C", "3D")
    _draw_on_top(game, "KS")
    result = game.preview_play((0, 1))
    assert (result.hand_name, result.chips, result.mult) == ("Pair", 20, 2)
    outcome = game.apply(Play((0, 1)))
    assert outcome.score is not None and outcome.score.chips == 20


def test_photograph_doubles_the_mult_when_the_first_face_card_in_place_scores() -> None:
    # the King of Hearts (+4 mult) lies first: Photograph doubles 2 + 4, then the King of
    # Spades adds its chips: 30 x 12 (in display order it would be 30 x 8)
    game = play_blind(Game(seed=SEED))
    game.add_joker("j_photograph")
    hold(game, "KH", "5C", "3D")
    game.hand[0].set_enhancement(Enhancement.MULT)
    _draw_on_top(game, "KS")
    assert game.hand[0].base_rank == 13 and game.hand[1].base_rank == 13
    game.run.blind_chips = 10**9
    outcome = game.apply(Play((0, 1)))
    assert outcome.score is not None
    assert (outcome.score.chips, outcome.score.mult, outcome.score.score) == (30, 12, 360)


def test_discarded_cards_go_in_the_games_places() -> None:
    game = play_blind(Game(seed=SEED))
    hold(game, "KH", "5C", "3D")
    king = _draw_on_top(game, "KS")
    game.apply(Discard((0, 1)))
    assert game.area(Area.DISCARD)[-1] is king


@pytest.mark.parametrize("positions", [(0, 1), (0, 3), (1, 2, 3)])
def test_a_preview_plays_the_cards_in_the_same_places(positions: tuple[int, ...]) -> None:
    game = play_blind(Game(seed=SEED))
    game.add_joker("j_hanging_chad")
    game.add_joker("j_photograph")
    hold(game, "QH", "7C", "3D")
    game.hand[1].set_enhancement(Enhancement.MULT)
    _draw_on_top(game, "KS")
    layout = list(game.run.hand_layout)
    preview = game.preview_play(positions)
    assert game.run.hand_layout == layout
    game.run.blind_chips = 10**9
    outcome = game.apply(Play(positions))
    assert outcome.score is not None
    assert (preview.chips, preview.mult, preview.score) == (
        outcome.score.chips,
        outcome.score.mult,
        outcome.score.score,
    )


def test_the_hand_keeps_the_sort_the_player_chose_as_it_draws() -> None:
    from balatro_ecs.game.actions import SortHand

    game = play_blind(Game(seed=SEED))
    game.apply(SortHand("suit"))
    game.run.blind_chips = 10**9
    game.apply(Play((0,)))  # the draw after it sorts by suit too
    hand = list(game.hand)
    game.sort_hand("suit")
    assert list(game.hand) == hand and game.run.hand_sort == "suit"
    game.sort_hand("rank")
    assert list(game.hand) != hand  # by rank it would read otherwise
    game.apply(SortHand("rank"))
    assert game.run.hand_sort == "rank"
