"""The High Priestess: creates up to ``planets`` random Planet cards, as many as fit."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_high_priestess")
balatro_content = content(TAROT)

consumable_can_use = _shapes.needs_consumable_room
consumable_use = _shapes.create_consumables("Planet", TAROT.config["planets"], "pri")
