"""A game read as the balatrobot API's ``GameState``: the object every method answers with.

The shape is the mod's (its ``src/lua/utils/gamestate.lua`` and OpenRPC schema): the
state's name, the run's numbers, the poker hands, the round, the three blinds, and the
card areas (``jokers``, ``consumables``, ``cards`` for the draw pile, ``hand``, and in
the shop ``shop``, ``vouchers``, ``packs``; ``pack`` while a booster is open), each with
``count``, ``limit`` and ``cards``. A card is ``{id, key, set, label, value, modifier,
state, cost}``; ``modifier`` and ``state`` list only what is set, as the mod does.

Two choices are the reader's (:class:`View`): the spelling of decks, stakes and
modifiers (:mod:`balatro_ecs.tools.server.names`), and *fair* reading. The mod shows
everything the game holds, face-down cards and the draw pile's order included; a fair
view shows a face-down card as only ``{"hidden": true}`` and the draw pile sorted (what
the game's deck view shows), so a bot cannot read what a player could not see.

>>> from balatro_ecs import Game
>>> state = gamestate(Game(seed="GAMESTATE"), View())
>>> state["state"], state["deck"], state["stake"], state["cards"]["count"]
('BLIND_SELECT', 'b_red', 'stake_white', 52)
>>> state["blinds"]["small"]["status"], state["blinds"]["boss"]["type"]
('SELECT', 'BOSS')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...game.cards import Card
from ...game.describe import describe, describe_card
from ...game.determinize import face_down_jokers  # (not via observe: it needs numpy)
from ...game.jokers import Consumable, Joker
from ...game.run import shop
from ...game.run.blinds import blind_chips, blind_key
from ...game.state import Phase, hand_values
from ...kernel.components import Area
from ...kernel.content import BlindType, BoosterType
from ...kernel.enums import HAND_NAMES, Edition, Enhancement, HandType, Seal, Suit
from .names import KEYS, deck_name, edition_name, enhancement_name, seal_name, stake_name

if TYPE_CHECKING:
    from ...game.game import Game

__all__ = ["MENU", "STATE_NAMES", "View", "gamestate", "state_name"]

#: The state with no run: the main menu.
MENU = "MENU"

#: The mod's state name for each phase of a run (a pack open is ``SMODS_BOOSTER_OPENED``,
#: as the game reports it with Steamodded loaded, whatever the pack).
STATE_NAMES: dict[Phase, str] = {
    Phase.BLIND_SELECT: "BLIND_SELECT",
    Phase.ROUND: "SELECTING_HAND",
    Phase.CASH_OUT: "ROUND_EVAL",
    Phase.SHOP: "SHOP",
    Phase.PACK: "SMODS_BOOSTER_OPENED",
    Phase.GAME_OVER: "GAME_OVER",
}

_RANK_CHARS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_SETS = {"Tarot": "TAROT", "Planet": "PLANET", "Spectral": "SPECTRAL"}
#: Cards a player may mark in hand at once (the game's ``highlighted_limit``).
HIGHLIGHT_LIMIT = 5


@dataclass(frozen=True)
class View:
    """How to read a game: ``style`` spells decks, stakes and modifiers
    (:data:`~balatro_ecs.tools.server.names.KEYS` or :data:`~balatro_ecs.tools.server.names.NAMES`);
    ``fair`` hides face-down cards and the draw pile's order; ``revealed`` holds the
    serials of face-down cards a consumable just showed (the ``use`` answer marks them
    ``revealed`` and, in a fair view, shows them)."""

    style: str = KEYS
    fair: bool = False
    revealed: frozenset[int] = field(default_factory=frozenset)


def state_name(game: Game | None) -> str:
    """The mod's name for where ``game`` is (``MENU`` with no game)."""
    return MENU if game is None else STATE_NAMES[game.run.phase]


def _number(value: float) -> float | int:
    """Whole numbers as integers, as the game's JSON writes them."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


# -- cards ----------------------------------------------------------------------------------


def _hidden_card(serial: int, cost: dict[str, int], where: str) -> dict[str, Any]:
    return {
        "id": serial,
        "key": "",
        "set": where,
        "label": "",
        "value": {"effect": ""},
        "modifier": {},
        "state": {"hidden": True},
        "cost": cost,
    }


def _playing_card(game: Game, card: Card, view: View, buy: int | None = None) -> dict[str, Any]:
    price = game.price(shop.PLAYING_CARD_COST, Edition(card.edition))
    cost = {"sell": max(1, price // 2), "buy": price if buy is None else buy}
    revealed = card.serial in view.revealed
    if card.face_down and view.fair and not revealed:
        return _hidden_card(card.serial, cost, "DEFAULT")
    rank, suit = card.base_rank, Suit(card.suit)
    modifier: dict[str, Any] = {}
    if card.seal != Seal.NONE:
        modifier["seal"] = seal_name(card.seal, view.style)
    if card.edition != Edition.NONE:
        modifier["edition"] = edition_name(card.edition, view.style)
    if card.enhancement != Enhancement.NONE:
        modifier["enhancement"] = enhancement_name(card.enhancement, view.style)
    state: dict[str, Any] = {}
    if card.debuffed:
        state["debuff"] = True
    if card.face_down:
        state["hidden"] = True
    if revealed:
        state["revealed"] = True
    if card.forced:
        state["highlight"] = True
    return {
        "id": card.serial,
        "key": f"{suit.letter}_{_RANK_CHARS.get(rank, str(rank))}",
        "set": "DEFAULT" if card.enhancement == Enhancement.NONE else "ENHANCED",
        "label": f"{_RANK_WORDS.get(rank, str(rank))} of {suit.title}",
        "value": {
            "suit": suit.letter,
            "rank": _RANK_CHARS.get(rank, str(rank)),
            "effect": describe_card(game, card),
        },
        "modifier": modifier,
        "state": state,
        "cost": cost,
    }


def _joker(game: Game, joker: Joker, view: View, *, face_down: bool = False) -> dict[str, Any]:
    cost = {"sell": joker.sell_value, "buy": joker.buy_cost}
    if face_down and view.fair:
        return _hidden_card(joker.serial, cost, "JOKER")
    modifier: dict[str, Any] = {}
    if joker.edition != Edition.NONE:
        modifier["edition"] = edition_name(joker.edition, view.style)
    if joker.eternal:
        modifier["eternal"] = True
    rounds = joker.perishable
    if rounds:
        modifier["perishable"] = rounds
    if joker.rental:
        modifier["rental"] = True
    state: dict[str, Any] = {}
    if joker.debuffed:
        state["debuff"] = True
    if face_down:
        state["hidden"] = True
    return {
        "id": joker.serial,
        "key": joker.key,
        "set": "JOKER",
        "label": joker.name,
        "value": {"effect": describe(game, joker)},
        "modifier": modifier,
        "state": state,
        "cost": cost,
    }


def _consumable(game: Game, item: Consumable, view: View) -> dict[str, Any]:
    modifier: dict[str, Any] = {}
    if item.edition != Edition.NONE:
        modifier["edition"] = edition_name(item.edition, view.style)
    return {
        "id": item.serial,
        "key": item.key,
        "set": _SETS.get(item.type.set, item.type.set.upper()),
        "label": item.name,
        "value": {"effect": describe(game, item)},
        "modifier": modifier,
        "state": {},
        "cost": {"sell": item.sell_value, "buy": item.buy_cost},
    }


def _item(
    game: Game, item: Joker | Consumable | Card, view: View, buy: int | None = None
) -> dict[str, Any]:
    if isinstance(item, Card):
        return _playing_card(game, item, view, buy)
    out = _joker(game, item, view) if isinstance(item, Joker) else _consumable(game, item, view)
    if buy is not None:
        out["cost"]["buy"] = buy
    return out


def _offer(game: Game, key: str, card_set: str, label: str, price: int) -> dict[str, Any]:
    """A voucher or booster on sale (a key in the engine, so its ``id`` is 0)."""
    return {
        "id": 0,
        "key": key,
        "set": card_set,
        "label": label,
        "value": {"effect": describe(game, key)},
        "modifier": {},
        "state": {},
        "cost": {"sell": max(1, price // 2), "buy": price},
    }


def _area(
    cards: list[dict[str, Any]], limit: int, highlighted: int | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"count": len(cards), "limit": limit}
    if highlighted is not None:
        out["highlighted_limit"] = highlighted
    out["cards"] = cards
    return out


def _draw_pile(game: Game, view: View) -> list[Card]:
    pile = game.area(Area.DECK)
    if not view.fair:
        return list(pile)  # the game's own order: the next card drawn is the last
    return sorted(pile, key=lambda c: (int(c.suit), -c.base_rank, int(c.enhancement), c.serial))


# -- the run --------------------------------------------------------------------------------


def _tag(game: Game, key: str) -> dict[str, str]:
    return {"key": key, "name": game.plugins.content(key).name, "effect": describe(game, key)}


def _blinds(game: Game) -> dict[str, Any]:
    run = game.run
    out: dict[str, Any] = {}
    current = game.blind.key if game.blind is not None else None
    for which, kind in (("small", "SMALL"), ("big", "BIG"), ("boss", "BOSS")):
        key = blind_key(game, which.title())
        status = run.blind_states.get(which.title(), "Upcoming").upper()
        blind: dict[str, Any] = {"key": key, "type": kind, "status": status}
        if not key:
            blind.update(name="Boss Blind", effect="", score=0)
        else:
            btype = game.plugins.find(BlindType, key)
            live = status == "CURRENT" and key == current
            score = run.blind_chips if live else blind_chips(game, btype)
            blind["name"] = btype.name
            blind["effect"] = "" if which != "boss" else describe(game, key)
            blind["score"] = _number(math.floor(score))
        tag = run.tags_offered.get(which.title())
        if tag and which != "boss":
            blind["tag"] = _tag(game, tag)
        if which == "boss":
            blind["reroll_available"] = _boss_reroll_available(game)
        out[which] = blind
    return out


def _boss_reroll_available(game: Game) -> bool:
    """The game's Reroll Boss button: Retcon, or Director's Cut not used this ante, and $10."""
    rules = game.rules
    voucher = rules.boss_reroll_unlimited or (
        rules.boss_reroll_once_per_ante and "boss_rerolled" not in game.run.flags
    )
    return bool(voucher) and shop.can_afford(game, 10)


def _hands(game: Game) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for index, stats in enumerate(game.run.hands):
        chips, mult = hand_values(HandType(index), stats.level)
        out[HAND_NAMES[index]] = {
            "order": index + 1,
            "level": stats.level,
            "chips": _number(chips),
            "mult": _number(mult),
            "played": stats.played,
            "played_this_round": stats.played_this_round,
        }
    return out


def _round(game: Game) -> dict[str, Any]:
    run = game.run
    return {
        "hands_left": run.hands_left,
        "hands_played": run.hands_played_round,
        "discards_left": run.discards_left,
        "discards_used": run.discards_used,
        "reroll_cost": shop.reroll_price(game),
        "chips": _number(run.chips),
        "most_played_hand": HAND_NAMES[run.most_played_hand],
    }


def _shop_areas(game: Game, view: View) -> dict[str, Any]:
    cards = [_item(game, item, view, shop.offer_price(game, item)) for item in game.shop]
    vouchers = [
        _offer(game, key, "VOUCHER", game.plugins.voucher(key).name, shop.voucher_price(game, key))
        for key in game.shop_vouchers
    ]
    packs = []
    for key in game.shop_packs:
        booster = game.plugins.find(BoosterType, key)
        packs.append(_offer(game, key, "BOOSTER", booster.name, shop.pack_price(game, booster)))
    return {
        "shop": _area(cards, game.run.shop_slots),
        "vouchers": _area(vouchers, max(1, len(vouchers))),
        "packs": _area(packs, max(2, len(packs))),
    }


def gamestate(game: Game | None, view: View) -> dict[str, Any]:
    """The balatrobot ``GameState`` of ``game`` (``None``: the main menu)."""
    if game is None:
        return {"state": MENU, "paused": False, "round_num": 0, "ante_num": 0, "money": 0}
    run = game.run
    phase = run.phase
    out: dict[str, Any] = {
        "state": STATE_NAMES[phase],
        "paused": phase is Phase.GAME_OVER,
        "round_num": run.round,
        "ante_num": run.ante,
        "money": run.dollars,
        "deck": deck_name(game.deck.type, view.style),
    }
    if game.stake is not None:
        out["stake"] = stake_name(game.stake, view.style)
    out["seed"] = game.seed
    if run.last_tarot_planet:
        out["last_tarot_planet"] = run.last_tarot_planet
    out["won"] = run.won
    out["starting_deck_size"] = run.starting_deck_size
    out["used_vouchers"] = {key: describe(game, key) for key in run.vouchers}
    if run.tags:
        out["tags"] = [_tag(game, key) for key in run.tags]
    out["hands"] = _hands(game)
    out["round"] = _round(game)
    out["blinds"] = _blinds(game)
    down = face_down_jokers(game)
    jokers = [_joker(game, j, view, face_down=i in down) for i, j in enumerate(game.jokers)]
    out["jokers"] = _area(jokers, game.joker_limit, 1)
    consumables = [_consumable(game, c, view) for c in game.consumables]
    out["consumables"] = _area(consumables, game.consumable_limit, 1)
    pile = [_playing_card(game, c, view) for c in _draw_pile(game, view)]
    out["cards"] = _area(pile, len(game.playing_cards))
    hand = [_playing_card(game, c, view) for c in game.area(Area.HAND)]
    out["hand"] = _area(hand, game.hand_size, HIGHLIGHT_LIMIT)
    if phase is Phase.SHOP or (phase is Phase.PACK and game.pack_return is Phase.SHOP):
        out.update(_shop_areas(game, view))
    if phase is Phase.PACK:
        shown = [_item(game, item, view) for item in game.pack]
        size = game.plugins.find(BoosterType, game.pack_key).cards if game.pack_key else 0
        out["pack"] = _area(shown, max(size, len(shown)), 1)
    return out
