"""The Head: every Heart card is debuffed (Wild cards too)."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

BLIND = reference.blind("bl_head")
balatro_content = content(BLIND)

blind_debuff_card = _shapes.suit_debuff(BLIND)
