"""Amber Acorn: flips every joker face down and shuffles them when the blind starts.

(Acts when the blind is set.) The jokers held then are flipped at once (their serials are
kept in ``blind.memory["flipped"]``; they are face up again once the blind is disabled or
over). The shuffle is the game's queued event, run after every joker has reacted to the
blind (so Riff-raff's new jokers are shuffled in, face up): three shuffles on the stream
``aajk``, each of the row sorted by creation order.
"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_final_acorn"), memory_kinds={"flipped": "serials"})
balatro_content = content(BLIND)

#: How many times the game shuffles the joker row.
SHUFFLES = 3


def _shuffle(game, blind):
    for _ in range(SHUFFLES):
        game.shuffle_jokers("aajk", source=blind)


@hookimpl
def blind_set(game, blind):
    if not game.jokers:
        return
    blind.memory["flipped"] = [joker.serial for joker in game.jokers]
    if len(game.jokers) > 1:
        # The game queues an event that queues the shuffles: they come after the events
        # the jokers queue meanwhile.
        game.queue(lambda: game.queue(lambda: _shuffle(game, blind)))
