"""The draw pile's order in the shop: what a pack opened there deals.

The game puts every card that joins the draw pile at its bottom (its deck area inserts at
the front; draws take from the back): the hand an Arcana or Spectral pack dealt goes back
under the pile when the pack closes (each card from the right under the last), and a card
bought, picked or made joins it there. So a second pack in the same shop deals the next
cards (82YZNET6, Y6IDYJWS), never the hand the first one dealt.
"""

from __future__ import annotations

from balatro_ecs import Game
from balatro_ecs.game.actions import CashOut, SkipPack
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.run.packs import open_pack
from balatro_ecs.kernel.components import Area
from balatro_ecs.tools.testing.runs import play_blind, win_round

SEED = "DRAWPILE"


def in_shop() -> Game:
    game = play_blind(Game(seed=SEED))
    win_round(game)
    game.apply(CashOut())
    return game


def test_a_packs_hand_goes_back_under_the_draw_pile() -> None:
    game = in_shop()
    deck = list(game.area(Area.DECK))
    size = game.hand_size
    open_pack(game, "p_arcana_normal_1")
    first = list(game.hand)
    assert set(first) == set(deck[-size:])  # dealt from the top
    game.apply(SkipPack())
    pile = game.area(Area.DECK)
    assert set(pile[:size]) == set(first)  # under the pile now
    assert pile[:size] == first  # the leftmost card lowest
    open_pack(game, "p_arcana_normal_1")
    assert set(game.hand) == set(deck[-2 * size : -size])  # the next cards


def test_a_card_made_for_the_draw_pile_joins_it_at_the_bottom() -> None:
    game = in_shop()
    card = game.add_card(CardSpec.parse("AS"))
    assert game.area(Area.DECK)[0] is card
    open_pack(game, "p_arcana_normal_1")
    assert card not in game.hand
