"""Mail-In Rebate: earns $5 for each discarded card of the round's rank."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_mail")
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    if not card.debuffed and card.rank == game.run.mail_rank:
        return Effect.dollars_of(joker.state["extra"])
    return None
