"""Replaying runs recorded inside the game itself, and reading a game as the game shows it.

A *trajectory* (format: ``tests/data/TRAJECTORY-FORMAT.md``) is one run of Balatro 1.0.1o
played by a seeded policy inside the game's own code: the seed, deck and stake, then each
action with the snapshot of what a player saw after it. :func:`replay` starts the same run
here, applies the same actions and compares the snapshots field by field, in the format's
order; the first difference is the run's *divergence*.

:func:`snapshot` reads a :class:`~balatro_ecs.game.Game` into the same shape, so it is also
a compact, engine-independent view of a game (the seed analyzer and tests use it).

>>> from balatro_ecs import Game
>>> snap = snapshot(Game(seed="EDNAPU6Y"))
>>> snap["state"], snap["blinds"]["Boss"], snap["deck_size"]
('BLIND_SELECT', 'bl_pillar', 52)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..game.actions import (
    Action,
    Buy,
    BuyAndUse,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    Endless,
    EndShop,
    MoveJoker,
    Pick,
    Play,
    Reroll,
    RerollBoss,
    SelectBlind,
    Sell,
    SkipBlind,
    SkipPack,
    Use,
)
from ..game.cards import Card
from ..game.jokers import Consumable, Joker
from ..game.run.blinds import blind_key
from ..game.state import Phase
from ..kernel.components import Area
from ..kernel.content import BoosterType, StickerType
from ..kernel.enums import HAND_NAMES, Edition, Enhancement, Seal
from ..kernel.errors import BalatroError, show

__all__ = [
    "COMPARED_FIELDS",
    "Divergence",
    "ReplayResult",
    "action_from_step",
    "check",
    "continue_from",
    "load_trajectories",
    "replay",
    "snapshot",
]

#: A sticker's name in a snapshot: its key without this many letters (``sticker_``).
_STICKER_PREFIX = len(StickerType.prefix)

#: The fields compared at each step, in the order that names the first difference.
COMPARED_FIELDS: tuple[str, ...] = (
    "state", "ante", "round", "blind_on_deck", "blinds", "blind_states", "skip_tags", "blind",
    "blind_chips", "blind_disabled", "chips", "money", "hands_left", "discards_left", "hand",
    "hand_size", "deck_size", "cards_total", "jokers", "joker_slots", "consumables",
    "consumable_slots", "tags", "vouchers", "hand_levels", "payout", "shop.cards",
    "shop.vouchers", "shop.packs", "shop.reroll_cost", "pack.key", "pack.cards",
    "pack.choices_left", "won",
)  # fmt: skip

#: At the game-over screen only these are compared.
GAME_OVER_FIELDS: tuple[str, ...] = ("state", "ante", "round", "chips", "money")

_PACK_STATES = {
    "Arcana": "TAROT_PACK",
    "Celestial": "PLANET_PACK",
    "Spectral": "SPECTRAL_PACK",
    "Standard": "STANDARD_PACK",
    "Buffoon": "BUFFOON_PACK",
}
_PHASE_STATES = {
    Phase.BLIND_SELECT: "BLIND_SELECT",
    Phase.ROUND: "SELECTING_HAND",
    Phase.CASH_OUT: "ROUND_EVAL",
    Phase.SHOP: "SHOP",
    Phase.GAME_OVER: "GAME_OVER",
}
_RANK_CHARS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_SEAL_NAMES = {Seal.GOLD: "Gold", Seal.RED: "Red", Seal.BLUE: "Blue", Seal.PURPLE: "Purple"}


# ---------------------------------------------------------------------------------------
# reading a game
# ---------------------------------------------------------------------------------------


def _number(value: float) -> float | int:
    """Integral values as integers, as the format writes them."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def card_code(card: Card) -> str:
    """The game's card key, suit letter and rank: ``H_T`` is the Ten of Hearts."""
    rank = card.base_rank
    return f"{card.suit.letter}_{_RANK_CHARS.get(rank, str(rank))}"


def _playing_card(card: Card, in_hand: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"card": card_code(card)}
    if card.enhancement != Enhancement.NONE:
        out["enhancement"] = card.enhancement.key
    if card.edition != Edition.NONE:
        out["edition"] = card.edition.name.lower()
    if card.seal != Seal.NONE:
        out["seal"] = _SEAL_NAMES[card.seal]
    if in_hand:
        if card.debuffed:
            out["debuffed"] = True
        if card.face_down:
            out["face_down"] = True
    return out


def _stickers(joker: Joker, out: dict[str, Any]) -> None:
    """Each sticker by its name (the key without ``sticker_``): ``"eternal": true``,
    ``"perishable": 3`` (rounds left), ``"rental": true``, a pack's own alike."""
    stickers = joker._stickers.values
    if stickers:
        for key, value in stickers.items():
            out[key[_STICKER_PREFIX:]] = value


def _joker(joker: Joker) -> dict[str, Any]:
    out: dict[str, Any] = {"key": joker.key, "sell": joker.sell_value}
    if joker.edition != Edition.NONE:
        out["edition"] = joker.edition.name.lower()
    _stickers(joker, out)
    if joker.debuffed:
        out["debuffed"] = True
    return out


def _consumable(item: Consumable) -> dict[str, Any]:
    out: dict[str, Any] = {"key": item.key, "sell": item.sell_value}
    if item.edition != Edition.NONE:
        out["edition"] = item.edition.name.lower()
    return out


def _offer(game: Any, item: Joker | Consumable | Card, cost: int | None) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(item, Card):
        out = _playing_card(item, in_hand=False)
        out["set"] = "Playing"
    else:
        out = {"key": item.key, "set": "Joker" if isinstance(item, Joker) else item.type.set}
        if item.edition != Edition.NONE:
            out["edition"] = item.edition.name.lower()
        if isinstance(item, Joker):
            _stickers(item, out)
    if cost is not None:
        out["cost"] = cost
    return out


def _state_name(game: Any) -> str:
    phase = game.run.phase
    if phase is Phase.PACK:
        booster = game.plugins.find(BoosterType, game.pack_key)
        return _PACK_STATES.get(booster.kind, "STANDARD_PACK")
    return _PHASE_STATES[phase]


def _shop(game: Any) -> dict[str, Any]:
    from ..game.run import shop

    return {
        "cards": [_offer(game, item, shop.offer_price(game, item)) for item in game.shop],
        "vouchers": [
            {"key": key, "set": "Voucher", "cost": shop.voucher_price(game, key)}
            for key in game.shop_vouchers
        ],
        "packs": [
            {
                "key": key,
                "set": "Booster",
                "cost": shop.pack_price(game, game.plugins.find(BoosterType, key)),
            }
            for key in game.shop_packs
        ],
        "reroll_cost": shop.reroll_price(game),
    }


def snapshot(game: Any) -> dict[str, Any]:
    """What a player sees now, in the trajectory format (defaults left out)."""
    run = game.run
    phase = run.phase
    out: dict[str, Any] = {
        "state": _state_name(game),
        "ante": run.ante,
        "round": run.round,
        "money": run.dollars,
    }
    if phase is Phase.BLIND_SELECT:
        out["blind_on_deck"] = run.blind_on_deck
        out["blinds"] = {which: blind_key(game, which) for which in ("Small", "Big", "Boss")}
        out["blind_states"] = dict(run.blind_states)
        out["skip_tags"] = dict(run.tags_offered)
    if phase is Phase.ROUND and game.blind is not None:
        out["blind"] = game.blind.key
        out["blind_chips"] = _number(run.blind_chips)
        if game.blind.disabled:
            out["blind_disabled"] = True
    if phase in (Phase.ROUND, Phase.CASH_OUT, Phase.GAME_OVER):
        out["chips"] = _number(run.chips)
    if phase in (Phase.ROUND, Phase.CASH_OUT):
        out["hands_left"] = run.hands_left
        out["discards_left"] = run.discards_left
    out["hand_size"] = game.hand_size
    out["joker_slots"] = game.joker_limit
    out["consumable_slots"] = game.consumable_limit
    out["deck_size"] = len(game.area(Area.DECK))
    out["cards_total"] = len(game.playing_cards)
    out["hand"] = [_playing_card(c, in_hand=True) for c in game.area(Area.HAND)]
    out["jokers"] = [_joker(j) for j in game.jokers]
    out["consumables"] = [_consumable(c) for c in game.consumables]
    out["tags"] = list(run.tags)
    out["vouchers"] = sorted(run.vouchers)
    out["hand_levels"] = {HAND_NAMES[i]: h.level for i, h in enumerate(run.hands) if h.level != 1}
    if phase is Phase.CASH_OUT:
        out["payout"] = sum(int(line[1]) for line in run.payout)
    in_shop = phase is Phase.SHOP or (phase is Phase.PACK and game.pack_return is Phase.SHOP)
    if in_shop:
        out["shop"] = _shop(game)
    if phase is Phase.PACK:
        out["pack"] = {
            "key": game.pack_key,
            "cards": [_offer(game, item, None) for item in game.pack],
            "choices_left": game.pack_picks,
        }
    if run.won:
        out["won"] = True
    return out


# ---------------------------------------------------------------------------------------
# actions
# ---------------------------------------------------------------------------------------


def _positions(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) - 1 for v in values)


_SIMPLE: dict[str, Action] = {
    "select_blind": SelectBlind(),
    "skip_blind": SkipBlind(),
    "reroll_boss": RerollBoss(),
    "cash_out": CashOut(),
    "skip_pack": SkipPack(),
    "reroll": Reroll(),
    "next_round": EndShop(),
    "endless": Endless(),
}


def action_from_step(action: Mapping[str, Any]) -> Action:
    """The engine action for a recorded one (1-based positions become 0-based).

    A malformed action raises :class:`BalatroError` naming it.
    """
    kind = action.get("kind")
    if kind in _SIMPLE:
        return _SIMPLE[kind]

    def slot(name: str = "slot") -> int:
        value = action.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BalatroError(f"trajectory action {show(kind)}: {show(name)} must be an integer")
        return value - 1

    raw_cards = action.get("cards", ())
    if not isinstance(raw_cards, (list, tuple)) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in raw_cards
    ):
        raise BalatroError(f"trajectory action {show(kind)}: 'cards' must be a list of integers")
    cards = _positions(raw_cards)
    makers: dict[str, Any] = {
        "play": lambda: Play(cards),
        "discard": lambda: Discard(cards),
        "buy": lambda: Buy(slot()),
        "buy_and_use": lambda: BuyAndUse(slot(), cards),
        "buy_voucher": lambda: BuyVoucher(slot()),
        "buy_pack": lambda: BuyPack(slot()),
        "pick": lambda: Pick(slot("index"), cards),
        "sell_joker": lambda: Sell("jokers", slot()),
        "sell_consumable": lambda: Sell("consumables", slot()),
        "use": lambda: Use(slot(), cards),
        "move_joker": lambda: MoveJoker(slot("from"), slot("to")),
    }
    make = makers.get(kind)  # type: ignore[arg-type]
    if make is None:
        raise BalatroError(f"trajectory action: unknown kind {show(kind)}")
    result: Action = make()
    return result


# ---------------------------------------------------------------------------------------
# comparing
# ---------------------------------------------------------------------------------------


def _field(snap: Mapping[str, Any], name: str) -> Any:
    if "." in name:
        outer, inner = name.split(".", 1)
        return (snap.get(outer) or {}).get(inner)
    return snap.get(name)


def _strip_picture(key: Any) -> Any:
    """``p_buffoon_normal_2`` -> ``p_buffoon_normal``: the last ``_N`` is the pack's picture."""
    if isinstance(key, str) and key.startswith("p_"):
        head, _, tail = key.rpartition("_")
        if tail.isdigit():
            return head
    return key


def _normal(name: str, value: Any) -> Any:
    if name == "pack.key":
        return _strip_picture(value)
    if name == "shop.packs" and isinstance(value, list):
        return [{**p, "key": _strip_picture(p.get("key"))} for p in value]
    if name == "hand_levels" and value is None:
        return {}
    if name in ("jokers", "consumables") and isinstance(value, list):
        return [{k: v for k, v in item.items() if k != "counters"} for item in value]
    return value


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if a == b:
            return True
        return math.isfinite(a) and math.isfinite(b) and abs(a - b) <= 1e-9 * max(1, abs(a))
    return bool(a == b)


def first_difference(expected: Mapping[str, Any], got: Mapping[str, Any]) -> str | None:
    """The first compared field that differs, or ``None``."""
    names = GAME_OVER_FIELDS if expected.get("state") == "GAME_OVER" else COMPARED_FIELDS
    for name in names:
        if not _equal(_normal(name, _field(expected, name)), _normal(name, _field(got, name))):
            return name
    return None


@dataclass(frozen=True)
class Divergence:
    """Where a replay first differs from the recording: ``step`` 0 is the initial snapshot."""

    step: int
    field: str
    expected: Any
    got: Any
    action: Mapping[str, Any] | None = None

    def describe(self) -> str:
        what = f" after {json.dumps(self.action, sort_keys=True)}" if self.action else ""
        return (
            f"step {self.step}{what}: {self.field}: expected {json.dumps(self.expected)}, "
            f"got {json.dumps(self.got)}"
        )


@dataclass(frozen=True)
class ReplayResult:
    """One replayed trajectory: how many steps matched and, if it diverged, where."""

    seed: str
    deck: str
    stake: str
    steps: int
    matched: int
    divergence: Divergence | None

    @property
    def passed(self) -> bool:
        return self.divergence is None


def replay(trajectory: Mapping[str, Any], plugins: Any = None) -> ReplayResult:
    """Replay one trajectory; stop at its first divergence."""
    from ..game.game import Game

    check(trajectory)
    seed, deck, stake = trajectory["seed"], trajectory["deck"], trajectory["stake"]
    game = Game(deck=deck, stake=stake, seed=seed, plugins=plugins)
    try:
        return continue_from(game, trajectory)
    finally:
        game.close()


def continue_from(game: Any, recording: Mapping[str, Any]) -> ReplayResult:
    """Compare ``game`` with a recording's ``initial`` snapshot, then apply its ``steps``
    one by one, comparing each snapshot; stop at the first divergence. This is
    :func:`replay` for a game made some other way (a run continued from the game's own
    save, :meth:`Game.from_jkr <balatro_ecs.game.Game.from_jkr>`). The recording's
    ``seed``, ``deck`` and ``stake`` only label the result."""
    steps = recording["steps"]
    seed = str(recording.get("seed", game.seed))
    deck, stake = str(recording.get("deck", "")), str(recording.get("stake", ""))

    def result(matched: int, divergence: Divergence | None) -> ReplayResult:
        return ReplayResult(seed, deck, stake, len(steps), matched, divergence)

    got = snapshot(game)
    name = first_difference(recording["initial"], got)
    if name is not None:
        expected = _field(recording["initial"], name)
        return result(0, Divergence(0, name, expected, _field(got, name)))
    for number, step in enumerate(steps, start=1):
        action = step["action"]
        try:
            game.apply(action_from_step(action))
        except BalatroError as exc:
            return result(number - 1, Divergence(number, "action", "applied", str(exc), action))
        got = snapshot(game)
        name = first_difference(step["state"], got)
        if name is not None:
            expected = _field(step["state"], name)
            return result(number - 1, Divergence(number, name, expected, _field(got, name), action))
    return result(len(steps), None)


def check(trajectory: Mapping[str, Any]) -> None:
    """Raise :class:`BalatroError` naming the first malformed field of a trajectory."""
    for name, kind in (("seed", str), ("deck", str), ("stake", str), ("initial", Mapping)):
        if not isinstance(trajectory.get(name), kind):
            raise BalatroError(f"trajectory: {show(name)} is missing or not a {kind.__name__}")
    steps = trajectory.get("steps")
    if not isinstance(steps, list):
        raise BalatroError("trajectory: 'steps' is missing or not a list")
    for number, step in enumerate(steps, start=1):
        if not (
            isinstance(step, Mapping)
            and isinstance(step.get("action"), Mapping)
            and isinstance(step.get("state"), Mapping)
        ):
            raise BalatroError(f"trajectory: step {number} needs an 'action' and a 'state' object")


def load_trajectories(source: str | Path | Iterable[str]) -> list[dict[str, Any]]:
    """Trajectories from a file: a JSON array, or one JSON object per line."""
    if isinstance(source, (str, Path)):
        text = Path(source).read_text(encoding="utf-8")
    else:
        text = "\n".join(source)
    stripped = text.lstrip()
    if stripped.startswith("["):
        data = json.loads(text)
    else:
        data = [json.loads(line) for line in text.splitlines() if line.strip()]
    if isinstance(data, dict):
        data = [data]
    return [t for t in data if isinstance(t, dict)]


def is_trajectory(item: Any) -> bool:
    """Whether a JSON value looks like a trajectory (rather than a scoring vector)."""
    return isinstance(item, Mapping) and "steps" in item and "initial" in item


def replay_all(
    trajectories: Iterable[Mapping[str, Any]], plugins: Any = None
) -> Iterator[ReplayResult]:
    """Replay each trajectory in turn."""
    for trajectory in trajectories:
        yield replay(trajectory, plugins)
