"""Money at the end of a round: the payout, in the game's order, and cashing out.

rules.toml ``[economy]``: blind reward, remaining hands, remaining discards (Green Deck),
joker payouts left to right, tags, then interest -- on the money held *before* the payout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.faults import check_dollars
from ...kernel.schedule import System
from ..state import Phase
from .blinds import blind_reward, choose_boss, next_tag
from .rounds import next_blind

if TYPE_CHECKING:
    from ..game import Game
    from .flow import EventContext

__all__ = ["SYSTEMS", "interest", "round_payout"]


def interest(game: Game) -> int:
    """Interest on the money held: per $5, up to the cap (To the Moon pays more per $5)."""
    run = game.run
    if run.no_interest or run.dollars < 5:
        return 0
    per_5 = run.interest_per_5 + game.rules.interest_bonus
    return per_5 * min(run.dollars // 5, run.interest_cap // 5)


def round_payout(game: Game, won: bool) -> list[list[Any]]:
    """The payout lines ``[label, dollars]`` for the round just ended."""
    run = game.run
    lines: list[list[Any]] = []
    blind = game.blind
    if won and blind is not None:
        lines.append([f"Blind: {blind.name}", blind_reward(game, blind.type)])
    if run.hands_left > 0 and run.money_per_hand:
        lines.append([f"Hands left: {run.hands_left}", run.hands_left * run.money_per_hand])
    if run.discards_left > 0 and run.money_per_discard:
        lines.append(
            [f"Discards left: {run.discards_left}", run.discards_left * run.money_per_discard]
        )
    for joker in game.jokers:
        pay = game.plugins.impl("joker_cash_out", joker.key)
        if pay is not None and not joker.debuffed:
            dollars = pay(game, joker)
            if dollars:
                if type(dollars) is not int:
                    check_dollars(dollars, joker)  # raises, naming the joker
                lines.append([joker.name, dollars])
    from .tags import tags_at_cash_out

    lines.extend(tags_at_cash_out(game))
    earned = interest(game)
    if earned:
        lines.append(["Interest", earned])
    return lines


def pay_out(ctx: EventContext) -> None:
    """Add the payout; the deck is shuffled on the ``cashout<ante>`` stream."""
    game = ctx.game
    total = sum(dollars for _, dollars in game.run.payout)
    game.earn(total, "cash out")
    game.run.payout = []
    game.shuffle_deck(f"cashout{game.run.ante}")


def advance_blinds(ctx: EventContext) -> None:
    """Small, Big, Boss; after a boss, a new ante with a new boss and new tags."""
    game = ctx.game
    run = game.run
    if run.blind_states.get("Boss") == "Defeated":
        run.blind_states = {"Small": "Select", "Big": "Upcoming", "Boss": "Upcoming"}
        run.blind_on_deck = "Small"
        run.boss = choose_boss(game)
        run.tags_offered = {"Small": next_tag(game), "Big": next_tag(game)}
    else:
        run.blind_on_deck = next_blind(run.blind_on_deck)
        run.blind_states[run.blind_on_deck] = "Select"


def to_shop(ctx: EventContext) -> None:
    from .shop import open_shop

    open_shop(ctx.game)
    ctx.game.run.phase = Phase.SHOP


SYSTEMS: tuple[System, ...] = (
    System("cash_out:pay_out", "pay", pay_out),
    System("cash_out:advance_blinds", "advance", advance_blinds),
    System("cash_out:to_shop", "shop", to_shop),
)
