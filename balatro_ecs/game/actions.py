"""The actions a player takes, as value objects, and what applying one produced.

Every action is a frozen dataclass whose ``repr`` round-trips
(``Play(cards=(0, 2, 3))``) and whose :meth:`Action.text` is what the terminal game
accepts (``play 1 3 4``, 1-based). :class:`ActionSpace` numbers every action that fits
in a fixed-size space, for learning agents that want a boolean mask.

Apply an action with :meth:`Game.apply <balatro_ecs.game.Game.apply>`; check one without
changing anything with :meth:`Game.can <balatro_ecs.game.Game.can>` or
:meth:`Game.verify <balatro_ecs.game.Game.verify>`.
"""

from __future__ import annotations

import copy
import itertools
import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ..kernel.errors import ActionError, ActionTypeError, UnknownNameError, close_matches, show
from .detach import Memo, detach, detach_events
from .scoring.result import ScoreResult

__all__ = [
    "ACTION_SPACE",
    "Action",
    "ActionSpace",
    "Buy",
    "BuyAndUse",
    "BuyPack",
    "BuyVoucher",
    "CashOut",
    "Discard",
    "EndShop",
    "Endless",
    "MoveJoker",
    "Outcome",
    "Pick",
    "Play",
    "Rearrange",
    "Reroll",
    "RerollBoss",
    "SelectBlind",
    "Sell",
    "SkipBlind",
    "SkipPack",
    "SortHand",
    "Use",
    "action_from_dict",
    "card_positions",
    "parse_action",
    "position",
]


# ---------------------------------------------------------------------------------------
# checking fields
# ---------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    """A whole number that is not a bool (an ``int``, or an integer type such as numpy's)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def position(value: object, where: str) -> int:
    """``value`` as a 0-based position: a non-negative int (not a bool, float or string).

    Raises :class:`~balatro_ecs.kernel.errors.ActionTypeError` or
    :class:`~balatro_ecs.kernel.errors.ActionError` naming ``where`` (``MoveJoker.target``).
    """
    if type(value) is int and value >= 0:
        return value
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise ActionTypeError(f"{where}: expected a position (int), got {show(value)}")
    number = int(value)
    if number < 0:
        raise ActionError(f"{where}: positions count from 0 and cannot be negative, got {number}")
    return number


def card_positions(value: object, where: str) -> tuple[int, ...]:
    """``value`` as a tuple of distinct 0-based card positions (a tuple, list or range
    of non-negative ints); raises as :func:`position` does, naming ``where``."""
    if type(value) is tuple and all(type(c) is int and c >= 0 for c in value):
        cards: tuple[int, ...] = value
    else:
        if not isinstance(value, (tuple, list, range)):
            raise ActionTypeError(
                f"{where}: expected a tuple or list of card positions (ints), got {show(value)}"
            )
        for c in value:
            if not _is_int(c):
                raise ActionTypeError(f"{where}: expected card positions (ints), got {show(c)}")
        cards = tuple(int(c) for c in value)
        for c in cards:
            if c < 0:
                raise ActionError(
                    f"{where}: card positions count from 0 and cannot be negative, got {c}"
                )
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ActionError(f"{where}: card position {twice} is chosen twice in {cards}")
    return cards


def _choice(value: object, where: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str):
        raise ActionTypeError(f"{where}: expected one of {', '.join(allowed)}, got {show(value)}")
    if value not in allowed:
        raise ActionError(f"{where}: {_choice_hint(value, allowed)}")
    return value


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass fields of an action class, found once per class."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True)
class Action:
    """Base class of every action.

    Every field is checked when the action is made: positions (``cards``, ``slot``,
    ``index``, ``source``, ``target``) are non-negative ints (not bools, floats or
    strings), ``cards`` and ``order`` are tuples or lists of distinct positions (kept as
    tuples), and the named choices (:attr:`SortHand.by`, :attr:`Sell.area`,
    :attr:`Rearrange.row`) are among the allowed ones. A bad field raises
    :class:`~balatro_ecs.kernel.errors.ActionTypeError` (a wrong type, also a
    :class:`TypeError`) or :class:`~balatro_ecs.kernel.errors.ActionError` (a bad value,
    also a :class:`ValueError`) naming the action, the field and the value. Whether the
    action is legal *now* is the game's question (:meth:`Game.can
    <balatro_ecs.game.Game.can>`).
    """

    verb: ClassVar[str] = ""
    #: The run event the action runs (:mod:`balatro_ecs.game.events`), with the action's
    #: fields as the event's values: ``Buy(2)`` runs ``buy`` with ``slot=2``.
    event: ClassVar[str] = ""
    #: The allowed values of the fields that name a choice.
    choices: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __post_init__(self) -> None:
        cls = type(self)
        for name in _field_names(cls):
            value = getattr(self, name)
            if name == "cards" or name == "order":  # tuples of distinct positions
                checked: object = card_positions(value, f"{cls.__name__}.{name}")
            elif name in cls.choices:
                checked = _choice(value, f"{cls.__name__}.{name}", cls.choices[name])
            else:
                checked = position(value, f"{cls.__name__}.{name}")
            if checked is not value:
                object.__setattr__(self, name, checked)

    def text(self) -> str:
        """The terminal spelling, with 1-based positions (``play 1 3 4``)."""
        return self.verb

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.verb}
        for name, value in vars(self).items():
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class SelectBlind(Action):
    """Play the blind on deck."""

    verb: ClassVar[str] = "select"
    event: ClassVar[str] = "select_blind"


@dataclass(frozen=True)
class SkipBlind(Action):
    """Skip the Small or Big Blind on deck, for its tag."""

    verb: ClassVar[str] = "skip"
    event: ClassVar[str] = "skip_blind"


@dataclass(frozen=True)
class RerollBoss(Action):
    """Reroll the boss blind (needs Director's Cut or Retcon, costs $10)."""

    verb: ClassVar[str] = "reroll_boss"
    event: ClassVar[str] = "reroll_boss"


@dataclass(frozen=True)
class _HandCards(Action):
    """An action on 1-5 hand cards, by position (0 = leftmost)."""

    cards: tuple[int, ...] = ()

    def text(self) -> str:
        return f"{self.verb} {' '.join(str(c + 1) for c in self.cards)}"


@dataclass(frozen=True)
class Play(_HandCards):
    """Play 1-5 cards from the hand, by position (0 = leftmost)."""

    verb: ClassVar[str] = "play"
    event: ClassVar[str] = "play"


@dataclass(frozen=True)
class Discard(_HandCards):
    """Discard 1-5 cards from the hand, by position."""

    verb: ClassVar[str] = "discard"
    event: ClassVar[str] = "discard"


@dataclass(frozen=True)
class SortHand(Action):
    """Sort the hand by rank or by suit (the order matters to some jokers)."""

    verb: ClassVar[str] = "sort"
    event: ClassVar[str] = "sort_hand"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"by": ("rank", "suit")}
    by: str = "rank"

    def text(self) -> str:
        return f"{self.verb} {self.by}"


@dataclass(frozen=True)
class MoveJoker(Action):
    """Move the joker in slot ``source`` to slot ``target`` (the order matters)."""

    verb: ClassVar[str] = "move"
    event: ClassVar[str] = "move_joker"
    source: int = 0
    target: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.source + 1} {self.target + 1}"


@dataclass(frozen=True)
class Rearrange(Action):
    """Put the hand (``row="hand"``) or the consumables (``row="consumables"``) in a new
    order, as a player drags cards in the game: ``order[i]`` is the present position of
    the card that goes to position ``i`` (``Rearrange("hand", (2, 0, 1))`` moves the
    third card to the front). Jokers move with :class:`MoveJoker`.

    The hand can be rearranged in a round and while an Arcana or Spectral pack shows it;
    the consumables whenever they are shown (any phase but game over). ``order`` must
    name every position of the row once. Rearranging the hand lays it out again: the
    cards played or discarded next go in the new order (Photograph, Hanging Chad: the
    game plays cards left to right as they lie), and a pack's hand goes back to the deck
    in it. The consumables' order decides what :class:`Use` ``(i)`` uses. No joker hears
    of it (the game and Steamodded have no context for it).

    Not listed by :meth:`Game.legal_actions <balatro_ecs.game.Game.legal_actions>` (a
    hand has thousands of orders) and not in :class:`ActionSpace` or the action mask:
    apply it by itself, and :meth:`Game.can <balatro_ecs.game.Game.can>` checks it. It is
    logged and replayed as every action is.

    >>> Rearrange("hand", (2, 0, 1)).text()
    'rearrange hand 3 1 2'
    """

    verb: ClassVar[str] = "rearrange"
    event: ClassVar[str] = "rearrange"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"row": ("hand", "consumables")}
    row: str = "hand"
    order: tuple[int, ...] = ()

    def text(self) -> str:
        return " ".join([self.verb, self.row, *(str(i + 1) for i in self.order)])


@dataclass(frozen=True)
class CashOut(Action):
    """Collect the round's payout and go to the shop."""

    verb: ClassVar[str] = "cash_out"
    event: ClassVar[str] = "cash_out"


@dataclass(frozen=True)
class Endless(Action):
    """On the win screen (ante 8's boss just beaten), play on into endless mode: the
    game's Endless Mode button. Nothing in the run changes; until it is pressed, it is
    the only legal action (:attr:`RunState.win_screen <balatro_ecs.state.RunState.win_screen>`)."""

    verb: ClassVar[str] = "endless"
    event: ClassVar[str] = "endless"


@dataclass(frozen=True)
class _ShopSlot(Action):
    """An action on one shop slot (0 = leftmost)."""

    slot: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.slot + 1}"


@dataclass(frozen=True)
class Buy(_ShopSlot):
    """Buy the shop card (joker, consumable or playing card) in ``slot``."""

    verb: ClassVar[str] = "buy"
    event: ClassVar[str] = "buy"


@dataclass(frozen=True)
class BuyAndUse(_ShopSlot):
    """Buy the consumable in shop ``slot`` and use it at once, without it taking a
    consumable slot (the shop's Buy and Use button). ``cards``: hand targets (none in
    the shop)."""

    verb: ClassVar[str] = "buy_use"
    event: ClassVar[str] = "buy_and_use"
    cards: tuple[int, ...] = ()

    def text(self) -> str:
        return f"{self.verb} {self.slot + 1}{''.join(f' {c + 1}' for c in self.cards)}"


@dataclass(frozen=True)
class BuyVoucher(_ShopSlot):
    """Buy and redeem the voucher in ``slot``."""

    verb: ClassVar[str] = "voucher"
    event: ClassVar[str] = "buy_voucher"


@dataclass(frozen=True)
class BuyPack(_ShopSlot):
    """Buy and open the booster pack in ``slot``."""

    verb: ClassVar[str] = "pack"
    event: ClassVar[str] = "buy_pack"


@dataclass(frozen=True)
class _WithTargets(Action):
    """An action on the item at ``index``, with hand cards as its targets (0-based)."""

    index: int = 0
    cards: tuple[int, ...] = ()

    def text(self) -> str:
        targets = "".join(f" {c + 1}" for c in self.cards)
        return f"{self.verb} {self.index + 1}{targets}"


@dataclass(frozen=True)
class Pick(_WithTargets):
    """Take card ``index`` from the open pack (``cards``: targets in hand, for Tarots)."""

    verb: ClassVar[str] = "pick"
    event: ClassVar[str] = "pick"


@dataclass(frozen=True)
class SkipPack(Action):
    """Close the open pack without taking (more) cards."""

    verb: ClassVar[str] = "skip_pack"
    event: ClassVar[str] = "skip_pack"


@dataclass(frozen=True)
class Reroll(Action):
    """Reroll the shop's cards."""

    verb: ClassVar[str] = "reroll"
    event: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class Sell(Action):
    """Sell a joker (``area="jokers"``) or a consumable (``area="consumables"``)."""

    verb: ClassVar[str] = "sell"
    event: ClassVar[str] = "sell"
    choices: ClassVar[dict[str, tuple[str, ...]]] = {"area": ("jokers", "consumables")}
    area: str = "jokers"
    index: int = 0

    def text(self) -> str:
        return f"{self.verb} {'j' if self.area == 'jokers' else 'c'}{self.index + 1}"


@dataclass(frozen=True)
class Use(_WithTargets):
    """Use the consumable at ``index`` (``cards``: selected hand cards, for Tarots)."""

    verb: ClassVar[str] = "use"
    event: ClassVar[str] = "use"


@dataclass(frozen=True)
class EndShop(Action):
    """Leave the shop for the next blind."""

    verb: ClassVar[str] = "next"
    event: ClassVar[str] = "leave_shop"


_ALL: tuple[type[Action], ...] = (
    SelectBlind, SkipBlind, RerollBoss, Play, Discard, SortHand, MoveJoker, CashOut, Buy,
    BuyAndUse, BuyVoucher, BuyPack, Pick, SkipPack, Reroll, Sell, Use, EndShop, Endless,
    Rearrange,
)  # fmt: skip
_BY_VERB = {cls.verb: cls for cls in _ALL}


def parse_action(text: str) -> Action:
    """Parse the terminal spelling (1-based positions): ``play 1 3 4``, ``sell j2``, ``buy 1``,
    ``rearrange hand 3 1 2 4 5 6 7 8`` (``h`` and ``c`` name the hand and the consumables).

    A command that cannot be read raises :class:`~balatro_ecs.kernel.errors.ActionError` (an
    :class:`~balatro_ecs.kernel.errors.UnknownNameError` for an unknown verb, with the closest
    ones) naming the command and its arguments; never a bare exception.

    >>> parse_action("play 1 3 4")
    Play(cards=(0, 2, 3))
    """
    if not isinstance(text, str):
        raise ActionTypeError(f"parse_action: expected a command (str), got {show(text)}")
    words = text.strip().lower().split()
    if not words:
        raise ActionError("empty command")
    verb, args = words[0], words[1:]
    cls = _BY_VERB.get(verb)
    if cls is None:
        raise UnknownNameError("command", verb, _BY_VERB)

    def bad(why: str) -> ActionError:
        return ActionError(f"{verb}: bad arguments {show(' '.join(args))}: {why}")

    def number(word: str) -> int:
        """A 1-based position, as a 0-based one."""
        if not (word.isascii() and word.isdigit() and len(word) < 10) or int(word) < 1:
            raise bad(f"expected a position from 1, got {show(word)}")
        return int(word) - 1

    def arity(least: int, most: int) -> None:
        if not least <= len(args) <= most:
            if most == 0:
                raise bad("takes no arguments")
            if least == most:
                wanted = f"{least}"
            elif least == 0:
                wanted = f"at most {most}"
            else:
                wanted = f"{least} to {most}"
            raise bad(f"takes {wanted} argument{'' if most == 1 else 's'}, got {len(args)}")

    def positions(words: list[str]) -> tuple[int, ...]:
        """1-based card positions, as 0-based ones; none twice."""
        chosen = tuple(number(word) for word in words)
        for i, card in enumerate(chosen):
            if card in chosen[:i]:
                raise bad(f"card {card + 1} is chosen twice")
        return chosen

    if cls in (Play, Discard):
        return cls(cards=positions(args))
    if cls is SortHand:
        arity(0, 1)
        by = args[0] if args else "rank"
        if by not in SortHand.choices["by"]:
            raise bad(_choice_hint(by, SortHand.choices["by"]))
        return SortHand(by=by)
    if cls is MoveJoker:
        arity(2, 2)
        return MoveJoker(number(args[0]), number(args[1]))
    if cls is Rearrange:
        rows = Rearrange.choices["row"]
        row = {"h": "hand", "c": "consumables"}.get(args[0], args[0]) if args else ""
        if row not in rows:
            raise bad(_choice_hint(row, rows) if args else "expected hand or consumables")
        return Rearrange(row, positions(args[1:]))
    if cls in (Buy, BuyVoucher, BuyPack):
        arity(0, 1)
        return cls(slot=number(args[0]) if args else 0)
    if cls is BuyAndUse:
        return BuyAndUse(slot=number(args[0]) if args else 0, cards=positions(args[1:]))
    if cls in (Pick, Use):
        arity(1, 1 + 5)
        return cls(index=number(args[0]), cards=positions(args[1:]))
    if cls is Sell:
        arity(1, 1)
        where = args[0]
        area = "consumables" if where[0] == "c" else "jokers"
        return Sell(area=area, index=number(where[1:] if where[0] in "jc" else where))
    arity(0, 0)
    return cls()


def _choice_hint(value: str, allowed: tuple[str, ...]) -> str:
    found = close_matches(value, allowed)
    hint = f" (did you mean {show(found[0])}?)" if found else ""
    return f"expected one of {', '.join(allowed)}, got {show(value)}{hint}"


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Rebuild an action from :meth:`Action.to_dict` output (``{"action": "play",
    "cards": [0, 2]}``).

    Every field of the action must be there, and nothing else; lists become tuples. A bad
    dict raises :class:`~balatro_ecs.kernel.errors.ActionError` (or
    :class:`~balatro_ecs.kernel.errors.ActionTypeError`, or
    :class:`~balatro_ecs.kernel.errors.UnknownNameError` for an unknown action) naming the key
    and the value, with the closest known names; never a bare exception.
    """
    if not isinstance(data, Mapping):
        raise ActionTypeError(f"action_from_dict: expected a dict, got {show(data)}")
    values = dict(data)
    if "action" not in values:
        raise ActionError(
            f"action_from_dict: missing key 'action' in {show(data)}"
            + _key_hint([k for k in values if isinstance(k, str)], ("action",))
        )
    verb = values.pop("action")
    if not isinstance(verb, str):
        raise ActionTypeError(f"action_from_dict: 'action' must be a string, got {show(verb)}")
    cls = _BY_VERB.get(verb)
    if cls is None:
        raise UnknownNameError("action", verb, _BY_VERB, where="action_from_dict")
    names = _field_names(cls)
    for key in values:
        if key not in names:
            where = f"action_from_dict: {cls.__name__} ({show(verb)})"
            if not names:
                raise ActionError(f"{where} takes no fields, got {show(key)}")
            found = close_matches(key, names) if isinstance(key, str) else []
            hint = f" (did you mean {show(found[0])}?)" if found else ""
            raise ActionError(
                f"{where}: unknown key {show(key)}{hint}; its fields are {', '.join(names)}"
            )
    missing = [name for name in names if name not in values]
    if missing:
        raise ActionError(
            f"action_from_dict: {cls.__name__} ({show(verb)}) is missing "
            f"{', '.join(repr(m) for m in missing)}"
        )
    return cls(**values)


def _key_hint(keys: list[str], wanted: tuple[str, ...]) -> str:
    for key in keys:
        found = close_matches(key, wanted)
        if found:
            return f" (did you mean {show(found[0])} for {show(key)}?)"
    return ""


_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class Outcome:
    """What applying one action did: the action, money and phase before and after, the
    recorded events, and the score of a played hand.

    Its events (and its score's) hold the game's live handles; ``pickle`` and
    :func:`copy.deepcopy` take it off the game (:meth:`detached`), so an outcome crosses
    processes and reads the same there; :func:`copy.copy` keeps the handles.
    """

    action: Action
    phase_before: str
    phase_after: str
    dollars_before: int
    dollars_after: int
    events: tuple[tuple[Any, ...], ...] = field(default=(), repr=False)
    score: Any = field(default=None, repr=False)

    @classmethod
    def _made(
        cls,
        action: Action,
        phase_before: str,
        phase_after: str,
        dollars_before: int,
        dollars_after: int,
        events: tuple[tuple[Any, ...], ...],
        score: Any,
    ) -> Outcome:
        """The same outcome as ``Outcome(...)`` with these fields, made with its fields'
        dict given at once, not by the frozen dataclass's ``__init__`` (seven
        ``object.__setattr__`` calls): what :func:`~balatro_ecs.game.run.engine.apply`
        makes for every action."""
        outcome = _new(cls)
        _set(
            outcome,
            "__dict__",
            {
                "action": action,
                "phase_before": phase_before,
                "phase_after": phase_after,
                "dollars_before": dollars_before,
                "dollars_after": dollars_after,
                "events": events,
                "score": score,
            },
        )
        return outcome

    def to_dict(self) -> dict[str, Any]:
        out = {
            "action": self.action.to_dict(),
            "phase_before": self.phase_before,
            "phase_after": self.phase_after,
            "dollars_before": self.dollars_before,
            "dollars_after": self.dollars_after,
        }
        if self.score is not None:
            out["score"] = self.score.to_dict()
        return out

    # -- off the game: copies and pickles -----------------------------------------
    def detached(self) -> Outcome:
        """This outcome off its game: the same values, with every game handle in its
        events (the joker sold, the card bought, the blind that paid, ...) and in its
        score (:meth:`ScoreResult.detached
        <balatro_ecs.game.scoring.result.ScoreResult.detached>`) as a frozen value that
        reads as the handle reads now (:class:`~balatro_ecs.game.jokers.DetachedJoker`,
        :class:`~balatro_ecs.game.cards.DetachedCard`, ...); a handle met twice (a joker
        in the events and in the score's) becomes one value. It holds nothing of the
        game, so it pickles and copies: this is what ``pickle`` and
        :func:`copy.deepcopy` make of an outcome. A part that cannot be taken off is
        named: :class:`~balatro_ecs.game.detach.DetachError`.
        """
        return self._detached(deep=False)

    def _detached(self, deep: bool) -> Outcome:
        """:meth:`detached`; ``deep``: its other fields deep-copied too, and any value met
        already detached (:func:`copy.deepcopy`: the copy shares nothing)."""
        memo: Memo = {}
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for name, value in values.items():
            if name == "events":
                values[name] = detach_events(value, memo, deep, "Outcome")
            elif name == "score" and isinstance(value, ScoreResult):
                values[name] = value._detached(deep, memo, "Outcome.score")
            elif name == "score":
                values[name] = detach(value, memo, "score", deep, "Outcome")
            elif deep:  # (the action, the phases and money: plain values)
                values[name] = copy.deepcopy(value)
        return type(self)(**values)

    def __copy__(self) -> Outcome:
        """A shallow copy: the same values, events and score (the game's handles)."""
        return type(self)(**{f.name: getattr(self, f.name) for f in fields(self)})

    def __deepcopy__(self, memo: dict[int, Any]) -> Outcome:
        """A copy off the game, sharing nothing with this outcome: :meth:`detached`."""
        return self._detached(deep=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled off the game: :meth:`detached`, built again from its fields."""
        plain = self.detached()
        return type(plain), tuple(getattr(plain, f.name) for f in fields(plain))


class ActionSpace:
    """A fixed numbering of actions, for boolean action masks.

    Card subsets are numbered over the first :attr:`hand_slots` hand positions; hands
    larger than that can still be played through :meth:`Game.apply`, outside the mask.
    """

    def __init__(
        self,
        hand_slots: int = 10,
        shop_slots: int = 6,
        voucher_slots: int = 2,
        pack_slots: int = 2,
        pack_cards: int = 5,
        joker_slots: int = 10,
        consumable_slots: int = 6,
    ) -> None:
        subsets = [
            combo
            for size in range(1, 6)
            for combo in itertools.combinations(range(hand_slots), size)
        ]
        actions: list[Action] = [
            SelectBlind(),
            SkipBlind(),
            RerollBoss(),
            CashOut(),
            Reroll(),
            EndShop(),
            SkipPack(),
            SortHand("rank"),
            SortHand("suit"),
        ]
        actions += [Play(c) for c in subsets]
        actions += [Discard(c) for c in subsets]
        actions += [Buy(i) for i in range(shop_slots)]
        actions += [BuyAndUse(i) for i in range(shop_slots)]
        actions += [BuyVoucher(i) for i in range(voucher_slots)]
        actions += [BuyPack(i) for i in range(pack_slots)]
        actions += [Pick(i) for i in range(pack_cards)]
        actions += [Sell("jokers", i) for i in range(joker_slots)]
        actions += [Sell("consumables", i) for i in range(consumable_slots)]
        actions += [Use(i) for i in range(consumable_slots)]
        actions += [MoveJoker(i, i + 1) for i in range(joker_slots - 1)]
        actions.append(Endless())  # last: the older indices stay where they were
        self.hand_slots = hand_slots
        self.shop_slots = shop_slots
        self.voucher_slots = voucher_slots
        self.pack_slots = pack_slots
        self.pack_cards = pack_cards
        self.joker_slots = joker_slots
        self.consumable_slots = consumable_slots
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        # Where each kind of action starts (the index of its slot 0), for masks computed
        # from row sizes (:func:`balatro_ecs.game.run.engine.action_mask`); -1 if it has none.
        index = self._index
        self.select_blind = index[SelectBlind()]
        self.skip_blind = index[SkipBlind()]
        self.reroll_boss = index[RerollBoss()]
        self.cash_out = index[CashOut()]
        self.reroll = index[Reroll()]
        self.end_shop = index[EndShop()]
        self.skip_pack = index[SkipPack()]
        self.endless = index[Endless()]
        self.sort_rank = index[SortHand("rank")]
        self.sort_suit = index[SortHand("suit")]
        self.buy = index.get(Buy(0), -1)
        self.buy_and_use = index.get(BuyAndUse(0), -1)
        self.buy_voucher = index.get(BuyVoucher(0), -1)
        self.buy_pack = index.get(BuyPack(0), -1)
        self.pick = index.get(Pick(0), -1)
        self.sell_joker = index.get(Sell("jokers", 0), -1)
        self.sell_consumable = index.get(Sell("consumables", 0), -1)
        self.use = index.get(Use(0), -1)
        self.move_joker = index.get(MoveJoker(0, 1), -1)
        self._subsets = {combo: i for i, combo in enumerate(subsets)}
        self._play = index.get(Play((0,)), -1)
        self._discard = index.get(Discard((0,)), -1)
        self._card_indices: dict[
            tuple[int, frozenset[int], int], tuple[tuple[int, ...], tuple[int, ...]]
        ] = {}

    @property
    def size(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int | None:
        """The action's index, or ``None`` if it lies outside the space."""
        return self._index.get(action)

    def decode(self, index: int) -> Action:
        return self.actions[index]

    def card_indices(
        self, n: int, forced: frozenset[int] = frozenset(), limit: int = 5
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The indices of every Play and of every Discard of 1-5 (and at most ``limit``, the
        selection limit) of ``n`` hand cards that holds the ``forced`` positions and lies in
        the space (positions below :attr:`hand_slots`), in the order of the legal actions.
        Computed once per hand size, forced set and limit.

        A selection limit above 5 (Cryptid's Fractal Fingers) makes plays of 6 or more cards
        legal: :func:`~balatro_ecs.game.run.engine.legal_actions` lists them and
        :meth:`Game.apply <balatro_ecs.game.Game.apply>` takes them, but the space numbers
        subsets of at most 5, so the mask leaves them out."""
        key = (n, forced, limit)
        found = self._card_indices.get(key)
        if found is None:
            cut = min(n, self.hand_slots)
            combos = [
                self._subsets[combo]
                for size in range(1, min(5, n, limit) + 1)
                for combo in itertools.combinations(range(cut), size)
                if forced <= set(combo)
            ]
            found = (
                tuple(self._play + i for i in combos),
                tuple(self._discard + i for i in combos),
            )
            self._card_indices[key] = found
        return found


#: The default action space (1,336 actions).
ACTION_SPACE = ActionSpace()
