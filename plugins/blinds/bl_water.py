"""The Water: the round starts with no discards. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, hookimpl, reference

BLIND = reference.blind("bl_water")
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    blind.memory["discards_removed"] = game.run.discards_left
    game.add_discards(-game.run.discards_left, source=blind)


@hookimpl
def blind_disabled(game, blind):
    game.add_discards(blind.memory.pop("discards_removed", 0), source=blind)
