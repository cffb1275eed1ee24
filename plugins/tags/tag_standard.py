"""Standard Tag: opens a free Mega Standard Pack."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from ._shapes import pack_tag

TAG = reference.tag("tag_standard")
balatro_content = content(TAG)


tag_apply = pack_tag("p_standard_mega_1")
