"""The Wheel of Fortune: a 1 in ``extra`` chance (scaled like every chance) that a random
joker without an edition gets Foil, Holographic or Polychrome.

Usable only while some joker has no edition. Every draw is on the game's stream
``wheel_of_fortune``, in the game's order: the chance, then the joker (the candidates in
creation order), then the edition (the guaranteed roll, never Negative).
"""

from balatro_ecs.plugin import Edition, content, hookimpl
from balatro_ecs_vanilla import reference

TAROT = reference.tarot("c_wheel_of_fortune")
balatro_content = content(TAROT)
STREAM = "wheel_of_fortune"


def _plain_jokers(game):
    return [joker for joker in game.jokers if joker.edition == Edition.NONE]


@hookimpl
def consumable_can_use(game, consumable, targets):
    return True if _plain_jokers(game) else "no joker without an edition"


@hookimpl
def consumable_use(game, consumable, targets):
    if not game.chance(STREAM, TAROT.config["extra"], consumable):
        game.record(consumable.name, "message", "nope")
        return
    joker = game.rng.element(STREAM, _plain_jokers(game), sort_key=lambda j: j.serial)
    game.set_edition(joker, game.random_edition(STREAM, no_negative=True, guaranteed=True))
    game.record(consumable.name, "edition", joker.edition.key, joker)
