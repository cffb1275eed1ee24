"""The Needle: only one hand this round. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, hookimpl, reference

BLIND = reference.blind("bl_needle")
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    removed = game.run.hands_left - 1
    blind.memory["hands_removed"] = removed
    game.add_hands(-removed, source=blind)


@hookimpl
def blind_disabled(game, blind):
    game.add_hands(blind.memory.pop("hands_removed", 0), source=blind)
