"""Crimson Heart: one random joker is debuffed each hand. (Acts when cards are drawn.)"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_final_heart"), memory_kinds={"prepped": "flag"})
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    blind.memory["prepped"] = True


@hookimpl
def blind_press_play(game, blind, cards):
    if game.jokers:
        blind.triggered = True
        blind.memory["prepped"] = True


@hookimpl
def blind_drawn(game, blind):
    if not blind.memory.get("prepped") or not game.jokers:
        return
    jokers = game.jokers
    candidates = [j for j in jokers if not j.debuffed or len(jokers) < 2]
    for joker in jokers:
        game.set_joker_debuff(joker, False, by_blind=True)
    if candidates:
        chosen = game.rng.element("crimson_heart", candidates, sort_key=lambda j: j._serial.value)
        game.set_joker_debuff(chosen, True, by_blind=True)
    blind.memory["prepped"] = False
