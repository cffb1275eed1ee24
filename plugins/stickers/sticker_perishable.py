"""Perishable: the joker is debuffed after the run's ``perishable_rounds`` (5) rounds
(Orange Stake and up: shop and pack jokers in (0.4, 0.7] on the poll Eternal draws, if the
joker is ``perishable_compat``). Its value is the rounds left; 0 once spent."""

from balatro_ecs.plugin import StickerType, content, hookimpl
from balatro_ecs_vanilla._describe import description

from ._shared import eternal_perishable_poll

STICKER = StickerType(
    key="sticker_perishable",
    description=description("sticker", "sticker_perishable"),
    name="Perishable",
    effect="Debuffed after 5 rounds.",
    order=3,
)
balatro_content = content(STICKER)


@hookimpl
def sticker_roll(game, sticker, roll):
    poll = eternal_perishable_poll(roll)  # Eternal's draw, read again
    if game.run.perishables_in_shop and 0.4 < poll <= 0.7:
        return True
    return None


@hookimpl
def sticker_apply(game, sticker, joker_type, value):
    if not joker_type.perishable_compat:
        return None
    return game.run.perishable_rounds if value is True else value


@hookimpl
def sticker_end_of_round(game, sticker, joker):
    rounds = joker.stickers[sticker.key]
    if rounds > 0:
        game.set_sticker(joker, sticker.key, rounds - 1)
        if rounds == 1:
            game.set_joker_debuff(joker, True)
            game.record(joker, "message", "perished")
    return None


@hookimpl
def content_describe(game, values, item):
    # The rounds left on a joker (none once spent); the run's count for the sticker itself.
    rounds = values.get("value", game.run.perishable_rounds)
    return {"rounds": rounds} if isinstance(rounds, int) and rounds > 0 else {}
