"""Cerulean Bell: one random held card is always selected. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_final_bell")
balatro_content = content(BLIND)


@hookimpl
def blind_drawn(game, blind):
    hand = game.hand
    if hand and not any(card.forced for card in hand):
        chosen = game.rng.element("cerulean_bell", list(hand), sort_key=lambda c: c.serial)
        chosen.set_forced(True)
