"""The House: the first hand of the round is drawn face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

BLIND = reference.blind("bl_house")
balatro_content = content(BLIND)


@hookimpl
def blind_face_down(game, blind, card):
    return game.run.hands_played_round == 0 and game.run.discards_used == 0


blind_disabled = _shapes.face_up_when_disabled()
