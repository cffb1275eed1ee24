"""The Hierophant: the selected cards (up to ``max_highlighted``) become Bonus cards."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_heirophant")
balatro_content = content(TAROT)

consumable_can_use = _shapes.select_cards(TAROT)
consumable_use = _shapes.enhance(TAROT)
