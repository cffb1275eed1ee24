"""The Psychic: a hand of fewer than 5 cards scores nothing."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_psychic")
balatro_content = content(BLIND)


_NEEDED = BLIND.debuff["h_size_ge"]


@hookimpl
def blind_debuff_hand(ctx, blind):
    return len(ctx.played) < _NEEDED
