"""Anaglyph Deck: a Double Tag after each boss blind beaten."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_anaglyph")
balatro_content = content(DECK)


DOUBLE_TAG = "tag_double"


@hookimpl
def deck_boss_defeated(game, deck):
    game.gain_tag(DOUBLE_TAG)
