"""The OpenRPC document ``rpc.discover`` answers with, made from the method table.

Every method with its parameters (name, type, whether required), what it returns and the
errors it may give; the schemas of ``GameState`` and its parts; the four errors.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ... import __version__
from .errors import ERROR_CODES

__all__ = ["API_VERSION", "discover"]

#: The balatrobot API version this server speaks.
API_VERSION = "1.5"

_ERROR_REFS = {
    "INTERNAL_ERROR": "InternalError",
    "BAD_REQUEST": "BadRequest",
    "INVALID_STATE": "InvalidState",
    "NOT_ALLOWED": "NotAllowed",
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = list(required)
    return out


_INT = {"type": "integer"}
_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_NUMBER = {"type": "number"}

_SCHEMAS: dict[str, Any] = {
    "GameState": _object(
        {
            "state": _STR,
            "paused": _BOOL,
            "round_num": _INT,
            "ante_num": _INT,
            "money": _INT,
            "deck": _STR,
            "stake": _STR,
            "seed": _STR,
            "last_tarot_planet": _STR,
            "won": _BOOL,
            "starting_deck_size": _INT,
            "used_vouchers": {"type": "object", "additionalProperties": _STR},
            "tags": {"type": "array", "items": _ref("Tag")},
            "hands": {"type": "object", "additionalProperties": _ref("Hand")},
            "round": _ref("Round"),
            "blinds": _object({k: _ref("Blind") for k in ("small", "big", "boss")}),
            **{
                area: _ref("Area")
                for area in (
                    "jokers",
                    "consumables",
                    "cards",
                    "hand",
                    "shop",
                    "vouchers",
                    "packs",
                    "pack",
                )
            },
        },
        ("state", "round_num", "ante_num", "money"),
    ),
    "Area": _object(
        {
            "count": _INT,
            "limit": _INT,
            "highlighted_limit": _INT,
            "cards": {"type": "array", "items": _ref("Card")},
        },
        ("count", "limit", "cards"),
    ),
    "Card": _object(
        {
            "id": _INT,
            "key": _STR,
            "set": {
                "enum": [
                    "DEFAULT",
                    "ENHANCED",
                    "JOKER",
                    "TAROT",
                    "PLANET",
                    "SPECTRAL",
                    "VOUCHER",
                    "BOOSTER",
                ]
            },
            "label": _STR,
            "value": _object({"suit": _STR, "rank": _STR, "effect": _STR}, ("effect",)),
            "modifier": _object(
                {
                    "seal": _STR,
                    "edition": _STR,
                    "enhancement": _STR,
                    "eternal": _BOOL,
                    "perishable": _INT,
                    "rental": _BOOL,
                }
            ),
            "state": _object(
                {"debuff": _BOOL, "hidden": _BOOL, "highlight": _BOOL, "revealed": _BOOL}
            ),
            "cost": _object({"sell": _INT, "buy": _INT}, ("sell", "buy")),
        },
        ("id", "key", "set", "label", "value", "modifier", "state", "cost"),
    ),
    "Blind": _object(
        {
            "key": _STR,
            "type": {"enum": ["SMALL", "BIG", "BOSS"]},
            "status": {"enum": ["SELECT", "CURRENT", "UPCOMING", "DEFEATED", "SKIPPED"]},
            "name": _STR,
            "effect": _STR,
            "score": _NUMBER,
            "tag": _ref("Tag"),
            "reroll_available": _BOOL,
        },
        ("key", "type", "status", "name", "effect", "score"),
    ),
    "Tag": _object({"key": _STR, "name": _STR, "effect": _STR}, ("key", "name", "effect")),
    "Hand": _object(
        {
            "order": _INT,
            "level": _INT,
            "chips": _NUMBER,
            "mult": _NUMBER,
            "played": _INT,
            "played_this_round": _INT,
        },
        ("order", "level", "chips", "mult", "played", "played_this_round"),
    ),
    "Round": _object(
        {
            "hands_left": _INT,
            "hands_played": _INT,
            "discards_left": _INT,
            "discards_used": _INT,
            "reroll_cost": _INT,
            "chips": _NUMBER,
            "most_played_hand": _STR,
        }
    ),
    "PathResult": _object({"success": _BOOL, "path": _STR, "replaced": _BOOL}, ("success", "path")),
    "Health": _object({"status": {"enum": ["ok"]}}, ("status",)),
}


def _param(param: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": param.type}
    if param.type == "array":
        schema["items"] = {"type": "integer"}
    return {
        "name": param.name,
        "description": param.description,
        "required": param.required,
        "schema": schema,
    }


@cache
def _document() -> dict[str, Any]:
    from .methods import METHODS

    methods: list[dict[str, Any]] = [
        {
            "name": "rpc.discover",
            "summary": "This document",
            "params": [],
            "result": {"name": "OpenRPC document", "schema": {"type": "object"}},
        }
    ]
    for method in METHODS.values():
        methods.append(
            {
                "name": method.name,
                "summary": method.summary,
                "params": [_param(p) for p in method.params],
                "result": {"name": method.result, "schema": _ref(method.result)},
                "errors": [
                    {"$ref": f"#/components/errors/{_ERROR_REFS[e]}"} for e in method.errors
                ],
                **({"x-states": list(method.states)} if method.states else {}),
            }
        )
    return {
        "openrpc": "1.3.2",
        "info": {
            "title": "balatro_ecs balatrobot-compatible API",
            "description": "The balatrobot JSON-RPC 2.0 API served by the balatro_ecs engine.",
            "version": f"{API_VERSION} (balatro_ecs {__version__})",
        },
        "servers": [{"name": "Local", "url": "http://127.0.0.1:12346"}],
        "methods": methods,
        "components": {
            "schemas": _SCHEMAS,
            "errors": {
                _ERROR_REFS[name]: {
                    "code": code,
                    "message": name.replace("_", " ").capitalize(),
                    "data": {"name": name},
                }
                for name, code in ERROR_CODES.items()
            },
        },
    }


def discover() -> dict[str, Any]:
    """The OpenRPC document of this server (a fresh copy each time)."""
    import copy

    return copy.deepcopy(_document())
