"""Balatro Poker, the two-player duel: every rule through the public API (docs/duel.md)."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import score
from balatro_ecs.duel import (
    ACTION_SPACE,
    TIME_LIMITS,
    AllIn,
    Buy,
    Check,
    Discard,
    Duel,
    DuelAction,
    Fold,
    HeuristicDuelPolicy,
    Keep,
    MoveJoker,
    NoHand,
    Pass,
    Phase,
    Raise,
    RandomDuelPolicy,
    Reveal,
    Sell,
    action_from_dict,
    parse_action,
    play_duel,
)
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import ConsumableType, JokerType
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.kernel.errors import BalatroError, IllegalActionError

ROOT = Path(__file__).resolve().parent.parent
FIVE = Keep((0, 1, 2, 3, 4))


# -- helpers: play parts of a round through the public API -------------------------------------


def keep_both(duel: Duel, discards: dict[int, tuple[int, ...]] | None = None) -> None:
    """Each player discards (if asked), then keeps the first five cards (or has no hand)."""
    for p in (0, 1):
        if discards and p in discards:
            duel.apply(p, Discard(discards[p]))
        duel.apply(p, FIVE if len(duel.hand(p)) >= 5 else NoHand())


def reveal_both(duel: Duel) -> None:
    while duel.phase is Phase.REVEAL:
        (p,) = duel.to_act
        duel.apply(p, duel.legal_actions(p)[0])


def fold_round(duel: Duel, loser: int, discards: dict[int, tuple[int, ...]] | None = None) -> None:
    """A whole round: hands kept, ``loser`` folds at the first bet, both pass in the shop."""
    keep_both(duel, discards)
    reveal_both(duel)
    if duel.phase is Phase.GAMBLE:
        if duel.to_act != (loser,):
            duel.apply(1 - loser, Check())
        duel.apply(loser, Fold())
    pass_shop(duel)


def pass_shop(duel: Duel) -> None:
    while duel.phase is Phase.SHOP:
        (p,) = duel.to_act
        duel.apply(p, Pass())


def to_shop(seed: str, loser: int = 0) -> Duel:
    duel = Duel(seed)
    keep_both(duel)
    reveal_both(duel)
    if duel.to_act != (loser,):
        duel.apply(1 - loser, Check())
    duel.apply(loser, Fold())
    assert duel.phase is Phase.SHOP
    return duel


def unchanged(duel: Duel, player: int, action: DuelAction, match: str) -> None:
    """The action is refused with a message matching ``match``, and nothing changes."""
    before = duel.to_json()
    assert not duel.can(player, action)
    with pytest.raises(IllegalActionError, match=match):
        duel.apply(player, action)
    assert duel.to_json() == before


# -- setup -------------------------------------------------------------------------------------


def test_each_player_starts_with_50_chips_4_dollars_and_their_own_deck() -> None:
    duel = Duel("SETUP001")
    assert duel.chips == (50, 50)
    assert duel.dollars == (4, 4)
    assert duel.phase is Phase.HAND and duel.round == 1
    assert duel.to_act == (0, 1)  # the hand phase is simultaneous
    for p in (0, 1):
        game = duel.game(p)
        assert len(game.playing_cards) == 52
        assert len({c.label for c in game.playing_cards}) == 52
        assert len(duel.hand(p)) == 8 and duel.deck_size(p) == 44
    assert duel.game(0) is not duel.game(1)
    assert [c.label for c in duel.hand(0)] != [c.label for c in duel.hand(1)]


def test_first_bettor_must_be_a_player() -> None:
    with pytest.raises(BalatroError, match="first_bettor"):
        Duel("SETUP002", first_bettor=2)


# -- the hand phase ----------------------------------------------------------------------------


def test_one_discard_of_up_to_five_cards_per_hand_phase() -> None:
    duel = Duel("DISCARD1")
    thrown = [duel.hand(0)[i].label for i in (0, 3, 7)]
    outcome = duel.apply(0, Discard((7, 0, 3)))
    assert outcome.messages == ("Player 1 discards 3 cards and draws 3.",)
    assert len(duel.hand(0)) == 8 and duel.deck_size(0) == 41 and duel.discard_size(0) == 3
    assert not set(thrown) & {c.label for c in duel.hand(0)}
    unchanged(duel, 0, Discard((0,)), "once per hand phase")
    assert not any(isinstance(a, Discard) for a in duel.legal_actions(0))
    unchanged(duel, 1, Discard((0, 1, 2, 3, 4, 5)), "1 to 5 cards, got 6")
    unchanged(duel, 1, Discard(()), "1 to 5 cards, got 0")
    unchanged(duel, 1, Discard((2, 2)), "named twice")
    unchanged(duel, 1, Discard((8,)), "no card 9 in hand")
    duel.apply(1, Discard((0, 1, 2, 3, 4)))  # the other player's discard is their own
    assert duel.deck_size(1) == 39


def test_keep_forms_a_five_card_hand_and_sets_the_rest_aside() -> None:
    duel = Duel("KEEP0001")
    kept = [duel.hand(0)[i].label for i in (1, 2, 4, 6, 7)]
    unchanged(duel, 0, Keep((0, 1, 2, 3)), "a hand is 5 cards, got 4")
    unchanged(duel, 0, NoHand(), "can form a hand")
    duel.apply(0, Keep((7, 6, 4, 2, 1)))
    assert [c.label for c in duel.hand(0)] == kept
    assert duel.discard_size(0) == 3
    assert duel.to_act == (1,)
    unchanged(duel, 0, Discard((0,)), "formed their hand already")


def test_the_deck_is_reshuffled_only_when_empty_and_only_at_the_end_of_a_hand_phase() -> None:
    duel = Duel("RESHUF01")
    # Player 1 draws 13 cards in round 1 (8 and 5 after a discard), 9 in round 2, 8 after.
    fold_round(duel, loser=1, discards={0: (0, 1, 2, 3, 4)})
    # 13 drawn and set aside, 8 more drawn for round 2: no reshuffle, the deck was not empty.
    assert duel.discard_size(0) == 13 and duel.deck_size(0) == 52 - 13 - 8
    fold_round(duel, loser=1, discards={0: (0,)})
    for _ in range(3):
        fold_round(duel, loser=1)
    # Round 6: 6 cards were left, so the hand is those 6 and the deck is empty.
    assert duel.round == 6
    assert len(duel.hand(0)) == 6 and duel.deck_size(0) == 0
    assert duel.discard_size(0) == 46  # no reshuffle at the start of the hand phase
    outcome = duel.apply(0, Discard((5,)))  # a discard now draws nothing
    assert "draws 0" in outcome.messages[0]
    assert len(duel.hand(0)) == 5 and duel.deck_size(0) == 0
    duel.apply(0, FIVE)
    assert duel.deck_size(0) == 0  # still the hand phase: player 2 has not kept yet
    outcome = duel.apply(1, FIVE)
    assert "Player 1's deck is reshuffled (47 cards)." in outcome.messages
    assert duel.deck_size(0) == 47 and duel.discard_size(0) == 0
    assert len(duel.hand(0)) == 5  # the kept hand stays out of the new deck
    # Player 2 drew 8 a round: 4 cards left, not empty, so no reshuffle.
    assert duel.deck_size(1) == 4 and duel.discard_size(1) == 43


def test_without_a_five_card_hand_a_player_loses_the_betting_phase_automatically() -> None:
    duel = Duel("NOHAND01")
    # Player 1 never discards: 6 rounds of 8 cards leave 4 for round 7.
    fold_round(duel, loser=0, discards={1: (0, 1, 2, 3, 4)})
    for _ in range(5):
        fold_round(duel, loser=0)
    assert duel.round == 7 and len(duel.hand(0)) == 4
    assert NoHand() in duel.legal_actions(0)
    assert not any(isinstance(a, Keep) for a in duel.legal_actions(0))
    unchanged(duel, 0, FIVE, "no card 5 in hand")
    assert duel.timeout_action(0) == NoHand()
    chips, dollars = duel.chips, duel.dollars
    duel.apply(0, NoHand())
    duel.apply(1, FIVE)
    assert duel.phase is Phase.SHOP  # no reveal, no gamble
    last = duel.last
    assert last is not None and last["how"] == "no hand" and last["winner"] == 1
    assert duel.chips == (chips[0] - 2, chips[1] + 2)
    assert duel.dollars == (dollars[0], dollars[1] + 1)  # $1 per 2 chips, $1 per 5


def test_jokers_are_rearranged_in_the_hand_phase_only() -> None:
    duel = Duel("MOVE0001")
    game = duel.game(0)
    game.add_joker("Joker")
    game.add_joker("Blueprint")
    assert MoveJoker(0, 1) in duel.legal_actions(0)
    duel.apply(0, MoveJoker(1, 0))
    assert [j.name for j in duel.jokers(0)] == ["Blueprint", "Joker"]
    unchanged(duel, 0, MoveJoker(0, 2), "no joker slot 3")
    keep_both(duel)
    unchanged(duel, 0, MoveJoker(0, 1), "not in the reveal phase")


# -- betting -----------------------------------------------------------------------------------


def test_both_players_ante_two_chips_then_the_first_bettor_reveals() -> None:
    duel = Duel("ANTE0001", first_bettor=1)
    keep_both(duel)
    assert duel.chips == (48, 48) and duel.bets == (2, 2) and duel.pot == 4
    assert duel.phase is Phase.REVEAL and duel.to_act == (1,)


def test_reveal_and_gamble_three_times_then_the_showdown_scores_with_the_engine() -> None:
    duel = Duel("SHOWDOWN", first_bettor=1)
    keep_both(duel)
    hands = [[c.spec().to_dict() for c in duel.hand(p)] for p in (0, 1)]
    unchanged(duel, 0, Reveal(0), "Player 2's turn")
    for rnd in (1, 2, 3):
        assert duel.phase is Phase.REVEAL and duel.state.reveal_round == rnd
        duel.apply(1, Reveal(rnd))
        duel.apply(0, Reveal(rnd - 1))
        assert len(duel.revealed(0)) == len(duel.revealed(1)) == rnd
        view = duel.view(0)
        assert view["opponent"]["revealed"] == [c.label for c in duel.revealed(1)]
        assert "hand" not in view["opponent"]
        assert duel.phase is Phase.GAMBLE and duel.to_act == (1,)
        unchanged(duel, 1, Reveal(0), "not in the gamble phase")
        duel.apply(1, Check())
        assert duel.to_act == (0,)
        duel.apply(0, Check())
    assert duel.phase is Phase.SHOP
    last = duel.last
    assert last is not None and last["how"] == "showdown"
    scores = []
    for p in (0, 1):
        expected = score({"played": hands[p]})  # the engine's own one-call scorer
        shown = last["hands"][p]
        assert (shown["hand_name"], shown["score"]) == (expected.hand_name, expected.score)
        scores.append(expected.score)
    assert scores[0] != scores[1]
    winner = 0 if scores[0] > scores[1] else 1
    assert last["winner"] == winner
    assert duel.chips[winner] == 52 and duel.chips[1 - winner] == 48


def test_raising_goes_on_until_both_agree_on_an_amount() -> None:
    duel = Duel("RAISE001")
    keep_both(duel)
    reveal_both(duel)
    unchanged(duel, 0, Raise(0), "1 to 48 chips, not 0")
    unchanged(duel, 0, Raise(49), "1 to 48 chips, not 49")
    duel.apply(0, Raise(3))
    assert duel.bets == (5, 2) and duel.to_act == (1,) and duel.to_call(1) == 3
    duel.apply(1, Raise(4))  # calls 3, raises 4 more
    assert duel.bets == (5, 9) and duel.to_act == (0,) and duel.to_call(0) == 4
    outcome = duel.apply(0, Check())  # calls: both agree
    assert outcome.messages == ("Player 1 calls 4.",)
    assert duel.bets == (9, 9) and duel.chips == (41, 41)
    assert duel.phase is Phase.REVEAL and duel.state.reveal_round == 2


def test_a_raise_can_be_at_most_what_the_opponent_can_match() -> None:
    duel = Duel("ALLIN001")
    keep_both(duel)
    reveal_both(duel)
    assert duel.max_raise(0) == 48
    duel.apply(0, AllIn())
    assert duel.chips == (0, 48) and duel.max_raise(1) == 0
    assert Raise(1) not in duel.legal_actions(1)
    unchanged(duel, 1, AllIn(), "no raise is possible")


def test_a_fold_gives_the_pot_to_the_opponent() -> None:
    duel = Duel("FOLD0001")
    keep_both(duel)
    reveal_both(duel)
    duel.apply(0, Raise(6))
    duel.apply(1, Fold())
    last = duel.last
    assert last is not None and (last["how"], last["winner"], last["folded"]) == ("fold", 0, 1)
    assert last["bets"] == [8, 2] and last["chips_won"] == [2, -2]
    assert duel.chips == (52, 48)
    assert duel.phase is Phase.SHOP


def test_payouts_winner_one_dollar_per_two_chips_loser_one_per_five() -> None:
    duel = Duel("PAYOUT01")
    keep_both(duel)
    reveal_both(duel)
    duel.apply(0, Raise(8))  # 10 chips in
    duel.apply(1, Check())  # 10 chips in
    reveal_both(duel)
    duel.apply(0, Check())
    duel.apply(1, Fold())
    assert duel.chips == (60, 40)
    assert duel.dollars == (4 + 5, 4 + 2)


def test_after_the_first_betting_phase_its_winner_bets_first() -> None:
    duel = Duel("ORDER001", first_bettor=0)
    fold_round(duel, loser=0)
    keep_both(duel)
    assert duel.to_act == (1,) and duel.state.first == 1


# -- the shop ----------------------------------------------------------------------------------


def test_the_loser_shops_first_then_the_winner() -> None:
    duel = to_shop("SHOPORD1", loser=1)
    assert duel.to_act == (1,)
    unchanged(duel, 0, Pass(), "Player 2's turn")
    duel.apply(1, Pass())
    assert duel.to_act == (0,)
    duel.apply(0, Pass())
    assert duel.phase is Phase.HAND and duel.round == 2 and duel.to_act == (0, 1)


def test_three_seeded_items_from_the_engines_pools_jokers_first() -> None:
    kinds = set()
    for i in range(6):
        duel = to_shop(f"POOLS{i:03d}")
        offers = [o for o in duel.offers if o is not None]
        assert len(offers) == 3 and len({o.key for o in offers}) == 3
        assert [o.kind for o in offers] == sorted((o.kind for o in offers), key="joker".__ne__)
        for offer in offers:
            kinds.add(offer.kind)
            family = JokerType if offer.kind == "joker" else ConsumableType
            content = duel.plugins.find(family, offer.key)
            assert content.name == offer.name and offer.cost >= 1
            if offer.kind == "planet":
                assert content.set == "Planet"
        again = to_shop(f"POOLS{i:03d}")
        assert again.offers == duel.offers
    assert kinds == {"joker", "planet"}


def test_buying_a_joker_spends_money_and_ends_the_turn() -> None:
    duel = to_shop("BUYJOKER", loser=0)
    duel.game(0).earn(30)
    slot = next(i for i, o in enumerate(duel.offers) if o is not None and o.kind == "joker")
    offer = duel.offers[slot]
    assert offer is not None
    before = duel.dollars[0]
    duel.apply(0, Buy(slot))
    assert [j.key for j in duel.jokers(0)] == [offer.key]
    assert duel.dollars[0] == before - offer.cost
    assert duel.offers[slot] is None and duel.to_act == (1,)
    unchanged(duel, 1, Buy(slot), "sold already")


def test_buying_needs_the_money() -> None:
    duel = to_shop("NOMONEY1", loser=0)
    duel.game(0).earn(-duel.dollars[0])
    unchanged(duel, 0, Buy(0), r"costs \$\d+, Player 1 has \$0")
    assert duel.legal_actions(0)[0] == Pass()


def test_a_planet_is_used_when_bought() -> None:
    for i in range(40):
        duel = to_shop(f"PLANET{i:02d}", loser=0)
        slots = [j for j, o in enumerate(duel.offers) if o is not None and o.kind == "planet"]
        if slots:
            break
    else:  # pragma: no cover - the 40 seeds are fixed
        pytest.fail("no Planet offered")
    offer = duel.offers[slots[0]]
    assert offer is not None
    hand = HandType.from_name(duel.plugins.find(ConsumableType, offer.key).hand or "")
    duel.game(0).earn(10)
    duel.apply(0, Buy(slots[0]))
    assert duel.game(0).run.hands[hand].level == 2
    assert duel.game(1).run.hands[hand].level == 1
    assert not duel.jokers(0) and not duel.game(0).consumables


def test_at_most_five_jokers_and_selling_one_gives_no_money() -> None:
    duel = to_shop("JOKERCAP", loser=0)
    game = duel.game(0)
    for name in ("Joker", "Greedy Joker", "Lusty Joker", "Wrathful Joker", "Gluttonous Joker"):
        game.add_joker(name)
    game.earn(50)
    slot = next(i for i, o in enumerate(duel.offers) if o is not None and o.kind == "joker")
    unchanged(duel, 0, Buy(slot), "has 5 jokers: sell one first")
    money = duel.dollars[0]
    outcome = duel.apply(0, Sell(0))
    assert outcome.messages == ("Player 1 sells Joker for nothing.",)
    assert duel.dollars[0] == money and len(duel.jokers(0)) == 4
    assert duel.to_act == (0,)  # selling does not end the turn
    duel.apply(0, Buy(slot))
    assert len(duel.jokers(0)) == 5


def test_every_tenth_round_ten_chips_each_become_five_dollars() -> None:
    duel = Duel("CONFISC1")
    for rnd in range(1, 11):
        assert duel.round == rnd
        keep_both(duel)
        reveal_both(duel)
        if duel.phase is Phase.GAMBLE:
            if duel.to_act != (1,):
                duel.apply(0, Check())
            duel.apply(1, Fold())
        chips, dollars = duel.chips, duel.dollars
        pass_shop(duel)
        if rnd < 10:  # nothing is taken before the tenth round ends
            assert (duel.chips, duel.dollars) == (chips, dollars)
    assert duel.round == 11
    assert duel.chips == (chips[0] - 10, chips[1] - 10)
    assert duel.dollars == (dollars[0] + 5, dollars[1] + 5)


def test_confiscation_never_takes_a_players_last_chip() -> None:
    duel = Duel("CONFISC2")
    for _ in range(9):
        fold_round(duel, loser=1)
    duel.state.chips = [94, 6]  # as if player 2 had lost more
    fold_round(duel, loser=1)
    assert duel.chips == (86, 1)
    assert not duel.over


def test_reducing_the_opponent_to_zero_chips_wins_the_duel() -> None:
    duel = Duel("WINZERO1")
    keep_both(duel)
    reveal_both(duel)
    duel.apply(0, AllIn())
    duel.apply(1, Check())  # both all in: straight to the showdown
    assert duel.state.reveal_round == 1
    assert duel.over and duel.phase is Phase.OVER
    winner = duel.winner
    assert winner is not None
    assert duel.chips[1 - winner] == 0 and duel.chips[winner] == 100
    assert duel.to_act == () and duel.legal_actions(0) == duel.legal_actions(1) == []
    unchanged(duel, 0, Pass(), "the duel is over")


# -- timeouts ----------------------------------------------------------------------------------


def test_time_limits_and_the_default_actions_a_driver_applies() -> None:
    assert TIME_LIMITS == {"hand": 180, "reveal": 60, "gamble": 60, "shop": 90}
    duel = Duel("TIMEOUT1")
    before = duel.to_json()
    default = duel.timeout_action(0)
    assert isinstance(default, Keep) and len(default.cards) == 5
    assert duel.timeout_action(0) == default and duel.to_json() == before  # changes nothing
    duel.timeout(0)
    assert duel.log[-1] == (0, default)
    duel.timeout(1)
    assert duel.phase is Phase.REVEAL
    (p,) = duel.to_act
    reveal = duel.timeout_action(p)
    assert isinstance(reveal, Reveal) and duel.can(p, reveal)
    duel.timeout(p)
    duel.timeout(1 - p)
    assert duel.phase is Phase.GAMBLE
    (p,) = duel.to_act
    assert duel.timeout_action(p) == Fold()
    duel.timeout(p)
    assert duel.last is not None and duel.last["folded"] == p
    (q,) = duel.to_act
    assert duel.timeout_action(q) == Pass()
    with pytest.raises(IllegalActionError, match="nothing to decide"):
        duel.timeout(1 - q)


def test_timeouts_are_seeded() -> None:
    a, b = Duel("TIMEOUT2"), Duel("TIMEOUT2")
    for duel in (a, b):
        for _ in range(40):
            if duel.over:
                break
            duel.timeout(duel.to_act[0])
    assert a.to_json() == b.to_json()


# -- the API: errors, determinism, saves -------------------------------------------------------


def test_an_illegal_action_says_why_and_changes_nothing() -> None:
    duel = Duel("ILLEGAL1")
    unchanged(duel, 0, Reveal(0), "not in the hand phase")
    unchanged(duel, 0, Fold(), "not in the hand phase")
    unchanged(duel, 0, Sell(0), "not in the hand phase")
    unchanged(duel, 0, MoveJoker(0, 1), "no joker slot 1")
    unchanged(duel, 2, FIVE, "player: 0 or 1")
    keep_both(duel)
    unchanged(duel, 0, Reveal(5), "no card 6")
    duel.apply(0, Reveal(2))
    unchanged(duel, 0, Reveal(3), "Player 2's turn")
    duel.apply(1, Reveal(0))
    duel.apply(0, Check())
    duel.apply(1, Check())
    unchanged(duel, 0, Reveal(2), "card 3 is shown already")


def test_a_failure_part_way_leaves_the_duel_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    duel = Duel("ATOMIC01")
    duel.apply(0, Discard((0, 1)))
    duel.apply(0, FIVE)
    before = duel.to_json()

    def broken(ctx: Any) -> None:
        raise RuntimeError("a system failed")

    from balatro_ecs.duel import core
    from balatro_ecs.kernel.schedule import Schedule, System

    schedule = core.duel_schedule("hand_end")
    failing = System("hand_end:broken", "open", broken)
    replaced = Schedule(schedule.phases, (*schedule.systems[:2], failing))
    monkeypatch.setitem(core._SCHEDULES, "hand_end", replaced)
    with pytest.raises(RuntimeError, match="a system failed"):
        duel.apply(1, FIVE)  # cards moved, antes paid, then the failure
    assert duel.to_json() == before


def test_legal_actions_and_the_fixed_action_space_agree() -> None:
    assert len(ACTION_SPACE) == 318
    assert len(set(ACTION_SPACE.actions)) == len(ACTION_SPACE)
    duel = Duel("MASK0001")
    policy = RandomDuelPolicy("MASK")
    for _ in range(60):
        if duel.over:
            break
        for p in (0, 1):
            legal = duel.legal_actions(p)
            mask = duel.action_mask(p)
            assert len(mask) == len(ACTION_SPACE)
            for action, allowed in zip(ACTION_SPACE.actions, mask, strict=True):
                assert allowed == (action in legal) == duel.can(p, action)
            assert all(duel.can(p, a) for a in legal)
        p = duel.to_act[0]
        duel.apply(p, policy.choose(duel, p))


def test_actions_read_back_from_their_text_and_their_dicts() -> None:
    for action in (*ACTION_SPACE.actions, Raise(37)):
        assert parse_action(action.text()) == action
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert parse_action("call") == Check()
    with pytest.raises(IllegalActionError, match="unknown action 'bet'"):
        parse_action("bet 3")
    with pytest.raises(IllegalActionError, match="raise: say by how many"):
        parse_action("raise")


def _policy_duel(seed: str) -> Duel:
    duel = Duel(seed, first_bettor=1)
    return play_duel(duel, [HeuristicDuelPolicy(f"{seed}-a"), RandomDuelPolicy(f"{seed}-b")])


def test_a_seeded_duel_between_built_in_policies_replays_byte_identically() -> None:
    first, second = _policy_duel("REPLAY01"), _policy_duel("REPLAY01")
    assert first.over and first.winner is not None
    assert first.to_json() == second.to_json()
    again = Duel.replay(first.log, seed="REPLAY01", first_bettor=1)
    assert again.to_json() == first.to_json()
    assert _policy_duel("REPLAY02").to_json() != first.to_json()


def test_save_and_load_round_trip_and_play_on_the_same() -> None:
    duel = Duel("SAVELOAD")
    duel.game(0).add_joker("Joker")
    policies = [HeuristicDuelPolicy("S0"), RandomDuelPolicy("S1")]
    for _ in range(30):
        p = duel.to_act[0]
        duel.apply(p, policies[p].choose(duel, p))
    text = duel.to_json()
    loaded = Duel.from_json(text)
    assert loaded.to_json() == text
    assert loaded.view(0) == duel.view(0) and loaded.view(1) == duel.view(1)
    finished = []
    for copy in (duel, loaded):
        play_duel(copy, [HeuristicDuelPolicy("T0"), RandomDuelPolicy("T1")])
        finished.append(copy.to_json())
    assert finished[0] == finished[1]
    with pytest.raises(BalatroError, match="format"):
        Duel.from_json(json.dumps({"format": "other"}))


def test_a_clone_is_independent() -> None:
    duel = Duel("CLONE001")
    twin = duel.clone()
    assert twin.to_json() == duel.to_json()
    twin.apply(0, Discard((0,)))
    assert twin.to_json() != duel.to_json()
    assert len(duel.log) == 0


def test_a_players_view_hides_the_opponents_unrevealed_cards() -> None:
    duel = Duel("HIDDEN01")
    keep_both(duel)
    before = duel.view(0)
    game = duel.game(1)
    hidden = game.hand[4]  # not revealed: nothing is revealed yet
    swapped_in = game.area(Area.DECK)[0]
    game.move_card(hidden, Area.DECK, 0)
    game.move_card(swapped_in, Area.HAND, 4)
    assert duel.view(0) == before  # player 2's hidden hand changed; player 1 sees no change
    duel.apply(0, Reveal(0))
    duel.apply(1, Reveal(4))
    assert duel.view(0)["opponent"]["revealed"] == [swapped_in.label]


def test_a_preview_changes_nothing() -> None:
    duel = Duel("PREVIEW1")
    before = duel.to_json()
    result = duel.preview(0, (0, 1, 2, 3, 4))
    assert result.score > 0
    assert duel.to_json() == before
    with pytest.raises(BalatroError, match="1 to 5 positions"):
        duel.preview(0)


# -- the terminal and the example --------------------------------------------------------------


def _session(commands: str, **kwargs: Any) -> str:
    from balatro_ecs.duel.terminal import DuelSession

    out = io.StringIO()
    DuelSession(Duel("TERMINAL"), stdin=io.StringIO(commands), stdout=out, **kwargs).run()
    return out.getvalue()


def test_the_terminal_against_a_policy() -> None:
    text = _session(
        "help\nkeep 1 2 3 4 5\nreveal 9\nreveal 1\nquit\n",
        policies={1: HeuristicDuelPolicy("T")},
    )
    assert "== Balatro Poker · round 1 · hand · Player 1 ==" in text
    assert "Player 1 has formed a hand." in text
    assert "Player 2: keep" in text
    assert "! reveal: no card 9" in text
    assert "Player 1 reveals" in text


def test_the_terminal_hides_each_hand_between_two_people() -> None:
    text = _session("\nkeep 1 2 3 4 5\n\nkeep 1 2 3 4 5\nquit\n")
    first, rest = text.split("Pass the keyboard to Player 2", 1)
    assert "round 1 · hand · Player 1 ==" in first
    assert "round 1 · hand · Player 2 ==" in rest and "Player 1 ==" not in rest.split("\n", 2)[1]


def test_the_cli_duel_command(monkeypatch: pytest.MonkeyPatch, capsys: Any, tmp_path: Path) -> None:
    from balatro_ecs.tools.cli import main

    save = tmp_path / "duel.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"timeout\nsave {save}\nquit\n"))
    assert main(["duel", "--seed", "CLIDUEL1", "--vs", "random", "--first", "2"]) == 0
    out = capsys.readouterr().out
    assert "Balatro Poker, seed CLIDUEL1" in out and "time is up: keep" in out
    loaded = Duel.from_json(save.read_text("utf-8"))
    assert loaded.seed == "CLIDUEL1" and loaded.first_bettor == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["duel", "--load", str(save), "--vs", "heuristic"]) == 0


def test_the_tournament_example_prints_win_rates(
    capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location(
        "duel_tournament", ROOT / "examples" / "duel_tournament.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "duel_tournament", module)  # for its dataclasses
    spec.loader.exec_module(module)
    assert module.main(["--duels", "4", "--seed", "TINY"]) == 0
    out = capsys.readouterr().out
    assert "4 duels, seed TINY" in out
    assert "A (heuristic)" in out and "B (random)" in out and "%" in out
