"""Meteor Tag: opens a free Mega Celestial Pack."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from ._shapes import pack_tag

TAG = reference.tag("tag_meteor")
balatro_content = content(TAG)


tag_apply = pack_tag("p_celestial_mega_1")
