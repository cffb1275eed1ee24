"""The Hook: discards 2 random held cards each time a hand is played.

(Acts when a hand is played, outside scoring.)
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_hook")
balatro_content = content(BLIND)

DISCARDED = 2  # cards The Hook discards per hand (blinds.toml)


@hookimpl
def blind_press_play(game, blind, cards):
    held = list(game.hand)
    chosen = []
    for _ in range(min(DISCARDED, len(held))):
        card = game.rng.element("hook", held, sort_key=lambda c: c.serial)
        held.remove(card)
        chosen.append(card)
    blind.triggered = True
    if chosen:
        game.discard(chosen, hook=True)
