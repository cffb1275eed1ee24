"""Hack: retriggers each scored 2, 3, 4 or 5."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_hack")
balatro_content = content(JOKER)


_RANKS = frozenset({2, 3, 4, 5})


@hookimpl
def joker_repetition(ctx, joker, card):
    if card.rank in _RANKS:
        return joker.state["extra"]
    return None
