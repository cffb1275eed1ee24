"""Common: 70% of the rarity roll (a roll up to 0.7); its pool is drawn on
``Joker1<append><ante>``."""

from balatro_ecs.plugin import RarityType, content

RARITY = RarityType(key="rarity_common", name="Common", order=1, weight=0.7, pool_stream="Joker1")
balatro_content = content(RARITY)
