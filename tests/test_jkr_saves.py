"""Runs saved by the game itself (``save.jkr``) continued in the engine, and the engine's
runs written as saves of the game's.

``tests/data/saves`` holds ten files written by Balatro 1.0.1o at every kind of moment
the game saves (README there), each with the snapshot a continued run must show and the
recorded steps after it. Each is continued here to its recorded end, exactly as the
trajectory replayer compares (:func:`balatro_ecs.tools.trajectory.continue_from`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import SkipPack
from balatro_ecs.game.run.jkr import engine_data, luatable, read_table, to_jkr, to_table
from balatro_ecs.game.run.save import to_data
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import SaveError
from balatro_ecs.tools.policies import make_policy
from balatro_ecs.tools.trajectory import continue_from, first_difference, snapshot

SAVES = Path(__file__).parent / "data" / "saves"
INDEX = json.loads((SAVES / "index.json").read_text("utf-8"))
SAMPLES = INDEX["saves"]
IDS = [s["file"][:-4] for s in SAMPLES]


def _bytes(sample: dict[str, Any]) -> bytes:
    return (SAVES / sample["file"]).read_bytes()


def _sample(state: str) -> dict[str, Any]:
    return next(s for s in SAMPLES if s["state"] == state)


def engine_state(game: Game) -> dict[str, Any]:
    """The game's state as its own save holds it, less what no rule reads in this phase
    (the engine keeps these from earlier, the game's table does not): the log, the last
    blind's size and the boss flag outside the round and its evaluation, where an open
    pack returns to outside a pack; Amber Acorn's face-down jokers are compared as a
    set."""
    data = to_data(game)
    del data["log"]
    run, phase = data["run"], game.phase
    if phase not in (Phase.ROUND, Phase.CASH_OUT):
        del run["blind_chips"]
    if phase is not Phase.CASH_OUT:
        del run["boss_defeated"]
    if phase is not Phase.PACK:
        del data["pack"]["return"]
    blind = data["blind"]
    if blind is not None and "flipped" in blind["memory"]:  # Amber Acorn's: a set of serials
        blind["memory"]["flipped"] = sorted(blind["memory"]["flipped"])
    return data


# -- continuing the game's own saves ---------------------------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_a_saved_run_continues_to_its_recorded_end(sample: dict[str, Any]) -> None:
    game = Game.from_jkr(_bytes(sample))
    result = continue_from(game, sample)
    assert result.divergence is None, result.divergence.describe()
    assert result.matched == len(sample["steps"])


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_every_random_stream_continues_from_the_saved_position(sample: dict[str, Any]) -> None:
    table = read_table(_bytes(sample))
    saved = dict(table["GAME"]["pseudorandom"])
    assert saved.pop("seed") == sample["seed"]
    saved.pop("hashed_seed")  # the game works it out again from the seed
    game = Game.from_jkr(table)
    assert game.seed == sample["seed"]
    streams = game.rng.snapshot()
    if sample["state"] == "STANDARD_PACK":  # the pack was opened again from the streams
        assert streams != saved
        streams = from_jkr_before_action(table).rng.snapshot()
    if sample["state"] == "BLIND_SELECT":
        streams.pop("orbital", None)
        saved.pop("orbital", None)
    assert streams == saved


def from_jkr_before_action(table: dict[str, Any]) -> Game:
    without = {k: v for k, v in table.items() if k != "ACTION"}
    return Game.from_jkr(without)


def test_the_blind_select_save_settles_the_blind_on_deck_again() -> None:
    sample = _sample("BLIND_SELECT")
    table = read_table(_bytes(sample))
    assert set(table["GAME"]["round_resets"]["blind_states"].values()) == {"Upcoming"}
    game = Game.from_jkr(table)
    assert game.run.blind_on_deck == "Small"
    assert game.run.blind_states == {"Small": "Select", "Big": "Upcoming", "Boss": "Upcoming"}
    assert game.run.tags_offered == sample["initial"]["skip_tags"]


def test_a_pack_opened_in_the_shop_opens_again_with_the_same_cards() -> None:
    sample = _sample("STANDARD_PACK")
    table = read_table(_bytes(sample))
    before = from_jkr_before_action(table)
    assert before.phase is Phase.SHOP and len(before.shop_packs) == 2
    game = Game.from_jkr(table)
    assert game.phase is Phase.PACK
    assert game.run.dollars == table["GAME"]["dollars"] - 8  # bought again: $8
    assert snapshot(game)["pack"]["cards"] == sample["initial"]["pack"]["cards"]
    assert game.log == []  # continuing is not an action of the player's
    with pytest.raises(SaveError, match="no open pack"):
        game.to_jkr()
    game.apply(SkipPack())
    assert Game.from_jkr(game.to_jkr()).phase is Phase.SHOP


def test_the_round_evaluation_works_its_payout_out_again() -> None:
    sample = _sample("ROUND_EVAL")
    game = Game.from_jkr(_bytes(sample))
    assert game.phase is Phase.CASH_OUT and game.blind is None
    assert game.run.payout == [["Blind: Small Blind", 3], ["Hands left: 3", 3]]
    assert sum(d for _, d in game.run.payout) == sample["initial"]["payout"]


def test_what_the_jokers_change_is_split_from_the_runs_own_numbers() -> None:
    # Juggler (+1 hand size) held: the game's hand holds 9 cards, the run's own size is 8.
    sample = next(s for s in SAMPLES if s["file"].startswith("NYX73BII"))
    game = Game.from_jkr(_bytes(sample))
    assert game.hand_size == 9 and game.run.hand_size == 8
    juggler = next(j for j in game.jokers if j.key == "j_juggler")
    game.run.phase = Phase.SHOP  # (selling is a shop action)
    from balatro_ecs.game.actions import Sell

    game.apply(Sell("jokers", juggler.slot))
    assert game.hand_size == 8


def test_joker_counters_come_from_their_ability_tables() -> None:
    sample = next(s for s in SAMPLES if s["file"].startswith("VGI8QG9G"))
    table = read_table(_bytes(sample))
    game = Game.from_jkr(table)
    saved = {c["save_fields"]["center"]: c for c in table["cardAreas"]["jokers"]["cards"]}
    for joker in game.jokers:
        ability = saved[joker.key]["ability"]
        for name, value in joker.state.items():
            assert ability.get(name, value) == value, (joker.key, name)
        assert joker.serial == saved[joker.key]["sort_id"]
    green = next(j for j in game.jokers if j.key == "j_green_joker")
    assert green.state["mult"] == 1 and green.edition.name == "FOIL"
    assert green.sell_value == 3 and green.buy_cost == 0  # a Coupon Tag made it free


# -- writing the game's saves ------------------------------------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_a_written_save_loads_back_to_the_same_engine_state(sample: dict[str, Any]) -> None:
    game = Game.from_jkr(_bytes(sample))
    if game.phase is Phase.PACK:
        game.apply(SkipPack())
    written = to_jkr(game)
    again = Game.from_jkr(written)
    assert engine_state(again) == engine_state(game)
    assert to_jkr(again) == written  # and it writes the same bytes again
    assert first_difference(snapshot(game), snapshot(again)) is None


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_a_written_save_has_the_shape_of_the_games(sample: dict[str, Any]) -> None:
    """Every field the game wrote is written (but the run's statistics and usage counts
    the engine does not keep), with the same values where the engine keeps them."""
    original = read_table(_bytes(sample))
    game = Game.from_jkr(original)
    if game.phase is Phase.PACK:
        return  # written only after the pack (see above)
    written = to_table(game)
    assert set(original) <= set(written)
    assert set(original["GAME"]) <= set(written["GAME"])
    for name, area in original["cardAreas"].items():
        mine = written["cardAreas"][name]
        assert len(mine["cards"]) == len(area["cards"]), name
        assert mine["config"]["card_limit"] == area["config"]["card_limit"], name
        for theirs, ours in zip(area["cards"], mine["cards"], strict=True):
            # (a playing card the run gained later carries the flags of a card made in play)
            optional = {"added_to_deck", "bypass_discovery_center", "bypass_discovery_ui"}
            assert set(theirs) - optional <= set(ours), (name, set(theirs) - set(ours))
            for key in ("sort_id", "save_fields", "cost", "sell_cost", "debuff", "edition",
                        "seal"):  # fmt: skip
                if key == "sort_id" and name in ("shop_vouchers", "shop_booster"):
                    continue  # the engine keeps vouchers and packs on sale by key alone
                assert ours.get(key) == theirs.get(key), (name, key)
            assert {k: v for k, v in ours["ability"].items() if k in theirs["ability"]} == {
                k: v for k, v in theirs["ability"].items() if k in ours["ability"] and k not in (
                    "effect", "hands_played_at_create", "discarded", "x_mult",
                )
            } | {k: ours["ability"][k] for k in ("effect", "hands_played_at_create", "x_mult")
                 if k in theirs["ability"] and k in ours["ability"]}  # fmt: skip
    game_t, ours_t = original["GAME"], written["GAME"]
    for key in ("dollars", "round", "stake", "hands_played", "interest_cap", "interest_amount",
                "used_vouchers", "pool_flags", "bosses_used", "blind_on_deck", "skips",
                "probabilities", "inflation", "discount_percent", "win_ante", "won"):  # fmt: skip
        if key == "blind_on_deck" and sample["state"] in ("SHOP", "BLIND_SELECT"):
            continue  # the engine keeps it settled (the game settles it on the next screen)
        assert ours_t[key] == game_t[key], key
    stream_keys = set(game_t["pseudorandom"])
    if sample["state"] != "BLIND_SELECT":
        assert {k: ours_t["pseudorandom"][k] for k in stream_keys - {"hashed_seed"}} == {
            k: game_t["pseudorandom"][k] for k in stream_keys - {"hashed_seed"}
        }
    resets = {k: v for k, v in game_t["round_resets"].items() if k != "blind"}
    mine = {k: ours_t["round_resets"][k] for k in resets}
    if sample["state"] in ("SHOP", "BLIND_SELECT"):
        resets.pop("blind_states"), mine.pop("blind_states")
    assert mine == resets
    current = game_t["current_round"]
    for key in ("hands_left", "discards_left", "idol_card", "mail_card", "ancient_card",
                "castle_card", "voucher", "most_played_poker_hand", "free_rerolls"):  # fmt: skip
        assert ours_t["current_round"].get(key) == current.get(key), key
    for name, row in game_t["hands"].items():
        mine_row = ours_t["hands"][name]
        assert {k: mine_row[k] for k in row} == row, name


def test_runs_of_every_deck_and_stake_write_and_load_back_at_every_moment() -> None:
    """The engine's own runs, over every deck and stake, written as the game's save and
    loaded back at every decision the game has a screen for; long runs:
    ``BALATRO_ECS_JKR_RUNS=100``."""
    runs = int(os.environ.get("BALATRO_ECS_JKR_RUNS", "3"))
    decks = ["Red Deck", "Plasma Deck", "Green Deck", "Black Deck", "Magic Deck", "Zodiac Deck"]
    checked = 0
    for i in range(runs):
        game = Game(deck=decks[i % len(decks)], stake=1 + (3 * i) % 8, seed=f"JKRRUN{i:02d}")
        policy = make_policy("greedy", str(i))
        for _ in range(60):
            if game.phase is Phase.GAME_OVER:
                break
            if game.phase is not Phase.PACK:
                again = Game.from_jkr(game.to_jkr())
                assert engine_state(again) == engine_state(game), (i, game)
                checked += 1
            game.apply(policy.choose(game))
    assert checked >= 15 * runs


def test_a_new_run_written_and_continued_plays_on_as_the_original() -> None:
    game = Game(deck="Blue Deck", stake="Gold Stake", seed="JKRPLAY1")
    policy = make_policy("greedy")
    for _ in range(12):
        game.apply(policy.choose(game))
    copy = Game.from_jkr(game.to_jkr())
    for _ in range(40):
        if game.phase is Phase.GAME_OVER:
            break
        action = policy.choose(game)
        game.apply(action)
        copy.apply(action)
        assert first_difference(snapshot(game), snapshot(copy)) is None


def test_the_engines_save_data_of_a_file() -> None:
    sample = _sample("SHOP")
    data = engine_data(read_table(_bytes(sample)), Game(seed="X").plugins)
    assert data["format"] == "balatro_ecs.save/1" and data["seed"] == sample["seed"]
    assert data["run"]["phase"] == "shop"
    json.dumps(data)  # plain JSON


# -- bad files ----------------------------------------------------------------------------------


def _altered(sample: dict[str, Any], change: Any) -> bytes:
    table = read_table(_bytes(sample))
    change(table)
    return luatable.dumps(table)


def _set(path: str, value: Any) -> Any:
    def change(table: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for part in parents:
            table = table[int(part) if part.isdigit() else part]
        if value is _DELETE:
            del table[last]
        else:
            table[int(last) if last.isdigit() else last] = value

    return change


_DELETE = object()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("STATE", 4), "STATE 4 is not a state the game saves a run in"),
        (_set("GAME.dollars", "lots"), "GAME.dollars: expected a number, got 'lots'"),
        (_set("GAME.round_resets", _DELETE), "GAME.round_resets: missing"),
        (_set("GAME.round_resets.ante", 1.5), "GAME.round_resets.ante: expected a whole number"),
        (_set("GAME.stake", 99), "GAME.stake"),
        (_set("GAME.pseudorandom.boss", 7), "GAME.pseudorandom.boss: a stream's state"),
        (_set("BACK.key", "b_nothing"), "BACK.key"),
        (_set("cardAreas.jokers.cards.1.save_fields.center", "j_nobody"), "j_nobody"),
        (_set("cardAreas.deck.cards.1.save_fields.card", "X_9"), "not a card key"),
        (_set("cardAreas.deck.cards.2.sort_id", 1), "is used by two cards"),
        (_set("cardAreas.secret", {"cards": {}}), "unknown card area"),
        (_set("ACTION", {"type": "use_card", "card": 9999}), "no pack in the shop"),
        (_set("GAME.current_round.idol_card.suit", "Stars"), "unknown suit 'Stars'"),
    ],
)
def test_a_damaged_save_is_refused_with_one_line_naming_the_field(
    change: Any, message: str
) -> None:
    sample = _sample("SHOP")
    with pytest.raises(SaveError) as err:
        Game.from_jkr(_altered(sample, change))
    assert message in str(err.value)
    assert str(err.value).startswith("save.jkr: ")
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not a save",
        json.dumps({"format": "balatro_ecs.save/1"}).encode(),
        b"\x00" * 64,
        luatable.dumps({"hello": "world"}),
        luatable.dumps([1, 2, 3]),
    ],
)
def test_foreign_files_are_refused(data: bytes) -> None:
    with pytest.raises(SaveError, match=r"^save\.jkr: ") as err:
        Game.from_jkr(data)
    assert "\n" not in str(err.value)


# -- the command line and the terminal game ---------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from balatro_ecs.tools.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_prints_a_save_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    sample = _sample("SELECTING_HAND")
    path = str(SAVES / sample["file"])
    code, out, _ = _cli(capsys, "jkr", path, "--compact")
    assert code == 0
    table = json.loads(out)
    assert table["STATE"] == 1 and table["GAME"]["pseudorandom"]["seed"] == sample["seed"]
    code, out, _ = _cli(capsys, "jkr", path, "--engine")
    assert code == 0
    engine = json.loads(out)
    assert engine["format"] == "balatro_ecs.save/1" and engine["run"]["phase"] == "round"
    assert Game.from_json(out).run.dollars == sample["initial"]["money"]


def test_the_cli_writes_a_save_the_engine_and_the_game_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    engine_save = tmp_path / "run.json"
    engine_save.write_text(Game(seed="JKRCLI01", deck="Blue Deck").to_json(), "utf-8")
    out_file = tmp_path / "save.jkr"
    code, out, _ = _cli(capsys, "jkr", str(engine_save), "--write", str(out_file))
    assert code == 0 and "wrote" in out
    game = Game.from_jkr(out_file.read_bytes())
    assert game.seed == "JKRCLI01" and game.deck.key == "b_blue"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["jkr", "{missing}"], "no such file"),
        (["jkr", "{index}"], "not a Balatro save"),
        (["jkr", "{index}", "--engine"], "not a Balatro save"),
        (["play", "--load", "{readme}"], "not a Balatro save"),
    ],
)
def test_the_cli_refuses_bad_files_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    paths = {"missing": str(tmp_path / "nothing.jkr"), "index": str(SAVES / "index.json"),
             "readme": str(SAVES / "README.md")}  # fmt: skip
    code, out, err = _cli(capsys, *[a.format(**paths) for a in argv])
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_terminal_game_continues_a_save_of_the_games_and_writes_one(tmp_path: Path) -> None:
    import io

    from balatro_ecs.tools.terminal import TerminalSession

    sample = next(s for s in SAMPLES if s["file"].startswith("NYX73BII"))
    written = tmp_path / "again.jkr"
    queue = [f"load {SAVES / sample['file']}", "play 1", f"save {written}", "quit"]

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    out = io.StringIO()
    session = TerminalSession(Game(seed="TERMJKR1"), read=read, out=out)  # type: ignore[arg-type]
    session.run()
    assert session.game.seed == sample["seed"]
    assert session.game.run.hands_left == sample["initial"]["hands_left"] - 1
    again = Game.from_jkr(written.read_bytes())
    assert engine_state(again) == engine_state(session.game)


def _boss_keys() -> list[str]:
    from balatro_ecs.kernel.content import BlindType

    return [b.key for b in Game(seed="BOSSLIST").plugins.all(BlindType) if b.is_boss]


@pytest.mark.parametrize("boss", _boss_keys())
def test_every_boss_round_is_written_and_continued_as_it_was(boss: str) -> None:
    """What each boss remembers during its round (The Water's discards, The Needle's
    hands, The Eye's hands, The Mouth's hand, The Fish's and Crimson Heart's state, Amber
    Acorn's face-down jokers, The Manacle's card) survives a save, and the round plays on
    the same from it: two plays or discards, each checked."""
    from balatro_ecs.tools.testing.runs import play_blind

    game = Game(seed="JKRBOSS1", deck="Black Deck", stake="Purple Stake")
    for key in ("j_joker", "j_juggler", "j_egg"):
        game.add_joker(key)
    play_blind(game, boss)
    policy = make_policy("greedy")
    for _ in range(3):
        if game.phase is not Phase.ROUND:
            break
        action = policy.choose(game)
        copy = Game.from_jkr(game.to_jkr())
        assert engine_state(copy) == engine_state(game), boss
        assert copy.hand_size == game.hand_size
        for which in (game, copy):
            which.apply(action)
        assert first_difference(snapshot(game), snapshot(copy)) is None, boss
        assert engine_state(copy)["run"] == engine_state(game)["run"]
