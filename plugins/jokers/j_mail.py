"""Mail-In Rebate: earns $5 for each discarded card of the round's rank.

The rank of the round is drawn from the deck (not Stone cards) on the stream ``mail`` +
ante when the run starts and after every round; the run keeps it in its memory
(``mail_rank``).
"""

from dataclasses import replace

from balatro_ecs.plugin import Effect, content, hookimpl, reference

from ._targets import deck_cards

JOKER = replace(reference.joker("j_mail"), run_state={"mail_rank": 2})
balatro_content = content(JOKER)


@hookimpl
def joker_reset_round(game):
    cards = deck_cards(game)
    rank = game.rng.element(f"mail{game.run.ante}", cards).base_rank if cards else 14
    game.run.memory["mail_rank"] = rank


@hookimpl
def joker_discard(game, joker, card, cards):
    if not card.debuffed and card.rank == game.run.memory["mail_rank"]:
        return Effect.dollars_of(joker.state["extra"])
    return None
