"""Fractal Fingers (Cryptid): +2 card selection limit.

A rule (``Rules.selection_limit``): up to 7 cards may be played, discarded or selected for
a consumable while it is held. (The game's flushes and straights need at most 5 played
cards: 6 or more never make one.)
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_fractal_fingers",
    name="Fractal Fingers",
    rarity=3,
    cost=7,
    config={"extra": 2},
    effect="+2 card selection limit.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.selection_limit += int(joker.state["extra"])
