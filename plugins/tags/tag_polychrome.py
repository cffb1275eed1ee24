"""Polychrome Tag: the next edition-less joker in the shop gets the edition and is free."""

from balatro_ecs.plugin import Edition, content
from balatro_ecs_vanilla import reference

from ._shapes import edition_tag

TAG = reference.tag("tag_polychrome")
balatro_content = content(TAG)


tag_apply = edition_tag(TAG, Edition.POLYCHROME)
