"""Medium: the selected card (``max_highlighted``: 1) gets a Purple Seal (``extra``)."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from ..tarots._shapes import select_cards
from . import _shapes

SPECTRAL = reference.spectral("c_medium")
balatro_content = content(SPECTRAL)

consumable_can_use = select_cards(SPECTRAL)
consumable_use = _shapes.add_seal(SPECTRAL)
