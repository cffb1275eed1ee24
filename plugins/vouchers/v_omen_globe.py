"""Omen Globe: cards in Arcana packs may be Spectral cards (one in five)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_omen_globe")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_rules(game, voucher, rules):
    rules.arcana_spectral_above = 0.8
