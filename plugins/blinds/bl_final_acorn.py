"""Amber Acorn: flips and shuffles every joker when the blind starts.

(Acts when the blind is set.)
"""

from balatro_ecs.plugin import content, hookimpl, reference

BLIND = reference.blind("bl_final_acorn")
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    row = sorted(game.jokers, key=lambda j: j._serial.value)
    game.rng.shuffle("aajk", row)
    for index, joker in enumerate(row):
        game.move_joker(joker, index)
    blind.memory["flipped"] = True
