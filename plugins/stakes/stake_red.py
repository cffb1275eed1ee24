"""Red Stake: the Small Blind pays no reward."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_red")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.set_blind_reward(stake.modifiers["no_blind_reward"], False, source=stake.name)
