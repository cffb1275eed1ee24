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

import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import BalatroError

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
    "MoveJoker",
    "Outcome",
    "Pick",
    "Play",
    "Reroll",
    "RerollBoss",
    "SelectBlind",
    "Sell",
    "SkipBlind",
    "SkipPack",
    "SortHand",
    "Use",
    "action_from_dict",
    "parse_action",
]


@dataclass(frozen=True)
class Action:
    """Base class of every action."""

    verb: ClassVar[str] = ""

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


@dataclass(frozen=True)
class SkipBlind(Action):
    """Skip the Small or Big Blind on deck, for its tag."""

    verb: ClassVar[str] = "skip"


@dataclass(frozen=True)
class RerollBoss(Action):
    """Reroll the boss blind (needs Director's Cut or Retcon, costs $10)."""

    verb: ClassVar[str] = "reroll_boss"


def _positions(cards: Any) -> tuple[int, ...]:
    return tuple(int(c) for c in cards)


@dataclass(frozen=True)
class _HandCards(Action):
    """An action on 1-5 hand cards, by position (0 = leftmost)."""

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _positions(self.cards))

    def text(self) -> str:
        return f"{self.verb} {' '.join(str(c + 1) for c in self.cards)}"


@dataclass(frozen=True)
class Play(_HandCards):
    """Play 1-5 cards from the hand, by position (0 = leftmost)."""

    verb: ClassVar[str] = "play"


@dataclass(frozen=True)
class Discard(_HandCards):
    """Discard 1-5 cards from the hand, by position."""

    verb: ClassVar[str] = "discard"


@dataclass(frozen=True)
class SortHand(Action):
    """Sort the hand by rank or by suit (the order matters to some jokers)."""

    verb: ClassVar[str] = "sort"
    by: str = "rank"

    def text(self) -> str:
        return f"{self.verb} {self.by}"


@dataclass(frozen=True)
class MoveJoker(Action):
    """Move the joker in slot ``source`` to slot ``target`` (the order matters)."""

    verb: ClassVar[str] = "move"
    source: int = 0
    target: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.source + 1} {self.target + 1}"


@dataclass(frozen=True)
class CashOut(Action):
    """Collect the round's payout and go to the shop."""

    verb: ClassVar[str] = "cash_out"


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


@dataclass(frozen=True)
class BuyAndUse(_ShopSlot):
    """Buy the consumable in shop ``slot`` and use it at once, without it taking a
    consumable slot (the shop's Buy and Use button). ``cards``: hand targets (none in
    the shop)."""

    verb: ClassVar[str] = "buy_use"
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _positions(self.cards))


@dataclass(frozen=True)
class BuyVoucher(_ShopSlot):
    """Buy and redeem the voucher in ``slot``."""

    verb: ClassVar[str] = "voucher"


@dataclass(frozen=True)
class BuyPack(_ShopSlot):
    """Buy and open the booster pack in ``slot``."""

    verb: ClassVar[str] = "pack"


@dataclass(frozen=True)
class _WithTargets(Action):
    """An action on the item at ``index``, with hand cards as its targets (0-based)."""

    index: int = 0
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _positions(self.cards))

    def text(self) -> str:
        targets = "".join(f" {c + 1}" for c in self.cards)
        return f"{self.verb} {self.index + 1}{targets}"


@dataclass(frozen=True)
class Pick(_WithTargets):
    """Take card ``index`` from the open pack (``cards``: targets in hand, for Tarots)."""

    verb: ClassVar[str] = "pick"


@dataclass(frozen=True)
class SkipPack(Action):
    """Close the open pack without taking (more) cards."""

    verb: ClassVar[str] = "skip_pack"


@dataclass(frozen=True)
class Reroll(Action):
    """Reroll the shop's cards."""

    verb: ClassVar[str] = "reroll"


@dataclass(frozen=True)
class Sell(Action):
    """Sell a joker (``area="jokers"``) or a consumable (``area="consumables"``)."""

    verb: ClassVar[str] = "sell"
    area: str = "jokers"
    index: int = 0

    def text(self) -> str:
        return f"{self.verb} {'j' if self.area == 'jokers' else 'c'}{self.index + 1}"


@dataclass(frozen=True)
class Use(_WithTargets):
    """Use the consumable at ``index`` (``cards``: selected hand cards, for Tarots)."""

    verb: ClassVar[str] = "use"


@dataclass(frozen=True)
class EndShop(Action):
    """Leave the shop for the next blind."""

    verb: ClassVar[str] = "next"


_ALL: tuple[type[Action], ...] = (
    SelectBlind, SkipBlind, RerollBoss, Play, Discard, SortHand, MoveJoker, CashOut, Buy,
    BuyAndUse, BuyVoucher, BuyPack, Pick, SkipPack, Reroll, Sell, Use, EndShop,
)  # fmt: skip
_BY_VERB = {cls.verb: cls for cls in _ALL}


def parse_action(text: str) -> Action:
    """Parse the terminal spelling (1-based positions): ``play 1 3 4``, ``sell j2``, ``buy 1``.

    >>> parse_action("play 1 3 4")
    Play(cards=(0, 2, 3))
    """
    words = text.strip().lower().split()
    if not words:
        raise BalatroError("empty command")
    verb, args = words[0], words[1:]
    cls = _BY_VERB.get(verb)
    if cls is None:
        from .errors import UnknownNameError

        raise UnknownNameError("command", verb, _BY_VERB)
    try:
        if cls in (Play, Discard):
            return cls(cards=tuple(int(a) - 1 for a in args))
        if cls is SortHand:
            return SortHand(by=args[0] if args else "rank")
        if cls is MoveJoker:
            return MoveJoker(int(args[0]) - 1, int(args[1]) - 1)
        if cls in (Buy, BuyAndUse, BuyVoucher, BuyPack):
            return cls(slot=int(args[0]) - 1 if args else 0)
        if cls in (Pick, Use):
            return cls(index=int(args[0]) - 1, cards=tuple(int(a) - 1 for a in args[1:]))
        if cls is Sell:
            where = args[0]
            area = "consumables" if where.startswith("c") else "jokers"
            return Sell(area=area, index=int(where.lstrip("jc")) - 1)
    except (IndexError, ValueError):
        raise BalatroError(f"{verb}: bad arguments {' '.join(args)!r}") from None
    return cls()


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from :meth:`Action.to_dict` output."""
    values = dict(data)
    cls = _BY_VERB.get(values.pop("action", ""))
    if cls is None:
        raise BalatroError(f"unknown action {data!r}")
    for name, value in values.items():
        if isinstance(value, list):
            values[name] = tuple(value)
    return cls(**values)


@dataclass(frozen=True)
class Outcome:
    """What applying one action did: the action, money and phase before and after, the
    recorded events, and the score of a played hand."""

    action: Action
    phase_before: str
    phase_after: str
    dollars_before: int
    dollars_after: int
    events: tuple[tuple[Any, ...], ...] = field(default=(), repr=False)
    score: Any = field(default=None, repr=False)

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
        # from row sizes (:func:`balatro_ecs.run.engine.action_mask`); -1 if it has none.
        index = self._index
        self.select_blind = index[SelectBlind()]
        self.skip_blind = index[SkipBlind()]
        self.reroll_boss = index[RerollBoss()]
        self.cash_out = index[CashOut()]
        self.reroll = index[Reroll()]
        self.end_shop = index[EndShop()]
        self.skip_pack = index[SkipPack()]
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
            tuple[int, frozenset[int]], tuple[tuple[int, ...], tuple[int, ...]]
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
        self, n: int, forced: frozenset[int] = frozenset()
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The indices of every Play and of every Discard of 1-5 of ``n`` hand cards that
        holds the ``forced`` positions and lies in the space (positions below
        :attr:`hand_slots`), in the order of the legal actions. Computed once per hand
        size and forced set."""
        key = (n, forced)
        found = self._card_indices.get(key)
        if found is None:
            cut = min(n, self.hand_slots)
            combos = [
                self._subsets[combo]
                for size in range(1, min(5, n) + 1)
                for combo in itertools.combinations(range(cut), size)
                if forced <= set(combo)
            ]
            found = (
                tuple(self._play + i for i in combos),
                tuple(self._discard + i for i in combos),
            )
            self._card_indices[key] = found
        return found


#: The default action space (1,335 actions).
ACTION_SPACE = ActionSpace()
