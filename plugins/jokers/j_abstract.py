"""Abstract Joker: +3 Mult for each joker owned."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_abstract")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.mult_of(len(ctx.jokers) * joker.state["extra"])
