"""Built-in duel policies: baselines for tournaments and opponents in the terminal.

A duel policy is anything with a ``name`` and ``choose(duel, player) -> DuelAction``
(:class:`DuelPolicy`). Both built-in ones look only at what ``player`` may know (their own
cards and :meth:`Duel.view <balatro_ecs.duel.Duel.view>`), and draw their random choices
from a stream of their own, seeded at construction (never Python's global ``random``).

* :class:`RandomDuelPolicy`: a uniformly random kind of legal action (keep or discard;
  check, raise, all in or fold; buy or pass), then a uniformly random one of that kind.
  It never moves or sells jokers.
* :class:`HeuristicDuelPolicy`: keeps the best-scoring 5 of its cards (every choice scored
  exactly with :meth:`Duel.preview`); with a weak hand it discards towards a flush or
  around its scoring cards first; reveals the cards that tell least; raises with strong
  hands, calls with fair ones, folds weak hands facing a bet; buys the rarest joker it can
  afford (selling a commoner for it when the row is full), else a Planet.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from ..kernel.content import ConsumableType
from ..kernel.rng import GameRandom
from .actions import (
    Buy,
    Check,
    Discard,
    DuelAction,
    Fold,
    Keep,
    MoveJoker,
    NoHand,
    Pass,
    Raise,
    Reveal,
    Sell,
)
from .rules import HAND_CARDS, MAX_DISCARD, MAX_JOKERS, Phase

if TYPE_CHECKING:
    from ..game.cards import Card
    from .core import Duel

__all__ = [
    "DUEL_POLICIES",
    "DuelPolicy",
    "HeuristicDuelPolicy",
    "RandomDuelPolicy",
    "make_duel_policy",
    "play_duel",
]


class DuelPolicy(Protocol):
    """Chooses a player's next action in a duel."""

    name: str

    def choose(self, duel: Duel, player: int) -> DuelAction:
        """An action that is legal for ``player`` now (``duel.can(player, action)``)."""
        ...


class RandomDuelPolicy:
    """A random kind of legal action, then a random action of that kind.

    :param seed: Seeds the policy's own stream.
    """

    name = "random"

    def __init__(self, seed: str = "RANDOM") -> None:
        self.rng = GameRandom(seed)

    def choose(self, duel: Duel, player: int) -> DuelAction:
        legal = [a for a in duel.legal_actions(player) if not isinstance(a, (MoveJoker, Sell))]
        verbs = sorted({a.verb for a in legal})
        verb = self.rng.element("duel_random_kind", verbs)
        return self.rng.element("duel_random", [a for a in legal if a.verb == verb])


class HeuristicDuelPolicy:
    """Keep the best hand, bet by its score.

    :param strong: A score at or above which the policy raises.
    :param fair: A score at or above which it calls bets up to half the pot (and raises
        on the last round); below it, it folds to any bet after the first round.
    """

    name = "heuristic"

    def __init__(self, seed: str = "HEURISTIC", *, strong: float = 300, fair: float = 100) -> None:
        self.seed = seed
        self.strong = strong
        self.fair = fair
        self._score_key: tuple[object, ...] | None = None
        self._score = 0.0

    def choose(self, duel: Duel, player: int) -> DuelAction:
        phase = duel.phase
        if phase is Phase.HAND:
            return self._hand(duel, player)
        if phase is Phase.REVEAL:
            return self._reveal(duel, player)
        if phase is Phase.GAMBLE:
            return self._gamble(duel, player)
        return self._shop(duel, player)

    # -- the hand --------------------------------------------------------------------------
    def _hand(self, duel: Duel, player: int) -> DuelAction:
        hand = duel.hand(player)
        if len(hand) < HAND_CARDS:
            return NoHand()
        best_score, best = -1.0, tuple(range(HAND_CARDS))
        scoring: Sequence[Card] = ()
        for combo in itertools.combinations(range(len(hand)), HAND_CARDS):
            result = duel.preview(player, combo)
            if result.score > best_score:
                best_score, best, scoring = float(result.score), combo, result.scoring
        can_discard = duel.state.discarded[player] is None and duel.deck_size(player) > 0
        if can_discard and best_score < self.fair:
            throw = self._discards(hand, scoring)
            if throw:
                return Discard(throw)
        return Keep(best)

    @staticmethod
    def _discards(hand: Sequence[Card], scoring: Sequence[Card]) -> tuple[int, ...]:
        """Towards a flush with four of a suit; otherwise everything but the scoring cards
        (the lowest first), at most five."""
        suits = Counter(card.suit for card in hand)
        suit, count = max(suits.items(), key=lambda kv: (kv[1], kv[0]))
        if count == HAND_CARDS - 1:
            off = [i for i, card in enumerate(hand) if card.suit != suit]
        else:
            kept = {id(card) for card in scoring}
            off = [i for i, card in enumerate(hand) if id(card) not in kept]
        off.sort(key=lambda i: (hand[i].rank, i))
        return tuple(off[:MAX_DISCARD])

    # -- betting ----------------------------------------------------------------------------
    def _strength(self, duel: Duel, player: int) -> float:
        key = (id(duel), duel.round, player, tuple(c.label for c in duel.hand(player)))
        if key != self._score_key:
            self._score_key = key
            self._score = float(duel.preview(player).score)
        return self._score

    def _reveal(self, duel: Duel, player: int) -> DuelAction:
        hand = duel.hand(player)
        shown = duel.state.revealed[player]
        scoring = {id(c) for c in duel.preview(player).scoring}
        hidden = [i for i in range(len(hand)) if i not in shown]
        hidden.sort(key=lambda i: (id(hand[i]) in scoring, hand[i].rank, i))
        return Reveal(hidden[0])

    def _gamble(self, duel: Duel, player: int) -> DuelAction:
        score = self._strength(duel, player)
        owed = duel.to_call(player)
        top = duel.max_raise(player)
        rnd = duel.state.reveal_round
        if score >= self.strong:
            if top and (owed == 0 or score >= 3 * self.strong):
                return Raise(min(top, 2 * rnd + 2))
            return Check()
        if score >= self.fair:
            if owed == 0 and top and rnd == 3:
                return Raise(min(top, 2))
            if owed <= max(2, duel.pot // 2):
                return Check()
            return Fold()
        if owed == 0 or (owed <= 2 and rnd == 1):
            return Check()
        return Fold()

    # -- the shop -------------------------------------------------------------------------------
    def _shop(self, duel: Duel, player: int) -> DuelAction:
        money = duel.dollars[player]
        jokers = duel.jokers(player)
        offers = [(i, o) for i, o in enumerate(duel.offers) if o is not None and o.cost <= money]
        joker_offers = [(i, o) for i, o in offers if o.kind == "joker"]
        if joker_offers:
            rarity = {o.key: duel.plugins.joker(o.key).rarity_rank for _, o in joker_offers}
            slot, offer = max(joker_offers, key=lambda io: (rarity[io[1].key], io[1].cost, -io[0]))
            if len(jokers) < MAX_JOKERS:
                return Buy(slot)
            weakest = min(
                range(len(jokers)),
                key=lambda j: (jokers[j].type.rarity_rank, jokers[j].buy_cost, j),
            )
            if jokers[weakest].type.rarity_rank < rarity[offer.key]:
                return Sell(weakest)
        for slot, offer in offers:
            if offer.kind == "planet":
                hand = duel.plugins.find(ConsumableType, offer.key).hand
                if hand is not None:
                    return Buy(slot)
        return Pass()


#: The built-in policies by name: factories taking a seed.
DUEL_POLICIES: dict[str, Callable[[str], DuelPolicy]] = {
    "random": RandomDuelPolicy,
    "heuristic": HeuristicDuelPolicy,
}


def make_duel_policy(name: str, seed: str) -> DuelPolicy:
    """A built-in policy by name (``random`` or ``heuristic``)."""
    from ..kernel.errors import UnknownNameError

    factory = DUEL_POLICIES.get(name)
    if factory is None:
        raise UnknownNameError("duel policy", name, DUEL_POLICIES)
    return factory(seed)


def play_duel(duel: Duel, policies: Sequence[DuelPolicy], *, max_rounds: int | None = None) -> Duel:
    """Let ``policies[p]`` act for player ``p`` until the duel is over (or ``max_rounds``
    rounds have been played); returns the duel. In the hand phase player 1 acts first."""
    while not duel.over:
        if max_rounds is not None and duel.round > max_rounds:
            break
        player = duel.to_act[0]
        duel.apply(player, policies[player].choose(duel, player))
    return duel
