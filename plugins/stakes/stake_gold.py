"""Gold Stake: shop and pack jokers may be Rental."""

from balatro_ecs.plugin import content, hookimpl, reference

STAKE = reference.stake("stake_gold")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.run.rentals_in_shop = True
