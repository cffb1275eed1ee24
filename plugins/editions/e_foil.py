"""Foil: +50 Chips (on a joker, before its own effect)."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import FOIL_CHIPS

from ..enhancements._shapes import edition

EDITION = edition("e_foil")
balatro_content = content(EDITION)
_EFFECT = Effect(chips=FOIL_CHIPS)


@hookimpl
def edition_scored(ctx, target):
    return _EFFECT
