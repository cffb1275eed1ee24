"""A plugin that declares one piece of content and implements no hook (yet)."""

from __future__ import annotations

from balatro_ecs.plugin import ContentType, hookimpl


class Declared:
    """Declares ``content``; its behaviour is implemented by the engine stage that uses it."""

    def __init__(self, content: ContentType) -> None:
        self.type = content

    @hookimpl
    def balatro_content(self) -> ContentType:
        return self.type

    def __repr__(self) -> str:
        return f"<Declared {self.type.key}>"
