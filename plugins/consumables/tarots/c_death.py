"""Death: of the 2 selected cards, one becomes a copy of the other.

The copy takes everything: rank, suit, enhancement, edition, seal, permanent chips and
whether the card was played this ante. The model is the card the game places furthest
right (:meth:`Game.rightmost <balatro_ecs.game.Game.rightmost>`): as the hand was last
laid out, so the card drawn last lies right of the others until another card enters the
hand (the recorded runs, in a round and in an open Arcana pack).
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_death")
balatro_content = content(TAROT)

consumable_can_use = _shapes.select_cards(TAROT)


@hookimpl
def consumable_use(game, consumable, targets):
    model = game.rightmost(targets)
    look = model.spec()
    for card in targets:
        if card is model:
            continue
        before = card.spec()
        card.set_rank(look.rank)
        card.set_suit(look.suit)
        card.set_enhancement(look.enhancement)
        card.set_edition(look.edition)
        card.set_seal(look.seal)
        card.add_perma_bonus(look.perma_bonus - card.perma_bonus)
        card.mark_played_this_ante(look.played_this_ante)
        card.set_debuff(forced=look.debuff)
        game.card_changed(card, consumable.name, before)
