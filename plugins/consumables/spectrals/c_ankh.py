"""Ankh: copies a random joker and destroys every other joker that is not Eternal.

The copy keeps the joker's counters, stickers and edition, except Negative, which it
loses. Needs a joker and more than one joker slot, and nothing else: the game's
``can_use_consumeable`` asks no free slot, since the others go before the copy comes
(a full row is fine; a row of Eternal jokers ends one over its limit). The reference's
"and a free slot" is refuted by a recorded run, where Ankh was used with the row full.

Stream: the joker on ``ankh_choice`` (every joker, Eternal ones too, in creation order).
"""

from balatro_ecs.plugin import Edition, content, hookimpl
from balatro_ecs_vanilla import reference

SPECTRAL = reference.spectral("c_ankh")
balatro_content = content(SPECTRAL)


@hookimpl
def consumable_can_use(game, consumable, targets):
    if not game.jokers:
        return "no joker to copy"
    if game.joker_limit <= 1:
        return "needs more than one joker slot"
    return True


@hookimpl
def consumable_use(game, consumable, targets):
    chosen = game.rng.element("ankh_choice", game.jokers, sort_key=lambda j: j.serial)
    for joker in list(game.jokers):
        if joker is not chosen:
            game.destroy_joker(joker, consumable.name)
    negative = chosen.edition == Edition.NEGATIVE
    copy = game.copy_joker(chosen, edition=Edition.NONE if negative else None)
    game.add_joker(copy)
    game.record(consumable.name, "create", copy.key, copy)
