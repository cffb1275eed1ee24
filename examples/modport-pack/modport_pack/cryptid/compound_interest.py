"""Compound Interest (Cryptid): earn 12% of your money at the end of the round; the
percentage grows by 3 with each payout.

Paid with the round's payout (``joker_cash_out``, never copied), on the money held before
it: nothing when broke, and then the percentage stays.
"""

import math

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_compound_interest",
    name="Compound Interest",
    rarity=3,
    cost=10,
    perishable_compat=False,
    config={"extra": {"percent": 12, "percent_mod": 3}},
    effect="Earn 12% of total money at end of round, increases by 3% per consecutive payout.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    dollars = game.run.dollars
    if dollars <= 0:
        return None
    extra = joker.state["extra"]
    bonus = max(0, math.floor(0.01 * extra["percent"] * dollars))
    extra["percent"] += extra["percent_mod"]
    return bonus or None
