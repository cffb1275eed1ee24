"""Ankh: copies a random joker and destroys every other joker that is not Eternal.

The copy keeps the joker's counters, stickers and edition, except Negative, which it
loses. Needs a joker, more than one joker slot and a free one (the game refuses the use
with its "no room" notice when the row is full).

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
    if game.joker_limit <= 1 or not game.has_room_for_joker():
        return "no free joker slot"
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
