"""The twelve Planet cards: each levels up one poker hand when used (any time).

While held, a Planet gives X1.5 Mult when its poker hand scores, if the run owns the
Observatory voucher -- in the game this check lives on the Planet card, so it does here.
"""

from __future__ import annotations

from typing import Any

from balatro_ecs.plugin import ConsumableType, Effect, HandType, hookimpl
from balatro_ecs_vanilla import reference

OBSERVATORY = reference.voucher("v_observatory")


class Planet:
    """One Planet card's plugin."""

    def __init__(self, key: str) -> None:
        self.type: ConsumableType = reference.planet(key)
        self._boost = Effect.x_mult_of(OBSERVATORY.config["extra"])
        assert self.type.hand is not None, key
        self._hand = HandType.from_name(self.type.hand)

    @hookimpl
    def balatro_content(self) -> ConsumableType:
        return self.type

    @hookimpl
    def consumable_can_use(self, game: Any, consumable: Any, targets: Any) -> bool:
        return True

    @hookimpl
    def consumable_use(self, game: Any, consumable: Any, targets: Any) -> None:
        game.level_up(self._hand, 1, consumable.name)

    @hookimpl
    def consumable_main(self, ctx: Any, consumable: Any) -> Effect | None:
        if ctx.hand_name == self.type.hand and ctx.run.has_voucher(OBSERVATORY.key):
            return self._boost
        return None


balatro_plugins = tuple(Planet(key) for key in reference.keys("planets", "planet"))
