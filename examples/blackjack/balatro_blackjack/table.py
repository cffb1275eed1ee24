"""The table: a Python API over the state and its transforms, run by ordered systems.

A player's action is one transform (bet, insure or decline, hit, stand, double, split),
checked first so that an illegal one raises and changes nothing. Then the compiled
:data:`SCHEDULE` runs once: each system applies its transform when the state is in its
stage (deal -> peek -> player turns -> dealer turn -> settle), so one pass carries the
round forward to the next decision the player has to make.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.kernel.rng import GameRandom
from balatro_ecs.kernel.schedule import System, compile_schedule
from balatro_ecs.kernel.world import World

from . import state as S
from .cards import label, make_shoe
from .state import Env, Hand, Rules, State

__all__ = ["PHASES", "SYSTEMS", "Action", "Table"]

FORMAT = "balatro_blackjack/1"


@dataclass(frozen=True)
class Action:
    """``Action("hit")``, ``Action("bet", 10)``; :meth:`parse` reads ``"bet 10"``."""

    verb: str
    amount: int = 0

    @classmethod
    def parse(cls, text: str) -> Action:
        verb, *rest = text.split() or [""]
        try:
            return cls(verb.lower(), int(rest[0]) if rest else 0)
        except ValueError:
            raise IllegalActionError(f"not an amount: {rest[0]!r}") from None

    def text(self) -> str:
        return f"bet {self.amount}" if self.verb == "bet" else self.verb


def _step(transform: Callable[[State, Env], State]) -> Callable[[Table], None]:
    def run(table: Table) -> None:
        table.state = transform(table.state, table.env)

    run.__name__ = transform.__name__
    return run


def _in(stage: str) -> Callable[[Table], bool]:
    """Run condition: the table's state is in ``stage``."""

    def in_stage(table: Table) -> bool:
        return table.state.stage == stage

    in_stage.__name__ = f"stage_is_{stage}"
    return in_stage


PHASES = ("deal", "player", "dealer", "settle")
SYSTEMS = (
    System("deal", "deal", _step(S.deal_round), run_if=_in("deal")),
    System("peek", "deal", _step(S.peek), after=("deal",), run_if=_in("peek")),
    System("player_turns", "player", _step(S.play_turns), run_if=_in("player")),
    System("dealer_turn", "dealer", _step(S.dealer_turn), run_if=_in("dealer")),
    System("settle", "settle", _step(S.settle), run_if=_in("settle")),
)

_PLAYER_VERBS = ("hit", "stand", "double", "split")


class Table:
    """One seat against the dealer, with a shoe of ``decks`` decks.

    >>> t = Table(decks=1, seed="DOC", bankroll=100)
    >>> t.apply("bet 10").stage in ("insurance", "player", "betting")
    True
    """

    def __init__(
        self,
        decks: int = 6,
        seed: str = "BLACKJACK",
        rules: Rules | None = None,
        bankroll: int = 1000,
        systems: Iterable[System] = (),
    ) -> None:
        if decks < 1:
            raise ValueError("a shoe needs at least one deck")
        self.decks, self.seed, self.rules = decks, seed, rules or Rules()
        self.world = World()
        self.cards = make_shoe(self.world, decks)  # entity ids, in a fixed order
        self.env = Env(self.world, GameRandom(seed), self.rules)
        self.schedule = compile_schedule(PHASES, (*SYSTEMS, *systems))
        shoe = list(self.cards)
        self.env.rng.shuffle("shoe", shoe)
        self.state = State(tuple(shoe), bankroll=bankroll)
        self.log: list[Action] = []

    # -- actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        s, r = self.state, self.rules
        if s.stage == "betting":
            top = min(r.max_bet, s.bankroll)
            return [Action("bet", n) for n in range(r.min_bet, top + 1)]
        verbs = {"insurance": ("insure", "decline"), "player": _PLAYER_VERBS}.get(s.stage, ())
        return [Action(v) for v in verbs if self.can(Action(v))]

    def check(self, action: Action | str) -> Action:
        """The action, parsed; raises :class:`IllegalActionError` saying why it is illegal."""
        act = Action.parse(action) if isinstance(action, str) else action
        reason = S.why_not(self.state, self.env, act.verb, act.amount)
        if reason:
            raise IllegalActionError(reason)
        return act

    def can(self, action: Action | str) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> State:
        """Apply a legal action and run the round to the next decision; returns the state."""
        act = self.check(action)
        s, env = self.state, self.env
        transforms: dict[str, Callable[[], State]] = {
            "bet": lambda: S.place_bet(s, act.amount),
            "insure": lambda: S.insure(s, True),
            "decline": lambda: S.insure(s, False),
            "hit": lambda: S.hit(s, env),
            "stand": lambda: S.stand(s),
            "double": lambda: S.double(s, env),
            "split": lambda: S.split(s),
        }
        streams = env.rng.snapshot()
        try:
            self.state = transforms[act.verb]()
            for run in self.schedule.functions:
                run(self)
        except BaseException:  # a failing system (say, an added one) undoes the action
            self.state = s
            env.rng.restore(streams)
            raise
        self.log.append(act)
        return self.state

    # -- looking at the table ----------------------------------------------------------------
    def total(self, cards: tuple[int, ...]) -> int:
        return self.env.total(cards)[0]

    def show(self) -> str:
        """The table as a player sees it (the hole card hidden until the dealer plays)."""
        s = self.state

        def name(cards: tuple[int, ...]) -> str:
            return " ".join(label(self.world, e) for e in cards)

        number = s.round + (s.stage not in ("betting", "over") or not s.hands)
        lines = [f"round {number}  bankroll {s.bankroll}  shoe {len(s.shoe)}"]
        if s.dealer:
            hidden = s.stage in ("insurance", "player")
            dealer = f"{name(s.dealer[:1])} ??" if hidden else name(s.dealer)
            lines.append(f"dealer  {dealer}" + ("" if hidden else f"  ({self.total(s.dealer)})"))
        for i, h in enumerate(s.hands):
            mark = " <" if s.stage == "player" and i == s.active else ""
            extra = f"  {h.outcome}" if h.outcome else ""
            total = self.total(h.cards)
            lines.append(f"hand {i + 1}  {name(h.cards)}  ({total})  bet {h.bet}{extra}{mark}")
        if s.insurance:
            lines.append(f"insurance {s.insurance}")
        return "\n".join(lines)

    # -- saving ----------------------------------------------------------------------------
    def to_json(self) -> str:
        """Everything needed to go on: cards as positions in :attr:`cards`, not entity ids."""
        pos = {e: i for i, e in enumerate(self.cards)}

        def rows(ids: list[int]) -> list[int]:
            return [pos[e] for e in ids]

        st = asdict(self.state)
        for key in ("shoe", "discard", "dealer"):
            st[key] = rows(st[key])
        for h in st["hands"]:
            h["cards"] = rows(h["cards"])
        data = {
            "format": FORMAT,
            "decks": self.decks,
            "seed": self.seed,
            "rules": asdict(self.rules),
            "rng": self.env.rng.snapshot(),
            "state": st,
            "log": [a.text() for a in self.log],
        }
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Table:
        data: dict[str, Any] = json.loads(text)
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} save")
        st = data["state"]
        table = cls(data["decks"], data["seed"], Rules(**data["rules"]), st["bankroll"])

        def ids(rows: list[int]) -> tuple[int, ...]:
            return tuple(table.cards[i] for i in rows)

        hands = tuple(Hand(**{**h, "cards": ids(h["cards"])}) for h in st["hands"])
        rows = {k: ids(st[k]) for k in ("shoe", "discard", "dealer")}
        table.state = State(**{**st, **rows, "hands": hands})
        table.env.rng.restore(data["rng"])
        table.log = [Action.parse(a) for a in data["log"]]
        return table
