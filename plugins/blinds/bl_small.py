"""Small Blind: no ability; may be skipped for its tag."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_small")
balatro_content = content(BLIND)
