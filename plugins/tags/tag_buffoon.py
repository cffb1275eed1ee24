"""Buffoon Tag: opens a free Mega Buffoon Pack."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from ._shapes import pack_tag

TAG = reference.tag("tag_buffoon")
balatro_content = content(TAG)


tag_apply = pack_tag("p_buffoon_mega_1")
