"""Random legal play through many seeded runs, with the game's invariants checked after
every step (hypothesis stateful testing).

Each step is a random legal action, a greedy move (so runs reach the shop, packs and
later antes), an illegal action (which must raise and change nothing), or a save, load
and clone check. After every step: playing cards are neither made nor lost except by
recorded rules, money moves only by recorded amounts, counts stay in range, every entity
sits in exactly one place, and a save reproduces the game exactly.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import ACTION_SPACE, Action, Rearrange
from balatro_ecs.game.run.save import dumps
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import ConsumableType, DeckType
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.tools.policies import GreedyPolicy

PLUGINS = Plugins.default()
DECKS = sorted(deck.name for deck in PLUGINS.all(DeckType) if deck.key != "b_challenge")
CONSUMABLES = sorted(c.key for c in PLUGINS.all(ConsumableType))
SEEDS = st.text(alphabet="ABCDEFGHIJKLMNPQRSTUVWXYZ123456789", min_size=1, max_size=8)


def _count(events: tuple[tuple[object, ...], ...] | list[tuple[object, ...]], kind: str) -> int:
    return sum(1 for event in events if event[2] == kind)


def apply_and_check(game: Game, action: Action) -> None:
    """Apply a legal action; the cards and money it moved must match what it recorded."""
    cards_before = len(game.playing_cards)
    dollars_before = game.run.dollars
    outcome = game.apply(action)
    events = outcome.events
    made, lost = _count(events, "card added"), _count(events, "card destroyed")
    assert len(game.playing_cards) - cards_before == made - lost, (
        f"{action.text()}: {cards_before} -> {len(game.playing_cards)} cards, "
        f"but {made} added and {lost} destroyed"
    )
    paid = sum(int(e[3]) for e in events if e[2] == "dollars")  # type: ignore[call-overload]
    assert game.run.dollars - dollars_before == paid, (
        f"{action.text()}: money {dollars_before} -> {game.run.dollars}, events say {paid:+}"
    )
    assert game.log[-1] is outcome


def check_invariants(game: Game) -> None:
    """Counts in range, every entity in exactly one place, the mask agreeing with the list."""
    run = game.run
    assert run.hands_left >= 0
    assert run.discards_left >= 0
    assert run.ante >= -1  # Hieroglyph and Petroglyph can each take one off at ante 1
    assert len(game.consumables) <= game.consumable_limit
    assert run.reroll_price >= 0
    if run.phase is Phase.ROUND:
        assert game.blind is not None
        assert game.hand or not game.area(Area.DECK)
    placed: Counter[int] = Counter()
    for area in (Area.DECK, Area.HAND, Area.PLAY, Area.DISCARD):
        for slot, card in enumerate(game.area(area)):
            assert card.zone.area is area and card.zone.slot == slot
            placed[card.entity] += 1
    for row in (game.jokers, game.consumables, game.shop, game.pack):
        for item in row:
            placed[item.entity] += 1
    assert all(n == 1 for n in placed.values()), "an entity is in two places"
    assert all(game.world.exists(entity) for entity in placed)
    mask = game.action_mask()
    assert len(mask) == ACTION_SPACE.size
    legal = set(game.legal_actions())
    in_space = {a for a in legal if ACTION_SPACE.encode(a) is not None}
    assert {a for a, ok in zip(ACTION_SPACE.actions, mask, strict=True) if ok} == in_space


class RunMachine(RuleBasedStateMachine):
    game: Game

    @initialize(seed=SEEDS, deck=st.sampled_from(DECKS), stake=st.integers(1, 8))
    def start(self, seed: str, deck: str, stake: int) -> None:
        self.game = Game(deck=deck, stake=stake, seed=seed, plugins=PLUGINS)
        self.greedy = GreedyPolicy()

    # -- steps ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        apply_and_check(self.game, action)
        event(f"phase {self.game.phase.value}")
        event(f"ante {self.game.run.ante}")
        for _, _, kind, _value, _ in self.game.log[-1].events:
            if kind in ("used", "opened"):
                event(f"{kind} a {'pack' if kind == 'opened' else 'consumable'}")

    def _over(self) -> bool:
        return self.game.phase is Phase.GAME_OVER

    @precondition(lambda self: not self._over())
    @rule(data=st.data())
    def random_legal_action(self, data: st.DataObject) -> None:
        actions = self.game.legal_actions()
        assert actions, f"no legal action in {self.game.phase.value}"
        self._apply(data.draw(st.sampled_from(actions), label="action"))

    @precondition(lambda self: not self._over())
    @rule()
    def greedy_action(self) -> None:
        self._apply(self.greedy.choose(self.game))

    @precondition(lambda self: self.game.phase in (Phase.ROUND, Phase.SHOP, Phase.PACK))
    @rule(key=st.sampled_from(CONSUMABLES))
    def gain_a_consumable(self, key: str) -> None:
        """A Tarot, Planet or Spectral in hand, so runs reach every consumable's use."""
        if self.game.has_room_for_consumable():
            self.game.add_consumable(key)

    @precondition(lambda self: not self._over())
    @rule(data=st.data(), hand=st.booleans())
    def rearrange(self, data: st.DataObject, hand: bool) -> None:
        """The hand (when shown) or the consumables in a random order: an action outside
        ``legal_actions`` and the action space, checked by ``can`` alone."""
        game = self.game
        row = "hand" if hand and game.phase in (Phase.ROUND, Phase.PACK) else "consumables"
        n = len(game.hand if row == "hand" else game.consumables)
        order = data.draw(st.permutations(range(n)), label="order")
        action = Rearrange(row, order)
        if not game.can(action):  # a pack showing no hand, the win screen
            with pytest.raises(IllegalActionError):
                game.apply(action)
            return
        assert action not in game.legal_actions()
        self._apply(action)

    @rule(data=st.data())
    def illegal_action_changes_nothing(self, data: st.DataObject) -> None:
        game = self.game
        action = data.draw(st.sampled_from(ACTION_SPACE.actions), label="any action")
        if game.can(action):
            return
        before = dumps(game)
        log_length = len(game.log)
        with pytest.raises(IllegalActionError):
            game.apply(action)
        assert dumps(game) == before
        assert len(game.log) == log_length

    @rule()
    def save_load_and_clone_reproduce_the_game(self) -> None:
        text = dumps(self.game)
        loaded = Game.from_json(text, PLUGINS)
        assert dumps(loaded) == text
        assert dumps(self.game.clone()) == text
        assert loaded.legal_actions() == self.game.legal_actions()

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.game)


#: ``BALATRO_ECS_STATEFUL_EXAMPLES=1000`` for a long stress run (CI keeps it short).
RunMachine.TestCase.settings = settings(
    max_examples=int(os.environ.get("BALATRO_ECS_STATEFUL_EXAMPLES", "40")),
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestRunMachine = RunMachine.TestCase


@pytest.mark.parametrize("seed", [f"WHOLE{i}" for i in range(6)])
def test_invariants_hold_through_whole_runs(seed: str) -> None:
    """Greedy play with a random move now and then, to the end of the run, checked at
    every step; the run is saved and reloaded every few steps and must go on identically."""
    from balatro_ecs.tools.policies import RandomPolicy

    game = Game(deck="Red Deck", stake=1, seed=seed, plugins=PLUGINS)
    greedy, wander = GreedyPolicy(), RandomPolicy(seed)
    step = 0
    while game.phase is not Phase.GAME_OVER and not game.run.won and step < 600:
        use_random = step % 10 == 9 and game.phase is not Phase.ROUND
        action = (wander if use_random else greedy).choose(game)
        apply_and_check(game, action)
        check_invariants(game)
        if step % 25 == 0:
            game = Game.from_json(dumps(game), PLUGINS)
        step += 1
    assert game.run.ante >= 2, "greedy play should clear the first ante"
