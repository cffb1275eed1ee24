"""Violet Vessel: a very large blind (6x base chips)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_final_vessel")
balatro_content = content(BLIND)


@hookimpl
def blind_disabled(game, blind):
    game.set_blind_chips(game.run.blind_chips / 3, source=blind.name)
