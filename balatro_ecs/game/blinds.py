"""The active blind and the run's deck, as handles on their entities."""

from __future__ import annotations

from typing import Any

from ..kernel import components as C
from ..kernel.content import BlindType, DeckType

__all__ = ["Blind", "Deck"]


class Blind:
    """The blind being played.

    ``memory`` is the blind's own bookkeeping for the round (The Eye's used hands, The
    Mouth's hand); ``triggered`` says its ability fired on the current hand.
    """

    __slots__ = ("_state", "entity", "type")

    def __init__(self, entity: int, type_: BlindType, state: C.BlindState) -> None:
        self.entity = entity
        self.type = type_
        self._state = state

    @property
    def key(self) -> str:
        return self.type.key

    @property
    def name(self) -> str:
        return self.type.name

    @property
    def is_boss(self) -> bool:
        return self.type.is_boss

    @property
    def disabled(self) -> bool:
        return self._state.disabled

    @property
    def triggered(self) -> bool:
        return self._state.triggered

    @triggered.setter
    def triggered(self, value: bool) -> None:
        self._state.triggered = value

    @property
    def memory(self) -> dict[str, Any]:
        return self._state.memory

    def __repr__(self) -> str:
        return f"<Blind {self.type.name}{' (disabled)' if self.disabled else ''}>"


class Deck:
    """The deck (the game's "back") the run is played with."""

    __slots__ = ("entity", "type")

    def __init__(self, entity: int, type_: DeckType) -> None:
        self.entity = entity
        self.type = type_

    @property
    def key(self) -> str:
        return self.type.key

    @property
    def name(self) -> str:
        return self.type.name

    @property
    def config(self) -> Any:
        """The deck's numbers (decks.toml ``config``)."""
        return self.type.config

    def __repr__(self) -> str:
        return f"<Deck {self.type.name}>"
