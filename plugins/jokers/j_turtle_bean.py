"""Turtle Bean: +5 hand size, 1 less at the end of each round; eaten when it reaches 0."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_turtle_bean")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.hand_size_delta += joker.state["extra"]["h_size"]


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None:
        extra = joker.state["extra"]
        _shapes.use_up(game, joker, extra, "h_size", extra["h_mod"], 0)
    return None
