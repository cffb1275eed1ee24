"""Riff-raff: when a blind is selected, creates 2 Common jokers (as many as there is room for).

The room is counted when it acts, with the jokers already promised by jokers to its left
(the game's ``joker_buffer``); the jokers themselves are made once every joker has reacted
to the blind, so none of them acts on it (and Madness or Ceremonial Dagger cannot take one).
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_riff_raff")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    room = game.joker_limit - len(game.jokers) - game.joker_buffer
    count = min(joker.state["extra"], room)
    if count <= 0:
        return
    game.reserve_joker_slots(count)

    def create():
        for _ in range(count):
            game.create_joker_from_pool("rif", rarity=0)

    game.queue(create)
