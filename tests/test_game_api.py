"""The game API: construction, legal actions and the mask, checks, typed errors that leave
the game unchanged, clone, save/load, replay and the log."""

from __future__ import annotations

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import (
    ACTION_SPACE,
    Buy,
    CashOut,
    Discard,
    Endless,
    EndShop,
    Outcome,
    Play,
    RerollBoss,
    SelectBlind,
    Sell,
    SkipBlind,
    action_from_dict,
    parse_action,
)
from balatro_ecs.game.run.save import dumps, to_data
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import BalatroError, IllegalActionError, UnknownNameError
from balatro_ecs.tools.policies import GreedyPolicy
from balatro_ecs.tools.testing.runs import hold, play_blind


def win_small_blind(game: Game) -> None:
    """Select the Small Blind and win it with a lot of chips from a joker row."""
    game.add_joker("j_stuntman")  # +250 chips, -2 hand size
    play_blind(game)
    greedy = GreedyPolicy()
    while game.phase is Phase.ROUND:
        game.apply(greedy.choose(game))
    assert game.phase is Phase.CASH_OUT


# -- construction ------------------------------------------------------------------------


def test_a_new_game_waits_at_blind_select_with_the_first_blinds_drawn() -> None:
    game = Game(seed="API00001")
    assert game.phase is Phase.BLIND_SELECT
    assert game.run.ante == 1 and game.run.dollars == 4
    assert len(game.playing_cards) == 52
    assert game.run.boss.startswith("bl_")
    assert set(game.run.tags_offered) == {"Small", "Big"}
    assert game.legal_actions() == [SelectBlind(), SkipBlind()]


def test_unknown_deck_and_stake_are_named_with_suggestions() -> None:
    with pytest.raises(UnknownNameError, match="Red Deck"):
        Game(deck="Redd Deck", seed="X")
    with pytest.raises(UnknownNameError, match="stake"):
        Game(stake=9, seed="X")
    assert Game(stake="gold", seed="X").run.stake == 8
    assert Game(stake="3", seed="X").stake is not None


def test_omitting_the_seed_draws_a_fresh_one_in_the_games_alphabet() -> None:
    seed = Game().seed
    assert len(seed) == 8 and "0" not in seed and "O" not in seed


def test_games_in_one_process_do_not_share_state() -> None:
    one, two = Game(seed="SAME"), Game(seed="SAME")
    play_blind(one)
    assert two.phase is Phase.BLIND_SELECT
    assert len(two.hand) == 0 and len(one.hand) == 8


# -- legality ----------------------------------------------------------------------------


def test_the_mask_has_a_fixed_size_and_marks_exactly_the_legal_actions() -> None:
    game = Game(seed="MASK0001")
    play_blind(game)
    mask = game.action_mask()
    assert len(mask) == ACTION_SPACE.size == 1336
    marked = [a for a, ok in zip(ACTION_SPACE.actions, mask, strict=True) if ok]
    legal = [a for a in game.legal_actions() if ACTION_SPACE.encode(a) is not None]
    assert sorted(map(repr, marked)) == sorted(map(repr, legal))
    assert sum(isinstance(a, Play) for a in marked) == 218  # 1-5 of 8 cards


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Play(()), "play"),
        (Play((0, 1, 2, 3, 4, 5)), "play"),
        (Play((11,)), "card 12"),
        (Buy(0), "shop"),
        (CashOut(), "cash"),
        (Sell("jokers", 0), "joker"),
        (RerollBoss(), "blind select"),
    ],
)
def test_an_illegal_action_raises_a_typed_error_and_changes_nothing(
    action: object, message: str
) -> None:
    game = Game(seed="ILLEGAL1")
    play_blind(game)
    before, logged = dumps(game), len(game.log)
    assert not game.can(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=message):
        game.apply(action)  # type: ignore[arg-type]
    assert dumps(game) == before
    assert len(game.log) == logged


def test_discards_run_out() -> None:
    game = Game(seed="DISCARD1")
    play_blind(game)
    for _ in range(game.run.discards_left):
        game.apply(Discard((0,)))
    assert game.run.discards_left == 0
    with pytest.raises(IllegalActionError, match="no discards left"):
        game.verify(Discard((0,)))


def test_verify_is_side_effect_free() -> None:
    game = Game(seed="VERIFY01")
    play_blind(game)
    before = dumps(game)
    for action in game.legal_actions():
        game.verify(action)
    assert dumps(game) == before


# -- clone, save, load, replay -------------------------------------------------------------


def test_clone_is_independent_and_equal() -> None:
    game = Game(seed="CLONE001")
    play_blind(game)
    copy = game.clone()
    assert dumps(copy) == dumps(game)
    copy.apply(Play((0,)))
    assert game.run.hands_left == copy.run.hands_left + 1
    assert len(game.log) == len(copy.log) - 1


def test_a_save_round_trips_byte_for_byte_and_plays_on_identically() -> None:
    game = Game(deck="Yellow Deck", stake=2, seed="SAVE0001")
    win_small_blind(game)
    game.apply(CashOut())
    text = dumps(game)
    loaded = Game.from_json(text)
    assert dumps(loaded) == text
    game.apply(EndShop())
    loaded.apply(EndShop())
    assert dumps(loaded) == dumps(game)


def test_a_save_records_its_plugins_and_versions() -> None:
    data = to_data(Game(seed="PLUGINS1"))
    assert data["format"] == "balatro_ecs.save/1"
    assert "balatro-ecs" in data["plugins"]


def test_loading_a_save_that_needs_a_missing_plugin_names_it() -> None:
    game = Game(seed="MISSING1")
    game.add_joker("j_blueprint")
    text = dumps(game)
    with pytest.raises(BalatroError, match="j_blueprint"):
        Game.from_json(text, Plugins(block=["j_blueprint"]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "malformed JSON"),
        ('{"format": "something else"}', "not a balatro_ecs save"),
        ("[1, 2]", "not a balatro_ecs save"),
        ('{"format": "balatro_ecs.save/1"}', "damaged save"),
    ],
)
def test_bad_saves_give_clear_errors(text: str, message: str) -> None:
    with pytest.raises(BalatroError, match=message):
        Game.from_json(text)


def test_replay_rebuilds_the_same_game_from_seed_and_actions() -> None:
    game = Game(seed="REPLAY02")
    win_small_blind(game)
    actions = [outcome.action for outcome in game.log]
    again = Game.replay(actions, seed="REPLAY02")
    # the jokers were added outside the action log, so the replay lacks them
    assert [o.action for o in again.log] == actions
    plain = Game(seed="REPLAY03")
    play_blind(plain)
    plain.apply(Discard((0, 1)))
    plain.apply(Play((0, 1, 2)))
    assert Game.replay([o.action for o in plain.log], seed="REPLAY03").to_json() == plain.to_json()


def test_the_log_records_every_applied_action_with_what_it_did() -> None:
    game = Game(seed="LOG00001")
    play_blind(game)
    hold(game, "KH", "KS", "2C", "3D", "4S", "5H", "7C", "9D")
    outcome = game.apply(Play((0, 1)))
    assert game.log[-1] is outcome
    assert outcome.phase_before == "round"
    assert outcome.score is not None and outcome.score.hand_name == "Pair"
    assert [o.action.text() for o in game.log] == ["select", "play 1 2"]


def test_an_applied_outcome_is_the_dataclass_its_fields_make() -> None:
    # apply makes its Outcome with the fields' dict given at once (Outcome._made), not
    # through the frozen dataclass's __init__: the same value, as frozen, copied and
    # pickled the same way.
    import copy
    import dataclasses
    import pickle

    game = Game(seed="LOG00001")
    made = game.apply(SelectBlind())
    plain = Outcome(**{f.name: getattr(made, f.name) for f in dataclasses.fields(Outcome)})
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert vars(made) == vars(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.dollars_after = 0  # type: ignore[misc]
    assert copy.copy(made) == made
    assert pickle.loads(pickle.dumps(made)) == made


# -- action spelling -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["play 1 3 4", "discard 2", "buy 1", "sell j2", "sell c1", "use 1 2 3", "next"]
)
def test_actions_round_trip_through_text_and_dicts(text: str) -> None:
    action = parse_action(text)
    assert parse_action(action.text()) == action
    assert action_from_dict(action.to_dict()) == action


def test_a_bad_command_names_the_problem() -> None:
    with pytest.raises(UnknownNameError, match="discard"):
        parse_action("dsicard 1")
    with pytest.raises(BalatroError, match="bad arguments"):
        parse_action("buy x")


# -- endless ----------------------------------------------------------------------------------


def test_beating_the_ante_8_boss_wins_and_play_can_go_on_into_endless() -> None:
    game = Game(seed="ENDLESS1")
    game.run.ante = 8
    game.add_joker("j_cavendish", state={"extra": {"Xmult": 10**6, "odds": 10**9}})
    play_blind(game, "Amber Acorn")
    while game.phase is Phase.ROUND:
        game.apply(Play((0, 1, 2, 3, 4)))
    assert game.run.won
    assert game.run.ante == 9
    # the win screen: Endless Mode is the only button until it is pressed
    assert game.run.win_screen and game.phase is Phase.CASH_OUT
    assert game.legal_actions() == [Endless()]
    assert [i for i, on in enumerate(game.action_mask()) if on] == [ACTION_SPACE.endless]
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="win screen"):
        game.apply(CashOut())
    assert game.to_json() == before
    assert Game.from_json(dumps(game)).run.win_screen  # a save keeps the screen up
    game.apply(Endless())
    assert not game.run.win_screen and game.run.won and game.phase is Phase.CASH_OUT
    assert not game.can(Endless())
    game.apply(CashOut())
    game.apply(EndShop())
    play_blind(game)
    assert game.run.blind_chips == 110_000  # rules.toml computed_scaling_1_antes_9_to_16[0]


@pytest.mark.parametrize("scaling", [1, 2, 3])
def test_endless_blind_sizes_are_computed_in_doubles_as_the_game_does(scaling: int) -> None:
    import math

    from balatro_ecs import reference
    from balatro_ecs.game.run.blinds import blind_amount

    a = float(reference.table("rules")["ante_base_chips"][f"scaling_{scaling}"][7])
    for ante in range(9, 31):
        c = float(ante - 8)
        amount = float(math.floor(a * (1.6 + (0.75 * c) ** (1 + 0.2 * c)) ** c))
        step = 10.0 ** math.floor(math.log10(amount) - 1)
        amount = amount - (amount - math.floor(amount / step) * step)  # Lua's % on doubles
        got = blind_amount(ante, scaling)
        assert float(got) == amount, ante  # to the last bit, past 2^53 too (ante 18 on)
        assert got == amount and (type(got) is int) == (amount < 2**53)


@pytest.mark.parametrize("scaling", [1, 2, 3])
def test_endless_blind_sizes_match_the_games_computed_table(scaling: int) -> None:
    from balatro_ecs.game.run.blinds import blind_amount
    from balatro_ecs_vanilla import reference

    expected = reference.table("rules")["ante_base_chips"][
        f"computed_scaling_{scaling}_antes_9_to_16"
    ]
    got = [blind_amount(ante, scaling) for ante in range(9, 17)]
    assert got == pytest.approx(expected, rel=1e-12)
