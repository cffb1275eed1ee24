"""Policies: what to do next in a run, for simulations and as baselines for learning agents.

A policy is anything with a ``name`` and a ``choose(game) -> Action`` method
(:class:`Policy`). Two come with the package:

* :class:`RandomPolicy` picks uniformly among the legal actions (joker moves and hand
  sorting left out, since they change nothing but order).
* :class:`GreedyPolicy` plays the best-scoring hand it can find (every subset of the hand,
  scored with :meth:`~balatro_ecs.game.Game.preview_plays` as the player can know it: the
  expected score where chance or face-down cards play a part, never the run's future),
  discards towards a flush or pairs when the best hand is too weak, and spends money on
  jokers first, then on the Planet for the hand it plays most, then on vouchers.

A policy's own choices are random only through a stream it owns, seeded from the run
seed (never Python's global ``random``), so the same seed always gives the same run.

>>> from balatro_ecs import Game
>>> game = Game(seed="POLICY01")
>>> GreedyPolicy().choose(game)
SelectBlind()
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

from ..game.actions import (
    Action,
    Buy,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    Endless,
    EndShop,
    Pick,
    Play,
    Reroll,
    SelectBlind,
    SkipPack,
    Use,
)
from ..game.game import Game as _Game
from ..game.hands import detector
from ..game.jokers import Consumable, Joker
from ..game.pools import planet_for
from ..game.run import engine, shop
from ..game.state import Phase
from ..kernel.content import BoosterType
from ..kernel.enums import Enhancement, HandType
from ..kernel.errors import BalatroError
from ..kernel.rng import GameRandom

if TYPE_CHECKING:
    from ..game.cards import Card
    from ..game.game import Game

__all__ = ["POLICIES", "GreedyPolicy", "Policy", "RandomPolicy", "make_policy"]

#: ``Game.legal_actions`` as the engine defines it (a subclass may list its own way).
_GAME_LEGAL_ACTIONS = _Game.legal_actions


class Policy(Protocol):
    """Chooses the next action of a run."""

    name: str

    def choose(self, game: Game) -> Action:
        """The action to apply next; it must be legal (``game.can(action)``)."""
        ...


class RandomPolicy:
    """Uniformly random legal actions, drawn from the policy's own seeded stream.

    :param seed: Seeds the policy's stream; a simulation passes each run's seed.
    """

    name = "random"

    def __init__(self, seed: str = "") -> None:
        self._rng = GameRandom(f"random-policy:{seed}")

    def choose(self, game: Game) -> Action:
        """``legal_actions(reorders=False)[i]`` for ``i`` drawn uniformly from the
        policy's stream; the list itself is not built (its parts are read in place:
        :func:`~balatro_ecs.game.run.engine.legal_parts`) unless the game's class lists its
        actions its own way."""
        if type(game).legal_actions is not _GAME_LEGAL_ACTIONS:
            actions = game.legal_actions(reorders=False)
            if not actions:
                raise BalatroError(f"no legal action in phase {game.phase.value}")
            return actions[self._rng.randint("choice", 0, len(actions) - 1)]
        parts = engine.legal_parts(game, reorders=False)
        total = sum(map(len, parts))
        if not total:
            raise BalatroError(f"no legal action in phase {game.phase.value}")
        index = self._rng.randint("choice", 0, total - 1)
        for part in parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise AssertionError("unreachable: the index is below the parts' total")  # pragma: no cover


class GreedyPolicy:
    """Plays the best hand it can see and buys jokers; a baseline that clears early antes.

    :param seed: Unused (the greedy policy makes no random choices); accepted so that
        every policy is built the same way.
    :param reserve: Money kept back when buying anything but jokers.
    :param per_group: How many plays to score exactly for each poker hand and card
        count (the ones whose scoring cards carry the most chips); the others are
        skipped, which keeps a decision to a few dozen previews instead of 218.
    """

    name = "greedy"

    def __init__(self, seed: str = "", *, reserve: int = 5, per_group: int = 2) -> None:
        self.reserve = reserve
        self.per_group = per_group
        self._rerolls = 0
        self._shop_round = -1

    # -- dispatch -----------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        phase = game.phase
        if game.run.win_screen:
            return Endless()
        if phase is Phase.BLIND_SELECT:
            return SelectBlind()
        if phase is Phase.ROUND:
            return self._round(game)
        if phase is Phase.CASH_OUT:
            return CashOut()
        if phase is Phase.SHOP:
            return self._shop(game)
        if phase is Phase.PACK:
            return self._pack(game)
        raise BalatroError(f"no legal action in phase {phase.value}")

    # -- the round ----------------------------------------------------------------------
    def _round(self, game: Game) -> Action:
        planet = self._usable_planet(game)
        if planet is not None:
            return planet
        hand = game.hand
        forced = {i for i, card in enumerate(hand) if card.forced}
        best: tuple[int, ...] = ()
        best_score = -1.0
        combos = _candidates(game, forced, self.per_group)
        for combo, result in zip(combos, game.preview_plays(combos, player=True), strict=True):
            if result.score > best_score:
                best, best_score = combo, result.score
        run = game.run
        needed = run.blind_chips - run.chips
        if run.discards_left > 0 and best_score * run.hands_left < needed:
            discard = _discard_choice(hand, forced)
            if discard and game.can(Discard(discard)):
                return Discard(discard)
        return Play(best)

    # -- the shop -----------------------------------------------------------------------
    def _shop(self, game: Game) -> Action:
        run = game.run
        if self._shop_round != run.round:
            self._shop_round, self._rerolls = run.round, 0
        planet = self._usable_planet(game)
        if planet is not None:
            return planet
        buy = self._best_joker(game)
        if buy is not None:
            return buy
        wanted = _planet_key(game)
        for slot, item in enumerate(game.shop):
            if not isinstance(item, Consumable) or item.key != wanted:
                continue
            if self._affordable(game, item.buy_cost) and game.can(Buy(slot)):
                return Buy(slot)
        for slot, key in enumerate(game.shop_vouchers):
            if self._affordable(game, shop.voucher_price(game, key)) and game.can(BuyVoucher(slot)):
                return BuyVoucher(slot)
        for slot, key in enumerate(game.shop_packs):
            booster = game.plugins.find(BoosterType, key)
            if booster.kind not in ("Buffoon", "Celestial"):
                continue
            if booster.kind == "Buffoon" and not game.has_room_for_joker():
                continue
            if self._affordable(game, shop.pack_price(game, booster)) and game.can(BuyPack(slot)):
                return BuyPack(slot)
        room = game.has_room_for_joker()
        price = shop.reroll_price(game)
        if room and self._rerolls < 2 and self._affordable(game, price + 5):
            self._rerolls += 1
            return Reroll()
        return EndShop()

    def _best_joker(self, game: Game) -> Action | None:
        """The dearest joker on offer that fits and that the money covers."""
        choices = []
        for slot, item in enumerate(game.shop):
            if isinstance(item, Joker) and item.buy_cost <= game.run.dollars:
                choices.append((item.buy_cost, -slot))
        for _, neg_slot in sorted(choices, reverse=True):
            if game.can(Buy(-neg_slot)):
                return Buy(-neg_slot)
        return None

    def _affordable(self, game: Game, price: int) -> bool:
        return price <= 0 or game.run.dollars - price >= self.reserve

    # -- packs and consumables ------------------------------------------------------------
    def _pack(self, game: Game) -> Action:
        wanted = _planet_key(game)
        ranked = sorted(
            range(len(game.pack)),
            key=lambda i: _pack_preference(game.pack[i], wanted),
            reverse=True,
        )
        for index in ranked:
            if _pack_preference(game.pack[index], wanted) > 0 and game.can(Pick(index)):
                return Pick(index)
        return SkipPack()

    def _usable_planet(self, game: Game) -> Action | None:
        for index, item in enumerate(game.consumables):
            if item.type.set == "Planet" and game.can(Use(index)):
                return Use(index)
        return None


#: What a set's detector finds, by rules key, then by the cards' ranks
#: and flush (see :func:`_candidates`): the hand and its scoring positions.
_DETECTIONS: dict[tuple[object, ...], dict[tuple[object, ...], tuple[HandType, tuple[int, ...]]]]
_DETECTIONS = {}

#: Detections kept at most (per rules key), like the detection cache's own bound.
DETECTIONS_LIMIT = 200_000


def _candidates(game: Game, forced: set[int], per_group: int) -> list[tuple[int, ...]]:
    """The plays worth scoring exactly: for each poker hand and number of cards, the
    ``per_group`` whose scoring cards carry the most chips (and hold the forced cards);
    the groups in the order their first play appears (by number of cards, then position),
    each group's plays by chips, the earlier play first on a tie.

    Every choice of 1-5 hand cards is detected. When the set's hands are found by shape
    (:attr:`~balatro_ecs.game.hands.Detector.shaped`: the game's are), detection depends on
    the cards only through their ranks, which of them make a flush, and (for High Card)
    which one ranks highest, so a detection is kept by ranks and flush and used again for
    every other choice with the same ones, in this hand and later ones: most choices cost
    a lookup, not a detection. The work per choice is done by ``map`` and
    ``itertools`` over all the choices of one size at once.
    """
    hand = game.hand
    n = len(hand)
    keys = [card.detect_key() for card in hand]
    ranks = tuple([key[0] for key in keys])
    suits = tuple([key[1] for key in keys])
    chips = tuple([card.chip_value + card.perma_bonus for card in hand])
    # One number per card that orders them as High Card picks: the highest ``order``, the
    # first position on a tie; and what each scores.
    tops = tuple([key[2] * (n + 1) - i for i, key in enumerate(keys)])
    chips_of_top = dict(zip(tops, chips, strict=True))
    # The game sorts the hand by rank after every draw: then the highest card of any choice
    # is its first, and no choice needs its maximum found.
    by_rank = all(map(operator.gt, tops, tops[1:]))
    rules_key = game.rules.detection_key()
    flush_size = rules_key[0]
    hands_of = detector(game.plugins)
    # A hand that does not declare ``by_shape`` may look at anything about the cards: its
    # set keeps detections by the cards themselves, apart from the shapes.
    shaped = hands_of.shaped
    table_key: tuple[object, ...] = rules_key if shaped else (rules_key, hands_of)
    known = _DETECTIONS.get(table_key)
    if known is None or len(known) >= DETECTIONS_LIMIT:
        known = _DETECTIONS[table_key] = {}
    detect = hands_of.detect
    combinations, repeat = itertools.combinations, itertools.repeat
    high_card = HandType.HIGH_CARD
    picked: list[tuple[int, ...]] = []
    for size in range(1, min(5, n) + 1):
        positions = _positions(n, size)
        # What detection depends on besides the High Card: ranks, and the flush.
        sub_ranks = combinations(ranks, size)
        shapes: list[tuple[object, ...]]
        if not shaped:
            shapes = list(combinations(keys, size))
        elif size < flush_size:  # too few cards for a flush
            shapes = list(zip(sub_ranks, repeat(None), strict=False))
        elif size == flush_size:  # a flush of all of them: a suit they all count as
            common = map(
                functools.reduce, repeat(operator.and_), combinations(suits, size), repeat(15)
            )
            shapes = list(zip(sub_ranks, map(bool, common), strict=True))
        else:
            shapes = [
                (r, _flush_shape(s, flush_size))
                for r, s in zip(sub_ranks, combinations(suits, size), strict=True)
            ]
        looked_up = list(map(known.get, shapes))
        if None in looked_up:
            for i, detection in enumerate(looked_up):
                if detection is None:
                    result = detect([keys[j] for j in positions[i]], rules_key)
                    looked_up[i] = known[shapes[i]] = (result.hand, result.scoring)
        found = cast("list[tuple[HandType, tuple[int, ...]]]", looked_up)
        hands: list[HandType] = list(map(_first, found))
        highs = (
            map(_first, combinations(chips, size))
            if by_rank
            else map(chips_of_top.__getitem__, map(max, combinations(tops, size)))
        )
        values = [
            high if found_hand[0] is high_card else sum(map(sub_chips.__getitem__, found_hand[1]))
            for sub_chips, found_hand, high in zip(
                combinations(chips, size), found, highs, strict=True
            )
        ]
        index: Sequence[int] = range(len(positions))
        if forced:
            index = [i for i in index if forced.issubset(positions[i])]
            hands = [hands[i] for i in index]
            values = [values[i] for i in index]
        # Each poker hand's plays, most chips first, the earlier play first on a tie.
        ranked = sorted(zip(hands, map(operator.neg, values), index, strict=True))
        best: dict[HandType, list[tuple[int, ...]]] = {}
        for hand_type, options in itertools.groupby(ranked, _first):
            best[hand_type] = [
                positions[option[2]] for option in itertools.islice(options, per_group)
            ]
        for hand_type in dict.fromkeys(hands):  # in the order the poker hands first appear
            picked += best[hand_type]
    return picked


@functools.lru_cache(maxsize=64)
def _positions(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of ``size`` of ``n`` positions, in order."""
    return tuple(itertools.combinations(range(n), size))


def _flush_shape(suits: tuple[int, ...], size: int) -> tuple[int, ...] | None:
    """The positions that make a flush of ``size`` among cards with these suit masks, as
    :func:`~balatro_ecs.game.hands.detect` finds it (the first suit, Spades to Diamonds, with
    ``size`` cards; all of them when there are exactly ``size``), or ``None``."""
    n = len(suits)
    if n > 5 or n < size:
        return None
    if n == size:
        common = 15
        for mask in suits:
            common &= mask
        return tuple(range(n)) if common else None
    for bit in (1, 2, 4, 8):
        members = tuple([pos for pos in range(n) if suits[pos] & bit])
        if len(members) >= size:
            return members
    return None


_first = operator.itemgetter(0)


def _planet_key(game: Game) -> str | None:
    """The Planet of the poker hand played most this run (Pair before any hand is played)."""
    stats = game.run.hands
    played = max(
        map(HandType, range(len(stats))),
        key=lambda hand: (stats[hand].played, hand == HandType.PAIR),
    )
    return planet_for(game, played)


def _pack_preference(item: object, wanted: str | None) -> int:
    if isinstance(item, Joker):
        return 10 + item.buy_cost
    if isinstance(item, Consumable):
        if item.key == wanted:
            return 9
        return 2 if item.type.set == "Planet" else 0
    return 0


def _discard_choice(hand: tuple[Card, ...], forced: set[int]) -> tuple[int, ...]:
    """Up to five cards to throw: keep a flush draw of four, else pairs, else a flush draw
    of three, else the high cards."""
    usable = [i for i, card in enumerate(hand) if card.enhancement != Enhancement.STONE]
    suits = Counter(hand[i].suit for i in usable)
    ranks = Counter(hand[i].rank for i in usable)
    suit, suited = suits.most_common(1)[0] if suits else (None, 0)
    if suited >= 4:
        keep = {i for i in usable if hand[i].suit == suit}
    elif any(n >= 2 for n in ranks.values()):
        keep = {i for i in usable if ranks[hand[i].rank] >= 2}
    elif suited >= 3:
        keep = {i for i in usable if hand[i].suit == suit}
    else:
        by_rank = sorted(usable, key=lambda i: hand[i].rank, reverse=True)
        keep = set(by_rank[:3])
    throw = sorted((i for i in range(len(hand)) if i not in keep), key=lambda i: hand[i].rank)[:5]
    chosen = set(throw) | forced
    while len(chosen) > 5:
        chosen.remove(max(chosen - forced, key=lambda i: hand[i].rank))
    return tuple(sorted(chosen))


#: The built-in policies by name (``balatro-ecs simulate --policy``).
POLICIES: dict[str, type[RandomPolicy] | type[GreedyPolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
}


def make_policy(name: str, seed: str = "") -> Policy:
    """A fresh policy by name, seeded for one run."""
    try:
        factory = POLICIES[name]
    except KeyError:
        raise BalatroError(
            f"unknown policy {name!r}; choose one of: {', '.join(sorted(POLICIES))}"
        ) from None
    return factory(seed)
