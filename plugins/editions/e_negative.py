"""Negative: no scoring effect; +1 joker slot on a joker, +1 consumable slot on a
consumable (the slot counts are the game's: ``Game.joker_limit``, ``consumable_limit``)."""

from balatro_ecs.plugin import content

from ..enhancements._shapes import edition

EDITION = edition("e_negative")
balatro_content = content(EDITION)
