"""Horseshoe Seal: a seal. +7 Chips when the card scores, and $7 when a 7 with it is
discarded.

Standard packs and Certificate draw it next to the game's four seals (``weight``: 1, as
each of theirs: one sealed card in five).
"""

from balatro_ecs.plugin import Effect, SealType, content, hookimpl

SEAL = SealType(
    key="s_lucky7_horseshoe",
    name="Horseshoe Seal",
    config={"chips": 7, "dollars": 7},
    effect="+7 Chips when scored; $7 when a 7 with this seal is discarded.",
)
balatro_content = content(SEAL)
_SCORED = Effect(chips=SEAL.config["chips"])


@hookimpl
def seal_scored(ctx, card):
    return _SCORED


@hookimpl
def seal_discard(game, card):
    if card.rank == 7:
        game.earn(SEAL.config["dollars"], card)
