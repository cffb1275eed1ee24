"""Quantum enhancements: the enhancements jokers say a playing card counts as having too
(Steamodded's ``check_enhancement``).

A joker's ``joker_check_enhancement`` names extra enhancements for a card; a scored card
then also scores as each of them (its chip bonus and its ``enhancement_scored``), a held
card also acts as each (``enhancement_held``), and :meth:`Game.enhancements_of
<balatro_ecs.game.commands.cards.CardCommands.enhancements_of>` lists them all. Like
Steamodded's, the context is never copied (``no_blueprint``): a Blueprint's copy is not
asked. A game whose content has no such hook never comes here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..kernel.enums import Enhancement
from ..kernel.faults import bad_answer

__all__ = ["extra_enhancements"]


def _kinds(said: object, source: object) -> Iterable[int]:
    if isinstance(said, int) and not isinstance(said, bool):
        return (said,)
    if isinstance(said, (tuple, list, set, frozenset)) and all(
        isinstance(x, int) and not isinstance(x, bool) for x in said
    ):
        return said
    bad_answer("joker_check_enhancement", said, "an Enhancement, several, or None", source)


def extra_enhancements(game: Any, plan: tuple[Any, ...], card: Any) -> tuple[int, ...]:
    """The enhancement kinds the jokers (``plan``: ``joker_check_enhancement``'s, copies
    left out) add to ``card``, in the order named, without its own or a repeat."""
    own = card._enhancement.kind
    found: list[int] = []
    for fn, view, source in plan:
        if view is not source:  # a copy (Blueprint): never asked
            continue
        said = fn(game, view, card)
        if said is None:
            continue
        for kind in _kinds(said, source):
            kind = int(kind)
            if kind != own and kind != Enhancement.NONE and kind not in found:
                found.append(kind)
    return tuple(found)
