"""The seed analyzer against the seed facts the game itself recorded.

``tests/data/seed-facts.json``: 40 seeds, Red Deck / White Stake, everything unlocked; for
each, what a run in which every blind is played and nothing is bought shows: ``antes``,
``first_draw``, ``deck_order``, ``hand``, the first ``shop`` (with ``rerolls``),
``packs_opened``, ``judgement`` and ``riff_raff`` (README, "Analysing a seed"). Every field
of every seed is compared on its own, so a failure names the seed and the field. A pack
key's last ``_N`` is its picture (not reproducible from the seed) and is not compared.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from balatro_ecs import Plugins
from balatro_ecs.kernel.content import DeckType
from balatro_ecs.kernel.errors import BalatroError, UnknownNameError
from balatro_ecs.tools.seeds import SeedReport, analyze
from balatro_ecs.tools.trajectory import load_trajectories

from .conftest import DATA

FACTS: list[dict[str, Any]] = json.loads((DATA / "seed-facts.json").read_text("utf-8"))
BY_SEED = {fact["seed"]: fact for fact in FACTS}

#: The compared fields; ``shop.x`` is one field of the first shop.
FIELDS = (
    "antes",
    "first_draw",
    "deck_order",
    "hand",
    "shop.cards",
    "shop.voucher",
    "shop.packs",
    "shop.rerolls",
    "shop.dollars",
    "shop.reroll_cost",
    "packs_opened",
    "judgement",
    "riff_raff",
)


@cache
def _plugins() -> Plugins:
    return Plugins.default()


@cache
def report(seed: str) -> dict[str, Any]:
    fact = BY_SEED[seed]
    return analyze(seed, deck=fact["deck"], stake=fact["stake"], plugins=_plugins()).to_dict()


def _strip_picture(key: str) -> str:
    """``p_buffoon_normal_2`` -> ``p_buffoon_normal``: a pack key's last ``_N`` is its picture."""
    head, _, tail = key.rpartition("_")
    return head if key.startswith("p_") and tail.isdigit() else key


def field(data: dict[str, Any], name: str) -> Any:
    value = data
    for part in name.split("."):
        value = value[part]
    if name == "shop.packs":
        return [{**p, "key": _strip_picture(p["key"])} for p in value]
    if name == "packs_opened":
        return [{**p, "key": _strip_picture(p["key"])} for p in value]
    return value


@pytest.mark.parametrize("name", FIELDS)
@pytest.mark.parametrize("seed", sorted(BY_SEED))
def test_seed_fact(seed: str, name: str) -> None:
    expected = field(BY_SEED[seed], name)
    got = field(report(seed), name)
    assert got == expected, f"{seed} {name}"


@pytest.mark.parametrize("seed", sorted(BY_SEED))
def test_the_run_is_named_as_the_facts_name_it(seed: str) -> None:
    fact, got = BY_SEED[seed], report(seed)
    for name in ("seed", "deck", "stake", "stake_level", "profile"):
        assert got[name] == fact[name], name


def test_the_facts_cover_forty_seeds_and_every_field() -> None:
    assert len(BY_SEED) == 40
    for fact in FACTS:
        for name in FIELDS:
            field(fact, name)  # present in every seed


def test_the_report_is_deterministic_and_json_ready() -> None:
    seed = FACTS[0]["seed"]
    first = analyze(seed, plugins=_plugins())
    again = analyze(seed, plugins=_plugins())
    assert isinstance(first, SeedReport)
    assert first == again
    assert json.loads(json.dumps(first.to_dict())) == first.to_dict()


def test_the_first_draw_is_the_top_of_the_deck_order_and_the_hand_its_sort() -> None:
    got = analyze(FACTS[0]["seed"], plugins=_plugins())
    assert got.first_draw == got.deck_order[:8]
    assert sorted(got.hand) == sorted(got.first_draw)
    assert len(set(got.deck_order)) == 52


def test_every_deck_at_gold_stake_gives_eight_antes_and_a_shop() -> None:
    plugins = _plugins()
    for deck in plugins.all(DeckType):
        got = analyze("DECKTEST", deck=deck.key, stake=8, plugins=plugins)
        assert [a.ante for a in got.antes] == list(range(1, 9)), deck.name
        assert got.antes[-1].boss.startswith("bl_final_"), deck.name
        assert got.shop.cards and len(got.shop.rerolls) == 2, deck.name
        assert len(got.packs_opened) == len(got.shop.packs), deck.name


def test_the_shipped_profile_and_fewer_antes() -> None:
    got = analyze("S92QQLIC", unlocks="shipped", last_ante=3, plugins=_plugins())
    assert got.profile == "shipped" and len(got.antes) == 3


def test_the_table_names_what_it_shows() -> None:
    plugins = _plugins()
    text = analyze("S92QQLIC", plugins=plugins).table(plugins)
    assert "The Manacle" in text and "Planet Merchant" in text
    assert "Blue Joker $5" in text and "Judgement" in text


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"deck": "Redd Deck"}, UnknownNameError),
        ({"stake": 9}, UnknownNameError),
        ({"unlocks": "some"}, BalatroError),
        ({"last_ante": 0}, BalatroError),
    ],
)
def test_bad_options_raise(options: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        analyze("S92QQLIC", plugins=_plugins(), **options)


# -- against the recorded runs ----------------------------------------------------------

_RUNS = load_trajectories(DATA / "trajectories.json")


def _first_shop(trajectory: dict) -> dict | None:
    """The first shop's offers, if the run reached it by playing the Small Blind only."""
    for step in trajectory["steps"]:
        kind = step["action"]["kind"]
        if kind not in ("select_blind", "play", "discard", "cash_out"):
            return None
        if step["state"]["state"] == "SHOP":
            return step["state"]["shop"]
    return None


@pytest.mark.parametrize("trajectory", _RUNS, ids=[t["seed"] for t in _RUNS])
def test_the_analyzer_agrees_with_the_recorded_runs(trajectory: dict) -> None:
    """The first blind screen (boss, tags) and the first shop, as the game showed them."""
    report = analyze(trajectory["seed"]).to_dict()
    initial = trajectory["initial"]
    ante = report["antes"][0]
    assert ante["boss"] == initial["blinds"]["Boss"]
    assert (ante["small_tag"], ante["big_tag"]) == (
        initial["skip_tags"]["Small"],
        initial["skip_tags"]["Big"],
    )
    shop = _first_shop(trajectory)
    if shop is None:
        return
    assert [c["key"] for c in shop["vouchers"]] == [ante["voucher"]]
    assert [(c.get("key"), c.get("edition"), c["cost"]) for c in shop["cards"]] == [
        (c.get("key"), c.get("edition"), c["cost"]) for c in report["shop"]["cards"]
    ]
    assert [c["key"].rsplit("_", 1)[0] for c in shop["packs"]] == [
        p["key"].rsplit("_", 1)[0] for p in report["shop"]["packs"]
    ]
