"""Erratic Deck: every starting card has a random rank and suit."""

from balatro_ecs.game.run.setup import RANK_CHARS, SUIT_LETTERS
from balatro_ecs.plugin import CardSpec, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_erratic")
balatro_content = content(DECK)


_CARD_KEYS = sorted((f"{SUIT_LETTERS[s]}_{RANK_CHARS[r]}", r, s) for s in Suit for r in RANK_CHARS)


@hookimpl
def deck_starting_cards(game, deck, cards):
    out = []
    for _ in cards:
        _, rank, suit = game.rng.element("erratic", _CARD_KEYS)
        out.append(CardSpec(rank, suit))
    return out
