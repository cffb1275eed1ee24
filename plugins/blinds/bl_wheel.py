"""The Wheel: each drawn card has a 1 in 7 chance to be face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

BLIND = reference.blind("bl_wheel")
balatro_content = content(BLIND)

ODDS = 7  # blinds.toml: "a 1 in 7 chance" (a number only in the effect text)


@hookimpl
def blind_face_down(game, blind, card):
    return game.chance("wheel", ODDS, blind)


blind_disabled = _shapes.face_up_when_disabled()
