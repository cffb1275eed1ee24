"""The Hermit: doubles the run's money, gaining at most ``extra`` dollars (never losing any)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAROT = reference.tarot("c_hermit")
balatro_content = content(TAROT)
CAP = TAROT.config["extra"]


@hookimpl
def consumable_can_use(game, consumable, targets):
    return True


@hookimpl
def consumable_use(game, consumable, targets):
    game.earn(max(0, min(game.run.dollars, CAP)), consumable.name)


@hookimpl
def content_describe(game, values, item):
    return {"hermit_gain": min(max(0, game.run.dollars), values["extra"])}
