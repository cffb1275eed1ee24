"""Astronomer: Planet cards and Celestial Packs in the shop are free."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_astronomer")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.free_planets = True
