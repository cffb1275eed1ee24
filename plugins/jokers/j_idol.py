"""The Idol: each scored card of the round's rank and suit gives X2 Mult.

The card of the round is drawn from the deck (not Stone cards) on the stream ``idol`` +
ante when the run starts and after every round; the run keeps it in its memory
(``idol_rank``, ``idol_suit``).
"""

from dataclasses import replace

from balatro_ecs.plugin import Effect, content, hookimpl, parse_suit
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import rank_word

from ._targets import SUITS, deck_cards

JOKER = replace(reference.joker("j_idol"), run_state={"idol_rank": 14, "idol_suit": "S"})
balatro_content = content(JOKER)


@hookimpl
def joker_reset_round(game, joker_type, run_start, shared):
    cards = deck_cards(game, shared)
    memory = game.run.memory
    if cards:
        card = game.rng.element(f"idol{game.run.ante}", cards)
        memory["idol_rank"], memory["idol_suit"] = card.base_rank, card.suit.letter
    else:
        memory["idol_rank"], memory["idol_suit"] = 14, "S"


@hookimpl
def joker_individual(ctx, joker, card):
    memory = ctx.run.memory
    if card.rank == memory["idol_rank"] and card.is_suit(SUITS[memory["idol_suit"]]):
        return Effect.x_mult_of(joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    memory = game.run.memory
    suit = parse_suit(memory["idol_suit"]).title
    return {"idol_card": f"{rank_word(memory['idol_rank'])} of {suit}"}
