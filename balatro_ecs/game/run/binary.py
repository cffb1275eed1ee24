"""The trusted binary save: a game as bytes that this engine loads back as fast as a clone.

:meth:`Game.to_bytes <balatro_ecs.game.Game.to_bytes>` writes what a snapshot holds
(:mod:`balatro_ecs.game.copying`) as plain values -- the run record, the random streams,
every entity's components, the rows, the log as the JSON save keeps it -- naming the
plugin set and content by key, never holding a module or a function, and
:meth:`Game.from_bytes <balatro_ecs.game.Game.from_bytes>` builds the game from them
through the clone path (:func:`~balatro_ecs.game.copying.build`). Nothing is validated on
the way in; that is what makes it fast, and why the bytes carry a proof of where they
come from:

* a keyed digest (HMAC-SHA256) over the payload, the engine's version, this format's
  version and the plugin set's identity (the plugins, the packs and their versions, the
  installed packages' versions, and how the process numbers the card modifiers and poker
  hands plugins added). Bytes whose digest this engine cannot reproduce with its key are
  refused before anything in them is read (a :class:`~balatro_ecs.kernel.errors.SaveError`
  saying whether the engine version, the plugin set or the key differs).
* the key: ``key=`` when given; else ``$BALATRO_ECS_SAVE_KEY`` (any text); else a random
  key kept in ``$XDG_CACHE_HOME/balatro_ecs/save.key`` (``~/.cache``), made on first use
  (mode 0600), so that the bytes load in any process of this user; else, when no such file
  can be made, a key of this process alone.

The bytes are for this engine, at this version, with this plugin set: caches, checkpoints,
worker pipes. Between versions, machines or people the lossless JSON save
(:meth:`Game.to_json <balatro_ecs.game.Game.to_json>`) is the format: it is checked field by
field on loading, and a game loaded from bytes saves to the same JSON text as the game it
was written from.

Layout: ``MAGIC`` (8 bytes), the digest (32), the engine version and the plugin set's
identity (length-prefixed, readable without trusting the rest, for the error message),
then the payload: :mod:`marshal` of plain tuples (or :mod:`pickle`, flagged, when a
plugin's counters hold something :mod:`marshal` cannot write). The playing cards are
columns (:data:`FORMAT` 5), read from the cards in one call per column
(:func:`~balatro_ecs.kernel.records.read`): their entity ids in the order of the rows
(deck, hand, play, discard pile, then the offers; the four rows are that column cut by
their lengths), their serials and one code per values tuple (9 bytes: rank, suits, kinds
and flags a byte each, the bonus chips two; a card whose values do not fit has the
``marshal`` bytes of them instead); their areas, slots and tallies only where the rows do
not say them. :func:`~balatro_ecs.game.copying.build` makes them from the columns in one
call. The world's entity ids are written as their count while
they are 1 to that count. The log is its entries' texts in the JSON save. Bytes of an
earlier format are refused by name (the format is part of the digest), like those of
another version: their game's JSON save is the way across.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import marshal
import operator
import os
import pickle
import struct
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from ...kernel import components as C
from ...kernel.enums import KINDS_ADDED, Edition, Enhancement, HandType, Seal
from ...kernel.errors import SaveError
from ...kernel.manager import Plugins
from ...kernel.records import by_identity, read
from ...kernel.version import __version__
from ...kernel.world import WorldState
from ..actions import Outcome, action_from_dict
from ..cards import Card
from ..copying import _RULE_FIELDS, GameSnapshot, build, held_items
from ..jokers import Consumable, Joker
from ..state import Phase, RunState
from . import save

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["FORMAT", "KEY_ENV", "MAGIC", "dumps", "loads", "save_key"]

#: The first bytes of every binary save.
MAGIC = b"BECSbin\x01"
#: The payload's layout version (part of the digest: a new layout refuses old bytes; the
#: run record's fields are part of it too, so that bytes written before a field was added
#: or removed are refused by name rather than misread).
FORMAT = 5
#: The environment variable naming the key (any text).
KEY_ENV = "BALATRO_ECS_SAVE_KEY"
_DIGEST = 32
_MARSHAL, _PICKLE = b"m", b"p"

# -- the key -------------------------------------------------------------------------------

_KEY_LOCK = threading.Lock()
_KEY: list[bytes] = []


def _key_file() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache) / "balatro_ecs" / "save.key"


def save_key() -> bytes:
    """The key binary saves are signed with when none is given (see the module's
    docstring: ``$BALATRO_ECS_SAVE_KEY``, else the user's key file, made on first use,
    else one for this process)."""
    text = os.environ.get(KEY_ENV)
    if text:
        return _text_key(text)
    with _KEY_LOCK:
        if not _KEY:
            _KEY.append(_read_or_make_key())
        return _KEY[0]


def _read_or_make_key() -> bytes:
    path = _key_file()
    try:
        key = path.read_bytes()
        if len(key) >= 32:
            return key
    except OSError:
        pass
    key = os.urandom(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(key)
    except FileExistsError:  # another process made it first: use theirs
        try:
            found = path.read_bytes()
            if len(found) >= 32:
                return found
        except OSError:
            pass
    except OSError:  # no writable cache: a key of this process alone
        pass
    return key


_TEXT_KEYS: dict[str, bytes] = {}


def _text_key(text: str) -> bytes:
    """The key a text names (its SHA-256; the last few kept)."""
    found = _TEXT_KEYS.get(text)
    if found is None:
        if len(_TEXT_KEYS) >= 16:
            _TEXT_KEYS.clear()
        found = _TEXT_KEYS[text] = hashlib.sha256(text.encode("utf-8")).digest()
    return found


def _key_of(key: bytes | str | None) -> bytes:
    if key is None:
        return save_key()
    if isinstance(key, str):
        return _text_key(key)
    if isinstance(key, (bytes, bytearray)) and key:
        return bytes(key)
    raise SaveError(f"binary save: key must be non-empty bytes or text, not {key!r}")


# -- the plugin set's identity ---------------------------------------------------------------


def _identity(plugins: Plugins) -> bytes:
    """16 bytes naming the plugin set and how this process numbers the kinds plugins
    added (kept per plugin set until it or the numbering changes)."""
    found = plugins.cache.get("binary identity")
    if found is not None and found[0] == KINDS_ADDED[0]:
        identity: bytes = found[1]
        return identity
    numbering = (
        tuple(Enhancement._member_names_),
        tuple(Edition._member_names_),
        tuple(Seal._member_names_),
        tuple(HandType._member_names_),
    )
    text = repr(
        (
            FORMAT,
            tuple(RunState.__dataclass_fields__),
            __version__,
            tuple(plugins.plugin_names()),
            tuple(plugins.packs.items()),
            tuple(plugins.package_versions().items()),
            numbering,
        )
    )
    identity = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
    plugins.cache["binary identity"] = (KINDS_ADDED[0], identity)
    return identity


_HEADERS: dict[tuple[str, bytes], bytes] = {}


def _header(identity: bytes) -> bytes:
    """The clear header: the engine version (length-prefixed) and the plugin set's
    identity (kept per version and identity)."""
    found = _HEADERS.get((__version__, identity))
    if found is None:
        version = __version__.encode("utf-8")
        if len(_HEADERS) >= 64:
            _HEADERS.clear()
        found = _HEADERS[(__version__, identity)] = bytes([len(version)]) + version + identity
    return found


# -- components ------------------------------------------------------------------------------
# A component is written as a tuple: a short tag, then its fields as plain values. The
# frozen ones are shared (every Ace holds the one ``Rank(14)``): their codes are kept by
# identity, and read back to the shared component.

_Encoder = Callable[[Any], tuple[Any, ...]]
_ENCODERS: dict[type, _Encoder] = {
    C.Rank: lambda c: ("rk", c.value),
    C.Suit: lambda c: ("su", int(c.value), None if c.original is None else int(c.original)),
    C.Enhancement: lambda c: ("en", int(c.kind)),
    C.Edition: lambda c: ("ed", int(c.kind)),
    C.Seal: lambda c: ("se", int(c.kind)),
    C.PermaBonus: lambda c: ("pb", c.chips),
    C.Debuff: lambda c: ("db", c.forced, c.by_blind),
    C.CardFlags: lambda c: (
        "cf",
        c.played_this_ante,
        c.face_down,
        c.forced_selection,
        c.shatter_unseen,
        c.couponed,
    ),
    C.Serial: lambda c: ("sr", c.value),
    C.JokerKind: lambda c: ("jk", c.key),
    C.ConsumableKind: lambda c: ("ck", c.key),
    C.BlindKind: lambda c: ("bk", c.key),
    C.DeckKind: lambda c: ("dk", c.key),
    # state: one entity's own, written as it is now
    C.Zone: lambda c: ("zo", int(c.area), c.slot),
    C.Counters: lambda c: ("co", c.values),
    C.Stickers: lambda c: ("st", dict(c.values) if c.values else None),
    C.Price: lambda c: ("pr", c.buy, c.sell_override, c.free),
    C.BlindState: lambda c: ("bs", c.disabled, c.triggered, c.memory),
}
_FROZEN = {
    C.Rank, C.Suit, C.Enhancement, C.Edition, C.Seal, C.PermaBonus, C.Debuff, C.CardFlags,
    C.Serial, C.JokerKind, C.ConsumableKind, C.BlindKind, C.DeckKind,
}  # fmt: skip

_AREA_OF = {int(a): a for a in C.Area}
_DECODERS: dict[str, Callable[[tuple[Any, ...]], Any]] = {
    "rk": lambda t: C.rank(t[1]),
    "su": lambda t: C.suit(t[1], t[2]),
    "en": lambda t: C.enhancement(t[1]),
    "ed": lambda t: C.edition(t[1]),
    "se": lambda t: C.seal(t[1]),
    "pb": lambda t: C.perma_bonus(t[1]),
    "db": lambda t: C.debuff(t[1], t[2]),
    "cf": lambda t: C.card_flags(*t[1:]),
    "sr": lambda t: C.serial(t[1]),
    "jk": lambda t: C.JokerKind(t[1]),
    "ck": lambda t: C.ConsumableKind(t[1]),
    "bk": lambda t: C.BlindKind(t[1]),
    "dk": lambda t: C.DeckKind(t[1]),
    "zo": lambda t: C.Zone(_AREA_OF[t[1]], t[2]),
    "co": lambda t: C.Counters(t[1]),
    "st": lambda t: C.Stickers(C.NO_STICKERS if t[1] is None else MappingProxyType(t[1])),
    "pr": lambda t: C.Price(t[1], t[2], t[3]),
    "bs": lambda t: C.BlindState(t[1], t[2], t[3]),
    "pk": lambda t: pickle.loads(t[1]),
}

#: Codes of shared (frozen) components by identity, each kept with its component (so the
#: identity stays its own); bounded.
_CODE_OF: dict[int, tuple[Any, tuple[Any, ...]]] = {}
#: Shared components by code.
_SHARED_OF: dict[tuple[Any, ...], Any] = {}
_LIMIT = 8192


def _code(component: Any) -> tuple[Any, ...]:
    """A component's code (see above); a component of a plugin's own class is pickled."""
    kind = type(component)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        try:
            return ("pk", pickle.dumps(component, pickle.HIGHEST_PROTOCOL))
        except Exception as err:
            raise SaveError(
                f"binary save: component {kind.__qualname__} cannot be written ({err}); "
                "save as JSON"
            ) from None
    code = encoder(component)
    if kind in _FROZEN:
        if len(_CODE_OF) >= _LIMIT:
            _CODE_OF.clear()
        _CODE_OF[id(component)] = (component, code)
    return code


#: The tags of the shared (frozen) components.
_SHARED_TAGS = frozenset(
    {"rk", "su", "en", "ed", "se", "pb", "db", "cf", "sr", "jk", "ck", "bk", "dk"}
)


def _table_code(table: Any) -> tuple[tuple[Any, ...], ...]:
    """Each component's code, in the table's order (a shared one's looked up by identity)."""
    components = list(table.values())
    codes = []
    get = _CODE_OF.get
    for component in components:
        found = get(id(component))
        codes.append(_code(component) if found is None else found[1])
    return tuple(codes)


def _table(codes: tuple[tuple[Any, ...], ...]) -> dict[type, Any]:
    """The table these codes describe (shared components shared again)."""
    table: dict[type, Any] = {}
    get = _SHARED_OF.get
    for code in codes:
        tag = code[0]
        if tag in _SHARED_TAGS:
            component = get(code)
            if component is None:
                component = _DECODERS[tag](code)
                if len(_SHARED_OF) >= _LIMIT:
                    _SHARED_OF.clear()
                _SHARED_OF[code] = component
        else:
            component = _DECODERS[tag](code)
        table[type(component)] = component
    return table


# -- a playing card's values -------------------------------------------------------------------
# A card's eight value components (its ``_values`` tuple, shared with the template or save
# it came from) are written as one code: the marshal bytes of a flat tuple of plain values
# (rank, suit, original suit, the three kinds, the bonus chips, the flags as bits), kept by
# the tuple's identity; read back to one shared tuple per code (bytes hash faster than
# tuples, and are not tracked by the garbage collector).

#: Codes by the values tuple's identity, and the tuples (kept, so that an identity stays
#: its tuple's while its code is kept).
_VALUES_CODE: dict[int, bytes] = {}
_VALUES_KEPT: dict[int, tuple[Any, ...]] = {}
_VALUES_OF: dict[bytes, tuple[Any, ...]] = {}


def _values_codes(rows: Sequence[tuple[Any, ...]]) -> tuple[bytes, ...]:
    """The codes of these cards' values tuples (looked up in one call by the tuples' ids)."""
    codes = by_identity(_VALUES_CODE, rows)
    if None in codes:
        for i, code in enumerate(codes):
            if code is None:
                codes[i] = _values_code(rows[i])
    return tuple(codes)


def _values_code(values: tuple[Any, ...]) -> bytes:
    rank, suit, enhancement, edition, seal, perma, debuff, flags = values
    marks = (
        debuff.forced, debuff.by_blind, flags.played_this_ante, flags.face_down,
        flags.forced_selection, flags.shatter_unseen, flags.couponed,
    )  # fmt: skip
    fields = (
        rank.value, int(suit.value), None if suit.original is None else int(suit.original),
        int(enhancement.kind), int(edition.kind), int(seal.kind), perma.chips,
        sum(1 << i for i, mark in enumerate(marks) if mark),
    )  # fmt: skip
    code = _short_code(fields)
    if code is None:
        code = marshal.dumps(fields, 4)
    if len(_VALUES_CODE) >= _LIMIT:
        _VALUES_CODE.clear()
        _VALUES_KEPT.clear()
    _VALUES_CODE[id(values)] = code
    _VALUES_KEPT[id(values)] = values
    return code


#: A card's values in :data:`_SHORT` bytes: rank, suit, original suit (255: none), the
#: three kinds and the flags one byte each, the bonus chips two (signed).
_SHORT = struct.Struct("<7Bh")
_NO_SUIT = 255


def _short_code(fields: tuple[Any, ...]) -> bytes | None:
    """The 9-byte code of a card's values, or ``None`` when one does not fit (a number out
    of range, or not an int): such a card's code is the ``marshal`` bytes of the fields."""
    rank, suit, original, enhancement, edition, seal, chips, bits = fields
    if type(rank) is not int or type(chips) is not int or original == _NO_SUIT:
        return None
    try:
        return _SHORT.pack(
            rank, suit, _NO_SUIT if original is None else original, enhancement, edition,
            seal, bits, chips,
        )  # fmt: skip
    except struct.error:
        return None


_K = TypeVar("_K")
_V = TypeVar("_V")


def _looked_up(kept: dict[_K, _V], keys: Sequence[_K], make: Callable[[_K], _V]) -> list[_V]:
    """What ``kept`` holds for each of ``keys`` (looked up in C when all are there), the
    ones it lacks made by ``make`` (which keeps them)."""
    found = list(map(kept.get, keys))
    if None in found:
        for i, value in enumerate(found):
            if value is None:
                found[i] = make(keys[i])
    return found  # type: ignore[return-value]  # every None replaced


def _values_rows(codes: tuple[bytes, ...]) -> list[tuple[Any, ...]]:
    """The shared values tuples of these codes."""
    return _looked_up(_VALUES_OF, codes, _values_of)


def _values_of(code: bytes) -> tuple[Any, ...]:
    if len(code) == _SHORT.size:
        rank, suit, original, enhancement, edition, seal, bits, chips = _SHORT.unpack(code)
        if original == _NO_SUIT:
            original = None
    else:
        rank, suit, original, enhancement, edition, seal, chips, bits = marshal.loads(code)
    forced, by_blind, *flags = [bool(bits >> i & 1) for i in range(7)]
    values = (
        C.rank(rank), C.suit(suit, original), C.enhancement(enhancement), C.edition(edition),
        C.seal(seal), C.perma_bonus(chips), C.debuff(forced, by_blind), C.card_flags(*flags),
    )  # fmt: skip
    if len(_VALUES_OF) >= _LIMIT:
        _VALUES_OF.clear()
    _VALUES_OF[code] = values
    return values


_RULES = operator.attrgetter(*_RULE_FIELDS)
#: The slots of a card the save reads as columns.
_CARD_SLOTS = ("entity", "_serial", "_values", "zone", "_tally", "_extra")
_CARD_AREAS = (C.Area.DECK, C.Area.HAND, C.Area.PLAY, C.Area.DISCARD)
_PLACES: dict[tuple[int, ...], tuple[tuple[C.Area, ...], tuple[int, ...]]] = {}


def _places(lengths: tuple[int, ...]) -> tuple[tuple[C.Area, ...], tuple[int, ...]]:
    """The areas and slots of the run's cards, in order, when the rows of the deck, hand,
    play and discard pile (of these lengths) say where each is (kept per lengths)."""
    found = _PLACES.get(lengths)
    if found is None:
        areas = tuple(
            itertools.chain(*[[a] * n for a, n in zip(_CARD_AREAS, lengths, strict=True)])
        )
        slots = tuple(itertools.chain(*map(range, lengths)))
        if len(_PLACES) >= _LIMIT:
            _PLACES.clear()
        found = _PLACES[lengths] = (areas, slots)
    return found


_COUNTED: dict[int, tuple[int, ...]] = {}


def _counted(count: int) -> tuple[int, ...]:
    """The ids 1 to ``count`` (kept per count)."""
    found = _COUNTED.get(count)
    if found is None:
        if len(_COUNTED) >= _LIMIT:
            _COUNTED.clear()
        found = _COUNTED[count] = tuple(range(1, count + 1))
    return found


def _ids_code(ids: tuple[int, ...]) -> int | tuple[int, ...]:
    """The world's entity ids in creation order: their count when they are 1 to that count
    (no entity removed yet), else the ids."""
    return len(ids) if ids == _counted(len(ids)) else ids


# -- jokers and consumables -------------------------------------------------------------------
# Their tables as :meth:`Game.new_joker <balatro_ecs.game.Game.new_joker>` and
# :meth:`~balatro_ecs.game.Game.new_consumable` make them are written field by field from
# the handle (one tuple); any other table (a plugin added a component) component by
# component.

_JOKER_ORDER = (
    C.JokerKind, C.Counters, C.Edition, C.Debuff, C.Stickers, C.Price, C.Serial, C.Zone,
)  # fmt: skip
_HELD_ORDER = (C.ConsumableKind, C.Counters, C.Edition, C.Price, C.Serial, C.Zone)
_KINDS: dict[tuple[type, str], Any] = {}


def _kind(component: type, key: str) -> Any:
    """The shared ``JokerKind(key)`` (or ``ConsumableKind``)."""
    found = _KINDS.get((component, key))
    if found is None:
        if len(_KINDS) >= _LIMIT:
            _KINDS.clear()
        found = _KINDS[(component, key)] = component(key)
    return found


def _handle_code(item: Joker | Consumable) -> tuple[Any, ...]:
    table = item._table
    p, z = item._price, item.zone
    if type(item) is Joker:
        if tuple(table) == _JOKER_ORDER:
            d, stickers = item._debuff, item._stickers.values
            return (
                item.entity, item.type.key, item.state, int(item._edition.kind), d.forced,
                d.by_blind, dict(stickers) if stickers else None, p.buy, p.sell_override,
                p.free, item._serial.value, int(z.area), z.slot,
            )  # fmt: skip
    elif tuple(table) == _HELD_ORDER:
        return (
            item.entity, item.type.key, item.state, int(item._edition.kind), p.buy,
            p.sell_override, p.free, item._serial.value, int(z.area), z.slot,
        )  # fmt: skip
    return (item.entity, item.type.key, _table_code(table))


# -- the log -----------------------------------------------------------------------------------
# Kept as the JSON save keeps it: each entry as its text in the JSON save (the action, the
# phases and money around it, a played hand's score), which the JSON save keeps per entry
# already; read back once per text to an entry shared by every game loaded with it (an
# entry is immutable: a clone's log shares its entries too).

#: The entries read back, by text; bounded.
_OUTCOMES: dict[str, Outcome] = {}
_OUTCOMES_LIMIT = 16384


def _outcomes(texts: Sequence[str]) -> list[Outcome]:
    """The log's entries these texts write."""
    return _looked_up(_OUTCOMES, texts, _outcome)


def _outcome(text: str) -> Outcome:
    raw = save._strict_loads(text)
    outcome = save._outcome(raw, action_from_dict(raw["action"]))
    if len(_OUTCOMES) >= _OUTCOMES_LIMIT:
        _OUTCOMES.clear()
    _OUTCOMES[text] = outcome
    return outcome


# -- writing -----------------------------------------------------------------------------------


def dumps(game: Game, key: bytes | str | None = None) -> bytes:
    """``game`` as trusted bytes (see the module's docstring)."""
    payload = _payload(game)
    try:
        kind, body = _MARSHAL, marshal.dumps(payload, 4)
    except ValueError:  # something marshal cannot write (a plugin's value): pickled
        try:
            kind, body = _PICKLE, pickle.dumps(payload, pickle.HIGHEST_PROTOCOL)
        except Exception as err:
            raise SaveError(
                f"binary save: the game holds a value that cannot be written ({err})"
            ) from None
    signed = b"".join((_header(_identity(game.plugins)), kind, body))
    return b"".join((MAGIC, hmac.digest(_key_of(key), signed, "sha256"), signed))


def _payload(game: Game) -> tuple[Any, ...]:
    game_areas = game._areas
    cards, jokers, consumables = held_items(game)
    # Column by column, each in one call (:func:`~balatro_ecs.kernel.records.read`).
    card_ids, serial_of, values, zones, tallies, extras = read(Card, cards, _CARD_SLOTS)
    (serials,) = read(C.Serial, serial_of, ("value",))
    areas, slots = read(C.Zone, zones, ("area", "slot"))
    if any(extras):
        extra_codes: tuple[Any, ...] | None = tuple(
            None if e is None else _table_code(e) for e in extras
        )
    else:
        extra_codes = None
    # Where each card is: as the rows say (a card of the run in its row's area, at its
    # index there) or else written; the offers' always written.
    lengths = tuple([len(game_areas[area]) for area in _CARD_AREAS])
    run = sum(lengths)
    places = None
    if (areas[:run], slots[:run]) != _places(lengths):
        places = (tuple(map(int, areas[:run])), slots[:run])
    # Which cards count in the game's tally: those of the run, or else each card's flag.
    if None in tallies[:run] or tallies[run:].count(None) != len(tallies) - run:
        counts: int | tuple[bool, ...] = tuple([t is not None for t in tallies])
    else:
        counts = run
    card_codes = (
        card_ids,
        serials,
        _values_codes(values),
        extra_codes,
        places,
        tuple(map(int, areas[run:])),
        slots[run:],
        counts,
    )
    items: list[Joker | Consumable] = [*jokers, *consumables]
    handles = tuple(map(_handle_code, items))
    blind, deck = game.blind, game.deck
    special = (deck.entity, deck.type.key, None if blind is None else (blind.entity, blind.key))
    # every other entity's table: the jokers', consumables', the blind's, the deck's, and
    # those of entities a plugin made
    entities = game.world._entities
    skip = {*[j.entity for j in jokers], *[c.entity for c in consumables]}
    others = [e for e, t in entities.items() if type(t) is dict and e not in skip]
    if len(entities) - len(others) != len(card_ids) + len(skip):  # a card in no row
        held = {*card_ids, *skip}
        for entity, table in entities.items():
            if type(table) is not dict and entity not in held:
                raise SaveError(
                    f"binary save: entity {entity} is a {type(table).__name__} outside every "
                    "row; save as JSON"
                )
    tables = [(entity, _table_code(entities[entity])) for entity in others]
    stake = game.stake
    plugins = game.plugins
    synced = game._synced is not None and game._synced == (game.row_version, plugins.version)
    return (
        game.seed,
        game.atomic,
        None if stake is None else stake.key,
        special,
        (
            game.free_packs,
            game.pack_key,
            game.pack_picks,
            game.pack_return.value,
            game.joker_buffer,
            game.row_version,
            synced,
            game._plans is not None,
            game.budget,
            game.checks,
        ),
        game.run.to_tuple(),
        game.rng._state,
        game._next_serial(),
        _RULES(game._rules),
        (_ids_code(tuple(entities)), game.world._next),
        card_codes,
        handles,
        len(jokers),
        tuple(tables),
        (
            lengths,  # the deck, hand, play and discard pile: the first cards, in order
            tuple([j.entity for j in game.jokers]),
            tuple([c.entity for c in game.consumables]),
            tuple([o.entity for o in game.shop]),
            tuple(game.shop_vouchers),
            tuple(game.shop_packs),
            tuple([o.entity for o in game.pack]),
            tuple(game._tally),
        ),
        tuple(map(save._outcome_text, game.log)),
    )


# -- reading -----------------------------------------------------------------------------------


class _Ref:
    """What :func:`~balatro_ecs.game.copying.build` reads of an old handle: its entity and
    content type."""

    __slots__ = ("entity", "type")

    def __init__(self, entity: int, type_: Any) -> None:
        self.entity = entity
        self.type = type_


def loads(
    data: bytes,
    plugins: Plugins | None = None,
    *,
    game_class: type[Game],
    key: bytes | str | None = None,
) -> Game:
    """The game :func:`dumps` wrote, built through the clone path, in a new
    ``game_class`` (see the module's docstring).

    :raises SaveError: not a binary save, or one this engine did not write with this key,
        this plugin set and this version (nothing in it is read then).
    """
    plugins = plugins if plugins is not None else Plugins.default()
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveError(f"binary save: expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if data[:8] != MAGIC:
        raise SaveError("binary save: not a balatro_ecs binary save (no magic bytes)")
    identity = _identity(plugins)
    header = _header(identity)
    start = 8 + _DIGEST
    end = start + len(header)
    # (what is signed is the header and the body: the bytes after the digest, read in place)
    signed = memoryview(data)[start:]
    expected = hmac.digest(_key_of(key), signed, "sha256")
    if data[start:end] != header or not hmac.compare_digest(expected, data[8:start]):
        raise SaveError(_refusal(data[start:], identity))
    kind, body = data[end : end + 1], signed[end + 1 - start :]
    payload = marshal.loads(body) if kind == _MARSHAL else pickle.loads(body)
    return _game(payload, plugins, game_class)


def _refusal(header: bytes, identity: bytes) -> str:
    """Why bytes whose digest does not check were refused (from their clear header)."""
    size = header[0] if header else 0
    version = header[1 : 1 + size].decode("utf-8", "replace")
    if version != __version__:
        return (
            f"binary save: written by balatro_ecs {version or '?'}, this is {__version__}; "
            "load its JSON save (Game.from_json)"
        )
    if header[1 + size : 1 + size + len(identity)] != identity:
        return (
            "binary save: written with another plugin set or layout (plugins, packs, their "
            "versions, the numbering of added kinds or the run record's fields differ); "
            "load its JSON save (Game.from_json)"
        )
    return (
        "binary save: not signed with this key, or changed since it was written; "
        "load its JSON save (Game.from_json)"
    )


def _price_and_place(table: dict[type, Any]) -> tuple[Any, ...]:
    """A joker's or consumable's price and place, from its saved component table: buy,
    sell override, free, area, slot."""
    p, z = table[C.Price], table[C.Zone]
    return p.buy, p.sell_override, p.free, z.area, z.slot


_PHASE_OF = {p.value: p for p in Phase}
_NO_ROWS = ((None, ()),) * 7


def _game(payload: tuple[Any, ...], plugins: Plugins, game_class: type[Game]) -> Game:
    (
        seed, atomic, stake, (deck_entity, deck_key, blind), small, run, rng, serial, rules,
        (ids, next_id), cards, handles, joker_count, tables, rows, log,
    ) = payload  # fmt: skip
    (
        free_packs, pack_key, pack_picks, pack_return, joker_buffer, row_version, synced, plans,
        budget, checks,
    ) = small  # fmt: skip
    saved: dict[int, Any] = {entity: _table(codes) for entity, codes in tables}
    entity_ids, serials, value_codes, extras, places, offer_areas, offer_slots, counts = cards
    area_of = _AREA_OF
    if places is None:
        run_areas, run_slots = _places(rows[0])
    else:
        run_areas, run_slots = tuple(map(area_of.__getitem__, places[0])), places[1]
    snap = GameSnapshot()
    snap.kind = game_class
    snap.world = None
    snap.cards = ()
    snap.card_state = []
    snap.card_columns = (
        entity_ids,
        C.serials_of(serials),
        [*run_areas, *map(area_of.__getitem__, offer_areas)],
        [*run_slots, *offer_slots],
        counts,
        _values_rows(value_codes),
        None if extras is None else [None if e is None else _table(e) for e in extras],
    )
    jokers: list[tuple[Any, ...]] = []
    consumables: list[tuple[Any, ...]] = []
    content = plugins.content
    edition, debuff, serial_of, area_at = C.edition, C.debuff, C.serial, area_of.__getitem__
    for index, code in enumerate(handles):
        if index < joker_count:
            if len(code) == 3:  # component by component
                entity, key, codes = code
                table = saved[entity] = _table(codes)
                state, stickers = table[C.Counters].values, table[C.Stickers].values
                buy, sell_override, free, area, slot = _price_and_place(table)
            else:
                (entity, key, state, kind, forced, by_blind, stickers_code, buy, sell_override,
                 free, number, area_code, slot) = code  # fmt: skip
                saved[entity] = {
                    C.JokerKind: _kind(C.JokerKind, key), C.Counters: None,
                    C.Edition: edition(kind), C.Debuff: debuff(forced, by_blind),
                    C.Stickers: None, C.Price: None, C.Serial: serial_of(number), C.Zone: None,
                }  # fmt: skip
                stickers = (
                    C.NO_STICKERS if stickers_code is None else MappingProxyType(stickers_code)
                )
                area = area_at(area_code)
            jokers.append((
                _Ref(entity, content(key)), state, state, stickers, buy, sell_override, free,
                area, slot,
            ))  # fmt: skip
        else:
            if len(code) == 3:
                entity, key, codes = code
                table = saved[entity] = _table(codes)
                state = table[C.Counters].values
                buy, sell_override, free, area, slot = _price_and_place(table)
            else:
                (entity, key, state, kind, buy, sell_override, free, number, area_code,
                 slot) = code  # fmt: skip
                saved[entity] = {
                    C.ConsumableKind: _kind(C.ConsumableKind, key), C.Counters: None,
                    C.Edition: edition(kind), C.Price: None, C.Serial: serial_of(number),
                    C.Zone: None,
                }  # fmt: skip
                area = area_at(area_code)
            consumables.append((
                _Ref(entity, content(key)), state, state, buy, sell_override, free, area, slot,
            ))  # fmt: skip
    snap.jokers = tuple(jokers)
    if type(ids) is int:
        ids = _counted(ids)
    cards_none: Any = saved.get  # (a card's table is None: made from the columns)
    snap.world_state = WorldState(ids, (), tuple(map(cards_none, ids)), next_id)
    snap.consumables = tuple(consumables)
    if blind is None:
        snap.blind = None
    else:
        entity, blind_key = blind
        state = saved[entity][C.BlindState]
        snap.blind = (
            _Ref(entity, plugins.content(blind_key)), state.disabled, state.triggered,
            state.memory, state.memory,
        )  # fmt: skip
    snap.attrs = {
        "deck": _Ref(deck_entity, plugins.content(deck_key)),
        "seed": seed,
        "plugins": plugins,
        "atomic": atomic,
        "budget": budget,
        "checks": checks,
        "stake": None if stake is None else plugins.content(stake),
        "free_packs": free_packs,
        "pack_key": pack_key,
        "pack_picks": pack_picks,
        "pack_return": _PHASE_OF[pack_return],
        "joker_buffer": joker_buffer,
        "row_version": row_version,
        "_synced": (row_version, plugins.version) if synced else None,
        "_plans": True if plans else None,
    }
    snap.run = RunState.from_tuple(run)
    snap.rng = rng
    snap.serial = serial
    snap.rules = rules
    lengths, joker_row, held, shop, vouchers, packs, pack, tally = rows
    in_deck, in_hand, in_play, in_discard = lengths
    hand_at = in_deck + in_hand
    play_at = hand_at + in_play
    snap.row_ids = (
        entity_ids[:in_deck], entity_ids[in_deck:hand_at], entity_ids[hand_at:play_at],
        entity_ids[play_at : play_at + in_discard], joker_row, held, shop, pack,
    )  # fmt: skip
    # (build reads only the contents of these rows: the vouchers, the packs and the tally)
    snap.rows = (  # type: ignore[assignment]  # (no row objects)
        *_NO_ROWS[:7], (None, vouchers), (None, packs), *_NO_ROWS[:3], (None, list(tally)),
    )  # fmt: skip
    snap.log = tuple(_outcomes(log))
    game = build(snap, adopt=True)
    return game
