"""Cloud 9: pays $1 per 9 in the full deck at cash-out."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_cloud_9")
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    nines = sum(1 for card in game.playing_cards if card.rank == 9)
    return joker.state["extra"] * nines
