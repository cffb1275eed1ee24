"""Grim: destroys 1 random card in hand, then adds ``extra`` Aces of random suits with
random enhancements (never Stone) to the hand; needs 2 cards in hand.

Streams: the victim on ``random_destroy``; each new card's suit on ``grim_create``, its
enhancement on ``spe_card``.
"""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_grim")
balatro_content = content(SPECTRAL)
ACE = 14

consumable_can_use = _shapes.whole_hand
consumable_use = _shapes.destroy_and_create(SPECTRAL, ranks=(ACE,), stream="grim_create")
