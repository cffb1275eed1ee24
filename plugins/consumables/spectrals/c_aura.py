"""Aura: the one selected card, which must have no edition, becomes Foil, Holographic or
Polychrome.

Stream: the game's guaranteed edition roll on ``aura`` (no Negative): above 0.85
Polychrome, above 0.5 Holographic, else Foil (editions.toml).
"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from ..tarots._shapes import NO_HAND

# Aura's one card is a rule of the card, not a number in its config.
SPECTRAL = replace(reference.spectral("c_aura"), selects=(1, 1))
balatro_content = content(SPECTRAL)


@hookimpl
def consumable_can_use(game, consumable, targets):
    if not game.hand:
        return NO_HAND
    if len(targets) != 1:
        return f"select 1 card in hand ({len(targets)} selected)"
    if targets[0].edition:
        return "the selected card already has an edition"
    return True


@hookimpl
def consumable_use(game, consumable, targets):
    edition = game.random_edition("aura", no_negative=True, guaranteed=True)
    for card in targets:
        before = card.spec()
        card.set_edition(edition)
        game.card_changed(card, consumable.name, before)
