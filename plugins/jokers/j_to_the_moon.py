"""To the Moon: $1 more interest for every $5 held (the interest cap is unchanged)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_to_the_moon")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.interest_bonus += joker.state["extra"]
