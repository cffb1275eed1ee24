"""Lucky Deck: every 7 in the starting deck is a Lucky card."""

from dataclasses import replace

from balatro_ecs.plugin import DeckType, Enhancement, content, hookimpl

DECK = DeckType(
    key="b_lucky7_lucky",
    name="Lucky Deck",
    effect="Every 7 in the starting deck is a Lucky card.",
)
balatro_content = content(DECK)


@hookimpl
def deck_starting_cards(game, deck, cards):
    return [replace(c, enhancement=Enhancement.LUCKY) if c.rank == 7 else c for c in cards]
