"""Familiar: destroys 1 random card in hand, then adds ``extra`` random face cards (J, Q,
K) with random enhancements (never Stone) to the hand; needs 2 cards in hand.

Streams: the victim on ``random_destroy``; each new card's rank then suit on
``familiar_create``, its enhancement on ``spe_card``.
"""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_familiar")
balatro_content = content(SPECTRAL)
JACK, QUEEN, KING = 11, 12, 13

consumable_can_use = _shapes.whole_hand
consumable_use = _shapes.destroy_and_create(
    SPECTRAL, ranks=(JACK, QUEEN, KING), stream="familiar_create"
)
