"""Castle: gains +3 Chips for each discarded card of the round's suit; gives the Chips.

The suit of the round is drawn from the deck (not Stone cards) on the stream ``cas`` + ante
when the run starts and after every round; the run keeps it in its memory
(``castle_suit``).
"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl, parse_suit
from balatro_ecs_vanilla import reference

from . import _shapes
from ._targets import SUITS, deck_cards

JOKER = replace(reference.joker("j_castle"), run_state={"castle_suit": "S"})
balatro_content = content(JOKER)


@hookimpl
def joker_reset_round(game, joker_type, run_start, shared):
    cards = deck_cards(game, shared)
    suit = game.rng.element(f"cas{game.run.ante}", cards).suit.letter if cards else "S"
    game.run.memory["castle_suit"] = suit


@hookimpl
def joker_discard(game, joker, card, cards):
    suit = SUITS[game.run.memory["castle_suit"]]
    if joker.copied_by is None and not card.debuffed and card.is_suit(suit):
        extra = joker.state["extra"]
        extra["chips"] += extra["chip_mod"]
    return None


joker_main = _shapes.chips_counter(JOKER)


@hookimpl
def content_describe(game, values, item):
    return {"castle_suit": parse_suit(game.run.memory["castle_suit"]).title.rstrip("s")}
