"""Mail-In Rebate: earns $5 for each discarded card of the round's rank.

The rank of the round is drawn from the deck (not Stone cards) on the stream ``mail`` +
ante when the run starts and after every round; the run keeps it in its memory
(``mail_rank``).
"""

from dataclasses import replace

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import rank_word

from ._targets import deck_cards

JOKER = replace(reference.joker("j_mail"), run_state={"mail_rank": 2})
balatro_content = content(JOKER)


@hookimpl
def joker_reset_round(game, joker_type, run_start, shared):
    cards = deck_cards(game, shared)
    rank = game.rng.element(f"mail{game.run.ante}", cards).base_rank if cards else 14
    game.run.memory["mail_rank"] = rank


@hookimpl
def joker_discard(game, joker, card, cards):
    if not card.debuffed and card.rank == game.run.memory["mail_rank"]:
        return Effect.dollars_of(joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    return {"mail_rank": rank_word(game.run.memory["mail_rank"])}
