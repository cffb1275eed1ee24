"""The Serpent: after each play or discard, exactly 3 cards are drawn.

(Acts when cards are drawn.)
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_serpent")
balatro_content = content(BLIND)

DRAWN = 3  # blinds.toml: exactly 3 cards after every play or discard


@hookimpl
def blind_draw_count(game, blind, wanted):
    return DRAWN
