"""``balatro-ecs play``: the game in a terminal.

The screen for each phase is built by :func:`render` (a pure function of the game, so it
is easy to test); :class:`TerminalSession` reads typed commands, applies them and redraws.
Game commands use the action spelling with 1-based positions (``play 1 3 4``, ``buy 2``,
``sell j1``); ``help`` lists them all, with the session's own commands (``preview``,
``undo``, ``save``, ``info``, ...).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..game.actions import Action, parse_action
from ..game.cards import Card
from ..game.describe import describe, describe_edition, describe_stickers, find_content
from ..game.game import Game
from ..game.jokers import Consumable, Joker
from ..game.run import shop
from ..game.run.blinds import blind_key
from ..game.run.jkr import load_save
from ..game.run.save import dumps
from ..game.state import Phase
from ..kernel.components import Area
from ..kernel.content import BoosterType, StickerType, TagType, VoucherType
from ..kernel.enums import HandType, Suit
from ..kernel.errors import BalatroError, show
from ..kernel.manager import Plugins
from ..kernel.quantities import format_number

__all__ = ["TerminalSession", "load_file", "render"]

_SUIT_COLOUR = {Suit.HEARTS: "31", Suit.DIAMONDS: "33", Suit.CLUBS: "34", Suit.SPADES: "37"}

HELP = """\
Blind select   select | skip | reroll_boss
In a round     play 1 3 4 | discard 2 5 | sort rank | sort suit | preview 1 3 4
               rearrange hand 3 1 2 4 5 6 7 8 (every card, in its new order; in
               Arcana and Spectral packs too)
Cash out       cash_out  (after the last boss: endless)
Shop           buy 1 | voucher 1 | pack 1 | reroll | next
Booster pack   pick 1 [cards...] | skip_pack
Any time       sell j1 | sell c1 | use 1 [cards...] | move 1 3 (jokers)
               rearrange c 2 1 (the consumables, in their new order)
Session        actions (legal moves) | deck (cards left) | levels | log | undo
               info j1 / c1 / s1 / p1 / v1 / t1 / h1 / boss / NAME (what it does, now)
               save FILE | load FILE | help | quit (offers to save)
               (FILE.jkr: a save of the real game's, which the game loads)
Positions count from 1, left to right, as shown on screen. Up and Down recall earlier
commands."""


def terminal_width() -> int:
    """The terminal's width in columns (``COLUMNS`` when set; 80 when not a terminal)."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def _described(prefix: str, text: str, width: int | None = None) -> list[str]:
    """``prefix`` then ``text``, wrapped to the terminal's width (or ``width``) and
    continued under the text's start (a description on a screen row)."""
    if not text:
        return [prefix.rstrip()]
    width = width if width is not None else terminal_width()
    room = max(20, width - len(prefix))
    chunks = textwrap.wrap(" ".join(text.split()), room) or [""]
    pad = " " * len(prefix)
    return [prefix + chunks[0]] + [pad + chunk for chunk in chunks[1:]]


def _money(n: float) -> str:
    return f"${int(n)}" if n >= 0 else f"-${int(-n)}"


def _num(n: float) -> str:
    return format_number(n)


#: Answers to "save the run first?" that mean no, and yes without a file name.
_NO = frozenset({"", "n", "no"})
_YES = frozenset({"y", "yes"})


class _Style:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.colour else text


def _card(style: _Style, card: object) -> str:
    from ..game.cards import Card

    assert isinstance(card, Card)
    if card.face_down:
        return "??"
    text = card.label
    text = style(text, _SUIT_COLOUR.get(card.suit, "0"))
    if card.debuffed:
        text += style(" (debuffed)", "2")
    return text


def _joker(item: Joker) -> str:
    bits = [item.name]
    if item.edition:
        bits.append(item.edition.name.lower())
    for key, value in item.stickers.items():  # "eternal", "perishable 3", "mypack_glued"
        name = key[len(StickerType.prefix) :]
        bits.append(name if value is True else f"{name} {value}")
    if item.debuffed:
        bits.append("debuffed")
    return " ".join(bits)


def joker_face_down(game: Game, joker: Joker) -> bool:
    """Whether the player sees ``joker`` face down (flipped by Amber Acorn this blind)."""
    blind = game.blind
    if blind is None or blind.disabled:
        return False
    flipped = blind.memory.get("flipped")
    if isinstance(flipped, list):
        return joker.serial in flipped and joker in game.jokers
    return bool(flipped)


_ANSI = re.compile(r"\033\[[0-9;]*m")


def _fit(lines: list[str], width: int) -> list[str]:
    """Every line cut to ``width`` visible columns: a long line is wrapped, continued
    indented by two spaces (colour codes take no room)."""
    out: list[str] = []
    for line in lines:
        if len(_ANSI.sub("", line)) <= width or _ANSI.search(line):
            out.append(line)
            continue
        out += textwrap.wrap(
            line, width, subsequent_indent="  ", break_on_hyphens=False, break_long_words=False
        )
    return out


def render(game: Game, *, colour: bool = False, width: int | None = None) -> str:
    """The screen for the game's current phase, fitted to ``width`` columns (default:
    the terminal's width, :func:`terminal_width`)."""
    width = width if width is not None else terminal_width()
    style = _Style(colour)
    run = game.run
    lines = [
        style(
            f"== Ante {run.ante}  Round {run.round}  {_money(run.dollars)}  "
            f"[{game.deck.type.name}, {game.stake.name if game.stake else 'no stake'}, "
            f"seed {game.seed}] ==",
            "1",
        )
    ]
    if game.jokers:
        lines.append(
            f"Jokers ({len(game.jokers)}/{game.joker_limit}): "
            + "  ".join(
                f"j{i + 1} {'(face down)' if joker_face_down(game, j) else _joker(j)}"
                for i, j in enumerate(game.jokers)
            )
        )
    if game.consumables:
        lines.append(
            f"Consumables ({len(game.consumables)}/{game.consumable_limit}): "
            + "  ".join(f"c{i + 1} {c.name}" for i, c in enumerate(game.consumables))
        )
    if run.tags:
        names = [game.plugins.content(key).name for key in run.tags]
        lines.append("Tags: " + ", ".join(names))
    phase = run.phase
    if phase is Phase.BLIND_SELECT:
        lines += _blind_select(game)
    elif phase is Phase.ROUND:
        lines += _round(game, style)
    elif phase is Phase.CASH_OUT:
        lines += ["Round won!"] + [f"  {label:<28} {_money(d)}" for label, d in run.payout]
        lines.append(f"  {'Total':<28} {_money(sum(d for _, d in run.payout))}   -> cash_out")
    elif phase is Phase.SHOP:
        lines += _shop(game, style)
    elif phase is Phase.PACK:
        lines += _pack(game, style)
    elif phase is Phase.GAME_OVER:
        lines.append(style(f"GAME OVER at ante {run.ante}, round {run.round}.", "31;1"))
        lines.append("undo, load FILE, or quit.")
    if run.win_screen:
        lines.append(style("You won the run! endless: play on into endless mode; or quit.", "32;1"))
    elif run.won and phase is not Phase.GAME_OVER:
        lines.append(style("Endless mode.", "32;1"))
    return "\n".join(_fit(lines, width))


def _blind_select(game: Game) -> list[str]:
    from ..game.run.blinds import blind_chips, blind_reward

    run = game.run
    out = ["Choose your next blind (select, or skip Small/Big for its tag):"]
    for which in ("Small", "Big", "Boss"):
        btype = game.plugins.blind(blind_key(game, which))
        state = run.blind_states.get(which, "")
        tag = run.tags_offered.get(which) if state in ("Select", "Upcoming") else None
        tag_text = f"  skip for {game.plugins.content(tag).name}" if tag else ""
        tag_line = f"     {game.plugins.content(tag).name}: " if tag else ""
        marker = ">" if which == run.blind_on_deck else " "
        out.append(
            f" {marker} {btype.name:<18} {state:<9} score {_num(blind_chips(game, btype))}"
            f"  reward {_money(blind_reward(game, btype))}{tag_text}"
        )
        if tag and which == run.blind_on_deck:
            out += _described(tag_line, describe(game, tag))
        if which == "Boss":
            text = describe(game, btype)
            if text:
                out += _described("     ", text)
    return out


def _round(game: Game, style: _Style) -> list[str]:
    run = game.run
    blind = game.blind
    name = blind.name if blind is not None else "?"
    out = [
        f"{name}: {_num(run.chips)} / {_num(run.blind_chips)} chips   "
        f"hands {run.hands_left}  discards {run.discards_left}"
    ]
    if blind is not None and blind.is_boss and not blind.disabled:
        text = describe(game, blind)
        if text:
            out += _described("  ", text)
    hand = game.hand
    out.append("Hand: " + "  ".join(f"{i + 1}:{_card(style, c)}" for i, c in enumerate(hand)))
    out.append(f"Deck: {len(game.area(Area.DECK))} cards left")
    return out


def _shop(game: Game, style: _Style) -> list[str]:
    out = ["Shop (buy N, voucher N, pack N, reroll, next):"]
    for i, item in enumerate(game.shop):
        price = shop.offer_price(game, item)
        if isinstance(item, (Joker, Consumable)):
            label = _joker(item) if isinstance(item, Joker) else item.name
            out += _described(f"  {i + 1}. {label:<26} {_money(price):>4}  ", describe(game, item))
        else:
            out.append(f"  {i + 1}. {_card(style, item):<26} {_money(price):>4}")
    for i, key in enumerate(game.shop_vouchers):
        voucher = game.plugins.voucher(key)
        price_text = _money(shop.voucher_price(game, key))
        out += _described(
            f"  voucher {i + 1}. {voucher.name:<18} {price_text:>4}  ", describe(game, voucher)
        )
    for i, key in enumerate(game.shop_packs):
        booster = game.plugins.find(BoosterType, key)
        price_text = _money(shop.pack_price(game, booster))
        out += _described(
            f"  pack {i + 1}. {booster.name:<21} {price_text:>4}  ", describe(game, booster)
        )
    out.append(f"  reroll {_money(shop.reroll_price(game))}")
    return out


def _pack(game: Game, style: _Style) -> list[str]:
    booster = game.plugins.find(BoosterType, game.pack_key) if game.pack_key else None
    title = booster.name if booster else "Pack"
    out = [f"{title}: choose {game.pack_picks} (pick N [cards], skip_pack)"]
    for i, item in enumerate(game.pack):
        if isinstance(item, (Joker, Consumable)):
            label = _joker(item) if isinstance(item, Joker) else item.name
            out += _described(f"  {i + 1}. {label:<26} ", describe(game, item))
        else:
            out.append(f"  {i + 1}. {_card(style, item)}")
    if game.hand:
        out.append(
            "Hand: " + "  ".join(f"{i + 1}:{_card(style, c)}" for i, c in enumerate(game.hand))
        )
    return out


def _named(item: object) -> str:
    name = getattr(item, "name", None)
    if isinstance(name, str):
        return name
    label = getattr(item, "label", None)
    return label if isinstance(label, str) else str(item)


#: One line per kind of recorded event: ``{who}`` the source, ``{value}``, ``{target}``.
_EVENT_LINES: dict[str, str] = {
    "destroy": "{target} was destroyed",
    "card destroyed": "{value} was destroyed",
    "card added": "{value} was added to the deck",
    "tag": "{who} triggered",
    "tag gained": "gained the {who}",
    "redeem": "redeemed {who}",
    "used": "used {who}",
    "opened": "opened {who}",
}
_MESSAGES = {"saved": "{who} saved the run", "perished": "{who} perished",
             "disabled": "{who} disabled"}  # fmt: skip


def describe_event(game: Game, event: tuple[Any, ...]) -> str | None:
    """One line for a player about something an action did, or ``None`` for the events
    the screen already shows (money, scoring steps)."""
    _, source, kind, value, target = event
    who = _named(source) if source is not None else ""
    if kind == "create":
        made = _named(target) if target is not None else value
        return f"{who + ' ' if who else ''}created {made}"
    if kind == "card changed":
        return f"{who + ': ' if who else ''}{value} changed"
    if kind == "level":
        hand = game.run.hands[HandType.from_name(target)]
        return f"{target} {value:+} level (now level {hand.level})"
    message = kind == "message" and isinstance(value, str)
    line = _EVENT_LINES.get(kind) or (_MESSAGES.get(value) if message else None)
    if line is None:
        return None
    return line.format(who=who, value=value, target=_named(target))


def load_file(path: str | Path, plugins: Plugins | None = None) -> Game:
    """The game saved in the file ``path`` (the engine's JSON save, or a ``save.jkr`` of
    the real game's). Any problem -- no such file, not a save, a damaged save, even a
    fault of the engine's -- is one line
    (:class:`~balatro_ecs.errors.BalatroError`), never a traceback."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise BalatroError(f"load: cannot read {path}: {err.strerror or err}") from None
    try:
        return load_save(raw, plugins, game_class=Game)  # the engine's or the game's save
    except BalatroError:
        raise
    except Exception as err:  # an engine bug: still one line (the cause is kept)
        raise BalatroError(
            f"load: {path}: cannot load ({type(err).__name__}: {str(err)[:200]})"
        ) from err


def colour_wanted(out: TextIO) -> bool:
    """Colour on a terminal, unless ``NO_COLOR`` is set to anything (no-color.org)."""
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


def _line_editing() -> Callable[[str], str]:
    """:func:`input` with line editing and this session's history (Up and Down recall
    earlier commands) where :mod:`readline` exists; plain :func:`input` elsewhere."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 - importing it is what turns editing on for input()
    return lambda prompt: input(prompt)


def _signed_money(n: int) -> str:
    return f"+${n}" if n >= 0 else f"-${-n}"


class TerminalSession:
    """A game played by typed commands.

    :param game: The game to play.
    :param read: Reads one command (default: :func:`input` with line editing and history,
        through :mod:`readline` where it exists).
    :param out: Where screens go.
    :param colour: ANSI colours (default: on a terminal, unless ``NO_COLOR`` is set).
    :param width: Columns to fit the screens to (default: the terminal's width).

    Leaving (``quit``, Ctrl-C, Ctrl-D) with actions not saved since the last ``save`` or
    ``load`` offers to save the run first.
    """

    def __init__(
        self,
        game: Game,
        *,
        read: Callable[[str], str] | None = None,
        out: TextIO | None = None,
        colour: bool | None = None,
        width: int | None = None,
    ) -> None:
        self.game = game
        self.read = read if read is not None else _line_editing()
        self.out = out if out is not None else sys.stdout
        self.colour = colour_wanted(self.out) if colour is None else colour
        self.width = width
        self.history: list[Game] = []
        #: The log length of the game as last saved or loaded (``None``: never saved).
        self.saved: tuple[Game, int] | None = (game, len(game.log))

    def say(self, text: str) -> None:
        """Print ``text``, each line fitted to the session's width."""
        width = self.width if self.width is not None else terminal_width()
        print("\n".join(_fit(text.split("\n"), width)), file=self.out)

    def show(self) -> None:
        self.say(render(self.game, colour=self.colour, width=self.width))

    def run(self) -> int:
        """Play until the player leaves; returns an exit status."""
        self.say("Balatro in the terminal. Type 'help' for commands.")
        self.show()
        while True:
            try:
                line = self.read("> ")
            except EOFError:
                self.say("")
                return self.leave()
            except KeyboardInterrupt:
                self.say("")
                return self.leave()
            line = line.strip()
            if not line:
                continue
            if line.lower() in ("quit", "exit", "q"):
                return self.leave()
            try:
                redraw = self.handle(line)
            except BalatroError as err:
                self.say(f"! {err}")
                continue
            except KeyboardInterrupt:  # while an action ran: it was undone (all or nothing)
                self.say("")
                return self.leave()
            if redraw:
                self.show()

    @property
    def unsaved(self) -> bool:
        """Whether actions were taken since the run was last saved or loaded."""
        if self.saved is None:
            return bool(self.game.log)
        game, actions = self.saved
        return game is not self.game or len(self.game.log) != actions

    def leave(self) -> int:
        """Offer to save unsaved actions, then end the session (status 0)."""
        if not self.unsaved:
            return 0
        while True:
            try:
                answer = self.read("Save the run first? file name (Enter or 'n': leave unsaved): ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return 0
            name = answer.strip()
            if name.lower() in _NO:
                return 0
            if name.lower() in _YES:  # a yes is not a file name: ask for one
                self.say("! give the file name to save to (e.g. run.json), or Enter to leave")
                continue
            try:
                self._save([name])
            except BalatroError as err:
                self.say(f"! {err}")
                continue
            return 0

    def handle(self, line: str) -> bool:
        """Carry out one command; returns whether the screen should be redrawn."""
        try:
            words = shlex.split(line)
        except ValueError as err:  # a stray quote
            raise BalatroError(f"cannot read that command: {err}") from None
        verb, args = words[0].lower(), words[1:]
        meta: dict[str, Callable[[list[str]], bool]] = {
            "help": self._help,
            "?": self._help,
            "actions": self._actions,
            "preview": self._preview,
            "info": self._info,
            "log": self._log,
            "levels": self._levels,
            "deck": self._deck,
            "undo": self._undo,
            "save": self._save,
            "load": self._load,
            "show": self._show,
        }
        if verb in meta:
            return bool(meta[verb](args))
        if verb == "next" and self.game.phase is Phase.CASH_OUT:
            line = "cash_out"
        action = parse_action(line)
        self.apply(action)
        return True

    def apply(self, action: Action) -> None:
        """Apply an action and say what it did: the hand's score (or why the blind
        refused it), what was made, destroyed or levelled, and every change of money with
        who paid or took it."""
        before = self.game.clone()
        outcome = self.game.apply(action)
        self.history.append(before)
        del self.history[:-50]
        result = outcome.score
        if result is not None:
            if result.debuffed:
                self.say(self._refused(result))
            else:
                self.say(
                    f"{result.hand_name}: {_num(result.chips)} x {_num(result.mult)} = "
                    f"{_num(result.score)}"
                )
        for event in outcome.events:
            text = describe_event(self.game, event)
            if text:
                self.say(f"  {text}")
        for line in self._money_lines(outcome):
            self.say(line)

    def _refused(self, result: Any) -> str:
        """Why the blind scored the hand 0 (The Psychic: "Must play 5 cards")."""
        blind = self.game.blind
        name = blind.name if blind is not None else "the blind"
        why = " ".join(describe(self.game, blind).split()) if blind is not None else ""
        reason = f" ({why})" if why else ""
        return f"{result.hand_name}: refused by {name}{reason}: scores 0"

    def _money_lines(self, outcome: Any) -> list[str]:
        """Each change of money, with its source; a played hand's money by the card or
        joker that gave it."""
        lines: list[str] = []
        for _, source, kind, value, _target in outcome.events:
            if kind != "dollars":
                continue
            if source == "played hand" and outcome.score is not None:
                found = [(e[1], e[3]) for e in outcome.score.events if e[2] == "dollars" and e[3]]
                if found and sum(v for _, v in found) == value:
                    lines += [f"  {_signed_money(v)} {self._source(s)}" for s, v in found]
                    continue
            lines.append(f"  {_signed_money(value)} {self._source(source)}")
        change = outcome.dollars_after - outcome.dollars_before
        if change:
            lines.append(f"money {_signed_money(change)} (now {_money(outcome.dollars_after)})")
        return lines

    def _source(self, source: object) -> str:
        """Who paid or took money: a card, joker, tag or blind by name, a content key by
        its content's name, an engine step as it is called (``cash out``, ``reroll``)."""
        if isinstance(source, str):
            try:
                return self.game.plugins.content(source).name
            except BalatroError:
                return source
        if source is None:
            return "(no source named)"
        return _named(source)

    # -- session commands -----------------------------------------------------------------
    def _show(self, args: list[str]) -> bool:
        return True

    def _help(self, args: list[str]) -> bool:
        self.say(HELP)
        return False

    def _actions(self, args: list[str]) -> bool:
        actions = self.game.legal_actions(reorders=False)
        texts = [a.text() for a in actions]
        self.say(f"{len(texts)} legal actions: " + ", ".join(texts[:60]))
        if len(texts) > 60:
            self.say(f"... and {len(texts) - 60} more")
        return False

    def _preview(self, args: list[str]) -> bool:
        if self.game.phase is not Phase.ROUND:
            raise BalatroError("preview: only during a round")
        try:
            positions = [int(a) - 1 for a in args]
        except ValueError:
            raise BalatroError(
                f"preview: card positions expected, got {' '.join(args)!r}"
            ) from None
        n = len(self.game.hand)
        if not positions or any(not 0 <= p < n for p in positions) or len(positions) > 5:
            raise BalatroError(f"preview: choose 1-5 cards from 1 to {n}")
        result = self.game.preview_play(positions, player=True)
        if getattr(result, "exact", True):
            self.say(
                f"would score {result.hand_name}: {_num(result.chips)} x {_num(result.mult)} = "
                f"{_num(result.score)}"
            )
        else:  # chance or face-down cards decide: what the player can expect
            low, high = getattr(result, "low", 0.0), getattr(result, "high", 0.0)
            self.say(
                f"would score about {_num(round(float(result.score)))} "
                f"({_num(low)} to {_num(high)}; chance or face-down cards decide), "
                f"most likely {result.hand_name}"
            )
        return False

    def _info(self, args: list[str]) -> bool:
        if not args:
            raise BalatroError(
                "info: which? j1 (joker), c1 (consumable), s1 (shop card), p1 (pack card), "
                "v1 (shop voucher), t1 (tag), h1 (card in hand), boss, or a name"
            )
        game = self.game
        where = " ".join(args)
        rows: dict[str, list[Any]] = {
            "j": list(game.jokers),
            "c": list(game.consumables),
            "s": list(game.shop),
            "p": list(game.pack),
            "v": [game.plugins.voucher(key) for key in game.shop_vouchers],
            "t": [game.plugins.find(TagType, key) for key in game.run.tags],
            "h": list(game.hand),
        }
        item: Any
        key = where.lower()
        if key[:1] in rows and key[1:].isdigit():
            row, index = rows[key[0]], int(key[1:]) - 1
            if not 0 <= index < len(row):
                raise BalatroError(f"info: nothing at {show(where)}")
            item = row[index]
        elif key == "boss":
            item = game.blind if game.blind is not None and game.blind.is_boss else None
            item = item or (game.plugins.blind(game.run.boss) if game.run.boss else None)
            if item is None:
                raise BalatroError("info: no Boss Blind yet")
        else:
            try:
                item = find_content(game, where)
            except BalatroError:
                raise BalatroError(
                    f"info: nothing at {where!r} (try j1, c1, s1, p1, v1, t1, h1, boss or a name)"
                ) from None
        for line in self._info_lines(item):
            self.say(line)
        return False

    def _info_lines(self, item: Any) -> list[str]:
        """What ``info`` prints about one thing: what it does now, and what it is worth."""
        game = self.game
        if isinstance(item, Joker) and self._face_down(item):
            return ["A face-down Joker."]
        if isinstance(item, (Joker, Consumable)):
            label = _joker(item) if isinstance(item, Joker) else item.name
            kind = (
                f"{item.type.rarity_name} Joker"
                if isinstance(item, Joker)
                else f"{item.type.set} card"
            )
            out = _described(f"{label} ({kind}): ", describe(game, item))
            if item.edition:
                out += _described("  ", describe_edition(game, item.edition))
            if isinstance(item, Joker):
                for text in describe_stickers(game, item):
                    out += _described("  ", text)
            if item.zone.area is Area.SHOP:
                out.append(f"  costs {_money(shop.offer_price(game, item))}")
            elif item.zone.area is not Area.PACK:
                out.append(f"  sells for {_money(item.sell_value)}")
            return out
        if isinstance(item, Card):
            out = _described(f"{item.label}: ", describe(game, item))
            if any(offer is item for offer in game.shop):
                out.append(f"  costs {_money(shop.offer_price(game, item))}")
            return out
        name = getattr(item, "name", None)
        if isinstance(item, VoucherType):
            name = f"{item.name} (voucher)"
        elif isinstance(item, TagType):
            name = f"{item.name} (tag)"
        if isinstance(name, str):
            return _described(f"{name}: ", describe(game, item))
        return _described("", describe(game, item))

    def _face_down(self, joker: Joker) -> bool:
        return joker_face_down(self.game, joker)

    def _deck(self, args: list[str]) -> bool:
        """The cards left to draw, by suit (the game's deck view), and where the rest are."""
        game = self.game
        style = _Style(self.colour)
        pile = game.area(Area.DECK)
        total = len(game.playing_cards)
        self.say(f"Deck: {len(pile)} of {total} cards left to draw")
        by_suit: dict[Suit, list[Card]] = {}
        for card in pile:
            by_suit.setdefault(card.suit, []).append(card)
        for suit in sorted(by_suit):  # Spades, Hearts, Clubs, Diamonds: the game's order
            cards = sorted(by_suit[suit], key=lambda c: -c.base_rank)
            shown = "  ".join(_card(style, c) for c in cards)
            for line in _described(f"  {suit.name.title():<9}({len(cards):>2}) ", shown):
                self.say(line)
        held = len(game.area(Area.HAND)) + len(game.area(Area.PLAY))
        self.say(f"  in hand {held}, discarded {len(game.area(Area.DISCARD))}")
        return False

    def _levels(self, args: list[str]) -> bool:
        from ..game.state import hand_values
        from ..kernel.enums import HandType

        for hand, stats in zip(HandType, self.game.run.hands, strict=False):
            if not stats.visible:
                continue
            chips, mult = hand_values(hand, stats.level)
            name = hand.title
            self.say(
                f"  {name:<16} level {stats.level:<3} {_num(chips):>6} x {_num(mult):<5}"
                f" played {stats.played}"
            )
        return False

    def _log(self, args: list[str]) -> bool:
        for outcome in self.game.log[-15:]:
            self.say(
                f"  {outcome.action.text():<20} {outcome.phase_before} -> {outcome.phase_after}"
            )
        return False

    def _undo(self, args: list[str]) -> bool:
        if not self.history:
            raise BalatroError("undo: nothing to undo")
        self.game = self.history.pop()
        return True

    def _save(self, args: list[str]) -> bool:
        if len(args) != 1:
            raise BalatroError("save: give one file name")
        path = Path(args[0])
        tmp = path.with_suffix(path.suffix + ".tmp")
        # a .jkr name: a save the real game loads; any other: the engine's JSON save
        data = self.game.to_jkr() if path.suffix == ".jkr" else dumps(self.game).encode("utf-8")
        try:
            tmp.write_bytes(data)
            tmp.replace(path)  # never leave a half-written save
        except OSError as err:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            raise BalatroError(f"save: cannot write {path}: {err.strerror}") from None
        self.saved = (self.game, len(self.game.log))
        self.say(f"saved to {path}")
        return False

    def _load(self, args: list[str]) -> bool:
        if len(args) != 1:
            raise BalatroError("load: give one file name")
        game = load_file(args[0], self.game.plugins)
        self.history.append(self.game)
        self.game = game
        self.saved = (game, len(game.log))
        return True
