"""Rule shapes shared by several vanilla jokers: the same rule with other numbers.

Each function takes the joker's :class:`~balatro_ecs.kernel.content.JokerType` and returns a
hook implementation; a joker module assigns it to the hook's name, e.g.::

    joker_individual = suit_mult(JOKER)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from balatro_ecs.plugin import Effect, HandType, JokerType, hookimpl, parse_suit

__all__ = [
    "chips_counter",
    "mult_counter",
    "suit_mult",
    "type_chips",
    "type_mult",
    "type_x_mult",
    "use_up",
    "x_mult_counter",
]

Hook = Callable[..., Any]


def suit_mult(jtype: JokerType) -> Hook:
    """Each scored card of the joker's suit gives ``extra.s_mult`` Mult (Greedy Joker & co.)."""
    suit = parse_suit(jtype.config["extra"]["suit"])

    @hookimpl
    def joker_individual(ctx: Any, joker: Any, card: Any) -> Effect | None:
        if card.is_suit(suit):
            return Effect.mult_of(joker.state["extra"]["s_mult"])
        return None

    return joker_individual


def _hand_of(jtype: JokerType) -> HandType:
    return HandType.from_name(jtype.config["type"])


def type_mult(jtype: JokerType) -> Hook:
    """``t_mult`` Mult when the played hand contains the joker's poker hand (Jolly Joker & co.)."""
    hand = _hand_of(jtype)

    @hookimpl
    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        if ctx.contains(hand):
            return Effect.mult_of(joker.state["t_mult"])
        return None

    return joker_main


def type_chips(jtype: JokerType) -> Hook:
    """``t_chips`` Chips when the played hand contains the joker's poker hand (Sly Joker & co.)."""
    hand = _hand_of(jtype)

    @hookimpl
    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        if ctx.contains(hand):
            return Effect.chips_of(joker.state["t_chips"])
        return None

    return joker_main


def type_x_mult(jtype: JokerType) -> Hook:
    """×Mult when the played hand contains the joker's poker hand (The Duo & co.)."""
    hand = _hand_of(jtype)

    @hookimpl
    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        x_mult = joker.state["x_mult"]
        if x_mult > 1 and ctx.contains(hand):
            return Effect.x_mult_of(x_mult)
        return None

    return joker_main


def x_mult_counter(jtype: JokerType) -> Hook:
    """Gives the ×Mult the joker has accumulated in ``x_mult``, once it is above 1."""

    @hookimpl
    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        x_mult = joker.state["x_mult"]
        if x_mult > 1:
            return Effect.x_mult_of(x_mult)
        return None

    return joker_main


def mult_counter(jtype: JokerType) -> Hook:
    """Gives the Mult the joker has accumulated in ``mult``, once it is above 0."""

    @hookimpl
    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        mult = joker.state["mult"]
        if mult > 0:
            return Effect.mult_of(mult)
        return None

    return joker_main


def chips_counter(jtype: JokerType) -> Hook:
    """Gives the Chips the joker has accumulated in ``extra.chips``, once above 0."""

    @hookimpl
    def joker_main(ctx: Any, joker: Any) -> Effect | None:
        chips = joker.state["extra"]["chips"]
        if chips > 0:
            return Effect.chips_of(chips)
        return None

    return joker_main


def use_up(
    game: Any, joker: Any, holder: dict[str, Any], name: str, step: float, limit: float
) -> None:
    """Take ``step`` off ``holder[name]``; a joker that would reach ``limit`` is eaten instead
    (Popcorn, Ramen, Turtle Bean)."""
    if holder[name] - step <= limit:
        if joker in game.jokers:
            game.remove_joker(joker)
            game.record(joker, "message", "eaten")
    else:
        holder[name] -= step
