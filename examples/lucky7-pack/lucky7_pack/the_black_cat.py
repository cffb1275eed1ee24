"""The Black Cat: a boss blind that debuffs every 7."""

from balatro_ecs.plugin import BlindType, content, hookimpl

BLIND = BlindType(
    key="bl_lucky7_black_cat",
    name="The Black Cat",
    kind="boss",
    mult=2,
    dollars=5,
    min_ante=2,
    effect="All 7s are debuffed.",
)
balatro_content = content(BLIND)


@hookimpl
def blind_debuff_card(game, blind, card):
    return card.rank == 7
