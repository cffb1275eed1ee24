"""Ancient Joker: each scored card of the round's suit gives X1.5 Mult.

The suit of the round is drawn on the stream ``anc`` + ante when the run starts (any suit)
and after every round (another suit than the last); the run keeps it in its memory
(``ancient_suit``).
"""

from dataclasses import replace

from balatro_ecs.plugin import Effect, Suit, content, hookimpl, parse_suit
from balatro_ecs_vanilla import reference

from ._targets import SUITS

JOKER = replace(reference.joker("j_ancient"), run_state={"ancient_suit": "S"})
balatro_content = content(JOKER)

#: The game lists the suits in this order when it draws.
_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


@hookimpl
def joker_reset_round(game, joker_type, run_start, shared):
    memory = game.run.memory
    last = SUITS[memory["ancient_suit"]]
    suits = [suit for suit in _ORDER if run_start or suit != last]
    memory["ancient_suit"] = game.rng.element(f"anc{game.run.ante}", suits).letter


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_suit(SUITS[ctx.run.memory["ancient_suit"]]):
        return Effect.x_mult_of(joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    return {"ancient_suit": parse_suit(game.run.memory["ancient_suit"]).title}
