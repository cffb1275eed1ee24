"""Sock and Buskin: retriggers every scored face card."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_sock_and_buskin")
balatro_content = content(JOKER)


@hookimpl
def joker_repetition(ctx, joker, card):
    if card.is_face():
        return joker.state["extra"]
    return None
