"""The exceptions balatro_ecs raises. Every message names the bad field and value.

All of them derive from :class:`BalatroError`, so a caller can catch the whole family;
the CLI prints ``str(error)`` on one line and exits with status 2.
"""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Iterable

__all__ = [
    "MAX_MESSAGE",
    "ActionError",
    "ActionTypeError",
    "BalatroError",
    "ContentError",
    "HookError",
    "HookTimeout",
    "IllegalActionError",
    "PluginError",
    "SaveError",
    "ScenarioError",
    "ScheduleError",
    "UnknownNameError",
    "close_matches",
    "show",
]


#: The longest message an error keeps: a message quoting a hostile value (a 10 KB name,
#: a plugin's own error text) is cut here, whatever path built it.
MAX_MESSAGE = 1_000


class BalatroError(Exception):
    """Base class of every error raised on purpose by balatro_ecs.

    Its message is one line of at most :data:`MAX_MESSAGE` characters (a longer one is
    cut, ending in ``...``): values are quoted short where they are named, and this is
    the last guard."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE:
            args = (f"{args[0][: MAX_MESSAGE - 3]}...",)
        super().__init__(*args)


def _quoted(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to about ``limit`` characters."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**100 else "a huge number"
    return text if len(text) <= limit else f"{text[:limit]}..."


def close_matches(value: object, choices: Iterable[str], n: int = 3) -> list[str]:
    """The choices that look most like ``value`` (case-insensitive), best first."""
    text = str(value)
    pool = list(dict.fromkeys(str(c) for c in choices))
    lowered = {c.lower(): c for c in pool}
    found = difflib.get_close_matches(text.lower(), list(lowered), n=n, cutoff=0.6)
    return [lowered[f] for f in found]


class UnknownNameError(BalatroError, ValueError):
    """A name (joker, blind, rank, suit, ...) that the engine does not know.

    The message offers the closest known names.
    """

    def __init__(
        self, kind: str, value: object, choices: Iterable[str] = (), where: str = ""
    ) -> None:
        self.kind = kind
        self.value = value
        pool = list(dict.fromkeys(str(c) for c in choices))
        self.suggestions = close_matches(value, pool)
        if self.suggestions:
            self.hint = f" (did you mean {', '.join(repr(s) for s in self.suggestions)}?)"
        elif 0 < len(pool) <= 20:
            self.hint = f" (expected one of {', '.join(pool)})"
        else:
            self.hint = ""
        place = f"{where}: " if where else ""
        super().__init__(f"{place}unknown {kind} {_quoted(value)}{self.hint}")

    def at(self, where: str) -> UnknownNameError:
        """The same error, located (``played[2].rank``)."""
        err = UnknownNameError.__new__(UnknownNameError)
        err.kind, err.value, err.suggestions, err.hint = (
            self.kind,
            self.value,
            self.suggestions,
            self.hint,
        )
        BalatroError.__init__(err, f"{where}: unknown {self.kind} {_quoted(self.value)}{self.hint}")
        return err


class ScenarioError(BalatroError, ValueError):
    """A scenario that cannot be played: the message names the field and the value."""


class SaveError(BalatroError, ValueError):
    """A save that cannot be loaded: not JSON, damaged, or needing other plugins. The
    message names the field (``jokers[2].state.mult``) and the value."""


class PluginError(BalatroError):
    """A plugin that cannot be loaded or that breaks a rule (duplicate key, bad hook)."""


class ContentError(BalatroError, ValueError):
    """Content that is declared wrongly (a key without its prefix, a missing field)."""


class ScheduleError(BalatroError):
    """Systems whose order cannot be decided (a cycle, or two systems with no declared order)."""


class IllegalActionError(BalatroError):
    """An action that the rules do not allow now. The game is left exactly as it was."""


class ActionError(BalatroError, ValueError):
    """An action that is malformed whatever the state: a negative position, a card chosen
    twice, an unknown sort order or area, a bad dict or command. The message names the
    action, the field and the value (``Play.cards: card position 2 is chosen twice``)."""


class ActionTypeError(ActionError, TypeError):
    """An action field of the wrong type (``Play.cards: expected card positions (ints),
    got '0'``): also a :class:`TypeError`."""


class HookError(PluginError):
    """A plugin's hook raised, or gave back an effect the engine cannot apply, while an
    action was applied (the game was put back exactly as it was before the action).

    The message names the plugin, the hook and the content key -- and, when a copying
    joker (Blueprint, Brainstorm) was acting, the copier; the original exception is the
    ``__cause__``.
    """

    def __init__(
        self,
        message: str,
        *,
        plugin: str | None = None,
        hook: str | None = None,
        key: str | None = None,
        copier: str | None = None,
    ) -> None:
        super().__init__(message)
        #: The plugin's registered name (a module name, or an entry point's name).
        self.plugin = plugin
        #: The hook that raised (``joker_main``), when the fault was inside a hook.
        self.hook = hook
        #: The content key whose implementation or effect was at fault (``j_blueprint``).
        self.key = key
        #: The joker that copied ``key``'s ability, if the fault happened in a copy.
        self.copier = copier


class HookTimeout(BaseException):
    """Raised inside a hook that ran past its game's time budget (a runaway hook).

    A :class:`BaseException`, as :class:`KeyboardInterrupt` is: a hook's own
    ``except Exception`` does not swallow it.
    """

    def __str__(self) -> str:
        return "it ran past the game's time budget (Game(budget=...), BALATRO_ECS_BUDGET)"


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = 6


def show(value: object) -> str:
    """``repr(value)``, cut short: nesting, long strings and huge numbers are abbreviated."""
    if type(value) is int and value.bit_length() > 128:
        return f"{'-' if value < 0 else ''}a whole number of {value.bit_length()} bits"
    if type(value) is float:
        return repr(value)  # nan, inf, -inf: as they are
    try:
        return _REPR.repr(value)
    except Exception:  # a value whose repr fails (a huge int inside a list, ...)
        return f"a {type(value).__name__}"
