"""Burglar: when a blind is selected, +3 hands and no discards for the round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_burglar")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    game.run.hands_left += joker.state["extra"]
    game.run.discards_left = 0
    game.record(joker, "message", f"+{joker.state['extra']} hands")
