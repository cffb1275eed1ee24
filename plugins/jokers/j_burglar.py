"""Burglar: when a blind is selected, +3 hands and no discards for the round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_burglar")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    game.add_hands(joker.state["extra"], source=joker)
    game.add_discards(-game.run.discards_left, source=joker)
