"""Uncommon: 25% of the rarity roll (a roll above 0.7, up to 0.95); its pool is drawn on
``Joker2<append><ante>``."""

from balatro_ecs.plugin import RarityType, content

RARITY = RarityType(
    key="rarity_uncommon", name="Uncommon", order=2, weight=0.25, pool_stream="Joker2"
)
balatro_content = content(RARITY)
