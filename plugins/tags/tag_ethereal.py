"""Ethereal Tag: opens a free Normal Spectral Pack."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from ._shapes import pack_tag

TAG = reference.tag("tag_ethereal")
balatro_content = content(TAG)


tag_apply = pack_tag("p_spectral_normal_1")
