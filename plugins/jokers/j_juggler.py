"""Juggler: +1 hand size. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_juggler")
balatro_content = content(JOKER)
