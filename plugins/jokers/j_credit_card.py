"""Credit Card: lets money go down to -$20 for purchases. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_credit_card")
balatro_content = content(JOKER)
