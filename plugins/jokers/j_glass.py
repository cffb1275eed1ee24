"""Glass Joker: gains X0.75 Mult for every Glass card that shatters (not for one a Spectral
card destroys: the game tells the jokers before that card breaks)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_glass")
balatro_content = content(JOKER)


@hookimpl
def joker_cards_destroyed(game, joker, cards):
    if joker.copied_by is not None:
        return None
    glass = sum(1 for card in cards if card.shattered)
    if glass:
        joker.state["x_mult"] += joker.state["extra"] * glass
    return None


joker_main = _shapes.x_mult_counter(JOKER)
