"""The methods between rounds: ``cash_out``, ``buy``, ``buy_and_use``, ``pack``,
``sell``, ``reroll`` and ``next_round``."""

from __future__ import annotations

from typing import Any

from ....game.actions import (
    Buy,
    BuyAndUse,
    BuyPack,
    BuyVoucher,
    CashOut,
    EndShop,
    Pick,
    Reroll,
    Sell,
    SkipPack,
)
from ....game.game import Game
from ....game.jokers import Consumable, Joker
from ....game.run import shop
from ....kernel.content import BoosterType
from ....kernel.enums import Edition
from ....kernel.errors import IllegalActionError
from ..errors import BAD_REQUEST, INVALID_STATE, NOT_ALLOWED, RpcError
from ..params import Param
from ..session import Method, Session

__all__ = ["METHODS"]


def _cash_out(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    session.apply(CashOut())
    return session.gamestate()


def _next_round(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    session.apply(EndShop())
    return session.gamestate()


def _afford(game: Game, cost: int) -> None:
    if not shop.can_afford(game, cost):
        available = game.run.dollars + game.rules.debt_limit
        raise RpcError(
            BAD_REQUEST, f"Card is not affordable. Cost: {cost}, Available money: {available}"
        )


def _negative(item: object) -> bool:
    return getattr(item, "edition", Edition.NONE) == Edition.NEGATIVE


def _buy(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    given = [name for name in ("card", "voucher", "pack") if name in params]
    if not given:
        raise RpcError(
            BAD_REQUEST, "Invalid arguments. You must provide one of: card, voucher, pack"
        )
    if len(given) > 1:
        raise RpcError(
            BAD_REQUEST,
            "Invalid arguments. Cannot provide more than one of: card, voucher, or pack",
        )
    (kind,) = given
    index: int = params[kind]
    rows: dict[str, list[Any]] = {
        "card": game.shop,
        "voucher": game.shop_vouchers,
        "pack": game.shop_packs,
    }
    row = rows[kind]
    if not row:
        raise RpcError(
            BAD_REQUEST,
            {
                "card": "No jokers/consumables/cards in the shop. Use `reroll` to restock "
                "the shop.",
                "voucher": "No vouchers to redeem. Defeat boss blind to restock.",
                "pack": "No packs to open. Use `next_round` to advance to the next blind and "
                "restock the shop.",
            }[kind],
        )
    if not 0 <= index < len(row):
        raise RpcError(
            BAD_REQUEST,
            f"Card index out of range. Index: {index}, Available cards: {len(row)}"
            if kind == "card"
            else f"{kind.title()} index out of range. Index: {index}, Available: {len(row)}",
        )
    if kind == "card":
        item = row[index]
        _afford(game, shop.offer_price(game, item))
        if isinstance(item, Joker) and not _negative(item) and len(game.jokers) >= game.joker_limit:
            raise RpcError(
                BAD_REQUEST,
                f"Cannot purchase joker card, joker slots are full. Current: {len(game.jokers)}, "
                f"Limit: {game.joker_limit}. Sell a joker using `sell` to free a slot.",
            )
        if (
            isinstance(item, Consumable)
            and not _negative(item)
            and len(game.consumables) >= game.consumable_limit
        ):
            raise RpcError(
                BAD_REQUEST,
                "Cannot purchase consumable card, consumable slots are full. Current: "
                f"{len(game.consumables)}, Limit: {game.consumable_limit}. Use `use` to "
                "activate a consumable or `sell` to remove one.",
            )
        session.apply(Buy(index))
    elif kind == "voucher":
        _afford(game, shop.voucher_price(game, row[index]))
        session.apply(BuyVoucher(index))
    else:
        _afford(game, shop.pack_price(game, game.plugins.find(BoosterType, row[index])))
        session.apply(BuyPack(index))
    return session.gamestate()


def _buy_and_use(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    if "card" not in params:
        raise RpcError(BAD_REQUEST, "Invalid arguments. You must provide: card")
    index: int = params["card"]
    if not game.shop:
        raise RpcError(BAD_REQUEST, "No consumables in the shop. Use `reroll` to restock the shop.")
    if not 0 <= index < len(game.shop):
        raise RpcError(
            BAD_REQUEST,
            f"Card index out of range. Index: {index}, Available cards: {len(game.shop)}",
        )
    item = game.shop[index]
    _afford(game, shop.offer_price(game, item))
    action = BuyAndUse(index)
    try:
        game.verify(action)
    except IllegalActionError as err:
        name = getattr(item, "name", None) or getattr(item, "label", "the card")
        raise RpcError(
            NOT_ALLOWED, f"Consumable '{name}' cannot be buy-and-used at this time ({err})"
        ) from err
    session.apply(action)
    return session.gamestate()


def _pack(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    take = "card" in params
    skip = bool(params.get("skip"))
    if not take and not skip:
        raise RpcError(BAD_REQUEST, "Invalid arguments. You must provide one of: card, skip")
    if take and skip:
        raise RpcError(BAD_REQUEST, "Invalid arguments. Cannot provide both card and skip")
    if skip:
        session.apply(SkipPack())
        return session.gamestate()
    index: int = params["card"]
    if not 0 <= index < len(game.pack):
        raise RpcError(
            BAD_REQUEST,
            f"Card index out of range. Index: {index}, Available cards: {len(game.pack)}",
        )
    item = game.pack[index]
    targets: list[int] = []
    if isinstance(item, Joker):
        if not _negative(item) and len(game.jokers) >= game.joker_limit:
            raise RpcError(
                NOT_ALLOWED,
                f"Cannot select joker, joker slots are full. Current: {len(game.jokers)}, "
                f"Limit: {game.joker_limit}. Sell a joker using `sell` to free a slot.",
            )
    elif isinstance(item, Consumable):
        least, most = item.type.targets
        if most > 0:
            targets = params.get("targets") or []
            least = max(1, least)
            if not least <= len(targets) <= most:
                wanted = f"exactly {least}" if least == most else f"{least}-{most}"
                raise RpcError(
                    BAD_REQUEST,
                    f"Card '{item.key}' requires {wanted} target card(s). Provided: "
                    f"{len(targets)}. Ensure you have the required targets before selecting.",
                )
            for target in targets:
                if not 0 <= target < len(game.hand):
                    raise RpcError(
                        BAD_REQUEST,
                        f"Target card index out of range. Index: {target}, Hand size: "
                        f"{len(game.hand)}",
                    )
            if len(set(targets)) != len(targets):
                raise RpcError(BAD_REQUEST, f"Duplicate target index in {targets}")
    session.apply(Pick(index, tuple(targets)))
    return session.gamestate()


def _sell(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    given = [name for name in ("joker", "consumable") if name in params]
    if not given:
        raise RpcError(BAD_REQUEST, "Must provide exactly one of: joker or consumable")
    if len(given) > 1:
        raise RpcError(BAD_REQUEST, "Can only sell one item at a time")
    (kind,) = given
    row: list[Any] = game.jokers if kind == "joker" else game.consumables
    if not row:
        raise RpcError(NOT_ALLOWED, f"No {kind}s available to sell")
    index: int = params[kind]
    if not 0 <= index < len(row):
        raise RpcError(BAD_REQUEST, f"Index out of range for {kind}: {index}")
    session.apply(Sell(kind + "s", index))
    return session.gamestate()


def _reroll(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    price = shop.reroll_price(game)
    if not shop.can_afford(game, price):
        available = game.run.dollars + game.rules.debt_limit
        raise RpcError(
            NOT_ALLOWED,
            f"Not enough dollars to reroll. Available: {available}, Required: {price}",
        )
    session.apply(Reroll())
    return session.gamestate()


_SHOP = ("SHOP",)
_INDEX = "0-based index"

METHODS: tuple[Method, ...] = (
    Method(
        "cash_out",
        "Collect the round's payout and open the shop",
        _cash_out,
        (),
        ("ROUND_EVAL",),
        (INVALID_STATE,),
    ),
    Method(
        "buy",
        "Buy a shop card, voucher or pack (exactly one of them)",
        _buy,
        (
            Param("card", "integer", f"{_INDEX} of a shop card"),
            Param("voucher", "integer", f"{_INDEX} of a voucher"),
            Param("pack", "integer", f"{_INDEX} of a pack (it opens)"),
        ),
        _SHOP,
        (BAD_REQUEST, NOT_ALLOWED),
    ),
    Method(
        "buy_and_use",
        "Buy a shop consumable and use it at once (the Buy and Use button)",
        _buy_and_use,
        (Param("card", "integer", f"{_INDEX} of a shop consumable"),),
        _SHOP,
        (BAD_REQUEST, NOT_ALLOWED),
    ),
    Method(
        "pack",
        "Take a card from the open pack (with targets if it needs them), or skip it",
        _pack,
        (
            Param("card", "integer", f"{_INDEX} of a card in the pack"),
            Param("targets", "array", "0-based hand positions for a Tarot or Spectral"),
            Param("skip", "boolean", "close the pack without taking a card"),
        ),
        ("SMODS_BOOSTER_OPENED",),
        (BAD_REQUEST, INVALID_STATE, NOT_ALLOWED),
    ),
    Method(
        "sell",
        "Sell a joker or a consumable (exactly one of them)",
        _sell,
        (
            Param("joker", "integer", f"{_INDEX} of a joker"),
            Param("consumable", "integer", f"{_INDEX} of a consumable"),
        ),
        # The mod: SELECTING_HAND, SHOP, SMODS_BOOSTER_OPENED; the game allows these too.
        ("SELECTING_HAND", "SHOP", "SMODS_BOOSTER_OPENED", "BLIND_SELECT", "ROUND_EVAL"),
        (BAD_REQUEST, INVALID_STATE, NOT_ALLOWED),
    ),
    Method("reroll", "Reroll the shop's cards", _reroll, (), _SHOP, (INVALID_STATE, NOT_ALLOWED)),
    Method("next_round", "Leave the shop", _next_round, (), _SHOP, (INVALID_STATE,)),
)
