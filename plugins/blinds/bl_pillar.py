"""The Pillar: cards already played this ante are debuffed."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_pillar")
balatro_content = content(BLIND)


@hookimpl
def blind_debuff_card(game, blind, card):
    return card.played_this_ante
