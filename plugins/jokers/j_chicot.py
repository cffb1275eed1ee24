"""Chicot: disables every Boss Blind (when it is selected, or at once if one is active)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_chicot")
balatro_content = content(JOKER)


@hookimpl
def joker_added(game, joker):
    if game.blind is not None and game.blind.is_boss:
        game.disable_blind()


@hookimpl
def joker_setting_blind(game, joker, blind):
    if joker.copied_by is None and blind.is_boss:
        game.disable_blind()
