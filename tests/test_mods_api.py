"""What a mod needs besides hooks (issue 18): commands for what vanilla used to write by
hand, the selection limit and the shop's slots as rules, copiers that also act, rules
that follow counters, packs whose systems compose, names that cannot clash, and errors
that say what to do."""

from __future__ import annotations

import types
from typing import Any

import pytest
from balatro_ecs.actions import CashOut, Discard, Play, SelectBlind

from balatro_ecs import Game, Plugins, score
from balatro_ecs.kernel.errors import (
    ActionError,
    BalatroError,
    HookError,
    PluginError,
    ScheduleError,
)
from balatro_ecs.plugin import (
    Area,
    Edition,
    Effect,
    HandType,
    JokerType,
    Phase,
    System,
    TagType,
    content,
    hookimpl,
)
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import play_blind, win_round

# -- errors that say what to do ------------------------------------------------------------


def test_a_misspelt_effect_field_gets_the_close_match() -> None:
    with pytest.raises(TypeError, match=r"no field 'xmult' \(did you mean 'x_mult'\?\)"):
        Effect(xmult=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"'discard' \(did you mean 'discards'\?\)"):
        Effect(discard=1)  # type: ignore[call-arg]
    assert Effect(x_mult=2, discards=1) == Effect(None, None, 2, None, None, None, None, None, 1)


def test_a_hook_returning_a_dict_is_told_to_return_an_effect() -> None:
    module = plugin_module(
        "test_dict", JokerType(key="j_test_dict", name="Dict", effect="x"),
        joker_main=lambda ctx, joker: {"mult": 4},
    )  # fmt: skip
    plugins = Plugins(plugins=[module], entry_points=False)
    game = play_blind(Game(seed="DICT", plugins=plugins))
    game.add_joker("j_test_dict")
    with pytest.raises(HookError, match=r"j_test_dict returned \{'mult': 4\}, not an Effect: "
                       r"return an Effect"):  # fmt: skip
        game.apply(Play((0,)))


# -- names -----------------------------------------------------------------------------------


def test_two_packs_naming_content_alike_is_an_error_naming_both_keys() -> None:
    clash = plugin_module("test_clash", JokerType(key="j_test_joker", name="Joker", effect="x"))
    with pytest.raises(PluginError, match=r"'Joker' is ambiguous: 'j_joker'.*'j_test_joker'"):
        Plugins(plugins=[clash], entry_points=False)
    # vanilla names stay findable; a pack's own names are its own
    plugins = Plugins(entry_points=False)
    assert plugins.joker("Joker").key == "j_joker"


# -- schedules of several packs ---------------------------------------------------------------


def _systems_plugin(name: str, *systems: System) -> object:
    plugin = types.SimpleNamespace()

    @hookimpl
    def balatro_run_systems(event: str) -> Any:
        return systems

    plugin.balatro_run_systems = balatro_run_systems
    plugin.plugin_name = name
    return plugin


def test_systems_of_different_packs_run_in_load_order_then_by_name() -> None:
    ran: list[str] = []
    first = _systems_plugin(
        "first", System("zz:first", "resolve", lambda ctx: ran.append("first"), event="play")
    )
    second = _systems_plugin(
        "second", System("aa:second", "resolve", lambda ctx: ran.append("second"), event="play")
    )
    for order in ([first, second], [second, first]):
        plugins = Plugins(plugins=order, entry_points=False)
        names = plugins.schedule("play").names
        expected = ["zz:first", "aa:second"] if order[0] is first else ["aa:second", "zz:first"]
        assert [n for n in names if ":" in n and n.split(":")[0] in ("zz", "aa")] == expected


def test_a_system_may_name_a_system_that_may_be_absent() -> None:
    fine = _systems_plugin(
        "fine",
        System("mine:x", "score", lambda ctx: None, after=("other_pack:y?",), event="play"),
    )
    assert "mine:x" in Plugins(plugins=[fine], entry_points=False).schedule("play").names
    strict = _systems_plugin(
        "strict",
        System("mine:x", "score", lambda ctx: None, after=("other_pack:y",), event="play"),
    )
    with pytest.raises(ScheduleError, match=r"unknown system 'other_pack:y' \(end the name"):
        Plugins(plugins=[strict], entry_points=False)


def test_a_run_systems_hook_that_ignores_its_event_is_an_error() -> None:
    class Deaf:
        @hookimpl
        def balatro_run_systems(self, event: str) -> Any:
            return [System("deaf:x", "jokers", lambda ctx: None)]

    with pytest.raises(PluginError, match=r"gave system 'deaf:x' for event .* and again for"):
        Plugins(plugins=[Deaf()], entry_points=False)


# -- copiers that act, rules that follow counters ----------------------------------------


def test_a_copier_that_acts_runs_its_own_hook_before_the_copy() -> None:
    calls: list[str] = []
    copier = JokerType(
        key="j_test_twin", name="Twin", effect="x", copies_and_acts=True,
    )  # fmt: skip
    module = plugin_module(
        "test_twin", copier,
        joker_copy_target=lambda joker, jokers: joker.slot + 1,
        joker_main=lambda ctx, joker: (calls.append("own"), Effect(mult=1))[1],
    )  # fmt: skip
    plugins = Plugins(plugins=[module], entry_points=False)
    result = score({"played": [{"rank": "K", "suit": "S"}], "jokers": ["Twin", "Joker"]},
                   plugins=plugins)  # fmt: skip
    assert calls == ["own"]
    assert result.mult == 1 + 1 + 4 + 4  # its own +1, the Joker's +4 copied, the Joker's
    plain = JokerType(key="j_test_plain_twin", name="Plain Twin", effect="x")
    module = plugin_module(
        "test_plain_twin", plain,
        joker_copy_target=lambda joker, jokers: joker.slot + 1,
        joker_main=lambda ctx, joker: Effect(mult=1),
    )  # fmt: skip
    plugins = Plugins(plugins=[module], entry_points=False)
    result = score({"played": [{"rank": "K", "suit": "S"}], "jokers": ["Plain Twin", "Joker"]},
                   plugins=plugins)  # fmt: skip
    assert result.mult == 1 + 4 + 4  # a plain copier's own hook is never called


def test_rules_follow_a_joker_s_counters_without_a_refresh() -> None:
    grower = JokerType(key="j_test_grower", name="Grower", effect="x", config={"extra": 0})

    def joker_rules(joker: Any, rules: Any) -> None:
        rules.hand_size_delta += joker.state["extra"]

    def joker_end_of_round(game: Any, joker: Any) -> None:
        joker.state["extra"] += 1

    module = plugin_module(
        "test_grower", grower, joker_rules=joker_rules, joker_end_of_round=joker_end_of_round
    )
    game = Game(seed="GROW", plugins=Plugins(plugins=[module], entry_points=False))
    game.add_joker("j_test_grower")
    size = game.hand_size
    game.apply(SelectBlind())
    win_round(game)
    assert game.hand_size == size + 1  # re-derived after the joker's own hook
    game.jokers[0].state["extra"] = 5  # a write from outside: re-derived at the event's end
    game.apply(CashOut())
    assert game.hand_size == size + 5


# -- the selection limit ----------------------------------------------------------------------


def test_a_lower_selection_limit_holds_plays_discards_and_the_mask() -> None:
    narrow = JokerType(key="j_test_narrow", name="Narrow", effect="x")
    module = plugin_module(
        "test_narrow", narrow,
        joker_rules=lambda joker, rules: setattr(rules, "selection_limit", 3),
    )  # fmt: skip
    game = play_blind(Game(seed="NARROW", plugins=Plugins(plugins=[module], entry_points=False)))
    game.add_joker("j_test_narrow")
    assert not game.can(Play((0, 1, 2, 3)))
    assert not game.can(Discard((0, 1, 2, 3)))
    assert max(len(a.cards) for a in game.legal_actions() if isinstance(a, Play)) == 3
    mask = game.action_mask()
    from balatro_ecs.actions import ACTION_SPACE

    legal_in_space = [a for a, on in zip(ACTION_SPACE.actions, mask, strict=True) if on]
    assert all(len(a.cards) <= 3 for a in legal_in_space if isinstance(a, (Play, Discard)))


# -- commands -----------------------------------------------------------------------------------


def test_hands_discards_hand_size_and_slots_commands() -> None:
    game = play_blind(Game(seed="CMDS"))
    run = game.run
    hands, size = run.hands_left, game.hand_size
    game.add_hands(2, source="test")
    game.add_discards(-10, every_round=True, source="test")
    assert (run.hands_left, run.discards_left) == (hands + 2, 0)
    held = len(game.hand)
    game.change_hand_size(1, until="blind")  # grows mid-round: draws at once
    assert game.hand_size == size + 1 and len(game.hand) == held + 1
    with pytest.raises(BalatroError, match="until must be"):
        game.change_hand_size(1, until="forever")
    slots = (run.joker_slots, run.consumable_slots)
    game.add_joker_slots(1)
    game.add_consumable_slots(2)
    assert (run.joker_slots, run.consumable_slots) == (slots[0] + 1, slots[1] + 2)
    kinds = [e[2] for e in game.events]
    assert {"hands", "discards", "hand size", "joker slots", "consumable slots"} <= set(kinds)


def test_tags_from_a_plugin_s_own_stream_leave_the_game_s_draws_alone() -> None:
    plain, modded = Game(seed="TAGS"), Game(seed="TAGS")
    for _ in range(5):
        modded.new_tag("test_mod")
    assert modded.rng._state.get("Tag1") == plain.rng._state.get("Tag1")
    assert modded.run.tags_offered == plain.run.tags_offered
    with pytest.raises(BalatroError, match="key_append"):
        modded.new_tag("")


def test_an_orbital_tag_gained_with_a_hand_levels_that_hand() -> None:
    game = Game(seed="ORBITAL")
    assert game.plugins.find(TagType, "tag_orbital").hand
    level = game.run.hands[HandType.FLUSH].level
    game.gain_tag("tag_orbital", hand=HandType.FLUSH)
    assert game.run.hands[HandType.FLUSH].level == level + 3


def test_shop_commands_offer_cards_and_packs() -> None:
    game = Game(seed="OFFER")
    with pytest.raises(ActionError, match="offer: the shop is not open"):
        game.offer(game.new_joker("j_joker", area=Area.SHOP))
    win_round(play_blind(game))
    game.apply(CashOut())
    cards, packs = len(game.shop), len(game.shop_packs)
    joker = game.new_joker("j_joker", edition=Edition.NEGATIVE, area=Area.SHOP)
    game.offer(joker)
    game.make_free(joker)
    key = game.offer_pack()
    game.offer_pack("Buffoon Pack")
    assert len(game.shop) == cards + 1 and joker.buy_cost == 0
    assert len(game.shop_packs) == packs + 2 and key in game.shop_packs
    game.add_shop_slots(1)
    assert len(game.shop) == cards + 1  # as the game's change_shop_size: the offer fills it
    game.add_shop_slots(1)
    assert len(game.shop) == cards + 2  # the next slot is stocked at once
    game.open_pack("p_buffoon_normal_1")
    assert game.phase is Phase.PACK


def test_the_joker_row_is_rearranged_and_shuffled_by_commands() -> None:
    game = Game(seed="ROW")
    for key in ("j_joker", "j_greedy_joker", "j_lusty_joker"):
        game.add_joker(key)
    game.rearrange_jokers([2, 0, 1], source="test")
    assert [j.key for j in game.jokers] == ["j_lusty_joker", "j_joker", "j_greedy_joker"]
    assert [j.slot for j in game.jokers] == [0, 1, 2]
    with pytest.raises(ActionError, match="is not an order"):
        game.rearrange_jokers([0, 0, 1])
    game.shuffle_jokers("test_shuffle")
    assert sorted(j.key for j in game.jokers) == ["j_greedy_joker", "j_joker", "j_lusty_joker"]


def test_content_helpers_come_from_the_plugin_api() -> None:
    import balatro_ecs.plugin as api

    for name in ("TagType", "StakeType", "Phase", "Blind", "Deck", "EventContext", "NO_RANK"):
        assert name in api.__all__
    assert content is api.content
