"""Astronomer: Planet cards and Celestial Packs in the shop are free."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_astronomer")
balatro_content = content(JOKER)
FREE_SETS = frozenset({"Planet"})
FREE_PACKS = frozenset({"Celestial"})


@hookimpl
def joker_rules(joker, rules):
    rules.free_consumable_sets |= FREE_SETS
    rules.free_booster_kinds |= FREE_PACKS
