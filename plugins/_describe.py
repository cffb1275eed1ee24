"""What the vanilla content's descriptions share: their templates (``data/descriptions.toml``,
read once) and the helpers their ``content_describe`` hooks use to work out live values."""

from __future__ import annotations

import sys
from functools import cache
from importlib import resources
from typing import Any

from balatro_ecs.plugin import rank_word

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["blind_memory", "description", "owned", "rank_word"]


@cache
def _sections() -> dict[str, dict[str, str]]:
    text = resources.files("balatro_ecs_vanilla").joinpath("data", "descriptions.toml")
    data = tomllib.loads(text.read_text("utf-8"))
    return {
        name: {str(k): str(v) for k, v in section.items()}
        for name, section in data.items()
        if isinstance(section, dict)
    }


def description(section: str, key: str) -> str:
    """The template ``descriptions.toml`` gives ``key`` in ``section`` (``""``: none)."""
    return _sections().get(section, {}).get(key, "")


def owned(game: Any, item: object) -> bool:
    """Whether ``item`` is one of the jokers the player holds (not one in the shop)."""
    return any(joker is item for joker in game.jokers)


def blind_memory(game: Any, key: str) -> Any:
    """The memory of the active blind if it is ``key``'s, else an empty one."""
    blind = game.blind
    return blind.memory if blind is not None and blind.key == key else {}
