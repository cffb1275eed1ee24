"""Gold Stake: shop and pack jokers may be Rental."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_gold")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.allow_sticker_in_shop("sticker_rental", source=stake.name)


@hookimpl
def content_describe(game, values, item):
    return {"rental_rate": game.run.rental_rate}
