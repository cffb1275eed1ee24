"""The active blind and the run's deck, as handles on their entities."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..kernel import components as C
from ..kernel.content import BlindType, DeckType
from .detach import DetachedValue

__all__ = ["Blind", "Deck", "DetachedBlind", "DetachedDeck"]


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

    def detached(self) -> DetachedBlind:
        """The blind as it is now, off its game: a frozen :class:`DetachedBlind`."""
        return DetachedBlind(
            entity=self.entity,
            key=self.type.key,
            name=self.type.name,
            is_boss=self.is_boss,
            disabled=self.disabled,
            triggered=self.triggered,
            memory=copy.deepcopy(self.memory),
        )

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

    def detached(self) -> DetachedDeck:
        """The deck, off its game: a frozen :class:`DetachedDeck`."""
        return DetachedDeck(self.entity, self.type.key, self.type.name, _plain(self.config))

    def __repr__(self) -> str:
        return f"<Deck {self.type.name}>"


def _plain(value: Any) -> Any:
    """A declared value with its (read-only) mappings as dicts, the rest as it is."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


@dataclass(frozen=True, slots=True, repr=False)
class DetachedBlind(DetachedValue):
    """The blind as it was when read, off its game (:meth:`Blind.detached`);
    :attr:`memory` is a copy. Its ``repr`` is the live blind's."""

    entity: int
    key: str
    name: str
    is_boss: bool
    disabled: bool
    triggered: bool
    memory: dict[str, Any]

    __hash__ = DetachedValue.hash_by_name  # (its dicts are not hashable)

    def __repr__(self) -> str:
        return f"<Blind {self.name}{' (disabled)' if self.disabled else ''}>"


@dataclass(frozen=True, slots=True, repr=False)
class DetachedDeck(DetachedValue):
    """The deck (the game's "back"), off its game (:meth:`Deck.detached`): its
    :attr:`config` as plain dicts."""

    entity: int
    key: str
    name: str
    config: Any

    __hash__ = DetachedValue.hash_by_name  # (its dicts are not hashable)

    def __repr__(self) -> str:
        return f"<Deck {self.name}>"
