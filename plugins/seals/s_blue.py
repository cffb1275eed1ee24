"""Blue Seal: held in hand at the end of the round, it makes the Planet of the last poker
hand played (if there is room)."""

from balatro_ecs.plugin import content, hookimpl

from ..enhancements._shapes import seal

SEAL = seal("Blue")
balatro_content = content(SEAL)


@hookimpl
def seal_end_of_round(game, card):
    last = game.run.last_hand_played
    if last is None or not game.has_room_for_consumable(0):
        return False
    planet = game.planet_for(last)
    if planet is not None:
        made = game.add_consumable(planet)
        game.record(card, "create", made.key, made)
    return True
