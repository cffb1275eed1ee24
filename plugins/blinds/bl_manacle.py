"""The Manacle: -1 hand size for the round. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, hookimpl, reference

BLIND = reference.blind("bl_manacle")
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    game.run.blind_hand_size = -1


@hookimpl
def blind_disabled(game, blind):
    game.run.blind_hand_size = 0
