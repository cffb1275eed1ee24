"""``balatro-ecs duel``: Balatro Poker in a terminal.

Two people at one terminal (the screen is cleared and the next player asked to take the
keyboard whenever the turn passes, so neither sees the other's hand), or one person
against a built-in policy (``--vs random|heuristic``). The screen is built by
:func:`render_view`, a pure function of :meth:`Duel.view <balatro_ecs.duel.Duel.view>`
(what the player may know); :class:`DuelSession` reads commands and applies them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from ..kernel.errors import BalatroError
from .actions import parse_action
from .core import Duel, player_name
from .policies import DUEL_POLICIES, DuelPolicy, make_duel_policy
from .rules import TIME_LIMITS, Phase

__all__ = ["HELP", "DuelSession", "add_parser", "render_view"]

HELP = """\
Hand phase   keep 1 2 3 4 5 | discard 2 7 (once, up to 5 cards) | nohand | move 1 3 (jokers)
Betting      reveal 3 | check (or call) | raise 4 | allin | fold
Shop         buy 2 | pass | sell 1 (a joker, for nothing)
Session      actions (legal moves) | preview 1 2 3 4 5 | timeout (the default action)
             save FILE | help | quit
Positions count from 1, as shown on screen."""

_CLEAR = "\033[2J\033[H"
_QUIT = ("quit", "exit", "q")


def _score(value: Any) -> str:
    return value if isinstance(value, str) else f"{value:,.0f}"


def _jokers(items: list[dict[str, Any]]) -> str:
    if not items:
        return "none"
    out = []
    for i, j in enumerate(items):
        edition = "" if j["edition"] == "none" else f" ({j['edition']})"
        out.append(f"{i + 1}. {j['name']}{edition}")
    return "  ".join(out)


def _last(last: Mapping[str, Any] | None, me: int) -> list[str]:
    if last is None:
        return []
    winner = last["winner"]
    who = "nobody (a tie)" if winner is None else ("you" if winner == me else "your opponent")
    how = {"fold": "by a fold", "no hand": "(a player had no hand)", "showdown": "at the showdown"}
    lines = [f"Last round ({last['round']}): {who} won {how.get(last['how'], last['how'])}."]
    hands = last.get("hands")
    if hands:
        for p in (me, 1 - me):
            hand = hands[p]
            name = "You" if p == me else "Opponent"
            lines.append(
                f"  {name}: {' '.join(hand['cards'])}  {hand['hand_name']} {_score(hand['score'])}"
            )
    return lines


def render_view(view: Mapping[str, Any], *, colour: bool = False) -> str:
    """The screen for one player: a pure function of :meth:`Duel.view`."""
    me = view["player"]
    opp = view["opponent"]
    phase = view["phase"]
    bold = (lambda s: f"\033[1m{s}\033[0m") if colour else (lambda s: s)
    lines = [
        bold(f"== Balatro Poker · round {view['round']} · {phase} · {player_name(me)} =="),
        f"Chips   you {view['chips'][0]:<5} opponent {view['chips'][1]:<5}"
        f" pot {view['pot']} (you put in {view['bets'][0]}, opponent {view['bets'][1]})",
        f"Money   you ${view['dollars'][0]:<4} opponent ${view['dollars'][1]}",
        f"Jokers  you: {_jokers(view['jokers'])}",
        f"        opponent: {_jokers(opp['jokers'])}",
        f"Deck    {view['deck']} cards, {view['discard_pile']} discarded   "
        f"opponent: {opp['deck']} cards, {opp['cards_in_hand']} in hand"
        + ("" if opp["discarded"] is None else f", discarded {opp['discarded']} this round"),
    ]
    if view["winner"] is not None:
        lines.extend(_last(view["last"], me))
        won = view["winner"] == me
        lines.append(bold("You win the duel!" if won else "Your opponent wins the duel."))
        return "\n".join(lines)
    shown = set()
    revealed = view["revealed"]
    hand = view["hand"]
    for label in revealed:
        shown.add(label)
    cards = "  ".join(f"{i + 1}:{c}{'*' if c in shown else ''}" for i, c in enumerate(hand))
    lines.append(f"Hand    {cards or '(none)'}")
    if view.get("score"):
        lines.append(f"        {view['score']['hand_name']}, {_score(view['score']['score'])}")
    if revealed:
        lines.append(f"You show      {' '.join(revealed)}")
    if opp["revealed"]:
        lines.append(f"Opponent shows {' '.join(opp['revealed'])}")
    if phase == Phase.SHOP.value and view["shop"]:
        items = []
        for i, offer in enumerate(view["shop"]):
            if offer is None:
                items.append(f"{i + 1}. (sold)")
                continue
            edition = "" if offer["edition"] == "none" else f" ({offer['edition']})"
            items.append(f"{i + 1}. {offer['name']}{edition} ${offer['cost']}")
        lines.append("Shop    " + "   ".join(items))
    lines.extend(_last(view["last"], me))
    if view["to_act"]:
        if phase == Phase.HAND.value:
            hint = "keep 5 cards"
            if view["discarded"] is None:
                hint += ", or discard up to 5 once"
        elif phase == Phase.REVEAL.value:
            hint = f"reveal a card (round {view['reveal_round']} of 3)"
        elif phase == Phase.GAMBLE.value:
            owed = view["to_call"]
            hint = f"call {owed}" if owed else "check"
            hint += f", raise (up to {view['max_raise']})" if view["max_raise"] else ""
            hint += " or fold"
        else:
            hint = "buy an item, or pass"
        limit = TIME_LIMITS.get(phase)
        lines.append(bold(f"Your move: {hint}" + (f" ({limit} s at a table)" if limit else "")))
    return "\n".join(lines)


class DuelSession:
    """A terminal session: ``policies`` play their players, people type for the others.

    :param duel: The duel to play.
    :param policies: Player index -> policy, for the players no person plays.
    :param stdin, stdout: Where to read commands and write screens.
    :param clear: Clear the screen and wait for Enter when the keyboard passes between two
        people (hiding each hand). Default: when there are two people.
    """

    def __init__(
        self,
        duel: Duel,
        policies: Mapping[int, DuelPolicy] | None = None,
        *,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        clear: bool | None = None,
        colour: bool | None = None,
    ) -> None:
        self.duel = duel
        self.policies = dict(policies or {})
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        people = [p for p in (0, 1) if p not in self.policies]
        self.hot_seat = len(people) == 2 if clear is None else clear
        self.colour = bool(colour) if colour is not None else self.stdout.isatty()
        self._seated: int | None = None

    def _print(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def _read(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return None if not line else line.strip()

    def _seat(self, player: int) -> bool:
        """Hand the keyboard to ``player`` (hiding the screen between two people)."""
        if not self.hot_seat or self._seated == player:
            self._seated = player
            return True
        if self._seated is not None:
            self.stdout.write(_CLEAR if self.colour else "\n" * 3)
        answer = self._read(f"Pass the keyboard to {player_name(player)} and press Enter. ")
        if answer is None or answer in _QUIT:
            return False
        self._seated = player
        return True

    def run(self) -> int:
        duel = self.duel
        commands: dict[str, Callable[[int, list[str]], bool]] = {
            "help": self._help,
            "actions": self._actions,
            "preview": self._preview,
            "save": self._save,
            "timeout": self._timeout,
        }
        shown_for: int | None = None
        while not duel.over:
            player = duel.to_act[0]
            policy = self.policies.get(player)
            if policy is not None:
                outcome = duel.apply(player, policy.choose(duel, player))
                self._print(f"{player_name(player)}: {outcome.action.text()}")
                for message in outcome.messages:
                    self._print(f"  {message}")
                continue
            if shown_for != player:
                if not self._seat(player):
                    return 0
                self._print(render_view(duel.view(player), colour=self.colour))
                shown_for = player
            line = self._read(f"{player_name(player)}> ")
            if line is None or line in _QUIT:
                self._print("Bye.")
                return 0
            if not line:
                self._print(render_view(duel.view(player), colour=self.colour))
                continue
            word, *rest = line.split()
            command = commands.get(word.lower())
            try:
                if command is not None:
                    if command(player, rest):
                        shown_for = None
                    continue
                outcome = duel.apply(player, parse_action(line))
            except BalatroError as err:
                self._print(f"  ! {err}")
                continue
            for message in outcome.messages:
                self._print(f"  {message}")
            shown_for = None
        for player in (0, 1):
            if player not in self.policies:
                self._print(render_view(duel.view(player), colour=self.colour))
                break
        else:
            self._print(f"{player_name(duel.winner or 0)} wins the duel.")
        return 0

    # -- session commands -------------------------------------------------------------------------
    def _help(self, player: int, args: list[str]) -> bool:
        self._print(HELP)
        return False

    def _actions(self, player: int, args: list[str]) -> bool:
        legal = self.duel.legal_actions(player)
        self._print("  " + " | ".join(a.text() for a in legal[:60]))
        if len(legal) > 60:
            self._print(f"  ... and {len(legal) - 60} more")
        return False

    def _preview(self, player: int, args: list[str]) -> bool:
        try:
            cards = [int(a) - 1 for a in args] if args else None
        except ValueError:
            raise BalatroError("preview: card positions, from 1 (preview 1 2 3 4 5)") from None
        result = self.duel.preview(player, cards)
        self._print(
            f"  {result.hand_name}: {result.chips:,.0f} x {result.mult:,.0f} = {result.score}"
        )
        return False

    def _save(self, player: int, args: list[str]) -> bool:
        if len(args) != 1:
            raise BalatroError("save: give a file name (save duel.json)")
        Path(args[0]).write_text(self.duel.to_json(), "utf-8")
        self._print(f"  saved to {args[0]}")
        return False

    def _timeout(self, player: int, args: list[str]) -> bool:
        outcome = self.duel.timeout(player)
        self._print(f"  time is up: {outcome.action.text()}")
        for message in outcome.messages:
            self._print(f"  {message}")
        return True


def cmd_duel(args: argparse.Namespace) -> int:
    """``balatro-ecs duel``."""
    from ..kernel.manager import Plugins

    plugins = Plugins(block=args.block) if getattr(args, "block", None) else Plugins.default()
    if args.load:
        try:
            text = Path(args.load).read_text("utf-8")
        except OSError as err:
            raise BalatroError(f"{args.load}: {err.strerror}") from None
        duel = Duel.from_json(text, plugins)
    else:
        duel = Duel(args.seed, first_bettor=args.first - 1, plugins=plugins)
    policies: dict[int, DuelPolicy] = {}
    if args.vs:
        policies[1] = make_duel_policy(args.vs, f"{duel.seed}-{args.vs}")
    print(f"Balatro Poker, seed {duel.seed}. Type help for the commands.")
    return DuelSession(duel, policies).run()


def add_parser(sub: Any) -> None:
    """Add the ``duel`` subcommand to ``balatro-ecs``'s subparsers."""
    p = sub.add_parser(
        "duel", help="Balatro Poker: a two-player betting duel (two people, or --vs a policy)"
    )
    p.add_argument("--seed", help="duel seed (default: random)")
    p.add_argument(
        "--vs",
        choices=sorted(DUEL_POLICIES),
        help="play Player 1 against a built-in policy (default: two people at one terminal)",
    )
    p.add_argument(
        "--first", type=int, choices=(1, 2), default=1, help="who bets first in round 1 (1 or 2)"
    )
    p.add_argument("--load", metavar="FILE", help="continue a saved duel")
    p.set_defaults(func=cmd_duel)
