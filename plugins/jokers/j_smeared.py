"""Smeared Joker: Hearts and Diamonds count as one suit, Spades and Clubs as another."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_smeared")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.smeared_suits = True
