"""Death: of the 2 selected cards, one becomes a copy of the other.

The copy takes everything: rank, suit, enhancement, edition, seal, permanent chips and
whether the card was played this ante. Which card is the model follows the recorded runs
(tests/data/trajectories.json): during a round the left card becomes a copy of the right
one (the game copies the card furthest right on screen); picked from an open Arcana pack,
the right card becomes a copy of the left one (there the game's pick falls on the first
selected card).
"""

from balatro_ecs.game.state import Phase
from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_death")
balatro_content = content(TAROT)

consumable_can_use = _shapes.select_cards(TAROT)


@hookimpl
def consumable_use(game, consumable, targets):
    ordered = sorted(targets, key=lambda card: card.zone.slot)
    if game.run.phase is Phase.PACK:
        ordered.reverse()
    *others, model = ordered
    look = model.spec()
    for card in others:
        card.set_rank(look.rank)
        card.set_suit(look.suit)
        card.set_enhancement(look.enhancement)
        card.set_edition(look.edition)
        card.set_seal(look.seal)
        card.add_perma_bonus(look.perma_bonus - card.perma_bonus)
        card.mark_played_this_ante(look.played_this_ante)
        card.set_debuff(forced=look.debuff)
        game.card_changed(card, consumable.name)
