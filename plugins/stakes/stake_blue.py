"""Blue Stake: one discard fewer every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_blue")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.add_discards(stake.modifiers["discards"], every_round=True, source=stake.name)
