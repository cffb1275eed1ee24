"""The Tooth: lose $1 for each card played. (Acts when a hand is played, before scoring.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_tooth")
balatro_content = content(BLIND)

DOLLARS_PER_CARD = 1  # blinds.toml: lose $1 for each card played


@hookimpl
def blind_press_play(game, blind, cards):
    blind.triggered = True
    for _ in cards:
        game.earn(-DOLLARS_PER_CARD, blind.name)
