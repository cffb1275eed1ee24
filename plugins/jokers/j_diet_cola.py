"""Diet Cola: selling it gives a free Double Tag."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_diet_cola")
balatro_content = content(JOKER)


@hookimpl
def joker_sold(game, joker):
    game.gain_tag("tag_double")
