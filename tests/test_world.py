"""Games live side by side in one process without seeing each other's entities."""

from __future__ import annotations

import gc

import esper
import pytest

from balatro_ecs import Game
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.kernel.components import Area, Rank, Suit
from balatro_ecs.kernel.world import World


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
    game.add_card(CardSpec.parse("AS"), Area.HAND)
    assert name not in esper.list_worlds()  # (esper is not asked until a query)
    assert not game.world.registered
    assert [r.value for _, r in game.world.query1(Rank)] == [14]  # the entity made before
    assert name in esper.list_worlds() and game.world.registered
    game.close()
    assert name not in esper.list_worlds() and game.world.closed
    other = Game.empty()
    other_name = other.world.name
    other.world.query1(Rank)
    assert other_name in esper.list_worlds()
    del other
    gc.collect()
    assert other_name not in esper.list_worlds()
    never = World()
    assert not never.closed
    never.close()  # (never registered: nothing to free)
    assert never.closed and never.name not in esper.list_worlds()


def test_a_registered_world_keeps_its_entities_and_index_current() -> None:
    world = World()
    first = world.create(Rank(14))
    second = world.create(Rank(2), Suit(0))
    assert [e for e, _ in world.query1(Rank)] == [first, second]  # registers
    third = world.create(Rank(3), Suit(1))
    world.delete(first)
    assert [e for e, _ in world.query(Rank, Suit)] == [second, third]
    assert world.get(third, Rank).value == 3 and not world.exists(first)


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


def test_a_card_is_its_entitys_table() -> None:
    from dataclasses import dataclass

    from balatro_ecs.kernel.components import Enhancement, Seal, Zone
    from balatro_ecs.kernel.enums import Enhancement as EnhancementKind
    from balatro_ecs.kernel.enums import Seal as SealKind

    @dataclass
    class Marked:  # a plugin's own component
        times: int = 0

    game = Game.empty()
    card = game.add_card(CardSpec.parse("QD glass"), Area.HAND)
    world = game.world
    assert world._entities[card.entity] is card
    assert world.get(card.entity, Rank) is card[Rank] and Zone in card and len(card) == 10
    assert [e for e, (r, z) in world.query(Rank, Zone) if r.value == 12] == [card.entity]
    card.set_seal(SealKind.RED)  # a query sees the swapped value
    assert [s.kind for _, s in world.query1(Seal)] == [SealKind.RED]
    world.add(card.entity, Marked(1))  # another component: in the card's side dict
    assert world.get(card.entity, Marked).times == 1 and len(card) == 11
    assert Marked in dict(card.items()) and world.has(card.entity, Marked)
    snap = game.snapshot()
    world.add(card.entity, Marked(2))
    card.set_enhancement(EnhancementKind.NONE)
    game.restore(snap)
    assert card[Marked].times == 1 and card[Enhancement] is card._enhancement
    assert card.enhancement.name == "GLASS" and card.seal is SealKind.RED
    copy = game.clone()
    twin = copy.world._entities[card.entity]
    assert twin is not card and twin[Marked] is card[Marked] and twin.label == card.label
    assert world.remove(card.entity, Marked).times == 1 and Marked not in card
    with pytest.raises(TypeError):  # a card always has its own ten
        world.remove(card.entity, Rank)


# -- esper's internals (balatro_ecs.kernel.world reads them; esper is pinned below 4) --------
def test_the_esper_installed_keeps_what_the_world_relies_on() -> None:
    from balatro_ecs.kernel.world import esper_contract

    problems = esper_contract()
    assert problems == [], "\n".join(problems)


def test_a_changed_esper_is_named_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    from balatro_ecs.kernel.world import esper_contract

    with monkeypatch.context() as patch:
        patch.delattr(esper, "_get_components_cache")
        (problem,) = esper_contract()
    assert "esper._get_components_cache is not a module-level dict" in problem
    assert esper.__version__ in problem

    switch = esper.switch_world
    switch("default")  # the broken esper below replaces the current world's dict: not a game's

    def fresh_tables(name: str) -> None:  # an esper that rebuilds a world's dicts
        switch(name)
        esper._entities = {}  # type: ignore[attr-defined]

    with monkeypatch.context() as patch:
        patch.setattr(esper, "switch_world", fresh_tables)
        assert any("keeps a world's tables" in p for p in esper_contract())

    with monkeypatch.context() as patch:
        patch.setattr(esper, "get_components", lambda *kinds: [])
        assert any("no longer answer from" in p for p in esper_contract())
    assert esper_contract() == []  # and the probes left nothing behind
    assert not [name for name in esper.list_worlds() if "contract" in name]
