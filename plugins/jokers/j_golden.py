"""Golden Joker: pays $4 at cash-out."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_golden")
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    return joker.state["extra"]
