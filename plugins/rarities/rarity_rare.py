"""Rare: 5% of the rarity roll (a roll above 0.95); its pool is drawn on
``Joker3<append><ante>``."""

from balatro_ecs.plugin import RarityType, content

RARITY = RarityType(key="rarity_rare", name="Rare", order=3, weight=0.05, pool_stream="Joker3")
balatro_content = content(RARITY)
