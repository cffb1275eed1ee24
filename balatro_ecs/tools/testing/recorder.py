"""A recorder of hook calls: which hooks ran, for which content, with what, in what order.

Content hooks (``joker_main``, ``consumable_use``, ...) are called straight from the
plugin set's compiled tables, not through pluggy, so the recorder wraps each table entry
while it is active (and the games on the set recompile their call plans, as they do
whenever the set changes); broadcast hooks (``balatro_*``) are watched through pluggy's
own call monitoring.

>>> from balatro_ecs import Plugins, score
>>> plugins = Plugins(entry_points=False)
>>> with HookRecorder(plugins) as calls:
...     ace = {"rank": "A", "suit": "S"}
...     _ = score({"played": [ace, ace], "jokers": ["Joker"]}, plugins=plugins)
>>> [(c.hook, c.key) for c in calls.of("joker_main")]
[('joker_main', 'j_joker')]
>>> calls.of("joker_main")[0].result
Effect(mult=4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from types import TracebackType

    from ...kernel.manager import Plugins

__all__ = ["HookCall", "HookRecorder"]


@dataclass(frozen=True)
class HookCall:
    """One call of a hook: its name, the content key (``None`` for a broadcast hook),
    the arguments it was given (a content hook's positional ones, a broadcast hook's by
    name) and what it returned (``None`` while a broadcast hook has not returned)."""

    hook: str
    key: str | None
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    result: Any

    @property
    def copied_by(self) -> str | None:
        """The key of the joker that copied this call (Blueprint, Brainstorm), if any."""
        for arg in self.args:
            copier = getattr(arg, "copied_by", None)
            if copier is not None:
                return str(copier.type.key)
        return None


class HookRecorder:
    """Record every hook call on a plugin set while active (a context manager, or
    :meth:`start` and :meth:`stop`). It is the list of :class:`HookCall` it made."""

    def __init__(self, plugins: Plugins, *, broadcasts: bool = True) -> None:
        self.plugins = plugins
        self.calls: list[HookCall] = []
        self._broadcasts = broadcasts
        self._saved: dict[str, dict[str, Callable[..., Any]]] | None = None
        self._undo_monitor: Callable[[], None] | None = None

    # -- on and off ------------------------------------------------------------------------
    def start(self) -> HookRecorder:
        if self._saved is not None:
            return self
        tables = self.plugins._tables
        self._saved = {hook: dict(table) for hook, table in tables.items()}
        for hook, table in tables.items():
            for key, fn in table.items():
                table[key] = self._wrap(hook, key, fn)
        self._changed()
        if self._broadcasts:
            self._undo_monitor = self.plugins.pm.add_hookcall_monitoring(self._before, self._after)
        return self

    def stop(self) -> None:
        if self._saved is None:
            return
        tables = self.plugins._tables
        for hook, table in self._saved.items():
            tables[hook].clear()
            tables[hook].update(table)
        self._saved = None
        self._changed()
        if self._undo_monitor is not None:
            self._undo_monitor()
            self._undo_monitor = None

    def __enter__(self) -> HookRecorder:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _changed(self) -> None:
        """The set's tables changed: derived data and the games' call plans are rebuilt."""
        self.plugins.cache.clear()
        self.plugins.version += 1

    # -- recording -----------------------------------------------------------------------
    def _wrap(self, hook: str, key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        calls = self.calls

        def recorded(*args: Any) -> Any:
            result = fn(*args)
            calls.append(HookCall(hook, key, args, {}, result))
            return result

        return recorded

    def _before(self, hook_name: str, impls: Any, kwargs: Mapping[str, Any]) -> None:
        pass

    def _after(self, outcome: Any, hook_name: str, impls: Any, kwargs: Mapping[str, Any]) -> None:
        if not impls:
            return
        try:
            result = outcome.get_result()
        except BaseException:  # the hook raised: recorded with no result, and it goes on
            result = None
        self.calls.append(HookCall(hook_name, None, (), dict(kwargs), result))

    # -- reading -------------------------------------------------------------------------
    def of(self, hook: str | None = None, key: str | None = None) -> list[HookCall]:
        """The calls of ``hook`` (any hook if ``None``) for ``key`` (any content if
        ``None``), in the order they were made."""
        return [
            c
            for c in self.calls
            if (hook is None or c.hook == hook) and (key is None or c.key == key)
        ]

    def hooks(self, key: str | None = None) -> list[str]:
        """The hooks called (for ``key``), in the order first called."""
        return list(dict.fromkeys(c.hook for c in self.of(key=key)))

    def clear(self) -> None:
        self.calls.clear()

    def __iter__(self) -> Iterator[HookCall]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)
