"""The Wall: an extra large blind (4x base chips)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_wall")
balatro_content = content(BLIND)


@hookimpl
def blind_disabled(game, blind):
    game.set_blind_chips(game.run.blind_chips / 2, source=blind.name)
