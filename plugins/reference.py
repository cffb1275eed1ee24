"""The vanilla game's facts (Balatro 1.0.1o), read from the TOML tables bundled in ``data/``.

Every number the vanilla plugins use comes from here, so that a rule and its number
are never typed twice; each content declaration carries its description for players
(``data/descriptions.toml``). Tables are parsed once, on first use.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import resources
from typing import Any

from balatro_ecs.plugin import (
    BlindType,
    BoosterType,
    ConsumableType,
    ContentError,
    DeckType,
    JokerType,
    StakeType,
    TagType,
    VoucherType,
)

from ._describe import description

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = [
    "blind",
    "booster",
    "deck",
    "hand_table",
    "joker",
    "planet",
    "spectral",
    "stake",
    "table",
    "tag",
    "tarot",
    "voucher",
]


@cache
def table(name: str) -> dict[str, Any]:
    """One reference file, parsed (``table("jokers")``)."""
    text = resources.files("balatro_ecs_vanilla").joinpath("data", f"{name}.toml")
    return tomllib.loads(text.read_text("utf-8"))


def _find(name: str, list_key: str, key: str) -> dict[str, Any]:
    rows = _index(name, list_key)
    try:
        return rows[key]
    except KeyError:
        raise ContentError(f"no {list_key} with key {key!r} in the vanilla reference") from None


@cache
def _index(name: str, list_key: str) -> dict[str, dict[str, Any]]:
    return {row["key"]: row for row in table(name)[list_key]}


def keys(name: str, list_key: str) -> tuple[str, ...]:
    """Every key of one table, in the game's order."""
    return tuple(_index(name, list_key))


@cache
def joker(key: str) -> JokerType:
    """The vanilla joker with this key, as a :class:`JokerType`."""
    row = _find("jokers", "joker", key)
    display = row.get("display_name", row["name"])
    aliases = (row["name"],) if display != row["name"] else ()
    return JokerType(
        key=row["key"],
        description=description("joker", row["key"]),
        name=display,
        aliases=aliases,
        effect=row["effect"],
        rarity=row["rarity"],
        cost=row["cost"],
        blueprint_compat=row["blueprint_compat"],
        eternal_compat=row["eternal_compat"],
        perishable_compat=row["perishable_compat"],
        unlocked=row["unlocked_by_default"],
        order=row["order"],
        config=row["config"],
        contexts=tuple(row["game_contexts"]),
        requires_enhancement=row.get("pool_requires_enhancement_in_deck"),
        requires_flag=row.get("pool_requires_flag"),
        blocked_by_flag=row.get("pool_blocked_by_flag"),
    )


@cache
def blind(key: str) -> BlindType:
    """The vanilla blind with this key."""
    row = _find("blinds", "blind", key)
    return BlindType(
        key=row["key"],
        description=description("blind", row["key"]),
        name=row["name"],
        effect=row["effect"],
        kind=row["type"],
        mult=row["score_multiplier"],
        dollars=row["dollars"],
        min_ante=row["min_ante"],
        max_ante=row.get("max_ante", 10),
        order=row["order"],
        debuff=row.get("debuff", {}),
    )


@cache
def deck(key: str) -> DeckType:
    """The vanilla deck (back) with this key."""
    row = _find("decks", "deck", key)
    return DeckType(
        key=row["key"],
        description=description("deck", row["key"]),
        name=row["name"],
        effect=row["effect"],
        config=row.get("config", {}),
        selectable=row.get("selectable", True),
        order=row["order"],
    )


def _planet_text(row: dict[str, Any]) -> str:
    if "hand" not in row:
        return ""
    return (
        f"Levels up {row['hand']}: +{row['mult_per_level']} Mult and "
        f"+{row['chips_per_level']} Chips per level."
    )


def _consumable(row: dict[str, Any], card_set: str) -> ConsumableType:
    return ConsumableType(
        key=row["key"],
        description=description(card_set.lower(), row["key"]),
        name=row["name"],
        effect=row.get("effect") or _planet_text(row),
        set=card_set,
        cost=row["cost"],
        config=row.get("config", {}),
        order=row["order"],
        hand=row.get("hand"),
        secret=row.get("secret", False),
        hidden=row.get("hidden_from_pools", False),
    )


@cache
def planet(key: str) -> ConsumableType:
    return _consumable(_find("planets", "planet", key), "Planet")


@cache
def tarot(key: str) -> ConsumableType:
    return _consumable(_find("tarots", "tarot", key), "Tarot")


@cache
def spectral(key: str) -> ConsumableType:
    return _consumable(_find("spectrals", "spectral", key), "Spectral")


@cache
def voucher(key: str) -> VoucherType:
    row = _find("vouchers", "voucher", key)
    requires = row.get("requires") or ()
    if isinstance(requires, str):
        requires = (requires,)
    return VoucherType(
        key=row["key"],
        description=description("voucher", row["key"]),
        name=row["name"],
        effect=row.get("effect", ""),
        cost=row["cost"],
        config=row.get("config", {}),
        requires=tuple(requires),
        order=row["order"],
    )


@cache
def stake(key: str) -> StakeType:
    """The vanilla stake with this key (``stake_white`` .. ``stake_gold``)."""
    row = _find("stakes", "stake", key)
    return StakeType(
        key=row["key"],
        description=description("stake", row["key"]),
        name=row["name"],
        aliases=(row["internal_name"],),
        effect=row["effect"],
        level=row["stake_level"],
        modifiers=row.get("modifiers", {}),
    )


@cache
def tag(key: str) -> TagType:
    """The vanilla skip tag with this key."""
    row = _find("tags", "tag", key)
    return TagType(
        key=row["key"],
        description=description("tag", row["key"]),
        name=row["name"],
        effect=row["effect"],
        min_ante=row["min_ante"],
        trigger=row["trigger"],
        config=row.get("config", {}),
        order=row["order"],
        requires_discovered=row.get("requires_discovered", ""),
    )


@cache
def booster(key: str) -> BoosterType:
    """The vanilla booster pack with this key."""
    row = _find("boosters", "pack", key)
    return BoosterType(
        key=row["key"],
        description=description("booster", row["key"]),
        name=row["name"],
        kind=row["kind"],
        size=row["size_class"],
        cards=row["cards"],
        choose=row["choose"],
        cost=row["cost"],
        weight=row["weight"],
        order=row["order"],
    )


@cache
def hand_table() -> dict[str, dict[str, Any]]:
    """The twelve poker hands by name: base chips/mult, per-level gains, visibility."""
    return {row["name"]: row for row in table("hands")["hand"]}
