"""A game: one esper world, the run state resource, the ordered rows, and the plugins.

:class:`Game` owns everything about one run. The playing cards, jokers, consumables,
the blind and the deck are entities in its :class:`~balatro_ecs.world.World`; the order
of every area (draw pile, hand, play, discard, jokers, consumables) is kept as an
explicit row, because slot order decides outcomes; the row of jokers has a version that
changes on every add, remove, move or debuff, which is what invalidates the compiled
call plans and the rules.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any

from . import components as C
from .blinds import Blind, Deck
from .cards import Card, CardSpec
from .content import BlindType, ConsumableType, DeckType, JokerType
from .dispatch import JokerPlans
from .enums import Edition, Enhancement
from .errors import BalatroError
from .jokers import EDITION_SURCHARGE, Consumable, Joker
from .manager import Plugins
from .pools import draw_consumable
from .rng import GameRandom
from .rules import Rules
from .scoring.pipeline import score_play
from .scoring.result import ScoreResult
from .state import RunState
from .world import World

__all__ = ["Game"]

_CARD_AREAS = (C.Area.DECK, C.Area.HAND, C.Area.PLAY, C.Area.DISCARD)

#: The seed used when none is given (any fixed string keeps runs reproducible).
DEFAULT_SEED = "BALATRO1"


def _merge_state(base: dict[str, Any], overrides: Mapping[str, Any]) -> None:
    for name, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(base.get(name), dict):
            _merge_state(base[name], value)
        else:
            base[name] = value


class Game:
    """One run of Balatro (so far: enough of one to set up and score hands).

    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param deck: The deck (back), by name or key.
    :param seed: The run seed; every random draw derives from it.

    >>> game = Game()
    >>> for text in ("KH", "KS"):
    ...     _ = game.add_card(CardSpec.parse(text), C.Area.PLAY)
    >>> game.evaluate_play().score
    60
    """

    def __init__(
        self,
        *,
        plugins: Plugins | None = None,
        deck: str | DeckType = "Red Deck",
        seed: str = DEFAULT_SEED,
    ) -> None:
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.world = World()
        self.run = RunState()
        self.rng = GameRandom(seed)
        self.rules = Rules()
        self._areas: dict[C.Area, list[Card]] = {area: [] for area in _CARD_AREAS}
        self.jokers: list[Joker] = []
        self.consumables: list[Consumable] = []
        self.blind: Blind | None = None
        deck_type = deck if isinstance(deck, DeckType) else self.plugins.deck(deck)
        self.deck = Deck(self.world.create(C.DeckKind(deck_type.key)), deck_type)
        self._serial = itertools.count(1)
        #: Playing cards per enhancement, kept current as cards come, go and change.
        self._tally = [0] * len(Enhancement)
        self.row_version = 0
        self._plans: JokerPlans | None = None
        self._synced: tuple[int, int] | None = None

    # -- playing cards ------------------------------------------------------------------
    def area(self, area: C.Area) -> list[Card]:
        """The live row of an area (the engine's own list: do not mutate it directly)."""
        return self._areas[area]

    def cards(self, area: C.Area) -> tuple[Card, ...]:
        """The cards in an area, left to right."""
        return tuple(self._areas[area])

    @property
    def playing_cards(self) -> list[Card]:
        """Every playing card the run owns, in any area (the game's ``G.playing_cards``)."""
        out: list[Card] = []
        for area in _CARD_AREAS:
            out.extend(self._areas[area])
        return out

    def add_card(
        self, spec: CardSpec, area: C.Area = C.Area.DECK, index: int | None = None
    ) -> Card:
        """Create a playing card in ``area`` (at the end, or at ``index``)."""
        comps = spec.components(next(self._serial), area)
        entity = self.world.create(*comps)
        card = Card(entity, comps, self.rules, self._tally)
        self._tally[spec.enhancement] += 1
        row = self._areas[area]
        row.insert(len(row) if index is None else index, card)
        self._renumber(row)
        self._debuff_card(card)
        return card

    def move_card(self, card: Card, area: C.Area, index: int | None = None) -> None:
        """Move a card to another area (or another slot of its own)."""
        old = self._areas[card.zone.area]
        old.remove(card)
        self._renumber(old)
        row = self._areas[area]
        row.insert(len(row) if index is None else index, card)
        card.zone.area = area
        self._renumber(row)

    def destroy_card(self, card: Card) -> None:
        """Remove a playing card from the run for good."""
        row = self._areas[card.zone.area]
        row.remove(card)
        self._renumber(row)
        self._tally[card.enhancement] -= 1
        card._tally = None
        self.world.delete(card.entity)

    @staticmethod
    def _renumber(row: list[Any]) -> None:
        for i, item in enumerate(row):
            item.zone.slot = i

    def enhancement_counts(self) -> Counter[Enhancement]:
        """How many playing cards the run owns with each enhancement."""
        return Counter({Enhancement(kind): n for kind, n in enumerate(self._tally) if n})

    # -- jokers and consumables ----------------------------------------------------------
    def add_joker(
        self,
        joker: str | JokerType,
        *,
        edition: Edition = Edition.NONE,
        state: Mapping[str, Any] | None = None,
        debuff: bool = False,
        eternal: bool = False,
        sell_value: int | None = None,
        index: int | None = None,
    ) -> Joker:
        """Add a joker to the row (at the end, or at ``index``) and run its ``joker_added``.

        ``state`` overrides its starting counters (nested ``extra`` values merge).
        """
        jtype = joker if isinstance(joker, JokerType) else self.plugins.joker(joker)
        counters = jtype.initial_state()
        counters["hands_played_at_create"] = self.run.hands_played
        if state:
            _merge_state(counters, state)
        comps: dict[type, Any] = {
            C.JokerKind: C.JokerKind(jtype.key),
            C.Counters: C.Counters(counters),
            C.Edition: C.Edition(Edition(edition)),
            C.Debuff: C.Debuff(forced=debuff),
            C.Stickers: C.Stickers(eternal=eternal),
            C.Price: C.Price(jtype.cost + EDITION_SURCHARGE[Edition(edition)], sell_value),
            C.Serial: C.Serial(next(self._serial)),
            C.Zone: C.Zone(C.Area.JOKERS),
        }
        entity = self.world.create(*comps.values())
        handle = Joker(entity, jtype, comps)
        self.jokers.insert(len(self.jokers) if index is None else index, handle)
        self._renumber(self.jokers)
        self._row_changed()
        if not handle.debuffed:
            added = self.plugins.impl("joker_added", jtype.key)
            if added is not None:
                added(self, handle)
        return handle

    def remove_joker(self, joker: Joker) -> None:
        """Take a joker out of the run."""
        self.jokers.remove(joker)
        self._renumber(self.jokers)
        self.world.delete(joker.entity)
        self._row_changed()

    def move_joker(self, joker: Joker, index: int) -> None:
        """Move a joker to another slot."""
        self.jokers.remove(joker)
        self.jokers.insert(index, joker)
        self._renumber(self.jokers)
        self._row_changed()

    def set_joker_debuff(self, joker: Joker, debuffed: bool) -> None:
        """Force a joker's debuff on or off."""
        joker._debuff.forced = debuffed
        self._row_changed()

    @property
    def joker_limit(self) -> int:
        """Joker slots: the run's slots plus one per Negative joker."""
        return self.run.joker_slots + sum(1 for j in self.jokers if j.edition == Edition.NEGATIVE)

    def add_consumable(
        self, consumable: str | ConsumableType, *, edition: Edition = Edition.NONE
    ) -> Consumable:
        """Add a Tarot, Planet or Spectral card to the consumable area."""
        ctype = (
            consumable
            if isinstance(consumable, ConsumableType)
            else self.plugins.consumable(consumable)
        )
        comps: dict[type, Any] = {
            C.ConsumableKind: C.ConsumableKind(ctype.key),
            C.Counters: C.Counters(dict(ctype.config)),
            C.Edition: C.Edition(Edition(edition)),
            C.Price: C.Price(ctype.cost + EDITION_SURCHARGE[Edition(edition)]),
            C.Zone: C.Zone(C.Area.CONSUMABLES, len(self.consumables)),
        }
        entity = self.world.create(*comps.values())
        handle = Consumable(entity, ctype, comps)
        self.consumables.append(handle)
        return handle

    @property
    def consumable_limit(self) -> int:
        """Consumable slots: the run's slots plus one per Negative consumable."""
        return self.run.consumable_slots + sum(
            1 for c in self.consumables if c.edition == Edition.NEGATIVE
        )

    def create_consumable_from_pool(self, card_set: str, key_append: str = "") -> Consumable:
        """Create a random card of ``card_set`` from the game's pool (8 Ball, Séance, ...)."""
        return self.add_consumable(
            self.plugins.consumable(draw_consumable(self, card_set, key_append))
        )

    # -- blind ---------------------------------------------------------------------------
    def set_blind(self, blind: str | BlindType) -> Blind:
        """Make ``blind`` the active blind and apply its card debuffs."""
        btype = blind if isinstance(blind, BlindType) else self.plugins.blind(blind)
        if self.blind is not None:
            self.world.delete(self.blind.entity)
        state = C.BlindState()
        entity = self.world.create(C.BlindKind(btype.key), state)
        self.blind = Blind(entity, btype, state)
        self._refresh_debuffs()
        return self.blind

    def disable_blind(self) -> None:
        """Disable the active blind's ability (Chicot, Luchador)."""
        if self.blind is not None and not self.blind.disabled:
            self.blind._state.disabled = True
            self._refresh_debuffs()

    def _debuff_card(self, card: Card) -> None:
        blind = self.blind
        if blind is None or blind.disabled:
            card.set_debuff(by_blind=False)
            return
        rule = self.plugins.impl("blind_debuff_card", blind.key)
        card.set_debuff(by_blind=bool(rule(self, blind, card)) if rule is not None else False)

    def _refresh_debuffs(self) -> None:
        for card in self.playing_cards:
            card.rules_changed()
            self._debuff_card(card)

    # -- rules and plans -----------------------------------------------------------------
    def _row_changed(self) -> None:
        self.row_version += 1

    def _sync(self) -> None:
        """Rebuild the rules and call plans if the joker row or the plugin set changed."""
        key = (self.row_version, self.plugins.version)
        if key == self._synced:
            return
        rules = self.rules
        before = rules.detection_key(), rules.all_faces
        rules.reset()
        hook = self.plugins.table("joker_rules")
        for joker in self.jokers:
            fn = hook.get(joker.type.key)
            if fn is not None and not joker.debuffed:
                fn(joker, rules)
        self._plans = JokerPlans(self.plugins, self.jokers)
        self._synced = key
        if (rules.detection_key(), rules.all_faces) != before:
            self._refresh_debuffs()

    @property
    def plans(self) -> JokerPlans:
        """The call plans for the current joker row."""
        self._sync()
        assert self._plans is not None
        return self._plans

    # -- playing a hand ------------------------------------------------------------------
    def evaluate_play(self) -> ScoreResult:
        """Score the cards in the play area, holding the cards in hand.

        This is the game's ``evaluate_play``: it changes the game as scoring does
        (hand counts, joker counters, money). Cards destroyed by the hand are removed.
        """
        if not self._areas[C.Area.PLAY]:
            raise BalatroError("no cards in the play area to score")
        if len(self._areas[C.Area.PLAY]) > 5:
            raise BalatroError(
                f"at most 5 cards can be played, got {len(self._areas[C.Area.PLAY])}"
            )
        return score_play(self, self.plans)

    def _after_scoring(self, ctx: Any) -> None:
        """What the game's queued events do once a hand is scored."""
        for card in ctx.destroyed:
            if card in self._areas[card.zone.area]:
                self.destroy_card(card)
        for joker in ctx.jokers_destroyed:
            if joker in self.jokers:
                self.remove_joker(joker)
        for card_set, key_append in ctx.consumables_pending:
            self.create_consumable_from_pool(card_set, key_append)

    # -- lifecycle -----------------------------------------------------------------------
    def close(self) -> None:
        """Free the game's esper world now (also done when the game is collected)."""
        self.world.close()

    def __repr__(self) -> str:
        return (
            f"<Game deck={self.deck.name!r} ante={self.run.ante} ${self.run.dollars} "
            f"jokers={[j.name for j in self.jokers]}>"
        )
