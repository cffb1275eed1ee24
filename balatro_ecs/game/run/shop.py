"""The shop: what it offers each visit, prices, buying, selling, rerolling, leaving.

Per visit (rules.toml ``[shop]``): ``shop_slots`` cards (card type by the run's rates:
jokers, each consumable set's, playing cards), the ante's voucher, and two booster packs;
the first shop of a run offers a ``first_shop`` pack (the game's Buffoon Pack) first.
Rerolls replace the cards only; their price rises by $1 per paid reroll and resets every
round; Chaos the Clown's free rerolls come first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.components import Area
from ...kernel.content import BoosterType
from ...kernel.enums import Edition
from ...kernel.errors import IllegalActionError
from ...kernel.schedule import System
from ..jokers import Consumable, Joker
from ..pools import consumable_sets, shop_rate
from ..state import Phase
from .cards_for_sale import (
    make_consumable,
    make_joker,
    make_playing_card,
    random_shop_edition,
)

if TYPE_CHECKING:
    from ..cards import Card
    from ..game import Game
    from .flow import EventContext

__all__ = [
    "SYSTEMS",
    "buy",
    "buy_pack",
    "buy_voucher",
    "check_buy_pack",
    "open_shop",
    "reroll",
    "reroll_price",
    "sell",
    "shop_card",
]

# ---------------------------------------------------------------------------------------
# offers
# ---------------------------------------------------------------------------------------


def shop_card(game: Game) -> Joker | Consumable | Card:
    """One shop card, its type drawn by the run's rates (``cdt<ante>``): jokers, then the
    consumable sets and the playing cards in order (the game's Tarot, Planet, playing
    cards, Spectral; a pack's sets after them)."""
    from .tags import tag_trigger

    made = tag_trigger(game, "store_joker_create")
    if made is not None:
        tag_trigger(game, "store_joker_modify", made)
        return made  # type: ignore[no-any-return]
    run = game.run
    illusion = game.rules.shop_card_modifiers
    kinds = consumable_sets(game.plugins).shop
    rates = [run.joker_rate]
    for kind in kinds:
        rates.append(run.playing_card_rate if kind is None else shop_rate(game, kind))
    total = sum(rates)
    poll = game.rng.random(f"cdt{run.ante}") * total
    enhanced = illusion and game.rng.random("illusion") > 0.6
    check = 0.0
    for index, rate in enumerate(rates):
        if check < poll <= check + rate:
            item: Joker | Consumable | Card
            kind = kinds[index - 1] if index else None
            if not index:
                item = make_joker(game, Area.SHOP, "sho")
            elif kind is None:
                edition = Edition.NONE
                if illusion and game.rng.random("illusion") > 0.8:
                    edition = random_shop_edition(game, game.rng.random("illusion"))
                item = make_playing_card(game, Area.SHOP, "sho", enhanced, edition)
            else:
                item = make_consumable(game, kind.name, Area.SHOP, "sho")
            tag_trigger(game, "store_joker_modify", item)
            return item
        check += rate
    return make_joker(game, Area.SHOP, "sho")


def pack_price(game: Game, booster: BoosterType) -> int:
    """What a pack costs now: $0 from a free-packs tag or when the rules make its kind free
    (Astronomer: Celestial packs)."""
    if game.free_packs or booster.kind in game.rules.free_booster_kinds:
        return 0
    return game.price(booster.cost)


def choose_pack(game: Game) -> str:
    """A booster for the shop, weighted (``shop_pack<ante>``); the run's first is the first
    pack declared ``first_shop`` (the game's normal Buffoon Pack)."""
    run = game.run
    boosters = list(game.plugins.all(BoosterType))
    if not run.first_shop_buffoon:
        run.first_shop_buffoon = True
        first = next((b for b in boosters if b.first_shop), None)
        if first is not None:
            return first.key
    total = sum(b.weight for b in boosters)
    poll = game.rng.random(f"shop_pack{run.ante}") * total
    running = 0.0
    for booster in boosters:
        running += booster.weight
        if running >= poll and running - booster.weight <= poll:
            return booster.key
    return boosters[-1].key


def _clear_offers(game: Game) -> None:
    for item in game.shop:
        game.drop_offer(item)
    game.shop.clear()


def _restock(game: Game) -> None:
    _clear_offers(game)
    for slot in range(game.run.shop_slots):
        item = shop_card(game)
        item.zone.area = Area.SHOP
        item.zone.slot = slot
        game.shop.append(item)


def add_shop_slot(game: Game) -> None:
    """One more card slot (Overstock); mid-visit, the card row is filled up to the new
    number of slots at once -- every empty slot, those of cards bought earlier in the
    visit too (the game's ``change_shop_size``; recorded in CD6Y8H2U)."""
    game.run.shop_slots += 1
    if game.run.phase is Phase.SHOP:
        while len(game.shop) < game.run.shop_slots:
            item = shop_card(game)
            item.zone.area = Area.SHOP
            item.zone.slot = len(game.shop)
            game.shop.append(item)


def reprice_shop(game: Game) -> None:
    """Recompute the prices of the cards on offer and of those owned (after a discount
    changes: the game re-costs every card, so sell values follow)."""
    for item in (*game.shop, *game.jokers, *game.consumables):
        if isinstance(item, (Joker, Consumable)):
            game.reprice(item)


def open_shop(game: Game) -> None:
    """Fill the shop for this visit."""
    from .tags import tag_trigger, tag_trigger_all

    run = game.run
    game.refresh_rules()
    tag_trigger(game, "shop_start")
    recalculate_reroll(game, skip_increment=True)
    _restock(game)
    game.shop_vouchers = [run.voucher_offer] if run.voucher_offer else []
    tag_trigger_all(game, "voucher_add")  # every held tag acts: two Voucher Tags, two more
    game.shop_packs = [choose_pack(game) for _ in range(2)]
    tag_trigger(game, "shop_final_pass")


# ---------------------------------------------------------------------------------------
# rerolls
# ---------------------------------------------------------------------------------------


def recalculate_reroll(game: Game, skip_increment: bool = False) -> None:
    """The game's ``calculate_reroll_cost``: free while free rerolls last, else base + rises."""
    run = game.run
    if run.free_rerolls_left > 0:
        run.reroll_price = 0
        return
    if not skip_increment:
        run.reroll_increase += 1
    base = run.temp_reroll_cost if run.temp_reroll_cost is not None else run.reroll_cost
    run.reroll_price = max(0, base) + run.reroll_increase


def reroll_price(game: Game) -> int:
    """What the next reroll costs: $0 while free rerolls last (Chaos the Clown)."""
    run = game.run
    return 0 if run.free_rerolls_left > 0 else run.reroll_price


def reroll(game: Game) -> None:
    """Pay for (or use a free) reroll and restock the shop's cards."""
    run = game.run
    free = run.free_rerolls_left > 0
    if free:
        run.free_rerolls_left -= 1
    else:
        game.earn(-reroll_price(game), "reroll")
    recalculate_reroll(game, skip_increment=free)  # only paid rerolls raise the price
    _restock(game)
    game.each_joker("joker_reroll")


# ---------------------------------------------------------------------------------------
# buying and selling
# ---------------------------------------------------------------------------------------


def can_afford(game: Game, cost: int) -> bool:
    return cost <= 0 or cost <= game.run.dollars + game.rules.debt_limit


def room_for(game: Game, item: Joker | Consumable | Card) -> bool:
    negative = getattr(item, "edition", Edition.NONE) == Edition.NEGATIVE
    if isinstance(item, Joker):
        return len(game.jokers) < game.joker_limit + (1 if negative else 0)
    if isinstance(item, Consumable):
        return len(game.consumables) < game.consumable_limit + (1 if negative else 0)
    return True


#: Base price of a playing card in the shop (Magic Trick). Not in the reference tables:
#: taken as the game's default card cost, $1, before edition surcharges (unverified).
PLAYING_CARD_COST = 1


def offer_price(game: Game, item: Joker | Consumable | Card) -> int:
    if isinstance(item, (Joker, Consumable)):
        return item.buy_cost
    if item._flags.couponed:
        return 0
    return game.price(PLAYING_CARD_COST, item.edition)


def make_free(item: Joker | Consumable | Card) -> None:
    """Make a shop card cost $0 (Coupon Tag): a joker, consumable or playing card on sale.
    A joker or consumable keeps its price for what it sells for, as in the game."""
    if isinstance(item, (Joker, Consumable)):
        item._price.free = True
    else:
        item.set_couponed(True)


def check_buy(game: Game, slot: int) -> Joker | Consumable | Card:
    if game.run.phase is not Phase.SHOP:
        raise IllegalActionError("buy: only in the shop")
    if not 0 <= slot < len(game.shop):
        raise IllegalActionError(
            f"buy: no shop card in slot {slot + 1} ({len(game.shop)} on offer)"
        )
    item = game.shop[slot]
    price = offer_price(game, item)
    if not can_afford(game, price):
        raise IllegalActionError(f"buy: {_name(item)} costs ${price}, you have ${game.run.dollars}")
    if not room_for(game, item):
        what = "joker" if isinstance(item, Joker) else "consumable"
        raise IllegalActionError(f"buy: no free {what} slot for {_name(item)}")
    return item


def buy(game: Game, slot: int) -> None:
    item = check_buy(game, slot)
    game.earn(-offer_price(game, item), item)
    game.shop.pop(slot)
    game._renumber(game.shop)
    if isinstance(item, Joker):
        game.add_joker(item)
    elif isinstance(item, Consumable):
        game.add_consumable(item)
    else:
        game.take_card(item, Area.DECK, index=0)
        game.each_joker("joker_cards_added", (item,))
    game.record(None, "bought", _name(item), item)


def check_buy_and_use(game: Game, slot: int, cards: tuple[int, ...] = ()) -> Consumable:
    """The consumable in ``slot``, if it can be bought and used at once now."""
    from .packs import targets, unusable_reason

    if game.run.phase is not Phase.SHOP:
        raise IllegalActionError("buy_use: only in the shop")
    if not 0 <= slot < len(game.shop):
        raise IllegalActionError(
            f"buy_use: no shop card in slot {slot + 1} ({len(game.shop)} on offer)"
        )
    item = game.shop[slot]
    if not isinstance(item, Consumable):
        raise IllegalActionError(f"buy_use: {_name(item)} is not a consumable")
    price = offer_price(game, item)
    if not can_afford(game, price):
        raise IllegalActionError(
            f"buy_use: {_name(item)} costs ${price}, you have ${game.run.dollars}"
        )
    reason = unusable_reason(game, item, targets(game, cards))
    if reason is not None:
        raise IllegalActionError(f"buy_use: {_name(item)} cannot be used now: {reason}")
    return item


def buy_and_use(game: Game, slot: int, cards: tuple[int, ...] = ()) -> None:
    """Pay for the consumable in ``slot`` and use it without it taking a slot."""
    from .packs import targets, use_consumable

    item = check_buy_and_use(game, slot, cards)
    game.earn(-offer_price(game, item), item)
    game.shop.pop(slot)
    game._renumber(game.shop)
    game.record(None, "bought", _name(item), item)
    use_consumable(game, item, targets(game, cards))
    game.drop_offer(item)


def check_buy_pack(game: Game, slot: int) -> BoosterType:
    if game.run.phase is not Phase.SHOP:
        raise IllegalActionError("pack: only in the shop")
    if not 0 <= slot < len(game.shop_packs):
        raise IllegalActionError(f"pack: no pack in slot {slot + 1}")
    booster = game.plugins.find(BoosterType, game.shop_packs[slot])
    price = pack_price(game, booster)
    if not can_afford(game, price):
        raise IllegalActionError(f"pack: costs ${price}, you have ${game.run.dollars}")
    return booster


def buy_pack(game: Game, slot: int) -> None:
    """Pay for the pack in ``slot`` and open it."""
    from .packs import open_pack

    booster = check_buy_pack(game, slot)
    game.earn(-pack_price(game, booster), booster.key)
    game.shop_packs.pop(slot)
    open_pack(game, booster.key)


def voucher_price(game: Game, key: str) -> int:
    return game.price(game.plugins.voucher(key).cost)


def check_buy_voucher(game: Game, slot: int) -> str:
    if game.run.phase is not Phase.SHOP:
        raise IllegalActionError("voucher: only in the shop")
    if not 0 <= slot < len(game.shop_vouchers):
        raise IllegalActionError(f"voucher: no voucher in slot {slot + 1}")
    key = game.shop_vouchers[slot]
    price = voucher_price(game, key)
    if not can_afford(game, price):
        name = game.plugins.voucher(key).name
        raise IllegalActionError(f"voucher: {name} costs ${price}, you have ${game.run.dollars}")
    return key


def buy_voucher(game: Game, slot: int) -> None:
    key = check_buy_voucher(game, slot)
    game.earn(-voucher_price(game, key), key)
    game.shop_vouchers.pop(slot)
    if game.run.voucher_offer == key:
        game.run.voucher_offer = None
    redeem_voucher(game, key)


def redeem_voucher(game: Game, key: str) -> None:
    """Own a voucher: its lasting effect applies now, its rules from now on."""
    voucher = game.plugins.voucher(key)
    game.run.vouchers.append(key)
    redeem = game.plugins.impl("voucher_redeem", key)
    if redeem is not None:
        redeem(game, voucher)
    game.refresh_rules()
    game.record(voucher.name, "redeem", key)


def check_sell(game: Game, area: str, index: int) -> Joker | Consumable:
    if game.run.phase is Phase.GAME_OVER:
        raise IllegalActionError("sell: the run is over")
    row: list[Joker] | list[Consumable]
    row = game.jokers if area == "jokers" else game.consumables
    if area not in ("jokers", "consumables"):
        raise IllegalActionError(f"sell: area must be 'jokers' or 'consumables', got {area!r}")
    if not 0 <= index < len(row):
        raise IllegalActionError(f"sell: no {area[:-1]} in slot {index + 1}")
    item = row[index]
    if isinstance(item, Joker) and item._stickers.values:
        blocker = game.sticker_blocks(item, "sell")  # Eternal
        if blocker is not None:
            raise IllegalActionError(f"sell: {item.name} is {blocker.name}")
    return item


def sell(game: Game, area: str, index: int) -> None:
    item = check_sell(game, area, index)
    value = item.sell_value
    if isinstance(item, Joker):
        # The sold card's own selling effect; a Blueprint or Brainstorm sold acts as the
        # joker it copies (the game copies every context, selling_self too).
        view = game.plans.views[item.slot]
        sold = game.plugins.impl("joker_sold", view.key) if view is not None else None
        if sold is not None:
            sold(game, view)
    game.each_joker("joker_card_sold", item)
    game.earn(value, item)
    if isinstance(item, Joker):
        if item in game.jokers:
            game.remove_joker(item)
        hook = game._blind_impl("blind_joker_sold")
        if hook is not None:
            hook(game, game.blind)
    elif item in game.consumables:
        game.remove_consumable(item)
    game.record(None, "sold", item.name, item)


def _name(item: object) -> str:
    return str(getattr(item, "name", None) or getattr(item, "label", item))


# ---------------------------------------------------------------------------------------
# leaving
# ---------------------------------------------------------------------------------------


def jokers_leaving_shop(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_leaving_shop")


def close_shop(ctx: EventContext) -> None:
    game = ctx.game
    _clear_offers(game)
    game.shop_vouchers = []
    game.shop_packs = []
    game.free_packs = False
    game.run.temp_reroll_cost = None
    from .tags import enter_blind_select

    enter_blind_select(game)


SYSTEMS: tuple[System, ...] = (
    System("leave_shop:jokers_leaving_shop", "jokers", jokers_leaving_shop),
    System("leave_shop:close_shop", "advance", close_shop),
)
