"""Saving and loading games as JSON, and cloning them.

A save holds the run record, every playing card, joker, consumable and offer by its
creation serial (never by esper entity id, so a save does not depend on the process that
made it), the order of every row, the random streams' positions, the blind, the action
log, the plugin packages (with versions) whose content the game uses, and every pack the
plugin set had loaded (``packs``: pack id -> version, :attr:`Plugins.packs
<balatro_ecs.kernel.manager.Plugins.packs>`; a loaded pack shapes the game even when none of its
content is in play yet: it is in the shop's and the packs' pools).

Content a plugin adds is saved as vanilla content is: a joker by its key, a card's
enhancement, edition and seal by name (``"glass"``; ``"mypack_silver"`` for the kind
``m_mypack_silver`` declares), looked up when the card is saved or loaded -- a plugin may
declare a kind at any time. The run's poker hands are saved by name (``run.hands``:
``{"Pair": {"level": 2, ...}, "Lucky Sevens": {..., "pack": "lucky7"}}``,
:func:`~balatro_ecs.game.state.hands_by_name`): a save made without a pack that adds a hand
loads with it (the hand at its first level), and a save naming a hand the plugin set
lacks is refused, naming the hand and its pack. Saves that list the hands by position
still load.

Loading checks the whole save first (:mod:`balatro_ecs.game.run.save_check`): the recorded
packs against the loaded ones, every field's type and range, every content key and card
modifier it names (known, and not blocked), the state's invariants (no serial used twice,
a blind while in a round, ...), and the recorded plugin packages against the installed
ones. A pack or package must be there at a compatible version: the same major version,
and a minor version not older than the saved one. Any problem is a
:class:`~balatro_ecs.kernel.errors.SaveError` naming the field and the value (or the pack, the
saved version and the installed one); a save that passes loads into a game that plays on.
Saves written before packs were recorded (no ``packs`` field) load without that check.

A save laid out as :func:`dumps` writes it is read with its rows of playing cards taken
from the text card by card (:func:`_decode`): a card's text but its serial stands for the
same fields wherever it appears, so it is read, checked (once per plugin set) and turned
into components once, however many cards and saves share it; once checked, the four rows'
cards are made in one :func:`~balatro_ecs.game.cards.make_cards` call (the clone's and the
binary save's column builder). What is read is what ``json.loads`` reads, and any other
layout is read by ``json.loads`` alone.

The text is strict JSON (RFC 8259): a number that JSON cannot write -- an infinity or NaN
(a score past the float range, an "always" probability) -- is written as the object
``{"float": "inf"}``, ``{"float": "-inf"}`` or ``{"float": "nan"}``, and read back as that
float. A bare ``Infinity`` or ``NaN`` token, or a key repeated in one object, is not
strict JSON and is refused (:class:`~balatro_ecs.errors.SaveError`); saves that wrote
``"inf"`` in the run record still load.

With orjson installed (``pip install balatro-ecs[fast]``) the text is read by it where
that is what ``json`` reads (:func:`_fast_loads`); the text is written by ``json`` either
way.
"""

from __future__ import annotations

import functools
import json
import math
import weakref
from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from ...kernel import components as C
from ...kernel.content import StickerType
from ...kernel.enums import KINDS_ADDED, Edition, Enhancement, Seal, Suit, parse_suit
from ...kernel.errors import BalatroError, SaveError, show
from ...kernel.manager import Plugins
from ..actions import Action, Outcome
from ..blinds import Blind
from ..cards import Card, CardSpec, make_cards
from ..copying import clone as direct_clone
from ..jokers import Consumable, Joker
from ..scoring.result import ScoreResult
from ..state import Phase, RunState
from ..stickers import sticker_keys, sticker_table
from .save_check import CardRow, SavedCard, check_save, check_versions

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["FORMAT", "clone", "dumps", "loads", "to_data"]

FORMAT = "balatro_ecs.save/1"

#: A joker's stickers are saved by name: the key without this many letters (``sticker_``).
_STICKER_PREFIX = len(StickerType.prefix)

_CARD_AREAS = {
    "deck": C.Area.DECK,
    "hand": C.Area.HAND,
    "play": C.Area.PLAY,
    "discard": C.Area.DISCARD,
}


# The saved names of enum members (their lower-case names; a suit by its letter).
_SUIT_LETTER: dict[int, str] = {s: s.letter for s in Suit}
_SUIT_OF_LETTER: dict[str, Suit] = {s.letter: s for s in Suit}
# The card modifiers' saved names by kind, and back (a saved name to its shared component).
# Plugins declare kinds at run time (:func:`~balatro_ecs.kernel.enums.add_kind`): the tables are
# filled in again, in place, when the count of added kinds is not the one they were made
# at (:func:`_kind_tables`; checked once per card not seen before, not per card saved).
_ENHANCEMENT_NAME: dict[int, str] = {}
_EDITION_NAME: dict[int, str] = {}
_SEAL_NAME: dict[int, str] = {}
_ENHANCEMENT_OF: dict[str, C.Enhancement] = {}
_EDITION_OF: dict[str, C.Edition] = {}
_SEAL_OF: dict[str, C.Seal] = {}
#: The value of ``enums.KINDS_ADDED[0]`` the tables were filled at (-1: not yet).
_KINDS_AT: list[int] = [-1]
#: The first kind of each modifier that a plugin added (the vanilla kinds come before).
_FIRST_ADDED_ENHANCEMENT = Enhancement.LUCKY + 1
_FIRST_ADDED_EDITION = Edition.NEGATIVE + 1
_FIRST_ADDED_SEAL = Seal.PURPLE + 1


def _kind_tables() -> None:
    """Fill the modifier name tables from the enums as they are now, if a plugin declared
    a kind since they were last filled (or they never were)."""
    if _KINDS_AT[0] == KINDS_ADDED[0]:
        return
    _fill(Enhancement, _ENHANCEMENT_NAME, _ENHANCEMENT_OF, C.enhancement)
    _fill(Edition, _EDITION_NAME, _EDITION_OF, C.edition)
    _fill(Seal, _SEAL_NAME, _SEAL_OF, C.seal)
    _KINDS_AT[0] = KINDS_ADDED[0]


def _fill(
    enum: type[IntEnum], names: dict[int, str], back: dict[str, Any], shared: Callable[[int], Any]
) -> None:
    """One modifier's tables: each member's saved name, and the name's shared component."""
    for member in enum.__members__.values():
        name = member.name.lower()
        names[member] = name
        back[name] = shared(member)


_kind_tables()


def _modifier_keys(game: Game) -> set[str]:
    """The content keys of the card modifiers added by plugins that the game's cards and
    jokers carry (``m_mypack_silver``, ...), so that their packages are recorded as a
    joker's are. Nothing to look for (and no card looked at) while no plugin added one."""
    if not KINDS_ADDED[0]:
        return set()
    enhancements, editions = _FIRST_ADDED_ENHANCEMENT, _FIRST_ADDED_EDITION
    seals = _FIRST_ADDED_SEAL
    keys: set[str] = set()
    cards = [*game.playing_cards, *(c for c in (*game.shop, *game.pack) if isinstance(c, Card))]
    for card in cards:
        if card._enhancement.kind >= enhancements:
            keys.add(f"m_{card._enhancement.kind.name.lower()}")
        if card._edition.kind >= editions:
            keys.add(f"e_{card._edition.kind.name.lower()}")
        if card._seal.kind >= seals:
            keys.add(f"s_{card._seal.kind.name.lower()}")
    for item in (*game.jokers, *game.consumables, *game.shop, *game.pack):
        if not isinstance(item, Card) and item.edition >= editions:
            keys.add(f"e_{item.edition.name.lower()}")
    return keys


def _card(card: Card) -> dict[str, Any]:
    out = _card_fields(card)
    suit = card._suit
    if suit.original is not None and suit.original != suit.value:
        out["original_suit"] = _SUIT_LETTER[suit.original]  # kept for sorting ties
    return out


def _card_fields(card: Card) -> dict[str, Any]:
    _kind_tables()
    flags, debuff = card._flags, card._debuff
    return {
        "serial": card._serial.value,
        "rank": card._rank.value,
        "suit": _SUIT_LETTER[card._suit.value],
        "enhancement": _ENHANCEMENT_NAME[card._enhancement.kind],
        "edition": _EDITION_NAME[card._edition.kind],
        "seal": _SEAL_NAME[card._seal.kind],
        "perma_bonus": card._perma.chips,
        "played_this_ante": flags.played_this_ante,
        "face_down": flags.face_down,
        "forced": flags.forced_selection,
        "debuff": [debuff.forced, debuff.by_blind],
    }


def _joker(joker: Joker) -> dict[str, Any]:
    stickers = joker._stickers.values
    price = joker._price
    return {
        "serial": joker._serial.value,
        "key": joker.key,
        "edition": joker.edition.name.lower(),
        "state": joker.state,
        "debuff": [joker._debuff.forced, joker._debuff.by_blind],
        "stickers": {key[_STICKER_PREFIX:]: value for key, value in stickers.items()}
        if stickers
        else {},
        "price": {"buy": price.buy, "sell_override": price.sell_override, "free": price.free},
    }


def _consumable(item: Consumable) -> dict[str, Any]:
    price = item._price
    return {
        "serial": item._serial.value,
        "key": item.key,
        "edition": item.edition.name.lower(),
        "state": item.state,
        "price": {"buy": price.buy, "sell_override": price.sell_override, "free": price.free},
    }


def _offer(item: Joker | Consumable | Card) -> dict[str, Any]:
    if isinstance(item, Joker):
        return {"kind": "joker", **_joker(item)}
    if isinstance(item, Consumable):
        return {"kind": "consumable", **_consumable(item)}
    if item._flags.couponed:
        return {"kind": "card", **_card(item), "couponed": True}
    return {"kind": "card", **_card(item)}


def _providers(game: Game, keys: set[str]) -> dict[str, str]:
    """Distribution name -> version for the plugins that declare ``keys``."""
    return game.plugins.packages_of(keys)


def to_data(game: Game, with_plugins: bool = True) -> dict[str, Any]:
    """The save as plain data (``with_plugins``: record which plugin packages it needs,
    and the packs loaded)."""
    return _to_data(game, with_plugins, whole=True)


def _to_data(game: Game, with_plugins: bool, whole: bool) -> dict[str, Any]:
    """:func:`to_data`; ``whole=False`` leaves the rows of cards and the log out
    (``None``), for :func:`dumps` to write from their saved texts."""
    run = game.run
    keys: set[str] = {game.deck.key, *run.vouchers, *run.tags, run.boss}
    if game.stake is not None:
        keys.add(game.stake.key)
    keys |= {j.key for j in game.jokers} | {c.key for c in game.consumables}
    keys |= _modifier_keys(game)
    keys |= sticker_keys((*game.jokers, *game.shop, *game.pack))
    blind = game.blind
    data: dict[str, Any] = {
        "format": FORMAT,
        "seed": game.seed,
        "deck": game.deck.key,
        "stake": game.stake.key if game.stake is not None else None,
        "serial": game._next_serial(),
        "run": run.to_dict(game.plugins),
        "rng": game.rng.snapshot(),
        "rows": {name: [_card(c) for c in game.area(area)] for name, area in _CARD_AREAS.items()}
        if whole
        else None,
        "jokers": [_joker(j) for j in game.jokers],
        "consumables": [_consumable(c) for c in game.consumables],
        "shop": [_offer(item) for item in game.shop],
        "shop_vouchers": list(game.shop_vouchers),
        "shop_packs": list(game.shop_packs),
        "free_packs": game.free_packs,
        "pack": {
            "key": game.pack_key,
            "cards": [_offer(item) for item in game.pack],
            "picks": game.pack_picks,
            "return": game.pack_return.value,
        },
        "blind": None
        if blind is None
        else {
            "key": blind.key,
            "disabled": blind.disabled,
            "triggered": blind.triggered,
            "memory": blind.memory,
        },
        "log": [outcome.to_dict() for outcome in game.log] if whole else None,
    }
    saved_run = data["run"]
    for name in _FLOAT_FIELDS:  # RunState.to_dict writes both infinities as "inf"
        value = getattr(run, name)
        if value != value or value in _INFINITIES:
            saved_run[name] = value
    data["plugins"] = _providers(game, {k for k in keys if k}) if with_plugins else {}
    data["packs"] = dict(game.plugins.packs) if with_plugins else {}
    return data


_INFINITIES = (math.inf, -math.inf)
#: The run record's float fields (the ones that may hold an infinity or NaN).
_FLOAT_FIELDS = tuple(name for name, value in RunState().to_dict().items() if type(value) is float)
#: ``json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)``, the
#: save's encoding: strict JSON (a non-finite float is refused: see :func:`_tagged`). Saves
#: hold plain data made afresh (no container holds itself): circular references are not
#: looked for.
_ENCODE = json.JSONEncoder(
    ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False
).encode
#: A non-finite float's tag, and back.
_FLOAT_TAG = "float"
_TAG_OF = {math.inf: "inf", -math.inf: "-inf"}
_FLOAT_OF = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


def _tagged(value: Any) -> Any:
    """``value`` with every infinity or NaN in it written as ``{"float": "inf"}`` (or
    ``"-inf"``, ``"nan"``): strict JSON has no such numbers."""
    if type(value) is float:
        if value != value:
            return {_FLOAT_TAG: "nan"}
        return {_FLOAT_TAG: _TAG_OF[value]} if value in _INFINITIES else value
    if isinstance(value, dict):
        return {k: _tagged(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tagged(v) for v in value]
    return value


def _untag(obj: dict[str, Any]) -> Any:
    """``{"float": "inf"}`` back to the float (other objects as they are)."""
    if len(obj) == 1:
        tag = obj.get(_FLOAT_TAG)
        if type(tag) is str and tag in _FLOAT_OF:
            return _FLOAT_OF[tag]
    return obj


class _NotStrict(ValueError):
    """Text that ``json`` reads but strict JSON (RFC 8259) does not allow."""


def _object(pairs: list[tuple[str, Any]]) -> Any:
    """``json.loads``'s pairs hook: the object, refused if a key is repeated (RFC 8259
    leaves that undefined; a save never repeats one), with tagged floats read back."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _NotStrict(f"the key {show(key)} appears twice in one object")
            seen.add(key)
    return _untag(obj) if len(obj) == 1 else obj


def _constant(name: str) -> Any:
    """``json.loads``'s constant hook: ``Infinity``, ``-Infinity`` and ``NaN`` are not
    JSON (a save writes ``{"float": "inf"}``)."""
    raise _NotStrict(f'{name} is not a JSON number (a save writes {{"float": "inf"}})')


def _strict_loads(text: str) -> Any:
    """``json.loads(text)`` as strict JSON: no repeated keys, no bare ``Infinity`` or
    ``NaN``; tagged non-finite numbers read back. Read by orjson when it is installed and
    the text is exactly what it writes for what it read (see :func:`_fast_loads`)."""
    if _FAST[0]:
        found = _fast_loads(text)
        if found is not _NOT_FAST:
            return found
    return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)


def _encode(value: Any) -> str:
    """``_ENCODE(value)``, with non-finite floats tagged (looked for only when there are)."""
    try:
        return _ENCODE(value)
    except ValueError:  # "Out of range float values are not JSON compliant"
        return _ENCODE(_tagged(value))


# -- orjson, where it is installed ------------------------------------------------------------
# ``pip install balatro-ecs[fast]`` adds orjson, which reads a save's text in a fraction of
# ``json``'s time (``json`` calls a Python hook for every object, to refuse a repeated key
# and read tagged floats back). Its value is taken only when it is what ``json`` reads:
# when writing it again gives the very same text (so no key was repeated, every number is
# written as orjson writes it, no ``Infinity`` or ``NaN``, nothing but what orjson itself
# writes) and no object is a tagged float (``{"float": "inf"}``). Any other text,
# malformed text included, is read by ``json``, which names the problem as before: what
# is read, and what is refused with which message, is the same either way.
#
# Writing stays with ``json``: orjson writes some floats otherwise (``1e-05`` as
# ``0.00001``, ``1e+16`` as ``1e16``) and NaN as ``null``, and making sure a text holds
# none of them cost more than orjson saved (measured: docs/architecture.md).

try:  # (an optional dependency: pip install balatro-ecs[fast])
    import orjson as _orjson
except ImportError:  # pragma: no cover - the standard library alone
    _orjson = None  # type: ignore[assignment]

#: Whether orjson reads saves (``[False]``: the standard library alone; tests set it).
_FAST = [_orjson is not None]
#: A tagged non-finite number (``{"float": "inf"}``): read by ``json``'s hook.
_TAG_TEXT = b'{"float":'
_NOT_FAST = object()


def _fast_loads(text: str) -> Any:
    """``text`` read by orjson, if that is what ``json`` reads (else :data:`_NOT_FAST`)."""
    data = text.encode("utf-8", "surrogatepass")
    try:
        value = _orjson.loads(data)
        if _TAG_TEXT not in data and _orjson.dumps(value) == data:
            return value
    except (TypeError, ValueError):  # (orjson.JSONDecodeError is a ValueError)
        pass
    return _NOT_FAST


def dumps(game: Game) -> str:
    """The save as strict JSON text (stable: the same game always gives the same bytes).

    The same text as ``json.dumps(to_data(game), allow_nan=False, ...)`` with every
    infinity or NaN tagged (``{"float": "-inf"}``), written in pieces so that the texts of
    playing cards (:func:`_card_text`) and of the log's entries (:func:`_outcome_text`)
    can be reused: the rows, the log, and the fields between them, each run of those
    encoded at once.
    """
    areas = game._areas
    rows = ",".join(
        f'"{name}":[{",".join([_card_text(card) for card in areas[area]])}]'
        for name, area in _CARD_AREAS.items()
    )
    texts = {"rows": f"{{{rows}}}", "log": f"[{','.join(map(_outcome_text, game.log))}]"}
    pieces: list[str] = []
    fields: dict[str, Any] = {}
    for key, value in _to_data(game, True, whole=False).items():
        text = texts.get(key)
        if text is None:
            fields[key] = value
            continue
        if fields:
            pieces.append(_encode(fields)[1:-1])  # "{...}" less its braces
            fields = {}
        pieces.append(f'"{key}":{text}')  # (plain keys, as the encoder writes them)
    if fields:
        pieces.append(_encode(fields)[1:-1])
    return f"{{{','.join(pieces)}}}"


#: The saved text of each entry of a log, by the entry's identity (an outcome is
#: immutable: a game's log, and its copies', only grow), with a weak reference to the
#: entry: the text is forgotten with it.
_OUTCOME_TEXTS: dict[int, tuple[weakref.ref[Outcome], str]] = {}
_OUTCOME_TEXTS_LIMIT = 16384


def _outcome_text(outcome: Outcome) -> str:
    """``_encode(outcome.to_dict())``, kept while the outcome lives."""
    key = id(outcome)
    found = _OUTCOME_TEXTS.get(key)
    if found is not None and found[0]() is outcome:
        return found[1]
    text = _encode(outcome.to_dict())
    if len(_OUTCOME_TEXTS) >= _OUTCOME_TEXTS_LIMIT:
        _OUTCOME_TEXTS.clear()
    _OUTCOME_TEXTS[key] = (weakref.ref(outcome, functools.partial(_forget_outcome, key)), text)
    return text


def _forget_outcome(key: int, ref: weakref.ref[Outcome]) -> None:
    """An outcome is gone: its text too (unless the entry is another's by now)."""
    found = _OUTCOME_TEXTS.get(key)
    if found is not None and found[0] is ref:
        del _OUTCOME_TEXTS[key]


#: The saved text of a playing card, by the identities of its values tuple (the eight
#: shared value components, :attr:`Card._values <balatro_ecs.game.cards.Card>`, kept current
#: by every change: the text follows from them) and of its serial. An entry holds the two
#: themselves, so no identity in a key is reused while kept.
_CARD_TEXTS: dict[tuple[int, int], tuple[tuple[Any, ...], Any, str]] = {}
_CARD_TEXTS_LIMIT = 8192


def _card_text(card: Card) -> str:
    """``_ENCODE(_card(card))``, kept for cards made of the same values and serial."""
    values, serial = card._values, card._serial
    found = _CARD_TEXTS.get((id(values), id(serial)))
    if found is None:
        if len(_CARD_TEXTS) >= _CARD_TEXTS_LIMIT:
            _CARD_TEXTS.clear()
        found = _CARD_TEXTS[(id(values), id(serial))] = (values, serial, _encode(_card(card)))
    return found[2]


def _spec(raw: dict[str, Any]) -> CardSpec:
    return CardSpec(
        rank=raw["rank"],
        suit=parse_suit(raw["suit"]),
        enhancement=Enhancement[raw["enhancement"].upper()],
        edition=Edition[raw["edition"].upper()],
        seal=Seal[raw["seal"].upper()],
        perma_bonus=raw["perma_bonus"],
        played_this_ante=raw["played_this_ante"],
        debuff=raw["debuff"][0],
    )


def _restore_row(game: Game, raws: list[dict[str, Any]], area: C.Area) -> None:
    """A saved row of the run's cards, in order, numbered and counted as they are made."""
    row = game.area(area)
    for slot, raw in enumerate(raws, len(row)):
        zone = C.Zone(area, slot)
        row.append(_made_card(game, _values_of(raw), raw["serial"], zone, game._tally))


def _restore_read_row(game: Game, read: CardRow, area: C.Area) -> None:
    """A row read by its cards' texts (:func:`_decode`), checked: as :func:`_restore_row`,
    each card's values found once per text."""
    row = game.area(area)
    for slot, (number, card) in enumerate(zip(read.serials, read.cards, strict=True), len(row)):
        found = card.built or _built(card)
        row.append(_made_card(game, found, number, C.Zone(area, slot), game._tally))


def _restore_read_rows(game: Game, rows: dict[str, Any]) -> None:
    """The four rows read by their cards' texts (:func:`_decode`), checked, into a game
    whose rows are empty: what :func:`_restore_read_row` does row by row, every card made
    in one :func:`~balatro_ecs.game.cards.make_cards` call (the clone's and the binary
    save's column builder) and numbered in one :meth:`World.spawn_many
    <balatro_ecs.kernel.world.World.spawn_many>`, in the same order (the same entity ids)."""
    values: list[tuple[Any, ...]] = []
    serials: list[int] = []
    areas: list[C.Area] = []
    slots: list[int] = []
    lengths: list[int] = []
    for name, area in _CARD_AREAS.items():
        read: CardRow = rows[name]
        values += [card.built or _built(card) for card in read.cards]
        serials += read.serials
        count = len(read.cards)
        areas += [area] * count
        slots += range(count)
        lengths.append(count)
    count, world, tally = len(values), game.world, game._tally
    cards = make_cards(
        values, C.serials_of(serials), areas, slots, game._rules, [tally] * count,
        world.next_ids(count),
    )  # fmt: skip
    world.spawn_many(cards)
    for found in values:
        tally[found[2].kind] += 1
    start = 0
    for area, count in zip(_CARD_AREAS.values(), lengths, strict=True):
        game._areas[area][:] = cards[start : start + count]
        start += count


def _built(card: SavedCard) -> tuple[Any, ...]:
    """A checked saved card's value components, made once (kept in ``card.built``)."""
    fields = card.fields
    found = card.built = _saved_values(fields, *fields["debuff"])
    return found


def _parse_suit(text: Any) -> Suit:
    found = _SUIT_OF_LETTER.get(text) if isinstance(text, str) else None
    if found is None:
        return parse_suit(text)
    return found


def _restore_card(game: Game, raw: dict[str, Any], area: C.Area) -> Card:
    """A saved card, in no row (its debuff is as saved: no blind is asked)."""
    return _made_card(game, _values_of(raw), raw["serial"], C.Zone(area), None)


def _values_of(raw: dict[str, Any]) -> tuple[Any, ...]:
    """A saved card's value components (all but its serial and zone): the shared ones."""
    forced, by_blind = raw["debuff"]
    return _saved_values(raw, forced, by_blind)


def _made_card(
    game: Game,
    values: tuple[Any, ...],
    number: int,
    zone: C.Zone,
    tally: list[int] | None,
) -> Card:
    """A card entity from its value components, serial and zone (counted in ``tally``,
    the game's enhancement counts, when it joins one of the run's rows)."""
    card = Card(values, C.serial(number), zone, game._rules, tally)
    card.entity = game.world.spawn(card)
    if tally is not None:
        tally[values[2].kind] += 1
    return card


def _saved_values(raw: dict[str, Any], forced: bool, by_blind: bool) -> tuple[Any, ...]:
    _kind_tables()
    rank = C.rank(raw["rank"])
    original = _parse_suit(raw["original_suit"]) if "original_suit" in raw else None
    suit = C.suit(_parse_suit(raw["suit"]), original)
    enhancement = _ENHANCEMENT_OF.get(raw["enhancement"])
    edition = _EDITION_OF.get(raw["edition"])
    seal = _SEAL_OF.get(raw["seal"])
    if enhancement is None or edition is None or seal is None:  # not as saved: any case
        spec = _spec(raw)
        enhancement, edition = C.enhancement(spec.enhancement), C.edition(spec.edition)
        seal = C.seal(spec.seal)
    values = (
        rank, suit, enhancement, edition, seal, C.perma_bonus(raw["perma_bonus"]),
        C.debuff(forced, by_blind),
        C.card_flags(
            raw["played_this_ante"], raw["face_down"], raw["forced"], False,
            raw.get("couponed", False),
        ),
    )  # fmt: skip
    return values


def _price(raw: dict[str, Any]) -> C.Price:
    return C.Price(raw["buy"], raw["sell_override"], raw["free"])


def _stickers(game: Game, raw: dict[str, Any]) -> Mapping[str, Any]:
    """A joker's saved stickers (name -> value) as it holds them. A ``false`` or ``null``
    value is no sticker (saves written before stickers were plugins list the game's
    three with ``false`` / ``null`` for the ones a joker lacks)."""
    prefix = StickerType.prefix
    held = {prefix + name: v for name, v in raw.items() if v is not None and v is not False}
    return sticker_table(game.plugins).ordered(held)


def _restore_joker(game: Game, raw: dict[str, Any], area: C.Area) -> Joker:
    jtype = game.plugins.joker(raw["key"])
    sticker = raw["stickers"]
    forced, by_blind = raw["debuff"]
    comps: dict[type, Any] = {
        C.JokerKind: C.JokerKind(jtype.key),
        C.Counters: C.Counters(dict(raw["state"])),
        C.Edition: C.edition(Edition[raw["edition"].upper()]),
        C.Debuff: C.debuff(forced, by_blind),
        C.Stickers: C.Stickers(_stickers(game, sticker) if sticker else C.NO_STICKERS),
        C.Price: _price(raw["price"]),
        C.Serial: C.serial(raw["serial"]),
        C.Zone: C.Zone(area),
    }
    return Joker(game.world.spawn(comps), jtype, comps)


def _restore_consumable(game: Game, raw: dict[str, Any], area: C.Area) -> Consumable:
    ctype = game.plugins.consumable(raw["key"])
    comps: dict[type, Any] = {
        C.ConsumableKind: C.ConsumableKind(ctype.key),
        C.Counters: C.Counters(dict(raw["state"])),
        C.Edition: C.edition(Edition[raw["edition"].upper()]),
        C.Price: _price(raw["price"]),
        C.Serial: C.serial(raw["serial"]),
        C.Zone: C.Zone(area),
    }
    return Consumable(game.world.spawn(comps), ctype, comps)


def _restore_offer(game: Game, raw: dict[str, Any], area: C.Area) -> Joker | Consumable | Card:
    if raw["kind"] == "joker":
        return _restore_joker(game, raw, area)
    if raw["kind"] == "consumable":
        return _restore_consumable(game, raw, area)
    return _restore_card(game, raw, area)


def from_data(
    data: dict[str, Any], plugins: Plugins | None = None, *, game_class: type[Game]
) -> Game:
    """Rebuild a game (a ``game_class``, :class:`~balatro_ecs.game.Game` for
    :meth:`Game.from_data <balatro_ecs.game.Game.from_data>`) from :func:`to_data` output,
    after checking all of it
    (:func:`~balatro_ecs.game.run.save_check.check_save`, with the packs it records:
    :func:`~balatro_ecs.game.run.save_check.check_packs`) and the plugin packages it records
    (:func:`~balatro_ecs.game.run.save_check.check_versions`): the same major version as saved,
    and a minor version not older.

    :raises SaveError: not a save, a save needing content no plugin provides (or a
        blocked one), a pack or package missing or at an incompatible version, or a
        damaged save: the message names the bad field by its path and the value.
    """
    if type(data) is not dict:
        raise SaveError(f"not a balatro_ecs save (expected an object, got {type(data).__name__})")
    if data.get("format") != FORMAT:
        found = data.get("format")
        shown = repr(found) if type(found) is str and len(found) <= 100 else type(found).__name__
        raise SaveError(f"not a balatro_ecs save (format {shown}, expected {show(FORMAT)})")
    plugins = plugins if plugins is not None else Plugins.default()
    actions = check_save(data, plugins)
    check_versions(data["plugins"], plugins.package_versions())
    try:
        return _from_data(data, plugins, actions, game_class)
    except SaveError:
        raise
    except (BalatroError, LookupError, TypeError, ValueError, AttributeError) as err:
        # not expected after the check: still a one-line error, never a bare exception
        raise SaveError(f"damaged save: {type(err).__name__}: {err}") from None


def _from_data(
    data: dict[str, Any], plugins: Plugins, actions: list[Action], game_class: type[Game]
) -> Game:
    """The game a checked save holds (``actions``: its log's actions, made by the check)."""
    game = game_class(deck=data["deck"], seed=data["seed"], plugins=plugins, start=False)
    if data.get("stake"):
        game.stake = game._stake(data["stake"])
    game.run = RunState.from_dict(data["run"], plugins)
    rows = data["rows"]
    if all(
        type(rows[name]) is CardRow and not game.area(area) for name, area in _CARD_AREAS.items()
    ):
        _restore_read_rows(game, rows)
    else:
        for name, area in _CARD_AREAS.items():
            row = rows[name]
            if type(row) is CardRow:
                _restore_read_row(game, row, area)
            else:
                _restore_row(game, row, area)
    for raw in data["jokers"]:
        game.jokers.append(_restore_joker(game, raw, C.Area.JOKERS))
    game._renumber(game.jokers)
    for raw in data["consumables"]:
        game.consumables.append(_restore_consumable(game, raw, C.Area.CONSUMABLES))
    game._renumber(game.consumables)
    game.shop = [_restore_offer(game, raw, C.Area.SHOP) for raw in data["shop"]]
    game._renumber(game.shop)
    game.shop_vouchers = list(data["shop_vouchers"])
    game.shop_packs = list(data["shop_packs"])
    game.free_packs = data["free_packs"]
    pack = data["pack"]
    game.pack_key = pack["key"]
    game.pack = [_restore_offer(game, raw, C.Area.PACK) for raw in pack["cards"]]
    game._renumber(game.pack)
    game.pack_picks = pack["picks"]
    game.pack_return = Phase(pack["return"])
    blind = data["blind"]
    if blind is not None:
        state = C.BlindState(blind["disabled"], blind["triggered"], blind["memory"])
        btype = plugins.blind(blind["key"])
        game.blind = Blind(game.world.create(C.BlindKind(btype.key), state), btype, state)
    game.rng.restore(data["rng"])
    game._set_next_serial(data["serial"])
    game._plans = None  # the saved counts already include what the jokers change
    game._synced = None
    game._sync(as_saved=True)
    game.log = [_outcome(raw, action) for raw, action in zip(data["log"], actions, strict=True)]
    game.events.clear()
    return game


def _outcome(raw: dict[str, Any], action: Action) -> Outcome:
    """A checked entry of the log (``action``: its action, made by the check)."""
    score = raw.get("score")
    result = None
    if score is not None:
        result = ScoreResult(score["hand_name"], score["chips"], score["mult"], score["score"])
    return Outcome(
        action=action,
        phase_before=raw["phase_before"],
        phase_after=raw["phase_after"],
        dollars_before=raw["dollars_before"],
        dollars_after=raw["dollars_after"],
        score=result,
    )


def loads(text: str | bytes, plugins: Plugins | None = None, *, game_class: type[Game]) -> Game:
    """Load a save made by :func:`dumps` into a new ``game_class`` (checked as
    :func:`from_data` says; :meth:`Game.from_json <balatro_ecs.game.Game.from_json>` is the
    usual way in).

    :raises SaveError: text that is not JSON (or not UTF-8), or a save that cannot load.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise SaveError(f"save: not UTF-8 text (byte {err.start})") from None
    if not isinstance(text, str):
        raise SaveError(f"save: expected JSON text, got {type(text).__name__}")
    try:
        data = _decode(text)
    except _NotStrict as err:
        raise SaveError(f"save: not strict JSON: {err}") from None
    except json.JSONDecodeError as err:
        raise SaveError(f"save: malformed JSON at line {err.lineno}, column {err.colno}") from None
    except RecursionError:
        raise SaveError("save: malformed JSON: nested too deeply") from None
    except ValueError as err:  # a number too long to read (Python's digit limit)
        raise SaveError(f"save: malformed JSON: {err}") from None
    return from_data(data, plugins, game_class=game_class)


# -- reading the text ----------------------------------------------------------------------
#: Where :func:`dumps` writes the rows, and how each row starts there.
_FIRST_ROW = '{"deck":'
_ROWS_AT = ',"rows":' + _FIRST_ROW
_ROW_OPENINGS = tuple(
    (name, ("," if i else "{") + f'"{name}":') for i, name in enumerate(_CARD_AREAS)
)
#: How a row of cards written by :func:`dumps` starts, and what comes between its cards.
_ROW_START = '[{"serial":'
_CARD_SEP = ',{"serial":'
#: A card's text after its serial (``"rank":5,...}``) -> the card it stands for.
_SAVED_CARDS: dict[str, SavedCard] = {}
_SAVED_CARDS_LIMIT = 8192


def _decode(text: str) -> Any:
    """``json.loads(text)``, with tagged non-finite numbers read back
    (:func:`_untag`) -- except that the rows of playing cards are read as
    :class:`~balatro_ecs.game.run.save_check.CardRow` objects when the save is laid out as
    :func:`dumps` writes it (:func:`_read_laid_out`)."""
    data = _read_laid_out(text)
    if data is None:  # another layout, or not JSON (json names the error)
        return _strict_loads(text)
    return data


def _read_laid_out(text: str) -> dict[str, Any] | None:
    """A save laid out as :func:`dumps` writes it, or ``None``: the fields before
    ``rows`` and those after them read by ``json``, the rows by :func:`_read_rows` (each
    card's text, all but its serial, read, checked and built once however many cards
    share it).

    ``rows`` is found by its text, ``,"rows":{"deck":``; that this is the save's own
    field (not text inside a string, or a field of a field) is known when the text
    before it, closed with ``}``, is a JSON object: a ``}`` there ends the save. The
    result is what ``json.loads`` reads: the same keys in the same order, a repeated
    key's last value."""
    at = text.find(_ROWS_AT)
    if at < 0:
        return None
    rows = _read_rows(text, at + len(_ROWS_AT) - len(_FIRST_ROW))
    if rows is None or not text.startswith(',"', rows[1]):  # another field after the rows
        return None
    before, after = text[:at] + "}", "{" + text[rows[1] + 1 :]
    try:
        data = _strict_loads(before)
        rest = _strict_loads(after)
    except _NotStrict:
        raise
    except (ValueError, RecursionError):  # not JSON: read again whole, to say where
        return None
    if type(data) is not dict or not data or type(rest) is not dict:  # (a field before too)
        return None
    repeated = ({"rows"} | data.keys()) & rest.keys() or data.keys() & {"rows"}
    if repeated:
        raise _NotStrict(f"the key {show(min(repeated))} appears twice in one object")
    data["rows"] = rows[0]
    data.update(rest)
    return data


def _read_rows(text: str, pos: int) -> tuple[dict[str, CardRow], int] | None:
    """The rows object at ``pos`` (``{"deck":[...],"hand":[...],...}``, as :func:`dumps`
    writes it) and the position after it, every row a
    :class:`~balatro_ecs.game.run.save_check.CardRow`; ``None`` if it is not so written."""
    rows: dict[str, CardRow] = {}
    for name, opening in _ROW_OPENINGS:
        if not text.startswith(opening, pos):
            return None
        row = _read_row(text, pos + len(opening))
        if row is None:
            return None
        rows[name], pos = row
    if text[pos : pos + 1] != "}":
        return None
    return rows, pos + 1


def _read_row(text: str, pos: int) -> tuple[CardRow, int] | None:
    """The row of cards at ``pos`` and the position after it, if every card in it is
    written as :func:`dumps` writes one (else ``None``).

    Such a row is ``[]`` or ``[{"serial":N,BODY},{"serial":N,BODY}...]``, each ``N`` a
    whole number as JSON writes it and each ``BODY`` a card's text after its serial, which
    holds no brace but its last: the row ends at the first ``}]``, and is cut into cards
    at each ``,{"serial":``."""
    if text.startswith("[]", pos):
        return CardRow([], []), pos + 2
    end = text.find("}]", pos)
    if end > 0 and text.startswith(_ROW_START, pos):
        cards_text = text[pos + len(_ROW_START) : end + 1]
        cut = [part.partition(",") for part in cards_text.split(_CARD_SEP)]
        numbers = [number for number, _, _ in cut]
        cards = [_SAVED_CARDS.get(body) or _saved_card(body) for _, _, body in cut]
        try:
            serials = list(map(int, numbers))
        except ValueError:  # not a whole number
            serials = []
        if None not in cards and list(map(str, serials)) == numbers:  # as JSON writes them
            return CardRow(serials, cards), end + 2  # type: ignore[arg-type]
    return None


def _saved_card(body: str) -> SavedCard | None:
    """The card a card's text after its serial (``"rank":5,...}``) stands for, if it is
    exactly what :func:`dumps` writes for some card's fields, with no brace but its last
    (``None`` if not); kept."""
    try:
        fields = json.loads("{" + body)
        written = type(fields) is dict and _ENCODE(fields) == "{" + body
    except (ValueError, RecursionError):  # not JSON, or a number JSON cannot write
        return None
    if not written or not fields or "serial" in fields or "{" in body or body[:-1].count("}"):
        return None  # not what a card's text holds after its serial
    if len(_SAVED_CARDS) >= _SAVED_CARDS_LIMIT:
        _SAVED_CARDS.clear()
    card = _SAVED_CARDS[body] = SavedCard(fields)
    return card


def clone(game: Game) -> Game:
    """An independent copy of ``game`` (copied directly: :func:`balatro_ecs.game.copying.clone`)."""
    return direct_clone(game)
