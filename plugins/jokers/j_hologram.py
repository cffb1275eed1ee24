"""Hologram: gains X0.25 Mult for every playing card added to the deck; gives the ×Mult."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_hologram")
balatro_content = content(JOKER)


@hookimpl
def joker_cards_added(game, joker, cards):
    if joker.copied_by is None:
        joker.state["x_mult"] += len(cards) * joker.state["extra"]


joker_main = _shapes.x_mult_counter(JOKER)
