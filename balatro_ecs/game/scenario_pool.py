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

A kept game's result hands out its cards and events (live handles) only when they are
first read (:class:`KeptResult`): until then nothing outside holds anything of the game,
and the next call restores it at once. A result read while its game is still as it left
it takes those handles from the game, and the game is then reused only while nothing
outside holds anything of it: the pool counts references (CPython's
:func:`sys.getrefcount`) to the game, its handles and the result's lists when they are
handed out, and reuses the game only when, at the next call, every count is back where
it would be with the result gone; otherwise it builds anew. A result read after its game
was restored for another call gets them from a new build of its content, scored again:
the same cards and events, as a result of a new build holds (a game's scoring is a
function of its content). Elsewhere than CPython with its global lock, it always builds
anew.
"""

from __future__ import annotations

import marshal
import sys
import threading
from collections.abc import Callable, Hashable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, cast

from ..kernel.components import Area
from . import copying
from .scoring.result import ScoreResult

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..kernel.manager import Plugins
    from .game import Game
    from .scenario import Scenario

__all__ = ["ENABLED", "KeptResult", "content_key", "pool"]

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

    __slots__ = ("counts", "game", "refs", "scored", "snapshot", "uses", "watched")

    def __init__(self, game: Game) -> None:
        self.game = game
        game.plans.scoring()  # compiled before the snapshot: kept by it, not made again
        for card in game.area(Area.PLAY):  # as scoring finds them first: kept by it too
            card.detect_key()
        self.snapshot = game.snapshot()
        self.scored = copying.ScoredState(game, self.snapshot)
        #: What :meth:`free` looks at: empty while no result has handed out its handles
        #: (then the game alone is watched: :attr:`refs`).
        self.watched: list[Any] = []
        self.counts: list[int] = []
        #: The references to the game when its hand was scored (its result holding none
        #: of its handles until they are read: :class:`KeptResult`).
        self.refs = 0
        #: Times taken to score: a result whose game was taken since cannot hand out the
        #: game's handles (:class:`KeptResult`).
        self.uses = 0

    def restore(self) -> None:
        """Put the game back as built (only what scoring wrote, when that is known:
        :func:`~balatro_ecs.game.copying.restore_scored`)."""
        copying.restore_scored(self.game, self.snapshot, self.scored)

    def park(self, result: ScoreResult) -> None:
        """Count the references now, as they will be once ``result`` is gone (``result``
        has just handed out its handles: :class:`KeptResult`)."""
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
        watched = self.watched
        if not watched:
            return sys.getrefcount(self.game) == self.refs
        if list(map(sys.getrefcount, watched)) != self.counts:
            return False
        self.watched = []
        return True

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

    def scenario(
        self, key: bytes, data: Any, plugins: Plugins, make: Callable[[Any, Plugins], Scenario]
    ) -> _Entry | None:
        """The entry of ``data``, whose key is ``key`` (:func:`_written`), validating with
        ``make(data, plugins)`` when it is new; ``None`` when ``data`` is not what its key
        reads back as (:func:`content_key`)."""
        entry = self._entries.get(key)
        if entry is not None:
            return entry if entry.content == data else None
        content = marshal.loads(key)
        if content != data:
            return None
        entry = _Entry(make(data, plugins), content)  # a ScenarioError leaves nothing behind
        with self._lock:
            if len(self._entries) >= MAX_CONTENTS:
                dropped = self._entries.pop(next(iter(self._entries)))
                self._parked -= len(dropped.games)
            self._entries[key] = entry
        return entry

    def score(self, entry: _Entry) -> ScoreResult:
        """Score ``entry``'s hand on a kept game (restored) or a new one."""
        scenario = entry.scenario
        entry.seen += 1
        games = entry.games
        built = None
        if ENABLED and entry.seen > 1:
            while games:
                try:
                    candidate = games.pop()
                except IndexError:  # another thread took the last one
                    break
                self._parked -= 1
                if candidate.free():
                    built = candidate
                    copying.restore_scored(built.game, built.snapshot, built.scored)
                    break
                candidate.close()  # held outside: let it go as a new build's game would go
            if built is None and len(games) < MAX_GAMES and self._parked < MAX_PARKED:
                built = _Built(scenario._build(fillers=False))
        if built is None:  # content seen once, or no room to keep a game: none is kept
            return scenario.score()
        built.uses += 1
        try:
            result = scenario._score_built(built.game)
        except BaseException:
            built.close()
            raise
        if len(games) >= MAX_GAMES or self._parked >= MAX_PARKED:
            built.close()  # (the result holds the game's handles, as a new build's)
            return result
        if built.scored.light:  # the game's own content: nothing else holds its handles
            _EVENTS.__set__(result, _Lease(built, entry, result.events))
            result.__class__ = KeptResult  # (handed out when read)
            built.refs = sys.getrefcount(built.game)  # (watched is empty: see free)
        else:  # a pack's hooks were handed them: watched at once
            built.park(result)
        games.append(built)
        self._parked += 1
        return result


#: The slots of :class:`ScoreResult` that hold the game's handles.
_SCORING = cast(Any, ScoreResult.__dict__["scoring"])
_DESTROYED = cast(Any, ScoreResult.__dict__["destroyed"])
_EVENTS = cast(Any, ScoreResult.__dict__["events"])


_HANDING_OUT = threading.Lock()


class _Lease:
    """What a :class:`KeptResult` holds until its handles are read: the game it was
    scored on and the handles, or a way to score its content again."""

    __slots__ = ("built", "entry", "events", "uses")

    def __init__(self, built: _Built, entry: _Entry, events: Sequence[tuple[Any, ...]]) -> None:
        self.built = built
        self.uses = built.uses
        self.entry = entry
        #: The result's events (its cards stay in its own slots, read through properties).
        self.events = events

    def hand_out(self, result: KeptResult) -> None:
        """Put the handles in ``result``: the game's, if it is still as the hand left it
        (it then watches what ``result`` holds: :meth:`_Built.park`), otherwise those of a
        new build of the content, scored again."""
        with _HANDING_OUT:  # (one thread reads a result's handles first, the others wait)
            if _EVENTS.__get__(result, KeptResult) is self:
                self._hand_out(result)

    def _hand_out(self, result: KeptResult) -> None:
        events = self.events
        self.events = ()
        built, games = self.built, self.entry.games
        try:
            games.remove(built)  # (taken from the pool: no other call can restore it now)
        except ValueError:  # in use by another call, or let go
            taken = True
        else:
            taken = built.uses != self.uses
            if taken:
                games.append(built)
        if taken:  # restored for another call since: the handles of a new build
            again = self.entry.scenario.score()
            _SCORING.__set__(result, again.scoring)
            _DESTROYED.__set__(result, again.destroyed)
            events = again.events
            del again
        _EVENTS.__set__(result, events)
        if not taken:
            del events  # (counted as the result's alone)
            built.park(result)
            games.append(built)


class KeptResult(ScoreResult):
    """The :class:`~balatro_ecs.game.scoring.result.ScoreResult` of a hand scored on a
    kept game (:func:`~balatro_ecs.game.scenario.score` of a dict seen before).

    Its values are there at once; its cards and events -- :attr:`scoring`,
    :attr:`destroyed`, :attr:`events` (and what reads them: :attr:`scoring_cards`,
    :attr:`breakdown`) -- are handed out when first read, so that the game is restored
    for the next call at once while they are not (see the module docstring). Equal to
    the result of a new build in every field; it copies as a plain
    :class:`~balatro_ecs.game.scoring.result.ScoreResult`. Pickled or deep-copied, it
    hands its cards and events out first and is taken off the game like any result
    (:meth:`~balatro_ecs.game.scoring.result.ScoreResult.detached`): the copy holds
    nothing of the kept game, which is free again once this result is gone.
    """

    __slots__ = ()

    def _handles(self) -> None:
        """Hand the cards and events out now, if not yet done."""
        try:
            lease = _EVENTS.__get__(self, KeptResult)
        except AttributeError:  # (being made: by the dataclass's own __init__)
            return
        if type(lease) is _Lease:
            lease.hand_out(self)

    @property
    def scoring(self) -> Sequence[Any]:
        """The cards that scored, as live handles."""
        self._handles()
        value: Sequence[Any] = _SCORING.__get__(self, KeptResult)
        return value

    @scoring.setter
    def scoring(self, value: Sequence[Any]) -> None:
        self._handles()
        _SCORING.__set__(self, value)

    @property
    def destroyed(self) -> Sequence[Any]:
        """The cards the hand destroyed, as live handles."""
        self._handles()
        value: Sequence[Any] = _DESTROYED.__get__(self, KeptResult)
        return value

    @destroyed.setter
    def destroyed(self, value: Sequence[Any]) -> None:
        self._handles()
        _DESTROYED.__set__(self, value)

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """The raw events."""
        self._handles()
        value: Sequence[tuple[Any, ...]] = _EVENTS.__get__(self, KeptResult)
        return value

    @events.setter
    def events(self, value: Sequence[tuple[Any, ...]]) -> None:
        self._handles()
        _EVENTS.__set__(self, value)

    def _copied_as(self) -> type[ScoreResult]:
        return ScoreResult  # (a copy, detached or not, is a plain result)


def pool(plugins: Plugins) -> ScenarioPool:
    """The pool of ``plugins`` (in its cache: a changed plugin set starts an empty one)."""
    found: ScenarioPool | None = plugins.cache.get("scenario pool")
    if found is None:
        found = plugins.cache["scenario pool"] = ScenarioPool()
    return found


def score_content(
    data: Mapping[str, Any],
    plugins: Plugins,
    make: Callable[[Any, Plugins], Scenario],
) -> ScoreResult | None:
    """Score ``data`` through the pool, validating it with ``make(data, plugins)`` if new;
    ``None`` when it cannot be kept (not plain data)."""
    key = _written(data)
    if key is None:
        return None
    found: ScenarioPool | None = plugins.cache.get("scenario pool")
    the_pool = found if found is not None else pool(plugins)
    entry = the_pool.scenario(key, data, plugins, make)
    if entry is None:
        return None
    return the_pool.score(entry)
