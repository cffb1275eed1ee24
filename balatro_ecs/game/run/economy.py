"""Money at the end of a round: the payout, in the game's order, and cashing out.

rules.toml ``[economy]``: blind reward, remaining hands, remaining discards (Green Deck),
joker payouts left to right, tags, then interest -- on the money held *before* the payout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.faults import check_dollars
from ..state import Phase
from .blinds import blind_reward, choose_boss, next_blind, next_tag
from .flow import EventContext, run_event
from .tags import tags_at_cash_out

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["interest", "round_payout"]


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
    lines.extend(tags_at_cash_out(game))
    earned = interest(game)
    if earned:
        lines.append(["Interest", earned])
    return lines


def compute_payout(ctx: EventContext) -> None:
    """The round's payout lines (shown at cash-out); the blind is over."""
    game = ctx.game
    game.run.payout = round_payout(game, ctx["won"])
    game.clear_blind()
    game.run.phase = Phase.CASH_OUT


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
    """The shop opens (the ``open_shop`` event)."""
    run_event(ctx.game, "open_shop")
