"""Cloud 9: pays $1 per 9 in the full deck at cash-out."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_cloud_9")
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    nines = sum(1 for card in game.playing_cards if card.rank == 9)
    return joker.state["extra"] * nines


@hookimpl
def content_describe(game, values, item):
    nines = sum(1 for card in game.playing_cards if card.rank == 9)
    return {"cloud_dollars": values["extra"] * nines}
