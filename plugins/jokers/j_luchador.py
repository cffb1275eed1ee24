"""Luchador: selling it disables the current Boss Blind."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_luchador")
balatro_content = content(JOKER)


@hookimpl
def joker_sold(game, joker):
    if game.blind is not None and game.blind.is_boss:
        game.disable_blind()
