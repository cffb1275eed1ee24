"""Booster Joker (Cryptid): +1 Booster Pack slot in the shop.

A rule (``Rules.booster_slots``): the shop offers one more pack while it is held (one at
once when it is bought in the shop, as Steamodded's ``change_booster_limit`` does).
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_booster_joker",
    name="Booster Joker",
    rarity=2,
    cost=6,
    blueprint_compat=False,
    config={"extra": {"booster_slots": 1}},
    effect="+1 Booster Pack slot available in shop.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.booster_slots += min(25, joker.state["extra"]["booster_slots"])
