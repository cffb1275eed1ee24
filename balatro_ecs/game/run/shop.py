"""The shop: what it offers each visit, prices, buying, selling, rerolling, leaving.

The systems of the shop's events (``open_shop``, ``buy``, ``buy_and_use``,
``buy_voucher``, ``buy_pack``, ``reroll``, ``sell``, ``leave_shop``) are here; their order
is :mod:`balatro_ecs.game.events`'. :func:`buy`, :func:`sell`, ... run an event whole.

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
from ...kernel.errors import IllegalActionError, show
from ..jokers import Consumable, Joker
from ..pools import WEIGHTS_HOOK, consumable_sets, shop_rate, weigh
from ..state import Phase
from .cards_for_sale import (
    make_consumable,
    make_joker,
    make_playing_card,
    random_shop_edition,
)
from .flow import EventContext, run_event
from .packs import open_pack, targets, unusable_reason, use_consumable
from .tags import enter_blind_select, tag_trigger, tag_trigger_all

if TYPE_CHECKING:
    from ..cards import Card
    from ..game import Game

__all__ = [
    "buy",
    "buy_and_use",
    "buy_pack",
    "buy_voucher",
    "check_buy_pack",
    "open_shop",
    "reroll",
    "reroll_price",
    "sell",
    "sell_joker",
    "shop_card",
]

# ---------------------------------------------------------------------------------------
# offers
# ---------------------------------------------------------------------------------------


def shop_card(game: Game) -> Joker | Consumable | Card:
    """One shop card, its type drawn by the run's rates (``cdt<ante>``): jokers, then the
    consumable sets and the playing cards in order (the game's Tarot, Planet, playing
    cards, Spectral; a pack's sets after them)."""
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
    weights = [b.weight for b in boosters]
    if WEIGHTS_HOOK in game.plugins.implemented:  # the jokers' joker_modify_weights
        changed = weigh(game, "Booster", [b.key for b in boosters], weights)
        if changed is not None and any(changed):
            weights = list(changed)
    total = sum(weights)
    poll = game.rng.random(f"shop_pack{run.ante}") * total
    running = 0.0
    for booster, weight in zip(boosters, weights, strict=True):
        running += weight
        if running >= poll and running - weight <= poll and weight > 0:
            return booster.key
    weighing = [b.key for b, w in zip(boosters, weights, strict=True) if w > 0]
    return weighing[-1] if weighing else boosters[-1].key


def _clear_offers(game: Game) -> None:
    for item in game.shop:
        game.drop_offer(item)
    game.shop.clear()


def card_slots(game: Game) -> int:
    """The shop's card slots: the run's (Overstock adds one) and the rules' (a joker's)."""
    return game.run.shop_slots + game.rules.shop_slots_delta


def _stock(game: Game) -> None:
    """One more card on sale, after the others; the jokers hear of it."""
    item = shop_card(game)
    item.zone.area = Area.SHOP
    item.zone.slot = len(game.shop)
    game.shop.append(item)
    if game._planned("joker_shop_card"):
        game.each_joker("joker_shop_card", item)


def _restock(game: Game) -> None:
    _clear_offers(game)
    for _ in range(card_slots(game)):
        _stock(game)


def add_shop_slot(game: Game) -> None:
    """One more card slot (Overstock); mid-visit, the card row is filled up to the new
    number of slots at once -- every empty slot, those of cards bought earlier in the
    visit too (the game's ``change_shop_size``; recorded in CD6Y8H2U)."""
    game.run.shop_slots += 1
    fill_shop(game)


def fill_shop(game: Game) -> None:
    """During a visit, fill the card row up to the shop's card slots (after a slot is
    added: Overstock, a joker's rule)."""
    if game.run.phase is not Phase.SHOP:
        return
    while len(game.shop) < card_slots(game):
        _stock(game)


def more_packs(game: Game, packs: int) -> None:
    """During a visit, ``packs`` more booster packs on sale (a pack slot gained: Cryptid's
    Booster Joker bought)."""
    if game.run.phase is Phase.SHOP:
        for _ in range(packs):
            game.shop_packs.append(choose_pack(game))


def reprice_shop(game: Game) -> None:
    """Recompute the prices of the cards on offer and of those owned (after a discount
    changes: the game re-costs every card, so sell values follow)."""
    for item in (*game.shop, *game.jokers, *game.consumables):
        if isinstance(item, (Joker, Consumable)):
            game.reprice(item)


def open_shop(game: Game) -> None:
    """Fill the shop for this visit and enter it (the ``open_shop`` event)."""
    run_event(game, "open_shop")


def shop_rules(ctx: EventContext) -> None:
    ctx.game.refresh_rules()


def shop_start_tags(ctx: EventContext) -> None:
    tag_trigger(ctx.game, "shop_start")


def reset_reroll_price(ctx: EventContext) -> None:
    recalculate_reroll(ctx.game, skip_increment=True)


def stock_cards(ctx: EventContext) -> None:
    _restock(ctx.game)


def offer_vouchers(ctx: EventContext) -> None:
    """The ante's voucher; then every held tag acts (two Voucher Tags, two more)."""
    game = ctx.game
    run = game.run
    game.shop_vouchers = [run.voucher_offer] if run.voucher_offer else []
    tag_trigger_all(game, "voucher_add")


def offer_packs(ctx: EventContext) -> None:
    """The shop's booster packs: as many as its pack slots (two, and more from the rules:
    Cryptid's Booster Joker)."""
    game = ctx.game
    game.shop_packs = [choose_pack(game) for _ in range(game.rules.booster_slots)]


def shop_final_tags(ctx: EventContext) -> None:
    tag_trigger(ctx.game, "shop_final_pass")


def enter_shop(ctx: EventContext) -> None:
    ctx.game.run.phase = Phase.SHOP


def jokers_shop_opened(ctx: EventContext) -> None:
    """The jokers see the open shop (``joker_shop_opened``: Bunco's Running Joke)."""
    game = ctx.game
    if game._planned("joker_shop_opened"):
        game.each_joker("joker_shop_opened")


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
    """Pay for (or use a free) reroll and restock the shop's cards (the ``reroll`` event)."""
    run_event(game, "reroll")


def pay_for_reroll(ctx: EventContext) -> None:
    """Use a free reroll or pay for one; only paid rerolls raise the price."""
    game = ctx.game
    run = game.run
    free = run.free_rerolls_left > 0
    if free:
        run.free_rerolls_left -= 1
    else:
        game.earn(-reroll_price(game), "reroll")
    recalculate_reroll(game, skip_increment=free)


def jokers_reroll(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_reroll")


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
    """Buy the shop card in ``slot`` (the ``buy`` event)."""
    run_event(game, "buy", slot=slot)


def choose_offer(ctx: EventContext) -> None:
    """The shop card the buyer chose: ``item``."""
    ctx["item"] = check_buy(ctx.game, ctx["slot"])


def pay_for_offer(ctx: EventContext) -> None:
    item = ctx["item"]
    ctx.game.earn(-offer_price(ctx.game, item), item)


def take_offer(ctx: EventContext) -> None:
    """The card leaves the shop for the joker row, the consumable area or the deck (a
    playing card goes to the bottom of the draw pile)."""
    game, item = ctx.game, ctx["item"]
    game.shop.pop(ctx["slot"])
    game._renumber(game.shop)
    if isinstance(item, Joker):
        game.add_joker(item)
    elif isinstance(item, Consumable):
        game.add_consumable(item)
    else:
        game.take_card(item, Area.DECK, index=0)


def playing_card_bought(ctx: EventContext) -> bool:
    """Run condition: the card bought is a playing card."""
    return not isinstance(ctx["item"], (Joker, Consumable))


def jokers_card_added(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_cards_added", (ctx["item"],))


def jokers_card_bought(ctx: EventContext) -> None:
    """The jokers hear of the purchase (``joker_card_bought``): the card, voucher or pack
    bought."""
    game = ctx.game
    if game._planned("joker_card_bought"):
        item = ctx["item"] if "item" in ctx else ctx.get("booster")
        if item is None:
            item = game.plugins.voucher(ctx["key"])
        game.each_joker("joker_card_bought", item)


def record_bought(ctx: EventContext) -> None:
    item = ctx["item"]
    ctx.game.record(None, "bought", _name(item), item)


def check_buy_and_use(game: Game, slot: int, cards: tuple[int, ...] = ()) -> Consumable:
    """The consumable in ``slot``, if it can be bought and used at once now."""
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
    """Pay for the consumable in ``slot`` and use it without it taking a slot (the
    ``buy_and_use`` event)."""
    run_event(game, "buy_and_use", slot=slot, cards=cards)


def choose_to_use(ctx: EventContext) -> None:
    """The shop consumable the buyer chose to use at once: ``item``."""
    ctx["item"] = check_buy_and_use(ctx.game, ctx["slot"], ctx.get("cards", ()))


def take_to_use(ctx: EventContext) -> None:
    game, item = ctx.game, ctx["item"]
    game.shop.pop(ctx["slot"])
    game._renumber(game.shop)
    game.record(None, "bought", _name(item), item)


def use_bought(ctx: EventContext) -> None:
    """The consumable is used (the ``use`` event), then gone."""
    game, item = ctx.game, ctx["item"]
    use_consumable(game, item, targets(game, ctx.get("cards", ())))
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
    """Pay for the pack in ``slot`` and open it (the ``buy_pack`` event)."""
    run_event(game, "buy_pack", slot=slot)


def choose_pack_offer(ctx: EventContext) -> None:
    """The pack the buyer chose: ``booster``."""
    ctx["booster"] = check_buy_pack(ctx.game, ctx["slot"])


def pay_for_pack(ctx: EventContext) -> None:
    booster = ctx["booster"]
    ctx.game.earn(-pack_price(ctx.game, booster), booster.key)


def take_pack(ctx: EventContext) -> None:
    ctx.game.shop_packs.pop(ctx["slot"])


def open_bought_pack(ctx: EventContext) -> None:
    """The pack opens (the ``open_pack`` event)."""
    open_pack(ctx.game, ctx["booster"].key)


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
    """Buy and redeem the voucher in ``slot`` (the ``buy_voucher`` event)."""
    run_event(game, "buy_voucher", slot=slot)


def choose_voucher(ctx: EventContext) -> None:
    """The voucher the buyer chose: ``key``."""
    ctx["key"] = check_buy_voucher(ctx.game, ctx["slot"])


def pay_for_voucher(ctx: EventContext) -> None:
    key = ctx["key"]
    ctx.game.earn(-voucher_price(ctx.game, key), key)


def take_voucher(ctx: EventContext) -> None:
    game, key = ctx.game, ctx["key"]
    game.shop_vouchers.pop(ctx["slot"])
    if game.run.voucher_offer == key:
        game.run.voucher_offer = None


def redeem_bought_voucher(ctx: EventContext) -> None:
    redeem_voucher(ctx.game, ctx["key"])


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
        raise IllegalActionError(f"sell: area must be 'jokers' or 'consumables', got {show(area)}")
    if not 0 <= index < len(row):
        raise IllegalActionError(f"sell: no {area[:-1]} in slot {index + 1}")
    item = row[index]
    if isinstance(item, Joker) and item._stickers.values:
        blocker = game.sticker_blocks(item, "sell")  # Eternal
        if blocker is not None:
            raise IllegalActionError(f"sell: {item.name} is {blocker.name}")
    return item


def sell(game: Game, area: str, index: int) -> None:
    """Sell the joker or consumable at ``index`` of ``area`` (the ``sell`` event)."""
    run_event(game, "sell", area=area, index=index)


def choose_to_sell(ctx: EventContext) -> None:
    """The card sold (``item``) and what it sells for (``value``, read before anything
    reacts)."""
    item = ctx["item"] = check_sell(ctx.game, ctx["area"], ctx["index"])
    ctx["value"] = item.sell_value


def sell_joker(ctx: EventContext) -> bool:
    """Run condition: the card sold is a joker."""
    return isinstance(ctx["item"], Joker)


def joker_sold(ctx: EventContext) -> None:
    """The sold joker's own selling effect; a Blueprint or Brainstorm sold acts as the
    joker it copies (the game copies every context, selling_self too)."""
    game, item = ctx.game, ctx["item"]
    view = game.plans.views[item.slot]
    if item.type.copies_and_acts and view is not item and not item.debuffed:
        own = game.plugins.impl("joker_sold", item.key)
        if own is not None:
            own(game, item)
    sold = game.plugins.impl("joker_sold", view.key) if view is not None else None
    if sold is not None:
        sold(game, view)


def jokers_card_sold(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_card_sold", ctx["item"])


def pay_for_sale(ctx: EventContext) -> None:
    ctx.game.earn(ctx["value"], ctx["item"])


def remove_sold(ctx: EventContext) -> None:
    """The card leaves its row; a joker sold tells the blind (Verdant Leaf)."""
    game, item = ctx.game, ctx["item"]
    if isinstance(item, Joker):
        if item in game.jokers:
            game.remove_joker(item)
        hook = game._blind_impl("blind_joker_sold")
        if hook is not None:
            hook(game, game.blind)
    elif item in game.consumables:
        game.remove_consumable(item)


def record_sold(ctx: EventContext) -> None:
    item = ctx["item"]
    ctx.game.record(None, "sold", item.name, item)


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
    enter_blind_select(game)
