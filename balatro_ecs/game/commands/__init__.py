"""The commands plugins call on a game, as one documented, typed protocol.

Hooks receive the :class:`~balatro_ecs.game.Game` (typed :class:`GameCommands` in the hook
specifications): what a plugin reads on it (the run record, the rows, the random streams)
and the methods it calls to change it (earn money, add a joker, destroy a card, create a
card from a pool, set a sticker, queue an effect, disable the blind...). This protocol
lists them all; ``docs/objects.md`` lists them too, and a test keeps the three in step.

The implementation is layered, each layer using only those below it, and
:class:`~balatro_ecs.game.Game` inherits the top one (:class:`Commands`), so a call costs
what a method call costs:

* :class:`~balatro_ecs.game.core.GameCore`: the state, and the rows read;
* :class:`~balatro_ecs.game.sync.RulesSync`: the rules and call plans kept in step;
* :class:`~balatro_ecs.game.commands.run.RunCommands`: money, levels, chances, prices, the
  record, the queue, the blind, the jokers' hooks, scoring the hand in play;
* :class:`~balatro_ecs.game.commands.cards.CardCommands`: playing cards, the hand's
  layout and size;
* :class:`~balatro_ecs.game.commands.blinds.BlindCommands`: the blind (its debuffs and
  hand size reach the cards);
* :class:`~balatro_ecs.game.commands.jokers.JokerCommands`: jokers, stickers, consumables;
* :class:`~balatro_ecs.game.commands.shop.ShopCommands`: tags, shop offers, packs opened.

What a *player* does (legal actions, apply, snapshot, save) is the
:class:`~balatro_ecs.game.Game`'s own; what the engine does between (the schedule's
systems) is :mod:`balatro_ecs.game.events`'.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ...kernel import components as C
from ...kernel.enums import Edition
from .blinds import BlindCommands
from .cards import CardCommands
from .jokers import JokerCommands
from .run import RunCommands
from .shop import ShopCommands

if TYPE_CHECKING:
    from ...kernel.content import (
        BlindType,
        BoosterType,
        ConsumableType,
        JokerType,
        StakeType,
        StickerType,
        TagType,
        VoucherType,
    )
    from ...kernel.effects import Effect
    from ...kernel.enums import Enhancement, HandType, Seal, Suit
    from ...kernel.manager import Plugins
    from ...kernel.rng import GameRandom
    from ..actions import Outcome
    from ..blinds import Blind, Deck
    from ..cards import Card, CardSpec, CardTemplate
    from ..dispatch import JokerPlans
    from ..jokers import Consumable, Joker
    from ..rules import Rules
    from ..scoring.result import ScoreResult
    from ..state import Phase, RunState

__all__ = [
    "BlindCommands",
    "CardCommands",
    "Commands",
    "GameCommands",
    "JokerCommands",
    "RunCommands",
    "ShopCommands",
]


class Commands(ShopCommands):
    """Every command (:class:`GameCommands`): the layers :class:`~balatro_ecs.game.Game`
    inherits."""


class GameCommands(Protocol):
    """What a plugin may read and call on the game its hooks receive.

    Read-only by contract unless a command says otherwise: change the game through the
    methods, not by assigning to the rows.
    """

    #: The plugin set the game was made with.
    plugins: Plugins
    #: The run seed; every random draw derives from it.
    seed: str
    #: The run record: money, ante, round, hands and discards left, hand levels, the phase.
    run: RunState
    #: The game's seeded random streams (never use Python's ``random``).
    rng: GameRandom
    #: The jokers, in slot order.
    jokers: list[Joker]
    #: The consumables held, in slot order.
    consumables: list[Consumable]
    #: Shop offers: cards (jokers and consumables), then vouchers and packs (by key).
    shop: list[Joker | Consumable | Card]
    shop_vouchers: list[str]
    shop_packs: list[str]
    #: The shop's packs cost nothing this visit (Coupon Tag).
    free_packs: bool
    #: The open booster pack: its key, its cards, and picks left.
    pack_key: str | None
    pack: list[Joker | Consumable | Card]
    pack_picks: int
    #: The active blind (``None`` outside a round).
    blind: Blind | None
    #: The deck (back) the run is played with, and its stake.
    deck: Deck
    stake: StakeType | None
    #: What happened during the current action: ``(phase, source, kind, value, target)``.
    events: list[tuple[Any, ...]]
    #: Every applied action, with what it did.
    log: list[Outcome]
    #: Jokers that queued effects will make, not in the row yet.
    joker_buffer: int
    #: Changes whenever the joker row does (added, removed, moved, debuffed).
    row_version: int

    # -- reading the rows (GameCore) ---------------------------------------------------
    @property
    def phase(self) -> Phase:
        """Where the run is: blind select, round, cash-out, shop, pack, game over."""

    def area(self, area: C.Area) -> list[Card]:
        """The live row of an area (the engine's own list: do not mutate it directly)."""

    def cards(self, area: C.Area) -> tuple[Card, ...]:
        """The cards in an area, left to right."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards in hand, left to right."""

    @property
    def playing_cards(self) -> list[Card]:
        """Every playing card the run owns, in any area (the game's ``G.playing_cards``)."""

    # -- the rules and the call plans (RulesSync) -----------------------------------
    def refresh_rules(self) -> None:
        """Rebuild the rules now (call after changing state a ``joker_rules`` hook reads)."""

    @property
    def rules(self) -> Rules:
        """The rules in force: the defaults as changed by the jokers and vouchers held now."""

    @property
    def plans(self) -> JokerPlans:
        """The call plans for the current joker row."""

    # -- the run: money, levels, chances, prices, queue, jokers (commands.run) ---------
    def record(self, source: object, kind: str, value: Any = None, target: object = None) -> None:
        """Record something that happened during the current action."""

    def earn(self, dollars: int, source: object = None) -> None:
        """Add (or, if negative, take) money, recording who paid it; the jokers'
        ``joker_money`` hooks may change the amount first."""

    def level_up(self, hand: HandType, levels: int = 1, source: object = None) -> None:
        """Change a poker hand's level (never below 0); then each joker's ``joker_hand_levelled``
        hook hears of it, in slot order."""

    def change_ante(self, change: int, *, source: object = None) -> int:
        """Move the ante by ``change`` (Hieroglyph: ``-1``); the jokers'
        ``joker_ante_change`` hooks may change it first. Returns the change made."""

    def planet_for(self, hand: HandType) -> str | None:
        """The key of the Planet card that levels ``hand`` (``None``: no plugin gives one)."""

    def set_interest(
        self,
        *,
        cap: int | None = None,
        per_5: int | None = None,
        enabled: bool | None = None,
        source: object = None,
    ) -> None:
        """Change the interest cash-out pays, for the rest of the run: the money it counts up
        to (``cap``), what each $5 pays (``per_5``), whether any is paid (``enabled``)."""

    def set_money_per(
        self, *, hand: int | None = None, discard: int | None = None, source: object = None
    ) -> None:
        """Change what cash-out pays for each hand and each discard left, for the rest of the
        run (Green Deck)."""

    def count_use(self, counter: str, key: str | None = None) -> None:
        """Count a consumable used: ``tarots_used`` or ``spectrals_used`` go up by one,
        ``planets_used`` adds ``key`` once (a consumable set's ``consumable_set_used``)."""

    def set_last_tarot_planet(self, key: str) -> None:
        """Remember ``key`` as the last Tarot or Planet card used (what The Fool makes)."""

    def set_pool_flag(self, flag: str, on: bool = True) -> None:
        """Raise (or lower) a flag of the run's pools (Gros Michel extinct lets Cavendish
        appear); saved with the run."""

    def add_hands(self, hands: int, *, every_round: bool = False, source: object = None) -> None:
        """Add (or, if negative, take away) hands left this round (never below 0); with
        ``every_round``, every round from now on starts with that many more too (Grabber)."""

    def add_discards(
        self, discards: int, *, every_round: bool = False, source: object = None
    ) -> None:
        """Add (or, if negative, take away) discards left this round (never below 0); with
        ``every_round``, every round from now on starts with that many more too (Wasteful)."""

    def add_joker_slots(self, slots: int, source: object = None) -> None:
        """More (or fewer) joker slots for the rest of the run (Antimatter, Black Deck)."""

    def add_consumable_slots(self, slots: int, source: object = None) -> None:
        """More (or fewer) consumable slots for the rest of the run (Crystal Ball)."""

    def apply_effect(self, effect: Effect | None, source: object = None) -> None:
        """Apply what an Effect asks for outside a scored hand: its dollars (through the money
        chain), hands and discards, and its message."""

    def chance(self, key: str, odds: float, source: object = None) -> bool:
        """A "1 in ``odds``" roll on the game's stream ``key`` (Oops! All 6s doubles it), for
        ``source`` (the card or joker that rolls); the jokers' probability hooks may change
        the odds and hear the result."""

    def price(self, base: int, edition: Edition = Edition.NONE) -> int:
        """A shop price: base plus edition surcharge and inflation, less the discount (a joker's
        stickers may change it: :meth:`joker_price`)."""

    def reprice(self, item: Joker | Consumable) -> None:
        """Recompute what a joker or consumable costs (and so sells for) now."""

    def set_edition(self, item: Joker | Consumable, edition: Edition) -> None:
        """Give a joker or consumable an edition; its price and sell value follow, as in the game
        (a Polychrome from The Wheel of Fortune raises the joker's sell value)."""

    def queue(self, event: Callable[[], Any]) -> None:
        """Run ``event`` when the current pass is over, after the events queued before it."""

    def run_queued(self) -> None:
        """Run the queued events in order (and any they queue); the joker buffer empties."""

    def each_joker(self, hook: str, *args: Any) -> list[tuple[Joker, Any]]:
        """Call a joker hook for every joker in slot order (copies resolved); return results."""

    @property
    def hand_size(self) -> int:
        """Cards the hand holds this round: base, jokers, vouchers, the blind, tags."""

    def evaluate_play(self) -> ScoreResult:
        """Score the cards in the play area, holding the cards in hand."""

    # -- playing cards (commands.cards) ------------------------------------------------
    def add_card(
        self, spec: CardSpec, area: C.Area = C.Area.DECK, index: int | None = None
    ) -> Card:
        """Create a playing card in ``area`` (at the end, or at ``index``)."""

    def set_up_cards(
        self, specs: Iterable[CardSpec] | CardTemplate, area: C.Area = C.Area.DECK
    ) -> None:
        """Create cards at the end of ``area`` in one go, to set a game up (a run's starting deck,
        a scenario's piles): no per-card events, since setting up is not something that
        happens during play, and the row numbered once. Made before any blind."""

    def new_card(self, spec: CardSpec, area: C.Area) -> Card:
        """Create a playing card outside the run's rows (a shop or pack offer)."""

    def take_card(self, card: Card, area: C.Area = C.Area.DECK, index: int | None = None) -> None:
        """A card made by :meth:`new_card` joins the run in ``area`` (at the end of its row, or at
        ``index``)."""

    def drop_offer(self, item: Card | Joker | Consumable) -> None:
        """Delete a shop or pack offer that nobody took."""

    def move_card(self, card: Card, area: C.Area, index: int | None = None) -> None:
        """Move a card to another area (or another slot of its own)."""

    def destroy_card(self, card: Card) -> None:
        """Remove a playing card from the run for good."""

    def destroy_cards(
        self, cards: Iterable[Card], *, shatter_seen: bool = True
    ) -> tuple[Card, ...]:
        """Destroy playing cards by an effect (The Hanged Man), then let the jokers react to their
        loss (Glass Joker, Canio); returns the cards destroyed."""

    def enhancements_of(self, card: Card) -> tuple[Enhancement, ...]:
        """The enhancements ``card`` counts as having: its own, then those the jokers'
        ``joker_check_enhancement`` give it (quantum enhancements)."""

    def card_changed(
        self, card: Card, source: object = None, before: CardSpec | None = None
    ) -> None:
        """A playing card's rank, suit, enhancement or look was changed by an effect (a Tarot
        card): the blind's debuff is checked again, the change is recorded, and the jokers hear
        of it (``joker_card_changed``, told ``before``: the card's spec before the change)."""

    def playing_cards_added(self, cards: Iterable[Card]) -> None:
        """Tell the jokers that playing cards joined the deck (Hologram)."""

    def enhancement_counts(self) -> Counter[Enhancement]:
        """How many playing cards the run owns with each enhancement."""

    def shuffle_deck(self, stream: str) -> None:
        """Shuffle the draw pile the game's way (sorted by creation, then Fisher-Yates)."""

    def sort_hand(self, by: str | None = None) -> None:
        """Sort the hand as the game does: by rank (Aces first) or by suit; by default the
        way the player last chose (``run.hand_sort``), as every draw sorts it."""

    def rearrange(self, row: str, order: Sequence[int]) -> None:
        """Put the hand or the consumables in a new order, as a player drags them:
        ``order[i]`` is the present position of the card that goes to position ``i``."""

    def change_hand_size(self, cards: int, *, until: str = "run", source: object = None) -> None:
        """Change the hand size by ``cards`` for the rest of the run (``"run"``), the next round
        (``"round"``) or while the current blind is played (``"blind"``); a hand size that grows
        mid-round draws at once."""

    def discard(self, cards: Iterable[Card], *, hook: bool = False) -> None:
        """Discard these held cards with every discard effect (``hook``: The Hook's forced discard,
        which uses no discard and does not count as the round's first)."""

    def draw(self, count: int) -> list[Card]:
        """Draw up to ``count`` cards from the top of the deck to the hand."""

    def laid_out(self, cards: Iterable[Card]) -> list[Card]:
        """These hand cards left to right as the game places them: by where it last laid
        the hand out, when a card last entered it (the card drawn last lies right)."""

    def rightmost(self, cards: Iterable[Card]) -> Card:
        """Of these hand cards, the one the game places furthest right (Death copies it)."""

    # -- the blind (commands.blinds) ----------------------------------------------------
    def set_blind(self, blind: str | BlindType) -> Blind:
        """Make ``blind`` the active blind and apply its card debuffs."""

    def clear_blind(self) -> None:
        """No blind is active any more (the round is over)."""

    def disable_blind(self) -> None:
        """Disable the active blind's ability (Chicot, Luchador); its round effects are undone."""

    def random_front(self, stream: str) -> tuple[int, Suit]:
        """A random rank and suit on ``stream``, over the 52 cards as the game lists them."""

    def random_seal(self, stream: str) -> Seal:
        """A random seal on ``stream``, rolled as the game rolls one (then the packs' seals)."""

    def random_enhancement(self, stream: str, *, created: bool = False) -> Enhancement:
        """A random enhancement on ``stream`` from the Enhanced pool (``created``: the pool
        Spectral cards draw from)."""

    def random_edition(
        self,
        stream: str,
        *,
        mod: float = 1.0,
        no_negative: bool = False,
        guaranteed: bool = False,
    ) -> Edition:
        """The game's edition roll on ``stream`` (``Edition.NONE`` for none), ``mod`` scaling
        the odds; ``guaranteed``: an effect that always gives one (Aura)."""

    def reroll_boss(self, cost: int = 0) -> str:
        """Draw a new boss for this ante, paying ``cost`` (the Boss Tag's free reroll); returns
        its key."""

    def blind_hands(self) -> dict[str, str]:
        """The poker hand of each blind of this ante, by blind (the Orbital Tag's hand)."""

    def set_blind_chips(self, chips: float, *, source: object = None) -> None:
        """Set the score needed to beat the blind being played (The Wall disabled: half)."""

    def set_blind_scaling(
        self, *, factor: float | None = None, table: int | None = None, source: object = None
    ) -> None:
        """Change how large blinds are for the rest of the run: ``factor`` multiplies them
        (Plasma Deck 2), ``table`` picks the base chips per ante (Green Stake 2)."""

    def set_blind_reward(self, blind: str, pays: bool, *, source: object = None) -> None:
        """Whether beating a ``"Small"``, ``"Big"`` or ``"Boss"`` blind pays its reward, for the
        rest of the run (Red Stake: the Small Blind pays none)."""

    # -- jokers, stickers and consumables (commands.jokers) -----------------------------
    def new_joker(
        self,
        joker: str | JokerType,
        *,
        edition: Edition = Edition.NONE,
        state: Mapping[str, Any] | None = None,
        debuff: bool = False,
        stickers: Mapping[str, Any] | None = None,
        eternal: bool = False,
        perishable: bool = False,
        rental: bool = False,
        sell_value: int | None = None,
        area: C.Area = C.Area.JOKERS,
    ) -> Joker:
        """Create a joker entity (not placed in any row)."""

    def add_joker(
        self,
        joker: str | JokerType | Joker,
        *,
        index: int | None = None,
        **options: Any,
    ) -> Joker:
        """Put a joker in the row (at the end, or at ``index``) and run its ``joker_added``."""

    def remove_joker(self, joker: Joker) -> None:
        """Take a joker out of the run (its ``joker_removed`` runs first)."""

    def destroy_joker(self, joker: Joker, source: object = None) -> bool:
        """Destroy a joker unless a sticker blocks it (Eternal); returns whether it went."""

    def copy_joker(self, joker: Joker, *, edition: Edition | None = None) -> Joker:
        """A new joker with ``joker``'s counters, stickers (as they are: a Perishable's count goes
        on) and edition (or ``edition``)."""

    def create_joker_from_pool(
        self,
        key_append: str = "",
        *,
        rarity: float | str | None = None,
        legendary: bool = False,
    ) -> Joker:
        """Create a random joker from the game's pool and put it in the row (Riff-raff,
        Judgement)."""

    def random_joker(
        self,
        key_append: str = "",
        *,
        rarity: float | str | None = None,
        legendary: bool = False,
        area: C.Area = C.Area.SHOP,
    ) -> Joker:
        """A random joker from the game's pool made for ``area`` (the shop by default), placed
        in no row (:meth:`offer` it, or :meth:`add_joker` it)."""

    def move_joker(self, joker: Joker, index: int) -> None:
        """Move a joker to another slot."""

    def rearrange_jokers(self, order: Sequence[int], *, source: object = None) -> None:
        """Put the jokers in a new order (``order[i]``: the present slot of the joker that goes
        to slot ``i``); each joker's ``joker_rearranged`` hears of it."""

    def shuffle_jokers(self, stream: str, *, source: object = None) -> None:
        """Shuffle the joker row the game's way on the stream ``stream`` (Amber Acorn); each
        joker's ``joker_rearranged`` hears of it."""

    def set_joker_debuff(self, joker: Joker, debuffed: bool, *, by_blind: bool = False) -> None:
        """Force a joker's debuff on or off (``by_blind``: the blind's debuff, Crimson Heart)."""

    @property
    def joker_limit(self) -> int:
        """Joker slots: the run's slots plus one per Negative joker."""

    def has_room_for_joker(self, pending: int = 0) -> bool:
        """Whether a joker (not Negative) fits in the row, with ``pending`` more on the way (and
        the jokers queued effects will make, :attr:`joker_buffer`)."""

    def reserve_joker_slots(self, count: int = 1) -> None:
        """Count ``count`` more joker slots as taken until the queued events have run
        (:attr:`joker_buffer`: Riff-raff's jokers to come, Madness's victim)."""

    def sticker_blocks(self, joker: Joker, action: str) -> StickerType | None:
        """The sticker on ``joker`` that stops ``action`` (``"sell"`` or ``"destroy"``), as its
        ``sticker_blocks`` says (Eternal stops both); ``None`` when nothing does."""

    def add_sticker(self, joker: Joker, sticker: str, value: Any = True) -> bool:
        """Put a sticker on a joker, as a new joker gets it: its ``sticker_apply`` gives the value
        (Perishable's count for ``True``) or refuses it. Returns whether the joker
        carries it now. The joker is repriced when the sticker prices jokers."""

    def set_sticker(self, joker: Joker, sticker: str, value: Any) -> None:
        """Set the value of a sticker on a joker as it is (``None``: take it off), with no
        ``sticker_apply``: what a sticker's own hooks use (Perishable counting down).
        The joker is repriced when the sticker prices jokers."""

    def allow_sticker_in_shop(
        self, sticker: str | StickerType, allowed: bool = True, *, source: object = None
    ) -> None:
        """Let the jokers offered in the shop and packs carry ``sticker`` (or no longer), for
        the rest of the run (Black Stake: Eternal)."""

    def sticker_in_shop(self, sticker: str | StickerType) -> bool:
        """Whether the jokers offered in the shop and packs may carry ``sticker`` now."""

    def new_consumable(
        self,
        consumable: str | ConsumableType,
        *,
        edition: Edition = Edition.NONE,
        area: C.Area = C.Area.CONSUMABLES,
    ) -> Consumable:
        """Create a consumable entity (not placed in any row)."""

    def add_consumable(
        self, consumable: str | ConsumableType | Consumable, *, edition: Edition = Edition.NONE
    ) -> Consumable:
        """Put a Tarot, Planet or Spectral card in the consumable area."""

    def remove_consumable(self, consumable: Consumable) -> None:
        """"""

    def copy_consumable(
        self, consumable: Consumable, *, edition: Edition | None = None
    ) -> Consumable:
        """Put a copy of ``consumable`` (with its edition, or ``edition``) in the area (Perkeo)."""

    def create_consumable_from_pool(self, card_set: str, key_append: str = "") -> Consumable:
        """Create a random card of ``card_set`` from the game's pool (8 Ball, Séance, ...)."""

    def random_consumable(
        self, card_set: str, key_append: str = "", *, exclude: Iterable[str] = ()
    ) -> str:
        """The key of a random ``card_set`` card drawn from the game's pool, ``exclude``
        unavailable too (the card being used); nothing is made."""

    @property
    def consumable_limit(self) -> int:
        """Consumable slots: the run's slots plus one per Negative consumable."""

    def has_room_for_consumable(self, pending: int = 0) -> bool:
        """Whether a consumable fits, with ``pending`` more on the way."""

    # -- tags, the shop and packs (commands.shop) ---------------------------------------
    def gain_tag(
        self, tag: str | TagType, *, hand: HandType | None = None, source: object = None
    ) -> str:
        """Hold a tag, as skipping a blind gives one (jokers hear of it, held tags react, it acts
        if it acts at once); ``hand``: the poker hand a tag that needs one acts on."""

    def new_tag(
        self,
        key_append: str,
        *,
        hand_stream: str | None = None,
        exclude: Iterable[str] = (),
        source: object = None,
    ) -> str | None:
        """Draw a tag from this ante's tag pool on the plugin's own stream
        ``Tag<key_append><ante>`` (the game's ``Tag<ante>`` is left alone) and gain it; an
        Orbital Tag's hand is drawn on ``hand_stream``; ``None`` for an excluded draw."""

    def offer(self, item: Joker | Consumable | Card) -> None:
        """Put a card made for the shop (``area=Area.SHOP``) on sale after the cards on offer."""

    def offer_pack(self, pack: str | BoosterType | None = None) -> str:
        """Put a booster pack on sale after the packs on offer (``None``: one drawn as the shop
        draws its packs); returns its key."""

    def offer_voucher(self, voucher: str | VoucherType) -> str:
        """Put a voucher on sale after the vouchers on offer (the Voucher Tag); returns its key."""

    def add_shop_slots(self, slots: int = 1, source: object = None) -> None:
        """More card slots in the shop for the rest of the run (Overstock), filled at once
        during a visit."""

    def make_free(self, item: Joker | Consumable | Card) -> None:
        """Make a card on sale cost $0 (Coupon Tag)."""

    def make_packs_free(self) -> None:
        """Make the booster packs on sale cost $0 for the rest of this visit (Coupon Tag)."""

    def open_pack(self, pack: str | BoosterType) -> None:
        """Open a booster pack at once, free (the ``open_pack`` event)."""

    def shop_rate(self, kind: str) -> float:
        """The rate of ``"Joker"``, ``"Playing Card"`` or a consumable set (name or key) in the
        shop's card-type roll."""

    def set_shop_rate(self, kind: str, rate: float, *, source: object = None) -> None:
        """Set the rate of a kind of card in the shop's card-type roll for the rest of the run
        (Tarot Merchant, Ghost Deck)."""

    def set_edition_rate(self, rate: float, *, source: object = None) -> None:
        """Set how often cards made for the shop and packs get an edition (Hone 2, Glow Up 4)."""

    def set_discount(self, percent: int, *, source: object = None) -> None:
        """Make everything in the shop cost ``percent`` percent less from now on (Clearance
        Sale); what is on sale and held is priced again at once."""

    def set_reroll_cost(self, cost: int, *, this_shop: bool = False, source: object = None) -> None:
        """Set a reroll's cost before it rises, for the rest of the run (Reroll Surplus) or,
        ``this_shop``, this visit only (D6 Tag); the next reroll's price follows."""

    def redeem_voucher(self, voucher: str | VoucherType) -> str:
        """Own a voucher at once, without paying (Magic Deck): its ``voucher_redeem`` acts now,
        its rules from now on; returns its key."""

    def draw_voucher(self, stream: str | None = None) -> str | None:
        """Draw a voucher from the game's pool as the ante's is drawn (on ``stream``), leaving
        out those owned, locked or on sale; ``None`` when none is left."""
