"""The Wheel: each drawn card has a 1 in 7 chance to be face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, hookimpl, reference

from . import _shapes

BLIND = reference.blind("bl_wheel")
balatro_content = content(BLIND)

ODDS = 7  # blinds.toml: 1 in 7


@hookimpl
def blind_face_down(game, blind, card):
    odds = game.run.probability * game.rules.probability_scale / ODDS
    return game.rng.random("wheel") < odds


blind_disabled = _shapes.face_up_when_disabled()
