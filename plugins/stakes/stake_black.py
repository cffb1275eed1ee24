"""Black Stake: shop and pack jokers may be Eternal."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

STAKE = reference.stake("stake_black")
balatro_content = content(STAKE)


@hookimpl
def stake_apply(game, stake):
    game.allow_sticker_in_shop("sticker_eternal", source=stake.name)
