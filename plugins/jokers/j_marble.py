"""Marble Joker: when a blind is selected, adds a Stone card to the deck."""

from balatro_ecs.plugin import CardSpec, Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_marble")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    rank, suit = game.random_front("marb_fr")
    card = game.add_card(CardSpec(rank, suit, enhancement=Enhancement.STONE))
    game.record(joker, "create", card.label, card)
    game.playing_cards_added([card])
