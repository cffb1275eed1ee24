"""The Emperor: creates up to ``tarots`` random Tarot cards, as many as fit."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_emperor")
balatro_content = content(TAROT)

consumable_can_use = _shapes.needs_consumable_room
consumable_use = _shapes.create_consumables("Tarot", TAROT.config["tarots"], "emp")
