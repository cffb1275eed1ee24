"""Madness: when a Small or Big Blind is selected, gains X0.5 Mult and destroys a random
other joker (never one a sticker keeps from being destroyed: Eternal); gives the ×Mult it
has gained."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_madness")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    if joker.copied_by is not None or blind.is_boss:
        return None
    joker.state["x_mult"] += joker.state["extra"]
    victims = [
        j for j in game.jokers if j is not joker and game.sticker_blocks(j, "destroy") is None
    ]
    if victims:
        victim = game.rng.element("madness", victims, sort_key=lambda j: j.serial)
        if game.destroy_joker(victim, joker):
            # The game only dissolves the victim after the pass: jokers acting after this
            # one still count its slot as taken (Riff-raff's room).
            game.reserve_joker_slots(1)
    return None


joker_main = _shapes.x_mult_counter(JOKER)
