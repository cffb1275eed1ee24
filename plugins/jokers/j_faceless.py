"""Faceless Joker: earns $5 when a discard holds 3 or more face cards."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_faceless")
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    extra = joker.state["extra"]
    if card is cards[-1] and sum(1 for c in cards if c.is_face()) >= extra["faces"]:
        return Effect.dollars_of(extra["dollars"])
    return None
