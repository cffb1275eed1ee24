"""Enhancements, editions and seals as plugins: the vanilla ones, and new ones a mod adds.

The mod kinds are declared inside fixtures (at test time, not at collection), since a
declaration adds a member to the process's :class:`Enhancement`/:class:`Edition`/
:class:`Seal` enums.
"""

from __future__ import annotations

import types
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import Discard, Play
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.modifiers import card_modifiers
from balatro_ecs.game.scenario import score
from balatro_ecs.kernel.content import EditionType, EnhancementType, SealType
from balatro_ecs.kernel.enums import Edition, Enhancement, Seal, parse_enhancement, parse_seal
from balatro_ecs.kernel.errors import ContentError, ScenarioError, UnknownNameError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import Effect, hookimpl
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round

KING = {"rank": "K", "suit": "S"}


@pytest.fixture(scope="module")
def silver() -> types.ModuleType:
    """A Silver enhancement: +2 Mult when scored, $1 when held at the end of the round."""
    declaration = EnhancementType(key="m_test_silver", name="Silver Card", effect="+2 Mult")
    return plugin_module(
        "test_silver",
        declaration,
        enhancement_scored=lambda ctx, card: Effect(mult=2),
        enhancement_end_of_round=lambda game, card: Effect(dollars=1),
    )


@pytest.fixture(scope="module")
def platinum() -> types.ModuleType:
    """A Platinum seal: X1.5 Mult when scored, retriggers the card once, $2 when discarded."""
    declaration = SealType(key="s_test_platinum", name="Platinum Seal", retriggers=1)

    def seal_discard(game: Game, card: Any) -> None:
        game.earn(2, card)

    return plugin_module(
        "test_platinum",
        declaration,
        seal_scored=lambda ctx, card: Effect(x_mult=1.5),
        seal_discard=seal_discard,
    )


@pytest.fixture(scope="module")
def shiny() -> types.ModuleType:
    """A Shiny edition: +7 Chips and X2 Mult."""
    declaration = EditionType(key="e_test_shiny", name="Shiny", extra_cost=4)
    return plugin_module(
        "test_shiny", declaration, edition_scored=lambda ctx, target: Effect(chips=7, x_mult=2)
    )


@pytest.fixture(scope="module")
def modded(silver: Any, platinum: Any, shiny: Any) -> Plugins:
    return Plugins(plugins=[silver, platinum, shiny], entry_points=False)


def _event_kinds(result: Any, phase: str) -> list[tuple[str, Any]]:
    return [(e[2], e[3]) for e in result.events if e[0] == phase]


# ---------------------------------------------------------------------------------------
# vanilla
# ---------------------------------------------------------------------------------------


def test_the_vanilla_modifiers_are_content_of_the_vanilla_pack() -> None:
    plugins = Plugins(entry_points=False)
    enhancements = {e.key: e.kind for e in plugins.all(EnhancementType)}
    assert enhancements == {e.key: e for e in Enhancement if e}
    assert {e.key: e.kind for e in plugins.all(EditionType)} == {e.key: e for e in Edition if e}
    assert {s.key: s.kind for s in plugins.all(SealType)} == {s.key: s for s in Seal if s}
    assert plugins.find(SealType, "Red").key == "s_red"  # the game's own key is an alias
    assert set(plugins.hooks_of("m_glass")) == {"enhancement_scored", "enhancement_destroy"}
    assert plugins.hooks_of("s_blue") == ["seal_end_of_round"]
    owners = plugins.owners()
    assert owners["m_lucky"] == "balatro_ecs_vanilla.enhancements.m_lucky"
    assert owners["e_polychrome"] == "balatro_ecs_vanilla.editions.e_polychrome"
    assert owners["s_purple"] == "balatro_ecs_vanilla.seals.s_purple"
    tables = card_modifiers(plugins)
    assert tables.seal_retriggers[Seal.RED] == 1
    assert tables.enhancement[Enhancement.STONE][:2] == (50, True)
    assert tables.held_kinds == (Enhancement.STEEL,)


def test_blocking_a_vanilla_enhancement_turns_its_cards_plain() -> None:
    scenario = {
        "played": [{"rank": "K", "suit": "S", "enhancement": "mult"}],
        "held": [{"rank": "2", "suit": "H", "enhancement": "steel"}],
    }
    full = score(scenario, plugins=Plugins(entry_points=False))
    assert full.score == int((5 + 10) * ((1 + 4) * 1.5))
    blocked = Plugins(entry_points=False, block={"m_steel", "m_mult"})
    assert score(scenario, plugins=blocked).score == (5 + 10) * 1


def test_vanilla_events_keep_their_shape() -> None:
    scenario = {
        "played": [
            {"rank": "A", "suit": "S", "enhancement": "glass", "edition": "foil", "seal": "gold"},
            {"rank": "A", "suit": "H", "enhancement": "stone", "seal": "red"},
        ],
        "jokers": [{"name": "Joker", "edition": "polychrome"}],
    }
    result = score(scenario)
    assert _event_kinds(result, "scored cards") == [
        ("chips", 11),  # the Glass Ace: its rank's chips, its Gold Seal's $3, Glass's X2
        ("dollars", 3),
        ("x_mult", 2),
        ("chips", 50),  # its Foil edition
        ("chips", 50),  # the Stone card, retriggered by its red seal
        ("retrigger", None),
        ("chips", 50),
    ]
    foil = [e for e in result.events if e[2] == "chips" and e[4] is Edition.FOIL]
    assert len(foil) == 1 and foil[0][3] == 50
    poly = [e for e in result.events if e[0] == "jokers" and e[2] == "x_mult"]
    assert [(e[3], e[4]) for e in poly] == [(1.5, Edition.POLYCHROME)]


# ---------------------------------------------------------------------------------------
# a mod's enhancement
# ---------------------------------------------------------------------------------------


def test_a_mod_enhancement_scores_through_score_dict(modded: Plugins) -> None:
    silver = {"rank": "K", "suit": "S", "enhancement": "test_silver"}
    result = score({"played": [silver]}, plugins=modded)
    assert result.score == (5 + 10) * (1 + 2)
    assert _event_kinds(result, "scored cards") == [("chips", 10), ("mult", 2)]
    # the red seal retriggers it; its key and its display name spell it too
    again = score(
        {"played": [{**silver, "enhancement": "m_test_silver", "seal": "red"}]}, plugins=modded
    )
    assert again.score == (5 + 20) * (1 + 2 + 2)
    assert CardSpec.parse("KS test_silver").enhancement is Enhancement.TEST_SILVER
    assert CardSpec.parse("KS test_silver").to_dict()["enhancement"] == "test_silver"
    # without the pack, a Silver card is a plain card
    assert score({"played": [silver]}, plugins=Plugins(entry_points=False)).score == 15


def test_a_mod_enhancement_plays_and_pays_in_a_real_round(
    silver: Any, platinum: Any, shiny: Any
) -> None:
    scored: list[Any] = []

    class Watcher:
        @hookimpl
        def balatro_hand_scored(self, game: Game, result: Any) -> None:
            scored.append(result)

    plugins = Plugins(plugins=[silver, platinum, shiny, Watcher()], entry_points=False)
    game = play_blind(Game(seed="SILVER", plugins=plugins))
    hold(game, "KS test_silver", "KH", "2C", "5D test_silver", "9S", "3D test_silver red", "4H")
    start = game.run.dollars
    game.apply(Play((0, 1)))  # a Pair of Kings, one of them Silver
    assert scored[-1].hand_name == "Pair"
    assert _event_kinds(scored[-1], "scored cards") == [("chips", 10), ("mult", 2), ("chips", 10)]
    assert scored[-1].score == (10 + 20) * (2 + 2)
    held = [c for c in game.hand if c.enhancement is Enhancement.TEST_SILVER]
    assert len(held) == 2
    # held at the end of the round: $1 per Silver card, twice for the red-sealed one
    paid = len(game.events)
    win_round(game)
    silver = [e for e in game.events[paid:] if e[1] in held and e[2] == "dollars"]
    assert [e[3] for e in silver] == [1, 1, 1]
    assert game.run.dollars >= start + 3


def test_held_mod_enhancement_pays_exactly_its_dollars(modded: Plugins) -> None:
    def end_with(*cards: str) -> int:
        game = play_blind(Game(seed="SILVER", plugins=modded))
        hold(game, *cards)
        start = game.run.dollars
        win_round(game)
        return game.run.dollars - start

    plain = end_with("KS", "5D", "3D", "2C")
    assert end_with("KS test_silver", "5D", "3D", "2C") == plain + 1
    assert end_with("KS test_silver", "5D test_silver red", "3D", "2C") == plain + 3
    assert end_with("KS gold", "5D", "3D", "2C") == plain + 3  # the vanilla Gold card


# ---------------------------------------------------------------------------------------
# a mod's seal and edition
# ---------------------------------------------------------------------------------------


def test_a_mod_seal_scores_retriggers_and_acts_on_discard(modded: Plugins) -> None:
    card = {"rank": "K", "suit": "S", "seal": "test_platinum"}
    result = score({"played": [card]}, plugins=modded)
    # two evaluations: +10 chips and X1.5 each
    assert _event_kinds(result, "scored cards") == [
        ("chips", 10),
        ("x_mult", 1.5),
        ("retrigger", None),
        ("chips", 10),
        ("x_mult", 1.5),
    ]
    assert result.score == int((5 + 20) * 1 * 1.5 * 1.5)
    assert parse_seal("s_test_platinum") is parse_seal("TEST_PLATINUM") is Seal.TEST_PLATINUM

    game = play_blind(Game(seed="PLATINUM", plugins=modded))
    hold(game, "KS test_platinum", "KH", "2C", "5D", "9S", "3D", "4H", "6C")
    start = game.run.dollars
    game.apply(Discard((0, 2)))
    assert game.run.dollars == start + 2


def test_a_mod_edition_on_a_card_and_on_a_joker(modded: Plugins) -> None:
    on_card = score(
        {"played": [{"rank": "K", "suit": "S", "edition": "test_shiny"}]}, plugins=modded
    )
    assert on_card.score == (5 + 10 + 7) * 2
    on_joker = score(
        {"played": [KING], "jokers": [{"name": "Joker", "edition": "test_shiny"}]},
        plugins=modded,
    )
    # the edition's chips before the joker's +4 Mult, its X2 after
    jokers = _event_kinds(on_joker, "jokers")
    assert jokers == [("chips", 7), ("mult", 4), ("x_mult", 2)]
    assert on_joker.score == (5 + 10 + 7) * ((1 + 4) * 2)


# ---------------------------------------------------------------------------------------
# names and declarations
# ---------------------------------------------------------------------------------------


def test_unknown_names_say_what_was_meant() -> None:
    with pytest.raises(ScenarioError, match="glass"):
        score({"played": [{"rank": "K", "suit": "S", "enhancement": "glas"}]})
    with pytest.raises(UnknownNameError, match="purple"):
        parse_seal("purpel")
    assert parse_enhancement("m_glass") is Enhancement.GLASS
    assert parse_seal("s_red") is Seal.RED


def test_declarations_are_checked() -> None:
    with pytest.raises(ContentError, match="must start with 'm_'"):
        EnhancementType(key="e_test_wrong", name="Wrong")
    with pytest.raises(ContentError, match="retriggers"):
        SealType(key="s_test_many", name="Many", retriggers=-1)
    with pytest.raises(ContentError, match="exclude"):
        EnhancementType(key="m_test_both", name="Both", no_rank=True, any_suit=True)


def test_a_mod_enhancement_may_declare_rank_and_suit_rules() -> None:
    prism = EnhancementType(key="m_test_prism", name="Prism", any_suit=True)
    plugins = Plugins(plugins=[plugin_module("test_prism", prism)], entry_points=False)
    flush = score(
        {
            "played": [
                {"rank": "2", "suit": "S"},
                {"rank": "5", "suit": "H"},
                {"rank": "7", "suit": "C"},
                {"rank": "9", "suit": "D"},
                {"rank": "K", "suit": "S", "enhancement": "test_prism"},
            ]
        },
        plugins=plugins,
    )
    assert flush.hand_name == "High Card"  # only one card counts as every suit
    four_wild = [
        {"rank": r, "suit": "H", "enhancement": "test_prism"} for r in ("2", "5", "7", "9")
    ]
    assert score({"played": [*four_wild, KING]}, plugins=plugins).hand_name == "Flush"
