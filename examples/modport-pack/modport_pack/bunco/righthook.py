"""Righthook Joker (Bunco): retriggers the rightmost scored card once per hand left.

The hands left are counted as the hand scores: the played hand is already spent (the game
takes it before scoring), so the last hand of a round retriggers nothing.
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_righthook",
    name="Righthook Joker",
    rarity=3,
    cost=8,
    effect="Retrigger the rightmost scored card once per remaining hand.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_repetition(ctx, joker, card):
    if ctx.scoring and card is ctx.scoring[-1]:
        return ctx.run.hands_left or None
    return None
