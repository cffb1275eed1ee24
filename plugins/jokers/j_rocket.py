"""Rocket: pays $1 at cash-out, $2 more after each boss beaten. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_rocket")
balatro_content = content(JOKER)
