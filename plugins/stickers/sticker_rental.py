"""Rental: the joker costs $1 to buy, and charges the run's ``rental_rate`` ($3) at the
end of every round (Gold Stake: shop and pack jokers above 0.7 on their own poll)."""

from balatro_ecs.plugin import Effect, StickerType, content, hookimpl
from balatro_ecs_vanilla._describe import description

STICKER = StickerType(
    key="sticker_rental",
    description=description("sticker", "sticker_rental"),
    name="Rental",
    effect="Costs $1 to buy; lose $3 at the end of every round.",
    order=2,
)
balatro_content = content(STICKER)

#: What a Rental joker costs to buy (rules.toml ``cost_overrides``).
RENTAL_PRICE = 1


@hookimpl
def sticker_roll(game, sticker, roll):
    if not game.run.rentals_in_shop:
        return None  # no draw: the stream moves only at Gold Stake
    if roll.poll("ssjr", "packssjr") > 0.7:
        return True
    return None


@hookimpl
def sticker_end_of_round(game, sticker, joker):
    return Effect.dollars_of(-game.run.rental_rate)


@hookimpl
def sticker_price(game, sticker, joker, price):
    return RENTAL_PRICE


@hookimpl
def content_describe(game, values, item):
    return {"rental_rate": game.run.rental_rate}
