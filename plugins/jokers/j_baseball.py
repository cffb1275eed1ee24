"""Baseball Card: every Uncommon joker gives X1.5 Mult."""

from balatro_ecs.plugin import Effect, Joker, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_baseball")
balatro_content = content(JOKER)


@hookimpl
def joker_other_joker(ctx, joker, other):
    if isinstance(other, Joker) and other.rarity == 2 and other.entity != joker.entity:
        return Effect.x_mult_of(joker.state["extra"])
    return None
