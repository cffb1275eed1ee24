"""Every boss blind (23 bosses and 5 showdown bosses) played through the public API, checked
against the reference (blinds.toml, rules.toml ``[ante_base_chips]``, hands.toml); disabling
a boss (Chicot, Luchador, ``Game.disable_blind``); and how each ante's boss is drawn.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from balatro_ecs import Enhancement, Game, Suit
from balatro_ecs.game.actions import (
    CashOut,
    Discard,
    EndShop,
    Play,
    RerollBoss,
    SelectBlind,
    Sell,
    Use,
)
from balatro_ecs.game.run.blinds import choose_boss
from balatro_ecs.game.run.shop import redeem_voucher
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import BlindType
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.tools.testing.runs import hold, play_blind
from balatro_ecs_vanilla import reference as ref

# ---------------------------------------------------------------------------------------
# reference numbers
# ---------------------------------------------------------------------------------------

BLINDS: dict[str, dict[str, Any]] = {row["key"]: row for row in ref.table("blinds")["blind"]}
BY_NAME: dict[str, dict[str, Any]] = {row["name"]: row for row in BLINDS.values()}
BOSSES = [row for row in BLINDS.values() if row["type"] == "boss"]
SHOWDOWNS = [row for row in BLINDS.values() if row["type"] == "showdown"]
ANTE_CHIPS = ref.table("rules")["ante_base_chips"]
HANDS: dict[str, dict[str, Any]] = {row["name"]: row for row in ref.table("hands")["hand"]}
SUIT_BOSSES = [row for row in BOSSES if "suit" in row.get("debuff", {})]
WIN_ANTE = 8  # blinds.toml: showdown bosses on multiples of 8 (win_ante)
REROLL_COST = ref.voucher("v_directors_cut").config["extra"]
JOKER_MULT = ref.joker("j_joker").config["mult"]

SUITS = {
    "Spades": Suit.SPADES,
    "Hearts": Suit.HEARTS,
    "Clubs": Suit.CLUBS,
    "Diamonds": Suit.DIAMONDS,
}
# one short code per suit, for cards in hold(): "KS", "KH", ...
SUIT_CODE = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.CLUBS: "C", Suit.DIAMONDS: "D"}

EIGHT = ("KH", "KS", "2C", "3D", "4S", "5H", "7C", "9D")  # a held hand with no pair besides KK


def base_chips(ante: int, scaling: int = 1) -> int:
    """rules.toml ``[ante_base_chips]`` for antes 1..8."""
    return ANTE_CHIPS[f"scaling_{scaling}"][ante - 1]


def level_values(hand: str, level: int) -> tuple[int, int]:
    """hands.toml base chips and mult of a poker hand at ``level``."""
    row = HANDS[hand]
    return (
        row["base_chips"] + row["chips_per_level"] * (level - 1),
        row["base_mult"] + row["mult_per_level"] * (level - 1),
    )


def halve(x: float) -> int:
    """blinds.toml The Flint: floor(x*0.5+0.5)."""
    return math.floor(x * 0.5 + 0.5)


def boss_round(name: str, seed: str = "BOSS1", jokers: tuple[str, ...] = (), **kw: Any) -> Game:
    """A fresh run whose next blind is ``name``, selected (the round has started)."""
    game = Game(seed=seed, **kw)
    for joker in jokers:
        game.add_joker(joker)
    play_blind(game, name)
    assert game.phase is Phase.ROUND
    assert game.blind is not None and game.blind.name == name
    return game


def face_down(game: Game) -> list[bool]:
    return [card.face_down for card in game.hand]


def finish_round(game: Game) -> None:
    """Beat the current blind: lower its target so the next 5-card play wins it."""
    game.run.blind_chips = 1
    forced = [i for i, card in enumerate(game.hand) if card.forced]
    picks = (forced + [i for i in range(len(game.hand)) if i not in forced])[:5]
    game.apply(Play(tuple(sorted(picks))))
    assert game.phase is Phase.CASH_OUT


def to_next_blind_select(game: Game) -> None:
    game.apply(CashOut())
    game.apply(EndShop())
    assert game.phase is Phase.BLIND_SELECT


def eligible_bosses(ante: int) -> set[str]:
    """blinds.toml: regular bosses with min_ante <= max(1, ante), never on multiples of 8
    (ante 1 always regular); showdown bosses only when ante % 8 == 0 and ante >= 2."""
    if ante % WIN_ANTE == 0 and ante >= 2:
        return {row["key"] for row in SHOWDOWNS}
    return {row["key"] for row in BOSSES if row["min_ante"] <= max(1, ante)}


# ---------------------------------------------------------------------------------------
# all bosses: sizes and rewards
# ---------------------------------------------------------------------------------------


def test_engine_has_the_23_bosses_and_5_showdowns_of_the_reference() -> None:
    assert (len(BOSSES), len(SHOWDOWNS)) == (23, 5)
    blinds = list(Game(seed="ALL").plugins.all(BlindType))
    for kind, rows in (("boss", BOSSES), ("showdown", SHOWDOWNS)):
        found = {(b.key, b.name, b.min_ante) for b in blinds if b.kind == kind}
        assert found == {(r["key"], r["name"], r["min_ante"]) for r in rows}


@pytest.mark.parametrize("row", BOSSES + SHOWDOWNS, ids=lambda r: r["key"])
def test_each_boss_needs_its_multiple_of_the_ante_base(row: dict[str, Any]) -> None:
    game = boss_round(row["name"])
    assert game.blind is not None and game.blind.is_boss and game.blind.key == row["key"]
    assert game.run.blind_chips == base_chips(1) * row["score_multiplier"]


@pytest.mark.parametrize("row", BOSSES + SHOWDOWNS, ids=lambda r: r["key"])
def test_each_boss_pays_its_reward(row: dict[str, Any]) -> None:
    game = boss_round(row["name"])
    finish_round(game)
    assert game.run.payout[0] == [f"Blind: {row['name']}", row["dollars"]]


# ---------------------------------------------------------------------------------------
# The Hook
# ---------------------------------------------------------------------------------------


def test_hook_discards_two_random_held_cards_after_each_play() -> None:
    game = boss_round("The Hook")
    cards = hold(game, *EIGHT)
    played, held = cards[:2], cards[2:]
    discards = game.run.discards_left
    game.apply(Play((0, 1)))
    pile = game.area(Area.DISCARD)
    assert all(card in pile for card in played)
    hooked = [card for card in held if card in pile]
    assert len(hooked) == 2
    assert len(pile) == 4
    assert game.run.discards_left == discards  # no discard is used up
    assert game.run.discards_used == 0
    assert len(game.hand) == game.hand_size  # drawn back up to the hand size


def test_hook_picks_different_cards_over_seeds() -> None:
    picked = set()
    for i in range(6):
        game = boss_round("The Hook", seed=f"HOOK{i}")
        cards = hold(game, *EIGHT)
        game.apply(Play((0,)))
        pile = game.area(Area.DISCARD)
        picked.add(tuple(c.label for c in cards[1:] if c in pile))
    assert len(picked) > 1


def test_hook_discards_before_scoring() -> None:
    game = boss_round("The Hook")
    hold(game, "AS", "AH", "KS steel", "KH steel")
    out = game.apply(Play((0, 1)))  # both Steel Kings are hooked away: no held x1.5
    chips, mult = level_values("Pair", 1)
    assert out.score.score == (chips + 22) * mult
    game = boss_round("The Hook", jokers=("Chicot",))
    hold(game, "AS", "AH", "KS steel", "KH steel")
    out = game.apply(Play((0, 1)))
    assert out.score.mult == mult * 1.5 * 1.5


def test_hook_with_fewer_than_two_held_discards_what_is_left() -> None:
    game = boss_round("The Hook")
    hold(game, "KH", "KS", "2C", "3D", "4S", "5H")
    game.apply(Play((0, 1, 2, 3, 4)))
    assert len(game.area(Area.DISCARD)) == 6


def test_hook_discards_count_for_discard_jokers_but_not_burnt_joker() -> None:
    game = boss_round("The Hook", jokers=("Ramen", "Burnt Joker"))
    ramen = game.jokers[0]
    start = ramen.state["x_mult"]
    hold(game, *EIGHT)
    levels = [h.level for h in game.run.hands]
    game.apply(Play((0,)))
    assert ramen.state["x_mult"] == pytest.approx(start - 2 * ramen.state["extra"])
    assert [h.level for h in game.run.hands] == levels


# ---------------------------------------------------------------------------------------
# The Ox
# ---------------------------------------------------------------------------------------


def test_ox_most_played_hand_starts_as_high_card_and_zeroes_money() -> None:
    game = boss_round("The Ox")
    game.earn(20)
    hold(game, *EIGHT)
    out = game.apply(Play((2,)))
    assert out.score.hand_name == "High Card"
    assert game.run.dollars == 0
    assert game.blind is not None and game.blind.triggered


def test_ox_other_hands_keep_money() -> None:
    game = boss_round("The Ox")
    game.earn(20)
    before = game.run.dollars
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    assert out.score.hand_name == "Pair"
    assert game.run.dollars == before


def test_ox_most_played_hand_is_recomputed_when_a_boss_is_beaten() -> None:
    game = boss_round("The Ox")
    game.earn(20)
    for _ in range(2):
        hold(game, *EIGHT)
        game.apply(Play((0, 1)))  # Pair: not the most played yet (High Card)
    assert game.run.dollars == 24
    assert game.run.most_played_hand == HandType.HIGH_CARD  # only at the end of a boss round
    hold(game, *EIGHT)
    finish_round(game)  # a third Pair wins the round
    assert game.run.most_played_hand == HandType.PAIR
    to_next_blind_select(game)
    play_blind(game, "The Ox")
    game.earn(10 - game.run.dollars)
    hold(game, *EIGHT)
    game.apply(Play((2,)))  # High Card is no longer the most played hand
    assert game.run.dollars == 10
    hold(game, *EIGHT)
    game.apply(Play((0, 1)))
    assert game.run.dollars == 0


# ---------------------------------------------------------------------------------------
# The House, The Mark, The Fish, The Wheel (face-down draws)
# ---------------------------------------------------------------------------------------


def test_house_first_hand_is_drawn_face_down() -> None:
    game = boss_round("The House")
    assert len(game.hand) == game.hand_size
    assert all(face_down(game))
    first = list(game.hand)
    game.apply(Play((0,)))
    drawn = [card for card in game.hand if card not in first]
    assert drawn and not any(card.face_down for card in drawn)
    assert all(card.face_down for card in game.hand if card in first)  # held ones stay down


def test_house_after_a_discard_draws_face_up() -> None:
    game = boss_round("The House")
    first = list(game.hand)
    game.apply(Discard((0, 1)))
    drawn = [card for card in game.hand if card not in first]
    assert len(drawn) == 2 and not any(card.face_down for card in drawn)


def test_played_face_down_cards_are_revealed() -> None:
    game = boss_round("The House")
    card = game.hand[0]
    game.apply(Play((0,)))
    assert not card.face_down


def test_mark_draws_face_cards_face_down() -> None:
    faces = 0
    for i in range(4):
        game = boss_round("The Mark", seed=f"MARK{i}")
        for card in game.hand:
            assert card.face_down == (11 <= card.rank <= 13)
            faces += card.face_down
    assert faces > 0


def test_mark_with_pareidolia_draws_every_card_face_down() -> None:
    game = boss_round("The Mark", jokers=("Pareidolia",))
    assert all(face_down(game))


def test_fish_draws_after_a_play_face_down_but_not_the_first_hand() -> None:
    game = boss_round("The Fish")
    assert not any(face_down(game))
    first = list(game.hand)
    game.apply(Play((0, 1)))
    drawn = [card for card in game.hand if card not in first]
    assert len(drawn) == 2
    assert all(card.face_down for card in drawn)
    assert not any(card.face_down for card in game.hand if card in first)


def test_fish_draws_after_a_discard_face_up() -> None:
    game = boss_round("The Fish")
    first = list(game.hand)
    game.apply(Discard((0, 1)))
    drawn = [card for card in game.hand if card not in first]
    assert len(drawn) == 2 and not any(card.face_down for card in drawn)


def _wheel_rolls(game: Game, n: int) -> list[float]:
    """The next ``n`` rolls of the game's "wheel" stream, read from a copy."""
    rng = game.rng.copy()
    return [rng.random("wheel") for _ in range(n)]


@pytest.mark.parametrize("oops", [False, True], ids=["plain", "oops_all_6s"])
def test_wheel_turns_down_each_drawn_card_with_1_in_7(oops: bool) -> None:
    odds = (2 if oops else 1) / 7  # blinds.toml: 1 in 7, scaled by probability modifiers
    for i in range(5):
        game = Game(seed=f"WHEEL{i}")
        if oops:
            game.add_joker("Oops! All 6s")
        rolls = _wheel_rolls(game, game.hand_size)
        play_blind(game, "The Wheel")
        assert sum(face_down(game)) == sum(roll < odds for roll in rolls)


def test_wheel_oops_all_6s_turns_down_more_cards() -> None:
    plain = doubled = 0
    for i in range(30):
        game = boss_round("The Wheel", seed=f"WH{i}")
        plain += sum(face_down(game))
        game = boss_round("The Wheel", seed=f"WH{i}", jokers=("Oops! All 6s",))
        doubled += sum(face_down(game))
    draws = 30 * 8
    assert 0 < plain < doubled < draws
    assert abs(plain / draws - 1 / 7) < 0.07
    assert abs(doubled / draws - 2 / 7) < 0.09


def test_wheel_applies_to_later_draws_too() -> None:
    game = boss_round("The Wheel", seed="WHEELX")
    for _ in range(3):
        rolls = _wheel_rolls(game, 5)
        first = list(game.hand)
        game.apply(Discard((0, 1, 2, 3, 4)))
        drawn = [card for card in game.hand if card not in first]
        assert sum(card.face_down for card in drawn) == sum(r < 1 / 7 for r in rolls)


# ---------------------------------------------------------------------------------------
# The Wall, The Needle, Violet Vessel (blind size)
# ---------------------------------------------------------------------------------------


def test_wall_is_four_times_the_ante_base() -> None:
    game = Game(seed="WALL1")
    game.run.ante = 2
    play_blind(game, "The Wall")
    assert BY_NAME["The Wall"]["score_multiplier"] == 4
    assert game.run.blind_chips == 4 * base_chips(2)


def test_wall_uses_the_stake_scaling_and_deck_ante_scaling() -> None:
    game = Game(seed="WALL2", stake="Green Stake")
    game.run.ante = 3
    play_blind(game, "The Wall")
    assert game.run.blind_chips == 4 * base_chips(3, scaling=2)
    game = Game(seed="WALL3", deck="Plasma Deck")
    play_blind(game, "The Wall")
    assert game.run.blind_chips == 4 * base_chips(1) * 2  # Plasma Deck ante_scaling = 2


def test_needle_gives_one_hand_and_a_1x_blind() -> None:
    game = boss_round("The Needle")
    assert game.run.hands_left == 1
    assert game.run.blind_chips == base_chips(1) * BY_NAME["The Needle"]["score_multiplier"]
    hold(game, *EIGHT)
    game.apply(Play((2,)))
    assert game.phase is Phase.GAME_OVER  # one weak hand and the round is lost


def test_violet_vessel_is_six_times_the_ante_base() -> None:
    game = Game(seed="VESSEL1")
    game.run.ante = 8
    play_blind(game, "Violet Vessel")
    assert game.run.blind_chips == 6 * base_chips(8)


# ---------------------------------------------------------------------------------------
# The Arm, The Flint (the hand's level and base)
# ---------------------------------------------------------------------------------------


def test_arm_lowers_the_played_hand_level_before_scoring() -> None:
    game = boss_round("The Arm")
    game.run.hands[HandType.PAIR].level = 3
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    assert game.run.hands[HandType.PAIR].level == 2
    chips, mult = level_values("Pair", 2)
    assert (out.score.chips, out.score.mult) == (chips + 10 + 10, mult)
    assert out.score.score == (chips + 20) * mult


def test_arm_leaves_level_1_alone() -> None:
    game = boss_round("The Arm")
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    assert game.run.hands[HandType.PAIR].level == 1
    chips, mult = level_values("Pair", 1)
    assert out.score.score == (chips + 20) * mult


@pytest.mark.parametrize("level", [1, 2, 3])
def test_flint_halves_base_chips_and_mult(level: int) -> None:
    game = boss_round("The Flint")
    game.run.hands[HandType.PAIR].level = level
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", level)
    half_chips, half_mult = halve(chips), max(halve(mult), 1)
    assert (out.score.chips, out.score.mult) == (half_chips + 20, half_mult)
    assert out.score.score == (half_chips + 20) * half_mult


def test_flint_mult_never_below_1() -> None:
    game = boss_round("The Flint")
    hold(game, *EIGHT)
    out = game.apply(Play((0,)))  # High Card: 5 chips, 1 mult -> 3, 1
    chips, mult = level_values("High Card", 1)
    assert out.score.mult == max(halve(mult), 1) == 1
    assert out.score.chips == halve(chips) + 10


# ---------------------------------------------------------------------------------------
# The Club, The Goad, The Window, The Head (suit debuffs); The Plant; The Pillar
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("row", SUIT_BOSSES, ids=lambda r: r["name"])
def test_suit_boss_debuffs_every_card_of_its_suit(row: dict[str, Any]) -> None:
    suit = SUITS[row["debuff"]["suit"]]
    game = boss_round(row["name"])
    cards = game.playing_cards
    assert len(cards) == 52
    for card in cards:
        assert card.debuffed == (card.suit == suit)


@pytest.mark.parametrize("row", SUIT_BOSSES, ids=lambda r: r["name"])
def test_suit_boss_debuffed_cards_score_nothing_but_form_the_hand(row: dict[str, Any]) -> None:
    suit = SUITS[row["debuff"]["suit"]]
    other = next(s for s in Suit if s != suit)
    game = boss_round(row["name"])
    hold(game, f"K{SUIT_CODE[suit]}", f"K{SUIT_CODE[other]}", "2C", "3D", "4S")
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", 1)
    assert out.score.hand_name == "Pair"
    assert out.score.score == (chips + 10) * mult  # only the other King's 10 chips


@pytest.mark.parametrize("row", SUIT_BOSSES, ids=lambda r: r["name"])
def test_suit_boss_debuffs_wild_cards(row: dict[str, Any]) -> None:
    suit = SUITS[row["debuff"]["suit"]]
    other = next(s for s in Suit if s != suit)
    game = boss_round(row["name"])
    wild, plain = hold(game, f"K{SUIT_CODE[other]} wild", f"Q{SUIT_CODE[other]}")
    assert wild.enhancement == Enhancement.WILD
    assert wild.debuffed and not plain.debuffed


def test_suit_debuffs_end_with_the_round() -> None:
    game = boss_round("The Club")
    finish_round(game)
    assert not any(card.debuffed for card in game.playing_cards)


def test_plant_debuffs_face_cards() -> None:
    game = boss_round("The Plant")
    for card in game.playing_cards:
        assert card.debuffed == (11 <= card.rank <= 13)
    hold(game, "KH", "KS", "2C")
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", 1)
    assert out.score.hand_name == "Pair"
    assert out.score.score == chips * mult


def test_plant_with_pareidolia_debuffs_every_card() -> None:
    game = boss_round("The Plant", jokers=("Pareidolia",))
    assert all(card.debuffed for card in game.playing_cards)


def test_pillar_debuffs_cards_played_earlier_this_ante() -> None:
    game = Game(seed="PILLAR1")
    play_blind(game)  # Small Blind
    played = hold(game, "AS", "AH", "AD", "AC", "2S")
    game.apply(Play((0, 1, 2, 3)))  # four Aces beat the Small Blind
    assert game.phase is Phase.CASH_OUT
    to_next_blind_select(game)
    play_blind(game, "The Pillar")
    aces = played[:4]
    assert all(card.debuffed for card in aces)
    assert sum(card.debuffed for card in game.playing_cards) == 4
    hold(game, "AS", "AH", "KS", "KH", "2C")
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", 1)
    assert out.score.score == chips * mult  # the played Aces add no chips


@pytest.mark.parametrize("tarot", ["c_empress", "c_magician", "c_chariot"])
def test_an_enhancement_makes_a_card_forget_it_was_played_this_ante(tarot: str) -> None:
    # the game's set_ability makes the card's ability afresh: The Pillar no longer
    # debuffs it (Y6IDYJWS: The Magician in a pack; The Empress under The Pillar)
    game = Game(seed="PILLAR2")
    play_blind(game)
    played = hold(game, "AS", "AH", "AD", "AC", "2S")
    game.apply(Play((0, 1, 2, 3)))
    to_next_blind_select(game)
    play_blind(game, "The Pillar")
    hold(game, "AS", "AH", "KS", "KH", "2C")
    spade, heart = played[0], played[1]
    assert spade.debuffed and heart.debuffed
    game.add_consumable(tarot)
    game.apply(Use(0, (0,)))
    assert not spade.played_this_ante and not spade.debuffed
    assert heart.played_this_ante and heart.debuffed
    out = game.apply(Play((0,)))
    assert out.score is not None and out.score.scoring[0] is spade
    assert out.score.chips > level_values("High Card", 1)[0]  # the enhanced Ace scores


def test_pillar_marks_are_cleared_when_the_boss_is_beaten() -> None:
    game = boss_round("The Pillar")
    played = hold(game, "AS", "AH", "2C", "3D", "4S")
    game.apply(Play((0, 1)))
    assert game.phase is Phase.ROUND
    assert all(card.played_this_ante for card in played[:2])
    finish_round(game)
    assert not any(card.played_this_ante for card in game.playing_cards)
    to_next_blind_select(game)
    play_blind(game, "The Pillar")
    assert not any(card.debuffed for card in game.playing_cards)


# ---------------------------------------------------------------------------------------
# The Psychic, The Eye, The Mouth (refused hands)
# ---------------------------------------------------------------------------------------


def test_psychic_refuses_hands_of_fewer_than_5_cards() -> None:
    assert BY_NAME["The Psychic"]["debuff"]["h_size_ge"] == 5
    game = boss_round("The Psychic")
    hold(game, *EIGHT)
    hands = game.run.hands_left
    out = game.apply(Play((0, 1, 2, 3)))
    assert out.score.debuffed
    assert out.score.score == 0 and game.run.chips == 0
    assert game.run.hands_left == hands - 1  # the hand is still spent
    assert game.blind is not None and game.blind.triggered


def test_psychic_scores_5_card_hands() -> None:
    game = boss_round("The Psychic")
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1, 2, 3, 4)))
    chips, mult = level_values("Pair", 1)
    assert not out.score.debuffed
    assert out.score.score == (chips + 20) * mult


def test_eye_refuses_a_repeated_hand_type() -> None:
    game = boss_round("The Eye")
    hold(game, *EIGHT)
    first = game.apply(Play((0, 1)))
    assert first.score.hand_name == "Pair" and first.score.score > 0
    hold(game, *EIGHT)
    again = game.apply(Play((0, 1)))
    assert again.score.hand_name == "Pair"
    assert again.score.debuffed and again.score.score == 0
    hold(game, *EIGHT)
    other = game.apply(Play((2,)))
    assert other.score.hand_name == "High Card" and other.score.score > 0


def test_mouth_scores_only_the_first_hand_type() -> None:
    game = boss_round("The Mouth")
    hold(game, *EIGHT)
    first = game.apply(Play((2,)))
    assert first.score.hand_name == "High Card" and first.score.score > 0
    hold(game, *EIGHT)
    other = game.apply(Play((0, 1)))
    assert other.score.hand_name == "Pair"
    assert other.score.debuffed and other.score.score == 0
    hold(game, *EIGHT)
    same = game.apply(Play((3,)))
    assert same.score.hand_name == "High Card" and same.score.score > 0


# ---------------------------------------------------------------------------------------
# The Water, The Manacle, The Serpent, The Tooth
# ---------------------------------------------------------------------------------------


def test_water_starts_with_no_discards() -> None:
    game = boss_round("The Water")
    assert game.run.discards_left == 0
    assert not game.can(Discard((0,)))
    assert not any(isinstance(a, Discard) for a in game.legal_actions())


def test_manacle_takes_one_hand_size_for_the_round() -> None:
    game = Game(seed="MANACLE1")
    normal = game.hand_size
    play_blind(game, "The Manacle")
    assert game.hand_size == normal - 1
    assert len(game.hand) == normal - 1
    game.apply(Play((0,)))
    assert len(game.hand) == normal - 1
    finish_round(game)
    assert game.hand_size == normal
    to_next_blind_select(game)
    play_blind(game)
    assert len(game.hand) == normal


def test_serpent_draws_exactly_three_after_a_play_or_discard() -> None:
    game = boss_round("The Serpent")
    assert len(game.hand) == game.hand_size  # the first draw fills the hand
    game.apply(Play((0, 1, 2, 3, 4)))
    assert len(game.hand) == game.hand_size - 5 + 3
    game.apply(Discard((0,)))
    assert len(game.hand) == game.hand_size - 5 + 3 - 1 + 3
    game.apply(Discard((0,)))
    assert len(game.hand) == game.hand_size + 2  # beyond the hand size


def test_tooth_takes_one_dollar_per_played_card() -> None:
    game = boss_round("The Tooth")
    game.earn(10)
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1, 2, 3, 4)))
    assert out.dollars_before - out.dollars_after == 5
    hold(game, *EIGHT)
    out = game.apply(Play((0,)))
    assert out.dollars_before - out.dollars_after == 1


def test_tooth_can_take_money_below_zero() -> None:
    game = boss_round("The Tooth")
    start = game.run.dollars
    hold(game, *EIGHT)
    game.apply(Play((0, 1, 2, 3, 4)))
    assert game.run.dollars == start - 5


# ---------------------------------------------------------------------------------------
# showdown: Amber Acorn, Verdant Leaf, Crimson Heart, Cerulean Bell
# ---------------------------------------------------------------------------------------

FIVE_JOKERS = ("Joker", "Greedy Joker", "Lusty Joker", "Wrathful Joker", "Gluttonous Joker")


def test_amber_acorn_shuffles_the_jokers() -> None:
    orders = set()
    for i in range(6):
        game = Game(seed=f"ACORN{i}")
        for key in FIVE_JOKERS:
            game.add_joker(key)
        play_blind(game, "Amber Acorn")
        names = tuple(j.name for j in game.jokers)
        assert sorted(names) == sorted(FIVE_JOKERS)
        assert [j.slot for j in game.jokers] == list(range(5))
        orders.add(names)
    assert len(orders) > 2  # the order is random, not fixed


def test_verdant_leaf_debuffs_every_card_until_a_joker_is_sold() -> None:
    game = boss_round("Verdant Leaf", jokers=("Joker",))
    assert all(card.debuffed for card in game.playing_cards)
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", 1)
    assert out.score.score == chips * (mult + JOKER_MULT)  # the cards add nothing
    game.apply(Sell("jokers", 0))
    assert game.blind is not None and game.blind.disabled
    assert not any(card.debuffed for card in game.playing_cards)
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    assert out.score.score == (chips + 20) * mult


def test_crimson_heart_debuffs_one_joker_each_hand_never_the_same_twice() -> None:
    game = boss_round("Crimson Heart", jokers=FIVE_JOKERS[:3])
    debuffed = [j for j in game.jokers if j.debuffed]
    assert len(debuffed) == 1
    for _ in range(3):
        last = debuffed[0]
        game.apply(Play((0,)))
        debuffed = [j for j in game.jokers if j.debuffed]
        assert len(debuffed) == 1
        assert debuffed[0] is not last


def test_crimson_heart_reenables_jokers_after_the_round() -> None:
    game = boss_round("Crimson Heart", jokers=FIVE_JOKERS[:2])
    assert sum(j.debuffed for j in game.jokers) == 1
    finish_round(game)
    assert not any(j.debuffed for j in game.jokers)


def test_crimson_heart_discard_does_not_change_the_debuffed_joker() -> None:
    game = boss_round("Crimson Heart", jokers=FIVE_JOKERS[:3])
    before = [j.debuffed for j in game.jokers]
    game.apply(Discard((0,)))
    assert [j.debuffed for j in game.jokers] == before


def test_crimson_heart_without_jokers_does_nothing() -> None:
    game = boss_round("Crimson Heart")
    game.apply(Play((0,)))
    game.add_joker("Joker")
    assert not game.jokers[0].debuffed  # only a draw debuffs
    game.apply(Play((0,)))
    assert game.jokers[0].debuffed


def test_crimson_heart_with_one_joker_debuffs_it_every_hand() -> None:
    game = boss_round("Crimson Heart", jokers=("Joker",))
    assert game.jokers[0].debuffed
    game.apply(Play((0,)))
    assert game.jokers[0].debuffed


def test_crimson_heart_debuffed_joker_does_not_score() -> None:
    game = boss_round("Crimson Heart", jokers=("Joker",))
    hold(game, *EIGHT)
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", 1)
    assert out.score.score == (chips + 20) * mult  # no +4 mult from the debuffed Joker


def test_cerulean_bell_forces_one_card() -> None:
    game = boss_round("Cerulean Bell")
    forced = [i for i, card in enumerate(game.hand) if card.forced]
    assert len(forced) == 1
    (i,) = forced
    other = (i + 1) % len(game.hand)
    for action in (Play((other,)), Discard((other,))):
        assert not game.can(action)
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert game.can(Play((i,))) and game.can(Play(tuple(sorted((i, other)))))
    cards_actions = [a for a in game.legal_actions() if isinstance(a, (Play, Discard))]
    assert cards_actions and all(i in a.cards for a in cards_actions)


def test_cerulean_bell_forces_a_new_card_after_each_play_or_discard() -> None:
    game = boss_round("Cerulean Bell")
    for action in (Discard, Play, Discard):
        (i,) = [i for i, card in enumerate(game.hand) if card.forced]
        chosen = game.hand[i]
        game.apply(action((i,)))
        assert not chosen.forced
        assert sum(card.forced for card in game.hand) == 1


def test_hold_puts_the_forced_and_face_down_cards_back_plain() -> None:
    for name, flag in (("Cerulean Bell", "forced"), ("The House", "face_down")):
        game = boss_round(name)
        hold(game, *EIGHT)
        assert not any(getattr(card, flag) for card in game.area(Area.DECK))


def test_cerulean_bell_forced_card_is_random() -> None:
    picked = set()
    for i in range(6):
        game = boss_round("Cerulean Bell", seed=f"BELL{i}")
        picked.add(next(card.label for card in game.hand if card.forced))
    assert len(picked) > 1


# ---------------------------------------------------------------------------------------
# disabling a boss: Chicot, Luchador, Game.disable_blind
# ---------------------------------------------------------------------------------------


def test_chicot_disables_the_boss_when_it_is_selected() -> None:
    game = boss_round("The Water", jokers=("Chicot",))
    assert game.blind is not None and game.blind.disabled
    assert game.run.discards_left == game.run.round_discards


def test_chicot_does_not_disable_small_and_big_blinds() -> None:
    game = Game(seed="CHICOT0")
    game.add_joker("Chicot")
    play_blind(game)
    assert game.blind is not None and not game.blind.disabled


@pytest.mark.parametrize(
    "name",
    ["The Hook", "The Tooth", "The Psychic", "The Flint", "The Club", "The Plant", "The Arm"],
)
def test_a_disabled_boss_scores_like_no_boss(name: str) -> None:
    game = boss_round(name, jokers=("Chicot",))
    game.run.hands[HandType.PAIR].level = 2
    game.earn(10)
    hold(game, "KC", "KS", "QS", "3D", "4S", "5H", "7C", "9D")
    out = game.apply(Play((0, 1)))
    chips, mult = level_values("Pair", 2)
    assert not out.score.debuffed
    assert out.score.score == (chips + 20) * mult
    assert out.dollars_after == out.dollars_before
    assert len(game.area(Area.DISCARD)) == 2  # no Hook discards
    assert game.run.hands[HandType.PAIR].level == 2


def test_a_disabled_ox_keeps_money() -> None:
    game = boss_round("The Ox", jokers=("Chicot",))
    game.earn(10)
    hold(game, *EIGHT)
    game.apply(Play((2,)))
    assert game.run.dollars == 14


@pytest.mark.parametrize("name", ["The Eye", "The Mouth"])
def test_a_disabled_eye_or_mouth_scores_every_hand(name: str) -> None:
    game = boss_round(name, jokers=("Chicot",))
    for cards in ((0, 1), (0, 1), (2,)):
        hold(game, *EIGHT)
        out = game.apply(Play(cards))
        assert not out.score.debuffed and out.score.score > 0


def test_chicot_halves_the_wall_and_divides_violet_vessel_by_3() -> None:
    game = boss_round("The Wall", jokers=("Chicot",))
    assert game.run.blind_chips == 4 * base_chips(1) / 2
    game = boss_round("Violet Vessel", jokers=("Chicot",))
    assert game.run.blind_chips == 6 * base_chips(1) / 3


def test_chicot_keeps_needle_hands_and_manacle_hand_size() -> None:
    game = boss_round("The Needle", jokers=("Chicot",))
    assert game.run.hands_left == game.run.round_hands
    game = boss_round("The Manacle", jokers=("Chicot",))
    normal = Game(seed="BOSS1").hand_size
    assert game.hand_size == normal and len(game.hand) == normal


def test_chicot_bought_mid_round_disables_the_boss() -> None:
    game = boss_round("The Wall")
    game.add_joker("Chicot")
    assert game.blind is not None and game.blind.disabled
    assert game.run.blind_chips == 2 * base_chips(1)


def test_disabling_the_water_gives_the_discards_back() -> None:
    game = boss_round("The Water")
    game.disable_blind()
    assert game.run.discards_left == game.run.round_discards
    assert game.can(Discard((0,)))


def test_disabling_the_needle_gives_the_hands_back() -> None:
    game = boss_round("The Needle")
    game.disable_blind()
    assert game.run.hands_left == game.run.round_hands


def test_disabling_the_manacle_gives_the_hand_size_back() -> None:
    game = Game(seed="MANACLE2")
    normal = game.hand_size
    play_blind(game, "The Manacle")
    game.disable_blind()
    assert game.hand_size == normal
    game.apply(Play((0,)))
    assert len(game.hand) == normal


def test_disabling_a_suit_boss_lifts_its_debuffs() -> None:
    game = boss_round("The Head")
    assert any(card.debuffed for card in game.playing_cards)
    game.disable_blind()
    assert not any(card.debuffed for card in game.playing_cards)


def test_disabling_crimson_heart_reenables_the_joker() -> None:
    game = boss_round("Crimson Heart", jokers=FIVE_JOKERS[:2])
    game.disable_blind()
    assert not any(j.debuffed for j in game.jokers)
    game.apply(Play((0,)))
    assert not any(j.debuffed for j in game.jokers)


def test_disabling_cerulean_bell_stops_new_forced_cards() -> None:
    game = boss_round("Cerulean Bell")
    game.disable_blind()
    (i,) = [i for i, card in enumerate(game.hand) if card.forced]
    game.apply(Play((i,)))
    assert not any(card.forced for card in game.hand)


def test_selling_luchador_disables_the_boss() -> None:
    game = boss_round("The Needle", jokers=("Luchador",))
    assert game.run.hands_left == 1
    game.apply(Sell("jokers", 0))
    assert game.blind is not None and game.blind.disabled
    assert game.run.hands_left == game.run.round_hands


@pytest.mark.parametrize("name", ["The House", "The Mark"])
def test_disabling_a_face_down_boss_turns_the_hand_face_up(name: str) -> None:
    game = boss_round(name, jokers=("Luchador", "Pareidolia"))
    assert all(face_down(game))
    game.apply(Sell("jokers", 0))
    assert not any(face_down(game))
    game.apply(Discard((0, 1)))
    assert not any(face_down(game))


def test_disabling_the_fish_or_the_wheel_turns_the_hand_face_up() -> None:
    game = boss_round("The Fish", jokers=("Luchador",))
    game.apply(Play((0, 1, 2)))
    assert any(face_down(game))
    game.apply(Sell("jokers", 0))
    assert not any(face_down(game))
    game = boss_round("The Wheel", seed="WHEEL0", jokers=("Luchador", "Oops! All 6s"))
    assert any(face_down(game))
    game.apply(Sell("jokers", 0))
    assert not any(face_down(game))


def test_disabled_boss_draws_face_up() -> None:
    game = boss_round("The Fish", jokers=("Chicot",))
    game.apply(Play((0, 1)))
    assert not any(face_down(game))
    game = boss_round("The Serpent", jokers=("Chicot",))
    game.apply(Play((0, 1, 2, 3, 4)))
    assert len(game.hand) == game.hand_size


# ---------------------------------------------------------------------------------------
# choosing the boss
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("ante", range(1, 17))
def test_boss_is_drawn_from_the_ante_pool(ante: int) -> None:
    game = Game(seed=f"POOL{ante}")
    game.run.ante = ante
    game.run.bosses_used = {}
    pool = eligible_bosses(ante)
    drawn = [choose_boss(game) for _ in range(len(pool))]
    assert set(drawn) == pool  # least used first: every eligible boss once before repeats
    assert set(drawn + [choose_boss(game) for _ in range(5)]) <= pool


@pytest.mark.parametrize("ante", [1, 2, 7, 8, 9, 15, 16, 24])
def test_showdown_bosses_only_on_multiples_of_8(ante: int) -> None:
    game = Game(seed=f"SHOW{ante}")
    game.run.ante = ante
    kinds = {game.plugins.blind(choose_boss(game)).kind for _ in range(12)}
    assert kinds == ({"showdown"} if ante % WIN_ANTE == 0 else {"boss"})


def test_ante_1_pool_is_the_8_min_ante_1_bosses() -> None:
    game = Game(seed="ANTE1")
    game.run.bosses_used = {}
    drawn = {choose_boss(game) for _ in range(8)}
    assert drawn == {row["key"] for row in BOSSES if row["min_ante"] == 1}
    assert len(drawn) == 8


def test_least_used_boss_is_chosen() -> None:
    game = Game(seed="LEAST1")
    game.run.ante = 3
    pool = sorted(eligible_bosses(3))
    game.run.bosses_used = {key: 1 for key in pool[1:]}
    assert choose_boss(game) == pool[0]
    assert game.run.bosses_used[pool[0]] == 1


@pytest.mark.parametrize("seed", [f"START{i}" for i in range(8)])
def test_first_boss_is_an_ante_1_boss(seed: str) -> None:
    game = Game(seed=seed)
    assert game.run.boss in eligible_bosses(1)
    assert game.run.bosses_used == {game.run.boss: 1}


def test_next_ante_boss_comes_from_the_next_ante_pool() -> None:
    game = Game(seed="NEXT1")
    first = game.run.boss
    play_blind(game, first)
    finish_round(game)
    assert game.run.ante == 2
    to_next_blind_select(game)
    assert game.run.boss in eligible_bosses(2)
    assert game.run.boss != first  # the first boss was used once already


def test_a_run_meets_a_new_eligible_boss_every_ante_and_a_showdown_at_8() -> None:
    game = Game(seed="RUN8")
    seen = []
    for ante in range(1, WIN_ANTE + 1):
        assert game.run.ante == ante
        assert game.run.boss in eligible_bosses(ante)
        seen.append(game.run.boss)
        for which in ("Small", "Big", "Boss"):
            assert game.run.blind_on_deck == which
            play_blind(game)
            finish_round(game)
            if not game.run.won:
                to_next_blind_select(game)
    assert game.run.won
    assert len(set(seen)) == WIN_ANTE  # least used first: no boss twice
    assert BLINDS[seen[-1]]["type"] == "showdown"


def test_reroll_boss_needs_a_voucher() -> None:
    game = Game(seed="REROLL1")
    game.earn(50)
    assert not game.can(RerollBoss())
    assert RerollBoss() not in game.legal_actions()


def test_directors_cut_rerolls_once_per_ante_for_10_dollars() -> None:
    game = Game(seed="REROLL2")
    redeem_voucher(game, "v_directors_cut")
    game.earn(30 - game.run.dollars)
    assert game.can(RerollBoss())
    out = game.apply(RerollBoss())
    assert out.dollars_before - out.dollars_after == REROLL_COST == 10
    assert game.run.boss in eligible_bosses(1)
    assert not game.can(RerollBoss())  # once per ante
    play_blind(game, game.run.boss)
    finish_round(game)
    to_next_blind_select(game)
    assert game.can(RerollBoss())  # a new ante


def test_retcon_rerolls_any_number_of_times() -> None:
    game = Game(seed="REROLL3")
    redeem_voucher(game, "v_directors_cut")
    redeem_voucher(game, "v_retcon")
    game.earn(40 - game.run.dollars)
    bosses = {game.run.boss}
    for _ in range(4):
        game.apply(RerollBoss())
        assert game.run.boss in eligible_bosses(1)
        bosses.add(game.run.boss)
    assert game.run.dollars == 0
    assert len(bosses) == 5  # least used first: each reroll gives a boss not seen yet
    assert not game.can(RerollBoss())  # $0 left


def test_reroll_boss_needs_10_dollars() -> None:
    game = Game(seed="REROLL4")
    redeem_voucher(game, "v_directors_cut")
    game.earn(REROLL_COST - 1 - game.run.dollars)
    assert not game.can(RerollBoss())
    with pytest.raises(IllegalActionError):
        game.apply(RerollBoss())
    game.earn(1)
    assert game.can(RerollBoss())


def test_reroll_boss_only_at_blind_select() -> None:
    game = Game(seed="REROLL5")
    redeem_voucher(game, "v_directors_cut")
    game.earn(20)
    game.apply(SelectBlind())
    assert not game.can(RerollBoss())


def test_a_save_through_the_pillar_with_a_hand_shape_joker_reloads_the_same() -> None:
    """Cards played this ante sit undebuffed in the discard pile until the round ends; a
    reload with Four Fingers (which changes how hands are read) must not debuff them."""
    from balatro_ecs import Game
    from balatro_ecs.game.actions import Play
    from balatro_ecs.tools.testing.runs import play_blind

    for key in ("j_four_fingers", "j_pareidolia", "j_shortcut", "j_smeared"):
        game = Game(seed="PILLAR")
        game.add_joker(key)
        play_blind(game, "The Pillar")
        game.apply(Play((0, 1, 2)))
        game.apply(Play((0, 1)))
        text = game.to_json()
        assert Game.from_json(text).to_json() == text, key


# ---------------------------------------------------------------------------------------
# the forced-card gate (kernel/components.py FORCED_MADE)
# ---------------------------------------------------------------------------------------


@pytest.fixture
def gate_shut() -> Any:
    """The gate shut for the test (as in a fresh process), put back as it was after."""
    from balatro_ecs.kernel import components as C

    was = C.FORCED_MADE[0]
    C.FORCED_MADE[0] = False
    yield C
    C.FORCED_MADE[0] = was or C.FORCED_MADE[0]


@pytest.mark.parametrize("way", ["card_flags", "made", "replace", "pickle", "deepcopy", "copy"])
def test_every_way_a_forced_flag_comes_about_opens_the_gate(way: str, gate_shut: Any) -> None:
    # A play or a discard looks for a forced card only once the gate is open: any
    # CardFlags that forces a card, however it came about, must open it.
    import copy
    import dataclasses
    import pickle

    C = gate_shut
    forced = C.card_flags(forced_selection=True)
    plain = C.card_flags(played_this_ante=True, face_down=True)
    C.FORCED_MADE[0] = False
    makers = {
        "card_flags": lambda: C.card_flags(False, False, True),
        "made": lambda: C.CardFlags(forced_selection=True),
        "replace": lambda: dataclasses.replace(plain, forced_selection=True),
        "pickle": lambda: pickle.loads(pickle.dumps(forced)),
        "deepcopy": lambda: copy.deepcopy(forced),
        "copy": lambda: copy.copy(forced),
    }
    assert copy.deepcopy(plain) == plain and pickle.loads(pickle.dumps(plain)) == plain
    C.card_flags(True, True, False, True, True)
    assert C.FORCED_MADE[0] is False  # (flags that force nothing leave it shut)
    made = makers[way]()
    assert made.forced_selection and (made == forced or way == "replace")
    assert C.FORCED_MADE[0] is True


def test_cerulean_bell_plays_the_same_with_the_gate_shut_until_its_pick(gate_shut: Any) -> None:
    C = gate_shut
    game = boss_round("Cerulean Bell")
    assert C.FORCED_MADE[0] is True  # the Bell's pick opened it
    (i,) = [i for i, card in enumerate(game.hand) if card.forced]
    other = (i + 1) % len(game.hand)
    assert not game.can(Play((other,)))
    game.apply(Play((i,)))
    assert sum(card.forced for card in game.playing_cards) <= 1
