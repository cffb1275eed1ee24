"""Scored scenarios kept for the next time: validated content and the games built for it.

:func:`~balatro_ecs.game.scenario.score` of a dict validates it in full and builds a game
for it every time -- unless the same content was scored before with the same plugin set.
Then this pool has both: the validated :class:`~balatro_ecs.game.scenario.Scenario`,
found by the content itself (:func:`content_key`: exact types and values, so ``1``,
``1.0`` and ``True`` are three contents), and the games built for it, each with the
snapshot taken right after building, put back in place before the next hand is scored. A
restored game is the built one to the bit (restoring is how every action is made
all-or-nothing), so the score, the breakdown and everything the result holds are the same
as from a new build -- only cheaper. With only the game's own content in play, only what
its scoring writes is put back (:func:`~balatro_ecs.game.copying.restore_scored`: the
run's money, last hand, hands and discards left, its poker hands' rows, and the jokers'
counters if they changed, with the world's tables, the rows and the cards' places);
with a pack's content in play, or a hand that changed the row of jokers or consumables,
the whole snapshot (:meth:`Game.restore <balatro_ecs.game.Game.restore>`).

Content never seen goes through the full validation of
:meth:`Scenario.from_dict <balatro_ecs.game.scenario.Scenario.from_dict>`; nothing is
cached for input that fails it, or that is not plain data (:func:`content_key`: values of
the built-in types, exactly: dicts, lists, strings, numbers, booleans, ``None``, ...).

A game goes back to the pool only while nothing outside it holds anything of it: a
result's cards and events are live handles (as from a new build, whose game is simply
dropped), so restoring that game would change what a caller still reads. The pool
counts references (CPython's :func:`sys.getrefcount`) to the game, its handles and the
result's lists when the hand is scored, and reuses the game only when, at the next call,
every count is back where it would be with the result gone; otherwise it builds anew.
Elsewhere than CPython with its global lock, it always builds anew.
"""

from __future__ import annotations

import marshal
import sys
import threading
from collections.abc import Callable, Hashable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, cast

from . import copying

if TYPE_CHECKING:
    from ..kernel.manager import Plugins
    from .game import Game
    from .scenario import Scenario
    from .scoring.result import ScoreResult

__all__ = ["ENABLED", "content_key", "pool"]

#: Contents kept per plugin set (the oldest is dropped first).
MAX_CONTENTS = 512
#: Games kept per content (two: a loop holds the previous result while it scores again).
MAX_GAMES = 2
#: Games kept per plugin set in all (a game is kept from the second time its content comes).
MAX_PARKED = 64
#: The biggest content kept, written (a bigger scenario is built each time).
MAX_BYTES = 200_000

_gil = getattr(sys, "_is_gil_enabled", None)
#: Whether games are kept (CPython with its global interpreter lock).
ENABLED = sys.implementation.name == "cpython" and (_gil is None or bool(_gil()))

#: Event parts that are values, not handles (shared, immutable: never watched).
_VALUES = (type(None), str, int, float, Enum, tuple)
#: Whether an event part of each type met is a value (:data:`_VALUES`), worked out once.
_IS_VALUE: dict[type, bool] = {type(None): True}


def content_key(value: object) -> Hashable | None:
    """A hashable key equal for equal contents of equal exact types (``None``: not plain
    data, or too big): the content as :mod:`marshal` writes it (version 2, no shared
    references), which takes only the built-in value types, exactly (``1``, ``1.0`` and
    ``True`` apart, ``-0.0`` and ``0.0`` apart, no subclass), in order (another key order
    is another key: a miss, never a wrong hit). Written and read back in C: :mod:`marshal`
    also writes any object with a buffer as the bytes it holds: content that does not read
    back equal to itself (a NumPy string, a ``str`` to validation, is not equal to its
    bytes) is not kept; bytes-like values equal to their bytes share their key."""
    data = _written(value)
    if data is None or marshal.loads(data) != value:
        return None
    return data


def _written(value: object) -> bytes | None:
    """``value`` as :mod:`marshal` writes it (``None``: it cannot, or too big): the key of
    :func:`content_key` before it is read back."""
    try:
        data = marshal.dumps(cast(Any, value), 2)  # (what it cannot write, it refuses)
    except (ValueError, RecursionError):  # another type, or nested too deeply
        return None
    return data if len(data) <= MAX_BYTES else None


class _Built:
    """A game built for a scenario, its snapshot, and the reference counts that say
    nothing outside holds it (see the module docstring)."""

    __slots__ = ("counts", "game", "scored", "snapshot", "watched")

    def __init__(self, game: Game) -> None:
        self.game = game
        game.plans.scoring()  # compiled before the snapshot: kept by it, not made again
        self.snapshot = game.snapshot()
        self.scored = copying.ScoredState(game)
        self.watched: list[Any] = []
        self.counts: list[int] = []

    def restore(self) -> None:
        """Put the game back as built (only what scoring wrote, when that is known:
        :func:`~balatro_ecs.game.copying.restore_scored`)."""
        copying.restore_scored(self.game, self.snapshot, self.scored)

    def park(self, result: ScoreResult) -> None:
        """Count the references now, as they will be once ``result`` is gone."""
        self.watched = watched = self._watch(self.game, result)
        lists = sum(1 for c in (result.scoring, result.destroyed, result.events) if c)
        counts = list(map(sys.getrefcount, watched))  # (as :meth:`free` counts them)
        del watched
        for i in range(len(counts) - lists, len(counts)):
            counts[i] -= 1  # the result's reference, gone with it
        self.counts = counts

    @staticmethod
    def _watch(game: Game, result: ScoreResult) -> list[Any]:
        """The game, its handles, and what the result holds: its cards, its events with
        their sources and targets, and (last) its lists."""
        watched: list[Any] = [game, game.run, game.rng, game.deck]
        if game.blind is not None:
            watched.append(game.blind)
        watched += game.jokers
        watched += game.consumables
        for row in game._areas.values():
            watched += row
        plans = game._plans
        if plans is not None:
            watched += [view for view in plans.views if view is not None]
        scoring, destroyed, events = result.scoring, result.destroyed, result.events
        watched += scoring
        watched += destroyed
        watched += events
        parts = [part for event in events for part in (event[1], event[4])]
        try:
            watched += [part for part in parts if not _IS_VALUE[type(part)]]
        except KeyError:  # a type not met before: which it is, once
            for part in parts:
                _IS_VALUE.setdefault(type(part), isinstance(part, _VALUES))
            watched += [part for part in parts if not _IS_VALUE[type(part)]]
        watched += [c for c in (scoring, destroyed, events) if c]
        return watched

    def free(self) -> bool:
        """Whether nothing outside holds the game or the last result's lists."""
        return list(map(sys.getrefcount, self.watched)) == self.counts

    def close(self) -> None:
        self.watched = []
        self.game.close()


class _Entry:
    __slots__ = ("content", "games", "scenario", "seen")

    def __init__(self, scenario: Scenario, content: object) -> None:
        self.scenario = scenario
        #: The content read back from its key: what a later content with the same key
        #: must equal to be the same (:func:`content_key`, without reading it back again).
        self.content = content
        self.games: list[_Built] = []
        #: Times scored: the first builds and drops its game (content seen once costs no
        #: snapshot); from the second on, games are kept.
        self.seen = 0


class ScenarioPool:
    """The scenarios scored with one plugin set (:func:`pool`)."""

    def __init__(self) -> None:
        self._entries: dict[bytes, _Entry] = {}
        self._lock = threading.Lock()
        self._parked = 0

    def scenario(self, key: bytes, data: object, make: Callable[[], Scenario]) -> _Entry | None:
        """The entry of ``data``, whose key is ``key`` (:func:`_written`), validating with
        ``make`` when it is new; ``None`` when ``data`` is not what its key reads back as
        (:func:`content_key`)."""
        entry = self._entries.get(key)
        if entry is not None:
            return entry if entry.content == data else None
        content = marshal.loads(key)
        if content != data:
            return None
        entry = _Entry(make(), content)  # a ScenarioError leaves nothing behind
        with self._lock:
            if len(self._entries) >= MAX_CONTENTS:
                dropped = self._entries.pop(next(iter(self._entries)))
                self._parked -= len(dropped.games)
            self._entries[key] = entry
        return entry

    def score(
        self,
        entry: _Entry,
        build: Callable[[], Game],
        score_on: Callable[[Game], ScoreResult],
    ) -> ScoreResult:
        """Score ``entry``'s hand on a kept game (restored) or a new one (``build``)."""
        entry.seen += 1
        if not ENABLED or entry.seen == 1:
            game = build()
            try:
                return score_on(game)
            finally:
                game.close()
        built = None
        games = entry.games
        while games:
            try:
                candidate = games.pop()
            except IndexError:  # another thread took the last one
                break
            self._parked -= 1
            if candidate.free():
                built = candidate
                built.restore()
                break
            candidate.close()  # held outside: let it go as a new build's game would go
        if built is None:
            if len(games) >= MAX_GAMES or self._parked >= MAX_PARKED:  # no room to keep it:
                game = build()  # no snapshot taken, as for content seen once
                try:
                    return score_on(game)
                finally:
                    game.close()
            built = _Built(build())
        try:
            result = score_on(built.game)
        except BaseException:
            built.close()
            raise
        if len(games) < MAX_GAMES and self._parked < MAX_PARKED:
            built.park(result)
            games.append(built)
            self._parked += 1
        else:
            built.close()
        return result


def pool(plugins: Plugins) -> ScenarioPool:
    """The pool of ``plugins`` (in its cache: a changed plugin set starts an empty one)."""
    found: ScenarioPool | None = plugins.cache.get("scenario pool")
    if found is None:
        found = plugins.cache["scenario pool"] = ScenarioPool()
    return found


def score_content(
    data: Mapping[str, Any],
    plugins: Plugins,
    make: Callable[[], Scenario],
) -> ScoreResult | None:
    """Score ``data`` through the pool; ``None`` when it cannot be kept (not plain data)."""
    key = _written(data)
    if key is None:
        return None
    the_pool = pool(plugins)
    entry = the_pool.scenario(key, data, make)
    if entry is None:
        return None
    scenario = entry.scenario
    return the_pool.score(entry, lambda: scenario._build(fillers=False), scenario._score_built)
