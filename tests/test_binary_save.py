"""The trusted binary save: ``Game.to_bytes`` / ``Game.from_bytes``.

Bytes load back, through the clone path and without checks, into a game that saves to the
same JSON text and plays on as the original does; bytes this engine did not write with this
key, this plugin set and this version are refused before anything in them is read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Game, Plugins, SaveError
from balatro_ecs.game import copying
from balatro_ecs.game.actions import CashOut, EndShop, Play, SelectBlind, Use
from balatro_ecs.game.run import binary
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel import components as C
from balatro_ecs.kernel import records
from balatro_ecs.kernel.enums import Suit
from balatro_ecs.tools.policies import GreedyPolicy, Policy, RandomPolicy
from balatro_ecs.tools.testing.runs import play_blind, win_round
from balatro_ecs.tools.trajectory import (
    action_from_step,
    first_difference,
    load_trajectories,
    snapshot,
)

KEY = b"k" * 32


@pytest.fixture(autouse=True)
def _no_key_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests name their key: the user's key file is never made here."""
    monkeypatch.setenv(binary.KEY_ENV, "tests")


def _round_trip(game: Game, plugins: Plugins | None = None) -> Game:
    return Game.from_bytes(game.to_bytes(KEY), plugins or game.plugins, key=KEY)


def _step(game: Game, policy: Policy) -> bool:
    if game.phase is Phase.GAME_OVER or game.run.won:
        return False
    game.apply(policy.choose(game))
    return True


@pytest.mark.parametrize("seed", ["BIN1", "BIN2"])
def test_bytes_load_back_to_the_same_save_and_play_on_alike(seed: str) -> None:
    """Through rounds, shops, packs and the end of the run: every few steps the loaded
    game saves to the same JSON text, and playing on from it (the same actions) stays
    equal."""
    game = Game(seed=seed, plugins=Plugins.default())
    policy = GreedyPolicy(seed)
    steps, phases = 0, set()
    while steps < 160 and _step(game, policy):
        steps += 1
        phases.add(game.phase)
        if steps % 5:
            continue
        loaded = _round_trip(game)
        assert loaded.to_json() == game.to_json()
        ahead = game.clone()
        chooser = RandomPolicy(f"{seed}{steps}")
        for _ in range(4):
            if ahead.phase is Phase.GAME_OVER or ahead.run.won:
                break
            action = chooser.choose(ahead)
            ahead.apply(action)
            loaded.apply(action)
        assert loaded.to_json() == ahead.to_json()
    assert {Phase.SHOP, Phase.ROUND, Phase.BLIND_SELECT} <= phases


@pytest.mark.parametrize(
    ("deck", "stake"),
    [("Magic Deck", "Gold Stake"), ("Erratic Deck", "Black Stake"), ("Plasma Deck", 3)],
)
def test_decks_and_stakes_round_trip(deck: str, stake: Any) -> None:
    game = Game(deck=deck, stake=stake, seed="BINDECK")
    policy = RandomPolicy("BINDECK")
    for _ in range(25):
        _step(game, policy)
    assert _round_trip(game).to_json() == game.to_json()


def test_a_loaded_game_is_a_new_independent_game_of_the_class_asked_for() -> None:
    class MyGame(Game):
        pass

    game = Game(seed="BINCLASS", budget=3.5, checks=True, atomic=False)
    game.add_joker("j_joker")
    loaded = MyGame.from_bytes(game.to_bytes(KEY), key=KEY)
    assert type(loaded) is MyGame
    assert (loaded.budget, loaded.checks, loaded.atomic) == (3.5, True, False)
    assert loaded.world is not game.world and loaded.jokers[0] is not game.jokers[0]
    loaded.jokers[0].state["mult"] = 99
    assert game.jokers[0].state.get("mult") != 99
    assert loaded.log == [] and game.log == []


def test_a_game_built_bare_holds_what_one_built_through_init_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game(seed="BINBARE")
    policy = RandomPolicy("BINBARE")
    for _ in range(15):
        _step(game, policy)
    bare = Game.from_bytes(game.to_bytes(KEY), key=KEY)
    cloned = game.clone()
    monkeypatch.setattr(copying, "bare_games", False)
    full = game.clone()
    assert set(vars(bare)) == set(vars(full)) == set(vars(cloned))
    plain = (int, float, str, bool, type(None), Phase)
    for name, value in vars(full).items():
        if isinstance(value, plain):
            assert vars(bare)[name] == value, name
            assert vars(cloned)[name] == value, name
    # the three play on alike
    policies = [RandomPolicy("BINBARE2") for _ in range(3)]
    for _ in range(40):
        moved = [_step(g, p) for g, p in zip((bare, cloned, full), policies, strict=True)]
        assert len(set(moved)) == 1
        assert bare.to_json() == cloned.to_json() == full.to_json()


def test_a_game_class_with_its_own_init_is_built_through_it() -> None:
    class Marked(Game):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.marked = True

    game = Marked(seed="BININIT")
    assert game.clone().marked
    assert Marked.from_bytes(game.to_bytes(KEY), key=KEY).marked


def test_the_log_is_kept_as_the_json_save_keeps_it() -> None:
    game = Game(seed="BINLOG")
    policy = RandomPolicy("BINLOG")
    for _ in range(10):
        _step(game, policy)
    loaded = _round_trip(game)
    assert [o.to_dict() for o in loaded.log] == [o.to_dict() for o in game.log]
    assert [o.action for o in loaded.log] == [o.action for o in game.log]


def test_counters_marshal_cannot_write_are_pickled() -> None:
    game = Game(seed="BINPICKLE")
    joker = game.add_joker("j_joker")
    joker.state["suit"] = Suit.HEARTS  # an enum member: JSON writes 2, marshal nothing
    data = game.to_bytes(KEY)
    assert data[8 + 32 + len(binary._header(binary._identity(game.plugins))) :][:1] == b"p"
    loaded = Game.from_bytes(data, key=KEY)
    assert loaded.jokers[0].state["suit"] is Suit.HEARTS
    assert loaded.to_json() == game.to_json()


#: The run-state slots the vanilla pack declares (The Idol, Mail-In Rebate, Castle, Ancient
#: Joker, Ectoplasm): kept in ``run.memory``.
SLOTS = ("idol_rank", "idol_suit", "mail_rank", "castle_suit", "ancient_suit", "ecto_minus")


def test_run_state_slots_round_trip_and_are_the_loaded_games_own() -> None:
    """The targets drawn after a round and Ectoplasm's grown cost come back as they were,
    in a memory the loaded game does not share with the saved one."""
    game = Game(seed="BINMEMORY")
    play_blind(game)
    for key in ("j_idol", "j_mail", "j_castle", "j_ancient"):
        game.add_joker(key)
    for _ in range(2):
        game.add_consumable("c_ectoplasm")
        game.apply(Use(len(game.consumables) - 1, ()))
    first = {name: game.run.memory[name] for name in SLOTS}
    win_round(game)  # the round's end draws the next targets
    memory = dict(game.run.memory)
    assert memory["ecto_minus"] == 3 and memory != first
    loaded = _round_trip(game)
    assert loaded.run.memory == memory
    assert loaded.to_json() == game.to_json()
    assert loaded.run.memory is not game.run.memory
    loaded.run.memory["ecto_minus"] = 7
    assert game.run.memory["ecto_minus"] == 3
    loaded.run.memory["ecto_minus"] = 3
    # and the game read back plays on alike (scoring reads the targets)
    for action in (CashOut(), EndShop(), SelectBlind(), Play((0, 1, 2, 3, 4))):
        game.apply(action)
        loaded.apply(action)
    assert loaded.to_json() == game.to_json()


class Marker:
    """A plugin's own component (picklable: a module-level class)."""

    def __init__(self, note: str) -> None:
        self.note = note

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Marker) and other.note == self.note


def test_a_plugins_components_travel_with_their_entities() -> None:
    game = Game(seed="BINCOMP")
    joker = game.add_joker("j_joker")
    game.world.add(joker.entity, Marker("joker"))
    card = game.area(C.Area.DECK)[0]
    card[Marker] = Marker("card")
    loaded = _round_trip(game)
    assert loaded.world.get(joker.entity, Marker) == Marker("joker")
    assert loaded.area(C.Area.DECK)[0][Marker] == Marker("card")
    assert loaded.to_json() == game.to_json()


def test_a_card_in_no_row_is_not_written() -> None:
    game = Game(seed="BINROW")
    card = game.area(C.Area.DECK).pop()  # left in the world, in no row
    with pytest.raises(SaveError, match=f"entity {card.entity} is a Card outside every row"):
        game.to_bytes(KEY)


def test_cards_whose_places_are_not_the_rows_round_trip() -> None:
    """A card whose zone is not its row's place, and one counted in no tally, are written
    as they are (not as the rows would say)."""
    game = Game(seed="BINPLACE")
    deck = game.area(C.Area.DECK)
    deck[3].zone.slot = 40
    deck[5]._tally = None
    loaded = _round_trip(game)
    assert loaded.area(C.Area.DECK)[3].zone.slot == 40
    assert loaded.area(C.Area.DECK)[5]._tally is None
    assert loaded.area(C.Area.DECK)[6]._tally is loaded._tally
    assert loaded.to_json() == game.to_json()


def test_cards_whose_values_do_not_fit_the_short_code_round_trip() -> None:
    """A card's values are 9 bytes when each fits (the bonus chips in two signed bytes),
    else their ``marshal`` code: both load back."""
    game = Game(seed="BINCODE")
    deck = game.area(C.Area.DECK)
    deck[0].add_perma_bonus(10**6)
    deck[1].add_perma_bonus(-30)
    codes = binary._values_codes([c._values for c in deck[:3]])
    assert [len(code) for code in codes[1:]] == [9, 9] and len(codes[0]) > 9
    loaded = _round_trip(game)
    assert [c.perma_bonus for c in loaded.area(C.Area.DECK)[:2]] == [10**6, -30]
    assert loaded.to_json() == game.to_json()


def test_a_world_with_an_entity_removed_round_trips() -> None:
    """The entity ids are written as their count while they are 1 to that count, else
    one by one."""
    game = Game(seed="BINIDS")
    assert isinstance(binary._ids_code(tuple(game.world._entities)), int)
    game.add_joker("j_joker")
    game.add_joker("j_jolly")
    game.remove_joker(game.jokers[0])
    assert isinstance(binary._ids_code(tuple(game.world._entities)), tuple)
    loaded = _round_trip(game)
    assert list(loaded.world._entities) == list(game.world._entities)
    assert loaded.world._next == game.world._next
    assert loaded.to_json() == game.to_json()


def test_the_python_reading_of_the_cards_writes_the_same_payload(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cards' columns read, and their codes looked up, by the compiled ``records``
    functions or their Python references (what ``BALATRO_ECS_PURE_PYTHON=1`` uses) are
    the same payload, and load to the same game."""
    game = Game(seed="BINPURE")
    play_blind(game)
    compiled = binary._payload(game)
    monkeypatch.setattr(binary, "read", records.read_py)
    monkeypatch.setattr(binary, "by_identity", records.by_identity_py)
    binary._VALUES_CODE.clear()  # (every code made again, in Python)
    assert binary._payload(game) == compiled
    assert _round_trip(game).to_json() == game.to_json()


def test_bytes_of_another_format_are_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _mid_game()
    monkeypatch.setattr(binary, "FORMAT", binary.FORMAT - 1)
    game.plugins.cache.pop("binary identity", None)
    older = game.to_bytes(KEY)
    monkeypatch.undo()
    monkeypatch.setenv(binary.KEY_ENV, "tests")
    game.plugins.cache.pop("binary identity", None)
    with pytest.raises(SaveError, match="written with another plugin set or layout"):
        Game.from_bytes(older, game.plugins, key=KEY)
    assert Game.from_bytes(game.to_bytes(KEY), game.plugins, key=KEY).to_json() == game.to_json()


# -- refused -------------------------------------------------------------------------------


def _mid_game() -> Game:
    game = Game(seed="BINREFUSE")
    game.add_joker("j_joker")
    return game


def test_another_key_is_refused() -> None:
    data = _mid_game().to_bytes(KEY)
    with pytest.raises(SaveError, match="not signed with this key, or changed since"):
        Game.from_bytes(data, key=b"another key")


def test_a_changed_byte_is_refused() -> None:
    data = bytearray(_mid_game().to_bytes(KEY))
    data[-10] ^= 1
    with pytest.raises(SaveError, match="not signed with this key, or changed since"):
        Game.from_bytes(bytes(data), key=KEY)
    with pytest.raises(SaveError, match="not signed with this key, or changed since"):
        Game.from_bytes(bytes(data[:-1]), key=KEY)


def test_what_is_not_a_binary_save_is_refused() -> None:
    with pytest.raises(SaveError, match="not a balatro_ecs binary save"):
        Game.from_bytes(_mid_game().to_json().encode(), key=KEY)
    with pytest.raises(SaveError, match="expected bytes, got str"):
        Game.from_bytes("text", key=KEY)  # type: ignore[arg-type]
    with pytest.raises(SaveError, match="key must be non-empty"):
        _mid_game().to_bytes(b"")


def test_another_engine_version_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _mid_game().to_bytes(KEY)
    monkeypatch.setattr(binary, "__version__", "99.0.0")
    with pytest.raises(SaveError, match=r"written by balatro_ecs \S+, this is 99.0.0"):
        Game.from_bytes(data, Plugins(entry_points=False, config=False), key=KEY)


def test_another_plugin_set_is_refused() -> None:
    data = _mid_game().to_bytes(KEY)
    with pytest.raises(SaveError, match="written with another plugin set"):
        Game.from_bytes(data, Plugins(entry_points=False, config=False, block=["j_egg"]), key=KEY)


# -- the key ---------------------------------------------------------------------------------


def test_the_default_key_is_the_users_key_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(binary.KEY_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(binary, "_KEY", [])
    game = _mid_game()
    data = game.to_bytes()
    path = tmp_path / "balatro_ecs" / "save.key"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and len(path.read_bytes()) == 32
    monkeypatch.setattr(binary, "_KEY", [])  # another process: reads the same file
    assert Game.from_bytes(data).to_json() == game.to_json()
    with pytest.raises(SaveError, match="not signed with this key"):
        Game.from_bytes(data, key=KEY)


def test_the_key_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(binary.KEY_ENV, "one")
    data = _mid_game().to_bytes()
    assert Game.from_bytes(data, key="one").to_json() == _mid_game().to_json()
    monkeypatch.setenv(binary.KEY_ENV, "two")
    with pytest.raises(SaveError, match="not signed with this key"):
        Game.from_bytes(data)


# -- recorded runs ---------------------------------------------------------------------------


def test_a_deep_recorded_run_goes_on_matching_the_game_through_bytes() -> None:
    """The stronger player's runs (vouchers, tags, packs, many jokers): every 25 steps the
    game is written to bytes and the run goes on from the loaded game, still matching the
    recording to its end."""
    data = Path(__file__).parent / "data" / "trajectories-deep.json"
    for trajectory in load_trajectories(data)[:3]:
        game = Game(deck=trajectory["deck"], stake=trajectory["stake"], seed=trajectory["seed"])
        for number, step in enumerate(trajectory["steps"], start=1):
            game.apply(action_from_step(step["action"]))
            assert first_difference(step["state"], snapshot(game)) is None, number
            if number % 25 == 0:
                loaded = _round_trip(game)
                assert loaded.to_json() == game.to_json()
                game.close()
                game = loaded
