"""Cryptid: ``extra`` exact copies of the selected card (``max_highlighted``: 1) join the
hand, and the deck.

A copy keeps everything the card has: rank, suit, enhancement, edition, seal, extra chips,
and whether it was played this ante. The jokers then hear of the cards added (Hologram).
"""

from balatro_ecs.plugin import Area, content, hookimpl
from balatro_ecs_vanilla import reference

from ..tarots._shapes import select_cards

SPECTRAL = reference.spectral("c_cryptid")
balatro_content = content(SPECTRAL)
COPIES = int(SPECTRAL.config["extra"])

consumable_can_use = select_cards(SPECTRAL)


@hookimpl
def consumable_use(game, consumable, targets):
    made = [game.add_card(card.spec(), Area.HAND) for card in targets for _ in range(COPIES)]
    game.playing_cards_added(made)
