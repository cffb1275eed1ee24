"""Boss Tag: rerolls the upcoming boss blind."""

from balatro_ecs.plugin import content, hookimpl, reference
from balatro_ecs.run.blinds import choose_boss

TAG = reference.tag("tag_boss")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "new_blind_choice" and game.run.blind_states.get("Boss") != "Current":
        game.run.boss = choose_boss(game)
        return True
    return None
