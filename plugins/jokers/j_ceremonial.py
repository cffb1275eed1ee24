"""Ceremonial Dagger: when a blind is selected, destroys the joker to its right (unless a
sticker keeps it from being destroyed: Eternal) and gains twice its sell value as Mult;
gives the Mult it has gained."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_ceremonial")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    if joker.copied_by is not None or joker not in game.jokers:
        return None
    right = joker.slot + 1
    if right < len(game.jokers):
        victim = game.jokers[right]
        if game.sticker_blocks(victim, "destroy") is None:
            joker.state["mult"] += 2 * victim.sell_value
            game.destroy_joker(victim, joker)
    return None


joker_main = _shapes.mult_counter(JOKER)
