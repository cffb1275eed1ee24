"""Saves are checked on load: a damaged save is a SaveError naming the field and value,
never a bare exception and never a game that breaks later; the JSON is strict; the plugin
packages a save records are compared with the installed ones.

The fuzz test corrupts saves taken from seeded games in many ways; each corrupted save must
raise SaveError or load into a game that saves, lists its legal actions and plays one.
``BALATRO_ECS_FUZZ_EXAMPLES`` sets how many corruptions it tries (default 600).
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import re
from functools import cache
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.run.save import dumps, to_data
from balatro_ecs.game.run.save_check import check_versions, compatible
from balatro_ecs.kernel.errors import BalatroError, SaveError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.tools.policies import make_policy

PLUGINS = Plugins.default()
EXAMPLES = int(os.environ.get("BALATRO_ECS_FUZZ_EXAMPLES", "600"))


# -- saves from seeded games ---------------------------------------------------------------
def _played(seed: str, steps: int, every: int) -> list[str]:
    """Saves taken along a seeded run: greedy play with some random legal actions."""
    game = Game(seed=seed, plugins=PLUGINS)
    rnd = random.Random(seed)
    policy = make_policy("greedy", seed)
    saves = [dumps(game)]
    for step in range(steps):
        if game.phase.value == "game_over":
            break
        actions = game.legal_actions(reorders=False)
        if not actions:
            break
        buying = [a for a in actions if a.verb in ("pack", "buy", "voucher", "pick", "use")]
        if buying and rnd.random() < 0.7:  # open packs, buy and use things: more to save
            action = rnd.choice(buying)
        elif game.phase.value != "round" and rnd.random() < 0.3:
            action = rnd.choice(actions)
        else:
            action = policy.choose(game)
        game.apply(action)
        if step % every == 0:
            saves.append(dumps(game))
    saves.append(dumps(game))
    game.close()
    return saves


def _stocked() -> str:
    """A game in a round holding jokers with run-time counters, consumables and a boss."""
    game = Game(seed="FUZZJOKR", plugins=PLUGINS)
    for key in ("j_caino", "j_todo_list", "j_loyalty_card", "j_castle", "j_yorick", "j_ice_cream"):
        game.add_joker(key)
    game.add_consumable("c_jupiter")
    game.add_consumable("c_hermit")
    game.apply(game.legal_actions()[0])  # select the small blind
    return dumps(game)


@cache
def base_saves() -> tuple[str, ...]:
    saves = [_stocked()]
    for seed, steps in (("FUZZSAV1", 150), ("FUZZSAV2", 120), ("FUZZSAV3", 90)):
        saves += _played(seed, steps, 7)
    return tuple(saves)


def _survives(game: Game, moves: int = 3) -> None:
    """What a loaded game must do: save, list its legal actions, and play them (a few)."""
    game.to_json()
    for _ in range(moves):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[len(actions) // 2])
        game.to_json()


def test_every_base_save_loads_and_plays_on() -> None:
    for text in base_saves():
        game = Game.from_json(text, PLUGINS)
        assert dumps(game) == text
        _survives(game)


# -- corruptions ---------------------------------------------------------------------------
_DEEP: Any = []
for _ in range(200):
    _DEEP = [_DEEP]
_ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 7, -(10**6), 10**30, -(10**30), 2**70, 1.5, -0.5,
    math.nan, math.inf, -math.inf, "", "x", "j_nope", "Pair", "S", "none", "inf", [], [1],
    [None, None], {}, {"a": 1}, _DEEP, "é" * 300,
]  # fmt: skip


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path in ``data`` (to a dict entry or a list item)."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _nodes(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _nodes(value, (*path, i))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _corrupt(text: str, rnd: random.Random) -> tuple[str, str]:
    """A corrupted copy of a save, and how it was corrupted."""
    how = rnd.randrange(10)
    if how == 0:  # truncated or bit-flipped text
        cut = rnd.randrange(len(text))
        if rnd.random() < 0.5:
            return text[:cut], f"truncated at {cut}"
        flipped = text[:cut] + rnd.choice('{}[]",:0x-') + text[cut + 1 :]
        return flipped, f"character {cut} changed"
    data = json.loads(text)
    paths = _nodes(data)[1:]
    if rnd.random() < 0.6:  # most paths are in the rows of cards: look elsewhere more
        paths = [p for p in paths if p[0] != "rows"]
    path = rnd.choice(paths)
    parent, key = _at(data, path[:-1]), path[-1]
    if how == 1:  # a key or item gone
        del parent[key]
        what = f"deleted {path}"
    elif how in (2, 3, 4):  # a wrong type or an out-of-range number
        parent[key] = copy.deepcopy(rnd.choice(_ODD_VALUES))
        what = f"{path} = {parent[key]!r:.60}"
    elif how == 5:  # a number nudged out of its range
        value = parent[key]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            parent[key] = rnd.choice([-value - 1, value * 1000, -(10**9), 10**16])
        else:
            parent[key] = -5
        what = f"{path} = {parent[key]!r}"
    elif how == 6:  # an unknown key
        target = rnd.choice([p for p in paths if isinstance(_at(data, p), dict)] or [()])
        _at(data, target)["surprise"] = rnd.choice(_ODD_VALUES[:12])
        what = f"unknown key at {target}"
    elif how == 7:  # a duplicated card, joker or offer (same serial)
        rows = [("rows", r) for r in ("deck", "hand", "play", "discard")] + [
            ("jokers",),
            ("consumables",),
            ("shop",),
            ("pack", "cards"),
        ]
        full = [r for r in rows if _at(data, r)]
        if not full:
            return json.dumps(data), "nothing to duplicate"
        source, target = rnd.choice(full), rnd.choice(rows)
        item = copy.deepcopy(rnd.choice(_at(data, source)))
        _at(data, target).append(item)
        what = f"duplicated an item of {source} into {target}"
    elif how == 8:  # unknown content, or another family's key
        strings = [p for p in paths if isinstance(_at(data, p), str)]
        path = rnd.choice(strings)
        parent, key = _at(data, path[:-1]), path[-1]
        parent[key] = rnd.choice(
            ["j_nope", "bl_nope", "c_jupiter", "j_joker", "tag_nope", "v_blank"]
        )
        what = f"{path} = {parent[key]!r}"
    else:  # a phase that does not fit the rest
        data["run"]["phase"] = rnd.choice(["round", "shop", "pack", "cash_out", "blind_select"])
        if rnd.random() < 0.5:
            data["blind"] = None
        what = f"phase {data['run']['phase']}, blind {data['blind'] is not None}"
    return json.dumps(data), what


def test_corrupted_saves_raise_save_error_or_play_on() -> None:
    saves = base_saves()
    rnd = random.Random(20240508)
    outcomes = {"refused": 0, "loaded": 0}
    for n in range(EXAMPLES):
        text, what = _corrupt(rnd.choice(saves), rnd)
        try:
            game = Game.from_json(text, PLUGINS)
        except SaveError as err:
            assert "\n" not in str(err), what
            outcomes["refused"] += 1
            continue
        except Exception as err:  # pragma: no cover - what the test is for
            raise AssertionError(f"example {n}: {what}: {type(err).__name__}: {err}") from err
        try:
            _survives(game)
        except BalatroError:
            pass  # a rule refusing something, not a broken game
        except Exception as err:  # pragma: no cover - what the test is for
            raise AssertionError(
                f"example {n}: {what}: loaded, then {type(err).__name__}: {err}"
            ) from err
        finally:
            game.close()
        outcomes["loaded"] += 1
    assert outcomes["refused"] > EXAMPLES // 3


# -- particular damage -----------------------------------------------------------------------
def _data() -> dict[str, Any]:
    return json.loads(base_saves()[0])  # in a round, with jokers and consumables


def _refused(data: Any, match: str, plugins: Plugins = PLUGINS) -> SaveError:
    with pytest.raises(SaveError, match=match) as caught:
        Game.from_json(json.dumps(data), plugins)
    assert "\n" not in str(caught.value)
    return caught.value


def test_a_duplicated_card_names_both_places() -> None:
    data = _data()
    data["rows"]["discard"].append(copy.deepcopy(data["rows"]["hand"][0]))
    serial = data["rows"]["hand"][0]["serial"]
    _refused(
        data,
        rf"rows\.discard\[0\]\.serial: serial {serial} is used twice \(also by rows\.hand\[0\]\)",
    )


def test_negative_hands_a_missing_blind_and_wrong_types_are_refused() -> None:
    data = _data()
    data["run"]["hands_left"] = -1
    _refused(data, r"run\.hands_left: must be at least 0, got -1")
    data = _data()
    data["blind"] = None
    _refused(data, "blind: missing while in a round")
    data = _data()
    data["run"]["dollars"] = "lots"
    _refused(data, r"run\.dollars: expected a whole number, got 'lots'")
    data = _data()
    data["jokers"][0]["state"]["extra"] = "many"
    _refused(data, r"jokers\[0\]\.state\.extra: expected a number, got 'many'")
    data = _data()
    del data["jokers"][3]["state"]["extra"]["chips"]
    _refused(data, r"jokers\[3\]\.state\.extra: missing 'chips'")
    data = _data()
    data["rows"]["hand"][1]["rank"] = 15
    _refused(data, r"rows\.hand\[1\]\.rank: must be at most 14, got 15")
    data = _data()
    data["run"]["hands"] = list(data["run"]["hands"].values())[:-1]  # the list saves wrote
    _refused(data, r"run\.hands: expected 12 poker hands, got 11")
    data = _data()
    data["serial"] = 3
    _refused(data, "serial: the next serial must be past every one in use")


def test_unknown_keys_and_content_are_named_with_close_matches() -> None:
    data = _data()
    data["run"]["hand_sise"] = 8
    _refused(data, r"run: unknown run field 'hand_sise' \(did you mean 'hand_size'")
    data = _data()
    data["jokers"][0]["key"] = "j_cano"
    _refused(
        data,
        r"save needs joker 'j_cano' \(jokers\[0\]\.key\), which no installed plugin provides "
        r"\(did you mean 'j_caino'",
    )
    data = _data()
    data["jokers"][0]["key"] = "c_jupiter"
    _refused(data, r"jokers\[0\]\.key: 'c_jupiter' is a consumable, not a joker")


def test_a_blocked_boss_or_tag_on_offer_is_refused() -> None:
    data = _data()
    boss, tag = data["run"]["boss"], data["run"]["tags_offered"]["Small"]
    _refused(data, rf"blind {boss!r} \(run\.boss\), which is blocked", Plugins(block=[boss]))
    _refused(
        data, rf"tag {tag!r} \(run\.tags_offered\.Small\), which is blocked", Plugins(block=[tag])
    )


def test_a_save_is_strict_json_and_keeps_infinities_and_nan() -> None:
    game = Game.from_json(base_saves()[0], PLUGINS)
    game.run.chips = -math.inf  # no real game gets there: the save must still write it
    game.run.blind_chips = math.inf
    assert game.blind is not None
    game.blind.memory["reach"] = [-math.inf, math.inf]
    game.jokers[0].state["caino_xmult"] = math.nan
    text = dumps(game)

    def refuse(name: str) -> None:
        raise AssertionError(f"non-standard JSON token {name}")

    data = json.loads(text, parse_constant=refuse)
    assert data["run"]["chips"] == {"float": "-inf"}  # not "inf", as it was once
    assert data["run"]["blind_chips"] == {"float": "inf"}
    assert data["blind"]["memory"]["reach"] == [{"float": "-inf"}, {"float": "inf"}]
    assert data["jokers"][0]["state"]["caino_xmult"] == {"float": "nan"}
    # read back as floats, and checked: negative chips are no run's, nor NaN a counter
    _refused(data, r"run\.chips: must be at least 0, got -inf")
    game.run.chips = 0.0
    _refused(
        json.loads(dumps(game)),
        r"jokers\[0\]\.state\.caino_xmult: expected a finite number, got nan",
    )
    game.jokers[0].state["caino_xmult"] = 2
    again = Game.from_json(dumps(game), PLUGINS)
    assert again.run.blind_chips == math.inf
    assert again.blind is not None and again.blind.memory["reach"] == [-math.inf, math.inf]
    assert dumps(again) == dumps(game)


def test_an_old_save_with_inf_strings_loads_but_bare_infinity_is_not_strict_json() -> None:
    data = json.loads(base_saves()[0])
    for token in ("Infinity", "-Infinity", "NaN"):
        text = re.sub(r'"blind_chips": [0-9.]+', f'"blind_chips": {token}', json.dumps(data))
        assert token in text
        with pytest.raises(SaveError, match=rf"^save: not strict JSON: {token} is not a JSON"):
            Game.from_json(text, PLUGINS)
    data["run"]["probability"] = "inf"
    assert Game.from_json(json.dumps(data), PLUGINS).run.probability == math.inf


@pytest.mark.parametrize("compact", [True, False])
def test_a_key_repeated_in_one_object_is_refused(compact: bool) -> None:
    text = base_saves()[0]
    if not compact:
        text = json.dumps(json.loads(text), indent=1)
    for key in ('"dollars":', '"rank":', '"key":'):
        at = text.index(key.replace(":", ": " if not compact else ":"))
        end = text.index(",", at)
        bad = text[: end + 1] + text[at : end + 1] + text[end + 1 :]
        with pytest.raises(SaveError, match=r"^save: not strict JSON: the key '\w+' appears twice"):
            Game.from_json(bad, PLUGINS)


@pytest.mark.parametrize(
    ("saved", "installed", "ok"),
    [
        ("1.2.0", "1.2.0", True),
        ("1.2.0", "1.2.7", True),
        ("1.2.3", "1.2.0", True),
        ("1.0.0", "1.4.0", True),
        ("1.4.0", "1.3.9", False),
        ("1.0.0", "2.0.0", False),
        ("2.0.0", "1.9.0", False),
        ("0.1.0", "0.1.0.dev3", True),
        ("unknown", "1.0.0", True),
        ("banana", "1.0.0", False),
    ],
)
def test_plugin_versions_are_compared_by_major_and_minor(
    saved: str, installed: str, ok: bool
) -> None:
    assert compatible(saved, installed) is ok


def test_a_save_from_a_newer_or_missing_package_names_it() -> None:
    data = _data()
    installed = PLUGINS.package_versions()["balatro-ecs"]
    major = int(installed.split(".")[0])
    data["plugins"]["balatro-ecs"] = f"{major + 1}.0.0"
    _refused(
        data, rf"made with balatro-ecs {major + 1}\.0\.0, but balatro-ecs {installed} is installed"
    )
    data["plugins"] = {"balatro-ecs": installed, "balatro-ecs-extra": "1.0.0"}
    _refused(data, r"package 'balatro-ecs-extra' 1\.0\.0, which is not installed")
    with pytest.raises(SaveError, match=r"balatro-ecs 0\.9"):
        check_versions({"balatro-ecs": "0.9"}, {"balatro-ecs": "0.8.1"})


def test_hand_written_bad_saves_give_one_line_save_errors() -> None:
    bad: list[Any] = [
        "", "{", "[]", "null", "1", '"save"', "[" * 100_000, '{"format": 1}', "\udcff",
        b"\xff\xfe", '{"format": "balatro_ecs.save/1", "seed": "A"}', "1" * 5000,
    ]  # fmt: skip
    for text in bad:
        with pytest.raises(SaveError) as caught:
            Game.from_json(text, PLUGINS)
        assert "\n" not in str(caught.value)
    with pytest.raises(SaveError, match="not a balatro_ecs save"):
        Game.from_data([], PLUGINS)  # type: ignore[arg-type]
    data = to_data(Game(seed="TODATA01", plugins=PLUGINS))
    data["rows"]["deck"][0]["perma_bonus"] = math.nan
    with pytest.raises(
        SaveError, match=r"rows\.deck\[0\]\.perma_bonus: expected a finite number, got nan"
    ):
        Game.from_data(data, PLUGINS)


def test_a_blinds_memory_is_checked_by_the_kinds_its_blind_declares() -> None:
    from balatro_ecs.kernel.content import BlindType
    from balatro_ecs.kernel.errors import ContentError

    game = Game(seed="MEMORY")
    game.set_blind("bl_eye")
    assert game.plugins.blind("bl_eye").memory_kinds == {"hands_used": "hands"}
    data = json.loads(game.to_json())
    data["blind"]["memory"]["hands_used"] = ["Pair", "Nothing Of The Kind"]
    with pytest.raises(SaveError, match=r"blind\.memory\.hands_used\[1\]"):
        Game.from_json(json.dumps(data))
    data["blind"]["memory"] = {"hands_used": ["Pair"], "a_packs_own": {"any": [1, "x"]}}
    assert Game.from_json(json.dumps(data)).blind.memory["hands_used"] == ["Pair"]
    with pytest.raises(ContentError, match="kinds are hand, hands, serials, flag, count"):
        BlindType(key="bl_test_odd", name="Odd", memory_kinds={"x": "colour"})
