"""The one validation pass a save gets before it is loaded (:func:`check_save`).

It checks the whole save as data, before any entity is made: every field's type and range,
every content key it names (deck, stake, jokers, consumables, vouchers, tags, boosters, the
boss and the blind) against the loaded plugins -- known, of the right family, not blocked
--, and the state's invariants: no serial used twice (every card, joker, consumable and offer
has its own), the next serial past all of them, a blind present while in a round, an open
pack while picking from one, a full table of poker hands. A problem is a
:class:`~balatro_ecs.kernel.errors.SaveError` naming the field by its path and the value
(``damaged save: jokers[1].state.mult: expected a finite number, got nan``).

Card modifiers are checked against the plugin set too: a card's enhancement, edition and
seal (and a joker's or consumable's edition) must be a kind the set declares -- or one of
its blocked plugins declares (such cards are plain, but a game saved with the set loads
with it).

A row of cards may come as a :class:`CardRow` (cards read from a save's text by their
texts, :func:`balatro_ecs.game.run.save.loads`): it is checked as the list of objects it stands
for, each distinct card's fields once per plugin set.

The packs a save records (``packs``: id -> version; saves made before have none) are
compared with the loaded ones first (:func:`check_packs`), and the plugin packages it
records with the installed ones (:func:`check_versions`): each must be there, at the same
major version and a minor version not older than the saved one (:func:`compatible`).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ...kernel.content import (
    BLIND_MEMORY_KINDS,
    BlindType,
    BoosterType,
    ConsumableSetType,
    ConsumableType,
    ContentType,
    DeckType,
    EditionType,
    EnhancementType,
    JokerType,
    PokerHandType,
    SealType,
    StakeType,
    StickerType,
    TagType,
    VoucherType,
    fold_name,
)
from ...kernel.enums import HAND_NAMES, VANILLA_HANDS, HandType, parse_suit
from ...kernel.errors import BalatroError, SaveError, UnknownNameError
from ...kernel.quantities import MAX_TARGET, is_target
from ..actions import Action, action_from_dict
from ..checks import (
    MAX_INT,
    MAX_TEXT,
    check_keys,
    check_like,
    check_state,
    flag,
    joker_state_template,
    number,
    plain,
    show,
    text,
    whole,
)
from ..state import Phase, RunState, hand_count, saved_hand_names

if TYPE_CHECKING:
    from ...kernel.manager import Plugins

__all__ = ["CardRow", "SavedCard", "check_packs", "check_save", "check_versions", "compatible"]


class _Damaged(SaveError):
    """A SaveError about the save's contents: the message says so first."""

    def __init__(self, message: str) -> None:
        super().__init__(f"damaged save: {message}")


class SavedCard:
    """A playing card as a save writes it, all but its serial: read once from its text
    (:func:`balatro_ecs.game.run.save.loads`) and shared by every card saved with that text --
    most cards look like many others. Checked once per plugin set (:class:`_Check`
    remembers the ones found good), built once (:attr:`built`, the loader's)."""

    __slots__ = ("built", "fields")

    def __init__(self, fields: dict[str, Any]) -> None:
        #: The card's saved fields but its serial, as JSON reads them (never changed).
        self.fields = fields
        #: What the loader makes of the fields once they are found good: the card's
        #: shared value components, in order, which each card made from them holds
        #: (``None``: not yet).
        self.built: tuple[Any, ...] | None = None


class CardRow:
    """A row of playing cards read by their texts (what :func:`~balatro_ecs.game.run.save.loads`
    makes of a row whose every card is written as saves write them): each card's serial,
    and its other fields as a :class:`SavedCard`. Checked as the list of objects it stands
    for (``{"serial": serial, **card.fields}`` each) would be."""

    __slots__ = ("cards", "serials")

    def __init__(self, serials: list[int], cards: list[SavedCard]) -> None:
        self.serials = serials
        self.cards = cards

    def __len__(self) -> int:
        return len(self.cards)


#: The most entities (cards, jokers, offers ...) or entries of one list a save may hold.
MAX_ITEMS = 100_000
_REQUIRED = frozenset(
    {"format", "seed", "deck", "stake", "serial", "run", "rng", "rows", "jokers",
     "consumables", "shop", "shop_vouchers", "shop_packs", "free_packs", "pack", "blind",
     "log", "plugins"}
)  # fmt: skip
#: The fields a save may hold: the required ones, and ``packs`` (saves written before
#: packs were recorded have none).
_KEYS = _REQUIRED | {"packs"}
_ROWS = ("deck", "hand", "play", "discard")
_CARD_KEYS = frozenset(
    {"serial", "rank", "suit", "enhancement", "edition", "seal", "perma_bonus",
     "played_this_ante", "face_down", "forced", "debuff"}
)  # fmt: skip
_CARD_EXTRA = frozenset({"original_suit", "couponed"})
_JOKER_KEYS = frozenset({"serial", "key", "edition", "state", "debuff", "stickers", "price"})
_CONSUMABLE_KEYS = frozenset({"serial", "key", "edition", "state", "price"})
_JOKER_OFFER_KEYS = _JOKER_KEYS | {"kind"}
_CONSUMABLE_OFFER_KEYS = _CONSUMABLE_KEYS | {"kind"}
_PRICE_KEYS = frozenset({"buy", "sell_override", "free"})
_PACK_KEYS = frozenset({"key", "cards", "picks", "return"})
_BLIND_KEYS = frozenset({"key", "disabled", "triggered", "memory"})
_OUTCOME_KEYS = frozenset(
    {"action", "phase_before", "phase_after", "dollars_before", "dollars_after", "score"}
)
_SCORE_KEYS = frozenset({"hand_name", "chips", "mult", "score"})
_HAND_KEYS = frozenset({"level", "played", "played_this_round", "visible"})
#: A pack's poker hand also names its pack.
_PACK_HAND_KEYS = _HAND_KEYS | {"pack"}
_PHASES = frozenset(p.value for p in Phase)
_BLINDS = ("Small", "Big", "Boss")
_BLIND_SET = frozenset(_BLINDS)
_BLIND_STATES = frozenset({"", "Select", "Upcoming", "Current", "Defeated", "Skipped"})
_SUITS = frozenset({"S", "H", "C", "D"})


def check_save(data: dict[str, Any], plugins: Plugins) -> list[Action]:
    """Check a save (parsed JSON, with tagged non-finite numbers already read back).

    :returns: the action of each entry of its log, made while checking them (what a
        loader needs: they are not made twice).
    :raises SaveError: the first problem, naming its field and value.
    """
    check_keys(data, _KEYS, "save field", "save", _Damaged)
    if not data.keys() >= _REQUIRED:
        missing = min(_REQUIRED - data.keys())
        raise _Damaged(f"field {missing!r} is missing")
    if "packs" in data:  # first: a missing pack explains any of its content missing
        check_packs(_versions(data["packs"], "packs"), plugins)
    check = _Check(plugins)
    check.save(data)
    return check.actions


class _Check:
    """One pass over a save: remembers where each serial was seen."""

    def __init__(self, plugins: Plugins) -> None:
        self.plugins = plugins
        #: The card modifiers' names this plugin set knows, and the cards found good.
        self.modifiers = _modifiers(plugins)
        #: Serial -> where it is used (a path, or a row's path and the index in it).
        self.serials: dict[int, str | tuple[str, int]] = {}
        #: The action of each entry of the log, made while checking it.
        self.actions: list[Action] = []

    # -- the pieces ------------------------------------------------------------------------
    def save(self, data: dict[str, Any]) -> None:
        text(data["seed"], "seed", _Damaged, empty=False)
        self.content(DeckType, data["deck"], "deck")
        if data["stake"] is not None:
            self.content(StakeType, data["stake"], "stake")
        self.run(_object(data["run"], "run"))
        self.rng(_object(data["rng"], "rng"))
        rows = _object(data["rows"], "rows")
        check_keys(rows, _ROWS, "row", "rows", _Damaged)
        for name in _ROWS:
            if name not in rows:
                raise _Damaged(f"rows.{name}: missing")
            row = rows[name]
            if type(row) is CardRow:
                self.card_row(row, f"rows.{name}")
            else:
                self.row(_list(row, f"rows.{name}"), f"rows.{name}")
        for i, raw in enumerate(_list(data["jokers"], "jokers")):
            self.joker(raw, f"jokers[{i}]")
        for i, raw in enumerate(_list(data["consumables"], "consumables")):
            self.consumable(raw, f"consumables[{i}]")
        for i, raw in enumerate(_list(data["shop"], "shop")):
            self.offer(raw, f"shop[{i}]")
        for i, key in enumerate(_list(data["shop_vouchers"], "shop_vouchers")):
            self.content(VoucherType, key, f"shop_vouchers[{i}]")
        for i, key in enumerate(_list(data["shop_packs"], "shop_packs")):
            self.content(BoosterType, key, f"shop_packs[{i}]")
        flag(data["free_packs"], "free_packs", _Damaged)
        pack = self.pack(_object(data["pack"], "pack"))
        blind = data["blind"]
        if blind is not None:
            self.blind(_object(blind, "blind"))
        for i, raw in enumerate(_list(data["log"], "log", 10**7)):
            self.outcome(raw, f"log[{i}]")
        _versions(data["plugins"], "plugins")
        # -- invariants
        serial = whole(data["serial"], "serial", _Damaged)
        if self.serials and serial <= max(self.serials):
            top = max(self.serials)
            raise _Damaged(
                f"serial: the next serial must be past every one in use ({top}, at "
                f"{_place(self.serials[top])}), got {serial}"
            )
        phase = data["run"].get(
            "phase", Phase.BLIND_SELECT.value
        )  # a run field left out: its default
        if phase == Phase.ROUND.value and blind is None:
            raise _Damaged("blind: missing while in a round (run.phase is 'round')")
        if phase == Phase.PACK.value and pack["key"] is None:
            raise _Damaged("pack.key: no pack is open while picking from one (run.phase is 'pack')")

    def serial(self, value: object, where: str) -> None:
        serial = whole(value, where, _Damaged)
        seen = self.serials.get(serial)
        if seen is not None:
            raise _Damaged(f"{where}: serial {serial} is used twice (also by {_place(seen)})")
        self.serials[serial] = where.rsplit(".", 1)[0]

    def row(self, cards: list[Any], where: str) -> None:
        """A row of playing cards. Most cards look like others seen before: such a card
        is known by its values at once, and only its serial is looked at."""
        serials, good = self.serials, self.modifiers.good_cards
        for i, card in enumerate(cards):
            if type(card) is dict and len(card) == 11:
                try:
                    serial, debuff = card["serial"], card["debuff"]
                    known = (
                        type(debuff) is list
                        and len(debuff) == 2
                        and type(debuff[0]) is bool  # not 0 or 1, equal to them in a set
                        and type(debuff[1]) is bool
                        and (_SHAPE(card), type(card["perma_bonus"]), *debuff) in good
                    )
                except (KeyError, TypeError):  # a field missing, or not plain values
                    known = False
                if (
                    known
                    and type(serial) is int
                    and 0 <= serial <= MAX_INT
                    and serial not in serials
                ):
                    serials[serial] = (where, i)
                    continue
            self.card(card, f"{where}[{i}]")

    def card_row(self, row: CardRow, where: str) -> None:
        """A row read by its cards' texts: a card whose fields were found good with this
        plugin set before is known at once, and only its serial is looked at; any other is
        checked whole, as the object it stands for."""
        if len(row) > MAX_ITEMS:
            raise _Damaged(f"{where}: at most {MAX_ITEMS} items, got {len(row)}")
        serials, good = self.serials, self.modifiers.good_saved
        for i, (serial, card) in enumerate(zip(row.serials, row.cards, strict=True)):
            if card in good and 0 <= serial <= MAX_INT and serial not in serials:
                serials[serial] = (where, i)
                continue
            self.card({"serial": serial, **card.fields}, f"{where}[{i}]")
            if len(good) < _GOOD_LIMIT:
                good.add(card)

    def content(self, family: type[ContentType], key: object, where: str) -> ContentType:
        """The content ``key`` names, which must be of ``family``, loaded and not blocked."""
        if type(key) is str:
            found_fast = self.plugins._content.get(key)
            if isinstance(found_fast, family):
                return found_fast
        text(key, where, _Damaged, empty=False)
        assert isinstance(key, str)
        try:
            found: ContentType | None = self.plugins.content(key)
        except UnknownNameError:
            found = None
        if isinstance(found, family):
            return found
        name = family.family
        blocked = self.plugins.blocked_content.get(key)
        if blocked is not None or key in self.plugins.blocked:
            raise SaveError(f"save needs {name} {show(key)} ({where}), which is blocked")
        if found is not None:
            raise _Damaged(f"{where}: {key!r} is a {found.family}, not a {name}")
        choices = [c.key for c in self.plugins.all(family)]
        hint = UnknownNameError(name, key, choices).hint
        raise SaveError(
            f"save needs {name} {key!r} ({where}), which no installed plugin provides{hint}"
        )

    def run(self, run: Mapping[str, Any]) -> None:
        for name in _RUN_REQUIRED:  # (other fields an older save lacks take their defaults)
            if name not in run:
                raise _Damaged(f"run.{name}: missing")
        if not run.keys() <= _RUN_KEYS:
            # a save written before a run-state slot moved into ``memory`` has it here
            slots = self.plugins.run_state_declared()
            check_keys(run, _RUN_KEYS | slots.keys(), "run field", "run", _Damaged)
            for name in run.keys() - _RUN_KEYS:
                _slot(slots[name], run[name], f"run.{name}")
        ints, flags, reals = _RUN_INTS, _RUN_FLAGS, _RUN_REALS
        checks, places = _RUN_FIELDS, _RUN_PLACES
        for name, value in run.items():
            if name not in checks:
                continue  # a slot, checked above
            bounds = ints.get(name)
            if bounds is not None:
                if type(value) is int and bounds[0] <= value <= bounds[1]:
                    continue
            elif name in flags and (value is True or value is False):
                continue
            elif name in reals and type(value) in _NUMBER_TYPES and 0 <= value <= MAX_INT:
                continue  # a finite number, not negative (not NaN)
            checks[name](self, value, places[name])

    def rng(self, rng: Mapping[str, Any]) -> None:
        if len(rng) > MAX_ITEMS:
            raise _Damaged(f"rng: at most {MAX_ITEMS} streams, got {len(rng)}")
        for key, value in rng.items():
            where = f"rng.{_label(key)}"
            text(key, where, _Damaged, empty=False)
            if type(value) is not float or not 0.0 <= value <= 1.0:
                number(value, where, _Damaged, minimum=0)
                if value > 1:
                    raise _Damaged(f"{where}: a stream's position is at most 1, got {show(value)}")

    def card(self, raw: object, where: str, offer: bool = False) -> None:
        card = _object(raw, where)
        keys = card.keys()
        if keys != _CARD_KEYS:
            if not keys <= _CARD_KEYS | _CARD_EXTRA | ({"kind"} if offer else set()):
                check_keys(card, _CARD_KEYS | _CARD_EXTRA, "card field", where, _Damaged)
            for key in sorted(_CARD_KEYS):
                if key not in card:
                    raise _Damaged(f"{where}: missing {key!r}")
        self.serial(card["serial"], f"{where}.serial")
        _pair(card["debuff"], f"{where}.debuff")
        shape = (_SHAPE(card), type(card["perma_bonus"]), *card["debuff"])
        modifiers = self.modifiers
        good = modifiers.good_cards
        try:
            known = shape in good
        except TypeError:  # not hashable: not plain values
            known = False
        if not known:
            whole(card["rank"], f"{where}.rank", _Damaged, 2, 14)
            _suit(card["suit"], f"{where}.suit")
            _modifier(card["enhancement"], modifiers.enhancements, "enhancement", where)
            _modifier(card["edition"], modifiers.editions, "edition", where)
            _modifier(card["seal"], modifiers.seals, "seal", where)
            number(card["perma_bonus"], f"{where}.perma_bonus", _Damaged, minimum=0)
            for key in ("played_this_ante", "face_down", "forced"):
                flag(card[key], f"{where}.{key}", _Damaged)
            if len(good) < _GOOD_LIMIT:
                good.add(shape)
        if "original_suit" in card:
            _suit(card["original_suit"], f"{where}.original_suit")
        if "couponed" in card:
            flag(card["couponed"], f"{where}.couponed", _Damaged)

    def joker(self, raw: object, where: str, offer: bool = False) -> None:
        joker = _object(raw, where)
        _exact(joker, _JOKER_OFFER_KEYS if offer else _JOKER_KEYS, "joker field", where)
        self.serial(joker["serial"], f"{where}.serial")
        jtype = self.content(JokerType, joker["key"], f"{where}.key")
        assert isinstance(jtype, JokerType)
        _modifier(joker["edition"], self.modifiers.editions, "edition", where)
        template = joker_state_template(jtype)
        check_state(template, joker["state"], f"{where}.state", _Damaged, strict=False)
        _pair(joker["debuff"], f"{where}.debuff")
        self.stickers(joker["stickers"], where)
        _price(joker["price"], where)

    def stickers(self, raw: object, owner: str) -> None:
        """A joker's stickers (``owner``: the joker's path): name -> ``true`` or a whole
        number, each a sticker of the plugin set (not blocked). A ``false`` or ``null``
        value is no sticker (saves written before stickers were plugins list the game's
        three so)."""
        if type(raw) is dict and not raw:
            return  # the usual case, at once
        where = f"{owner}.stickers"
        stickers = _object(raw, where)
        if len(stickers) > MAX_ITEMS:
            raise _Damaged(f"{where}: at most {MAX_ITEMS} stickers, got {len(stickers)}")
        for name, value in stickers.items():
            if value is None or value is False:
                continue
            at = f"{where}.{_label(name)}"
            text(name, at, _Damaged, empty=False)
            if value is not True and not _plain_count(value):
                raise _Damaged(f"{at}: expected true or a whole number, got {show(value)}")
            self.content(StickerType, f"{StickerType.prefix}{name}", at)

    def consumable(self, raw: object, where: str, offer: bool = False) -> None:
        item = _object(raw, where)
        keys = _CONSUMABLE_OFFER_KEYS if offer else _CONSUMABLE_KEYS
        _exact(item, keys, "consumable field", where)
        self.serial(item["serial"], f"{where}.serial")
        ctype = self.content(ConsumableType, item["key"], f"{where}.key")
        assert isinstance(ctype, ConsumableType)
        _modifier(item["edition"], self.modifiers.editions, "edition", where)
        check_state(ctype.config, item["state"], f"{where}.state", _Damaged, strict=False)
        _price(item["price"], where)

    def offer(self, raw: object, where: str) -> None:
        item = _object(raw, where)
        kind = item.get("kind")
        if kind == "joker":
            self.joker(item, where, offer=True)
        elif kind == "consumable":
            self.consumable(item, where, offer=True)
        elif kind == "card":
            self.card(item, where, offer=True)
        else:
            raise _Damaged(
                f"{where}.kind: expected 'joker', 'consumable' or 'card', got {show(kind)}"
            )

    def pack(self, pack: Mapping[str, Any]) -> Mapping[str, Any]:
        _exact(pack, _PACK_KEYS, "pack field", "pack")
        if pack["key"] is not None:
            self.content(BoosterType, pack["key"], "pack.key")
        for i, raw in enumerate(_list(pack["cards"], "pack.cards")):
            self.offer(raw, f"pack.cards[{i}]")
        whole(pack["picks"], "pack.picks", _Damaged, 0, 1000)
        _choice(pack["return"], _PHASES, "phase", "pack.return")
        return pack

    def blind(self, blind: Mapping[str, Any]) -> None:
        _exact(blind, _BLIND_KEYS, "blind field", "blind")
        btype = self.content(BlindType, blind["key"], "blind.key")
        flag(blind["disabled"], "blind.disabled", _Damaged)
        flag(blind["triggered"], "blind.triggered", _Damaged)
        memory = _object(blind["memory"], "blind.memory")
        plain(memory, "blind.memory", _Damaged)
        kinds = btype.memory_kinds if isinstance(btype, BlindType) else {}
        for key, value in memory.items():
            kind = kinds.get(key)
            if kind is not None:
                _MEMORY[kind](value, f"blind.memory.{key}")

    def outcome(self, raw: object, where: str) -> None:
        """An entry of the action log; its action, made to check it, is kept
        (:attr:`actions`)."""
        action = _usual_outcome(raw)
        if action is None:  # not the usual entry: checked field by field, in order
            action = self._outcome(raw, where)
        self.actions.append(action)

    def _outcome(self, raw: object, where: str) -> Action:
        outcome = _object(raw, where)
        check_keys(outcome, _OUTCOME_KEYS, "log field", where, _Damaged)
        for key in _OUTCOME_REQUIRED:
            if key not in outcome:
                raise _Damaged(f"{where}: missing {key!r}")
        action = _object(outcome["action"], f"{where}.action")
        plain(action, f"{where}.action", _Damaged)
        try:
            made = action_from_dict(action)
        except (BalatroError, TypeError, ValueError) as err:
            raise _Damaged(f"{where}.action: {err}") from None
        for key in ("phase_before", "phase_after"):
            _choice(outcome[key], _PHASES, "phase", f"{where}.{key}")
        for key in ("dollars_before", "dollars_after"):
            whole(outcome[key], f"{where}.{key}", _Damaged, None)
        score = outcome.get("score")
        if score is not None:
            score = _object(score, f"{where}.score")
            _exact(score, _SCORE_KEYS, "score field", f"{where}.score")
            text(score["hand_name"], f"{where}.score.hand_name", _Damaged)
            for key in ("chips", "mult"):
                number(score[key], f"{where}.score.{key}", _Damaged, infinite=True)
            value = score["score"]
            if not (type(value) is int and value.bit_length() <= 4096):
                number(value, f"{where}.score.score", _Damaged, infinite=True)
        return made


_OUTCOME_REQUIRED = tuple(sorted(_OUTCOME_KEYS - {"score"}))
_OUTCOME_USUAL_KEYS = (_OUTCOME_KEYS, frozenset(_OUTCOME_REQUIRED))


def _usual_outcome(raw: object) -> Action | None:
    """The action of a log entry as games write them -- every field there and of its usual
    kind, the action's values strings, whole numbers or lists of them, the score's numbers
    finite -- or ``None`` for any other (:meth:`_Check._outcome` then checks it in order
    and names the first problem)."""
    if not (
        type(raw) is dict
        and raw.keys() in _OUTCOME_USUAL_KEYS
        and type(raw["action"]) is dict
        and type(raw["phase_before"]) is str
        and raw["phase_before"] in _PHASES
        and type(raw["phase_after"]) is str
        and raw["phase_after"] in _PHASES
        and type(raw["dollars_before"]) is int
        and -MAX_INT <= raw["dollars_before"] <= MAX_INT
        and type(raw["dollars_after"]) is int
        and -MAX_INT <= raw["dollars_after"] <= MAX_INT
    ):
        return None
    key = _action_key(raw["action"])
    if key is None:
        return None
    score = raw.get("score")
    if score is not None and not (
        type(score) is dict
        and score.keys() == _SCORE_KEYS
        and type(score["hand_name"]) is str
        and len(score["hand_name"]) <= MAX_TEXT
        and _finite(score["chips"])
        and _finite(score["mult"])
        and (
            (type(score["score"]) is int and score["score"].bit_length() <= 4096)
            or (type(score["score"]) is float and _finite(score["score"]))
        )
    ):
        return None
    action = _ACTIONS.get(key)
    if action is None:
        try:
            action = action_from_dict(raw["action"])
        except (BalatroError, TypeError, ValueError):
            return None
        if len(_ACTIONS) >= _ACTIONS_LIMIT:
            _ACTIONS.clear()
        _ACTIONS[key] = action
    return action


#: Actions made from log entries, by :func:`_action_key`: an action is immutable, and
#: the same few come back in every log.
_ACTIONS: dict[tuple[Any, ...], Action] = {}
_ACTIONS_LIMIT = 4096


def _action_key(action: dict[Any, Any]) -> tuple[Any, ...] | None:
    """An action's fields as a key (lists as tuples), if they are what
    :func:`~balatro_ecs.game.checks.plain` takes at once: string keys, and short strings,
    whole numbers within ``MAX_INT`` or lists of them (of exactly these types: ``1`` and
    ``True`` make different keys); ``None`` for any other."""
    fields = []
    for key, value in action.items():
        kind = type(value)
        if type(key) is not str:
            return None
        if kind is int:
            if not -MAX_INT <= value <= MAX_INT:
                return None
        elif kind is list:
            for item in value:
                if type(item) is not int or not -MAX_INT <= item <= MAX_INT:
                    return None
            value = tuple(value)
        elif kind is not str or len(value) > 10_000:
            return None
        fields.append((key, value))
    return tuple(fields)


def _finite(value: object) -> bool:
    """Whether ``value`` is an int within ``MAX_INT`` or a finite float."""
    if type(value) is float:
        return value - value == 0.0  # (not infinite, not NaN)
    return type(value) is int and -MAX_INT <= value <= MAX_INT


#: The values of a card (all but its serial and debuff) ...
_SHAPE = operator.itemgetter(
    "rank", "suit", "enhancement", "edition", "seal", "perma_bonus", "played_this_ante",
    "face_down", "forced",
)  # fmt: skip


class _Modifiers:
    """What a plugin set says about card modifiers, for checking saves (kept in the set's
    cache: made again when the set changes).

    :ivar enhancements: The enhancements' saved names a card may carry: ``"none"``, the
        kinds the set declares, and the kinds of its blocked plugins (their cards are
        plain, but they are the set's cards: a game saved with the set loads with it).
    :ivar editions: The same for editions (of cards, jokers and consumables).
    :ivar seals: The same for seals.
    :ivar good_cards: The shapes of cards (their values, the type of their bonus and
        their debuff flags) found good with this set before.
    :ivar good_saved: The :class:`SavedCard` objects found good with this set before.
    """

    __slots__ = ("editions", "enhancements", "good_cards", "good_saved", "seals")

    def __init__(self, plugins: Plugins) -> None:
        self.enhancements = self._names(plugins, EnhancementType)
        self.editions = self._names(plugins, EditionType)
        self.seals = self._names(plugins, SealType)
        self.good_cards: set[tuple[Any, ...]] = set()
        self.good_saved: set[SavedCard] = set()

    @staticmethod
    def _names(
        plugins: Plugins, family: type[EnhancementType | EditionType | SealType]
    ) -> frozenset[str]:
        found = {"none"}
        blocked = (c for c in plugins.blocked_content.values() if isinstance(c, family))
        for item in (*plugins.all(family), *blocked):
            found.add(item.kind.name.lower())
        return frozenset(found)


_MODIFIERS = "save_check.modifiers"
#: The most cards (shapes, read cards) a plugin set's tables remember as good.
_GOOD_LIMIT = 4096


def _modifiers(plugins: Plugins) -> _Modifiers:
    """The card-modifier facts of ``plugins`` (made once per plugin set)."""
    found: _Modifiers | None = plugins.cache.get(_MODIFIERS)
    if found is None:
        found = plugins.cache[_MODIFIERS] = _Modifiers(plugins)
    return found


def _place(seen: str | tuple[str, int]) -> str:
    return seen if isinstance(seen, str) else f"{seen[0]}[{seen[1]}]"


# -- small checks ----------------------------------------------------------------------------
def _label(key: object) -> str:
    return key if type(key) is str and len(key) <= MAX_TEXT else show(key)


def _object(value: object, where: str) -> Mapping[str, Any]:
    if type(value) is dict:
        return value
    raise _Damaged(f"{where}: expected an object, got {show(value)}")


def _list(value: object, where: str, limit: int = MAX_ITEMS) -> list[Any]:
    if type(value) is not list:
        raise _Damaged(f"{where}: expected a list, got {show(value)}")
    if len(value) > limit:
        raise _Damaged(f"{where}: at most {limit} items, got {len(value)}")
    return value


def _exact(data: Mapping[str, Any], keys: frozenset[str], kind: str, where: str) -> None:
    """``data`` has every one of ``keys`` (``"kind"`` optional) and no other."""
    if data.keys() == keys:
        return
    check_keys(data, keys, kind, where, _Damaged)
    for key in sorted(keys - {"kind"}):
        if key not in data:
            raise _Damaged(f"{where}: missing {key!r}")


def _choice(value: object, allowed: frozenset[str], kind: str, where: str) -> str:
    if type(value) is str and value in allowed:
        return value
    text(value, where, _Damaged)
    raise _Damaged(str(UnknownNameError(kind, value, sorted(allowed)).at(where)))


def _modifier(value: object, known: frozenset[str], kind: str, where: str) -> None:
    """A card modifier's saved name (``"glass"``, ``"mypack_silver"``): one the plugin set
    knows (``where`` is the card's or joker's path)."""
    if type(value) is str and value in known:
        return
    at = f"{where}.{kind}"
    text(value, at, _Damaged, empty=False)
    hint = UnknownNameError(kind, value, sorted(known - {"none"})).hint
    raise SaveError(
        f"save needs {kind} {show(value)} ({at}), which no installed plugin provides{hint}"
    )


def _suit(value: object, where: str) -> None:
    if type(value) is str and value in _SUITS:
        return
    text(value, where, _Damaged, empty=False)
    try:
        parse_suit(value)
    except UnknownNameError as err:
        raise _Damaged(str(err.at(where))) from None


def _hand(value: object, where: str) -> None:
    """A poker hand's name (as :meth:`HandType.from_name
    <balatro_ecs.kernel.enums.HandType.from_name>` reads it); a hand's own title at once."""
    if type(value) is str and value in _hand_titles():
        return
    _hand_checked(value, where)


def _hand_checked(value: object, where: str) -> None:
    text(value, where, _Damaged, empty=False)
    try:
        HandType.from_name(value)  # type: ignore[arg-type]
    except UnknownNameError as err:
        raise _Damaged(str(err.at(where))) from None


_HAND_TITLES: list[Any] = [0, frozenset()]


def _hand_titles() -> frozenset[str]:
    """Every poker hand's title (``"Two Pair"``), as :data:`~balatro_ecs.kernel.enums.HAND_NAMES`
    holds them now (it grows when a plugin declares a hand)."""
    if _HAND_TITLES[0] != len(HAND_NAMES):
        _HAND_TITLES[:] = [len(HAND_NAMES), frozenset(filter(_reads_as_hand, HAND_NAMES))]
    titles: frozenset[str] = _HAND_TITLES[1]
    return titles


def _reads_as_hand(title: str) -> bool:
    """Whether :func:`_hand` takes ``title`` (a title it reads, as text a save may hold)."""
    try:
        _hand_checked(title, "")
    except SaveError:
        return False
    return True


def _pair(value: object, where: str) -> None:
    """A debuff: ``[forced, by_blind]``, two flags."""
    if type(value) is list and len(value) == 2 and all(v is True or v is False for v in value):
        return
    raise _Damaged(f"{where}: expected [true or false, true or false], got {show(value)}")


def _plain_count(value: object) -> bool:
    """Whether ``value`` is a whole number that :func:`~balatro_ecs.game.checks.whole` takes
    with its default bounds."""
    return type(value) is int and 0 <= value <= MAX_INT


def _price(raw: object, owner: str) -> None:
    """A price (``owner``: the path of the joker or consumable it is the price of)."""
    if (
        type(raw) is dict
        and raw.keys() == _PRICE_KEYS
        and _plain_count(raw["buy"])
        and (raw["sell_override"] is None or _plain_count(raw["sell_override"]))
        and type(raw["free"]) is bool
    ):
        return  # the usual case, at once
    where = f"{owner}.price"
    price = _object(raw, where)
    _exact(price, _PRICE_KEYS, "price field", where)
    whole(price["buy"], f"{where}.buy", _Damaged)
    if price["sell_override"] is not None:
        whole(price["sell_override"], f"{where}.sell_override", _Damaged)
    flag(price["free"], f"{where}.free", _Damaged)


# -- the run record --------------------------------------------------------------------------
_Field = Any  # (check: _Check, value, where) -> None


class _count:
    """A whole number field in ``low..high`` (``low=None``: ``-MAX_INT``)."""

    def __init__(self, low: int | None = 0, high: int = MAX_INT) -> None:
        self.low, self.high = low, high
        self.bounds = (-MAX_INT if low is None else low, high)

    def __call__(self, c: _Check, value: object, where: str) -> None:
        whole(value, where, _Damaged, self.low, self.high)


def _optional_count(c: _Check, value: object, where: str) -> None:
    if value is not None:
        whole(value, where, _Damaged)


class _real:
    """A number field, not negative (``infinite``: it may be infinite)."""

    def __init__(self, infinite: bool = False) -> None:
        self.infinite = infinite

    def __call__(self, c: _Check, value: object, where: str) -> None:
        if value == "inf" and self.infinite:  # an older save's infinity
            return
        number(value, where, _Damaged, minimum=0, infinite=self.infinite)


def _target(c: _Check, value: object, where: str) -> None:
    """A blind's target or the round's total: a whole number of any size a double
    reaches, or a float, not negative (``inf`` allowed; :mod:`balatro_ecs.kernel.quantities`)."""
    if is_target(value) or (value == "inf" and type(value) is str):  # (an older save's inf)
        return
    if type(value) is int and value > MAX_TARGET:
        raise _Damaged(f"{where}: must be at most 2**1024 (a double's range), got {show(value)}")
    number(value, where, _Damaged, minimum=0, infinite=True)


def _bool(c: _Check, value: object, where: str) -> None:
    flag(value, where, _Damaged)


def _one_of(allowed: frozenset[str] | tuple[str, ...], kind: str) -> _Field:
    choices = frozenset(allowed)

    def check(c: _Check, value: object, where: str) -> None:
        _choice(value, choices, kind, where)

    return check


def _key(family: type[ContentType], optional: bool = False) -> _Field:
    def check(c: _Check, value: object, where: str) -> None:
        if value is None and optional:
            return
        c.content(family, value, where)

    return check


def _keys(family: type[ContentType]) -> _Field:
    def check(c: _Check, value: object, where: str) -> None:
        for i, key in enumerate(_list(value, where)):
            c.content(family, key, f"{where}[{i}]")

    return check


def _boss(c: _Check, value: object, where: str) -> None:
    if value == "":  # not drawn yet (a game set up by hand)
        return
    blind = c.content(BlindType, value, where)
    assert isinstance(blind, BlindType)
    if not blind.is_boss:
        raise _Damaged(f"{where}: {value!r} is not a boss blind")


def _bosses_used(c: _Check, value: object, where: str) -> None:
    for key, count in _object(value, where).items():
        c.content(BlindType, key, f"{where}.{_label(key)}")
        whole(count, f"{where}.{key}", _Damaged)


def _shop_rates(c: _Check, value: object, where: str) -> None:
    for key, rate in _object(value, where).items():
        c.content(ConsumableSetType, key, f"{where}.{_label(key)}")
        number(rate, f"{where}.{key}", _Damaged, minimum=0)


def _blind_states(c: _Check, value: object, where: str) -> None:
    states = _object(value, where)
    check_keys(states, _BLIND_SET, "blind", where, _Damaged)
    for key, state in states.items():
        _choice(state, _BLIND_STATES, "blind state", f"{where}.{key}")


def _tags_offered(c: _Check, value: object, where: str) -> None:
    offered = _object(value, where)
    check_keys(offered, _BLIND_SET, "blind", where, _Damaged)
    for key, tag in offered.items():
        c.content(TagType, tag, f"{where}.{key}")


def _orbital_choices(c: _Check, value: object, where: str) -> None:
    antes = _object(value, where)
    if len(antes) > MAX_ITEMS:
        raise _Damaged(f"{where}: at most {MAX_ITEMS} antes, got {len(antes)}")
    for ante, chosen in antes.items():
        place = f"{where}.{_label(ante)}"
        try:
            int(ante)
        except ValueError:
            raise _Damaged(f"{place}: expected an ante number as text, got {show(ante)}") from None
        hands = _object(chosen, place)
        check_keys(hands, _BLIND_SET, "blind", place, _Damaged)
        for blind, hand in hands.items():
            _hand(hand, f"{place}.{blind}")


def _plain_object(c: _Check, value: object, where: str) -> None:
    plain(_object(value, where), where, _Damaged)


def _payout(c: _Check, value: object, where: str) -> None:
    for i, line in enumerate(_list(value, where)):
        if type(line) is not list or len(line) != 2:
            raise _Damaged(f"{where}[{i}]: expected [label, dollars], got {show(line)}")
        text(line[0], f"{where}[{i}][0]", _Damaged)
        whole(line[1], f"{where}[{i}][1]", _Damaged, None)


def _blind_names(c: _Check, value: object, where: str) -> None:
    for i, name in enumerate(_list(value, where)):
        _choice(name, _BLIND_SET, "blind", f"{where}[{i}]")


def _serial_list(c: _Check, value: object, where: str) -> None:
    for i, item in enumerate(_list(value, where)):
        whole(item, f"{where}[{i}]", _Damaged)


def _texts(c: _Check, value: object, where: str) -> None:
    for i, item in enumerate(_list(value, where)):
        text(item, f"{where}[{i}]", _Damaged)


def _hand_field(optional: bool) -> _Field:
    def check(c: _Check, value: object, where: str) -> None:
        if value is None and optional:
            return
        _hand(value, where)

    return check


def _memory(c: _Check, value: object, where: str) -> None:
    """The run's memory: each slot the plugin set declares holds a value of the kind of
    its starting value; any other key (a slot of a plugin not loaded) plain data."""
    memory = _object(value, where)
    slots = c.plugins.run_state_declared() if memory else {}
    for name, item in memory.items():
        start = slots.get(name, _NO_SLOT) if type(name) is str else _NO_SLOT
        kind = type(item)
        if kind is type(start) and (
            (kind is int and 0 <= item <= MAX_INT) or (kind is str and len(item) <= MAX_TEXT)
        ):
            continue  # the usual slot: a count or a letter, as it starts
        if start is not _NO_SLOT:
            _slot(start, item, f"{where}.{name}")
        else:
            plain({name: item}, where, _Damaged)


_NO_SLOT = object()


def _slot(start: object, value: object, where: str) -> None:
    """A run-state slot's value, of the kind of its starting value ``start``."""
    check_like(start, value, where, _Damaged)


def _hands(c: _Check, value: object, where: str) -> None:
    """The run's poker hands: rows by hand name, each a hand of the plugin set
    (:func:`~balatro_ecs.game.state.hands_by_name`), or a list by table position as saves were
    written before: one row per hand of the set, or the game's twelve alone."""
    if type(value) is dict:
        _hands_by_name(c, value, where)
        return
    if type(value) is not list:
        raise _Damaged(f"{where}: expected an object of poker hands by name, got {show(value)}")
    hands = _list(value, where)
    expected = hand_count(c.plugins)  # the game's twelve, and the plugins' hands
    if len(hands) != expected and len(hands) != len(VANILLA_HANDS):
        raise _Damaged(f"{where}: expected {expected} poker hands, got {len(hands)}")
    for i, raw in enumerate(hands):
        _hand_row(raw, f"{where}[{i}]")


def _hands_by_name(c: _Check, hands: dict[str, Any], where: str) -> None:
    known = saved_hand_names(c.plugins)
    for name, raw in hands.items():
        at = f"{where}.{_label(name)}"
        if name not in known:
            _missing_hand(c.plugins, name, raw, at)
        _hand_row(raw, at)


def _missing_hand(plugins: Plugins, name: object, raw: object, where: str) -> None:
    """Refuse a save whose poker hand ``name`` the plugin set lacks, naming the hand and,
    when the save says, its pack (and why that pack does not provide it)."""
    text(name, where, _Damaged, empty=False)
    pack = raw.get("pack") if type(raw) is dict else None
    source = f" from pack {pack!r}" if type(pack) is str and pack else ""
    folded = fold_name(str(name))
    for blocked in plugins.blocked_content.values():
        if isinstance(blocked, PokerHandType) and fold_name(blocked.name) == folded:
            raise SaveError(
                f"save needs poker hand {name!r}{source} ({where}), which is blocked "
                f"({blocked.key})"
            )
    if source:
        have = plugins.packs.get(str(pack))
        if have is None:
            why = plugins.left_out.get(str(pack))
            raise SaveError(
                f"save needs poker hand {name!r}{source} ({where}), but pack {pack!r} is "
                f"{f'installed but {why}' if why else 'not installed'}"
            )
        raise SaveError(
            f"save needs poker hand {name!r}{source} ({where}), which pack {pack!r} {have} "
            "does not declare"
        )
    hint = UnknownNameError("poker hand", str(name), list(saved_hand_names(plugins))).hint
    raise SaveError(
        f"save needs poker hand {name!r} ({where}), which no installed plugin provides{hint}"
    )


def _hand_row(raw: object, at: str) -> None:
    """One poker hand's row: its level and play counts, whether it is listed, and (a
    pack's hand, saved by name) the pack's id."""
    if (
        type(raw) is dict
        and (raw.keys() == _HAND_KEYS or (raw.keys() == _PACK_HAND_KEYS and _id(raw["pack"])))
        and type(raw["level"]) is int
        and 0 <= raw["level"] <= MAX_INT
        and type(raw["played"]) is int
        and 0 <= raw["played"] <= MAX_INT
        and type(raw["played_this_round"]) is int
        and 0 <= raw["played_this_round"] <= MAX_INT
        and (raw["visible"] is True or raw["visible"] is False)
    ):
        return  # the usual case, at once
    hand = _object(raw, at)
    _exact(hand, _PACK_HAND_KEYS if "pack" in hand else _HAND_KEYS, "hand field", at)
    whole(hand["level"], f"{at}.level", _Damaged)
    whole(hand["played"], f"{at}.played", _Damaged)
    whole(hand["played_this_round"], f"{at}.played_this_round", _Damaged)
    flag(hand["visible"], f"{at}.visible", _Damaged)
    if "pack" in hand:
        text(hand["pack"], f"{at}.pack", _Damaged, empty=False)


def _id(value: object) -> bool:
    """Whether ``value`` is text a save may hold as a name (not empty)."""
    return type(value) is str and 0 < len(value) <= MAX_TEXT


#: The run fields every save has: where the game stands.
_RUN_REQUIRED = ("phase",)
_SLOTS = _count(0, 1000)
_RUN_FIELDS: dict[str, _Field] = {
    "ante": _count(-1000, 10**6),
    "round": _count(),
    "win_ante": _count(1, 10**6),
    "phase": _one_of(_PHASES, "phase"),
    "blind_on_deck": _one_of(_BLINDS, "blind"),
    "blind_states": _blind_states,
    "boss": _boss,
    "bosses_used": _bosses_used,
    "tags_offered": _tags_offered,
    "tag_memory": _plain_object,
    "orbital_choices": _orbital_choices,
    "won": _bool,
    "win_screen": _bool,
    "unlocks": _one_of(("all", "shipped"), "unlocks profile"),
    "round_hands": _SLOTS,
    "round_discards": _SLOTS,
    "hand_size": _count(-1000, 1000),
    "temp_hand_size": _count(-1000, 1000),
    "blind_hand_size": _count(-1000, 1000),
    "blind_chips": _target,
    "chips": _target,
    "hands_left": _SLOTS,
    "discards_left": _SLOTS,
    "hands_played_round": _count(),
    "discards_used": _count(),
    "boss_defeated": _bool,
    "payout": _payout,
    "hand_layout": _serial_list,
    "hand_sort": _one_of(("rank", "suit"), "hand sort"),
    "dollars": _count(None),
    "interest_cap": _count(),
    "interest_per_5": _count(),
    "money_per_hand": _count(),
    "money_per_discard": _count(),
    "no_interest": _bool,
    "discount_percent": _count(0, 100),
    "inflation": _count(),
    "shop_slots": _SLOTS,
    "reroll_cost": _count(),
    "reroll_increase": _count(),
    "reroll_price": _count(),
    "free_rerolls_left": _count(),
    "temp_reroll_cost": _optional_count,
    "first_shop_buffoon": _bool,
    "voucher_offer": _key(VoucherType, optional=True),
    "joker_rate": _real(),
    "tarot_rate": _real(),
    "planet_rate": _real(),
    "playing_card_rate": _real(),
    "spectral_rate": _real(),
    "shop_rates": _shop_rates,
    "edition_rate": _real(),
    "joker_slots": _SLOTS,
    "consumable_slots": _SLOTS,
    "stake": _count(1, 1000),
    "ante_scaling": _real(),
    "scaling": _count(1, 3),
    "no_blind_reward": _blind_names,
    "eternals_in_shop": _bool,
    "perishables_in_shop": _bool,
    "rentals_in_shop": _bool,
    "perishable_rounds": _count(),
    "rental_rate": _count(),
    "hands_played": _count(),
    "skips": _count(),
    "tarots_used": _count(),
    "spectrals_used": _count(),
    "planets_used": _keys(ConsumableType),
    "last_tarot_planet": _key(ConsumableType, optional=True),
    "unused_discards": _count(),
    "starting_deck_size": _count(),
    "probability": _real(infinite=True),
    "most_played_hand": _hand_field(optional=False),
    "last_hand_played": _hand_field(optional=True),
    "memory": _memory,
    "vouchers": _keys(VoucherType),
    "flags": _texts,
    "tags": _keys(TagType),
    "hands": _hands,
}
assert set(_RUN_FIELDS) == {f.name for f in fields(RunState)}, "every run field is checked"
_RUN_KEYS = frozenset(_RUN_FIELDS)
#: The whole-number and true-or-false fields, checked at once when they are fine.
_RUN_INTS = {name: f.bounds for name, f in _RUN_FIELDS.items() if isinstance(f, _count)}
_RUN_FLAGS = frozenset(name for name, f in _RUN_FIELDS.items() if f is _bool)
#: The number fields, checked at once when they hold a finite number, not negative.
_RUN_REALS = frozenset(name for name, f in _RUN_FIELDS.items() if isinstance(f, _real))
_NUMBER_TYPES = frozenset({int, float})
#: Each run field's path in messages.
_RUN_PLACES = {name: f"run.{name}" for name in _RUN_FIELDS}


def _hand_names(value: object, where: str) -> None:
    for i, name in enumerate(_list(value, where)):
        _hand(name, f"{where}[{i}]")


def _serials(value: object, where: str) -> None:
    for i, serial in enumerate(_list(value, where)):
        whole(serial, f"{where}[{i}]", _Damaged)


def _memory_count(value: object, where: str) -> None:
    whole(value, where, _Damaged, None)


def _memory_flag(value: object, where: str) -> None:
    flag(value, where, _Damaged)


#: How a blind's memory is checked, by the kind its blind declares
#: (:attr:`BlindType.memory_kinds <balatro_ecs.kernel.content.BlindType.memory_kinds>`).
_MEMORY: dict[str, Any] = {
    "hands": _hand_names,
    "hand": _hand,
    "serials": _serials,
    "flag": _memory_flag,
    "count": _memory_count,
}
assert set(_MEMORY) == set(BLIND_MEMORY_KINDS), "every kind of blind memory is checked"


# -- plugin versions ---------------------------------------------------------------------------
_VERSION = re.compile(r"^\s*v?(\d+)(?:\.(\d+))?")


def _major_minor(version: str) -> tuple[int, int] | None:
    found = _VERSION.match(version)
    if found is None or len(version) > MAX_TEXT:
        return None
    return int(found.group(1)), int(found.group(2) or 0)


def compatible(saved: str, installed: str) -> bool:
    """Whether a package at version ``installed`` can load a save made with ``saved``: the
    same major version, and a minor version not older (``1.2`` loads ``1.0`` to ``1.2``
    saves; not ``1.3`` or ``2.0`` ones). A version that cannot be read (``"unknown"``, for
    a package run from a source tree) is only compared for equality -- except that an
    unknown version on either side is accepted."""
    if saved == installed or "unknown" in (saved, installed):
        return True
    old, new = _major_minor(saved), _major_minor(installed)
    if old is None or new is None:
        return False
    return old[0] == new[0] and new[1] >= old[1]


def check_versions(saved: Mapping[str, str], installed: Mapping[str, str]) -> None:
    """Every package a save was made with is installed at a compatible version
    (:func:`compatible`).

    :raises SaveError: naming the package, the saved version and the installed one.
    """
    for package, version in saved.items():
        have = installed.get(package)
        if have is None:
            raise SaveError(
                f"save was made with package {package!r} {version}, which is not installed "
                "(or none of its plugins is loaded)"
            )
        _check_version("package", package, version, have)


def check_packs(saved: Mapping[str, str], plugins: Plugins) -> None:
    """Every pack a save was made with (pack id -> version) is loaded in ``plugins`` at a
    compatible version (:func:`compatible`, as for plugin packages).

    :raises SaveError: naming the pack, the saved version and the installed one (or why
        the pack is not loaded: not installed, blocked, not enabled).
    """
    loaded = plugins.packs
    for pack, version in saved.items():
        have = loaded.get(pack)
        if have is None:
            why = plugins.left_out.get(pack)
            state = f"installed but {why}" if why else "not installed"
            raise SaveError(
                f"save was made with pack {pack!r} {version}, which is {state} "
                f"(installed packs: {', '.join(f'{k} {v}' for k, v in loaded.items()) or 'none'})"
            )
        _check_version("pack", pack, version, have)


def _check_version(kind: str, name: str, saved: str, installed: str) -> None:
    """``name`` (a package or a pack) at version ``installed`` can load a save made with
    ``saved`` (:func:`compatible`)."""
    if not compatible(saved, installed):
        label = f"{kind} {name!r}" if kind == "pack" else name
        raise SaveError(
            f"save was made with {label} {saved}, but {label} {installed} is installed "
            "(a save loads with the same major version and the same or a newer minor one)"
        )


def _versions(value: object, where: str) -> Mapping[str, str]:
    """A save's record of names and versions (``plugins``, ``packs``): text to text."""
    found = _object(value, where)
    if len(found) > MAX_ITEMS:
        raise _Damaged(f"{where}: at most {MAX_ITEMS} entries, got {len(found)}")
    for name, version in found.items():
        text(name, where, _Damaged, empty=False)
        text(version, f"{where}.{name}", _Damaged)
    return found
