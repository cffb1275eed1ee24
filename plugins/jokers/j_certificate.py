"""Certificate: when the first hand of a round is drawn, adds a random card with a random
seal to the hand (and so to the deck)."""

from balatro_ecs.plugin import Area, CardSpec, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_certificate")
balatro_content = content(JOKER)


@hookimpl
def joker_first_hand_drawn(game, joker):
    rank, suit = game.random_front("cert_fr")
    seal = game.random_seal("certsl")
    card = game.add_card(CardSpec(rank, suit, seal=seal), Area.HAND)
    game.record(joker, "create", card.label, card)
    game.sort_hand()
    game.playing_cards_added([card])
