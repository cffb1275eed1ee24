"""Verdant Leaf: every playing card is debuffed until a joker is sold."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_final_leaf")
balatro_content = content(BLIND)


@hookimpl
def blind_debuff_card(game, blind, card):
    return True


@hookimpl
def blind_joker_sold(game, blind):
    game.disable_blind()
