"""Previews are sandboxed: whatever a plugin's hook writes while a previewed hand scores --
run fields, hands and discards, counters, cards, jokers, consumables, tags, the shop, the
random streams, the queue -- is undone, and the hand then plays as previewed.

A pack's content in play makes a preview restore a whole snapshot; with the game's own
content only, the fast :class:`~balatro_ecs.game.copying.PreviewState` is enough (the
second test checks that it is, for every vanilla joker, against the whole game).
"""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass
from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import Play
from balatro_ecs.game.copying import own_content_only
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import JokerType
from balatro_ecs.kernel.effects import Effect
from balatro_ecs.kernel.enums import Edition, Enhancement, HandType
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind

VANDAL = JokerType(key="j_test_vandal", name="Vandal", effect="Writes everything it can.")


def _write_everything(game: Any, joker: Any) -> None:
    """Every kind of write a hook could make to the game."""
    run = game.run
    run.dollars += 99  # run fields, by hand
    run.round_hands += 3
    run.interest_cap += 50
    run.ante += 1
    run.probability *= 2
    run.tags.append("tag_double")  # run containers, in place
    run.flags.append("vandalised")
    run.vouchers.append("v_grabber")
    run.blind_states["Small"] = "Vandalised"
    run.hands[HandType.PAIR].level += 5
    game.add_hands(2, source=joker)  # the commands
    game.add_discards(2, source=joker)
    game.change_hand_size(1, source=joker)
    game.add_joker_slots(1, source=joker)
    game.add_consumable_slots(1, source=joker)
    game.level_up(HandType.FLUSH, 3, joker)
    game.earn(7, joker)
    joker.state["scribbles"] = joker.state.get("scribbles", 0) + 1  # its own counters
    for other in game.jokers:  # and another's
        if other is not joker:
            other.state["scribbled"] = True
            game.set_edition(other, Edition.POLYCHROME)
    game.add_joker("j_joker")  # entities made
    game.add_consumable("c_pluto")
    game.add_card(game.hand[0].spec(), Area.DECK)
    deck = game.area(Area.DECK)
    deck[0].set_enhancement(Enhancement.GOLD)  # a card out of the hand, changed
    game.destroy_card(deck[-1])  # a card destroyed
    game.rng.random("vandal")  # a stream advanced
    game.rng.random("Tag1")
    if game.blind is not None:
        game.blind.memory["vandal"] = 1
    game.free_packs = True
    game.queue(lambda: None)


def _vandal_plugins() -> Plugins:
    def joker_before(ctx: Any, joker: Any) -> Effect:
        _write_everything(ctx.game, joker)
        return Effect(hands=1, discards=1, dollars=3)

    def joker_main(ctx: Any, joker: Any) -> Effect:
        _write_everything(ctx.game, joker)
        return Effect(mult=4, discards=1)

    def joker_after(ctx: Any, joker: Any) -> Effect:
        _write_everything(ctx.game, joker)
        return Effect(hands=-1)

    module = plugin_module(
        "test_vandal",
        VANDAL,
        joker_before=joker_before,
        joker_main=joker_main,
        joker_after=joker_after,
    )
    return Plugins(plugins=[module], entry_points=False, config=False)


def _fingerprint(game: Game) -> tuple[Any, ...]:
    """The whole game as far as a reader can see it: the save (run, cards, jokers,
    consumables, shop, random streams), the live rows and entities, the queue, the record."""
    return (
        game.to_json(),
        game.run.copy(),
        list(game.jokers),
        list(game.consumables),
        [(card, card._values, card.zone.area, card.zone.slot) for card in game.playing_cards],
        sorted(game.world.entities()),
        len(game.events),
        len(game._queued),
        game.free_packs,
        game.rng._state.copy(),
        copy.deepcopy(game.blind.memory) if game.blind is not None else None,
        game.hand_size,
        copy.deepcopy(game.jokers[0].state),
    )


def test_a_plugin_that_writes_everything_leaves_no_trace_after_a_preview() -> None:
    plugins = _vandal_plugins()
    game = play_blind(Game(seed="SANDBOX", plugins=plugins))
    game.add_joker("j_test_vandal")
    game.add_joker("j_green_joker")
    hold(game, "AS", "KS", "QS", "JS", "TS", "TH", "4C", "4D")
    assert not own_content_only(game)  # a pack's joker: the whole game is sandboxed
    before = _fingerprint(game)
    previews = {}
    for combo in [(0,), (0, 1), (0, 1, 2, 3, 4), (5, 6, 7)]:
        previews[combo] = game.preview_play(combo).score
        assert _fingerprint(game) == before, combo
    many = game.preview_plays([[0], [0, 1], [0, 1, 2, 3, 4], [5, 6, 7]])
    assert [r.score for r in many] == list(previews.values())
    assert _fingerprint(game) == before
    # ... and the hand then plays as previewed (its writes now happen for real).
    out = game.apply(Play((0, 1, 2, 3, 4)))
    assert out.score is not None and out.score.score == previews[0, 1, 2, 3, 4]
    assert game.run.flags.count("vandalised") == 3


def test_the_fast_preview_puts_back_everything_the_game_s_own_jokers_write() -> None:
    """With vanilla content only the preview keeps just :class:`PreviewState`; this checks
    it is enough: every vanilla joker, in random rows, previewed on every play of a hand,
    leaves the whole game (save, rows, entities, cards, streams) as it was."""
    plugins = Plugins.default()
    keys = sorted(c.key for c in plugins.all(JokerType) if plugins.pack_of(c.key) == "vanilla")
    rnd = random.Random(18)
    rnd.shuffle(keys)
    for start in range(0, len(keys), 5):
        game = play_blind(Game(seed=f"FAST{start}"))
        for key in keys[start : start + 5]:
            game.add_joker(key)
        hold(game, "AS", "AH", "KS", "QS", "JS", "TS", "5D", "2C")
        assert own_content_only(game)
        before = _fingerprint(game)
        plays = [list(c) for size in (1, 2, 5) for c in itertools.combinations(range(8), size)]
        game.preview_plays(plays[:: max(1, len(plays) // 40)])
        assert _fingerprint(game) == before, keys[start : start + 5]


@pytest.mark.parametrize("fast", [True, False])
def test_a_preview_with_a_pack_joker_not_in_play_stays_fast(fast: bool) -> None:
    plugins = _vandal_plugins()
    game = play_blind(Game(seed="SANDBOXFAST", plugins=plugins))
    if not fast:
        game.add_joker("j_test_vandal")
    assert own_content_only(game) is fast


@dataclass(frozen=True, slots=True)
class _Mark:
    """A pack's own component (docs/cookbook.md, "A component of your own")."""

    hands: int = 0


def test_a_pack_s_own_components_written_while_a_preview_scores_are_put_back() -> None:
    def joker_before(ctx: Any, joker: Any) -> None:
        world = ctx.game.world
        for card in ctx.game.hand:
            world.add(card.entity, _Mark(1))  # attached to cards with none
        for entity, (mark,) in world.query(_Mark):
            world.add(entity, _Mark(mark.hands + 1))  # and changed where there was one

    module = plugin_module(
        "test_marker",
        JokerType(key="j_test_marker", name="Marker", effect="Marks the hand."),
        joker_before=joker_before,
    )
    game = play_blind(
        Game(seed="MARKED", plugins=Plugins(plugins=[module], entry_points=False, config=False))
    )
    game.add_joker("j_test_marker")
    marked = game.hand[0].entity
    game.world.add(marked, _Mark(5))
    game.preview_play((0, 1))
    assert sorted(game.world.query1(_Mark)) == [(marked, _Mark(5))]
    game.apply(Play((0, 1)))
    assert len(game.world.query1(_Mark)) >= 2  # the play itself keeps what it wrote
