"""A run saved by the game (``save.jkr``) as the engine's game.

:func:`from_jkr` reads the file (:mod:`.luatable`: parsed as data, never run), maps the
game's run table onto the engine's own save data (:func:`engine_data`: the format of
:mod:`balatro_ecs.game.run.save`, checked field by field as any save is), loads it, and then
does what the game itself does when it continues a run from that state:

* **Blind Select**: the blind on deck is settled again (the first of Small, Big, Boss
  not beaten or skipped; it shows ``Select``) and the screen comes up: the tags on
  offer are shown and held tags act (:func:`~balatro_ecs.game.run.tags.enter_blind_select`).
* **A pack opened in the shop** (the save's ``ACTION``): the file holds the shop as it
  was before the pack was bought; the pack is bought again and opens with the same
  cards, drawn from the saved streams.
* **Round evaluation**: the payout is worked out again from the state (blind reward,
  hands left, jokers, tags, interest).

Numbers the game keeps with the jokers' changes folded in (the hand size, the hands and
discards of a round, interest per $5, the "1 in N" numerator) are split back into the
run's own number and what the jokers held add (the engine's rules), so that selling a
joker takes away what it gave.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ....kernel.content import BoosterType, JokerType, TagType, VoucherType
from ....kernel.enums import Edition, Enhancement, Seal
from ....kernel.errors import BalatroError, SaveError
from ....kernel.manager import Plugins
from ...actions import BuyPack
from ...state import Phase
from ..economy import round_payout
from ..save import FORMAT, from_data, loads
from ..tags import enter_blind_select
from . import luatable
from .fields import At, plain
from .names import (
    AREA_NAMES,
    CARD_ROWS,
    PHASE_OF_STATE,
    RANK_OF_CHAR,
    SUIT_OF_NAME,
    SUIT_ORDER,
)
from .write import EXTENSION

if TYPE_CHECKING:
    from ...game import Game

__all__ = ["GENERIC_ABILITY", "engine_data", "from_jkr", "load_save", "read_table"]

#: Fields of a card's ``ability`` that every card has (its center's name, set, ...) or
#: that the engine keeps elsewhere (stickers, the coupon): what is left of a joker's
#: ability are its counters, named as the engine's joker state names them.
GENERIC_ABILITY: frozenset[str] = frozenset(
    {
        "name", "effect", "set", "order", "bonus", "h_mult", "h_x_mult", "h_dollars",
        "p_dollars", "perma_bonus", "couponed", "eternal", "perishable", "perish_tally",
        "rental", "forced_selection", "played_this_ante", "discarded", "booster_pos",
        "consumeable",
    }
)  # fmt: skip

_PLAYING_SETS = ("Default", "Enhanced")
_CONSUMABLE_SETS = ("Tarot", "Planet", "Spectral")
_BLINDS = ("Small", "Big", "Boss")
_BLIND_STATES = ("Select", "Upcoming", "Current", "Defeated", "Skipped", "Hide")
#: The game's Blind fields that hold what a blind remembers during its round, and the
#: names the engine's blinds remember them by (``blind.memory``).
_BLIND_MEMORY = {"discards_sub": "discards_removed", "hands_sub": "hands_removed"}


def read_table(data: bytes) -> dict[str, Any]:
    """The run table a save file holds (decompressed and parsed as data).

    :raises SaveError: not a save of the game's (not raw DEFLATE, not a Lua table, not a
        run: no ``GAME`` table), naming the problem.
    """
    value = luatable.loads(data)
    if not isinstance(value, dict):
        raise SaveError("save.jkr: not a Balatro run save (the value is not a table)")
    for key in ("GAME", "cardAreas", "STATE"):
        if key not in value:
            raise SaveError(f"save.jkr: not a Balatro run save (no {key!r} in the table)")
    return value


class _Loaded:
    """What the engine's save data leaves open, settled once the game is loaded."""

    __slots__ = (
        "action",
        "blind",
        "discards",
        "hand_limit",
        "hands",
        "interest",
        "phase",
        "probability",
        "temp_hand_size",
    )

    def __init__(self) -> None:
        self.phase = Phase.BLIND_SELECT
        #: The ``sort_id`` of the pack to open again (an ACTION save), or None.
        self.action: int | None = None
        #: The game's numbers with the jokers' changes in them.
        self.hand_limit = 8
        self.hands = 4
        self.discards = 3
        self.interest = 1
        self.probability = 1.0
        self.temp_hand_size = 0
        #: The blind beaten (a round evaluation), as the engine's save holds a blind.
        self.blind: dict[str, Any] | None = None


def engine_data(table: Mapping[str, Any], plugins: Plugins) -> dict[str, Any]:
    """The engine's save data (:func:`balatro_ecs.game.run.save.to_data`'s format) for the
    run table of a save, before the game's steps on continuing it (see the module's
    notes): what ``balatro-ecs jkr FILE --engine`` prints.

    :raises SaveError: a field missing or of the wrong type, naming its path.
    """
    data, _ = _engine_data(table, plugins)
    return data


def _engine_data(table: Mapping[str, Any], plugins: Plugins) -> tuple[dict[str, Any], _Loaded]:
    top = At(dict(table), "save")
    loaded = _Loaded()
    state = top.whole("STATE")
    phase = PHASE_OF_STATE.get(state)
    if phase is None:
        raise SaveError(
            f"save.jkr: STATE {state} is not a state the game saves a run in "
            f"(1 SELECTING_HAND, 5 SHOP, 7 BLIND_SELECT, 8 ROUND_EVAL)"
        )
    loaded.phase = phase
    if top.has("ACTION"):
        action = top.table("ACTION")
        if action.text("type") != "use_card" or phase is not Phase.SHOP:
            raise action.fail("type", "only a pack opened in the shop is continued")
        loaded.action = action.whole("card")
    game = top.table("GAME")
    areas = top.table("cardAreas")
    for name, _ in areas.items():
        if name not in AREA_NAMES:
            raise areas.fail(name, f"unknown card area (known: {', '.join(AREA_NAMES)})")
    seed = game.table("pseudorandom").text("seed")
    deck = _deck_key(top, game, plugins)
    stake = _stake_key(game, plugins)
    cards = _Cards(plugins)
    rows = {
        engine: [cards.playing(card, name) for card in _area(areas, name)]
        for name, engine in CARD_ROWS.items()
    }
    jokers = [cards.joker(card) for card in _area(areas, "jokers")]
    consumables = [cards.consumable(card) for card in _area(areas, "consumeables")]
    shop = [cards.offer(card) for card in _area(areas, "shop_jokers")]
    vouchers = [cards.center(card, VoucherType) for card in _area(areas, "shop_vouchers")]
    boosters = _area(areas, "shop_booster")
    packs = [cards.center(card, BoosterType) for card in boosters]
    if loaded.action is not None and loaded.action not in [
        card.whole("sort_id") for card in boosters
    ]:
        raise top.table("ACTION").fail("card", f"no pack in the shop has sort_id {loaded.action}")
    pack_cards = _area(areas, "pack_cards")
    if pack_cards:
        raise areas.fail("pack_cards", "an open pack is not saved by the game; not read")
    free_packs = any(card.table("ability").flag("couponed", False) for card in boosters)
    run = _run(game, phase, loaded, plugins)
    run["tags"] = [_tag_key(tag, plugins) for tag in top.rows("tags")]
    run["joker_slots"] = _limit(areas, "jokers") - _negatives(jokers)
    run["consumable_slots"] = _limit(areas, "consumeables") - _negatives(consumables)
    loaded.hand_limit = _limit(areas, "hand")
    # the hand keeps the sort button last pressed; its cards are laid out again on loading
    # in the order saved (the order shown: ``hand_layout`` stays empty)
    sort = areas.table("hand").table("config").text("sort", "desc")
    run["hand_sort"] = "suit" if sort.startswith("suit") else "rank"
    blind = _blind(top.table("BLIND"), cards.flipped, plugins) if phase in _BLIND_PHASES else None
    if phase is Phase.ROUND and blind is None:
        raise top.table("BLIND").fail("config_blind", "a round is saved without its blind")
    if phase is Phase.CASH_OUT:
        loaded.blind, blind = blind, None
        run["boss_defeated"] = bool(top.table("BLIND").flag("boss", False))
    serial = cards.next_serial()
    if game.has(EXTENSION):  # written by the engine: what the game's table cannot hold
        extension = game.table(EXTENSION)
        serial = max(serial, extension.whole("serial", serial))
        run["unlocks"] = extension.text("unlocks", "all")
        run["win_screen"] = extension.flag("win_screen", False)
        layout = extension.raw("hand_layout", [])
        if layout and not (
            isinstance(layout, list) and all(type(s) is int and s >= 0 for s in layout)
        ):
            raise extension.fail("hand_layout", "expected a list of creation numbers")
        run["hand_layout"] = list(layout) if layout else []
        if extension.has("shop_rates"):
            rates = extension.table("shop_rates")
            run["shop_rates"] = {str(k): float(rates.number(k)) for k, _ in rates.items()}
    data: dict[str, Any] = {
        "format": FORMAT,
        "seed": seed,
        "deck": deck,
        "stake": stake,
        "serial": serial,
        "run": run,
        "rng": _streams(game),
        "rows": rows,
        "jokers": jokers,
        "consumables": consumables,
        "shop": shop,
        "shop_vouchers": vouchers,
        "shop_packs": packs,
        "free_packs": free_packs,
        "pack": {"key": None, "cards": [], "picks": 0, "return": Phase.SHOP.value},
        "blind": blind,
        "log": [],
        "plugins": {},
        "packs": {},
    }
    return data, loaded


_BLIND_PHASES = (Phase.ROUND, Phase.CASH_OUT)


def _area(areas: At, name: str) -> list[At]:
    if not areas.has(name):
        return []
    return areas.table(name).rows("cards")


def _limit(areas: At, name: str) -> int:
    area = areas.table(name)
    return area.table("config").whole("card_limit")


def _negatives(items: list[dict[str, Any]]) -> int:
    return sum(1 for item in items if item["edition"] == "negative")


def _deck_key(top: At, game: At, plugins: Plugins) -> str:
    back = top.table("BACK", {})
    key = back.text("key", None)
    if key is None:
        key = game.table("selected_back_key").text("key")
    return _known(plugins, "deck", key, top.where("BACK.key"))


def _stake_key(game: At, plugins: Plugins) -> str:
    try:
        return plugins.stake(game.whole("stake")).key
    except BalatroError as err:
        raise game.fail("stake", str(err)) from None


def _known(plugins: Plugins, family: str, key: str, where: str) -> str:
    try:
        found = getattr(plugins, family)(key)
    except BalatroError as err:
        raise SaveError(f"save.jkr: {where}: {err}") from None
    return str(found.key)


def _tag_key(tag: At, plugins: Plugins) -> str:
    key = tag.text("key")
    try:
        plugins.find(TagType, key)
    except BalatroError as err:
        raise tag.fail("key", str(err)) from None
    return key


# -- the run record ------------------------------------------------------------------------


def _run(game: At, phase: Phase, loaded: _Loaded, plugins: Plugins) -> dict[str, Any]:
    resets = game.table("round_resets")
    current = game.table("current_round")
    modifiers = game.table("modifiers", {})
    usage = game.table("consumeable_usage_total", {})
    loaded.hands = resets.whole("hands")
    loaded.discards = resets.whole("discards")
    loaded.interest = game.whole("interest_amount")
    loaded.probability = game.table("probabilities").number("normal")
    loaded.temp_hand_size = resets.whole("temp_handsize", 0)
    states = resets.table("blind_states")
    choices = resets.table("blind_choices")
    offered = resets.table("blind_tags", {})
    idol = current.table("idol_card")
    flags = game.names("pool_flags")
    if resets.flag("boss_rerolled", False):
        flags.append("boss_rerolled")
    run: dict[str, Any] = {
        "ante": resets.whole("ante"),
        "round": game.whole("round"),
        "win_ante": game.whole("win_ante"),
        "phase": phase.value,
        "blind_on_deck": _blind_name(game, "blind_on_deck"),
        "blind_states": {name: _blind_state(states, name) for name in _BLINDS},
        "boss": choices.text("Boss"),
        "bosses_used": _counts(game.table("bosses_used")),
        "tags_offered": {name: offered.text(name) for name in _SKIPPABLE if offered.has(name)},
        "tag_memory": {},
        "orbital_choices": _orbital_choices(game),
        "won": game.flag("won", False),
        "unlocks": "all",
        # what the jokers change is taken out once they are loaded (_settle)
        "round_hands": loaded.hands,
        "round_discards": loaded.discards,
        "hand_size": loaded.hand_limit,
        "temp_hand_size": loaded.temp_hand_size,
        "blind_hand_size": 0,
        "blind_chips": 0.0,
        "chips": float(game.number("chips", 0)),
        "hands_left": current.whole("hands_left"),
        "discards_left": current.whole("discards_left"),
        "hands_played_round": current.whole("hands_played", 0),
        "discards_used": current.whole("discards_used", 0),
        "boss_defeated": False,
        "payout": [],
        "dollars": game.whole("dollars"),
        "interest_cap": game.whole("interest_cap"),
        "interest_per_5": loaded.interest,
        "money_per_hand": modifiers.whole("money_per_hand", 1),
        "money_per_discard": modifiers.whole("money_per_discard", 0),
        "no_interest": modifiers.flag("no_interest", False),
        "discount_percent": game.whole("discount_percent", 0),
        "inflation": game.whole("inflation", 0),
        "shop_slots": game.table("shop").whole("joker_max"),
        "reroll_cost": resets.whole("reroll_cost"),
        "reroll_increase": current.whole("reroll_cost_increase", 0),
        "reroll_price": current.whole("reroll_cost"),
        "free_rerolls_left": current.whole("free_rerolls", 0),
        "temp_reroll_cost": resets.whole("temp_reroll_cost", None),
        "first_shop_buffoon": game.flag("first_shop_buffoon", False),
        "voucher_offer": current.text("voucher", None),
        "joker_rate": float(game.number("joker_rate")),
        "tarot_rate": float(game.number("tarot_rate")),
        "planet_rate": float(game.number("planet_rate")),
        "playing_card_rate": float(game.number("playing_card_rate", 0)),
        "spectral_rate": float(game.number("spectral_rate", 0)),
        "shop_rates": {},
        "edition_rate": float(game.number("edition_rate", 1)),
        "stake": game.whole("stake"),
        "ante_scaling": float(game.table("starting_params").number("ante_scaling", 1)),
        "scaling": modifiers.whole("scaling", 1),
        "no_blind_reward": [name for name in _BLINDS if name in modifiers.names("no_blind_reward")],
        "eternals_in_shop": modifiers.flag("enable_eternals_in_shop", False),
        "perishables_in_shop": modifiers.flag("enable_perishables_in_shop", False),
        "rentals_in_shop": modifiers.flag("enable_rentals_in_shop", False),
        "perishable_rounds": game.whole("perishable_rounds", 5),
        "rental_rate": game.whole("rental_rate", 3),
        "hands_played": game.whole("hands_played", 0),
        "skips": game.whole("skips", 0),
        "tarots_used": usage.whole("tarot", 0),
        "spectrals_used": usage.whole("spectral", 0),
        "planets_used": _planets_used(game),
        "last_tarot_planet": game.text("last_tarot_planet", None),
        "unused_discards": game.whole("unused_discards", 0),
        "starting_deck_size": game.whole("starting_deck_size", 52),
        "probability": 1.0,
        "most_played_hand": current.text("most_played_poker_hand", "High Card"),
        "last_hand_played": game.text("last_hand_played", None),
        # the round's targets and Ectoplasm's cost: run-state slots of the vanilla content
        # that reads them (The Idol, Ancient Joker, Castle, Mail-In Rebate, Ectoplasm)
        "memory": {
            "idol_rank": idol.whole("id"),
            "idol_suit": _suit_letter(idol, "suit"),
            "ancient_suit": _suit_letter(current.table("ancient_card"), "suit"),
            "castle_suit": _suit_letter(current.table("castle_card"), "suit"),
            "mail_rank": current.table("mail_card").whole("id"),
            "ecto_minus": game.whole("ecto_minus", 1),
        },
        "vouchers": game.names("used_vouchers"),
        "flags": flags,
        "tags": [],
        "hands": _hands(game.table("hands")),
    }
    if phase in (Phase.BLIND_SELECT, Phase.SHOP):
        _settle_blind_on_deck(run)
    if run["temp_reroll_cost"] is not None and run["temp_reroll_cost"] < 0:
        raise resets.fail("temp_reroll_cost", "expected a count, got a negative number")
    del plugins
    return run


_SKIPPABLE = ("Small", "Big")


def _orbital_choices(game: At) -> dict[str, dict[str, str]]:
    """The poker hand of each blind choice, per ante (the game's ``orbital_choices``:
    the Orbital Tag's hand), as the engine keeps them (the ante as text)."""
    choices = game.table("orbital_choices", {})
    out: dict[str, dict[str, str]] = {}
    for ante, _ in choices.items():
        this_ante = choices.table(ante)
        out[str(ante)] = {name: this_ante.text(name) for name in _BLINDS if this_ante.has(name)}
    return out


def _counts(table: At) -> dict[str, int]:
    """A table of counts by name, without the zeros."""
    counts = ((str(key), table.whole(key)) for key, _ in table.items())
    return {key: count for key, count in counts if count}


def _blind_name(game: At, key: str) -> str:
    name = game.text(key, "Small")
    if name not in _BLINDS:
        raise game.fail(key, f"expected Small, Big or Boss, got {name!r}")
    return name


def _blind_state(states: At, name: str) -> str:
    value = states.text(name)
    if value not in _BLIND_STATES:
        raise states.fail(name, f"unknown blind state {value!r}")
    return value


def _settle_blind_on_deck(run: dict[str, Any]) -> None:
    """The blind on deck, as the game settles it when its Blind Select screen is built
    (and as the engine keeps it from the cash-out on): the first of Small, Big and Boss
    not beaten or skipped, showing ``Select``."""
    states = run["blind_states"]
    on_deck = next(
        (name for name in _BLINDS if states[name] not in ("Defeated", "Skipped", "Hide")), "Boss"
    )
    run["blind_on_deck"] = on_deck
    if states[on_deck] in ("Upcoming", "Current"):
        states[on_deck] = "Select"


def _suit_letter(table: At, key: str) -> str:
    name = table.text(key)
    suit = SUIT_OF_NAME.get(name)
    if suit is None:
        raise table.fail(key, f"unknown suit {name!r}")
    return suit.letter


def _planets_used(game: At) -> list[str]:
    usage = game.table("consumeable_usage", {})
    used = []
    for key in usage.value:
        entry = usage.table(key)
        if entry.text("set", "") == "Planet":
            used.append(str(key))
    return used


def _hands(hands: At) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, _ in hands.items():
        row = hands.table(name)
        out[str(name)] = {
            "level": row.whole("level"),
            "played": row.whole("played", 0),
            "played_this_round": row.whole("played_this_round", 0),
            "visible": row.flag("visible", True),
        }
    return out


def _streams(game: At) -> dict[str, float]:
    streams = game.table("pseudorandom")
    out: dict[str, float] = {}
    for key, _ in streams.items():
        if key in ("seed", "hashed_seed"):
            continue
        value = streams.number(key)
        if not (math.isfinite(value) and 0 <= value < 1):
            raise streams.fail(key, f"a stream's state is in [0, 1), got {value!r}")
        out[str(key)] = float(value)
    return out


# -- cards ---------------------------------------------------------------------------------


class _Cards:
    """Turns the game's cards into the engine's saved cards, jokers and offers."""

    def __init__(self, plugins: Plugins) -> None:
        self.plugins = plugins
        self.serials: set[int] = set()
        self.uncounted: set[int] = set()
        #: The jokers face down (Amber Acorn flipped them), by serial.
        self.flipped: list[int] = []

    def next_serial(self) -> int:
        """The serial after every card's (the game's ``sort_id`` is the creation order);
        vouchers and packs on sale, which the engine keeps by key, do not count."""
        return max(self.serials, default=0) + 1

    def _serial(self, card: At, counted: bool = True) -> int:
        sort_id = card.whole("sort_id")
        if sort_id < 0:
            raise card.fail("sort_id", f"expected a creation number, got {sort_id}")
        if sort_id in self.serials or sort_id in self.uncounted:
            raise card.fail("sort_id", f"{sort_id} is used by two cards")
        (self.serials if counted else self.uncounted).add(sort_id)
        return sort_id

    def _center(self, card: At) -> str:
        return card.table("save_fields").text("center")

    def center(self, card: At, family: type) -> str:
        """A voucher's or a pack's key (the game numbers them as cards too)."""
        self._serial(card, counted=False)
        key = self._center(card)
        try:
            self.plugins.find(family, key)
        except BalatroError as err:
            raise card.fail("save_fields.center", str(err)) from None
        return key

    def _set(self, card: At) -> str:
        return card.table("ability").text("set")

    def offer(self, card: At) -> dict[str, Any]:
        """A card on sale in the shop: a joker, a consumable or a playing card."""
        kind = self._set(card)
        if kind == "Joker":
            return {"kind": "joker", **self.joker(card)}
        if kind in _PLAYING_SETS:
            out = {"kind": "card", **self.playing(card, "shop_jokers")}
            if card.table("ability").flag("couponed", False):
                out["couponed"] = True
            return out
        return {"kind": "consumable", **self.consumable(card)}

    def playing(self, card: At, area: str) -> dict[str, Any]:
        """A playing card as the engine saves one."""
        ability = card.table("ability")
        serial = self._serial(card)
        fields = card.table("save_fields")
        code = fields.text("card")
        suit_letter, _, rank_char = code.partition("_")
        rank = RANK_OF_CHAR.get(rank_char)
        if rank is None or suit_letter not in "SHCD" or len(suit_letter) != 1:
            raise fields.fail("card", f"not a card key like 'H_T', got {code!r}")
        center = fields.text("center")
        if ability.text("set") not in _PLAYING_SETS:
            raise ability.fail("set", "a playing card's set is Default or Enhanced")
        enhancement = (
            "none"
            if center == "c_base"
            else _modifier(self.plugins, center, "m_", Enhancement, fields.where("center"))
        )
        base = card.table("base")
        original = _original_suit(base)
        facing = card.text("facing", "front")
        out: dict[str, Any] = {
            "serial": serial,
            "rank": rank,
            "suit": suit_letter,
            "enhancement": enhancement,
            "edition": _edition(card),
            "seal": _seal(card),
            "perma_bonus": ability.whole("perma_bonus", 0),
            "played_this_ante": ability.flag("played_this_ante", False),
            "face_down": area in ("hand", "play") and facing == "back",
            "forced": ability.flag("forced_selection", False),
            "debuff": [False, card.flag("debuff", False)],
        }
        if original is not None and original != suit_letter:
            out["original_suit"] = original
        return out

    def joker(self, card: At) -> dict[str, Any]:
        """A joker as the engine saves one: its counters from its ability."""
        ability = card.table("ability")
        serial = self._serial(card)
        key = self._center(card)
        try:
            jtype = self.plugins.joker(key)
        except BalatroError as err:
            raise card.fail("save_fields.center", str(err)) from None
        if ability.text("set") != "Joker":
            raise ability.fail("set", f"expected Joker for {key!r}")
        state = _joker_state(jtype, ability)
        stickers: dict[str, Any] = {}
        if ability.flag("eternal", False):
            stickers["eternal"] = True
        if ability.flag("perishable", False):
            stickers["perishable"] = ability.whole("perish_tally", 0)
        if ability.flag("rental", False):
            stickers["rental"] = True
        if card.text("facing", "front") == "back":
            self.flipped.append(serial)
        debuffed = card.flag("debuff", False)
        spent = stickers.get("perishable") == 0
        return {
            "serial": serial,
            "key": jtype.key,
            "edition": _edition(card),
            "state": state,
            "debuff": [debuffed and spent, debuffed and not spent],
            "stickers": stickers,
            "price": _price(card, ability, int(state.get("extra_value", 0) or 0)),
        }

    def consumable(self, card: At) -> dict[str, Any]:
        """A Tarot, Planet or Spectral card as the engine saves one."""
        ability = card.table("ability")
        serial = self._serial(card)
        key = self._center(card)
        try:
            ctype = self.plugins.consumable(key)
        except BalatroError as err:
            raise card.fail("save_fields.center", str(err)) from None
        state = plain(dict(ctype.config))
        if ability.has("consumeable"):  # the game's own numbers (The Lovers' mod_num, ...)
            derived = {"hand_type": ctype.hand, "softlock": True if ctype.secret else None}
            for name, value in ability.table("consumeable").items():
                if derived.get(name) != value:  # (what the type says is not kept twice)
                    state[name] = plain(value)
        return {
            "serial": serial,
            "key": ctype.key,
            "edition": _edition(card),
            "state": state,
            "price": _price(card, ability, ability.whole("extra_value", 0)),
        }


def _joker_state(jtype: JokerType, ability: At) -> dict[str, Any]:
    """A joker's counters: its type's starting state, with every counter its ability
    holds (the game's names are the engine's: ``mult``, ``x_mult``, ``extra``,
    ``caino_xmult``, ``to_do_poker_hand``, ...)."""
    state = jtype.initial_state()
    for name, value in ability.items():
        if name in GENERIC_ABILITY or not isinstance(name, str):
            continue
        state[name] = plain(value)
    return state


def _price(card: At, ability: At, extra_value: int) -> dict[str, Any]:
    """What the engine keeps of a card's price: what it cost (before a tag made it free),
    whether it is free, and what selling it pays when that is not the usual half."""
    cost = card.whole("cost", 0)
    free = ability.flag("couponed", False)
    if free:  # the tag set the cost to 0; the sell value is the price's, as set before
        cost = max(1, math.floor(card.number("base_cost", 0) + card.number("extra_cost", 0)))
    sell = card.whole("sell_cost", max(1, cost // 2) + extra_value)
    usual = max(1, cost // 2) + extra_value
    return {"buy": cost, "sell_override": None if sell == usual else sell, "free": free}


def _edition(card: At) -> str:
    if not card.has("edition"):
        return "none"
    edition = card.table("edition")
    kind = edition.text("type", None)
    if kind is None:  # the flags alone
        kind = next((name for name, on in edition.items() if on is True), "none")
    name = str(kind).lower()
    if name.upper() not in Edition.__members__:
        raise edition.fail("type", f"unknown edition {kind!r}")
    return name


def _seal(card: At) -> str:
    seal = card.text("seal", None)
    if seal is None:
        return "none"
    name = seal.lower()
    if name.upper() not in Seal.__members__:
        raise card.fail("seal", f"unknown seal {seal!r}")
    return name


def _modifier(plugins: Plugins, key: str, prefix: str, kind: Any, where: str) -> str:
    name = key[len(prefix) :] if key.startswith(prefix) else ""
    if not name or name.upper() not in kind.__members__:
        raise SaveError(f"save.jkr: {where}: unknown enhancement {key!r}")
    del plugins
    return name


def _original_suit(base: At) -> str | None:
    nominal = base.number("suit_nominal_original", None)
    if nominal is None:
        return None
    for suit, order in SUIT_ORDER.items():
        if abs(nominal - order / 1000) < 1e-9:
            return suit.letter
    return None


# -- the blind -----------------------------------------------------------------------------


def _blind(saved: At, flipped: list[int], plugins: Plugins) -> dict[str, Any] | None:
    key = saved.text("config_blind", "")
    if not key:
        return None
    _known(plugins, "blind", key, saved.where("config_blind"))
    memory: dict[str, Any] = {}
    for field, name in _BLIND_MEMORY.items():
        if saved.has(field):
            memory[name] = saved.whole(field)
    if saved.has("only_hand") and saved.raw("only_hand") not in (False, None):
        memory["only_hand"] = saved.text("only_hand")
    if saved.has("hands"):
        memory["hands_used"] = saved.names("hands")
    if saved.has("prepped"):
        memory["prepped"] = saved.flag("prepped")
    if flipped:
        memory["flipped"] = list(flipped)
    return {
        "key": key,
        "disabled": saved.flag("disabled", False),
        "triggered": saved.flag("triggered", False),
        "memory": memory,
    }


# -- loading -------------------------------------------------------------------------------


def from_jkr(
    data: bytes | Mapping[str, Any], plugins: Plugins | None = None, *, game_class: type[Game]
) -> Game:
    """The game a save of the real game's holds, continued as the game continues it
    (:meth:`Game.from_jkr <balatro_ecs.game.Game.from_jkr>` is the usual way in).

    :param data: the file's bytes, or its run table already read (:func:`read_table`).
    :param plugins: the plugin set (default: vanilla plus installed packs).
    :param game_class: the class of the game made (:class:`~balatro_ecs.game.Game`).
    :raises SaveError: not a save of the game's, or one the engine cannot continue (a
        field missing or malformed, content no plugin provides), naming the problem.
    """
    plugins = plugins if plugins is not None else Plugins.default()
    table = read_table(data) if isinstance(data, (bytes, bytearray, memoryview)) else data
    if not isinstance(table, Mapping):
        raise SaveError(f"save.jkr: expected the file's bytes, got {type(data).__name__}")
    engine, loaded = _engine_data(table, plugins)
    try:
        game = from_data(engine, plugins, game_class=game_class)
    except SaveError as err:
        raise SaveError(f"save.jkr: {err}") from None
    try:
        _settle(game, loaded, At(dict(table), "save"))
    except SaveError:
        game.close()
        raise
    except BalatroError as err:
        game.close()
        raise SaveError(f"save.jkr: the run cannot continue: {err}") from None
    game.log.clear()
    game.events.clear()
    return game


def _settle(game: Game, loaded: _Loaded, top: At) -> None:
    """The steps the game takes on continuing a run (see the module's notes), and the
    run's numbers split from what the jokers held change."""
    run = game.run
    rules = game.rules
    run.round_hands = loaded.hands - rules.hands_delta
    run.round_discards = loaded.discards - rules.discards_delta
    run.interest_per_5 = loaded.interest - rules.interest_bonus
    run.probability = loaded.probability / (rules.probability_scale or 1.0)
    if loaded.phase is Phase.ROUND and game.blind is not None:
        run.blind_chips = float(top.table("BLIND").number("chips"))
        if not game.blind.disabled:
            run.blind_hand_size = _blind_hand_size(game)
    run.hand_size = loaded.hand_limit - (game.hand_size - run.hand_size)
    if loaded.phase is Phase.CASH_OUT and loaded.blind is not None:
        run.blind_chips = float(top.table("BLIND").number("chips"))
        game.set_blind(loaded.blind["key"])
        run.payout = round_payout(game, run.chips >= run.blind_chips)
        game.clear_blind()
    if loaded.phase is Phase.BLIND_SELECT:
        enter_blind_select(game)
    if loaded.action is not None:
        sort_ids = [card.whole("sort_id") for card in _area(top.table("cardAreas"), "shop_booster")]
        game.apply(BuyPack(sort_ids.index(loaded.action)))


def _blind_hand_size(game: Game) -> int:
    """What the blind takes from the hand size while it is played (The Manacle): its
    ``blind_set`` run on a copy of the game."""
    hook = game.plugins.impl("blind_set", game.blind.key) if game.blind is not None else None
    if hook is None:
        return 0
    probe = game.clone()
    try:
        probe.run.blind_hand_size = 0
        hook(probe, probe.blind)
        return probe.run.blind_hand_size
    finally:
        probe.close()


def load_save(data: bytes, plugins: Plugins | None = None, *, game_class: type[Game]) -> Game:
    """A ``game_class`` from a save of either kind, told apart by content: the engine's own
    JSON save (text starting with ``{``) or the real game's ``save.jkr`` (compressed).

    :raises SaveError: neither kind, or a save that cannot load (one line, naming why).
    """
    head = bytes(data[:64]).lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{"):
        text = bytes(data).decode("utf-8-sig", errors="strict")
        return loads(text, plugins, game_class=game_class)
    return from_jkr(data, plugins, game_class=game_class)
