"""Guards around the hooks of a running action: a time budget and re-entrancy.

A hook that never returns (``while True``, or appending to the row it is iterating) would
hang the game, or fill memory. Wrapping every hook call in a check would cost on every
call of the scoring path; instead a *watchdog* thread, one per process, looks at the
games in play every so often. An action marks its game busy (its thread) and counts a
tick -- an attribute write or two, nothing else. When the watchdog sees the same game
busy at the same tick for longer than the game's budget, it raises :class:`HookTimeout`
in that thread (``PyThreadState_SetAsyncExc``): the exception surfaces in the running
hook at its next bytecode, the action is rolled back as any failed action is, and the
error names the plugin, hook and content key (:func:`~balatro_ecs.faults.name_fault`).

The budget is per game (``Game(budget=seconds)``; ``None`` for none), by default
:data:`DEFAULT_BUDGET` seconds (``BALATRO_ECS_BUDGET`` in the environment changes it):
far above any real action, so only a runaway hook reaches it. A hook stuck inside a C
call (a blocking read) is stopped when the call returns to Python.

Re-entrancy: a hook that calls ``game.apply`` while an action runs is refused at once,
naming the hook (:func:`reentered`), before anything changes.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
import time
import weakref
from typing import TYPE_CHECKING

from .errors import HookError, HookTimeout

if TYPE_CHECKING:
    from ..game.game import Game
    from .manager import Plugins

__all__ = ["DEFAULT_BUDGET", "HookTimeout", "reentered", "watch"]


def _default_budget() -> float | None:
    text = os.environ.get("BALATRO_ECS_BUDGET", "").strip().lower()
    if text in ("", "default"):
        return 10.0
    if text in ("none", "off", "0"):
        return None
    try:
        value = float(text)
    except ValueError:
        return 10.0
    return value if value > 0 else None


#: Seconds one action may run before its running hook is stopped (``None``: no limit).
DEFAULT_BUDGET: float | None = _default_budget()


class _Watchdog:
    """The process's watchdog: the games it watches, and its thread (started with the
    first game watched, again in a child process after a fork)."""

    def __init__(self) -> None:
        self.games: weakref.WeakSet[Game] = weakref.WeakSet()
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        #: Per game: (tick, thread, monotonic time it was first seen busy at that tick).
        self.seen: weakref.WeakKeyDictionary[Game, tuple[int, int, float]] = (
            weakref.WeakKeyDictionary()
        )

    def add(self, game: Game) -> None:
        with self.lock:
            self.games.add(game)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(
                    target=self.loop, name="balatro_ecs watchdog", daemon=True
                )
                self.thread.start()

    def loop(self) -> None:
        while True:
            budgets = [b for g in list(self.games) if (b := _guard_state(g)[2]) is not None]
            interval = min([0.5, *(b / 4 for b in budgets)]) if budgets else 0.5
            time.sleep(max(interval, 0.01))
            self.sweep(time.monotonic())

    def sweep(self, now: float) -> None:
        with self.lock:
            games = list(self.games)
        for game in games:
            thread, tick, budget = _guard_state(game)
            if not thread or budget is None:
                self.seen.pop(game, None)
                continue
            last = self.seen.get(game)
            if last is None or last[0] != tick or last[1] != thread:
                self.seen[game] = (tick, thread, now)
            elif now - last[2] >= budget:
                self.seen[game] = (tick, thread, now)  # again after another budget
                _interrupt(thread)


def _guard_state(game: Game) -> tuple[int, int, float | None]:
    """A game's busy thread, action tick and budget, read from the watchdog's thread; a
    game caught without them (being set up or copied into) counts as idle this sweep:
    the watchdog must never die of one game."""
    try:
        return game._busy, game._tick, game.budget
    except AttributeError:
        return 0, 0, None


_WATCHDOG = _Watchdog()


def _after_fork() -> None:  # the thread is not copied into a child process
    global _WATCHDOG
    _WATCHDOG = _Watchdog()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def _interrupt(thread: int) -> None:
    set_async = getattr(getattr(ctypes, "pythonapi", None), "PyThreadState_SetAsyncExc", None)
    if set_async is not None:  # (CPython)
        set_async(ctypes.c_ulong(thread), ctypes.py_object(HookTimeout))


def watch(game: Game) -> None:
    """Let the watchdog watch ``game`` (done by its first action)."""
    game._watched = True
    if game.budget is not None:
        _WATCHDOG.add(game)


def reentered(plugins: Plugins, what: str) -> HookError:
    """The error for ``what`` (``apply(Play((0, 1)))``) called while an action of the
    same game runs: naming the hook that called it."""
    from .faults import calling_hook

    origin = calling_hook(plugins, sys._getframe(2))
    if origin is None:
        return HookError(f"{what} while an action of this game is running (one action at a time)")
    plugin, hook, key = origin
    return HookError(
        f"plugin {plugin}: {hook} of {key} called game.{what} from inside a hook; a hook "
        "acts through its effects and the game's methods, not through actions",
        plugin=plugin,
        hook=hook,
        key=key,
    )
