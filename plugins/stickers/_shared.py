"""What the game's Eternal and Perishable share: one poll per joker (stakes.toml)."""

from balatro_ecs.plugin import StickerRoll

#: The stream both read, in the shop and in packs (``etperpoll<ante>``,
#: ``packetper<ante>``): Eternal above 0.7, Perishable in (0.4, 0.7], so never both.
SHOP_STREAM = "etperpoll"
PACK_STREAM = "packetper"


def eternal_perishable_poll(roll: StickerRoll) -> float:
    """The joker's one Eternal/Perishable poll (drawn for every joker offered, whatever the
    stake allows, as the game draws it)."""
    return roll.poll(SHOP_STREAM, PACK_STREAM)
