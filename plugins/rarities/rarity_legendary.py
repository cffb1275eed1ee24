"""Legendary: never rolled; only The Soul makes one. Its pool is drawn on ``Joker4``, one
stream for the whole run (no key append, no ante), and its jokers join it locked or not."""

from balatro_ecs.plugin import RarityType, content

RARITY = RarityType(
    key="rarity_legendary",
    name="Legendary",
    order=4,
    weight=0,
    pool_stream="Joker4",
    shared_stream=True,
    ignores_unlocks=True,
)
balatro_content = content(RARITY)
