"""Eternal: the joker cannot be sold or destroyed (Black Stake and up: shop and pack
jokers above 0.7 on the shared poll, if the joker is ``eternal_compat``)."""

from balatro_ecs.plugin import StickerType, content, hookimpl
from balatro_ecs_vanilla._describe import description

from ._shared import eternal_perishable_poll

STICKER = StickerType(
    key="sticker_eternal",
    description=description("sticker", "sticker_eternal"),
    name="Eternal",
    effect="Can't be sold or destroyed.",
    order=1,
)
balatro_content = content(STICKER)


@hookimpl
def sticker_roll(game, sticker, roll):
    poll = eternal_perishable_poll(roll)  # drawn first, whatever the stake allows
    if game.run.eternals_in_shop and poll > 0.7:
        return True
    return None


@hookimpl
def sticker_apply(game, sticker, joker_type, value):
    return value if joker_type.eternal_compat else None


@hookimpl
def sticker_blocks(game, sticker, joker, action):
    return True
