"""The Flint: the hand's base chips and mult are halved."""

import math

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_flint")
balatro_content = content(BLIND)


@hookimpl
def blind_modify_hand(ctx, blind, chips, mult):
    blind.triggered = True
    return max(math.floor(chips * 0.5 + 0.5), 0), max(math.floor(mult * 0.5 + 0.5), 1)
