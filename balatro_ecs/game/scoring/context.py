"""The scoring context: one played hand's transient state, handed to every scoring hook.

It holds what the game calls ``hand_chips`` and ``mult`` plus the played, scoring and
held cards, the joker row and the run state. Hooks read it freely; they change the
score only by returning effects, and change the world through its methods
(:meth:`ScoringContext.set_enhancement`, :meth:`ScoringContext.copy_to_hand`, ...), which
record what they did in the breakdown.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...kernel.components import Area
from ...kernel.enums import HAND_NAMES, Enhancement, HandType
from ...kernel.rng import first_draw
from .. import chances
from ..cards import Card
from ..hands import Detection
from ..modifiers import CardModifiers, card_modifiers
from ..state import ROWS_WRITTEN

if TYPE_CHECKING:
    from ...kernel.rng import GameRandom
    from ..blinds import Blind, Deck
    from ..dispatch import JokerPlans, ScoringPlans
    from ..game import Game
    from ..jokers import Consumable, Joker
    from ..rules import Rules
    from ..state import RunState

__all__ = ["ScoringContext"]

#: ``first_draw`` by its seed value: the draw is a pure function of it, and scenarios
#: (fresh games on one seed) start every stream from the same values, so the draws a hand
#: makes repeat from one scenario to the next. Bounded; emptied when full.
_DRAWS: dict[float, float] = {}
_DRAWS_LIMIT = 4096


def _draw(d: float) -> float:
    """``math.randomseed(d); math.random()`` (``rng.first_draw``), memoised. ``d`` is never
    ``-0.0`` or NaN (a stream's seed value is a mean of two values in ``[0, 1)``), so
    equal keys are equal bits."""
    value = _DRAWS.get(d)
    if value is None:
        if len(_DRAWS) >= _DRAWS_LIMIT:
            _DRAWS.clear()
        value = _DRAWS[d] = first_draw(d)
    return value


_PLAY = Area.PLAY
_DECK = Area.DECK
_NONE = Enhancement.NONE
_HAND = Area.HAND
_HIGH_CARD = HandType.HIGH_CARD


class ScoringContext:
    """Everything about the hand being scored.

    Read-only for hooks, apart from the methods that change the world.

    :ivar chips: current chips (the game's ``hand_chips``).
    :ivar mult: current mult.
    :ivar hand: the detected :class:`~balatro_ecs.kernel.enums.HandType`.
    :ivar hand_name: its name, e.g. ``"Two Pair"``.
    :ivar played: every played card, left to right (the game's ``full_hand``).
    :ivar scoring: the cards that score, left to right (``scoring_hand``).
    :ivar held: the cards still in hand, left to right.
    :ivar jokers: the joker row, left to right.
    :ivar dollar_buffer: money earned so far this hand, not yet added to the run.
    :ivar lucky_trigger: whether the card being evaluated hit a Lucky chance (Lucky Cat);
        an ``enhancement_scored`` hook sets it, the engine clears it after the card.
    :ivar debuffed: whether the blind refused the hand.
    :ivar extra_draw_pile: plain cards (2 of Spades) in the draw pile that the game holds
        only as a number, besides the cards in its row: a scenario's unlisted draw pile,
        which no joker looks at card by card (see :meth:`draw_pile_size`).
    :ivar extra_discard_pile: the same for the discard pile.
    """

    __slots__ = (
        "_changes",
        "_created",
        "_memo",
        "_tally",
        "blind",
        "calls",
        "chips",
        "consumables",
        "consumables_pending",
        "debuffed",
        "deck",
        "destroyed",
        "detection",
        "dollar_buffer",
        "events",
        "extra_discard_pile",
        "extra_draw_pile",
        "game",
        "hand",
        "hand_name",
        "held",
        "jokers",
        "jokers_destroyed",
        "lucky_trigger",
        "mods",
        "mult",
        "paid",
        "phase",
        "plans",
        "played",
        "rng",
        "rules",
        "run",
        "score",
        "scoring",
    )

    def __init__(
        self,
        game: Game,
        plans: JokerPlans,
        extra_draw_pile: int = 0,
        extra_discard_pile: int = 0,
    ) -> None:
        self.game = game
        self.run: RunState = game.run
        self.rng: GameRandom = game.rng
        self.rules: Rules = game._rules  # current: the caller synced them to get ``plans``
        self.blind: Blind | None = game.blind
        self.deck: Deck = game.deck
        self.plans = plans
        #: The plans of the scoring hooks, looked up once for the whole hand.
        self.calls: ScoringPlans = plans._scoring or plans.scoring()
        #: The enhancements', editions' and seals' hooks, per kind.
        self.mods: CardModifiers = card_modifiers(game.plugins)
        areas = game._areas
        self.played: list[Card] = areas[_PLAY]
        self.held: list[Card] = areas[_HAND]
        self.jokers: list[Joker] = game.jokers
        self.consumables: list[Consumable] = game.consumables
        self.detection: Detection | None = None
        self.hand: HandType = _HIGH_CARD
        self.hand_name = ""
        self.scoring: list[Card] = []
        self.chips = 0.0
        self.mult = 0.0
        self.score: int | float = 0  # inf past the double range
        self.dollar_buffer = 0
        #: Positions in :attr:`events` of money already paid when it was recorded (The
        #: Ox), not part of :attr:`dollar_buffer`.
        self.paid: tuple[int, ...] = ()
        self.lucky_trigger = False
        self.debuffed = False
        self.destroyed: list[Card] = []
        self.jokers_destroyed: list[Joker] = []
        self.consumables_pending: list[tuple[str, str]] = []
        self._memo: dict[str, Any] | None = None  # made when first used (see memo)
        self.events: list[tuple[Any, ...]] = []
        self.phase = "detect"
        self.extra_draw_pile = extra_draw_pile
        self.extra_discard_pile = extra_discard_pile
        # Rarely anything: tuples, so that a hand without changes makes no list.
        self._changes: tuple[tuple[Enhancement, Enhancement], ...] = ()
        self._created: tuple[Card, ...] = ()
        self._tally: Counter[Enhancement] | None = None

    @property
    def memo(self) -> dict[str, Any]:
        """Scratch space for plugins' per-hand computations, keyed by the plugin's content
        key (made the first time a hand asks for it)."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        return memo

    # -- questions hooks ask -------------------------------------------------------------
    def contains(self, hand: HandType | str) -> bool:
        """Does the played hand contain ``hand`` (a Pair inside a Full House, ...)?"""
        if isinstance(hand, str):
            hand = HandType.from_name(hand)
        assert self.detection is not None
        return bool(self.detection.contains >> hand & 1)

    @property
    def probability(self) -> float:
        """The numerator of every "1 in N" chance (1 normally, 2 with Oops! All 6s)."""
        return self.run.probability * self.rules.probability_scale

    def chance(self, key: str, odds: float, source: object = None) -> bool:
        """A "1 in ``odds``" roll on the game's stream ``key``, for ``source`` (the card or
        joker that rolls, which the jokers' ``joker_mod_probability`` hooks are told).

        The same as ``rng.random(key) < probability / odds``: the stream always moves on,
        but a roll that cannot fail or cannot succeed ("always", "never") skips the draw
        itself, whose value is in ``[0, 1)``; the draw is memoised (:func:`_draw`).
        """
        calls = self.calls
        if calls.mod_probability or calls.fix_probability or calls.pseudorandom_result:
            return self._chance_with_jokers(key, odds, source)
        threshold = self.probability / odds
        d = self.rng.seed_for(key)
        if threshold >= 1.0:
            return True
        if threshold <= 0.0:
            return False
        return _draw(d) < threshold

    def _chance_with_jokers(self, key: str, odds: float, source: object) -> bool:
        calls = self.calls
        game = self.game
        numerator, denominator = chances.odds(
            game, calls.mod_probability, calls.fix_probability, odds, self.probability, key, source
        )
        threshold = numerator / denominator
        d = self.rng.seed_for(key)
        result = threshold >= 1.0 or (threshold > 0.0 and _draw(d) < threshold)
        if calls.pseudorandom_result:
            chances.tell_result(
                game, calls.pseudorandom_result, result, numerator, denominator, key, source
            )
        return result

    @property
    def dollars(self) -> int:
        """Money as the game counts it mid-hand: the run's money plus money earned so far."""
        return self.run.dollars + self.dollar_buffer

    def draw_pile_size(self) -> int:
        """Cards left in the draw pile (Blue Joker)."""
        return len(self.game._areas[_DECK]) + self.extra_draw_pile

    def deck_size(self) -> int:
        """Playing cards the run owns, in every area: the game's ``#G.playing_cards``
        (Erosion compares it with the starting deck)."""
        return len(self.game.playing_cards) + self.extra_draw_pile + self.extra_discard_pile

    def deck_enhancements(self) -> Counter[Enhancement]:
        """Enhancement counts over every playing card, as they were when the hand began.

        The game tallies the deck for Steel Joker, Stone Joker and Driver's License between
        frames, so changes made while a hand scores (Vampire, Midas Mask, DNA) are not
        counted until the next hand.
        """
        if self._tally is None:
            counts = self.game.enhancement_counts()
            extra = self.extra_draw_pile + self.extra_discard_pile
            if extra:  # plain cards held as a number: unenhanced, first in tally order
                plain: Counter[Enhancement] = Counter({_NONE: extra})
                plain.update(counts)
                counts = plain
            for old, new in self._changes:
                counts[new] -= 1
                counts[old] += 1
            for card in self._created:
                counts[card.enhancement] -= 1
            self._tally = counts
        return self._tally

    def hand_stats(self, hand: HandType | None = None) -> Any:
        """The :class:`~balatro_ecs.game.state.HandLevel` of ``hand`` (default: the played hand)."""
        return self.run.hands[self.hand if hand is None else hand]

    # -- changing the world ----------------------------------------------------------------
    def set_enhancement(self, card: Card, enhancement: Enhancement, source: object) -> None:
        """Change a card's enhancement (Midas Mask, Vampire) and record it; the jokers hear
        of it (``joker_card_changed``).

        As in the game, the blind looks at the changed card again at once: a Stone Spade
        that Vampire strips is a Spade, debuffed under The Goad, and does not score.
        """
        game = self.game
        before = card.spec() if game._planned("joker_card_changed") else None
        self._changes += ((card.enhancement, Enhancement(enhancement)),)
        card.set_enhancement(enhancement)
        game._debuff_card(card)
        self.events.append(
            (self.phase, source, "enhance", Enhancement(enhancement), card, self.chips, self.mult)
        )
        if before is not None:  # the jokers hear of it at once (Steamodded's setting_ability)
            game.each_joker("joker_card_changed", card, before, card.spec(), source)

    def level_up(self, hand: HandType, levels: int, source: object) -> None:
        """Change a poker hand's level (at least 0) and record it; the jokers hear of it
        (``joker_hand_levelled``)."""
        stats = self.run.hand(hand)
        ROWS_WRITTEN[0] += 1
        stats.level = max(0, stats.level + levels)
        self.events.append(
            (self.phase, source, "level", levels, HAND_NAMES[hand], self.chips, self.mult)
        )
        self.game._hand_levelled(hand, levels, source)

    def copy_to_hand(self, card: Card, source: object) -> Card:
        """Add a permanent copy of ``card`` to the deck and draw it to hand (DNA); the
        jokers are told at once that a playing card was added (Hologram grows before it
        scores this hand)."""
        spec = card.spec().replace(debuff=False)
        new = self.game.add_card(spec, Area.HAND)
        self._created += (new,)
        self.events.append((self.phase, source, "create", None, new, self.chips, self.mult))
        self.game.playing_cards_added((new,))
        return new

    def add_perma_bonus(self, card: Card, chips: int, source: object) -> None:
        """Give a card chips for good (Hiker) and record it."""
        card.add_perma_bonus(chips)
        self.events.append(
            (self.phase, source, "message", f"+{chips} chips for good", card, self.chips, self.mult)
        )

    def set_dollars(self, dollars: int, source: object) -> None:
        """Set the run's money at once (The Ox) and record the change."""
        change = dollars - self.run.dollars
        self.game.earn(change, source)
        self.paid += (len(self.events),)
        self.events.append((self.phase, source, "dollars", change, None, self.chips, self.mult))

    def destroy_joker(self, joker: Joker, source: object) -> None:
        """Remove a joker once the hand is over (Ice Cream melts, Seltzer is drunk)."""
        if joker not in self.jokers_destroyed:
            self.jokers_destroyed.append(joker)
            self.events.append((self.phase, source, "destroy", None, joker, self.chips, self.mult))

    def create_consumable(self, card_set: str, key_append: str, source: object) -> bool:
        """Create a random ``card_set`` card ("Tarot", "Planet", "Spectral") if there is room.

        Draws from the game's pool for that set on the stream the game uses
        (``card_set + key_append + ante``). Returns whether a card was made.
        """
        if len(self.consumables) + len(self.consumables_pending) >= self.game.consumable_limit:
            return False
        # Like the game, the card appears once the hand is over: it takes no part in this one.
        self.consumables_pending.append((card_set, key_append))
        self.events.append((self.phase, source, "create", None, card_set, self.chips, self.mult))
        return True

    def note(self, source: object, message: str) -> None:
        """Record a message in the breakdown (no numbers change)."""
        self.events.append((self.phase, source, "message", message, None, self.chips, self.mult))
