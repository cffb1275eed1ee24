"""Poker hand detection: the twelve hands, containment, and the rule-changing jokers."""

from __future__ import annotations

import pytest

from balatro_ecs import score
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.hands import clear_cache, contains_names, detect, detector
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.kernel.manager import Plugins

from .conftest import cards

VANILLA = (5, 5, False, False)
#: The built-in plugins' hands, detected without the cache.
detect_uncached = detector(Plugins(entry_points=False, config=False)).detect_uncached


def keys(*texts: str) -> list[tuple[int, int, int]]:
    out = []
    for text in texts:
        spec = CardSpec.parse(text)
        out.append((spec.rank, 1 << spec.suit, spec.rank * 4 + 3 - spec.suit))
    return out


@pytest.mark.parametrize(
    ("texts", "hand", "scoring"),
    [
        (("AS", "AS", "AS", "AS", "AS"), "Flush Five", (0, 1, 2, 3, 4)),
        (("AS", "AS", "AS", "KS", "KS"), "Flush House", (0, 1, 2, 3, 4)),
        (("AS", "AH", "AS", "AC", "AD"), "Five of a Kind", (0, 1, 2, 3, 4)),
        (("9H", "10H", "JH", "QH", "KH"), "Straight Flush", (0, 1, 2, 3, 4)),
        (("10S", "JS", "QS", "KS", "AS"), "Straight Flush", (0, 1, 2, 3, 4)),
        (("7S", "7H", "2D", "7C", "7D"), "Four of a Kind", (0, 1, 3, 4)),
        (("7S", "7H", "2D", "7C", "2S"), "Full House", (0, 1, 2, 3, 4)),
        (("2H", "5H", "8H", "JH", "KH"), "Flush", (0, 1, 2, 3, 4)),
        (("AD", "2S", "3H", "4C", "5D"), "Straight", (0, 1, 2, 3, 4)),
        (("9S", "9H", "9D", "KC", "2S"), "Three of a Kind", (0, 1, 2)),
        (("9S", "9H", "KD", "KC", "2S"), "Two Pair", (0, 1, 2, 3)),
        (("9S", "4H", "KD", "KC", "2S"), "Pair", (2, 3)),
        (("AS", "7D", "4C"), "High Card", (0,)),
    ],
)
def test_every_hand(texts: tuple[str, ...], hand: str, scoring: tuple[int, ...]) -> None:
    found = detect_uncached(keys(*texts), VANILLA)
    assert found.name == hand
    assert found.scoring == scoring


def test_no_wrap_around_straight() -> None:
    assert detect_uncached(keys("QS", "KH", "AD", "2C", "3S"), VANILLA).name == "High Card"


def test_highest_pair_scores_when_two_pairs_are_not_a_hand() -> None:
    # four cards: 9 9 K K is Two Pair; its Pair contains the higher pair
    found = detect_uncached(keys("9S", "9H", "KD", "KC"), VANILLA)
    assert found.name == "Two Pair"


@pytest.mark.parametrize(
    ("texts", "position"),
    [(("10S", "JD", "4C"), 1), (("KD", "AS", "QH"), 1), (("2C", "9S", "8H", "3D"), 1)],
)
def test_high_card_is_the_highest_rank(texts: tuple[str, ...], position: int) -> None:
    assert detect_uncached(keys(*texts), VANILLA).scoring == (position,)


@pytest.mark.parametrize(
    ("texts", "contained", "absent"),
    [
        (
            ("7S", "7H", "7C", "7D", "2S"),
            {"Four of a Kind", "Three of a Kind", "Pair"},
            {"Two Pair"},
        ),
        (
            ("7S", "7H", "7C", "2D", "2S"),
            {"Full House", "Three of a Kind", "Two Pair", "Pair"},
            set(),
        ),
        (
            ("9H", "10H", "JH", "QH", "KH"),
            {"Straight Flush", "Straight", "Flush", "High Card"},
            {"Pair"},
        ),
        (
            ("AS", "AH", "AS", "AC", "AD"),
            {"Five of a Kind", "Four of a Kind", "Three of a Kind", "Pair"},
            {"Two Pair"},
        ),
    ],
)
def test_containment(texts: tuple[str, ...], contained: set[str], absent: set[str]) -> None:
    found = set(contains_names(detect_uncached(keys(*texts), VANILLA).contains))
    assert contained <= found
    assert not (absent & found)


def test_four_fingers_and_shortcut_parameters() -> None:
    four = (4, 4, False, False)
    assert detect_uncached(keys("2H", "6H", "9H", "JH", "4S"), four).scoring == (0, 1, 2, 3)
    assert detect_uncached(keys("2H", "6H", "9H", "JH"), four).name == "Flush"
    assert detect_uncached(keys("3S", "4H", "5D", "6C"), four).name == "Straight"
    skips = (5, 5, True, False)
    assert detect_uncached(keys("2S", "4H", "6D", "8C", "10S"), skips).name == "Straight"
    # two missing ranks in a row break the run, even with Shortcut
    assert detect_uncached(keys("2S", "3H", "6D", "7C", "8S"), skips).name == "High Card"


def test_detection_cache_returns_the_same_answer() -> None:
    clear_cache()
    first = detect(keys("9S", "9H", "KD"), VANILLA)
    assert detect(keys("9S", "9H", "KD"), VANILLA) is first
    assert first == detect_uncached(keys("9S", "9H", "KD"), VANILLA)


def test_empty_hand_is_an_error() -> None:
    with pytest.raises(ValueError):
        detect_uncached([], VANILLA)


# --- through the engine: cards with enhancements, and jokers that change the rules -----


def test_stone_cards_never_pair_and_always_score() -> None:
    result = score({"played": cards("5D stone", "5C stone", "9H")})
    assert result.hand_name == "High Card"
    assert len(result.scoring) == 3


def test_wild_card_completes_a_flush_but_not_when_debuffed() -> None:
    flush = cards("2H", "5H", "8H", "JH", "KS wild")
    assert score({"played": flush}).hand_name == "Flush"
    debuffed = [*flush[:4], {**flush[4], "debuff": True}]
    assert score({"played": debuffed}).hand_name == "High Card"


def test_smeared_joker_merges_suits() -> None:
    mixed = cards("2H", "6D", "9H", "JD", "KH")
    assert score({"played": mixed}).hand_name == "High Card"
    assert score({"played": mixed, "jokers": ["Smeared Joker"]}).hand_name == "Flush"


def test_a_debuffed_rule_joker_changes_nothing() -> None:
    four = cards("2H", "6H", "9H", "JH", "4S")
    assert score({"played": four, "jokers": ["Four Fingers"]}).hand_name == "Flush"
    debuffed = {"played": four, "jokers": [{"name": "Four Fingers", "debuff": True}]}
    assert score(debuffed).hand_name == "High Card"


def test_splash_scores_every_played_card() -> None:
    played = cards("KH", "KS", "3D", "7C", "9H")
    assert len(score({"played": played}).scoring) == 2
    assert len(score({"played": played, "jokers": ["Splash"]}).scoring) == 5


def test_pareidolia_makes_every_card_a_face_card() -> None:
    played = cards("2H", "2S")
    plain = score({"played": played, "jokers": ["Scary Face"]})
    faces = score({"played": played, "jokers": ["Pareidolia", "Scary Face"]})
    assert faces.chips == plain.chips + 60


def test_hand_types_parse_by_name() -> None:
    assert HandType.from_name("two pair") is HandType.TWO_PAIR
    with pytest.raises(ValueError, match="did you mean 'Two Pair'"):
        HandType.from_name("Two Pairs")


def test_the_hand_iteration_order_is_luajit_20s() -> None:
    """The recorded order is what LuaJIT 2.0 gives (checked where lupa is installed)."""
    import importlib.util
    import sys
    from pathlib import Path

    import pytest

    from balatro_ecs.kernel.enums import HAND_ITERATION_ORDER, VANILLA_HANDS

    assert sorted(HAND_ITERATION_ORDER) == sorted(VANILLA_HANDS)
    if importlib.util.find_spec("lupa") is None:
        pytest.skip("lupa is not installed")
    sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
    try:
        from lua_hand_order import measure
    finally:
        sys.path.pop(0)
    assert measure() == HAND_ITERATION_ORDER
