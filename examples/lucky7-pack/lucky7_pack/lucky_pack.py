"""Lucky Pack: a booster pack of three Charm cards, one to take. Like an Arcana Pack it
deals a hand first, so Four-Leaf Clover and Wishbone have cards to change."""

from balatro_ecs.plugin import BoosterType, content, hookimpl, pack_consumable

PACK = BoosterType(
    key="p_lucky7_lucky",
    name="Lucky Pack",
    kind="Lucky",
    cards=3,
    choose=1,
    cost=4,
    weight=1,  # as often as each of the game's Arcana, Celestial and Standard packs
    deals_hand=True,
    effect="Choose 1 of 3 Charm cards.",
)
balatro_content = content(PACK)


@hookimpl
def booster_card(game, booster, index):
    # drawn from the Charm pool on the stream "Charm" + "lk7" + ante; each card is in the
    # pack before the next is drawn, so the three differ while the pool has three
    return pack_consumable(game, "Charm", "lk7")
