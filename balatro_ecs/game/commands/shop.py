"""Commands on tags, the shop and booster packs: gaining tags (from the game's pool on a
stream of the plugin's own), offering cards and packs in the shop, more shop slots,
making an offer free, opening a pack.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from ...kernel import components as C
from ...kernel.content import BoosterType, TagType
from ...kernel.enums import HandType, hand_iteration_order
from ...kernel.errors import ActionError, BalatroError
from ...kernel.faults import check_whole
from ..cards import Card
from ..jokers import Consumable, Joker
from ..run import shop as shop_rules
from ..run import tags as tag_rules
from ..run.blinds import tag_pool
from ..run.packs import open_pack as open_pack_event
from ..state import Phase
from .jokers import JokerCommands

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["ShopCommands"]


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

    def open_pack(self, pack: str | BoosterType) -> None:
        """Open a booster pack at once, free (the Buffoon Tag's pack, a mod's): the
        ``open_pack`` event; the player then picks from it."""
        key = (
            pack.key if isinstance(pack, BoosterType) else self.plugins.find(BoosterType, pack).key
        )
        open_pack_event(cast("Game", self), key)
