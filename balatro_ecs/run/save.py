"""Saving and loading games as JSON, and cloning them.

A save holds the run record, every playing card, joker, consumable and offer by its
creation serial (never by esper entity id, so a save does not depend on the process that
made it), the order of every row, the random streams' positions, the blind, the action
log, and the plugins (with versions) whose content the game uses. Loading checks that
every piece of content the save names is available and says which package is missing.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import components as C
from ..actions import Outcome, action_from_dict
from ..cards import Card, CardSpec
from ..enums import Edition, Enhancement, Seal
from ..errors import BalatroError
from ..jokers import Consumable, Joker
from ..state import Phase, RunState

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


def _card(card: Card) -> dict[str, Any]:
    out = _card_fields(card)
    if card.original_suit != card.suit:  # changed by an effect: kept for sorting ties
        out["original_suit"] = card.original_suit.letter
    return out


def _card_fields(card: Card) -> dict[str, Any]:
    return {
        "serial": card.serial,
        "rank": card.base_rank,
        "suit": card.suit.letter,
        "enhancement": card.enhancement.name.lower(),
        "edition": card.edition.name.lower(),
        "seal": card.seal.name.lower(),
        "perma_bonus": card.perma_bonus,
        "played_this_ante": card.played_this_ante,
        "face_down": card.face_down,
        "forced": card.forced,
        "debuff": [card._debuff.forced, card._debuff.by_blind],
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
    from ..manager import module_packages

    out: dict[str, str] = {}
    owners = game.plugins.owners()
    for module in sorted({owners[key] for key in keys if key in owners}):
        out.update(module_packages(module))
    return out


def to_data(game: Game, with_plugins: bool = True) -> dict[str, Any]:
    """The save as plain data (``with_plugins``: record which plugin packages it needs)."""
    run = game.run
    keys: set[str] = {game.deck.key, *run.vouchers, *run.tags, run.boss}
    if game.stake is not None:
        keys.add(game.stake.key)
    keys |= {j.key for j in game.jokers} | {c.key for c in game.consumables}
    blind = game.blind
    data: dict[str, Any] = {
        "format": FORMAT,
        "seed": game.seed,
        "deck": game.deck.key,
        "stake": game.stake.key if game.stake is not None else None,
        "serial": game._next_serial(),
        "run": run.to_dict(),
        "rng": game.rng.snapshot(),
        "rows": {name: [_card(c) for c in game.area(area)] for name, area in _CARD_AREAS.items()},
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
    data["plugins"] = _providers(game, {k for k in keys if k}) if with_plugins else {}
    return data


def dumps(game: Game) -> str:
    """The save as JSON text (stable: the same game always gives the same bytes)."""
    return json.dumps(to_data(game), ensure_ascii=False, separators=(",", ":"))


def _check_content(plugins: Plugins, data: dict[str, Any]) -> None:
    wanted: list[tuple[str, str]] = [("deck", data["deck"])]
    if data.get("stake"):
        wanted.append(("stake", data["stake"]))
    wanted += [("joker", j["key"]) for j in data["jokers"]]
    wanted += [("consumable", c["key"]) for c in data["consumables"]]
    wanted += [("voucher", v) for v in data["run"]["vouchers"]]
    wanted += [("tag", t) for t in data["run"]["tags"]]
    wanted += [("voucher", v) for v in data["shop_vouchers"]]
    wanted += [("booster", p) for p in data["shop_packs"]]
    for offer in (*data["shop"], *data["pack"]["cards"]):
        if offer["kind"] != "card":
            wanted.append((offer["kind"], offer["key"]))
    for family, key in wanted:
        try:
            plugins.content(key)
        except ValueError:
            needs = ", ".join(f"{d} {v}" for d, v in data.get("plugins", {}).items()) or "?"
            raise BalatroError(
                f"save needs {family} {key!r}, which no installed plugin provides "
                f"(the save was made with: {needs})"
            ) from None


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
    """A saved row of the run's cards, in order (numbered and counted once)."""
    row = game.area(area)
    tally = game._tally
    for raw in raws:
        card = _restore_card(game, raw, area)
        card._tally = tally
        tally[card.enhancement] += 1
        row.append(card)
    game._renumber(row)


def _restore_card(game: Game, raw: dict[str, Any], area: C.Area) -> Card:
    """A saved card, in no row (its debuff is as saved: no blind is asked)."""
    card = game.new_card(_spec(raw), area)
    card._serial.value = raw["serial"]
    card._flags.face_down = raw["face_down"]
    card._flags.forced_selection = raw["forced"]
    card._flags.couponed = raw.get("couponed", False)
    card._debuff.by_blind = raw["debuff"][1]
    if "original_suit" in raw:
        from ..enums import parse_suit

        card._suit.original = parse_suit(raw["original_suit"])
    return card


def _restore_joker(game: Game, raw: dict[str, Any], area: C.Area) -> Joker:
    joker = game.new_joker(raw["key"], edition=Edition[raw["edition"].upper()], state={}, area=area)
    joker._serial.value = raw["serial"]
    joker.state.clear()
    joker.state.update(raw["state"])
    joker._debuff.forced, joker._debuff.by_blind = raw["debuff"]
    sticker = raw["stickers"]
    joker._stickers.eternal = sticker["eternal"]
    joker._stickers.perishable = sticker["perishable"]
    joker._stickers.rental = sticker["rental"]
    price = raw["price"]
    joker._price.buy, joker._price.sell_override, joker._price.free = (
        price["buy"], price["sell_override"], price["free"],
    )  # fmt: skip
    return joker


def _restore_consumable(game: Game, raw: dict[str, Any], area: C.Area) -> Consumable:
    item = game.new_consumable(raw["key"], edition=Edition[raw["edition"].upper()], area=area)
    item._serial.value = raw["serial"]
    item.state.clear()
    item.state.update(raw["state"])
    price = raw["price"]
    item._price.buy, item._price.sell_override, item._price.free = (
        price["buy"], price["sell_override"], price["free"],
    )  # fmt: skip
    return item


def _restore_offer(game: Game, raw: dict[str, Any], area: C.Area) -> Joker | Consumable | Card:
    if raw["kind"] == "joker":
        return _restore_joker(game, raw, area)
    if raw["kind"] == "consumable":
        return _restore_consumable(game, raw, area)
    return _restore_card(game, raw, area)


def from_data(data: dict[str, Any], plugins: Plugins | None = None) -> Game:
    """Rebuild a game from :func:`to_data` output.

    :raises BalatroError: not a save, a save needing content no plugin provides, or a
        damaged save (the message names the missing or bad field).
    """
    if not isinstance(data, dict):
        raise BalatroError(
            f"not a balatro_ecs save (expected an object, got {type(data).__name__})"
        )
    try:
        return _from_data(data, plugins)
    except KeyError as err:
        raise BalatroError(f"damaged save: field {err.args[0]!r} is missing") from None
    except (TypeError, ValueError, AttributeError) as err:
        if isinstance(err, BalatroError):
            raise
        raise BalatroError(f"damaged save: {err}") from None


def _from_data(data: dict[str, Any], plugins: Plugins | None) -> Game:
    from ..game import Game
    from ..manager import Plugins as PluginSet

    if data.get("format") != FORMAT:
        raise BalatroError(
            f"not a balatro_ecs save (format {data.get('format')!r}, expected {FORMAT!r})"
        )
    plugins = plugins if plugins is not None else PluginSet.default()
    _check_content(plugins, data)
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
    game.refresh_rules()
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


def loads(text: str, plugins: Plugins | None = None) -> Game:
    """Load a save made by :func:`dumps`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BalatroError(
            f"save: malformed JSON at line {err.lineno}, column {err.colno}"
        ) from None
    return from_data(data, plugins)


def clone(game: Game) -> Game:
    """An independent copy of ``game`` (copied directly: :mod:`balatro_ecs.run.clone`)."""
    from .clone import clone as direct

    return direct(game)
