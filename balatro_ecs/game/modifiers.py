"""Card modifiers -- enhancements, editions and seals -- compiled into per-kind tables.

Each modifier is content declared by a plugin
(:class:`~balatro_ecs.kernel.content.EnhancementType`,
:class:`~balatro_ecs.kernel.content.EditionType`,
:class:`~balatro_ecs.kernel.content.SealType`) whose
hooks (``enhancement_*``, ``edition_*``, ``seal_*``) say what it does. The scoring and
round code does not call them through pluggy: :func:`card_modifiers` reads them once per
plugin set into tuples indexed by the kind's value (the card component holds it), so a
card costs one index per table, and a plain card (kind 0) none at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ..kernel import enums
from ..kernel.content import ContentType, EditionType, EnhancementType, SealType
from ..kernel.enums import Edition, Enhancement, Seal

if TYPE_CHECKING:
    from ..kernel.manager import Plugins

__all__ = ["CardModifiers", "card_modifiers"]

Hook = Callable[..., Any]
_K = TypeVar("_K", bound=ContentType)

#: What an enhancement kind does when its card scores, as one tuple:
#: ``(declared chips, no rank, enhancement_scored or None)``.
EnhancementEntry = tuple[int, bool, Hook | None]
_PLAIN: EnhancementEntry = (0, False, None)
_CACHE_KEY = "card_modifiers"


class CardModifiers:
    """Per-kind tables of one plugin set (index: the kind's value; ``None``: no hook).

    A kind that no plugin of the set declares (its pack was blocked) does nothing.

    :ivar enhancement: per enhancement, ``(chips, no_rank, enhancement_scored)``.
    :ivar enhancement_held: ``enhancement_held`` per enhancement.
    :ivar held_kinds: the enhancements that have a held effect (to skip held cards fast).
    :ivar enhancement_destroy: ``enhancement_destroy`` per enhancement.
    :ivar destroy_kinds: the enhancements that may break after scoring.
    :ivar enhancement_end_of_round: ``enhancement_end_of_round`` per enhancement.
    :ivar edition_scored: ``edition_scored`` per edition.
    :ivar seal_scored: ``seal_scored`` per seal.
    :ivar seal_retriggers: declared retriggers per seal (Red: 1).
    :ivar seal_discard: ``seal_discard`` per seal.
    :ivar seal_end_of_round: ``seal_end_of_round`` per seal.
    """

    __slots__ = (
        "destroy_kinds",
        "edition_scored",
        "enhancement",
        "enhancement_destroy",
        "enhancement_end_of_round",
        "enhancement_held",
        "held_kinds",
        "seal_discard",
        "seal_end_of_round",
        "seal_retriggers",
        "seal_scored",
        "version",
    )

    def __init__(self, plugins: Plugins) -> None:
        self.version = enums.KINDS_ADDED[0]
        enhancements = self._declared(plugins, EnhancementType, len(Enhancement))
        scored = self._hooks(plugins, "enhancement_scored", enhancements)
        self.enhancement: tuple[EnhancementEntry, ...] = tuple(
            _PLAIN if item is None else (item.chips, item.no_rank, hook)
            for item, hook in zip(enhancements, scored, strict=True)
        )
        self.enhancement_held = self._hooks(plugins, "enhancement_held", enhancements)
        self.held_kinds = tuple(i for i, fn in enumerate(self.enhancement_held) if fn)
        self.enhancement_destroy = self._hooks(plugins, "enhancement_destroy", enhancements)
        self.destroy_kinds = tuple(i for i, fn in enumerate(self.enhancement_destroy) if fn)
        self.enhancement_end_of_round = self._hooks(
            plugins, "enhancement_end_of_round", enhancements
        )
        editions = self._declared(plugins, EditionType, len(Edition))
        self.edition_scored = self._hooks(plugins, "edition_scored", editions)
        seals = self._declared(plugins, SealType, len(Seal))
        self.seal_scored = self._hooks(plugins, "seal_scored", seals)
        self.seal_retriggers: tuple[int, ...] = tuple(
            0 if item is None else item.retriggers for item in seals
        )
        self.seal_discard = self._hooks(plugins, "seal_discard", seals)
        self.seal_end_of_round = self._hooks(plugins, "seal_end_of_round", seals)

    @staticmethod
    def _declared(plugins: Plugins, family: type[_K], size: int) -> list[_K | None]:
        found: list[_K | None] = [None] * size
        for item in plugins.all(family):
            kind: int = getattr(item, "kind")  # noqa: B009 (each family's own enum)
            found[kind] = item
        return found

    @staticmethod
    def _hooks(plugins: Plugins, hook: str, declared: list[Any]) -> tuple[Hook | None, ...]:
        table = plugins.table(hook)
        return tuple(None if item is None else table.get(item.key) for item in declared)


def card_modifiers(plugins: Plugins) -> CardModifiers:
    """The per-kind tables of ``plugins``, compiled once (again when the plugin set
    changes, or a plugin declares a new kind)."""
    found: CardModifiers | None = plugins.cache.get(_CACHE_KEY)
    if found is None or found.version != enums.KINDS_ADDED[0]:
        found = plugins.cache[_CACHE_KEY] = CardModifiers(plugins)
    return found
