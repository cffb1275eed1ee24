"""The Plant: every face card is debuffed."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_plant")
balatro_content = content(BLIND)


@hookimpl
def blind_debuff_card(game, blind, card):
    return card.counts_as_face()
