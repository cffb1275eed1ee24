"""Mail-In Rebate: earns $5 for each discarded card of the round's rank.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_mail")
balatro_content = content(JOKER)
