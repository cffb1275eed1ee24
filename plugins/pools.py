"""The game's rule for a pool with nothing available: the Joker pool yields Joker, the
voucher pool Blank, the tag pool the Handy Tag (rules.toml ``[shop]``
``empty_pool_fallbacks``; the consumable sets declare their own)."""

from balatro_ecs.plugin import hookimpl
from balatro_ecs_vanilla import reference

_FALLBACKS: dict[str, str] = reference.table("rules")["shop"]["empty_pool_fallbacks"]


@hookimpl(trylast=True)
def balatro_pool_fallback(pool):
    return _FALLBACKS.get(pool)
