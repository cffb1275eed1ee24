"""Naming a fault: which plugin, hook and content key an exception came from.

The engine calls hook implementations straight from its compiled tables (see
:mod:`balatro_ecs.game.dispatch`), with no wrapper around each call -- a wrapper would cost on
every call of the scoring path. Instead, when an action fails, :func:`name_fault` reads
the exception's traceback once:

* the innermost frame that runs a registered hook implementation names the plugin, the
  hook and the content key; if that call was a copy (its ``joker`` argument is a
  :class:`CopiedCall`, as the game's :class:`~balatro_ecs.game.jokers.CopiedJoker` is),
  the copying joker is named too;
* otherwise, the innermost engine frame that was applying an effect -- it holds the
  ``effect`` and the ``source`` that gave it, or validated a value a ``source`` asked
  for (:func:`check_dollars`, :func:`check_retriggers`) -- names the content of that
  source: the plugin returned something the engine cannot apply.

Anything else is the engine's own fault and is left as it is.
"""

from __future__ import annotations

from types import CodeType, FrameType, TracebackType
from typing import TYPE_CHECKING, Any, NoReturn

from .effects import Effect
from .errors import BalatroError, HookError, HookTimeout, show
from .quantities import MAX_INT

if TYPE_CHECKING:
    from .manager import Plugins

__all__ = [
    "MAX_RETRIGGERS",
    "CopiedCall",
    "bad_answer",
    "bool_votes",
    "calling_hook",
    "check_count",
    "check_dollars",
    "check_effect",
    "check_events",
    "check_retriggers",
    "check_whole",
    "hook_origins",
    "name_fault",
]

#: The most evaluations one hook may add to one card (a retrigger count past it is a
#: plugin's mistake, not a rule: vanilla gives at most a few).
MAX_RETRIGGERS = 1_000

#: Where a hook implementation's code was registered: its plugin and hook, and its
#: content key (``None`` for a broadcast hook of a plugin that declares no content).
_Origin = tuple[str, str, "str | None"]


def _index(plugins: Plugins) -> dict[int, _Origin]:
    """Code object's id -> origin, for every hook implementation of the set (kept per
    set; the plugins hold the functions, so the ids stay theirs)."""
    found: dict[int, _Origin] | None = plugins.cache.get("fault index")
    if found is not None:
        return found
    owner_key = {id(owner): key for key, owner in getattr(plugins, "_owner", {}).items()}
    found = {}
    for hook_name, caller in vars(plugins.pm.hook).items():
        get_impls = getattr(caller, "get_hookimpls", None)
        if get_impls is None:
            continue
        for impl in get_impls():
            code = getattr(impl.function, "__code__", None)
            if isinstance(code, CodeType):
                found.setdefault(
                    id(code), (impl.plugin_name, hook_name, owner_key.get(id(impl.plugin)))
                )
    plugins.cache["fault index"] = found
    return found


def hook_origins(plugins: Plugins) -> dict[int, tuple[str, str, str | None]]:
    """Every hook implementation of the set by its code object's id: ``(plugin, hook,
    content key)`` (the key ``None`` for a broadcast hook of a plugin that declares no
    content). Made once per plugin set."""
    return _index(plugins)


def calling_hook(plugins: Plugins, frame: FrameType | None) -> tuple[str, str, str | None] | None:
    """The hook implementation nearest ``frame`` on the call stack (``frame`` itself or
    a caller of it), as :func:`hook_origins` names it; ``None`` if no hook is running."""
    index = _index(plugins)
    while frame is not None:
        origin = index.get(id(frame.f_code))
        if origin is not None:
            return origin
        frame = frame.f_back
    return None


def _frames(tb: TracebackType | None) -> list[FrameType]:
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def _key_of(item: object) -> str | None:
    content = getattr(item, "type", None)
    key = getattr(content, "key", None)
    return key if isinstance(key, str) else None


class CopiedCall:
    """What a copied hook call receives instead of the content it copies (Blueprint's view
    of the joker to its right): :attr:`copied_by` names the copier, so a fault raised in
    the copied call names it too."""

    __slots__ = ()

    #: The content whose effect copied the call.
    copied_by: Any


def _copier(frame: FrameType) -> str | None:
    for value in frame.f_locals.values():
        if isinstance(value, CopiedCall):
            return _key_of(value.copied_by)
    return None


def _plugin_of(plugins: Plugins, key: str) -> str:
    owner = getattr(plugins, "_owner", {}).get(key)
    if owner is not None:
        name = plugins.pm.get_name(owner)
        if name:
            return name
    return plugins.owners().get(key, "?")


def _describe(err: BaseException) -> str:
    """The exception as ``Type: message``, the message cut short (a hostile plugin's
    message is not echoed at any length)."""
    text = _short(str(err))
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def name_fault(plugins: Plugins, err: BaseException) -> HookError | None:
    """A :class:`~balatro_ecs.kernel.errors.HookError` naming where ``err`` came from, or
    ``None`` when no plugin is to blame (an engine error, an interrupt, an error that
    already names its source)."""
    if not isinstance(err, (Exception, HookTimeout)) or isinstance(err, BalatroError):
        return None
    frames = _frames(err.__traceback__)
    index = _index(plugins)
    # The innermost frame that names a culprit decides: a hook implementation running
    # (its plugin raised), or the engine applying what a source gave (that source's
    # plugin gave it). A joker's bad return while a blind's hook discards cards (The Hook)
    # is the joker's, not the blind's.
    for frame in reversed(frames):
        origin = index.get(id(frame.f_code))
        if origin is not None:
            plugin, hook, key = origin
            copier = _copier(frame)
            what = f"{hook} of {key}" if key else hook
            via = f" (copied by {copier})" if copier else ""
            return HookError(
                f"plugin {plugin}: {what}{via} raised {_describe(err)}",
                plugin=plugin,
                hook=hook,
                key=key,
                copier=copier,
            )
        local = frame.f_locals
        source = local.get("source")
        key = _key_of(source)
        if key is None or not ("effect" in local or frame.f_code in _CHECKS):
            continue
        copier = _key_of(getattr(source, "copied_by", None))
        plugin = _plugin_of(plugins, key)
        effect = local.get("effect")
        if "effect" in local and effect is not None and not isinstance(effect, Effect):
            return HookError(
                f"plugin {plugin}: {key} returned {show(effect)}, not an Effect: return an "
                "Effect (balatro_ecs.plugin.Effect, such as Effect(mult=4)) or None",
                plugin=plugin,
                key=key,
                copier=copier,
            )
        shown = f" {show(effect)}" if isinstance(effect, tuple) or effect is not None else ""
        return HookError(
            f"plugin {plugin}: {key} gave an effect the engine cannot apply{shown}: "
            f"{_describe(err)}",
            plugin=plugin,
            key=key,
            copier=copier,
        )
    return None


# -- the checks at the engine's boundary --------------------------------------------------


def check_whole(name: str, value: object, source: object = None) -> int:
    """``value`` if it is a whole number (not a bool), else raise a ``TypeError`` naming
    ``name``; :func:`name_fault` names ``source``'s plugin."""
    if type(value) is not int:
        raise TypeError(f"{name}: expected a whole number, got {show(value)}")
    return value


def check_count(name: str, value: object, source: object = None) -> int:
    """``value`` if it is a whole number >= 0 (a count of cards), else raise naming
    ``name``; :func:`name_fault` names ``source``'s plugin."""
    if type(value) is not int or value < 0:
        raise ValueError(f"{name}: expected a whole number >= 0, got {value!r}")
    return value


def check_dollars(dollars: object, source: object = None) -> int:
    """``dollars`` if it is a whole number of dollars within ``10**15`` either way, else
    raise (naming ``source`` through :func:`name_fault`). Money is whole in the game:
    ``1.5`` or ``nan`` dollars would corrupt every later price and interest payment, and
    past ``10**15`` a double no longer holds every whole number
    (:mod:`~balatro_ecs.kernel.quantities`)."""
    check_whole("dollars", dollars, source)
    assert isinstance(dollars, int)
    if not -MAX_INT <= dollars <= MAX_INT:
        raise ValueError(f"dollars: expected at most {MAX_INT} either way, got {show(dollars)}")
    return dollars


def check_retriggers(times: object, source: object = None) -> int:
    """``times`` if it is a retrigger count the engine can apply (a whole number from 0
    to :data:`MAX_RETRIGGERS`), else raise."""
    if type(times) is not int or not 0 <= times <= MAX_RETRIGGERS:
        raise ValueError(
            f"retriggers: expected a whole number from 0 to {MAX_RETRIGGERS}, got {show(times)}"
        )
    return times


_NUMBER_PARTS = ("chips", "mult", "x_mult")


def check_effect(effect: object, source: object = None) -> None:
    """Raise if ``effect`` is not an :class:`~balatro_ecs.kernel.effects.Effect` the engine can
    apply: numbers real and not NaN (infinite is allowed: the game plays on past the
    double range), dollars and levels whole, the message text, ``destroy`` true or false."""
    if type(effect) is not Effect:
        raise TypeError(f"expected an Effect or None (return an Effect), got {show(effect)}")
    assert isinstance(effect, Effect)
    for name in _NUMBER_PARTS:
        value = getattr(effect, name)
        if value is None:
            continue
        if type(value) not in (int, float):
            raise TypeError(f"{name}: expected a number, got {show(value)}")
        if value != value:  # NaN (a huge whole number is fine: it counts as inf)
            raise ValueError(f"{name}: expected a number, got nan")
    if effect.dollars is not None:
        check_dollars(effect.dollars, source)
    if effect.level_up is not None:
        check_whole("level_up", effect.level_up, source)
    if effect.hands is not None:
        check_whole("hands", effect.hands, source)
    if effect.discards is not None:
        check_whole("discards", effect.discards, source)
    if effect.message is not None and not isinstance(effect.message, str):
        raise TypeError(f"message: expected text, got {show(effect.message)}")
    if effect.destroy is not None and type(effect.destroy) is not bool:
        raise TypeError(f"destroy: expected true or false, got {show(effect.destroy)}")


def check_events(events: list[Any]) -> None:
    """Check every effect value a scored hand applied (its breakdown events), naming the
    first bad one's source: the scoring path applies effects unchecked, and this runs
    only when the hand's totals show that something was wrong (a NaN, money not whole)."""
    for event in events:
        source, kind, value = event[1], event[2], event[3]
        if kind == "dollars":
            check_dollars(value, source)
        elif kind in _NUMBER_PARTS and (type(value) not in (int, float) or value != value):
            _bad_number(kind, value, source)


def _bad_number(kind: str, value: object, source: object) -> None:
    raise ValueError(f"{kind}: expected a number, got {show(value)}")


def bad_answer(hook: str, value: object, expected: str, source: object = None) -> NoReturn:
    """Raise a ``TypeError``: ``hook`` gave ``value`` where the engine takes ``expected``;
    :func:`name_fault` names ``source``'s plugin."""
    raise TypeError(f"{hook}: expected {expected}, got {show(value)}")


def bool_votes(hook: str, plans: Any, first: object, target: object) -> tuple[bool, bool]:
    """Ask each planned ``(fn, view, source)`` of a yes/no/abstain hook about ``target``
    (``fn(first, view, target)``): whether any said ``True`` and whether any said
    ``False``. Any answer but ``True``, ``False`` or ``None`` is :func:`bad_answer`."""
    yes = no = False
    for fn, view, source in plans:
        said = fn(first, view, target)
        if said is None:
            continue
        if type(said) is not bool:
            bad_answer(hook, said, "True, False or None", source)
        if said:
            yes = True
        else:
            no = True
    return yes, no


_CHECKS = frozenset(
    fn.__code__
    for fn in (
        check_whole,
        check_count,
        check_dollars,
        check_retriggers,
        check_effect,
        _bad_number,
        bad_answer,
    )
)
