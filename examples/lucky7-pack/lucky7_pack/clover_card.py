"""Clover Card: an enhancement. +7 Mult when scored, and $1 for each Clover Card held in
hand at the end of the round.

Standard packs and Magic Trick draw it like the game's eight enhancements (``weight``: 1,
as each of theirs), so a Standard pack card may be a Clover Card.
"""

from balatro_ecs.plugin import Effect, EnhancementType, content, hookimpl

ENHANCEMENT = EnhancementType(
    key="m_lucky7_clover",
    name="Clover Card",
    config={"mult": 7, "h_dollars": 1},
    effect="+7 Mult when scored; $1 if held in hand at the end of the round.",
)
balatro_content = content(ENHANCEMENT)
_SCORED = Effect(mult=ENHANCEMENT.config["mult"])  # constant effects are built once
_HELD = Effect(dollars=ENHANCEMENT.config["h_dollars"])


@hookimpl
def enhancement_scored(ctx, card):
    return _SCORED


@hookimpl
def enhancement_end_of_round(game, card):
    return _HELD
