"""Vouchers act through declared rules, as a mod's voucher would: the core never asks
which voucher is owned (Director's Cut, Retcon, Telescope, Omen Globe, Illusion)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import RerollBoss
from balatro_ecs.game.run.shop import redeem_voucher
from balatro_ecs.kernel.content import VoucherType
from balatro_ecs.plugin import hookimpl

CORE = Path(__file__).resolve().parent.parent / "balatro_ecs"


def _money(game: Game, dollars: int = 100) -> Game:
    game.run.dollars = dollars
    return game


def test_directors_cut_allows_one_boss_reroll_per_ante_and_retcon_any() -> None:
    game = _money(Game(seed="RULES1"))
    assert not game.can(RerollBoss())
    redeem_voucher(game, "v_directors_cut")
    assert game.rules.boss_reroll_once_per_ante
    game.apply(RerollBoss())
    assert not game.can(RerollBoss())
    redeem_voucher(game, "v_retcon")
    game.apply(RerollBoss())
    game.apply(RerollBoss())
    assert game.can(RerollBoss())


def test_a_restored_snapshot_takes_the_voucher_s_rules_back() -> None:
    game = _money(Game(seed="RULES2"))
    before = game.snapshot()
    redeem_voucher(game, "v_retcon")
    assert game.can(RerollBoss())
    game.restore(before)
    assert not game.rules.boss_reroll_unlimited and not game.can(RerollBoss())
    loaded = Game.from_json(game.to_json())
    assert not loaded.can(RerollBoss())


class Prophecy:
    """A mod's voucher: every card of an Arcana pack is a Spectral card."""

    type = VoucherType(key="v_t_prophecy", name="Prophecy", cost=10)

    @hookimpl
    def balatro_content(self) -> VoucherType:
        return self.type

    @hookimpl
    def voucher_rules(self, game: Any, voucher: Any, rules: Any) -> None:
        rules.arcana_spectral_above = -1.0  # every draw is above it


def test_a_mod_voucher_changes_a_rule_the_core_reads() -> None:
    from balatro_ecs.game.run.packs import open_pack

    game = Game(seed="RULES3", plugins=Plugins(plugins=[Prophecy()], entry_points=False))
    redeem_voucher(game, "v_t_prophecy")
    open_pack(game, "p_arcana_normal_1")
    assert game.pack and all(item.type.set == "Spectral" for item in game.pack)


def test_the_core_names_none_of_these_vouchers() -> None:
    names = ("v_directors_cut", "v_retcon", "v_telescope", "v_omen_globe", "v_illusion")
    for path in CORE.rglob("*.py"):
        text = path.read_text("utf-8")
        for found in re.findall(r'has_voucher\("(v_\w+)"\)', text):
            assert found not in names, f"{path.name} branches on {found}"
