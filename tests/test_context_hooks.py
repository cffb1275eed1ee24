"""Joker hooks for the Steamodded calculation contexts that had none (issue 18): each is
called per joker in slot order through the row's call plans -- copied by Blueprint,
skipped when debuffed -- at the game's moment for it, and a vanilla game never builds
their plans."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from balatro_ecs.actions import CashOut, Discard, EndShop, Play, Reroll, SelectBlind, SkipPack, Use

from balatro_ecs import Game, Plugins
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.pools import pick_weighted
from balatro_ecs.kernel.content import JokerType
from balatro_ecs.kernel.effects import Effect
from balatro_ecs.kernel.enums import HandType, Suit
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round


def _plugins(key: str, **hooks: Callable[..., Any]) -> Plugins:
    joker = JokerType(key=key, name=key.removeprefix("j_test_").title(), effect="A test.")
    return Plugins(plugins=[plugin_module(key, joker, **hooks)], entry_points=False)


def _row(game: Game, key: str) -> Game:
    """Blueprint, the joker, the joker debuffed: the copy and the joker act, in order."""
    game.add_joker("j_blueprint")
    game.add_joker(key)
    game.add_joker(key, debuff=True)
    return game


def _code(card: Any) -> str:
    """A card as :func:`hold` takes it: ``"KS"``, ``"KS glass"``."""
    return str(card.spec().label)


def _copied(joker: Any) -> str:
    return joker.copied_by.name if joker.copied_by is not None else "-"


# ---------------------------------------------------------------------------------------
# evaluate_poker_hand, modify_scoring_hand
# ---------------------------------------------------------------------------------------


def _promoter(seen: list[tuple[str, str]]) -> Plugins:
    """Promoter: a Pair counts as Three of a Kind, Three of a Kind as Four of a Kind."""

    def joker_evaluate_poker_hand(game: Any, joker: Any, cards: Any, hand: HandType) -> Any:
        seen.append((hand.name, _copied(joker)))
        if hand == HandType.PAIR:
            return HandType.THREE_OF_A_KIND
        if hand == HandType.THREE_OF_A_KIND:
            return "Four of a Kind"  # a name will do
        return None

    return _plugins("j_test_promoter", joker_evaluate_poker_hand=joker_evaluate_poker_hand)


def test_a_joker_names_the_played_hand_each_given_what_the_one_before_left() -> None:
    seen: list[tuple[str, str]] = []
    game = _row(play_blind(Game(seed="PROMOTE", plugins=_promoter(seen))), "j_test_promoter")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    out = game.apply(Play((0, 1)))
    assert seen == [("PAIR", "Blueprint"), ("THREE_OF_A_KIND", "-")]
    assert out.score is not None and out.score.hand_name == "Four of a Kind"
    four = game.run.hands[HandType.FOUR_OF_A_KIND]
    assert four.played == 1 and game.run.hands[HandType.PAIR].played == 0
    # the new hand's base (60 x 7) with the detected scoring cards (two Kings)
    assert (out.score.chips, out.score.mult) == (80, 7)
    assert [_code(c) for c in out.score.scoring] == ["KS", "KH"]


def test_a_discard_names_its_hand_through_the_same_chain_burnt_joker() -> None:
    seen: list[tuple[str, str]] = []
    game = play_blind(Game(seed="PROMOTE", plugins=_promoter(seen)))
    game.add_joker("Burnt Joker")
    game.add_joker("j_test_promoter")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    game.apply(Discard((0, 1)))
    assert seen == [("PAIR", "-")]
    assert game.run.hands[HandType.THREE_OF_A_KIND].level == 2
    assert game.run.hands[HandType.PAIR].level == 1


def test_a_joker_naming_no_hand_is_named() -> None:
    plugins = _plugins("j_test_liar", joker_evaluate_poker_hand=lambda game, joker, cards, hand: 3)
    game = play_blind(Game(seed="PROMOTE", plugins=plugins))
    game.add_joker("j_test_liar")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    before = game.to_json()
    with pytest.raises(HookError, match="j_test_liar"):
        game.apply(Play((0, 1)))
    assert game.to_json() == before


def test_jokers_add_played_cards_to_the_scoring_hand_and_take_them_out() -> None:
    seen: list[tuple[str, str]] = []

    def joker_modify_scoring_hand(ctx: Any, joker: Any, card: Any) -> bool | None:
        seen.append((_code(card), _copied(joker)))
        if _code(card) == "2C":
            return True  # a 2 always scores
        if _code(card) == "KH" and joker.copied_by is None:
            return False  # a Heart never does, whoever else adds it
        return None

    plugins = _plugins("j_test_picky", joker_modify_scoring_hand=joker_modify_scoring_hand)
    game = _row(play_blind(Game(seed="PICKY", plugins=plugins)), "j_test_picky")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    out = game.apply(Play((0, 1, 2)))
    assert seen == [(c, w) for c in ("KS", "KH", "2C") for w in ("Blueprint", "-")]
    assert out.score is not None and out.score.hand_name == "Pair"
    assert [_code(c) for c in out.score.scoring] == ["KS", "2C"]
    assert (out.score.chips, out.score.mult) == (10 + 10 + 2, 2)


# ---------------------------------------------------------------------------------------
# debuff_card
# ---------------------------------------------------------------------------------------


def _suits_of(game: Game, suit: Suit) -> set[bool]:
    """Whether the cards of ``suit`` are debuffed: ``{True}``, ``{False}`` or both."""
    return {card.debuffed for card in game.playing_cards if card.suit == suit}


def test_jokers_debuff_cards_or_keep_them_from_the_blind_s_debuff() -> None:
    callers: list[Any] = []

    def joker_debuff_card(game: Any, joker: Any, card: Any) -> bool | None:
        callers.append(joker.copied_by if joker.copied_by is not None else joker)
        if card.suit == Suit.HEARTS:
            return True
        return False if card.suit == Suit.SPADES else None

    plugins = _plugins("j_test_warden", joker_debuff_card=joker_debuff_card)
    game = play_blind(Game(seed="WARDEN", plugins=plugins), "The Goad")  # debuffs Spades
    assert _suits_of(game, Suit.SPADES) == {True} and _suits_of(game, Suit.HEARTS) == {False}
    _row(game, "j_test_warden")  # a joker that debuffs cards came: every card is asked
    blueprint, warden, _sleeping = game.jokers
    assert set(map(id, callers)) == {id(blueprint), id(warden)}  # never the debuffed one
    assert _suits_of(game, Suit.HEARTS) == {True}  # the jokers debuff Hearts
    assert _suits_of(game, Suit.SPADES) == {False}  # and keep The Goad off Spades
    assert _suits_of(game, Suit.CLUBS) == {False}
    made = game.add_card(CardSpec.parse("AH"))
    assert made.debuffed  # a card made is asked too
    game.remove_joker(warden)  # Blueprint now copies the debuffed one: nobody has a say
    game.remove_joker(blueprint)
    assert _suits_of(game, Suit.SPADES) == {True} and _suits_of(game, Suit.HEARTS) == {False}


def test_a_debuff_verdict_that_is_no_bool_is_named() -> None:
    plugins = _plugins(
        "j_test_vague",
        joker_debuff_card=lambda game, joker, card: "yes" if game.blind is not None else None,
    )
    game = Game(seed="WARDEN", plugins=plugins)
    game.add_joker("j_test_vague")
    before = game.to_json()
    with pytest.raises(HookError, match=r"j_test_vague.*expected True, False or None, got .yes."):
        game.apply(SelectBlind())
    assert game.to_json() == before


# ---------------------------------------------------------------------------------------
# mod_probability, fix_probability, pseudorandom_result
# ---------------------------------------------------------------------------------------


def _gambler(seen: list[tuple[Any, ...]]) -> Plugins:
    """Gambler: every roll's denominator halves (mod); a Glass card never shatters (fix);
    every result is heard."""

    def joker_mod_probability(game: Any, joker: Any, numerator: Any, denominator: Any, key: str,
                              source: Any) -> tuple[float, float]:  # fmt: skip
        seen.append(("mod", _copied(joker), numerator, denominator, key))
        return numerator, denominator / 2

    def joker_fix_probability(game: Any, joker: Any, numerator: Any, denominator: Any, key: str,
                              source: Any) -> tuple[float, float] | None:  # fmt: skip
        seen.append(("fix", _copied(joker), numerator, denominator, key))
        return (0, 1) if key == "glass" else None

    def joker_pseudorandom_result(game: Any, joker: Any, result: bool, numerator: Any,
                                  denominator: Any, key: str, source: Any) -> None:  # fmt: skip
        seen.append(("result", _copied(joker), result, key, source and _code(source)))

    return _plugins(
        "j_test_gambler",
        joker_mod_probability=joker_mod_probability,
        joker_fix_probability=joker_fix_probability,
        joker_pseudorandom_result=joker_pseudorandom_result,
    )


def test_jokers_change_each_roll_s_odds_and_hear_its_result() -> None:
    seen: list[tuple[Any, ...]] = []
    game = _row(play_blind(Game(seed="GAMBLE", plugins=_gambler(seen))), "j_test_gambler")
    game.add_joker("Oops! All 6s")  # the game's probability doubles the numerator
    hold(game, "KS glass", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    out = game.apply(Play((0,)))
    assert seen == [
        ("mod", "Blueprint", 1, 4, "glass"),
        ("mod", "-", 1, 2.0, "glass"),
        ("fix", "Blueprint", 2, 1.0, "glass"),  # 1 x 2 (Oops! All 6s) in 1
        ("fix", "-", 0, 1, "glass"),
        ("result", "Blueprint", False, "glass", "KS glass"),  # fixed at 0: it never shatters
        ("result", "-", False, "glass", "KS glass"),
    ]
    assert out.score is not None and not out.score.destroyed


def test_a_roll_outside_a_hand_passes_the_same_chains() -> None:
    seen: list[tuple[Any, ...]] = []
    game = Game(seed="GAMBLE", plugins=_gambler(seen))
    game.add_joker("j_test_gambler")
    assert game.chance("test_roll", 2)  # 1 in 2 halved: 1 in 1, always
    assert [s[0] for s in seen] == ["mod", "fix", "result"]
    assert seen[-1][2] is True


def test_odds_that_are_no_pair_of_numbers_are_named() -> None:
    plugins = _plugins(
        "j_test_odd", joker_fix_probability=lambda game, joker, numerator, denominator: (1, 0)
    )
    game = play_blind(Game(seed="GAMBLE", plugins=plugins))
    game.add_joker("j_test_odd")
    hold(game, "KS glass", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    before = game.to_json()
    with pytest.raises(HookError, match=r"j_test_odd.*denominator > 0, got \(1, 0\)"):
        game.apply(Play((0,)))
    assert game.to_json() == before


def test_the_vanilla_rolls_are_as_they_were_with_a_listener() -> None:
    """A joker that only hears results leaves every roll's outcome alone."""
    results: list[bool] = []
    plugins = _plugins(
        "j_test_ear",
        joker_pseudorandom_result=lambda game, joker, result: results.append(result),
    )
    rolls = []
    for with_ear in (False, True):
        game = play_blind(Game(seed="EARS", plugins=plugins))
        if with_ear:
            game.add_joker("j_test_ear")
        hold(game, *[f"{r}S lucky" for r in "23456"], "KH", "2C", "3D")
        out = game.apply(Play((0, 1, 2, 3, 4)))
        assert out.score is not None
        rolls.append((out.score.score, game.run.dollars))
    assert rolls[0] == rolls[1] and len(results) == 10  # two rolls per Lucky card


# ---------------------------------------------------------------------------------------
# change_rank, change_suit, setting_ability
# ---------------------------------------------------------------------------------------


def test_jokers_hear_every_change_of_a_card_with_what_it_was() -> None:
    seen: list[tuple[str, str, str, str]] = []

    def joker_card_changed(game: Any, joker: Any, card: Any, before: Any, after: Any,
                           source: Any) -> None:  # fmt: skip
        seen.append((_copied(joker), before.label, after.label, getattr(source, "name", source)))

    plugins = _plugins("j_test_tailor", joker_card_changed=joker_card_changed)
    game = _row(play_blind(Game(seed="TAILOR", plugins=plugins)), "j_test_tailor")
    hold(game, "2C", "3D", "KS", "KH", "9C", "7D", "5S", "4H")
    game.add_consumable("Strength")
    game.apply(Use(0, (0,)))  # a rank
    assert seen == [("Blueprint", "2C", "3C", "Strength"), ("-", "2C", "3C", "Strength")]
    seen.clear()
    game.add_consumable("The Star")
    game.apply(Use(0, (0,)))  # a suit
    assert seen == [("Blueprint", "3C", "3D", "The Star"), ("-", "3C", "3D", "The Star")]
    seen.clear()
    game.add_joker("Midas Mask")  # while a hand scores: an enhancement
    held = [_code(c) for c in game.hand]
    kings = held.index("KS")
    game.apply(Play((kings, held.index("KH"))))
    assert [s[1:] for s in seen if s[0] == "-"] == [
        ("KS", "KS gold", "Midas Mask"),
        ("KH", "KH gold", "Midas Mask"),
    ]
    assert len(seen) == 4  # the copy hears each too


# ---------------------------------------------------------------------------------------
# post_trigger
# ---------------------------------------------------------------------------------------


def test_jokers_act_after_every_effect_of_another_joker_in_each_context() -> None:
    seen: list[tuple[str, str, str]] = []

    def joker_post_trigger(ctx: Any, joker: Any, other: Any, context: str, effect: Any) -> Any:
        seen.append((context, other.name, _copied(joker)))
        return Effect(mult=1)

    plugins = _plugins("j_test_cheerleader", joker_post_trigger=joker_post_trigger)
    game = _row(play_blind(Game(seed="CHEER", plugins=plugins)), "j_test_cheerleader")
    game.add_joker("Joker")  # +4 Mult (joker_main)
    game.add_joker("Greedy Joker")  # +3 Mult for each scored Diamond (joker_individual)
    hold(game, "KD", "KH", "2C", "3S", "4S", "5H", "9C", "7S")
    out = game.apply(Play((0, 1)))
    assert seen == [
        ("joker_individual", "Greedy Joker", "Blueprint"),
        ("joker_individual", "Greedy Joker", "-"),
        ("joker_main", "Joker", "Blueprint"),
        ("joker_main", "Joker", "-"),
    ]
    assert out.score is not None
    # Pair 10 x 2; K, K: +20 chips; Greedy +3 then +1 +1; Joker +4 then +1 +1
    assert (out.score.chips, out.score.mult) == (30, 2 + 3 + 2 + 4 + 2)
    credited = [e.source for e in out.score.breakdown if e.kind == "mult" and e.value == 1]
    assert credited == ["Blueprint", "Cheerleader"] * 2


def test_post_triggers_follow_held_cards_and_the_hand_s_before() -> None:
    seen: list[tuple[str, str]] = []

    def joker_post_trigger(ctx: Any, joker: Any, other: Any, context: str) -> Any:
        seen.append((context, other.name))
        return Effect(dollars=1) if context == "joker_before" else Effect(mult=1)

    cheer = plugin_module(
        "t_cheer", JokerType(key="j_test_cheer", name="Cheer", effect="x"),
        joker_post_trigger=joker_post_trigger,
    )  # fmt: skip
    early = plugin_module(
        "t_early", JokerType(key="j_test_early", name="Early", effect="x"),
        joker_before=lambda ctx, joker: Effect(dollars=3),
    )  # fmt: skip
    game = play_blind(Game(seed="CHEER", plugins=Plugins(plugins=[cheer, early])))
    game.add_joker("j_test_cheer")
    game.add_joker("j_test_early")
    game.add_joker("Shoot the Moon")  # +13 Mult for each Queen held (joker_held_individual)
    hold(game, "KD", "KH", "QC", "3S", "4S", "5H", "9C", "7S")
    dollars = game.run.dollars
    out = game.apply(Play((0, 1)))
    assert seen == [("joker_before", "Early"), ("joker_held_individual", "Shoot the Moon")]
    assert out.score is not None and out.score.mult == 2 + 13 + 1
    assert game.run.dollars == dollars + 3 + 1


# ---------------------------------------------------------------------------------------
# debuff_hand
# ---------------------------------------------------------------------------------------


def test_jokers_debuff_a_hand_or_let_it_through_the_blind() -> None:
    seen: list[str] = []

    def joker_debuff_hand(ctx: Any, joker: Any) -> bool | None:
        seen.append(_copied(joker))
        if ctx.hand == HandType.PAIR:
            return False  # a Pair always scores
        return True if ctx.hand == HandType.HIGH_CARD else None

    plugins = _plugins("j_test_censor", joker_debuff_hand=joker_debuff_hand)
    game = _row(play_blind(Game(seed="CENSOR", plugins=plugins), "The Psychic"), "j_test_censor")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    out = game.apply(Play((0, 1)))  # The Psychic wants five cards; the Censor lets it be
    assert seen == ["Blueprint", "-"]
    assert out.score is not None and not out.score.debuffed and out.score.score > 0
    plain = play_blind(Game(seed="CENSOR", plugins=plugins))  # a Small Blind: no boss
    plain.add_joker("j_test_censor")
    hold(plain, "KS", "QH", "2C", "3D", "4S", "5H", "9C", "7D")
    out = plain.apply(Play((0,)))  # a High Card
    assert out.score is not None and out.score.debuffed and out.score.score == 0
    assert [e.source for e in out.score.breakdown if e.kind == "debuffed"] == ["Censor"]


# ---------------------------------------------------------------------------------------
# stay_flipped
# ---------------------------------------------------------------------------------------


def test_jokers_draw_cards_face_down_or_keep_them_face_up() -> None:
    seen: list[str] = []

    def joker_stay_flipped(game: Any, joker: Any, card: Any) -> bool | None:
        seen.append(_copied(joker))
        if card.counts_as_face():
            return False  # face cards are always seen, The House or not
        return True if card.rank == 2 else None  # twos are drawn face down

    plugins = _plugins("j_test_lamp", joker_stay_flipped=joker_stay_flipped)
    game = _row(Game(seed="LAMP", plugins=plugins), "j_test_lamp")
    play_blind(game, "The House")  # the whole first hand face down
    assert seen == ["Blueprint", "-"] * len(game.hand)
    assert [c.face_down for c in game.hand] == [not c.counts_as_face() for c in game.hand]
    assert any(c.counts_as_face() for c in game.hand)
    game = Game(seed="LAMP", plugins=plugins)
    game.add_joker("j_test_lamp")
    play_blind(game)  # no boss
    for _ in range(3):
        game.apply(Discard(tuple(range(5))))
    drawn = game.hand
    assert [c.face_down for c in drawn] == [c.rank == 2 for c in drawn]
    assert any(c.rank == 2 for c in drawn)


# ---------------------------------------------------------------------------------------
# prevent_tag_trigger
# ---------------------------------------------------------------------------------------


def test_jokers_keep_a_tag_from_acting() -> None:
    seen: list[tuple[str, str, str]] = []

    def joker_prevent_tag_trigger(game: Any, joker: Any, tag: Any, trigger: str) -> bool | None:
        seen.append((tag.key, trigger, _copied(joker)))
        return True if trigger == "immediate" and joker.copied_by is None else None

    plugins = _plugins("j_test_miser", joker_prevent_tag_trigger=joker_prevent_tag_trigger)
    game = _row(Game(seed="MISER", plugins=plugins), "j_test_miser")
    dollars = game.run.dollars
    game.gain_tag("tag_economy")  # would double the money at once (up to $40)
    assert seen == [
        ("tag_economy", "tag_add", "Blueprint"),
        ("tag_economy", "tag_add", "-"),
        ("tag_economy", "immediate", "Blueprint"),
        ("tag_economy", "immediate", "-"),
    ]
    assert game.run.tags == ["tag_economy"] and game.run.dollars == dollars  # held, unused


# ---------------------------------------------------------------------------------------
# joker_type_destroyed
# ---------------------------------------------------------------------------------------


def _guardian(seen: list[tuple[str, str, str]]) -> Plugins:
    def joker_type_destroyed(game: Any, joker: Any, destroyed: Any, source: Any) -> bool | None:
        seen.append((destroyed.name, getattr(source, "name", str(source)), _copied(joker)))
        return True if destroyed.name in ("Joker", "Ice Cream") else None

    return _plugins("j_test_guardian", joker_type_destroyed=joker_type_destroyed)


def test_jokers_hear_of_a_destruction_and_may_keep_the_joker() -> None:
    seen: list[tuple[str, str, str]] = []
    game = Game(seed="GUARD", plugins=_guardian(seen))
    for key in ("j_ceremonial", "j_joker", "j_blueprint", "j_test_guardian"):
        game.add_joker(key)
    game.add_joker("j_test_guardian", debuff=True)
    game.apply(SelectBlind())  # the Dagger would eat the Joker at its right
    assert seen == [
        ("Joker", "Ceremonial Dagger", "Blueprint"),
        ("Joker", "Ceremonial Dagger", "-"),
    ]
    assert [j.name for j in game.jokers][:2] == ["Ceremonial Dagger", "Joker"]
    # the Dagger gained as it struck (as in Steamodded, where the veto comes at the dissolve)
    assert game.jokers[0].state["mult"] == 2 * game.jokers[1].sell_value


def test_a_joker_that_melts_during_a_hand_may_be_kept_too() -> None:
    seen: list[tuple[str, str, str]] = []
    game = play_blind(Game(seed="GUARD", plugins=_guardian(seen)))
    game.add_joker("j_test_guardian")
    cream = game.add_joker("Ice Cream")
    cream.state["extra"]["chips"] = 5  # melts after this hand
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    game.apply(Play((0, 1)))
    assert seen == [("Ice Cream", "Ice Cream", "-")]
    assert cream in game.jokers


# ---------------------------------------------------------------------------------------
# check_enhancement
# ---------------------------------------------------------------------------------------


def test_jokers_give_cards_quantum_enhancements_that_score_and_hold() -> None:
    from balatro_ecs.kernel.enums import Enhancement

    asked: list[str] = []

    def joker_check_enhancement(game: Any, joker: Any, card: Any) -> Any:
        asked.append(_copied(joker))
        if card.rank == 13:
            return [Enhancement.MULT, Enhancement.GLASS]  # Kings: +4 Mult, then X2 Mult
        return Enhancement.STEEL if card.rank == 12 else None  # Queens: X1.5 Mult held

    plugins = _plugins("j_test_alchemist", joker_check_enhancement=joker_check_enhancement)
    game = _row(play_blind(Game(seed="ALCHEMY", plugins=plugins)), "j_test_alchemist")
    king, queen, two = hold(game, "KS", "QH", "2C", "3D", "4S", "5H", "9C", "7D")[:3]
    assert game.enhancements_of(king) == (Enhancement.MULT, Enhancement.GLASS)
    assert game.enhancements_of(queen) == (Enhancement.STEEL,)
    assert game.enhancements_of(two) == ()
    assert set(asked) == {"-"}  # never the Blueprint's copy, never the debuffed one
    out = game.apply(Play((0,)))  # a High Card: the King, the Queen held
    assert out.score is not None
    # High Card 5 x 1; the King +10 chips, +4 Mult, X2 Mult; the held Queen X1.5 Mult
    assert (out.score.chips, out.score.mult) == (15, (1 + 4) * 2 * 1.5)


# ---------------------------------------------------------------------------------------
# modify_weights
# ---------------------------------------------------------------------------------------


def _weigher(
    seen: list[tuple[str, str]] | None = None, nudge: float = 0.0, **change: float
) -> Plugins:
    """A joker that weighs the items named in ``change`` (key -> weight factor), recording
    each pool it is asked about; with no ``change`` it returns the weights as they are,
    the first item's ``nudge`` more (so that the draw reads the weights' running total)."""

    def joker_modify_weights(game: Any, joker: Any, pool: str, items: Any, weights: Any) -> Any:
        if seen is not None:
            seen.append((pool, _copied(joker)))
        if not change:
            return [weights[0] * (1 + nudge), *weights[1:]]
        return [w * change.get(key, 1.0) for key, w in zip(items, weights, strict=True)]

    return _plugins("j_test_weigher", joker_modify_weights=joker_modify_weights)


def _shops(plugins: Plugins, seed: str) -> list[Any]:
    """Three rounds' shops (offers, rerolls, packs opened, vouchers), the next ante's boss
    and tags, and boss rerolls, with the test joker held all along."""
    game = Game(seed=seed, plugins=plugins)
    game.add_joker("j_test_weigher")
    seen: list[Any] = []
    for _ in range(3):
        play_blind(game)
        win_round(game)
        game.apply(CashOut())
        game.run.dollars = 100
        for _reroll in range(3):
            seen.append(([o.key for o in game.shop], list(game.shop_packs), game.shop_vouchers))
            game.apply(Reroll())
        for pack in [*game.shop_packs, "p_spectral_normal_1"]:
            game.open_pack(pack)
            seen.append([getattr(item, "key", str(item)) for item in game.pack])
            game.apply(SkipPack())
        game.apply(EndShop())
    seen.append(
        (game.run.boss, dict(game.run.tags_offered), game.reroll_boss(), game.reroll_boss())
    )
    seen.append(game.to_json())
    return seen


def test_weights_left_as_they_are_draw_the_game_s_shops_packs_tags_and_bosses() -> None:
    """The weighted draw reads the game's one roll: equal weights give its very items."""
    asked: list[tuple[str, str]] = []
    for seed in ("WEIGH1", "WEIGH2", "WEIGH3", "WEIGH4"):
        plain = _shops(_plugins("j_test_weigher"), seed)  # the same content, no hook
        assert _shops(_weigher(asked), seed) == plain
        # a billionth off equal: the same roll read on the running total of the weights
        assert _shops(_weigher(nudge=1e-9), seed) == plain
    assert {pool for pool, _ in asked} >= {
        "Joker", "Tarot", "Planet", "Spectral", "Voucher", "Tag", "Blind", "Booster"
    }  # fmt: skip


def _commons(plugins: Plugins, seeds: int = 20, draws: int = 500) -> dict[str, int]:
    counts: dict[str, int] = {}
    for n in range(seeds):
        game = Game(seed=f"COMMON{n}", plugins=plugins)
        game.add_joker("j_test_weigher")
        for _ in range(draws):
            key = game.random_joker("sho", rarity=0).key  # a Common, from the shop's stream
            counts[key] = counts.get(key, 0) + 1
    return counts


def test_a_joker_makes_one_joker_twice_as_likely() -> None:
    counts = _commons(_weigher(j_joker=2.0))
    others = [n for key, n in counts.items() if key != "j_joker"]
    ratio = counts["j_joker"] / (sum(others) / len(others))
    plain = _commons(_plugins("j_test_weigher"))
    plain_others = [n for key, n in plain.items() if key != "j_joker"]
    plain_ratio = plain["j_joker"] / (sum(plain_others) / len(plain_others))
    # 10,000 draws over 59 Commons: ~170 each (a standard deviation: ~0.11 of the ratio)
    assert 1.7 < ratio < 2.3 and 0.8 < plain_ratio < 1.2


def test_a_weight_of_0_takes_items_out_of_the_draw() -> None:
    plugins = _weigher(c_fool=0.0, c_magician=0.0, p_buffoon_normal_1=0.0, tag_double=0.0)
    game = Game(seed="REMOVE", plugins=plugins)
    game.add_joker("j_test_weigher")
    tarots = {game.random_consumable("Tarot", "test") for _ in range(600)}
    assert "c_fool" not in tarots and "c_magician" not in tarots and len(tarots) == 20
    tags = {game.new_tag("test") for _ in range(150)}
    assert "tag_double" not in tags and len(tags) > 10
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    packs = {game.offer_pack() for _ in range(150)}
    assert "p_buffoon_normal_1" not in packs and "p_buffoon_normal_2" in packs


def test_a_pool_weighed_to_nothing_draws_its_fallback() -> None:
    def joker_modify_weights(weights: Any) -> Any:
        return [0] * len(weights)

    plugins = _plugins("j_test_void", joker_modify_weights=joker_modify_weights)
    game = Game(seed="VOID", plugins=plugins)
    game.add_joker("j_test_void")
    assert game.random_joker("sho", rarity=0).key == "j_joker"  # the game's empty pool
    assert game.random_consumable("Planet") == "c_pluto"
    boss = game.reroll_boss()  # a boss is drawn as if no joker had weighed the bosses
    assert game.plugins.blind(boss).kind == "boss"


def test_the_weighted_roll_with_equal_weights_is_the_game_s_index() -> None:
    for n in (1, 2, 7, 61, 150):
        for step in range(1000):
            roll = step / 1000 + 0.000123
            assert pick_weighted(roll, [1.0] * n) == math.floor(roll * n)
    assert pick_weighted(0.99, [1.0, 3.0, 0.0]) == 1  # never an item weighing 0
    assert pick_weighted(0.5, [0.0, 1.0, 1.0]) == 2


def test_jokers_weigh_in_turn_copies_resolved_debuffs_left_out() -> None:
    seen: list[tuple[str, str]] = []
    given: list[float] = []

    def joker_modify_weights(joker: Any, pool: str, items: Any, weights: Any) -> Any:
        seen.append((pool, _copied(joker)))
        given.append(weights[list(items).index("j_joker")])
        return [w * 3 if key == "j_joker" else w for key, w in zip(items, weights, strict=True)]

    plugins = _plugins("j_test_weigher", joker_modify_weights=joker_modify_weights)
    game = _row(Game(seed="WEIGHROW", plugins=plugins), "j_test_weigher")
    game.random_joker("sho", rarity=0)
    assert seen == [("Joker", "Blueprint"), ("Joker", "-")]
    assert given == [1.0, 3.0]  # the copy first, then the joker, given what it left


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param("minus", id="negative"),
        pytest.param("nan", id="nan"),
        pytest.param("text", id="not-a-number"),
        pytest.param("short", id="too-few"),
    ],
)
def test_weights_that_are_no_numbers_at_or_above_0_are_named(answer: str) -> None:
    def joker_modify_weights(items: Any, weights: Any) -> Any:
        bad: dict[str, Any] = {
            "minus": [-1.0] * len(weights),
            "nan": [float("nan")] * len(weights),
            "text": ["2"] * len(weights),
            "short": list(weights)[1:],
        }
        return bad[answer]

    plugins = _plugins("j_test_crooked", joker_modify_weights=joker_modify_weights)
    game = Game(seed="CROOKED", plugins=plugins)
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    game.run.dollars = 100
    game.add_joker("Blueprint")  # its copy answers first: the copied joker's plugin is named
    game.add_joker("j_test_crooked")
    before = game.to_json()
    with pytest.raises(HookError, match=r"j_test_crooked.*joker_modify_weights: expected a list"):
        game.apply(Reroll())
    assert game.to_json() == before
