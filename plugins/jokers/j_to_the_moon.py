"""To the Moon: +$1 interest for every $5 held. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_to_the_moon")
balatro_content = content(JOKER)
