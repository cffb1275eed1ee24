"""Boss Tag: rerolls the upcoming boss blind, for free (it uses up Director's Cut's reroll
for the ante, as any boss reroll does in the game)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_boss")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "new_blind_choice" and game.run.blind_states.get("Boss") != "Current":
        game.reroll_boss()
        return True
    return None
