"""Chad (Cryptid): retriggers the leftmost Joker 2 additional times.

Every effect the leftmost joker gives while a hand scores runs again twice (its main
effect, its effect on each scored or held card, before and after the hand), through
``joker_retrigger_joker``; Chad does not retrigger itself. A copy of Chad retriggers too.
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_chad",
    name="Chad",
    rarity=3,
    cost=10,
    config={"extra": {"retriggers": 2}},
    effect="Retrigger the leftmost Joker 2 additional times.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_retrigger_joker(ctx, joker, other, context):
    me = joker.copied_by if joker.copied_by is not None else joker
    if other is not me and ctx.jokers and other is ctx.jokers[0]:
        return min(25, joker.state["extra"]["retriggers"])
    return None
