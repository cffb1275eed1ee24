"""Holographic: +10 Mult (on a joker, before its own effect)."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import HOLO_MULT

from ..enhancements._shapes import edition

EDITION = edition("e_holo")
balatro_content = content(EDITION)
_EFFECT = Effect(mult=HOLO_MULT)


@hookimpl
def edition_scored(ctx, target):
    return _EFFECT
