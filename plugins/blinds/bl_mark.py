"""The Mark: face cards are drawn face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

BLIND = reference.blind("bl_mark")
balatro_content = content(BLIND)


@hookimpl
def blind_face_down(game, blind, card):
    return card.counts_as_face()


blind_disabled = _shapes.face_up_when_disabled()
