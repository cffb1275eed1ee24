"""Games live side by side in one process without seeing each other's entities."""

from __future__ import annotations

import gc

import esper

from balatro_ecs import Game
from balatro_ecs.cards import CardSpec
from balatro_ecs.components import Area, Rank, Suit
from balatro_ecs.world import World


def test_worlds_are_isolated() -> None:
    a, b = World(), World()
    entity = a.create(Rank(14))
    assert a.get(entity, Rank).value == 14
    assert not b.has(entity, Rank)
    b.create(Rank(2), Suit(0))
    assert [c.value for _, c in a.query1(Rank)] == [14]
    assert [(r.value, s.value) for _, (r, s) in b.query(Rank, Suit)] == [(2, 0)]


def test_interleaved_games_score_independently() -> None:
    one, two = Game.empty(), Game.empty()
    for text in ("KH", "KS"):
        one.add_card(CardSpec.parse(text), Area.PLAY)
    for text in ("2H", "2S", "2C"):
        two.add_card(CardSpec.parse(text), Area.PLAY)
    one.add_joker("Joker")
    assert two.evaluate_play().hand_name == "Three of a Kind"
    assert one.evaluate_play().score == 30 * 6
    assert len(one.playing_cards) == 2 and len(two.playing_cards) == 3


def test_closing_or_dropping_a_game_frees_its_world() -> None:
    game = Game.empty()
    name = game.world.name
    assert name in esper.list_worlds()
    game.close()
    assert name not in esper.list_worlds()
    other = Game.empty()
    other_name = other.world.name
    del other
    gc.collect()
    assert other_name not in esper.list_worlds()


def test_card_entities_carry_their_components() -> None:
    game = Game.empty()
    card = game.add_card(CardSpec.parse("QD glass foil red"), Area.HAND)
    comps = {type(c).__name__ for c in game.world.components(card.entity)}
    assert {"Rank", "Suit", "Enhancement", "Edition", "Seal", "Debuff", "Zone"} <= comps
    assert card.zone.area is Area.HAND and card.zone.slot == 0
    game.destroy_card(card)
    assert not game.world.exists(card.entity)


def test_joker_row_order_is_explicit() -> None:
    game = Game.empty()
    first, second = game.add_joker("Joker"), game.add_joker("Blueprint")
    assert [j.slot for j in game.jokers] == [0, 1]
    version = game.row_version
    game.move_joker(second, 0)
    assert [j.name for j in game.jokers] == ["Blueprint", "Joker"]
    assert first.slot == 1 and game.row_version > version
