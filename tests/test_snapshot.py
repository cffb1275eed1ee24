"""Snapshots: a game copied directly, put back in place, or started again from."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import Play, SelectBlind
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.copying import GameSnapshot
from balatro_ecs.game.run.save import dumps, to_data
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel import components as C
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.enums import Enhancement, Suit
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.plugin import Effect, JokerType, hookimpl
from balatro_ecs.tools.policies import RandomPolicy
from balatro_ecs.tools.testing.runs import play_blind


def _play(game: Game, seed: str, steps: int) -> None:
    policy = RandomPolicy(seed)
    for _ in range(steps):
        if game.phase is Phase.GAME_OVER or game.run.won:
            return
        game.apply(policy.choose(game))


def _entities(game: Game) -> list[tuple[int, tuple[Any, ...]]]:
    """Every entity and its components' values (what the world holds)."""
    world = game.world
    return [(e, tuple(map(repr, world.components(e)))) for e in world.entities()]


def test_restore_puts_the_game_back_in_place() -> None:
    game = Game(seed="SNAP01")
    play_blind(game)
    game.add_joker("j_joker")
    game.add_consumable("c_mercury")
    before, entities = dumps(game), _entities(game)
    joker, run, hand, card = game.jokers[0], game.run, game.area(Area.HAND), game.hand[0]
    snapshot = game.snapshot()
    _play(game, "SNAP01", 12)
    assert dumps(game) != before
    game.restore(snapshot)
    assert dumps(game) == before
    assert _entities(game) == entities
    # The same handles and objects, holding the saved values again.
    assert game.jokers[0] is joker and game.run is run and game.area(Area.HAND) is hand
    assert game.hand[0] is card and game.world.get(card.entity, C.Zone) is card.zone


def test_a_snapshot_can_be_restored_again_and_again() -> None:
    """A search goes back to the same point after each line it tries."""
    game = Game(seed="SNAP02")
    play_blind(game)
    snapshot = game.snapshot()
    before = dumps(game)
    lines = []
    for i in range(5):
        _play(game, f"LINE{i}", 10)
        lines.append(dumps(game))
        game.restore(snapshot)
        assert dumps(game) == before
    assert len(set(lines)) > 1  # the lines went different ways


def test_a_restored_game_plays_on_as_a_copy_does() -> None:
    game = Game(seed="SNAP03")
    play_blind(game)
    copy = game.clone()
    snapshot = game.snapshot()
    _play(game, "AWAY", 15)
    game.restore(snapshot)
    _play(game, "SAME", 30)
    _play(copy, "SAME", 30)
    assert dumps(game) == dumps(copy)
    assert [o.to_dict() for o in game.log] == [o.to_dict() for o in copy.log]


def test_restore_brings_back_deleted_entities_and_drops_new_ones() -> None:
    game = Game(seed="SNAP04")
    play_blind(game)
    gone = game.hand[0]
    entities, before = _entities(game), dumps(game)
    snapshot = game.snapshot()
    game.destroy_card(gone)
    game.add_card(CardSpec.parse("AS glass foil red"), Area.HAND)
    game.add_joker("j_blueprint")
    game.hand[1].set_enhancement(Enhancement.GOLD)
    game.hand[2].set_suit(Suit.HEARTS)
    game.hand[3].set_rank(2)
    assert not game.world.exists(gone.entity)
    game.restore(snapshot)
    assert game.world.exists(gone.entity) and gone in game.hand
    assert _entities(game) == entities
    assert dumps(game) == before
    assert game.enhancement_counts() == Game(seed="SNAP04").enhancement_counts()


def test_clone_keeps_entity_ids_and_is_independent() -> None:
    game = Game(seed="SNAP05")
    play_blind(game)
    game.add_joker("j_greedy_joker")
    clone = game.clone()
    assert list(clone.world.entities()) == list(game.world.entities())
    assert [c.entity for c in clone.playing_cards] == [c.entity for c in game.playing_cards]
    assert [j.entity for j in clone.jokers] == [j.entity for j in game.jokers]
    assert clone.world is not game.world and clone.hand[0] is not game.hand[0]
    before = dumps(game)
    assert dumps(clone) == before
    _play(clone, "CLONE", 20)
    assert dumps(game) == before
    assert clone.log is not game.log


def test_a_snapshot_restored_into_another_game_makes_it_a_copy() -> None:
    game = Game(seed="SNAP06")
    play_blind(game)
    snapshot = game.snapshot()
    text = dumps(game)
    other = Game(seed="OTHER", deck="Plasma Deck")
    other.restore(snapshot)
    assert dumps(other) == text
    assert dumps(Game.from_snapshot(snapshot)) == text
    _play(other, "ON", 10)  # the copy is its own game
    assert dumps(game) == text


def test_the_snapshot_itself_never_changes() -> None:
    game = Game(seed="SNAP07")
    play_blind(game)
    game.add_joker("j_ride_the_bus")
    snapshot = game.snapshot()
    text = dumps(game)
    copy = Game.from_snapshot(snapshot)
    _play(copy, "COPY", 20)
    _play(game, "GAME", 20)
    assert dumps(Game.from_snapshot(snapshot)) == text
    assert isinstance(snapshot, GameSnapshot) and "SNAP07" in repr(snapshot)


def test_value_components_are_shared_and_frozen() -> None:
    one, two = Game(seed="SHARE1"), Game(seed="SHARE2")
    ace = next(c for c in one.playing_cards if c.base_rank == 14)
    other_ace = next(c for c in two.playing_cards if c.base_rank == 14)
    assert ace._rank is other_ace._rank is C.rank(14)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ace._rank.value = 2  # type: ignore[misc]
    ace.set_rank(2)  # swaps in another value, in the handle and in the world's table
    assert other_ace.base_rank == 14 and ace.base_rank == 2
    assert one.world.get(ace.entity, C.Rank) is C.rank(2)


def test_dumps_writes_what_json_writes() -> None:
    game = Game(seed="DUMPS1")
    play_blind(game)
    game.hand[0].set_suit(Suit.CLUBS)
    game.hand[1].add_perma_bonus(5)
    _play(game, "DUMPS1", 8)
    expected = json.dumps(to_data(game), ensure_ascii=False, separators=(",", ":"))
    assert dumps(game) == expected
    assert dumps(Game.from_json(expected)) == expected


class Bomb:
    """A joker whose scoring hook raises after the hand was moved and counted."""

    type = JokerType(key="j_snapshot_bomb", name="Snapshot Bomb", rarity=1, cost=1)

    @hookimpl
    def balatro_content(self) -> JokerType:
        return self.type

    @hookimpl
    def joker_main(self, ctx: Any, joker: Any) -> Effect | None:
        raise KeyError("the bomb went off")


def test_a_hook_raising_mid_action_leaves_the_save_byte_identical() -> None:
    game = Game(seed="ATOMIC9", plugins=Plugins(plugins=[Bomb()], entry_points=False))
    game.add_joker("j_joker")
    game.add_joker("j_snapshot_bomb")
    game.apply(SelectBlind())
    before, hand, jokers = game.to_json(), game.hand, list(game.jokers)
    with pytest.raises(HookError, match="the bomb went off") as raised:
        game.apply(Play((0, 1, 2)))
    assert isinstance(raised.value.__cause__, KeyError)
    assert game.to_json() == before
    assert game.hand == hand and game.jokers == jokers  # the same handles, in place
    assert all(card.zone.area is Area.HAND for card in hand)


def test_queries_see_the_restored_world() -> None:
    game = Game(seed="QUERY1")
    ranks = sorted(r.value for _, r in game.world.query1(C.Rank))
    snapshot = game.snapshot()
    game.destroy_card(game.playing_cards[0])
    assert len(game.world.query1(C.Rank)) == 51
    game.restore(snapshot)
    assert sorted(r.value for _, r in game.world.query1(C.Rank)) == ranks
    assert len(game.world.query(C.Rank, C.Suit)) == 52


def test_restore_is_exact_about_types_of_numbers() -> None:
    """``0`` and ``0.0`` compare equal but save differently: restoring puts back the type."""
    game = Game(seed="SNAP08")
    play_blind(game)
    game.add_joker("j_joker")
    before = dumps(game)
    snapshot = game.snapshot()
    game.hand[0].add_perma_bonus(0.0)
    game.jokers[0].state["mult"] = float(game.jokers[0].state["mult"])
    assert dumps(game) != before
    game.restore(snapshot)
    assert dumps(game) == before


def test_queries_see_swapped_values() -> None:
    game = Game(seed="QUERY2")
    card = game.playing_cards[0]
    assert dict(game.world.query1(C.Rank))[card.entity] is card._rank
    card.set_rank(7)
    assert dict(game.world.query1(C.Rank))[card.entity].value == 7
