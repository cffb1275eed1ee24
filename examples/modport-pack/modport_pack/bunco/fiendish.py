"""Fiendish Joker (Bunco): doubles all money gained, with a 1 in 3 chance to pay $1
instead.

Bunco overrides the game's money function; here the joker's ``joker_money`` hook sees
every gain (each effect of a scored hand on its own, the cash-out with its interest, a
sale, a joker's pay) and changes it. Spending is left alone. The roll is on ``fiendish``
(Oops! All 6s doubles its chance). Not copied by Blueprint, as in Bunco.
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_fiendish",
    name="Fiendish Joker",
    rarity=2,
    cost=5,
    blueprint_compat=False,
    config={"extra": {"odds": 3}},
    effect="Double all sources of money; 1 in 3 chance to pay out $1 instead.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_money(game, joker, dollars, source):
    if dollars <= 0 or joker.copied_by is not None:
        return None
    if game.chance("fiendish", joker.state["extra"]["odds"]):
        return 1
    return dollars * 2
