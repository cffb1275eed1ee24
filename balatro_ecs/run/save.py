"""Saving and loading games as JSON, and cloning them.

A save holds the run record, every playing card, joker, consumable and offer by its
creation serial (never by esper entity id, so a save does not depend on the process that
made it), the order of every row, the random streams' positions, the blind, the action
log, the plugin packages (with versions) whose content the game uses, and every pack the
plugin set had loaded (``packs``: pack id -> version, :attr:`Plugins.packs
<balatro_ecs.manager.Plugins.packs>`; a loaded pack shapes the game even when none of its
content is in play yet: it is in the shop's and the packs' pools).

Content a plugin adds is saved as vanilla content is: a joker by its key, a card's
enhancement, edition and seal by name (``"glass"``; ``"mypack_silver"`` for the kind
``m_mypack_silver`` declares), looked up when the card is saved or loaded -- a plugin may
declare a kind at any time.

Loading checks the whole save first (:mod:`balatro_ecs.run.save_check`): the recorded
packs against the loaded ones, every field's type and range, every content key and card
modifier it names (known, and not blocked), the state's invariants (no serial used twice,
a blind while in a round, ...), and the recorded plugin packages against the installed
ones. A pack or package must be there at a compatible version: the same major version,
and a minor version not older than the saved one. Any problem is a
:class:`~balatro_ecs.errors.SaveError` naming the field and the value (or the pack, the
saved version and the installed one); a save that passes loads into a game that plays on.
Saves written before packs were recorded (no ``packs`` field) load without that check.

The text is strict JSON (RFC 8259): a number that JSON cannot write -- an infinity or NaN
(a score past the float range, an "always" probability) -- is written as the object
``{"float": "inf"}``, ``{"float": "-inf"}`` or ``{"float": "nan"}``, and read back as that
float. Saves written before this (with the bare ``Infinity`` token, or ``"inf"`` in the
run record) still load.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from .. import components as C
from ..actions import Outcome, action_from_dict
from ..cards import CARD_COMPONENTS, Card, CardSpec
from ..enums import KINDS_ADDED, Edition, Enhancement, Seal, Suit
from ..errors import BalatroError, SaveError
from ..jokers import Consumable, Joker
from ..state import Phase, RunState
from .save_check import check_save, check_versions

if TYPE_CHECKING:
    from ..game import Game
    from ..manager import Plugins

__all__ = ["FORMAT", "clone", "dumps", "loads", "to_data"]

FORMAT = "balatro_ecs.save/1"

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
# Plugins declare kinds at run time (:func:`~balatro_ecs.enums.add_kind`): the tables are
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
    stickers = joker._stickers
    price = joker._price
    return {
        "serial": joker._serial.value,
        "key": joker.key,
        "edition": joker.edition.name.lower(),
        "state": joker.state,
        "debuff": [joker._debuff.forced, joker._debuff.by_blind],
        "stickers": {
            "eternal": stickers.eternal,
            "perishable": stickers.perishable,
            "rental": stickers.rental,
        },
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
    return _to_data(game, with_plugins, rows=True)


def _to_data(game: Game, with_plugins: bool, rows: bool) -> dict[str, Any]:
    """:func:`to_data`; ``rows=False`` leaves the rows of cards out (``None``), for
    :func:`dumps` to write from their saved texts."""
    run = game.run
    keys: set[str] = {game.deck.key, *run.vouchers, *run.tags, run.boss}
    if game.stake is not None:
        keys.add(game.stake.key)
    keys |= {j.key for j in game.jokers} | {c.key for c in game.consumables}
    keys |= _modifier_keys(game)
    blind = game.blind
    data: dict[str, Any] = {
        "format": FORMAT,
        "seed": game.seed,
        "deck": game.deck.key,
        "stake": game.stake.key if game.stake is not None else None,
        "serial": game._next_serial(),
        "run": run.to_dict(),
        "rng": game.rng.snapshot(),
        "rows": {name: [_card(c) for c in game.area(area)] for name, area in _CARD_AREAS.items()}
        if rows
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
        "log": [outcome.to_dict() for outcome in game.log],
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
#: save's encoding: strict JSON (a non-finite float is refused: see :func:`_tagged`).
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode
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
    """``json.loads``'s object hook: ``{"float": "inf"}`` back to the float."""
    if len(obj) == 1:
        tag = obj.get(_FLOAT_TAG)
        if type(tag) is str and tag in _FLOAT_OF:
            return _FLOAT_OF[tag]
    return obj


def _encode(value: Any) -> str:
    """``_ENCODE(value)``, with non-finite floats tagged (looked for only when there are)."""
    try:
        return _ENCODE(value)
    except ValueError:  # "Out of range float values are not JSON compliant"
        return _ENCODE(_tagged(value))


def dumps(game: Game) -> str:
    """The save as strict JSON text (stable: the same game always gives the same bytes).

    The same text as ``json.dumps(to_data(game), allow_nan=False, ...)`` with every
    infinity or NaN tagged (``{"float": "-inf"}``), written in three pieces so that each
    playing card's text can be reused (:func:`_card_text`): the fields before ``rows``, the
    rows, and the fields after them (each of the other two encoded at once).
    """
    areas = game._areas
    rows = ",".join(
        f'"{name}":[{",".join([_card_text(card) for card in areas[area]])}]'
        for name, area in _CARD_AREAS.items()
    )
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    fields = before
    for key, value in _to_data(game, True, rows=False).items():
        if key == "rows":
            fields = after
        else:
            fields[key] = value
    # "{...}" and "{...}" around the rows: the keys are plain, as the encoder writes them
    return f'{_encode(before)[:-1]},"rows":{{{rows}}},{_encode(after)[1:]}'


#: The saved text of a playing card, by the identities of its value components (every
#: component a card's text reads is a shared value: the text follows from them). An
#: entry holds the components themselves, so no identity in a key is reused while kept.
_CARD_TEXTS: dict[tuple[int, ...], tuple[tuple[Any, ...], str]] = {}
_CARD_TEXTS_LIMIT = 8192


def _card_text(card: Card) -> str:
    """``_ENCODE(_card(card))``, kept for cards made of the same values."""
    values = (
        card._serial, card._rank, card._suit, card._enhancement, card._edition, card._seal,
        card._perma, card._flags, card._debuff,
    )  # fmt: skip
    key = tuple(map(id, values))
    found = _CARD_TEXTS.get(key)
    if found is None:
        if len(_CARD_TEXTS) >= _CARD_TEXTS_LIMIT:
            _CARD_TEXTS.clear()
        found = _CARD_TEXTS[key] = (values, _encode(_card(card)))
    return found[1]


def _spec(raw: dict[str, Any]) -> CardSpec:
    from ..enums import parse_suit

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
    """A saved row of the run's cards, in order, numbered and counted as they are made
    (:func:`_restore_card`'s work, with its lookups made once per row)."""
    row = game.area(area)
    tally, rules, spawn = game._tally, game._rules, game.world.spawn
    known, fields = _SAVED_VALUES, _SAVED_FIELDS
    serial_of, zone_of, shared_serial = C.Serial, C.Zone, C.serial
    slot = len(row)
    for raw in raws:
        forced, by_blind = raw["debuff"]
        key = (
            fields(raw), type(raw["perma_bonus"]), raw.get("original_suit"),
            raw.get("couponed", False), forced, by_blind,
        )  # fmt: skip
        try:
            found = known.get(key)
            plain = True
        except TypeError:  # not plain JSON values: made the slow way (and not kept)
            found, plain = None, False
        if found is None:
            found = _saved_values(raw, forced, by_blind)
            if plain and len(known) < 4096:
                known[key] = found
        proto, values = found
        table = proto.copy()
        serial = table[serial_of] = shared_serial(raw["serial"])
        zone = table[zone_of] = zone_of(area, slot)
        row.append(Card(spawn(table), (*values, serial, zone), rules, tally, table))
        tally[values[2].kind] += 1
        slot += 1


def _parse_suit(text: Any) -> Suit:
    found = _SUIT_OF_LETTER.get(text) if isinstance(text, str) else None
    if found is None:
        from ..enums import parse_suit

        return parse_suit(text)
    return found


def _restore_card(game: Game, raw: dict[str, Any], area: C.Area) -> Card:
    """A saved card, in no row (its debuff is as saved: no blind is asked)."""
    forced, by_blind = raw["debuff"]
    key = (
        _SAVED_FIELDS(raw), type(raw["perma_bonus"]), raw.get("original_suit"),
        raw.get("couponed", False), forced, by_blind,
    )  # fmt: skip
    try:
        found = _SAVED_VALUES.get(key)
        plain = True
    except TypeError:  # not plain JSON values: checked the slow way (and refused)
        found, plain = None, False
    if found is None:
        found = _saved_values(raw, forced, by_blind)
        if plain and len(_SAVED_VALUES) < 4096:
            _SAVED_VALUES[key] = found
    proto, values = found
    table = proto.copy()
    serial = table[C.Serial] = C.serial(raw["serial"])
    zone = table[C.Zone] = C.Zone(area)
    return Card(game.world.spawn(table), (*values, serial, zone), game._rules, None, table)


_SAVED_FIELDS = operator.itemgetter(
    "rank", "suit", "enhancement", "edition", "seal", "perma_bonus", "played_this_ante",
    "face_down", "forced",
)  # fmt: skip
#: A saved card's values (all but its serial) -> a table holding its value components,
#: and those components in order: most saved cards look like many others.
_SAVED_VALUES: dict[tuple[Any, ...], tuple[dict[type, Any], tuple[Any, ...]]] = {}


def _saved_values(
    raw: dict[str, Any], forced: bool, by_blind: bool
) -> tuple[dict[type, Any], tuple[Any, ...]]:
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
    return dict(zip(CARD_COMPONENTS, (*values, None, None), strict=True)), values


def _price(raw: dict[str, Any]) -> C.Price:
    return C.Price(raw["buy"], raw["sell_override"], raw["free"])


def _restore_joker(game: Game, raw: dict[str, Any], area: C.Area) -> Joker:
    jtype = game.plugins.joker(raw["key"])
    sticker = raw["stickers"]
    forced, by_blind = raw["debuff"]
    comps: dict[type, Any] = {
        C.JokerKind: C.JokerKind(jtype.key),
        C.Counters: C.Counters(dict(raw["state"])),
        C.Edition: C.edition(Edition[raw["edition"].upper()]),
        C.Debuff: C.debuff(forced, by_blind),
        C.Stickers: C.Stickers(sticker["eternal"], sticker["perishable"], sticker["rental"]),
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


def from_data(data: dict[str, Any], plugins: Plugins | None = None) -> Game:
    """Rebuild a game from :func:`to_data` output, after checking all of it
    (:func:`~balatro_ecs.run.save_check.check_save`, with the packs it records:
    :func:`~balatro_ecs.run.save_check.check_packs`) and the plugin packages it records
    (:func:`~balatro_ecs.run.save_check.check_versions`): the same major version as saved,
    and a minor version not older.

    :raises SaveError: not a save, a save needing content no plugin provides (or a
        blocked one), a pack or package missing or at an incompatible version, or a
        damaged save: the message names the bad field by its path and the value.
    """
    from ..manager import Plugins as PluginSet

    if type(data) is not dict:
        raise SaveError(f"not a balatro_ecs save (expected an object, got {type(data).__name__})")
    if data.get("format") != FORMAT:
        found = data.get("format")
        shown = repr(found) if type(found) is str and len(found) <= 100 else type(found).__name__
        raise SaveError(f"not a balatro_ecs save (format {shown}, expected {FORMAT!r})")
    plugins = plugins if plugins is not None else PluginSet.default()
    check_save(data, plugins)
    check_versions(data["plugins"], plugins.package_versions())
    try:
        return _from_data(data, plugins)
    except SaveError:
        raise
    except (BalatroError, LookupError, TypeError, ValueError, AttributeError) as err:
        # not expected after the check: still a one-line error, never a bare exception
        raise SaveError(f"damaged save: {type(err).__name__}: {err}") from None


def _from_data(data: dict[str, Any], plugins: Plugins) -> Game:
    from ..game import Game

    game = Game(deck=data["deck"], seed=data["seed"], plugins=plugins, start=False)
    if data.get("stake"):
        game.stake = game._stake(data["stake"])
    game.run = RunState.from_dict(data["run"])
    for name, area in _CARD_AREAS.items():
        _restore_row(game, data["rows"][name], area)
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
        from ..blinds import Blind

        btype = plugins.blind(blind["key"])
        game.blind = Blind(game.world.create(C.BlindKind(btype.key), state), btype, state)
    game.rng.restore(data["rng"])
    game._set_next_serial(data["serial"])
    game._plans = None  # the saved counts already include what the jokers change
    game._synced = None
    game._sync(as_saved=True)
    game.log = [_outcome(raw) for raw in data["log"]]
    game.events.clear()
    return game


def _outcome(raw: dict[str, Any]) -> Outcome:
    score = raw.get("score")
    result = None
    if score is not None:
        from ..scoring.result import ScoreResult

        result = ScoreResult(score["hand_name"], score["chips"], score["mult"], score["score"])
    return Outcome(
        action=action_from_dict(raw["action"]),
        phase_before=raw["phase_before"],
        phase_after=raw["phase_after"],
        dollars_before=raw["dollars_before"],
        dollars_after=raw["dollars_after"],
        score=result,
    )


def loads(text: str | bytes, plugins: Plugins | None = None) -> Game:
    """Load a save made by :func:`dumps` (checked as :func:`from_data` says).

    :raises SaveError: text that is not JSON (or not UTF-8), or a save that cannot load.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise SaveError(f"save: not UTF-8 text (byte {err.start})") from None
    if not isinstance(text, str):
        raise SaveError(f"save: expected JSON text, got {type(text).__name__}")
    hook = _untag if f'"{_FLOAT_TAG}"' in text else None  # tagged floats: rare, looked for
    try:
        data = json.loads(text, object_hook=hook)
    except json.JSONDecodeError as err:
        raise SaveError(f"save: malformed JSON at line {err.lineno}, column {err.colno}") from None
    except RecursionError:
        raise SaveError("save: malformed JSON: nested too deeply") from None
    except ValueError as err:  # a number too long to read (Python's digit limit)
        raise SaveError(f"save: malformed JSON: {err}") from None
    return from_data(data, plugins)


def clone(game: Game) -> Game:
    """An independent copy of ``game`` (copied directly: :mod:`balatro_ecs.run.clone`)."""
    from .clone import clone as direct

    return direct(game)
