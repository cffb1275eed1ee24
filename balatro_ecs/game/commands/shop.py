"""Commands on tags, the shop and booster packs: gaining tags (from the game's pool on a
stream of the plugin's own), offering cards and packs in the shop, more shop slots,
making an offer free, opening a pack, the shop's rates, discount and reroll cost,
redeeming a voucher.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from ...kernel import components as C
from ...kernel.content import BoosterType, TagType, VoucherType
from ...kernel.enums import HandType, hand_iteration_order
from ...kernel.errors import ActionError, BalatroError, UnknownNameError, show
from ...kernel.faults import check_whole
from ..cards import Card
from ..jokers import Consumable, Joker
from ..pools import consumable_sets
from ..pools import set_shop_rate as set_set_rate
from ..pools import shop_rate as set_rate
from ..run import shop as shop_rules
from ..run import tags as tag_rules
from ..run.blinds import next_voucher, tag_pool
from ..run.packs import open_pack as open_pack_event
from ..state import Phase
from .jokers import JokerCommands

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["SHOP_KINDS", "ShopCommands"]

#: The kinds of card the shop's card-type roll picks between, besides the consumable sets
#: (each by its name or key): their rates are ``run.joker_rate`` and
#: ``run.playing_card_rate``.
SHOP_KINDS = {"Joker": "joker_rate", "Playing Card": "playing_card_rate"}


def _check_rate(name: str, rate: object) -> float:
    """``rate`` as a float if it is a finite number >= 0, else raise naming ``name``."""
    if isinstance(rate, bool) or not isinstance(rate, (int, float)):
        raise TypeError(f"{name}: expected a number >= 0, got {show(rate)}")
    if not 0 <= rate < float("inf"):
        raise ValueError(f"{name}: expected a number >= 0, got {show(rate)}")
    return float(rate)


class ShopCommands(JokerCommands):
    """Tags gained, cards and packs offered in the shop, packs opened."""

    # -- tags -------------------------------------------------------------------------------
    def gain_tag(
        self, tag: str | TagType, *, hand: HandType | None = None, source: object = None
    ) -> str:
        """Hold a tag, as skipping a blind gives one: the jokers hear of it
        (``joker_tag_gained``), held tags may react (Double Tag), then it acts if it acts
        at once. ``hand`` is the poker hand a tag that needs one acts on (an Orbital Tag
        levels it; without one, the hand the game drew for the blind on deck). Returns the
        tag's key.

        :raises UnknownNameError: ``tag`` names no tag.
        """
        key = tag.key if isinstance(tag, TagType) else self.plugins.find(TagType, tag).key
        tag_rules.gain_tag(cast("Game", self), key, hand=hand, source=source)
        return key

    def new_tag(
        self,
        key_append: str,
        *,
        hand_stream: str | None = None,
        exclude: Iterable[str] = (),
        source: object = None,
    ) -> str | None:
        """Draw a tag from this ante's tag pool and gain it (:meth:`gain_tag`), as the game's
        ``get_next_tag_key(key_append)`` draws: on the stream ``Tag<key_append><ante>``, the
        plugin's own (the game's ``Tag<ante>``, which draws the tags offered for skipping,
        is left where it was). A tag that acts on a poker hand (:attr:`TagType.hand
        <balatro_ecs.kernel.content.TagType.hand>`: the Orbital Tag) gets a visible hand
        drawn on ``hand_stream`` (default ``"<key_append>_orbital"``).

        ``exclude``: tag keys not to give; a draw of one gives nothing (``None``), as
        Cryptid's Pickle skips a Boss Tag. Returns the key of the tag gained.

        :raises BalatroError: for an empty ``key_append`` (that would be the game's stream).
        """
        if not key_append:
            raise BalatroError(
                "new_tag: key_append must name the plugin's own stream (an empty one would "
                "draw from the game's Tag<ante> stream)"
            )
        game = cast("Game", self)
        key = tag_rules.draw_tag(game, tag_pool(game), f"Tag{key_append}{self.run.ante}")
        if key in set(exclude):
            return None
        tag = self.plugins.find(TagType, key)
        hand = None
        if tag.hand:
            hands = self.run.hands
            visible = [h for h in hand_iteration_order(len(hands)) if hands[h].visible]
            hand = self.rng.element(hand_stream or f"{key_append}_orbital", visible)
        return self.gain_tag(tag, hand=hand, source=source)

    # -- the shop ---------------------------------------------------------------------------
    def offer(self, item: Joker | Consumable | Card) -> None:
        """Put a card made for the shop (:meth:`new_joker`, :meth:`new_consumable` or
        :meth:`new_card` with ``area=Area.SHOP``) on sale, after the cards on offer, at
        its own price (Bunco's Running Joke offers a Negative Joker). Tags do not change it.

        :raises ActionError: outside the shop, or for a card already in a row.
        """
        if self.run.phase is not Phase.SHOP:
            raise ActionError("offer: the shop is not open")
        if item.zone.area is not C.Area.SHOP or item in self.shop:
            raise ActionError(f"offer: {item!r} is not a new card made for the shop")
        item.zone.slot = len(self.shop)
        self.shop.append(item)

    def offer_pack(self, pack: str | BoosterType | None = None) -> str:
        """Put a booster pack on sale in the shop, after the packs on offer: ``pack``, or one
        drawn from the game's pack pool as the shop draws its packs. Returns its key.

        :raises ActionError: outside the shop.
        """
        if self.run.phase is not Phase.SHOP:
            raise ActionError("offer_pack: the shop is not open")
        game = cast("Game", self)
        if pack is None:
            key = shop_rules.choose_pack(game)
        elif isinstance(pack, BoosterType):
            key = pack.key
        else:
            key = self.plugins.find(BoosterType, pack).key
        self.shop_packs.append(key)
        return key

    def offer_voucher(self, voucher: str | VoucherType) -> str:
        """Put a voucher on sale in the shop, after the vouchers on offer (the Voucher Tag's
        one more, drawn by :meth:`draw_voucher`). Returns its key.

        :raises UnknownNameError: ``voucher`` names no voucher.
        :raises BalatroError: the run owns it, or it is on sale already.
        """
        key = (
            voucher.key
            if isinstance(voucher, VoucherType)
            else self.plugins.find(VoucherType, voucher).key
        )
        if key in self.run.vouchers or key in self.shop_vouchers:
            where = "owned" if key in self.run.vouchers else "on sale already"
            raise BalatroError(f"offer_voucher: {show(key)} is {where}")
        self.shop_vouchers.append(key)
        return key

    def add_shop_slots(self, slots: int = 1, source: object = None) -> None:
        """More card slots in the shop for the rest of the run (Overstock); during a visit the
        card row is filled up to the new count at once, as the game does."""
        if type(slots) is not int:
            check_whole("shop slots", slots, source)
        if slots < 0:
            raise BalatroError(f"add_shop_slots: slots must be >= 0, got {slots}")
        game = cast("Game", self)
        for _ in range(slots):
            shop_rules.add_shop_slot(game)
        if slots:
            self.record(source, "shop slots", slots)

    def make_free(self, item: Joker | Consumable | Card) -> None:
        """Make a card on sale (or in a pack) cost $0 (Coupon Tag, a free joker from a tag); a
        joker or consumable keeps its price for what it sells for, as in the game."""
        shop_rules.make_free(item)

    def make_packs_free(self) -> None:
        """Make the booster packs on sale cost $0 for the rest of this visit (Coupon Tag);
        the next shop prices them again."""
        self.free_packs = True

    def open_pack(self, pack: str | BoosterType) -> None:
        """Open a booster pack at once, free (the Buffoon Tag's pack, a mod's): the
        ``open_pack`` event; the player then picks from it."""
        key = (
            pack.key if isinstance(pack, BoosterType) else self.plugins.find(BoosterType, pack).key
        )
        open_pack_event(cast("Game", self), key)

    # -- the shop's rates, prices and rerolls -------------------------------------------------
    def shop_rate(self, kind: str) -> float:
        """The rate of a kind of card in the shop's card-type roll: ``"Joker"`` (20 at the
        start), ``"Playing Card"`` (0; Magic Trick 4) or a consumable set by name or key
        (``"Tarot"`` 4, ``"Planet"`` 4, ``"Spectral"`` 0, a pack's set its ``shop_rate``).

        :raises UnknownNameError: ``kind`` is none of them.
        """
        field = SHOP_KINDS.get(kind)
        if field is not None:
            rate: float = getattr(self.run, field)
            return rate
        sets = consumable_sets(self.plugins)
        found = sets.find(kind)
        if found is None:
            raise UnknownNameError(
                "shop card kind", kind, [*SHOP_KINDS, *(s.name for s in sets.sets)]
            )
        return set_rate(cast("Game", self), found)

    def set_shop_rate(self, kind: str, rate: float, *, source: object = None) -> None:
        """Set the rate of a kind of card (as :meth:`shop_rate` names it) in the shop's
        card-type roll for the rest of the run (Tarot Merchant: Tarot 9.6; Ghost Deck:
        Spectral 2). The next card the shop stocks rolls with it; the run's saves keep it.

        :raises UnknownNameError: ``kind`` is no kind of shop card.
        :raises TypeError: ``rate`` is not a number.
        :raises ValueError: ``rate`` is below 0 (or not finite).
        """
        self.shop_rate(kind)  # raises for an unknown kind, before anything changes
        value = _check_rate(f"set_shop_rate: {kind} rate", rate)
        field = SHOP_KINDS.get(kind)
        if field is not None:
            setattr(self.run, field, value)
        else:
            set_set_rate(cast("Game", self), kind, value)
        self.record(source, "shop rate", value, kind)

    def set_edition_rate(self, rate: float, *, source: object = None) -> None:
        """Set how often cards made for the shop and packs get an edition, for the rest of the
        run (``run.edition_rate``: 1 at the start, Hone 2, Glow Up 4; the Negative edition's
        odds stay as they are).

        :raises TypeError: ``rate`` is not a number.
        :raises ValueError: ``rate`` is below 0 (or not finite).
        """
        self.run.edition_rate = _check_rate("set_edition_rate: rate", rate)
        self.record(source, "edition rate", self.run.edition_rate)

    def set_discount(self, percent: int, *, source: object = None) -> None:
        """Make everything in the shop cost ``percent`` percent less, from now on
        (``run.discount_percent``: Clearance Sale 25, Liquidation 50); what is on sale and
        what is held (and so sells for) are priced again at once, as the game does.

        :raises TypeError: ``percent`` is not a whole number.
        :raises ValueError: ``percent`` is outside 0 to 100.
        """
        check_whole("set_discount: percent", percent, source)
        if not 0 <= percent <= 100:
            raise ValueError(f"set_discount: percent must be from 0 to 100, got {percent}")
        self.run.discount_percent = percent
        shop_rules.reprice_shop(cast("Game", self))
        self.record(source, "discount", percent)

    def set_reroll_cost(self, cost: int, *, this_shop: bool = False, source: object = None) -> None:
        """Set what a reroll costs before it rises: for the rest of the run
        (``run.reroll_cost``: $5 at the start, Reroll Surplus and Reroll Glut $2 less each),
        or with ``this_shop`` for this visit of the shop only (``run.temp_reroll_cost``: the
        D6 Tag's $0). The next reroll's price follows at once (free rerolls stay free).

        :raises TypeError: ``cost`` is not a whole number.
        :raises ValueError: ``cost`` is below 0.
        """
        check_whole("set_reroll_cost: cost", cost, source)
        if cost < 0:
            raise ValueError(f"set_reroll_cost: cost must be >= 0, got {cost}")
        if this_shop:
            self.run.temp_reroll_cost = cost
        else:
            self.run.reroll_cost = cost
        shop_rules.recalculate_reroll(cast("Game", self), skip_increment=True)
        self.record(source, "reroll cost", cost)

    # -- vouchers ---------------------------------------------------------------------------
    def redeem_voucher(self, voucher: str | VoucherType) -> str:
        """Own a voucher at once, without paying (Magic Deck's Crystal Ball, a mod's reward):
        its ``voucher_redeem`` acts now, its rules from now on. Returns its key.

        :raises UnknownNameError: ``voucher`` names no voucher.
        :raises BalatroError: the run owns it already.
        """
        key = (
            voucher.key
            if isinstance(voucher, VoucherType)
            else self.plugins.find(VoucherType, voucher).key
        )
        if key in self.run.vouchers:
            raise BalatroError(f"redeem_voucher: {show(key)} is already redeemed")
        shop_rules.redeem_voucher(cast("Game", self), key)
        return key

    def draw_voucher(self, stream: str | None = None) -> str | None:
        """Draw a voucher from the game's voucher pool, as the ante's voucher is drawn
        (``stream``: a stream of your own, as the Voucher Tag's ``"Voucher_fromtag"``;
        default the game's). Owned vouchers, locked ones and those on sale now are left out;
        ``None`` when none is left. Put it on sale with :meth:`offer_voucher`.
        """
        return next_voucher(cast("Game", self), stream)
