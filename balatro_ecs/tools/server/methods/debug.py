"""The methods that set a game up for a test: ``add`` and ``set``.

They change the game directly, through the engine's commands (``add_joker``,
``add_consumable``, ``add_card``, the run's numbers), not through player actions; a
change that fails leaves the game as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ....game.cards import CardSpec
from ....game.game import Game
from ....game.run import shop
from ....kernel.components import PERISHABLE, Area
from ....kernel.content import BlindType, BoosterType, ConsumableType, JokerType, VoucherType
from ....kernel.enums import Edition, Enhancement, Seal, parse_rank, parse_suit
from ....kernel.errors import BalatroError, UnknownNameError
from ..errors import BAD_REQUEST, INVALID_STATE, NOT_ALLOWED, RpcError
from ..names import parse_modifier
from ..params import Param
from ..session import Method, Session

__all__ = ["METHODS"]

_PLAYING_KEY = re.compile(r"^[HDCS]_[2-9TJQKA]$")
_PREFIXES = {"j_": "joker", "c_": "consumable", "v_": "voucher", "p_": "pack"}
#: Booster slots in the shop (the game's ``G.shop_booster`` limit).
PACK_SLOTS = 2


def _kind(key: str) -> str | None:
    kind = _PREFIXES.get(key[:2])
    if kind is None and _PLAYING_KEY.match(key):
        return "playing_card"
    return kind


def _content(game: Game, key: str) -> object:
    """The content with this exact key, or ``None``."""
    try:
        return game.plugins.content(key)
    except UnknownNameError:
        return None


def _modifiers(kind: str, params: dict[str, Any]) -> dict[str, int]:
    """The mod's checks of ``seal``, ``edition`` and ``enhancement``, in its order."""
    out: dict[str, int] = {}
    if "seal" in params:
        if kind != "playing_card":
            raise RpcError(BAD_REQUEST, "Seal can only be applied to playing cards")
        try:
            out["seal"] = parse_modifier("seal", params["seal"])
        except UnknownNameError:
            raise RpcError(
                BAD_REQUEST,
                "Invalid seal value. Expected a Seal key from G.P_SEALS (e.g. Red, Blue)",
            ) from None
    if "edition" in params:
        if kind in ("voucher", "pack"):
            raise RpcError(BAD_REQUEST, f"Edition cannot be applied to {kind}s")
        try:
            edition = parse_modifier("edition", params["edition"])
        except UnknownNameError:
            edition = None
        if kind == "consumable" and edition != Edition.NEGATIVE:
            raise RpcError(BAD_REQUEST, "Consumables can only have e_negative edition")
        if edition is None:
            raise RpcError(BAD_REQUEST, "Expected an e_* edition key (e.g. e_foil, e_holo)")
        out["edition"] = edition
    if "enhancement" in params:
        if kind != "playing_card":
            raise RpcError(BAD_REQUEST, "Enhancement can only be applied to playing cards")
        try:
            out["enhancement"] = parse_modifier("enhancement", params["enhancement"])
        except UnknownNameError:
            raise RpcError(
                BAD_REQUEST, "Expected an m_* enhancement key (e.g. m_bonus, m_mult)"
            ) from None
    return out


def _stickers(kind: str, params: dict[str, Any]) -> None:
    for name in ("eternal", "perishable", "rental"):
        if params.get(name) and kind != "joker":
            raise RpcError(BAD_REQUEST, f"{name.title()} can only be applied to jokers")
        if name == "perishable" and "perishable" in params and params["perishable"] < 1:
            raise RpcError(BAD_REQUEST, "Perishable must be a positive integer (>= 1)")


def _add(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    key: str = params["key"]
    kind = _kind(key)
    if kind is None:
        raise RpcError(
            BAD_REQUEST,
            "Invalid card key format. Expected: joker (j_*), consumable (c_*), voucher (v_*), "
            "pack (p_*), or playing card (SUIT_RANK)",
        )
    state = session.state
    if kind == "playing_card" and state != "SELECTING_HAND":
        raise RpcError(INVALID_STATE, "Playing cards can only be added in SELECTING_HAND state")
    for what, name in (("voucher", "Vouchers"), ("pack", "Packs")):
        if kind == what and state != "SHOP":
            raise RpcError(INVALID_STATE, f"{name} can only be added in SHOP state")
    if kind == "pack":
        if len(game.shop_packs) >= PACK_SLOTS:
            raise RpcError(NOT_ALLOWED, "Cannot add pack, shop booster slots are full")
        if not isinstance(_content(game, key), BoosterType):
            raise RpcError(BAD_REQUEST, f"Pack key not found: {key}")
    modifiers = _modifiers(kind, params)
    _stickers(kind, params)
    families: dict[str, type] = {
        "joker": JokerType,
        "consumable": ConsumableType,
        "voucher": VoucherType,
        "pack": BoosterType,
    }
    if kind in families:
        try:
            game.plugins.find(families[kind], key)
        except UnknownNameError:
            raise RpcError(BAD_REQUEST, f"Failed to add card: {key}") from None
    _change(game, lambda: _put(game, kind, key, modifiers, params), key)
    return session.gamestate()


def _put(
    game: Game, kind: str, key: str, modifiers: dict[str, int], params: dict[str, Any]
) -> None:
    edition = Edition(modifiers.get("edition", 0))
    if kind == "joker":
        joker = game.add_joker(
            key,
            edition=edition,
            eternal=bool(params.get("eternal")),
            perishable="perishable" in params,
            rental=bool(params.get("rental")),
        )
        if "perishable" in params:
            game.set_sticker(joker, PERISHABLE, params["perishable"])
    elif kind == "consumable":
        game.add_consumable(key, edition=edition)
    elif kind == "voucher":
        game.shop_vouchers.append(key)
    elif kind == "pack":
        game.shop_packs.append(key)
    else:
        suit, rank = key.split("_")
        spec = CardSpec(
            rank=parse_rank(rank),
            suit=parse_suit(suit),
            enhancement=Enhancement(modifiers.get("enhancement", 0)),
            edition=edition,
            seal=Seal(modifiers.get("seal", 0)),
        )
        game.add_card(spec, Area.HAND)


def _change(game: Game, change: Callable[[], None], what: str) -> None:
    """Make ``change`` all or nothing: a failure puts the game back as it was."""
    before = game.snapshot()
    try:
        change()
    except BalatroError as err:
        game.restore(before)
        raise RpcError(BAD_REQUEST, f"Failed to add card: {what} ({err})") from err
    except BaseException:
        game.restore(before)
        raise


_NUMBERS = ("money", "chips", "ante", "round", "hands", "discards")


def _set(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.game
    if game is None:
        raise RpcError(INVALID_STATE, "Can only set during an active run")
    if not params:
        raise RpcError(BAD_REQUEST, "Must provide at least one field to set")
    if "boss" in params and params.get("shop"):
        raise RpcError(BAD_REQUEST, "Cannot set boss and shop at the same time")
    run = game.run
    if "boss" in params:
        key = params["boss"]
        if session.state != "BLIND_SELECT":
            raise RpcError(
                INVALID_STATE,
                "Can only set boss blind during blind selection (BLIND_SELECT state)",
            )
        boss_state = run.blind_states.get("Boss")
        if boss_state != "Upcoming":
            raise RpcError(
                INVALID_STATE, f"Boss blind is not selectable (current state: {boss_state})"
            )
        blind = _content(game, key)
        if not isinstance(blind, BlindType):
            raise RpcError(BAD_REQUEST, f"Unknown boss blind key: {key}")
        if blind.kind not in ("boss", "showdown"):
            raise RpcError(BAD_REQUEST, f"Not a boss blind: {key}")
    for name in _NUMBERS:
        if name in params and params[name] < 0:
            raise RpcError(BAD_REQUEST, f"{name.title()} must be a positive integer")
    if params.get("shop") and session.state != "SHOP":
        raise RpcError(NOT_ALLOWED, "Can re-stock shop only in SHOP state")
    if "money" in params:
        run.dollars = params["money"]
    if "chips" in params:
        run.chips = float(params["chips"])
    if "ante" in params:
        run.ante = params["ante"]
    if "round" in params:
        run.round = params["round"]
    if "hands" in params:
        run.hands_left = params["hands"]
    if "discards" in params:
        run.discards_left = params["discards"]
    if params.get("shop"):
        shop.open_shop(game)
    if "boss" in params:
        run.boss = params["boss"]
    return session.gamestate()


METHODS: tuple[Method, ...] = (
    Method(
        "add",
        "Add a joker, consumable, voucher, pack or playing card (for tests)",
        _add,
        (
            Param("key", "string", "j_*, c_*, v_*, p_* or a playing card such as H_A", True),
            Param("seal", "string", "seal (playing cards): Red (1.5) or RED (1.0-1.4)"),
            Param("edition", "string", "edition: e_foil (1.5) or FOIL (1.0-1.4)"),
            Param("enhancement", "string", "enhancement (playing cards): m_bonus or BONUS"),
            Param("eternal", "boolean", "eternal sticker (jokers)"),
            Param("perishable", "integer", "rounds left before it perishes (jokers, >= 1)"),
            Param("rental", "boolean", "rental sticker (jokers)"),
        ),
        ("SELECTING_HAND", "SHOP", "ROUND_EVAL"),
        (BAD_REQUEST, INVALID_STATE, NOT_ALLOWED),
    ),
    Method(
        "set",
        "Set the run's numbers, restock the shop or choose the boss (for tests)",
        _set,
        (
            Param("money", "integer", "dollars (>= 0)"),
            Param("chips", "integer", "score this round (>= 0)"),
            Param("ante", "integer", "ante (>= 0)"),
            Param("round", "integer", "round (>= 0)"),
            Param("hands", "integer", "hands left (>= 0)"),
            Param("discards", "integer", "discards left (>= 0)"),
            Param("shop", "boolean", "restock the shop (SHOP only)"),
            Param("boss", "string", "the boss blind's key (BLIND_SELECT, boss upcoming)"),
        ),
        None,
        (BAD_REQUEST, INVALID_STATE, NOT_ALLOWED),
    ),
)
