"""A fault in any kind of content is named and undone, not only in jokers: a boss blind, a
deck, a consumable, a tag, a voucher, an enhancement, an edition, a seal, a sticker, a
booster pack and a consumable set that raise from their hooks each give a HookError naming
the plugin, the hook and the key, with the game exactly as it was before the action."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import (
    Action,
    BuyPack,
    BuyVoucher,
    Play,
    SelectBlind,
    Sell,
    SkipBlind,
    Use,
)
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.content import (
    BlindType,
    BoosterType,
    ConsumableSetType,
    ConsumableType,
    DeckType,
    EditionType,
    EnhancementType,
    SealType,
    StickerType,
    TagType,
    VoucherType,
)
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.plugin import content, hookimpl
from balatro_ecs.tools.policies import GreedyPolicy


def _raises(hook: str) -> Callable[..., Any]:
    def fault(*args: Any) -> Any:
        raise RuntimeError(f"injected fault in {hook}")

    fault.__name__ = hook
    fault.__code__ = fault.__code__.replace(co_name=hook)
    return fault


def _pack(name: str, declaration: Any, hook: str | None) -> types.ModuleType:
    """A plugin module declaring ``declaration`` whose ``hook`` (if any) raises."""
    module = types.ModuleType(name)
    module.balatro_content = content(declaration)  # type: ignore[attr-defined]
    if hook is not None:
        setattr(module, hook, hookimpl(_raises(hook)))
    return module


def _named(game: Game, action: Action, hook: str, key: str) -> None:
    before, log = game.to_json(), len(game.log)
    with pytest.raises(HookError) as raised:
        game.apply(action)
    err = raised.value
    assert (err.hook, err.key) == (hook, key)
    assert err.plugin and err.plugin in str(err)
    assert isinstance(err.__cause__, RuntimeError)
    assert game.to_json() == before and len(game.log) == log


def _game(module: types.ModuleType, **kwargs: Any) -> Game:
    return Game(plugins=Plugins(plugins=[module], entry_points=False), **kwargs)


def test_a_boss_blind_that_raises_when_a_hand_is_played() -> None:
    boss = BlindType(key="bl_t_fault", name="The Fault", kind="boss")
    game = _game(_pack("t_boss", boss, "blind_press_play"), seed="KINDS1")
    game.apply(SelectBlind())
    game.set_blind("bl_t_fault")
    _named(game, Play((0, 1)), "blind_press_play", "bl_t_fault")


def test_a_deck_that_raises_in_the_final_scoring_step() -> None:
    deck = DeckType(key="b_t_fault", name="Fault Deck")
    game = _game(_pack("t_deck", deck, "deck_final_scoring_step"), deck="Fault Deck", seed="K2")
    game.apply(SelectBlind())
    _named(game, Play((0,)), "deck_final_scoring_step", "b_t_fault")


def test_a_consumable_that_raises_when_used() -> None:
    tarot = ConsumableType(key="c_t_fault", name="The Fault", set="Tarot", selects=(0, 0))
    module = _pack("t_tarot", tarot, "consumable_use")
    module.consumable_can_use = hookimpl(lambda game, consumable, targets: True)  # type: ignore[attr-defined]
    game = _game(module, seed="KINDS3")
    game.add_consumable("c_t_fault")
    _named(game, Use(0), "consumable_use", "c_t_fault")


def test_a_tag_that_raises_when_won() -> None:
    tag = TagType(key="tag_t_fault", name="Fault Tag")
    module = _pack("t_tag", tag, None)

    def tag_apply(game: Game, tag: TagType, trigger: str, subject: Any) -> Any:
        if trigger != "offered":  # shown on the blind select screen: fine
            raise RuntimeError("injected fault in tag_apply")

    module.tag_apply = hookimpl(tag_apply)  # type: ignore[attr-defined]
    game = _game(module, seed="KINDS4")
    game.run.tags_offered["Small"] = "tag_t_fault"
    _named(game, SkipBlind(), "tag_apply", "tag_t_fault")


def test_a_fault_while_a_game_is_set_up_is_named() -> None:
    # the tag is shown on the first blind select screen, while the game is being made
    tag = TagType(key="tag_t_fault", name="Fault Tag")
    plugins = Plugins(plugins=[_pack("t_tag2", tag, "tag_apply")], entry_points=False)
    for seed in (f"SETUP{n}" for n in range(200)):
        try:
            Game(seed=seed, plugins=plugins)
        except HookError as err:
            assert (err.hook, err.key) == ("tag_apply", "tag_t_fault")
            assert isinstance(err.__cause__, RuntimeError)
            return
    pytest.fail("the tag was never offered in 200 seeds")


def test_a_voucher_that_raises_when_redeemed() -> None:
    voucher = VoucherType(key="v_t_fault", name="Fault Voucher", cost=0)
    game = _game(_pack("t_voucher", voucher, "voucher_redeem"), seed="KINDS5")
    policy = GreedyPolicy()
    while game.phase is not Phase.SHOP:  # to the first shop
        game.apply(policy.choose(game))
    game.shop_vouchers[:] = ["v_t_fault"]
    _named(game, BuyVoucher(0), "voucher_redeem", "v_t_fault")


@pytest.mark.parametrize(
    ("family", "hook"),
    [
        ("enhancement", "enhancement_scored"),
        ("edition", "edition_scored"),
        ("seal", "seal_scored"),
    ],
)
def test_a_card_modifier_that_raises_when_scored(family: str, hook: str) -> None:
    declaration: Any = {
        "enhancement": EnhancementType(key="m_t_fault", name="Fault Card"),
        "edition": EditionType(key="e_t_fault", name="Faulty"),
        "seal": SealType(key="s_t_fault", name="Fault Seal"),
    }[family]
    game = _game(_pack(f"t_{family}", declaration, hook), seed="KINDS6")
    game.apply(SelectBlind())
    card = game.hand[0]
    getattr(card, f"set_{family}")(declaration.kind)
    _named(game, Play((0,)), hook, declaration.key)


def _to_shop(game: Game) -> Game:
    policy = GreedyPolicy()
    while game.phase is not Phase.SHOP:
        game.apply(policy.choose(game))
    return game


def test_a_sticker_that_raises_when_its_joker_is_sold() -> None:
    sticker = StickerType(key="sticker_t_fault", name="Faulty")
    game = _game(_pack("t_sticker", sticker, "sticker_blocks"), seed="KINDS7")
    game.add_joker("j_joker", stickers={"sticker_t_fault": True})
    _named(game, Sell("jokers", 0), "sticker_blocks", "sticker_t_fault")


def test_a_booster_that_raises_while_it_is_opened() -> None:
    booster = BoosterType(key="p_t_fault", name="Fault Pack", cards=2, choose=1, cost=0)
    game = _to_shop(_game(_pack("t_booster", booster, "booster_card"), seed="KINDS8"))
    game.shop_packs[:] = ["p_t_fault"]
    _named(game, BuyPack(0), "booster_card", "p_t_fault")


def test_a_consumable_set_that_raises_when_one_of_its_cards_is_used() -> None:
    rune_set = ConsumableSetType(key="set_t_fault", name="Fault", shop_rate=0)
    rune = ConsumableType(key="c_t_rune", name="Rune", set="Fault", selects=(0, 0))
    card = types.ModuleType("t_rune")
    card.balatro_content = content(rune)  # type: ignore[attr-defined]
    card.consumable_use = hookimpl(lambda game, consumable, targets: None)  # type: ignore[attr-defined]
    card.consumable_can_use = hookimpl(lambda game, consumable, targets: True)  # type: ignore[attr-defined]
    plugins = Plugins(
        plugins=[_pack("t_set", rune_set, "consumable_set_used"), card], entry_points=False
    )
    game = Game(seed="KINDS9", plugins=plugins)
    game.add_consumable("c_t_rune")
    _named(game, Use(0), "consumable_set_used", "set_t_fault")
