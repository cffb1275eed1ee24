"""Chicot: disables every boss blind."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_chicot")
balatro_content = content(JOKER)


@hookimpl
def joker_added(game, joker):
    if game.blind is not None and game.blind.is_boss:
        game.disable_blind()
