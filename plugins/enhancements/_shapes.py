"""Declarations of the vanilla card modifiers from the reference tables (names, effect
text, config and order as the game's)."""

from typing import Any

from balatro_ecs.plugin import EditionType, EnhancementType, SealType
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import description


def _row(table: str, list_key: str, key: str) -> dict[str, Any]:
    return next(r for r in reference.table(table)[list_key] if r["key"] == key)


def enhancement(key: str, **declared: Any) -> EnhancementType:
    """The enhancement ``key`` of enhancements.toml, with its declared properties."""
    row = _row("enhancements", "enhancement", key)
    return EnhancementType(
        key=key,
        name=row["name"],
        description=description("enhancement", key),
        effect=row["effect"],
        config=row["config"],
        order=row["order"],
        **declared,
    )


def edition(key: str, **declared: Any) -> EditionType:
    """The edition ``key`` of editions.toml."""
    row = _row("editions", "edition", key)
    return EditionType(
        key=key,
        name=row["name"],
        description=description("edition", key),
        effect=row["effect"],
        config=row["config"],
        order=row["order"],
        extra_cost=row["extra_shop_cost"],
        weight=row.get("base_shop_probability_rate1", 0),
        **declared,
    )


def seal(name: str, **declared: Any) -> SealType:
    """The seal the game keys ``name`` (``"Gold"``), as content ``s_gold``."""
    row = _row("seals", "seal", name)
    return SealType(
        key=f"s_{name.lower()}",
        name=row["name"],
        description=description("seal", name),
        effect=row["effect"],
        order=row["order"],
        aliases=(name,),
        **declared,
    )
