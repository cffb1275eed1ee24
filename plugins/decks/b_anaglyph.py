"""Anaglyph Deck: a Double Tag after each boss blind beaten."""

from balatro_ecs.plugin import content, hookimpl, reference
from balatro_ecs.run.tags import gain_tag

DECK = reference.deck("b_anaglyph")
balatro_content = content(DECK)


DOUBLE_TAG = "tag_double"


@hookimpl
def deck_boss_defeated(game, deck):
    gain_tag(game, DOUBLE_TAG)
