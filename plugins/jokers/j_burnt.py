"""Burnt Joker: the first discard of each round levels up the poker hand it holds
(not The Hook's discards)."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_burnt")
balatro_content = content(JOKER)


@hookimpl
def joker_pre_discard(game, joker, cards, hook):
    if game.run.discards_used <= 0 and not hook:
        return Effect(level_up=1)
    return None
