"""Four Fingers: Flushes and Straights can be made with 4 cards."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_four_fingers")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.flush_size = min(rules.flush_size, 4)
    rules.straight_size = min(rules.straight_size, 4)
