"""Set up run situations for tests: a chosen blind, a chosen hand, a joker row.

A mod's behaviour in a run (a boss blind's draw rule, a joker that acts at the end of a
round) is easiest to test from a known situation::

    from balatro_ecs import Game
    from balatro_ecs.testing.runs import play_blind, hold

    game = Game(seed="TEST1")
    play_blind(game, "The Hook")          # the boss is on deck and selected
    hold(game, "KH", "KS", "2C", "3D", "4S", "5H", "7C", "9D")
    game.apply(Play((0, 1)))

Every helper goes through the game's own systems (selecting a blind runs the same
schedule as the player's action), so what a test sees is what a run does.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...game.actions import SelectBlind
from ...game.cards import Card, CardSpec
from ...game.game import Game
from ...game.state import Phase
from ...kernel.components import Area
from ...kernel.content import BlindType
from ...kernel.errors import BalatroError

__all__ = ["hold", "play_blind", "put_boss_on_deck", "win_round"]


def put_boss_on_deck(game: Game, blind: str | BlindType) -> BlindType:
    """Make ``blind`` this ante's boss and the next blind to play (Small and Big skipped
    over without their tags)."""
    if game.phase is not Phase.BLIND_SELECT:
        raise BalatroError(f"put_boss_on_deck: only at blind select, not {game.phase.value}")
    btype = blind if isinstance(blind, BlindType) else game.plugins.blind(blind)
    run = game.run
    if btype.kind in ("small", "big"):
        which = btype.kind.capitalize()
    else:
        which = "Boss"
        run.boss = btype.key
    order = ("Small", "Big", "Boss")
    for name in order:
        if order.index(name) < order.index(which):
            run.blind_states[name] = "Defeated"
    run.blind_states[which] = "Select"
    run.blind_on_deck = which
    return btype


def play_blind(game: Game, blind: str | BlindType | None = None) -> Game:
    """Select ``blind`` (or the one on deck) as the player would; returns the game."""
    if blind is not None:
        put_boss_on_deck(game, blind)
    game.apply(SelectBlind())
    return game


def win_round(game: Game) -> Game:
    """End the round being played as won, without playing a hand; returns the game.

    The score is raised to the blind's target and the round ends through the game's own
    end-of-round systems (jokers, held cards, progress, payout), as when a hand beats the
    blind: a beaten boss raises the ante and draws the next voucher. The game is then at
    cash-out, with every hand of the round left unplayed (they pay at cash-out).
    """
    from ...game.run.rounds import end_round

    if game.phase is not Phase.ROUND:
        raise BalatroError(f"win_round: only during a round, not {game.phase.value}")
    game.run.chips = max(game.run.chips, game.run.blind_chips)
    end_round(game)
    return game


def hold(game: Game, *cards: str | CardSpec) -> list[Card]:
    """Make the hand exactly these cards, in this order.

    Each card is taken from the draw pile (the first card there with that rank, suit and
    look); one the draw pile lacks is made and added to the deck. The cards held before
    go back to the draw pile. The blind's debuffs apply to the new hand.
    """
    if game.phase is not Phase.ROUND:
        raise BalatroError(f"hold: only during a round, not {game.phase.value}")
    specs = [c if isinstance(c, CardSpec) else CardSpec.parse(c) for c in cards]
    for card in list(game.area(Area.HAND)):
        card.set_face_down(False)  # no card in the draw pile is face down or forced
        card.set_forced(False)
        game.move_card(card, Area.DECK)
    chosen: list[Card] = []
    for spec in specs:
        found = _take(game.area(Area.DECK), spec, chosen)
        if found is None:
            found = game.add_card(spec, Area.DECK)
        chosen.append(found)
    for card in chosen:
        game.move_card(card, Area.HAND)
        game._debuff_card(card)
    game._lay_out_hand()  # laid out in this order (Death's rightmost card is the last)
    return chosen


def _take(pile: Iterable[Card], spec: CardSpec, taken: list[Card]) -> Card | None:
    for card in pile:
        if card in taken:
            continue
        same = (
            card.base_rank == spec.rank
            and card.suit == spec.suit
            and card.enhancement == spec.enhancement
            and card.edition == spec.edition
            and card.seal == spec.seal
        )
        if same:
            return card
    return None
