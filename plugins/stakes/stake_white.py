"""White Stake: the base difficulty."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_white")
balatro_content = content(STAKE)
