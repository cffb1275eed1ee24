"""The duel's actions, as value objects, and a fixed numbering of them for learning agents.

Every action is a frozen dataclass; positions count from 0 (the terminal spells them from
1: ``keep 1 2 3 4 5``). Apply one with :meth:`Duel.apply(player, action)
<balatro_ecs.duel.Duel.apply>`; :meth:`Duel.can <balatro_ecs.duel.Duel.can>` checks it
without changing anything.

=================  ==========  =====================================================
action             phase       what it does
=================  ==========  =====================================================
``Discard(cards)`` hand        throw away 1 to 5 hand cards and draw as many (once)
``Keep(cards)``    hand        form the 5-card hand; the other cards are discarded
``NoHand()``       hand        go to betting without a hand (fewer than 5 cards)
``MoveJoker(s,t)`` hand        move the joker in slot ``s`` to slot ``t``
``Reveal(card)``   reveal      show one card of the hand to the opponent
``Check()``        gamble      check, or call: match the opponent's bet
``Raise(amount)``  gamble      match the opponent's bet and put ``amount`` more in
``AllIn()``        gamble      raise as much as can be matched
``Fold()``         gamble      give up the pot
``Buy(slot)``      shop        buy the shop item in ``slot`` (ends your shop turn)
``Pass()``         shop        buy nothing
``Sell(joker)``    shop        sell a joker, for nothing (frees a slot)
=================  ==========  =====================================================
"""

from __future__ import annotations

import itertools
import shlex
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..kernel.errors import IllegalActionError, show
from .rules import HAND_CARDS, HAND_SIZE, MAX_DISCARD, MAX_JOKERS, SHOP_ITEMS

__all__ = [
    "ACTION_SPACE",
    "RAISE_SIZES",
    "ActionSpace",
    "AllIn",
    "Buy",
    "Check",
    "Discard",
    "DuelAction",
    "Fold",
    "Keep",
    "MoveJoker",
    "NoHand",
    "Pass",
    "Raise",
    "Reveal",
    "Sell",
    "action_from_dict",
    "parse_action",
]


@dataclass(frozen=True)
class DuelAction:
    """Base class of the duel's actions."""

    verb: ClassVar[str] = ""

    def text(self) -> str:
        """The terminal spelling, positions from 1 (``keep 1 2 3 4 5``)."""
        return self.verb

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.verb}
        for name, value in vars(self).items():
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


def _positions(value: Any) -> tuple[int, ...]:
    return tuple(sorted(int(v) for v in value))


@dataclass(frozen=True)
class Discard(DuelAction):
    """Discard these hand positions (1 to 5 of them) and draw as many; once a hand phase."""

    verb: ClassVar[str] = "discard"
    cards: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _positions(self.cards))

    def text(self) -> str:
        return " ".join([self.verb, *(str(i + 1) for i in self.cards)])


@dataclass(frozen=True)
class Keep(DuelAction):
    """Form the hand from these 5 positions; the other cards go to the discard pile."""

    verb: ClassVar[str] = "keep"
    cards: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _positions(self.cards))

    def text(self) -> str:
        return " ".join([self.verb, *(str(i + 1) for i in self.cards)])


@dataclass(frozen=True)
class NoHand(DuelAction):
    """Enter betting without a hand (legal only with fewer than 5 cards in hand): the
    betting phase is lost."""

    verb: ClassVar[str] = "nohand"


@dataclass(frozen=True)
class MoveJoker(DuelAction):
    """Move the joker in slot ``source`` to slot ``target`` (hand phase)."""

    verb: ClassVar[str] = "move"
    source: int = 0
    target: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.source + 1} {self.target + 1}"


@dataclass(frozen=True)
class Reveal(DuelAction):
    """Show the card at this position of the hand to the opponent."""

    verb: ClassVar[str] = "reveal"
    card: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.card + 1}"


@dataclass(frozen=True)
class Check(DuelAction):
    """Check, or call: put in what the opponent raised, and no more."""

    verb: ClassVar[str] = "check"


@dataclass(frozen=True)
class Raise(DuelAction):
    """Match the opponent's bet, then put ``amount`` more chips in."""

    verb: ClassVar[str] = "raise"
    amount: int = 1

    def text(self) -> str:
        return f"{self.verb} {self.amount}"


@dataclass(frozen=True)
class AllIn(DuelAction):
    """Raise by the most the opponent can still match (:meth:`Duel.max_raise`)."""

    verb: ClassVar[str] = "allin"


@dataclass(frozen=True)
class Fold(DuelAction):
    """Give up: the opponent takes the pot."""

    verb: ClassVar[str] = "fold"


@dataclass(frozen=True)
class Buy(DuelAction):
    """Buy the shop item in ``slot``; a bought joker joins the row, a Planet is used."""

    verb: ClassVar[str] = "buy"
    slot: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.slot + 1}"


@dataclass(frozen=True)
class Pass(DuelAction):
    """Buy nothing this shop."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Sell(DuelAction):
    """Sell the joker in slot ``joker``: it leaves the row and pays nothing."""

    verb: ClassVar[str] = "sell"
    joker: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.joker + 1}"


_BY_VERB: dict[str, type[DuelAction]] = {
    cls.verb: cls
    for cls in (
        Discard, Keep, NoHand, MoveJoker, Reveal, Check, Raise, AllIn, Fold, Buy, Pass, Sell
    )
}  # fmt: skip
_ALIASES = {"call": "check", "all-in": "allin", "all_in": "allin", "no_hand": "nohand"}


def action_from_dict(data: dict[str, Any]) -> DuelAction:
    """The inverse of :meth:`DuelAction.to_dict`."""
    verb = data.get("action")
    cls = _BY_VERB.get(str(verb))
    if cls is None:
        raise IllegalActionError(f"unknown duel action {show(verb)}")
    fields = {k: v for k, v in data.items() if k != "action"}
    for name in ("cards",):
        if name in fields:
            fields[name] = tuple(fields[name])
    try:
        return cls(**fields)
    except TypeError as err:
        raise IllegalActionError(f"{verb}: {err}") from None


def parse_action(text: str) -> DuelAction:
    """Read the terminal spelling: ``keep 1 2 3 4 5``, ``discard 2 7``, ``raise 4``,
    ``reveal 3``, ``buy 2``, ``sell 1``, ``move 1 3``, ``check`` (or ``call``), ``allin``,
    ``fold``, ``pass``, ``nohand``. Positions count from 1.

    :raises IllegalActionError: naming what could not be read.
    """
    words = shlex.split(text.strip().lower())
    if not words:
        raise IllegalActionError("no action given")
    verb = _ALIASES.get(words[0], words[0])
    cls = _BY_VERB.get(verb)
    if cls is None:
        raise IllegalActionError(
            f"unknown action {words[0]!r} (expected one of {', '.join(sorted(_BY_VERB))})"
        )
    try:
        numbers = [int(w) for w in words[1:]]
    except ValueError:
        raise IllegalActionError(f"{verb}: expected numbers, got {' '.join(words[1:])!r}") from None
    if cls in (Discard, Keep):
        return cls(tuple(n - 1 for n in numbers))
    if cls is Raise:
        if len(numbers) != 1:
            raise IllegalActionError("raise: say by how many chips (raise 4)")
        return Raise(numbers[0])
    if cls is MoveJoker:
        if len(numbers) != 2:
            raise IllegalActionError("move: say from which slot to which (move 1 3)")
        return MoveJoker(numbers[0] - 1, numbers[1] - 1)
    if cls in (Reveal, Buy, Sell):
        if len(numbers) != 1:
            raise IllegalActionError(f"{verb}: give one position ({verb} 2)")
        return cls(numbers[0] - 1)
    if numbers:
        raise IllegalActionError(f"{verb}: takes no numbers")
    return cls()


#: The raise sizes a fixed action space offers (besides :class:`AllIn`).
RAISE_SIZES: tuple[int, ...] = (1, 2, 3, 5, 10, 20)


class ActionSpace:
    """Every action that fits a fixed-size space, numbered (for masks and learning agents).

    Hand positions go up to :data:`~balatro_ecs.duel.rules.HAND_SIZE`; raises are
    :data:`RAISE_SIZES` and :class:`AllIn` (the Python API takes any ``Raise(amount)``).
    The order is stable: keeps, discards, no hand, joker moves, reveals, check, raises,
    all in, fold, buys, pass, sells.
    """

    def __init__(self) -> None:
        acts: list[DuelAction] = []
        positions = range(HAND_SIZE)
        acts.extend(Keep(c) for c in itertools.combinations(positions, HAND_CARDS))
        for size in range(1, MAX_DISCARD + 1):
            acts.extend(Discard(c) for c in itertools.combinations(positions, size))
        acts.append(NoHand())
        acts.extend(MoveJoker(s, t) for s in range(MAX_JOKERS) for t in range(MAX_JOKERS) if s != t)
        acts.extend(Reveal(i) for i in range(HAND_CARDS))
        acts.append(Check())
        acts.extend(Raise(n) for n in RAISE_SIZES)
        acts.extend([AllIn(), Fold()])
        acts.extend(Buy(i) for i in range(SHOP_ITEMS))
        acts.append(Pass())
        acts.extend(Sell(i) for i in range(MAX_JOKERS))
        self.actions: tuple[DuelAction, ...] = tuple(acts)
        self.index: dict[DuelAction, int] = {a: i for i, a in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i: int) -> DuelAction:
        return self.actions[i]


#: The duel's fixed action space (318 actions).
ACTION_SPACE = ActionSpace()
