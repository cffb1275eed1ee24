"""Purple Stake: blind sizes grow faster again (the third scaling table)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_purple")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.set_blind_scaling(
        table=max(game.run.scaling, stake.modifiers["scaling"]), source=stake.name
    )
