"""The Manacle: -1 hand size for the round. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_manacle")
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    game.change_hand_size(-1, until="blind", source=blind)


@hookimpl
def blind_disabled(game, blind):
    """The hand size comes back; mid-round the game draws the card at once (its
    ``change_size``, which the engine does for every hand size that grows). Before the
    round's first draw, as when Chicot disables it, that draw fills the hand."""
    game.change_hand_size(-game.run.blind_hand_size, until="blind", source=blind)
