"""Temperance: gains the total sell value of the jokers held, at most ``extra`` dollars."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAROT = reference.tarot("c_temperance")
balatro_content = content(TAROT)
CAP = TAROT.config["extra"]


@hookimpl
def consumable_can_use(game, consumable, targets):
    return True


@hookimpl
def consumable_use(game, consumable, targets):
    game.earn(min(sum(joker.sell_value for joker in game.jokers), CAP), consumable.name)


@hookimpl
def content_describe(game, values, item):
    total = sum(joker.sell_value for joker in game.jokers)
    return {"temperance_gain": min(total, values["extra"])}
