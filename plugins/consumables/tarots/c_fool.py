"""The Fool: creates a copy of the last Tarot or Planet card used this run (never The Fool).

Needs a free consumable slot (its own counts) and a card to copy. The copy is the card
itself, not a random draw: nothing is drawn from the game's streams.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_fool")
balatro_content = content(TAROT)


@hookimpl
def consumable_can_use(game, consumable, targets):
    last = game.run.last_tarot_planet
    if last is None or last == TAROT.key:
        return "no Tarot or Planet card used yet this run"
    return _shapes.needs_consumable_room(game, consumable, targets)


@hookimpl
def consumable_use(game, consumable, targets):
    if _shapes.free_consumable_slots(game, consumable):
        made = game.add_consumable(game.run.last_tarot_planet)
        game.record(consumable.name, "create", made.key, made)


@hookimpl
def content_describe(game, values, item):
    last = game.run.last_tarot_planet
    return {"fool_last": game.plugins.content(last).name if last else None}
