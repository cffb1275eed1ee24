"""The Blackjack example: each rule through the public API, and properties of random play.

The main suite runs these too (tests/test_blackjack_example.py), without fixtures: keep
every test self-contained.
"""

from __future__ import annotations

import doctest
from dataclasses import replace

import balatro_blackjack
import pytest
from balatro_blackjack import Action, IllegalActionError, Rules, Table, basic_strategy
from balatro_blackjack.__main__ import main
from balatro_blackjack.cards import Points
from balatro_blackjack.state import stack
from balatro_blackjack.strategy import _decide
from hypothesis import given, settings
from hypothesis import strategies as st

from balatro_ecs.kernel.schedule import System

NO_INSURANCE = Rules(insurance=False)


def rigged(*codes: str, rules: Rules | None = None, decks: int = 6) -> Table:
    """A table whose next cards are ``codes``: player, dealer up, player, dealer hole, ..."""
    table = Table(decks, "RIGGED", rules or NO_INSURANCE)
    table.state = stack(table.state, table.env, list(codes))
    return table


def conserved(table: Table) -> bool:
    s = table.state
    return sorted(s.shoe + s.discard + s.on_table) == sorted(table.cards)


def test_cards_are_entities_and_the_round_is_a_schedule() -> None:
    table = Table(decks=2)
    assert len(table.world.query1(Points)) == 2 * 52
    assert table.schedule.names == ("deal", "peek", "player_turns", "dealer_turn", "settle")
    assert conserved(table)


def test_dealer_stands_on_soft_17_and_hits_16() -> None:
    table = rigged("10S", "AH", "7D", "6C")  # 17 against A+6
    table.apply("bet 10")
    state = table.apply("stand")
    assert len(state.dealer) == 2 and state.hands[0].outcome == "push" and state.net == 0

    table = rigged("10S", "AH", "8D", "5C", "2S")  # 18 against soft 16: the dealer hits
    table.apply("bet 10")
    state = table.apply("stand")
    assert len(state.dealer) == 3 and table.total(state.dealer) == 18 and state.net == 0

    table = rigged("10S", "10H", "8D", "6C", "5S")  # 18 against 16: hits to 21
    table.apply("bet 10")
    assert table.apply("stand").hands[0].outcome == "lose"


def test_blackjack_pays_3_to_2() -> None:
    table = rigged("AS", "9H", "KD", "7C")
    state = table.apply("bet 10")  # settled at once
    assert state.stage == "betting" and state.hands[0].outcome == "blackjack"
    assert state.net == 15 and state.bankroll == 1015
    assert rigged("AS", "9H", "KD", "7C").apply("bet 5").net == 7  # whole chips, rounded down
    assert rigged("AS", "AH", "KD", "KC").apply("bet 10").net == 0  # both: a push


def test_double_takes_one_card_for_twice_the_bet() -> None:
    table = rigged("5S", "10H", "6D", "7C", "10D", "9S")
    table.apply("bet 10")
    state = table.apply("double")
    assert len(state.hands[0].cards) == 3 and state.hands[0].bet == 20
    assert state.hands[0].outcome == "win" and state.net == 20

    table = rigged("2S", "10H", "3D", "7C", "4D")
    table.apply("bet 10")
    table.apply("hit")
    assert not table.can("double")
    with pytest.raises(IllegalActionError, match="first two cards"):
        table.apply("double")


def test_split_once_only() -> None:
    table = rigged("8S", "10H", "8D", "7C", "8H", "3C", "10S")
    table.apply("bet 10")
    state = table.apply("split")
    assert [len(h.cards) for h in state.hands] == [2, 1]  # the second hand waits its turn
    assert Action("split") not in table.legal_actions()  # 8+8 again, but only one split
    with pytest.raises(IllegalActionError, match="only once"):
        table.apply("split")
    table.apply("stand")
    state = table.apply("double")  # 8+3 doubled (double after split) draws the 10
    assert [h.outcome for h in state.hands] == ["lose", "win"] and state.net == -10 + 20

    table = rigged("KS", "10H", "QD", "7C")
    table.apply("bet 10")
    assert not table.can("split")  # same points, different ranks


def test_split_aces_get_one_card_and_21_is_not_blackjack() -> None:
    table = rigged("AS", "9H", "AD", "7C", "KH", "5C", "2D")
    table.apply("bet 10")
    state = table.apply("split")  # both hands end at once; dealer 16 draws to 18
    assert state.stage == "betting" and [len(h.cards) for h in state.hands] == [2, 2]
    assert [h.outcome for h in state.hands] == ["win", "lose"] and state.net == 0


def test_no_double_after_split_when_the_table_says_so() -> None:
    table = rigged("8S", "10H", "8D", "7C", "3H", rules=Rules(double_after_split=False))
    table.apply("bet 10")
    table.apply("split")
    assert not table.can("double") and table.can("hit")


def test_insurance_when_enabled() -> None:
    table = rigged("10S", "AH", "9D", "KC", rules=Rules(insurance=True))
    table.apply("bet 10")
    assert table.state.stage == "insurance"
    assert table.legal_actions() == [Action("insure"), Action("decline")]
    state = table.apply("insure")  # the dealer has it: insurance pays 2:1 on 5
    assert state.hands[0].outcome == "lose" and state.net == 0 and state.bankroll == 1000

    table = rigged("10S", "AH", "9D", "7C", rules=Rules(insurance=True))
    table.apply("bet 10")
    table.apply("insure")
    assert table.apply("stand").net == 10 - 5  # insurance lost, hand won

    table = rigged("10S", "AH", "9D", "7C")  # insurance off
    assert table.apply("bet 10").stage == "player" and not table.can("insure")


def test_dealer_blackjack_takes_only_the_bet() -> None:
    table = rigged("10S", "KH", "9D", "AC")
    state = table.apply("bet 10")
    assert state.stage == "betting" and state.net == -10 and len(state.hands[0].cards) == 2


def test_shoe_reshuffles_the_discard_pile_when_empty() -> None:
    table = Table(decks=1, seed="SHUFFLE")
    table.apply(basic_strategy(table))
    while table.state.stage != "betting":
        table.apply(basic_strategy(table))
    s = table.state
    last_two = s.shoe[-2:]
    table.state = replace(s, shoe=last_two, discard=s.discard + s.shoe[:-2])
    state = table.apply("bet 10")
    assert state.shuffles == 1 and state.discard == ()
    assert (state.hands[0].cards[0], state.dealer[0]) == last_two  # the old shoe first
    assert conserved(table) and len(state.shoe) == 52 - len(state.on_table)


def test_an_illegal_action_changes_nothing() -> None:
    table = Table(decks=2, seed="ILLEGAL")
    bad_bets = (Action("bet", 5000), Action("bet", 2.5))  # type: ignore[arg-type]
    for bad in ("hit", "bet 0", "bet 101", "bet x", "dance", "insure", *bad_bets):
        before = table.to_json()
        with pytest.raises(IllegalActionError):
            table.apply(bad)
        assert table.to_json() == before and not table.can(bad)


def test_the_game_ends_when_the_bankroll_is_gone() -> None:
    table = rigged("10S", "KH", "9D", "AC")
    table.state = replace(table.state, bankroll=10)
    assert table.apply("bet 10").stage == "over" and table.legal_actions() == []


def test_save_and_load_mid_round() -> None:
    table = Table(decks=2, seed="SAVE", rules=Rules(insurance=True))
    while table.state.round < 15 or table.state.stage != "betting":
        table.apply(basic_strategy(table))
    table.apply("bet 10")
    copy = Table.from_json(table.to_json())
    assert copy.to_json() == table.to_json()
    for _ in range(30):
        action = basic_strategy(table)
        table.apply(action)
        copy.apply(action)
    assert copy.to_json() == table.to_json() and copy.show() == table.show()
    with pytest.raises(ValueError):
        Table.from_json('{"format": "other"}')


def test_a_seeded_game_replays_identically() -> None:
    def play(seed: str) -> str:
        table = Table(decks=1, seed=seed)
        while table.state.round < 60:
            table.apply(basic_strategy(table))
        return table.to_json()

    assert play("SAME") == play("SAME") != play("OTHER")


def test_more_systems_join_the_schedule() -> None:
    seen: list[int] = []
    observer = System("log", "settle", lambda t: seen.append(t.state.round), after=("settle",))
    table = Table(systems=[observer])
    assert table.schedule.names[-1] == "log"
    while table.state.round < 3:
        table.apply(basic_strategy(table))
    assert seen[-1] == 3 and len(seen) == len(table.log)


def test_a_failing_system_undoes_the_action() -> None:
    def broken(table: Table) -> None:
        if table.state.stage == "settle":
            raise RuntimeError("broken")

    table = Table(seed="UNDO", systems=[System("broken", "settle", broken, before=("settle",))])
    before = table.to_json()
    while True:
        try:
            table.apply(basic_strategy(table))
        except RuntimeError:
            break
        before = table.to_json()
    assert table.to_json() == before


def test_basic_strategy_spot_checks() -> None:
    assert _decide(16, False, 10, None) == "hit" and _decide(16, False, 6, None) == "stand"
    assert _decide(11, False, 6, None) == "double" and _decide(11, False, 11, None) == "hit"
    assert _decide(18, True, 9, None) == "hit" and _decide(18, True, 7, None) == "stand"
    assert _decide(16, False, 10, 8) == "split" and _decide(20, False, 6, 10) == "stand"


def test_terminal_modes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "3", "--seed", "TERM"]) == 0
    assert "after 3 rounds" in capsys.readouterr().out
    answers = iter(["bet 10", "nonsense", "stand", "hit", "stand"])
    main(["--play", "--hands", "1", "--seed", "TERM"], ask=lambda _: next(answers))
    out = capsys.readouterr().out
    assert "unknown action 'nonsense'" in out and "after 1 rounds" in out


def test_docstrings() -> None:
    for module in (balatro_blackjack, balatro_blackjack.table):
        assert doctest.testmod(module).failed == 0


SEEDS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=8)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, decks=st.integers(1, 2), insurance=st.booleans(), data=st.data())
def test_random_play_conserves_cards_and_money(
    seed: str, decks: int, insurance: bool, data: st.DataObject
) -> None:
    rules = Rules(insurance=insurance, max_bet=40)
    table, settled = Table(decks, seed, rules, bankroll=300), 0
    for _ in range(80):
        actions = table.legal_actions()
        if not actions:
            break
        before = table.state
        table.apply(data.draw(st.sampled_from(actions)))
        state = table.state
        assert conserved(table)  # shoe + hands + discard = N x 52, each card once
        if state.round > before.round:
            settled += state.net
        assert state.bankroll + state.at_risk == 300 + settled  # only settled bets move it
        assert state.bankroll >= 0
    replay = Table(decks, seed, rules, bankroll=300)
    for action in table.log:
        replay.apply(action)
    assert replay.to_json() == table.to_json()
