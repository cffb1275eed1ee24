"""Incantation: destroys 1 random card in hand, then adds ``extra`` random numbered cards
(2 to 10) with random enhancements (never Stone) to the hand; needs 2 cards in hand.

Streams: the victim on ``random_destroy``; each new card's rank then suit on
``incantation_create``, its enhancement on ``spe_card``.
"""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_incantation")
balatro_content = content(SPECTRAL)
NUMBERED = tuple(range(2, 11))

consumable_can_use = _shapes.whole_hand
consumable_use = _shapes.destroy_and_create(SPECTRAL, ranks=NUMBERED, stream="incantation_create")
