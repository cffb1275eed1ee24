"""Charm Tag: opens a free Mega Arcana Pack."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from ._shapes import pack_tag

TAG = reference.tag("tag_charm")
balatro_content = content(TAG)


tag_apply = pack_tag("p_arcana_mega_1")
