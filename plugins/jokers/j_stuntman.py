"""Stuntman: +250 Chips, -2 hand size."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_stuntman")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.hand_size_delta -= joker.state["extra"]["h_size"]


@hookimpl
def joker_main(ctx, joker):
    return Effect.chips_of(joker.state["extra"]["chip_mod"])
