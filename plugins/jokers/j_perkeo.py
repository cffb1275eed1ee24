"""Perkeo: when leaving the shop, creates a Negative copy of a random consumable held."""

from balatro_ecs.plugin import Edition, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_perkeo")
balatro_content = content(JOKER)


@hookimpl
def joker_leaving_shop(game, joker):
    if game.consumables:
        chosen = game.rng.element("perkeo", list(game.consumables), sort_key=lambda c: c.serial)
        game.copy_consumable(chosen, edition=Edition.NEGATIVE)
