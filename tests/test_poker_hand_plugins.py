"""Poker hands as plugins: the vanilla twelve, and a hand a mod adds.

The mod's hand is declared inside a fixture (at test time, not at collection), since a
declaration adds a member to the process's :class:`HandType`.
"""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import Play, Use
from balatro_ecs.game.hands import Detector, HandParts, detector
from balatro_ecs.game.scenario import score
from balatro_ecs.kernel.content import ConsumableType, PokerHandType
from balatro_ecs.kernel.enums import HAND_NAMES, VANILLA_HANDS, HandType
from balatro_ecs.kernel.errors import ContentError, HookError, PluginError, ScenarioError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import Effect, JokerType
from balatro_ecs.tools.observe import describe_state
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind

from .poker_hand_oracle import detect_twelve

SEVENS = [{"rank": "7", "suit": s} for s in "SHD"] + [{"rank": "K", "suit": "C"}]


def _triple_seven_detect(cards: Any, parts: HandParts) -> list[int] | None:
    sevens = [pos for pos, card in enumerate(cards) if card[0] == 7]
    return sevens if len(sevens) >= 3 else None


@pytest.fixture(scope="module")
def triple_seven() -> types.ModuleType:
    """Triple Seven: three 7s and anything; between Straight and Three of a Kind."""
    declaration = PokerHandType(
        key="h_test_triple_seven",
        name="Triple Seven",
        chips=70,
        mult=7,
        level_chips=35,
        level_mult=3,
        order=8.5,
    )
    return plugin_module("test_triple_seven", declaration, poker_hand_detect=_triple_seven_detect)


@pytest.fixture(scope="module")
def casino() -> types.ModuleType:
    """Casino: the Planet of Triple Seven."""
    declaration = ConsumableType(
        key="c_test_casino", name="Casino", set="Planet", cost=3, hand="Triple Seven"
    )

    def consumable_use(game: Game, consumable: Any, targets: Any) -> None:
        game.level_up(HandType.from_name("Triple Seven"), 1, consumable.name)

    return plugin_module(
        "test_casino",
        declaration,
        consumable_can_use=lambda game, consumable, targets: True,
        consumable_use=consumable_use,
    )


@pytest.fixture(scope="module")
def sevens_joker() -> types.ModuleType:
    """A joker that asks whether the played hand contains Triple Seven: X3 Mult."""
    declaration = JokerType(key="j_test_sevens", name="Sevens Fan", effect="X3 if Triple Seven")

    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        return Effect(x_mult=3) if ctx.contains("Triple Seven") else None

    return plugin_module("test_sevens_fan", declaration, joker_main=joker_main)


@pytest.fixture(scope="module")
def modded(triple_seven: Any, casino: Any, sevens_joker: Any) -> Plugins:
    return Plugins(plugins=[triple_seven, casino, sevens_joker], entry_points=False)


TRIPLE = "Triple Seven"


# ---------------------------------------------------------------------------------------
# vanilla
# ---------------------------------------------------------------------------------------


def test_the_vanilla_hands_are_content_of_the_vanilla_pack() -> None:
    plugins = Plugins(entry_points=False)
    found = detector(plugins)
    assert found.shaped  # the game's hands read only the cards' shape
    assert found.hands == tuple(HandType(i) for i in range(12))  # best first, unchanged
    assert [t.name for t in found.types] == list(VANILLA_HANDS)
    pair = plugins.find(PokerHandType, "Pair")
    assert (pair.key, pair.kind, pair.order, pair.visible) == ("h_pair", HandType.PAIR, 11, True)
    assert (pair.chips, pair.mult, pair.level_chips, pair.level_mult) == (10, 2, 15, 1)
    secret = {t.name for t in found.types if not t.visible}
    assert secret == {"Five of a Kind", "Flush House", "Flush Five"}
    owners = plugins.owners()
    assert owners["h_flush_house"] == "balatro_ecs_vanilla.poker_hands.h_flush_house"
    assert plugins.hooks_of("h_straight") == ["poker_hand_detect"]


def _random_hands(seed: int, count: int) -> list[tuple[list[tuple[int, int, int]], Any]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(1, 5) if rng.random() < 0.95 else rng.randint(6, 7)
        cards = []
        for _ in range(n):
            if rng.random() < 0.05:
                cards.append((-1, 0, -1))  # Stone
                continue
            rank = rng.randint(2, 14) if rng.random() < 0.5 else rng.choice((2, 3, 5, 13, 14))
            suit = rng.randrange(4)
            mask = 1 << suit
            if rng.random() < 0.05:
                mask = 15  # Wild
            elif rng.random() < 0.1:
                mask = 5 if suit in (0, 2) else 10  # Smeared
            cards.append((rank, mask, rank * 4 + 3 - suit))
        rules = (rng.choice((4, 5)), rng.choice((4, 5)), rng.random() < 0.3, False)
        out.append((cards, rules))
    return out


def test_the_vanilla_hooks_detect_what_an_independent_pass_detects() -> None:
    """The twelve hooks are the only detection of the game's hands; a second, one-pass
    formulation of the same rules (the tests' oracle) agrees with them."""
    plugins = Plugins(entry_points=False)
    table = plugins.table("poker_hand_detect")
    hooks = Detector([(t, table[t.key], "vanilla") for t in detector(plugins).types])
    assert hooks.shaped
    for cards, rules in _random_hands(7, 20_000):
        assert hooks.detect_uncached(cards, rules) == detect_twelve(cards, rules), cards


def test_a_traced_set_still_detects_and_a_hand_not_by_shape_ends_the_shapes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with monkeypatch.context() as patched:
        patched.setenv("BALATRO_ECS_TRACE", "1")
        traced = detector(Plugins(entry_points=False))
        for cards, rules in _random_hands(8, 500):
            assert traced.detect_uncached(cards, rules) == detect_twelve(cards, rules)

    def never(cards: Any, parts: Any) -> None:
        return None

    declaration = PokerHandType(
        key="h_test_no_flush", name="Flush Nothing", chips=35, mult=4, order=7
    )
    no_flush = plugin_module("test_no_flush", declaration, poker_hand_detect=never)
    plugins = Plugins(plugins=[no_flush], entry_points=False, block={"h_flush"})
    found = detector(plugins)
    assert not found.shaped  # its hand does not declare by_shape
    flush = [{"rank": r, "suit": "H"} for r in ("2", "5", "8", "J", "K")]
    assert score({"played": flush}, plugins=plugins).hand_name == "High Card"


# ---------------------------------------------------------------------------------------
# a mod's hand
# ---------------------------------------------------------------------------------------


def test_a_mod_hand_is_a_new_kind_ranked_by_its_order(modded: Plugins) -> None:
    triple = HandType.from_name(TRIPLE)
    assert triple.name == "TEST_TRIPLE_SEVEN" and triple.title == TRIPLE
    assert HandType.from_name("h_test_triple_seven") is triple
    assert HAND_NAMES[triple] == TRIPLE
    found = detector(modded)
    assert not found.shaped
    order = [HAND_NAMES[h] for h in found.hands]
    assert order[order.index("Straight") + 1] == TRIPLE
    assert order[order.index(TRIPLE) + 1] == "Three of a Kind"
    # a vanilla game in the same process does not have it
    assert triple not in detector(Plugins(entry_points=False)).hands


def test_a_mod_hand_is_detected_and_scored(modded: Plugins) -> None:
    result = score({"played": SEVENS}, plugins=modded)
    assert result.hand_name == TRIPLE
    assert [c.rank for c in result.scoring] == [7, 7, 7]
    assert (result.chips, result.mult) == (70 + 3 * 7, 7)
    assert result.score == (70 + 21) * 7
    # without the mod it is Three of a Kind
    assert score({"played": SEVENS}).hand_name == "Three of a Kind"


def test_contains_relations_include_the_mod_hand(modded: Plugins) -> None:
    fan = {"jokers": ["Jolly Joker", "Sevens Fan"]}
    result = score({"played": SEVENS, **fan}, plugins=modded)
    # Triple Seven contains Three of a Kind and Pair: Jolly Joker's +8 Mult, then X3
    assert result.mult == (7 + 8) * 3
    four = [*SEVENS[:3], {"rank": "7", "suit": "C"}]
    better = score({"played": four, **fan}, plugins=modded)
    assert better.hand_name == "Four of a Kind"  # a better hand that contains Triple Seven
    assert better.mult == (7 + 8) * 3
    plain = score({"played": SEVENS[2:], **fan}, plugins=modded)
    assert plain.hand_name == "High Card" and plain.mult == 1


def test_a_mod_hand_levels_up_in_scenarios_and_with_its_planet(modded: Plugins) -> None:
    leveled = score({"played": SEVENS, "hand_levels": {TRIPLE: 3}}, plugins=modded)
    assert (leveled.chips, leveled.mult) == (70 + 2 * 35 + 21, 7 + 2 * 3)
    with pytest.raises(ScenarioError, match="hand_levels"):
        score({"played": SEVENS, "hand_levels": {"Triple Sevens!": 2}}, plugins=modded)

    game = play_blind(Game(seed="LUCKY7", plugins=modded))
    triple = HandType.from_name(TRIPLE)
    game.add_consumable(game.new_consumable("c_test_casino"))
    game.apply(Use(0))
    assert game.run.hands[triple].level == 2
    hold(game, "7S", "7H", "7D", "KC", "2C", "3D", "4H", "5S")
    outcome = game.apply(Play((0, 1, 2, 3)))
    assert outcome is not None
    stats = game.run.hands[triple]
    assert (stats.played, stats.played_this_round, stats.visible) == (1, 1, True)
    assert game.run.last_hand_played is triple
    view = describe_state(game, descriptions=False, actions=False)["hand_levels"][TRIPLE]
    assert (view["level"], view["chips"], view["mult"], view["played"]) == (2, 105.0, 10.0, 1)


def test_a_save_keeps_the_mod_hand(modded: Plugins) -> None:
    game = play_blind(Game(seed="LUCKY7", plugins=modded))
    triple = HandType.from_name(TRIPLE)
    game.level_up(triple, 4)
    loaded = Game.from_json(game.to_json(), modded)
    assert loaded.run.hands[triple].level == 5


def test_a_greedy_game_plays_with_the_mod_hand(modded: Plugins) -> None:
    from balatro_ecs.tools.policies import GreedyPolicy

    game = play_blind(Game(seed="GREEDY7", plugins=modded))
    hold(game, "7S", "7H", "7D", "KC", "QC", "3D", "4H", "5S")
    action = GreedyPolicy().choose(game)
    assert isinstance(action, Play)
    assert game.preview_play(action.cards).hand_name == TRIPLE


# ---------------------------------------------------------------------------------------
# mistakes
# ---------------------------------------------------------------------------------------


def test_a_failing_detection_is_named() -> None:
    def broken(cards: Any, parts: Any) -> Any:
        raise ZeroDivisionError("no luck")

    declaration = PokerHandType(key="h_test_broken", name="Broken Hand", order=0.5)
    plugins = Plugins(
        plugins=[plugin_module("test_broken_hand", declaration, poker_hand_detect=broken)]
    )
    with pytest.raises(HookError, match=r"poker_hand_detect of h_test_broken raised Zero") as err:
        score({"played": SEVENS}, plugins=plugins)
    assert (err.value.key, err.value.hook) == ("h_test_broken", "poker_hand_detect")
    assert err.value.plugin == "test_broken_hand"

    game = play_blind(Game(seed="BROKEN", plugins=plugins))
    before = game.to_json()
    with pytest.raises(HookError, match="h_test_broken"):
        game.apply(Play((0, 1)))
    assert game.to_json() == before  # put back as it was


def test_a_detection_that_gives_no_positions_is_named() -> None:
    declaration = PokerHandType(key="h_test_vague", name="Vague Hand", order=0.25)
    plugins = Plugins(
        plugins=[plugin_module("test_vague", declaration, poker_hand_detect=lambda cards: [9])]
    )
    with pytest.raises(HookError, match=r"h_test_vague gave \[9\], not positions"):
        score({"played": SEVENS}, plugins=plugins)


def test_declaration_mistakes() -> None:
    with pytest.raises(ContentError, match="must start with 'h_'"):
        PokerHandType(key="x_test_bad", name="Bad", order=3.5)
    with pytest.raises(ContentError, match="taken by 'h_pair'"):
        PokerHandType(key="h_test_pair", name="pair", order=3.5)
    with pytest.raises(ContentError, match="order must be above 0"):
        PokerHandType(key="h_test_unordered", name="Unordered")
    twin = PokerHandType(key="h_test_twin", name="Twin Pair", order=11)
    plugins = Plugins(plugins=[plugin_module("test_twin", twin)], entry_points=False)
    with pytest.raises(PluginError, match="'h_pair' and 'h_test_twin' share order 11"):
        detector(plugins)


def test_the_most_played_hand_counts_the_mod_hand_and_only_the_sets_hands(
    modded: Plugins,
) -> None:
    from balatro_ecs.game.run.rounds import _most_played

    # the game's tie rule (the hand its table visits last) is kept for a vanilla game in a
    # process where a mod declared a hand
    vanilla = Game(seed="OX")
    assert len(vanilla.run.hands) == 12
    assert _most_played(vanilla) is HandType.FOUR_OF_A_KIND
    game = Game(seed="OX", plugins=modded)
    triple = HandType.from_name(TRIPLE)
    assert _most_played(game) is triple  # the mod's hands are visited after the game's
    game.run.hands[HandType.PAIR].played = 2
    assert _most_played(game) is HandType.PAIR
    game.run.hands[triple].played = 3
    assert _most_played(game) is triple
