"""The engine's run as a save of the game's own (``save.jkr``).

:func:`to_table` builds the run table the game writes (the shape of its saves: ``GAME``,
``cardAreas``, ``BLIND``, ``BACK``, ``tags``, ``STATE``, ``VERSION``), and :func:`to_jkr`
writes it as the game does (:mod:`.luatable`: Lua table text, raw DEFLATE at level 1).

Every field the game's rules read is written from the engine's state; the numbers the
engine keeps apart from what the jokers held change (the hand size, a round's hands and
discards, interest per $5, the "1 in N" numerator) are written with those changes in, as
the game keeps them. What the engine does not track -- the run's statistics
(``round_scores``, ``cards_played``, usage counts past what the rules need), a card's
``times_played`` -- is written as a new run has it, and sprite positions the engine does
not know as ``{x=0, y=0}``.

The game saves a run only at fixed moments; the engine can write one at any moment the
game has a screen for: the Blind Select, a round (a hand to play), the round's
evaluation and the shop. An open pack (the game saves one only as the shop before it was
bought) and a lost run are refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....kernel.components import Area
from ....kernel.content import (
    BlindType,
    BoosterType,
    EditionType,
    EnhancementType,
    JokerType,
    TagType,
)
from ....kernel.enums import HAND_LEVELS, HAND_NAMES, Edition, Enhancement, Seal, parse_suit
from ....kernel.errors import SaveError
from ....kernel.rng import pseudohash
from ...cards import Card
from ...jokers import EDITION_SURCHARGE, Consumable, Joker
from ...pools import owned_keys
from ...run_rules import RUN_START
from ...state import Phase, hand_values, hands_by_name
from ..blinds import blind_type_on_deck
from ..shop import PLAYING_CARD_COST, offer_price, pack_price, voucher_price
from . import luatable
from .names import (
    FACE_NOMINAL,
    RANK_CHARS,
    RANK_NAMES,
    STATE_OF_PHASE,
    SUIT_COLOURS,
    SUIT_NAMES,
    SUIT_ORDER,
)

if TYPE_CHECKING:
    from ...game import Game

__all__ = ["EXTENSION", "VERSION", "to_jkr", "to_table"]

#: The table of ``GAME`` holding what the engine keeps that the game has no field for
#: (the game ignores it; a save the game wrote has none).
EXTENSION = "balatro_ecs"
#: The game's version a save names (``VERSION``).
VERSION = "1.0.1o-FULL"
#: What the game writes for an object it cannot serialise (the blind, the deck).
_MANUAL = '"MANUAL_REPLACE"'
_ORIGIN = {"x": 0, "y": 0}
_BLINDS = ("Small", "Big", "Boss")
#: A center's ``name`` in the game where it is not the display name (the enhancement's
#: ``effect`` is): facts of the game's saves.
_CENTER_NAMES = {"m_bonus": "Bonus", "m_mult": "Mult"}


def _game_name(jtype: JokerType) -> str:
    """A joker's name in the game's own tables (its ``ability.name``, which the game's rules
    go by): the first alias where it is not the name shown (the vanilla pack declares
    ``Riff-raff``, ``Caino``, ``Seance`` so), else its name."""
    return jtype.aliases[0] if jtype.aliases else jtype.name


#: Each poker hand's place in the game's table (``order``: Flush Five 1 ... High Card 12).
_HAND_ORDER = {name: i for i, name in enumerate(HAND_NAMES[:12], start=1)}
#: The example a hand's row shows in the game's run info (cards and whether they score):
#: facts of the game's saves.
_EXAMPLES: dict[str, list[list[Any]]] = {
    "Flush Five": [["S_A", True]] * 5,
    "Flush House": [["D_7", True]] * 3 + [["D_4", True]] * 2,
    "Five of a Kind": [["S_A", True], ["H_A", True], ["H_A", True], ["C_A", True], ["D_A", True]],
    "Straight Flush": [["S_Q", True], ["S_J", True], ["S_T", True], ["S_9", True], ["S_8", True]],
    "Four of a Kind": [["S_J", True], ["H_J", True], ["C_J", True], ["D_J", True], ["C_3", False]],
    "Full House": [["H_K", True], ["C_K", True], ["D_K", True], ["S_2", True], ["D_2", True]],
    "Flush": [["H_A", True], ["H_K", True], ["H_T", True], ["H_5", True], ["H_4", True]],
    "Straight": [["D_J", True], ["C_T", True], ["C_9", True], ["S_8", True], ["H_7", True]],
    "Three of a Kind": [
        ["S_T", True],
        ["C_T", True],
        ["D_T", True],
        ["H_6", False],
        ["D_5", False],
    ],
    "Two Pair": [["H_A", True], ["D_A", True], ["C_Q", False], ["H_4", True], ["C_4", True]],
    "Pair": [["S_K", False], ["S_9", True], ["D_9", True], ["H_6", False], ["D_3", False]],
    "High Card": [["S_A", True], ["D_Q", False], ["D_9", False], ["C_4", False], ["D_3", False]],
}
_ROUND_SCORES = (
    ("furthest_ante", "Ante"), ("furthest_round", "Round"), ("hand", "Best Hand"),
    ("poker_hand", "Most Played Hand"), ("new_collection", "New Discoveries"),
    ("cards_played", "Cards Played"), ("cards_discarded", "Cards Discarded"),
    ("times_rerolled", "Times Rerolled"), ("cards_purchased", "Cards Purchased"),
)  # fmt: skip


def to_jkr(game: Game) -> bytes:
    """The game's run as the bytes of a ``save.jkr`` the game loads (see the module's
    notes).

    :raises SaveError: a moment the game never saves (an open pack, a lost run).
    """
    return luatable.dumps(to_table(game))


def to_table(game: Game) -> dict[str, Any]:
    """The run table a ``save.jkr`` of this moment holds (plain data)."""
    phase = game.run.phase
    if phase is Phase.PACK:
        raise SaveError(
            "save.jkr: the game saves no open pack (it saves the shop before the pack "
            "was bought): write the save before opening the pack or after it closes"
        )
    if phase is Phase.GAME_OVER:
        raise SaveError("save.jkr: the game keeps no save of a lost run")
    return _Writer(game).table()


class _Writer:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.run = game.run
        self.rules = game.rules
        self.playing_index = {
            card.serial: i
            for i, card in enumerate(sorted(game.playing_cards, key=lambda c: c.serial), start=1)
        }

    # -- the whole table -------------------------------------------------------------------
    def table(self) -> dict[str, Any]:
        return {
            "STATE": STATE_OF_PHASE[self.run.phase],
            "BLIND": self.blind(),
            "BACK": self.back(),
            "tags": [
                {"key": key, "tally": i, "ability": {}}
                for i, key in enumerate(self.tags(), start=1)
            ],
            "cardAreas": self.areas(),
            "GAME": self.game_table(),
            "VERSION": VERSION,
        }

    def tags(self) -> list[str]:
        """The tags held; at the round's evaluation, also those its payout used up (the
        game pays them when it works the payout out again, on continuing the run)."""
        tags = list(self.run.tags)
        if self.run.phase is Phase.CASH_OUT:
            by_name = {tag.name: tag.key for tag in self.game.plugins.all(TagType)}
            tags += [by_name[label] for label, _ in self.run.payout if label in by_name]
        return tags

    def back(self) -> dict[str, Any]:
        deck = self.game.deck.type
        center = {
            "name": deck.name, "key": deck.key, "set": "Back", "order": deck.order,
            "config": _plain(deck.config), "pos": dict(_ORIGIN), "stake": 1,
            "unlocked": True, "discovered": True, "alerted": True,
        }  # fmt: skip
        return {
            "name": deck.name,
            "key": deck.key,
            "pos": dict(_ORIGIN),
            "effect": {"center": center, "config": _plain(deck.config), "text_UI": ""},
        }

    # -- the blind ---------------------------------------------------------------------------
    def blind(self) -> dict[str, Any]:
        """The blind being played; at the round's evaluation, the blind just beaten (the
        game works the payout out again from it when it continues the run)."""
        game, run = self.game, self.run
        blind = game.blind
        if blind is None and run.phase is not Phase.CASH_OUT:
            return {
                "name": "", "config_blind": "", "dollars": 0, "mult": 0, "chips": 0,
                "chip_text": "0", "debuff": {}, "disabled": False,
            }  # fmt: skip
        btype = blind.type if blind is not None else blind_type_on_deck(game)
        memory: dict[str, Any] = blind.memory if blind is not None else {}
        out: dict[str, Any] = {
            "name": btype.name,
            "config_blind": btype.key,
            "boss": btype.is_boss,
            "dollars": btype.dollars,
            "mult": btype.mult,
            "chips": run.blind_chips,
            "chip_text": _thousands(run.blind_chips),
            "debuff": _plain(btype.debuff),
            "disabled": blind.disabled if blind is not None else False,
            "triggered": blind.triggered if blind is not None else False,
            "pos": dict(_ORIGIN),
        }
        if "discards_removed" in memory:
            out["discards_sub"] = memory["discards_removed"]
        if "hands_removed" in memory:
            out["hands_sub"] = memory["hands_removed"]
        if memory.get("only_hand"):
            out["only_hand"] = memory["only_hand"]
        if "hands_used" in memory:
            out["hands"] = {name: True for name in memory["hands_used"]}
        if "prepped" in memory:
            out["prepped"] = bool(memory["prepped"])
        return out

    def blind_prototype(self, btype: BlindType) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": btype.key, "name": btype.name, "dollars": btype.dollars, "mult": btype.mult,
            "debuff": _plain(btype.debuff), "order": btype.order, "pos": dict(_ORIGIN),
            "vars": {}, "defeated": False, "debuff_text": "", "unlocked": True,
            "discovered": True, "alerted": True,
        }  # fmt: skip
        if btype.is_boss:
            out["boss"] = {"min": btype.min_ante, "max": btype.max_ante} | (
                {"showdown": True} if btype.kind == "showdown" else {}
            )
        return out

    # -- the card areas ------------------------------------------------------------------------
    def areas(self) -> dict[str, Any]:
        game, run = self.game, self.run
        playing = {
            name: [self.playing(card, name) for card in game.area(area)]
            for name, area in (
                ("deck", Area.DECK), ("hand", Area.HAND), ("discard", Area.DISCARD),
                ("play", Area.PLAY),
            )
        }  # fmt: skip
        areas: dict[str, Any] = {
            "deck": _area("deck", len(game.playing_cards), playing["deck"]),
            "hand": _area(
                "hand",
                game.hand_size,
                playing["hand"],
                hand=True,
                sort="suit desc" if run.hand_sort == "suit" else "desc",
            ),
            "discard": _area("discard", 500, playing["discard"]),
            "play": _area("play", 5, playing["play"]),
            "jokers": _area("joker", game.joker_limit, [self.joker(j) for j in game.jokers]),
            "consumeables": _area(
                "joker", game.consumable_limit, [self.consumable(c) for c in game.consumables]
            ),
        }
        if run.phase is Phase.SHOP:
            areas["shop_jokers"] = _area("shop", run.shop_slots, [self.offer(i) for i in game.shop])
            vouchers = [self.voucher(key, i) for i, key in enumerate(game.shop_vouchers)]
            areas["shop_vouchers"] = _area("shop", max(1, len(vouchers)), vouchers)
            packs = [self.booster(key, i) for i, key in enumerate(game.shop_packs)]
            areas["shop_booster"] = _area("shop", max(2, len(packs)), packs)
            areas["shop_booster"]["config"]["card_w"] = 2.6019512195122
        for name, area in areas.items():
            for rank, card in enumerate(area["cards"], start=1):
                card["rank"] = rank
            del name
        return areas

    def playing(self, card: Card, area: str) -> dict[str, Any]:
        key = f"{card.suit.letter}_{RANK_CHARS[card.base_rank]}"
        center = _enhancement_key(card.enhancement)
        face_down = card.face_down and area in ("hand", "play")
        facing = "front" if area in ("hand", "play") and not face_down else "back"
        if area == "shop_jokers":
            facing = "front"
        index = self.playing_index.get(card.serial, card.serial)
        ability = _card_ability(self.game, card)
        cost = self.game.price(PLAYING_CARD_COST, card.edition)
        out: dict[str, Any] = {
            "sort_id": card.serial,
            "save_fields": {"center": center, "card": key},
            "params": {"playing_card": index},
            "playing_card": index,
            "base_cost": PLAYING_CARD_COST,
            "extra_cost": self.run.inflation + EDITION_SURCHARGE.get(card.edition, 0),
            "cost": cost,
            "sell_cost": max(1, cost // 2),
            "facing": facing,
            "sprite_facing": facing,
            "label": ability["name"] if center != "c_base" else "Base Card",
            "debuff": card.debuffed,
            "rank": 0,
            "base": _base(card),
            "ability": ability,
        }
        if card.edition != Edition.NONE:
            out["edition"] = _edition(self.game, card.edition)
        if card.seal != Seal.NONE:
            out["seal"] = _seal_name(card.seal)
        return out

    def _priced(self, out: dict[str, Any], cost: int, base: int, edition: Edition) -> None:
        out["base_cost"] = base
        out["extra_cost"] = self.run.inflation + EDITION_SURCHARGE.get(edition, 0)
        out["cost"] = cost

    def joker(self, joker: Joker, *, owned: bool = True) -> dict[str, Any]:
        jtype = joker.type
        ability: dict[str, Any] = {
            "name": _game_name(jtype), "effect": "", "set": "Joker",
            "order": jtype.order,
            "bonus": 0, "h_mult": 0, "h_x_mult": 0, "h_dollars": 0, "p_dollars": 0,
            "perma_bonus": 0,
        }  # fmt: skip
        ability.update(_plain(dict(joker.state)))
        stickers = joker.stickers
        if joker.eternal:
            ability["eternal"] = True
        if joker.perishable is not None:
            ability["perishable"] = True
            ability["perish_tally"] = joker.perishable
        if joker.rental:
            ability["rental"] = True
        del stickers
        free = joker._price.free
        if free:
            ability["couponed"] = True
        facing = "front"
        blind = self.game.blind
        if blind is not None and joker.serial in blind.memory.get("flipped", ()):
            facing = "back"
        out: dict[str, Any] = {
            "sort_id": joker.serial,
            "save_fields": {"center": jtype.key},
            "params": _params(discover=True),
            "sell_cost": joker.sell_value,
            "facing": facing,
            "sprite_facing": facing,
            "label": _game_name(jtype),
            "debuff": joker.debuffed,
            "rank": 0,
            "base": _NO_BASE(),
            "ability": ability,
            "bypass_discovery_center": True,
            "bypass_discovery_ui": True,
        }
        self._priced(out, 0 if free else joker._price.buy, jtype.cost, joker.edition)
        if owned:
            out["added_to_deck"] = True
            out["bypass_lock"] = True
        if joker.edition != Edition.NONE:
            out["edition"] = _edition(self.game, joker.edition)
        return out

    def consumable(self, item: Consumable, *, owned: bool = True) -> dict[str, Any]:
        ctype = item.type
        ability: dict[str, Any] = _ability(
            _CENTER_NAMES.get(ctype.key, ctype.name), "", ctype.set, {}, order=ctype.order
        )
        consumeable = _plain(dict(item.state))
        if ctype.hand is not None:  # what the game's Planets read
            consumeable.setdefault("hand_type", ctype.hand)
            if ctype.secret:
                consumeable.setdefault("softlock", True)
        ability["consumeable"] = consumeable
        free = item._price.free
        if free:
            ability["couponed"] = True
        out: dict[str, Any] = {
            "sort_id": item.serial,
            "save_fields": {"center": ctype.key},
            "params": _params(discover=True),
            "sell_cost": item.sell_value,
            "facing": "front",
            "sprite_facing": "front",
            "label": ctype.name,
            "debuff": False,
            "rank": 0,
            "base": _NO_BASE(),
            "ability": ability,
            "bypass_discovery_center": True,
            "bypass_discovery_ui": True,
        }
        self._priced(out, 0 if free else item._price.buy, ctype.cost, item.edition)
        if owned:
            out["added_to_deck"] = True
            out["bypass_lock"] = True
        if item.edition != Edition.NONE:
            out["edition"] = _edition(self.game, item.edition)
        return out

    def offer(self, item: Joker | Consumable | Card) -> dict[str, Any]:
        if isinstance(item, Joker):
            return self.joker(item, owned=False)
        if isinstance(item, Consumable):
            return self.consumable(item, owned=False)
        out = self.playing(item, "shop_jokers")
        price = offer_price(self.game, item)
        out["cost"] = price
        out["sell_cost"] = max(1, price // 2)
        if item._flags.couponed:
            out["ability"]["couponed"] = True
        return out

    def voucher(self, key: str, index: int) -> dict[str, Any]:
        vtype = self.game.plugins.voucher(key)
        price = voucher_price(self.game, key)
        ability = _ability(vtype.name, "", "Voucher", vtype.config, order=vtype.order)
        out: dict[str, Any] = {
            "sort_id": self._extra_serial(index, 0),
            "save_fields": {"center": key},
            "params": _params(),
            "sell_cost": max(1, price // 2),
            "facing": "front",
            "sprite_facing": "front",
            "label": vtype.name,
            "debuff": False,
            "rank": 0,
            "base": _NO_BASE(),
            "ability": ability,
            "bypass_discovery_center": True,
            "bypass_discovery_ui": True,
        }
        self._priced(out, price, vtype.cost, Edition.NONE)
        return out

    def booster(self, key: str, index: int) -> dict[str, Any]:
        booster = self.game.plugins.find(BoosterType, key)
        price = pack_price(self.game, booster)
        ability = _ability(booster.name, "", "Booster", {"extra": booster.cards}, booster.order)
        ability["booster_pos"] = index + 1
        if self.game.free_packs:
            ability["couponed"] = True
        out: dict[str, Any] = {
            "sort_id": self._extra_serial(index, 1),
            "save_fields": {"center": key},
            "params": _params(),
            "sell_cost": max(1, price // 2),
            "facing": "front",
            "sprite_facing": "front",
            "label": booster.name,
            "debuff": False,
            "rank": 0,
            "base": _NO_BASE(),
            "ability": ability,
            "bypass_discovery_center": True,
            "bypass_discovery_ui": True,
        }
        self._priced(out, price, booster.cost, Edition.NONE)
        return out

    def _extra_serial(self, index: int, row: int) -> int:
        """A creation number for a voucher or pack on sale (the engine keeps them as keys,
        not as cards): after every card's, vouchers first, in their rows' order. The
        engine's next card is numbered after the cards alone, as it was."""
        return self.game._next_serial() + row * 8 + index

    # -- GAME ------------------------------------------------------------------------------------
    def game_table(self) -> dict[str, Any]:
        game, run, rules = self.game, self.run, self.rules
        bosses = [b for b in game.plugins.all(BlindType) if b.is_boss]
        on_deck = run.blind_on_deck
        current_type = (
            game.blind.type
            if game.blind is not None
            else game.plugins.blind(
                {"Small": "bl_small", "Big": "bl_big"}.get(on_deck, run.boss or "bl_small")
            )
        )
        modifiers: dict[str, Any] = {}
        if run.no_blind_reward:
            modifiers["no_blind_reward"] = {name: True for name in run.no_blind_reward}
        if run.scaling != 1:
            modifiers["scaling"] = run.scaling
        for flag, name in (
            (run.eternals_in_shop, "enable_eternals_in_shop"),
            (run.perishables_in_shop, "enable_perishables_in_shop"),
            (run.rentals_in_shop, "enable_rentals_in_shop"),
            (run.no_interest, "no_interest"),
        ):
            if flag:
                modifiers[name] = True
        if run.money_per_hand != 1:
            modifiers["money_per_hand"] = run.money_per_hand
        if run.money_per_discard:
            modifiers["money_per_discard"] = run.money_per_discard
        resets: dict[str, Any] = {
            "ante": run.ante,
            "blind_ante": run.ante,
            "blind": self.blind_prototype(current_type),
            "blind_choices": {"Small": "bl_small", "Big": "bl_big", "Boss": run.boss},
            "blind_states": dict(run.blind_states),
            "blind_tags": dict(run.tags_offered),
            "boss_rerolled": "boss_rerolled" in run.flags,
            "hands": run.round_hands + rules.hands_delta,
            "discards": run.round_discards + rules.discards_delta,
            "reroll_cost": run.reroll_cost,
            "loc_blind_states": {name: "" for name in _BLINDS},
        }
        if run.temp_hand_size:
            resets["temp_handsize"] = run.temp_hand_size
        if run.temp_reroll_cost is not None:
            resets["temp_reroll_cost"] = run.temp_reroll_cost
        planets = {
            key: {"count": 1, "order": game.plugins.consumable(key).order, "set": "Planet"}
            for key in run.planets_used
        }
        used_planets = len(run.planets_used)
        starting = RUN_START
        return {
            "STOP_USE": 0,
            "bankrupt_at": -rules.debt_limit,
            "banned_keys": {},
            "base_reroll_cost": starting["reroll_cost"],
            "blind": _MANUAL,
            "blind_on_deck": on_deck,
            "bosses_used": {b.key: run.bosses_used.get(b.key, 0) for b in bosses},
            "cards_played": {RANK_NAMES[rank]: {"suits": {}, "total": 0} for rank in range(2, 15)},
            "chips": run.chips,
            "chips_text": "",
            "consumeable_buffer": 0,
            "consumeable_usage": planets,
            "consumeable_usage_total": {
                "all": run.tarots_used + run.spectrals_used + used_planets,
                "tarot": run.tarots_used,
                "planet": used_planets,
                "spectral": run.spectrals_used,
                "tarot_planet": run.tarots_used + used_planets,
            },
            "current_boss_streak": 0,
            "current_round": self.current_round(),
            "discount_percent": run.discount_percent,
            "dollar_buffer": 0,
            "dollars": run.dollars,
            "ecto_minus": run.memory.get("ecto_minus", 1),
            "edition_rate": run.edition_rate,
            "facing_blind": run.phase is Phase.ROUND,
            "first_shop_buffoon": run.first_shop_buffoon,
            "hand_usage": {},
            "hands": self.hands(),
            "hands_played": run.hands_played,
            "inflation": run.inflation,
            "interest_amount": run.interest_per_5 + rules.interest_bonus,
            "interest_cap": run.interest_cap,
            "joker_buffer": 0,
            "joker_rate": run.joker_rate,
            "joker_usage": {},
            "last_blind": {"boss": current_type.is_boss, "name": current_type.name},
            "last_hand_played": None
            if run.last_hand_played is None
            else HAND_NAMES[run.last_hand_played],
            "last_tarot_planet": run.last_tarot_planet,
            "max_jokers": len(game.jokers),
            "modifiers": modifiers,
            "orbital_choices": {
                int(ante): dict(hands) for ante, hands in run.orbital_choices.items()
            },
            "pack_choices": 1,
            "pack_size": 2,
            "perishable_rounds": run.perishable_rounds,
            "perscribed_bosses": {},
            "planet_rate": run.planet_rate,
            "playing_card_rate": run.playing_card_rate,
            "pool_flags": {flag: True for flag in run.flags if flag != "boss_rerolled"},
            "previous_round": {"dollars": run.dollars},
            "probabilities": {"normal": run.probability * rules.probability_scale},
            "pseudorandom": self.streams(),
            "rental_rate": run.rental_rate,
            "round": run.round,
            "round_bonus": {"discards": 0, "next_hands": 0},
            "round_resets": resets,
            "round_scores": {key: {"amt": 0, "label": label} for key, label in _ROUND_SCORES},
            "seeded": True,
            "selected_back": _MANUAL,
            "selected_back_key": self.back()["effect"]["center"],
            "shop": {"joker_max": run.shop_slots},
            "skips": run.skips,
            "sort": "desc",
            "spectral_rate": run.spectral_rate,
            "stake": run.stake,
            "starting_deck_size": run.starting_deck_size,
            "starting_params": {
                "ante_scaling": run.ante_scaling,
                "consumable_slots": run.consumable_slots,
                "discards": run.round_discards,
                "dollars": starting["dollars"],
                "hand_size": run.hand_size,
                "hands": run.round_hands,
                "joker_slots": run.joker_slots,
                "reroll_cost": starting["reroll_cost"],
                "erratic_suits_and_ranks": False,
                "no_faces": False,
            },
            "subhash": "",
            "tag_tally": len(run.tags),
            "tags": {},
            "tarot_rate": run.tarot_rate,
            "unused_discards": run.unused_discards,
            "used_jokers": self.used_jokers(),
            "used_vouchers": {key: True for key in run.vouchers},
            "voucher_text": "",
            "win_ante": run.win_ante,
            "won": run.won,
            EXTENSION: self.extension(),
        }

    def extension(self) -> dict[str, Any]:
        """What the engine keeps that the game's table has no field for (the game ignores
        this table): the next creation number, the profile, the shop rates of a pack's
        consumable sets, the hand's places as last laid out (the game's cards' positions,
        which it does not save) and the win screen."""
        run = self.run
        out: dict[str, Any] = {"serial": self.game._next_serial(), "unlocks": run.unlocks}
        if run.shop_rates:
            out["shop_rates"] = dict(run.shop_rates)
        if run.hand_layout:
            out["hand_layout"] = list(run.hand_layout)
        if run.win_screen:
            out["win_screen"] = True
        return out

    def current_round(self) -> dict[str, Any]:
        run = self.run
        # the round's targets: run-state slots of the vanilla jokers that read them
        memory = run.memory
        idol_rank, mail_rank = memory.get("idol_rank", 14), memory.get("mail_rank", 2)
        return {
            "ancient_card": {"suit": SUIT_NAMES[parse_suit(memory.get("ancient_suit", "S"))]},
            "castle_card": {"suit": SUIT_NAMES[parse_suit(memory.get("castle_suit", "S"))]},
            "idol_card": {
                "id": idol_rank,
                "rank": RANK_NAMES[idol_rank],
                "suit": SUIT_NAMES[parse_suit(memory.get("idol_suit", "S"))],
            },
            "mail_card": {"id": mail_rank, "rank": RANK_NAMES[mail_rank]},
            "most_played_poker_hand": HAND_NAMES[run.most_played_hand],
            "cards_flipped": 0,
            "current_hand": {
                "chip_text": "0",
                "chip_total": 0,
                "chip_total_text": "",
                "chips": 0,
                "hand_level": "",
                "handname": "",
                "mult": 0,
                "mult_text": "0",
            },
            "hands_left": run.hands_left,
            "discards_left": run.discards_left,
            "hands_played": run.hands_played_round,
            "discards_used": run.discards_used,
            "dollars": 0,
            "dollars_to_be_earned": "",
            "free_rerolls": run.free_rerolls_left,
            "jokers_purchased": 0,
            "reroll_cost": run.reroll_price,
            "reroll_cost_increase": run.reroll_increase,
            "round_dollars": 0,
            "round_text": "Round ",
            "used_packs": {},
            "voucher": run.voucher_offer,
        }

    def hands(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        rows = hands_by_name(self.run.hands, self.game.plugins)
        for name, row in rows.items():
            hand = HAND_NAMES.index(name)
            chips, mult = hand_values(hand, row["level"])  # type: ignore[arg-type]
            s_chips, s_mult = hand_values(hand, 1)  # type: ignore[arg-type]
            _, level_chips, _, level_mult = HAND_LEVELS.get(hand, (0, 0, 1, 0))
            out[name] = {
                "chips": chips, "mult": mult, "s_chips": s_chips, "s_mult": s_mult,
                "l_chips": level_chips, "l_mult": level_mult, "level": row["level"],
                "order": _HAND_ORDER.get(name, hand + 1), "played": row["played"],
                "played_this_round": row["played_this_round"], "visible": row["visible"],
                "example": _EXAMPLES.get(name, []),
            }  # fmt: skip
        return out

    def streams(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(sorted(self.game.rng.snapshot().items()))
        out["seed"] = self.game.seed
        out["hashed_seed"] = pseudohash(self.game.seed)
        return out

    def used_jokers(self) -> dict[str, bool]:
        """The game's pool state: what is held or on sale now (as the engine decides it,
        :func:`~balatro_ecs.game.pools.owned_keys`), and the centers of the run's cards."""
        keys = set(owned_keys(self.game)) | set(self.game.shop_vouchers) | set(self.game.shop_packs)
        for card in self.game.playing_cards:
            keys.add(_enhancement_key(card.enhancement))
        return {key: True for key in sorted(keys)}


# -- pieces ----------------------------------------------------------------------------------


def _NO_BASE() -> dict[str, Any]:
    return {"face_nominal": 0, "nominal": 0, "suit_nominal": 0, "times_played": 0}


def _params(discover: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"bypass_discovery_center": True, "bypass_discovery_ui": True}
    if discover:
        out["bypass_back"] = dict(_ORIGIN)
        out["discover"] = False
    return out


def _area(
    kind: str,
    limit: int,
    cards: list[dict[str, Any]],
    hand: bool = False,
    sort: str = "desc",
) -> dict[str, Any]:
    config: dict[str, Any] = {
        "card_limit": limit,
        "temp_limit": limit,
        "card_count": len(cards),
        "type": kind,
        "sort": sort,
        "lr_padding": 0.1,
        "highlighted_limit": 1 if kind in ("joker", "shop") else 5,
    }
    if kind in ("joker", "shop"):
        config["highlight_limit"] = 1
    if hand:
        config["real_card_limit"] = limit
    return {"cards": cards, "config": config}


def _plain(value: Any) -> Any:
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _thousands(value: float) -> str:
    if value != value or value in (float("inf"), float("-inf")):
        return "naneinf"
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:.3e}"


def _ability(
    name: str, effect: str, card_set: str, config: Any, order: int | None = None
) -> dict[str, Any]:
    """A card's ability as the game sets it from its center's config."""
    cfg = dict(config) if config else {}
    out: dict[str, Any] = {
        "name": name, "effect": effect, "set": card_set,
        "mult": cfg.get("mult", 0), "h_mult": cfg.get("h_mult", 0),
        "h_x_mult": cfg.get("h_x_mult", 0), "h_dollars": cfg.get("h_dollars", 0),
        "p_dollars": cfg.get("p_dollars", 0), "t_mult": cfg.get("t_mult", 0),
        "t_chips": cfg.get("t_chips", 0), "x_mult": cfg.get("Xmult", 1),
        "h_size": cfg.get("h_size", 0), "d_size": cfg.get("d_size", 0), "extra_value": 0,
        "type": cfg.get("type", ""), "bonus": cfg.get("bonus", 0), "perma_bonus": 0,
        "hands_played_at_create": 0,
    }  # fmt: skip
    if "extra" in cfg:
        out["extra"] = _plain(cfg["extra"])
    if order is not None:
        out["order"] = order
    return out


def _enhancement_key(kind: Enhancement) -> str:
    return "c_base" if kind == Enhancement.NONE else f"m_{kind.name.lower()}"


def _card_ability(game: Game, card: Card) -> dict[str, Any]:
    key = _enhancement_key(card.enhancement)
    if key == "c_base":
        ability = _ability("Default Base", "Base", "Default", {})
    else:
        etype = game.plugins.find(EnhancementType, key)
        ability = _ability(
            _CENTER_NAMES.get(key, etype.name), etype.name, "Enhanced", etype.config, etype.order
        )
    ability["perma_bonus"] = card.perma_bonus
    if card.played_this_ante:
        ability["played_this_ante"] = True
    if card.forced:
        ability["forced_selection"] = True
    return ability


def _base(card: Card) -> dict[str, Any]:
    rank = card.base_rank
    suit = card.suit
    original = card.original_suit
    value = RANK_NAMES[rank]
    return {
        "id": rank,
        "value": value,
        "original_value": value,
        "name": f"{value} of {SUIT_NAMES[suit]}",
        "nominal": 11 if rank == 14 else min(rank, 10),
        "face_nominal": FACE_NOMINAL.get(rank, 0),
        "suit": SUIT_NAMES[suit],
        "suit_nominal": SUIT_ORDER[suit] / 100,
        "suit_nominal_original": SUIT_ORDER[original] / 1000,
        "colour": list(SUIT_COLOURS[suit]),
        "times_played": 0,
    }


def _edition(game: Game, edition: Edition) -> dict[str, Any]:
    name = edition.name.lower()
    out: dict[str, Any] = {"type": name, name: True}
    etype = game.plugins.find(EditionType, f"e_{name}")
    extra = dict(etype.config).get("extra")
    field = {"foil": "chips", "holo": "mult", "polychrome": "x_mult"}.get(name)
    if field is not None and extra is not None:
        out[field] = extra
    return out


def _seal_name(seal: Seal) -> str:
    name = seal.name.lower()
    return name.capitalize() if seal <= Seal.PURPLE else name
