"""Orange Stake: shop and pack jokers may be Perishable."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_orange")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.allow_sticker_in_shop("sticker_perishable", source=stake.name)


@hookimpl
def content_describe(game, values, item):
    return {"perishable_rounds": game.run.perishable_rounds}
