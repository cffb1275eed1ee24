"""The Fish: cards drawn after each played hand come face down. (Acts when cards are drawn.)"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_fish"), memory_kinds={"prepped": "flag"})
balatro_content = content(BLIND)


@hookimpl
def blind_press_play(game, blind, cards):
    blind.memory["prepped"] = True


@hookimpl
def blind_face_down(game, blind, card):
    return bool(blind.memory.get("prepped"))


@hookimpl
def blind_drawn(game, blind):
    blind.memory["prepped"] = False


blind_disabled = _shapes.face_up_when_disabled()
