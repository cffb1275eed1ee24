"""Voucher rules shared by a base voucher and its upgrade: the same rule, other numbers.

Each function returns a ``voucher_redeem`` implementation; a voucher module assigns it::

    voucher_redeem = _shapes.shop_discount()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from balatro_ecs.plugin import hookimpl

Hook = Callable[..., Any]


def shop_discount() -> Hook:
    """Everything in the shop costs ``extra`` percent less (the bigger discount wins)."""

    @hookimpl
    def voucher_redeem(game: Any, voucher: Any) -> None:
        percent = max(game.run.discount_percent, voucher.config["extra"])
        game.set_discount(percent, source=voucher.name)

    return voucher_redeem


def cheaper_rerolls() -> Hook:
    """Rerolls cost ``extra`` dollars less, from now on."""

    @hookimpl
    def voucher_redeem(game: Any, voucher: Any) -> None:
        cost = max(0, game.run.reroll_cost - voucher.config["extra"])
        game.set_reroll_cost(cost, source=voucher.name)

    return voucher_redeem


def back_one_ante(per_round: str) -> Hook:
    """The ante goes back by ``extra``, and every round has ``extra`` fewer of ``per_round``
    (``"hands"`` or ``"discards"``), this one included (never below 0)."""

    @hookimpl
    def voucher_redeem(game: Any, voucher: Any) -> None:
        extra = voucher.config["extra"]
        game.change_ante(-extra, source=voucher.name)
        less = game.add_hands if per_round == "hands" else game.add_discards
        less(-extra, every_round=True, source=voucher.name)

    return voucher_redeem
