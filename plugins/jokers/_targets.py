"""What the jokers with a target of the round share (The Idol, Mail-In Rebate, Castle,
Ancient Joker): the cards the game draws their targets from, and the suits by letter.

Each of those jokers owns its target as run-state slots (``run_state`` on its
:class:`~balatro_ecs.kernel.content.JokerType`, kept in ``game.run.memory``) and draws it
in ``joker_reset_round``, on the stream the game uses (``idol1``, ``mail1``, ``cas1``,
``anc1``: the purpose and the ante).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from balatro_ecs.plugin import Suit, ranked_by_creation

__all__ = ["SUITS", "deck_cards"]

#: Suits by the letter a run's memory keeps (``"S"``, ``"H"``, ``"C"``, ``"D"``).
SUITS: dict[str, Suit] = {suit.letter: suit for suit in Suit}


def deck_cards(game: Any, shared: dict[str, Any]) -> Sequence[Any]:
    """The run's playing cards that are not Stone cards, in creation order (the game draws
    from its card list, which keeps that order): worked out once per reset (``shared`` is
    the reset's scratch; read only)."""
    found: Sequence[Any] | None = shared.get("ranked cards")
    if found is None:
        found = shared["ranked cards"] = ranked_by_creation(game.playing_cards)
    return found
