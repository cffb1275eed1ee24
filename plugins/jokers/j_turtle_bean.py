"""Turtle Bean: +5 hand size, 1 less each round. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_turtle_bean")
balatro_content = content(JOKER)
