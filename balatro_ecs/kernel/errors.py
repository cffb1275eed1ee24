"""The exceptions balatro_ecs raises. Every message names the bad field and value.

All of them derive from :class:`BalatroError`, so a caller can catch the whole family;
the CLI prints ``str(error)`` on one line and exits with status 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "ActionError",
    "ActionTypeError",
    "BalatroError",
    "ContentError",
    "HookError",
    "IllegalActionError",
    "PluginError",
    "SaveError",
    "ScenarioError",
    "ScheduleError",
    "UnknownNameError",
    "close_matches",
]


class BalatroError(Exception):
    """Base class of every error raised on purpose by balatro_ecs."""


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
        super().__init__(f"{place}unknown {kind} {value!r}{self.hint}")

    def at(self, where: str) -> UnknownNameError:
        """The same error, located (``played[2].rank``)."""
        err = UnknownNameError.__new__(UnknownNameError)
        err.kind, err.value, err.suggestions, err.hint = (
            self.kind,
            self.value,
            self.suggestions,
            self.hint,
        )
        Exception.__init__(err, f"{where}: unknown {self.kind} {self.value!r}{self.hint}")
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
