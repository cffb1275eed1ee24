"""Balatro Poker: two players craft Balatro-scored hands and bet on them.

A :class:`Duel` holds one :class:`~balatro_ecs.game.Game` per player -- that player's deck,
hand, discard pile and jokers as entities of its own world, their hand levels, their money
and their seeded streams -- and a third, card-less game (the *house*) whose streams roll the
shop and the timeout defaults. The duel's own record (:class:`DuelState`: chips, bets,
reveals, whose turn) sits beside them. Hands are scored by the engine's scoring pipeline
(:meth:`Game.evaluate_play <balatro_ecs.game.Game.evaluate_play>`) on the player's game, so
every joker, edition and hand level counts exactly as in a solo run.

What happens between the players' decisions (the end of the hand phase, settling a betting
phase, the end of a round) runs as ordered systems, compiled once with the core's
:func:`~balatro_ecs.kernel.schedule.compile_schedule` (:data:`DUEL_EVENTS`, :func:`duel_schedule`).

>>> duel = Duel(seed="DOCTEST1")
>>> duel.phase, duel.to_act, duel.chips
(<Phase.HAND: 'hand'>, (0, 1), (50, 50))
>>> len(duel.hand(0)), duel.dollars
(8, (4, 4))
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..game.cards import Card
from ..game.copying import GameSnapshot
from ..game.game import Game, random_seed
from ..game.jokers import Joker
from ..game.run.flow import EventContext, run_event
from ..game.run.packs import use_consumable
from ..game.run.rounds import jokers_end_of_round
from ..game.run.setup import standard_cards
from ..game.run.targets import reset_round_targets
from ..game.scoring.result import ScoreResult
from ..kernel.components import Area
from ..kernel.errors import BalatroError, IllegalActionError, show
from ..kernel.manager import Plugins
from ..kernel.rng import GameRandom
from ..kernel.schedule import Schedule, System, compile_schedule
from .actions import (
    ACTION_SPACE,
    AllIn,
    Buy,
    Check,
    Discard,
    DuelAction,
    Fold,
    Keep,
    MoveJoker,
    NoHand,
    Pass,
    Raise,
    Reveal,
    Sell,
    action_from_dict,
)
from .rules import (
    ANTE,
    CONFISCATE_CHIPS,
    CONFISCATE_DOLLARS,
    CONFISCATE_EVERY,
    HAND_CARDS,
    HAND_SIZE,
    MAX_DISCARD,
    MAX_JOKERS,
    PLAYERS,
    REVEALS,
    START_CHIPS,
    START_DOLLARS,
    Phase,
    loser_dollars,
    winner_dollars,
)
from .shop import Offer, roll_offers

__all__ = [
    "DUEL_EVENTS",
    "FORMAT",
    "Duel",
    "DuelContext",
    "DuelOutcome",
    "DuelState",
    "duel_schedule",
    "player_name",
]

FORMAT = "balatro_ecs.duel/1"


def player_name(player: int) -> str:
    """``Player 1`` or ``Player 2`` (players are 0 and 1 in the API)."""
    return f"Player {player + 1}"


@dataclass
class DuelState:
    """The duel's own record (everything not held by the players' games)."""

    seed: str
    #: The player who bets (and reveals) first in the current betting phase.
    first: int = 0
    round: int = 1
    phase: Phase = Phase.HAND
    chips: list[int] = field(default_factory=lambda: [START_CHIPS] * PLAYERS)
    #: Hand phase: the player has kept a hand (or said they have none).
    ready: list[bool] = field(default_factory=lambda: [False] * PLAYERS)
    has_hand: list[bool] = field(default_factory=lambda: [False] * PLAYERS)
    #: Cards discarded this hand phase (``None``: the discard is still unused).
    discarded: list[int | None] = field(default_factory=lambda: [None] * PLAYERS)
    #: Betting: the reveal round (1 to 3), the positions each player has shown, in order.
    reveal_round: int = 0
    revealed: list[list[int]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    #: Chips each player has put in this betting phase (the ante included).
    bets: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    #: Gamble step: who has acted since the last raise.
    acted: list[bool] = field(default_factory=lambda: [False] * PLAYERS)
    #: The player to act in the reveal, gamble and shop phases.
    turn: int | None = None
    offers: list[Offer | None] = field(default_factory=list)
    #: Shop: the order (loser first) and how many have had their turn.
    shop_order: list[int] = field(default_factory=list)
    shop_turn: int = 0
    #: The last betting phase: who won it (``None``: a tie) and what happened.
    last_winner: int | None = None
    last: dict[str, Any] | None = None
    winner: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "first": self.first,
            "round": self.round,
            "phase": self.phase.value,
            "chips": list(self.chips),
            "ready": list(self.ready),
            "has_hand": list(self.has_hand),
            "discarded": list(self.discarded),
            "reveal_round": self.reveal_round,
            "revealed": [list(r) for r in self.revealed],
            "bets": list(self.bets),
            "acted": list(self.acted),
            "turn": self.turn,
            "offers": [None if o is None else o.to_dict() for o in self.offers],
            "shop_order": list(self.shop_order),
            "shop_turn": self.shop_turn,
            "last_winner": self.last_winner,
            "last": copy.deepcopy(self.last),
            "winner": self.winner,
        }

    def copy(self) -> DuelState:
        """An independent copy (``last`` is shared: it is never changed once set)."""
        return replace(
            self,
            chips=list(self.chips),
            ready=list(self.ready),
            has_hand=list(self.has_hand),
            discarded=list(self.discarded),
            revealed=[list(r) for r in self.revealed],
            bets=list(self.bets),
            acted=list(self.acted),
            offers=list(self.offers),
            shop_order=list(self.shop_order),
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DuelState:
        values = dict(data)
        values["phase"] = Phase(values["phase"])
        values["offers"] = [None if o is None else Offer.from_dict(o) for o in values["offers"]]
        return cls(**values)


@dataclass(frozen=True)
class DuelOutcome:
    """What one applied action did: public messages, as both players would see them."""

    player: int
    action: DuelAction
    messages: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------
# the systems between decisions
# ---------------------------------------------------------------------------------------


@dataclass
class DuelContext:
    """What one duel event's systems share: the duel and the event's values."""

    duel: Duel
    event: str
    values: dict[str, Any] = field(default_factory=dict)


#: Each duel event and its phases, in order.
DUEL_EVENTS: dict[str, tuple[str, ...]] = {
    "hand_end": ("reshuffle", "ante", "open"),
    "settle": ("pot", "money", "jokers", "table", "next"),
    "round_end": ("confiscate", "deal"),
}


def _reshuffle(ctx: DuelContext) -> None:
    """A deck whose cards have all been drawn takes its discard pile back, shuffled."""
    duel = ctx.duel
    for p, game in enumerate(duel.games):
        if game.area(Area.DECK):
            continue
        for card in list(game.area(Area.DISCARD)):
            game.move_card(card, Area.DECK)
        game.shuffle_deck("duel_shuffle")
        duel._say(f"{player_name(p)}'s deck is reshuffled ({len(game.area(Area.DECK))} cards).")


def _ante(ctx: DuelContext) -> None:
    """Both players put in the ante (less if a player has fewer chips)."""
    duel = ctx.duel
    state = duel.state
    ante = min(ANTE, *state.chips)
    for p in range(PLAYERS):
        state.chips[p] -= ante
        state.bets[p] = ante
    duel._say(f"Each player antes {ante} chips (pot {sum(state.bets)}).")


def _open_betting(ctx: DuelContext) -> None:
    """A player without a hand loses at once; all in: straight to the showdown; else the
    first reveal."""
    duel = ctx.duel
    state = duel.state
    hands = state.has_hand
    if not all(hands):
        winner = next((p for p in range(PLAYERS) if hands[p]), None)
        duel._settle(winner, "no hand")
        return
    if min(state.chips) == 0:
        duel._showdown()
        return
    state.phase = Phase.REVEAL
    state.reveal_round = 1
    state.turn = state.first


def _pay_pot(ctx: DuelContext) -> None:
    duel = ctx.duel
    state = duel.state
    winner = ctx.values["winner"]
    if winner is None:
        for p in range(PLAYERS):
            state.chips[p] += state.bets[p]
        duel._say(f"A tie: each player takes back their {state.bets[0]} chips.")
    else:
        pot = sum(state.bets)
        state.chips[winner] += pot
        duel._say(f"{player_name(winner)} wins the pot of {pot} chips.")


def _pay_money(ctx: DuelContext) -> None:
    """$1 per 2 chips put in for the winner, $1 per 5 for the loser (a tie pays both as
    losers)."""
    duel = ctx.duel
    state = duel.state
    winner = ctx.values["winner"]
    paid = []
    for p in range(PLAYERS):
        rate = winner_dollars if p == winner else loser_dollars
        dollars = rate(state.bets[p])
        duel.games[p].earn(dollars, "betting")
        paid.append(dollars)
    ctx.values["dollars"] = paid
    duel._say(f"{player_name(0)} earns ${paid[0]}, {player_name(1)} earns ${paid[1]}.")


def _jokers_end_of_round(ctx: DuelContext) -> None:
    """Each player's jokers end the round as in a solo run: their end-of-round effects,
    then what they pay at cash out; the round's targets (The Idol, Mail-In Rebate, ...)
    are drawn anew."""
    duel = ctx.duel
    for p, game in enumerate(duel.games):
        before = game.run.dollars
        jokers_end_of_round(EventContext(game, "end_round", {"won": ctx.values["winner"] == p}))
        for joker in list(game.jokers):
            pay = game.plugins.impl("joker_cash_out", joker.key)
            if pay is not None and not joker.debuffed:
                dollars = pay(game, joker)
                if dollars:
                    game.earn(dollars, joker)
        reset_round_targets(game)
        if game.run.dollars != before:
            duel._say(f"{player_name(p)}'s jokers pay ${game.run.dollars - before}.")


def _clear_table(ctx: DuelContext) -> None:
    for game in ctx.duel.games:
        for area in (Area.PLAY, Area.HAND):
            for card in list(game.area(area)):
                game.move_card(card, Area.DISCARD)


def _next(ctx: DuelContext) -> None:
    """Out of chips: the duel is over. Otherwise the winner bets first next time, and the
    shop opens with the loser (after a tie, the second bettor) choosing first."""
    duel = ctx.duel
    state = duel.state
    winner = ctx.values["winner"]
    state.last_winner = winner
    state.turn = None
    for p in range(PLAYERS):
        if state.chips[p] == 0:
            state.winner = 1 - p
            state.phase = Phase.OVER
            duel._say(f"{player_name(p)} has no chips left: {player_name(1 - p)} wins the duel.")
            return
    second = 1 - state.first
    loser = second if winner is None else 1 - winner
    if winner is not None:
        state.first = winner
    owned = {j.key for game in duel.games for j in game.jokers}
    flags = {f for game in duel.games for f in game.run.flags}
    state.offers = list(roll_offers(duel.house, owned, flags))
    state.shop_order = [loser, 1 - loser]
    state.shop_turn = 0
    state.phase = Phase.SHOP
    state.turn = loser
    shown = "; ".join(f"{i + 1}. {o.label()}" for i, o in enumerate(state.offers) if o)
    duel._say(f"Shop: {shown}. {player_name(loser)} chooses first.")


def _confiscate(ctx: DuelContext) -> None:
    """Every 10th round: 10 chips of each player become $5 (never a player's last chip)."""
    duel = ctx.duel
    state = duel.state
    if state.round % CONFISCATE_EVERY:
        return
    for p in range(PLAYERS):
        taken = max(0, min(CONFISCATE_CHIPS, state.chips[p] - 1))
        state.chips[p] -= taken
        dollars = taken * CONFISCATE_DOLLARS // CONFISCATE_CHIPS
        duel.games[p].earn(dollars, "confiscation")
        duel._say(
            f"Round {state.round}: {taken} chips of {player_name(p)} are confiscated for "
            f"${dollars}."
        )


def _deal(ctx: DuelContext) -> None:
    ctx.duel.state.round += 1
    ctx.duel._start_hand_phase()


def _system(event: str, phase: str, fn: Callable[[DuelContext], None]) -> System:
    return System(f"{event}:{fn.__name__.lstrip('_')}", phase, fn)


SYSTEMS: tuple[System, ...] = (
    _system("hand_end", "reshuffle", _reshuffle),
    _system("hand_end", "ante", _ante),
    _system("hand_end", "open", _open_betting),
    _system("settle", "pot", _pay_pot),
    _system("settle", "money", _pay_money),
    _system("settle", "jokers", _jokers_end_of_round),
    _system("settle", "table", _clear_table),
    _system("settle", "next", _next),
    _system("round_end", "confiscate", _confiscate),
    _system("round_end", "deal", _deal),
)

_SCHEDULES: dict[str, Schedule] = {}


def duel_schedule(event: str) -> Schedule:
    """The compiled systems of one duel event (``hand_end``, ``settle``, ``round_end``)."""
    schedule = _SCHEDULES.get(event)
    if schedule is None:
        systems = [s for s in SYSTEMS if s.name.split(":")[0] == event]
        schedule = _SCHEDULES[event] = compile_schedule(DUEL_EVENTS[event], systems)
    return schedule


# ---------------------------------------------------------------------------------------
# the duel
# ---------------------------------------------------------------------------------------


class Duel:
    """A two-player duel of Balatro Poker.

    :param seed: Every random draw (each player's shuffles, the shop, timeout defaults)
        derives from it; a fresh one is made when omitted (read it back from :attr:`seed`).
    :param first_bettor: The player (0 or 1) who bets and reveals first in the first
        betting phase: the setup's choice. Afterwards the winner of the previous betting
        phase goes first.
    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param atomic: Undo an action that raises part-way (a plugin's hook failing), as the
        solo game does. An illegal action is refused before anything changes either way.
    """

    def __init__(
        self,
        seed: str | None = None,
        *,
        first_bettor: int = 0,
        plugins: Plugins | None = None,
        atomic: bool = True,
    ) -> None:
        if first_bettor not in range(PLAYERS):
            raise BalatroError(f"first_bettor: 0 or 1, not {show(first_bettor)}")
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.seed = seed if seed is not None else random_seed()
        if not isinstance(self.seed, str) or not self.seed:
            raise BalatroError(f"seed: expected a non-empty string, got {show(self.seed)}")
        self.first_bettor = first_bettor
        self.atomic = atomic
        self.state = DuelState(self.seed, first=first_bettor)
        self.log: list[tuple[int, DuelAction]] = []
        self._messages: list[str] = []
        self.house = Game.empty(seed=self.seed, plugins=self.plugins)
        self.games: list[Game] = []
        for p in range(PLAYERS):
            game = Game.empty(seed=f"{self.seed}-{p + 1}", plugins=self.plugins)
            game.set_up_cards(standard_cards())
            run = game.run
            run.dollars = START_DOLLARS
            run.joker_slots = MAX_JOKERS
            run.consumable_slots = 0  # the duel has no consumable row
            game.refresh_rules()
            reset_round_targets(game, first=True)
            game.shuffle_deck("duel_shuffle")
            self.games.append(game)
        self._start_hand_phase()
        self._messages.clear()

    # -- reading the duel -----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def winner(self) -> int | None:
        """The player who won the duel (once :attr:`over`)."""
        return self.state.winner

    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who may act now: in the hand phase both (until each has kept a hand),
        afterwards the one whose turn it is; nobody once the duel is over."""
        state = self.state
        if state.phase is Phase.HAND:
            return tuple(p for p in range(PLAYERS) if not state.ready[p])
        if state.phase is Phase.OVER or state.turn is None:
            return ()
        return (state.turn,)

    @property
    def chips(self) -> tuple[int, ...]:
        """Chips each player has behind (not counting what they have put in the pot)."""
        return tuple(self.state.chips)

    @property
    def dollars(self) -> tuple[int, ...]:
        return tuple(g.run.dollars for g in self.games)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each player has put in this betting phase."""
        return tuple(self.state.bets)

    @property
    def pot(self) -> int:
        return sum(self.state.bets)

    @property
    def offers(self) -> tuple[Offer | None, ...]:
        """The shop's items (``None`` where one was bought)."""
        return tuple(self.state.offers) if self.state.phase is Phase.SHOP else ()

    @property
    def last(self) -> dict[str, Any] | None:
        """What the last betting phase came to (winner, how, bets, payouts, hands shown)."""
        return self.state.last

    def game(self, player: int) -> Game:
        """The player's game: their deck, hand, discard pile, jokers, levels and money."""
        return self.games[self._player(player)]

    def hand(self, player: int) -> tuple[Card, ...]:
        """The player's hand cards, left to right (the 5 kept ones once they have kept)."""
        return self.games[self._player(player)].hand

    def jokers(self, player: int) -> tuple[Joker, ...]:
        return tuple(self.games[self._player(player)].jokers)

    def revealed(self, player: int) -> tuple[Card, ...]:
        """The cards of ``player``'s hand shown to the opponent, in the order shown."""
        player = self._player(player)
        hand = self.games[player].hand
        return tuple(hand[i] for i in self.state.revealed[player] if i < len(hand))

    def deck_size(self, player: int) -> int:
        """Cards left in the player's draw pile."""
        return len(self.games[self._player(player)].area(Area.DECK))

    def discard_size(self, player: int) -> int:
        """Cards in the player's discard pile (back in the deck at the next reshuffle)."""
        return len(self.games[self._player(player)].area(Area.DISCARD))

    def to_call(self, player: int) -> int:
        """Chips ``player`` must put in to match the opponent's bet."""
        player = self._player(player)
        return max(0, self.state.bets[1 - player] - self.state.bets[player])

    def max_raise(self, player: int) -> int:
        """The largest raise ``player`` may make: no more than they have after calling,
        nor than the opponent has left to match it."""
        player = self._player(player)
        chips = self.state.chips
        return max(0, min(chips[player] - self.to_call(player), chips[1 - player]))

    def preview(self, player: int, cards: Iterable[int] | None = None) -> ScoreResult:
        """What the player's hand would score at a showdown now, changing nothing: the
        5 kept cards, or the hand positions ``cards`` (the other cards set aside, as a
        Keep would). Only the player's own cards are read."""
        player = self._player(player)
        game = self.games[player]
        hand = game.hand
        chosen = sorted(set(range(len(hand)) if cards is None else cards))
        if not chosen or len(chosen) > HAND_CARDS or not all(0 <= i < len(hand) for i in chosen):
            raise BalatroError(f"preview: 1 to 5 positions of the {len(hand)} hand cards")
        if len(chosen) == len(hand):
            return self._scored(game, preview=True)
        aside = [(i, card) for i, card in enumerate(hand) if i not in chosen]
        try:
            for _, card in aside:
                game.move_card(card, Area.DISCARD)
            return self._scored(game, preview=True)
        finally:  # back to their places: the last ones set aside leave the pile first
            for i, card in aside:
                game.move_card(card, Area.HAND, i)

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[DuelAction]:
        """Every action ``player`` may take now, in a stable order (raises: every amount)."""
        player = self._player(player)
        if player not in self.to_act:
            return []
        state = self.state
        out: list[DuelAction] = []
        if state.phase is Phase.HAND:
            game = self.games[player]
            n = len(game.hand)
            if n >= HAND_CARDS:
                out.extend(Keep(c) for c in itertools.combinations(range(n), HAND_CARDS))
            else:
                out.append(NoHand())
            if state.discarded[player] is None:
                for size in range(1, min(MAX_DISCARD, n) + 1):
                    out.extend(Discard(c) for c in itertools.combinations(range(n), size))
            k = len(game.jokers)
            out.extend(MoveJoker(s, t) for s in range(k) for t in range(k) if s != t)
        elif state.phase is Phase.REVEAL:
            shown = state.revealed[player]
            out.extend(Reveal(i) for i in range(HAND_CARDS) if i not in shown)
        elif state.phase is Phase.GAMBLE:
            out.append(Check())
            top = self.max_raise(player)
            out.extend(Raise(n) for n in range(1, top + 1))
            if top:
                out.append(AllIn())
            out.append(Fold())
        elif state.phase is Phase.SHOP:
            out.extend(
                Buy(i) for i in range(len(state.offers)) if self._buy_problem(player, i) is None
            )
            out.append(Pass())
            out.extend(Sell(j) for j in range(len(self.games[player].jokers)))
        return out

    def action_mask(self, player: int) -> list[bool]:
        """Booleans over :data:`~balatro_ecs.duel.actions.ACTION_SPACE` (legal = True)."""
        legal = set(self.legal_actions(player))
        return [a in legal for a in ACTION_SPACE.actions]

    def verify(self, player: int, action: DuelAction) -> None:
        """Raise :class:`~balatro_ecs.kernel.errors.IllegalActionError` if ``player`` may not take
        ``action`` now. Changes nothing."""
        if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
            raise IllegalActionError(f"player: 0 or 1, not {show(player)}")
        if not isinstance(action, DuelAction):
            raise IllegalActionError(f"not a duel action: {show(action)}")
        verb = action.verb
        state = self.state
        who = player_name(player)
        if state.phase is Phase.OVER:
            raise IllegalActionError(f"{verb}: the duel is over")
        allowed = _PHASE_ACTIONS[state.phase]
        if not isinstance(action, allowed):
            raise IllegalActionError(
                f"{verb}: not in the {state.phase.value} phase (now: "
                f"{', '.join(sorted(c.verb for c in allowed))})"
            )
        if player not in self.to_act:
            if state.phase is Phase.HAND:
                raise IllegalActionError(f"{verb}: {who} has formed their hand already")
            assert state.turn is not None
            raise IllegalActionError(f"{verb}: it is {player_name(state.turn)}'s turn")
        game = self.games[player]
        n = len(game.hand)
        if isinstance(action, Discard):
            if state.discarded[player] is not None:
                raise IllegalActionError(
                    f"discard: once per hand phase ({who} discarded {state.discarded[player]})"
                )
            self._check_positions(verb, action.cards, n)
            if not 1 <= len(action.cards) <= MAX_DISCARD:
                raise IllegalActionError(
                    f"discard: 1 to {MAX_DISCARD} cards, got {len(action.cards)}"
                )
        elif isinstance(action, Keep):
            self._check_positions(verb, action.cards, n)
            if len(action.cards) != HAND_CARDS:
                raise IllegalActionError(
                    f"keep: a hand is {HAND_CARDS} cards, got {len(action.cards)}"
                )
        elif isinstance(action, NoHand):
            if n >= HAND_CARDS:
                raise IllegalActionError(
                    f"nohand: {who} holds {n} cards and can form a hand (keep 5 of them)"
                )
        elif isinstance(action, MoveJoker):
            k = len(game.jokers)
            for slot in (action.source, action.target):
                if not 0 <= slot < k:
                    raise IllegalActionError(f"move: no joker slot {slot + 1} ({who} has {k})")
            if action.source == action.target:
                raise IllegalActionError("move: source and target are the same slot")
        elif isinstance(action, Reveal):
            if not 0 <= action.card < HAND_CARDS:
                raise IllegalActionError(f"reveal: no card {action.card + 1} in a 5-card hand")
            if action.card in state.revealed[player]:
                raise IllegalActionError(f"reveal: card {action.card + 1} is shown already")
        elif isinstance(action, Raise):
            top = self.max_raise(player)
            if top < 1:
                raise IllegalActionError("raise: no raise is possible (someone is all in)")
            if isinstance(action.amount, bool) or not isinstance(action.amount, int):
                raise IllegalActionError(
                    f"raise: a whole number of chips, not {show(action.amount)}"
                )
            if not 1 <= action.amount <= top:
                raise IllegalActionError(f"raise: 1 to {top} chips, not {action.amount}")
        elif isinstance(action, AllIn):
            if self.max_raise(player) < 1:
                raise IllegalActionError("allin: no raise is possible (someone is all in)")
        elif isinstance(action, Buy):
            problem = self._buy_problem(player, action.slot)
            if problem is not None:
                raise IllegalActionError(f"buy: {problem}")
        elif isinstance(action, Sell):
            k = len(game.jokers)
            if not 0 <= action.joker < k:
                raise IllegalActionError(f"sell: no joker {action.joker + 1} ({who} has {k})")

    def can(self, player: int, action: DuelAction) -> bool:
        """Whether ``player`` may take ``action`` now (changes nothing)."""
        try:
            self.verify(player, action)
        except IllegalActionError:
            return False
        return True

    # -- acting -------------------------------------------------------------------------------
    def apply(self, player: int, action: DuelAction) -> DuelOutcome:
        """Apply ``player``'s action. An illegal action raises
        :class:`~balatro_ecs.kernel.errors.IllegalActionError` and leaves the duel exactly as it
        was; so does any action that fails part-way, when :attr:`atomic`."""
        self.verify(player, action)
        saved = self._snapshot() if self.atomic else None
        self._messages = []
        for game in self.games:
            game.events = []
        try:
            self._do(player, action)
        except BaseException:
            if saved is not None:
                self._restore(saved)
            raise
        self.log.append((player, action))
        messages = tuple(self._messages)
        self._messages = []
        return DuelOutcome(player, action, messages)

    def timeout_action(self, player: int) -> DuelAction:
        """The default action when ``player``'s time runs out (changes nothing): a random
        hand of 5 (no hand with fewer than 5 cards), a random card to reveal, a fold, a pass.
        The random choices come from the duel's ``duel_timeout`` stream."""
        return self._default_action(player, self.house.rng.copy())

    def timeout(self, player: int) -> DuelOutcome:
        """Apply :meth:`timeout_action` (what a driver does when a time limit passes)."""
        rng = self.house.rng
        saved = rng.snapshot()
        action = self._default_action(player, rng)
        try:
            return self.apply(player, action)
        except BaseException:
            rng.restore(saved)
            raise

    def _default_action(self, player: int, rng: GameRandom) -> DuelAction:
        player = self._player(player)
        if player not in self.to_act:
            raise IllegalActionError(f"timeout: {player_name(player)} has nothing to decide now")
        state = self.state
        if state.phase is Phase.HAND:
            n = len(self.games[player].hand)
            if n < HAND_CARDS:
                return NoHand()
            combos = list(itertools.combinations(range(n), HAND_CARDS))
            return Keep(rng.element("duel_timeout", combos))
        if state.phase is Phase.REVEAL:
            hidden = [i for i in range(HAND_CARDS) if i not in state.revealed[player]]
            return Reveal(rng.element("duel_timeout", hidden))
        if state.phase is Phase.GAMBLE:
            return Fold()
        return Pass()

    def _do(self, player: int, action: DuelAction) -> None:
        state = self.state
        game = self.games[player]
        who = player_name(player)
        if isinstance(action, Discard):
            # the discard's systems but its draw: the duel draws back to 8, whatever the jokers
            run_event(game, "discard", skip=("draw",), cards=action.cards)
            drawn = game.draw(HAND_SIZE - len(game.hand))
            state.discarded[player] = len(action.cards)
            self._say(f"{who} discards {_cards(len(action.cards))} and draws {len(drawn)}.")
        elif isinstance(action, Keep):
            hand = game.hand
            for i, card in enumerate(hand):
                if i not in action.cards:
                    game.move_card(card, Area.DISCARD)
            state.ready[player] = state.has_hand[player] = True
            self._say(f"{who} has formed a hand.")
            self._hand_phase_over()
        elif isinstance(action, NoHand):
            state.ready[player] = True
            state.has_hand[player] = False
            self._say(f"{who} cannot form a hand ({len(game.hand)} cards).")
            self._hand_phase_over()
        elif isinstance(action, MoveJoker):
            game.move_joker(game.jokers[action.source], action.target)
            self._say(f"{who} moves a joker from slot {action.source + 1} to {action.target + 1}.")
        elif isinstance(action, Reveal):
            state.revealed[player].append(action.card)
            self._say(f"{who} reveals {game.hand[action.card].label}.")
            if player == state.first:
                state.turn = 1 - player
            else:
                state.phase = Phase.GAMBLE
                state.turn = state.first
                state.acted = [False] * PLAYERS
        elif isinstance(action, Check):
            owed = self.to_call(player)
            self._put_in(player, owed)
            self._say(f"{who} calls {owed}." if owed else f"{who} checks.")
            state.acted[player] = True
            if state.acted[1 - player]:
                self._gamble_over()
            else:
                state.turn = 1 - player
        elif isinstance(action, (Raise, AllIn)):
            amount = self.max_raise(player) if isinstance(action, AllIn) else action.amount
            self._put_in(player, self.to_call(player) + amount)
            all_in = " (all in)" if state.chips[player] == 0 else ""
            self._say(f"{who} raises {amount} to {state.bets[player]}{all_in}.")
            state.acted = [False] * PLAYERS
            state.acted[player] = True
            state.turn = 1 - player
        elif isinstance(action, Fold):
            self._say(f"{who} folds.")
            self._settle(1 - player, "fold", folded=player)
        elif isinstance(action, Buy):
            offer = state.offers[action.slot]
            assert offer is not None
            game.earn(-offer.cost, "shop")
            if offer.kind == "joker":
                game.add_joker(offer.key, edition=offer.edition)
            else:
                planet = game.new_consumable(offer.key, area=Area.SHOP)
                use_consumable(game, planet, [])
                game.drop_offer(planet)
            state.offers[action.slot] = None
            self._say(f"{who} buys {offer.name} for ${offer.cost}.")
            self._shop_turn_over()
        elif isinstance(action, Pass):
            self._say(f"{who} passes.")
            self._shop_turn_over()
        elif isinstance(action, Sell):
            joker = game.jokers[action.joker]
            game.remove_joker(joker)
            self._say(f"{who} sells {joker.name} for nothing.")
        else:  # pragma: no cover - verify() refuses anything else
            raise IllegalActionError(f"unknown duel action {show(action)}")

    # -- the flow -------------------------------------------------------------------------------
    def _run(self, event: str, **values: Any) -> DuelContext:
        ctx = DuelContext(self, event, values)
        for run in duel_schedule(event).functions:
            run(ctx)
        return ctx

    def _start_hand_phase(self) -> None:
        state = self.state
        state.phase = Phase.HAND
        state.turn = None
        state.ready = [False] * PLAYERS
        state.has_hand = [False] * PLAYERS
        state.discarded = [None] * PLAYERS
        state.reveal_round = 0
        state.revealed = [[] for _ in range(PLAYERS)]
        state.bets = [0] * PLAYERS
        state.acted = [False] * PLAYERS
        state.offers = []
        state.shop_order = []
        state.shop_turn = 0
        for game in self.games:
            run = game.run
            run.hands_left = 1
            run.hands_played_round = 0
            run.discards_left = 1
            run.discards_used = 0
            game.draw(HAND_SIZE)
        self._say(f"Round {state.round}: each player draws their hand.")

    def _hand_phase_over(self) -> None:
        if all(self.state.ready):
            self._run("hand_end")

    def _put_in(self, player: int, chips: int) -> None:
        state = self.state
        state.chips[player] -= chips
        state.bets[player] += chips

    def _gamble_over(self) -> None:
        state = self.state
        if state.reveal_round >= REVEALS or min(state.chips) == 0:
            self._showdown()
            return
        state.reveal_round += 1
        state.phase = Phase.REVEAL
        state.turn = state.first

    def _scored(self, game: Game, *, preview: bool = False) -> ScoreResult:
        """Score the hand cards as the round's one (and so last) hand."""
        run = game.run
        hand = list(game.hand)
        if preview:
            saved_left = run.hands_left
            run.hands_left = 0
            try:  # as far as the player can know: chance outcomes are expected, not read
                return game.preview_play(range(len(hand)), player=True, samples=8)
            finally:
                run.hands_left = saved_left
        for card in hand:
            card.mark_played_this_ante()
            game.move_card(card, Area.PLAY)
        run.hands_left = 0
        result = game.evaluate_play()
        run.hands_played += 1
        run.hands_played_round += 1
        return result

    def _revealed_labels(self) -> list[list[str]]:
        return [[c.label for c in self.revealed(p)] for p in range(PLAYERS)]

    def _showdown(self) -> None:
        revealed = self._revealed_labels()
        results = [self._scored(game) for game in self.games]
        hands: list[dict[str, Any]] = []
        for p, result in enumerate(results):
            hands.append(
                {
                    "hand_name": result.hand_name,
                    "score": _json_score(result.score),
                    "chips": _json_score(result.chips),
                    "mult": _json_score(result.mult),
                    "cards": [c.label for c in self.games[p].area(Area.PLAY)]
                    or list(result.scoring_cards),
                }
            )
            self._say(
                f"Showdown: {player_name(p)} shows {', '.join(hands[p]['cards'])}: "
                f"{result.hand_name}, {_number(result.score)}."
            )
        a, b = results[0].score, results[1].score
        winner = 0 if a > b else 1 if b > a else None
        self._settle(winner, "showdown", hands=hands, revealed=revealed)

    def _settle(
        self,
        winner: int | None,
        how: str,
        *,
        folded: int | None = None,
        hands: list[dict[str, Any]] | None = None,
        revealed: list[list[str]] | None = None,
    ) -> None:
        state = self.state
        bets = list(state.bets)
        chips_before = [state.chips[p] + bets[p] for p in range(PLAYERS)]
        state.turn = None
        last: dict[str, Any] = {
            "round": state.round,
            "winner": winner,
            "how": how,
            "folded": folded,
            "bets": bets,
            "pot": sum(bets),
            "revealed": self._revealed_labels() if revealed is None else revealed,
            "hands": hands,
        }
        ctx = self._run("settle", winner=winner)  # its last system says where the duel goes
        last["dollars"] = ctx.values["dollars"]
        last["chips_won"] = [state.chips[p] - chips_before[p] for p in range(PLAYERS)]
        state.last = last
        state.bets = [0] * PLAYERS

    def _shop_turn_over(self) -> None:
        state = self.state
        state.shop_turn += 1
        if state.shop_turn < len(state.shop_order):
            state.turn = state.shop_order[state.shop_turn]
            return
        state.offers = []
        state.turn = None
        self._run("round_end")

    def _buy_problem(self, player: int, slot: int) -> str | None:
        offers = self.state.offers
        if not 0 <= slot < len(offers):
            return f"no shop item {slot + 1} ({len(offers)} shown)"
        offer = offers[slot]
        if offer is None:
            return f"item {slot + 1} is sold already"
        game = self.games[player]
        if offer.cost > game.run.dollars:
            return (
                f"{offer.name} costs ${offer.cost}, {player_name(player)} has ${game.run.dollars}"
            )
        if offer.kind == "joker" and len(game.jokers) >= MAX_JOKERS:
            return f"{player_name(player)} has {MAX_JOKERS} jokers: sell one first"
        return None

    @staticmethod
    def _check_positions(verb: str, cards: Sequence[int], n: int) -> None:
        if len(set(cards)) != len(cards):
            raise IllegalActionError(f"{verb}: a card is named twice")
        for i in cards:
            if not 0 <= i < n:
                raise IllegalActionError(f"{verb}: no card {i + 1} in hand ({n} cards)")

    def _say(self, text: str) -> None:
        self._messages.append(text)

    @staticmethod
    def _player(player: int) -> int:
        if isinstance(player, bool) or player not in (0, 1):
            raise BalatroError(f"player: 0 or 1, not {show(player)}")
        return player

    # -- what a player sees -----------------------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may know, as JSON-ready data: their own hand, jokers, money and
        deck size; the opponent's revealed cards, jokers, money, and card counts (never the
        opponent's unrevealed cards or either deck's order)."""
        player = self._player(player)
        other = 1 - player
        state = self.state
        mine, theirs = self.games[player], self.games[other]
        return {
            "player": player,
            "round": state.round,
            "phase": state.phase.value,
            "to_act": player in self.to_act,
            "first_bettor": state.first,
            "chips": [state.chips[player], state.chips[other]],
            "dollars": [mine.run.dollars, theirs.run.dollars],
            "bets": [state.bets[player], state.bets[other]],
            "pot": self.pot,
            "to_call": self.to_call(player),
            "max_raise": self.max_raise(player),
            "reveal_round": state.reveal_round,
            "hand": [c.label for c in mine.hand],
            "kept": state.ready[player] and state.has_hand[player],
            "discarded": state.discarded[player],
            "revealed": [c.label for c in self.revealed(player)],
            "score": self._kept_score(player),
            "opponent": {
                "ready": state.ready[other],
                "has_hand": state.has_hand[other] if state.ready[other] else None,
                "cards_in_hand": len(theirs.hand),
                "discarded": state.discarded[other],
                "revealed": [c.label for c in self.revealed(other)],
                "jokers": [_joker_view(j) for j in theirs.jokers],
                "deck": len(theirs.area(Area.DECK)),
                "discard_pile": len(theirs.area(Area.DISCARD)),
            },
            "jokers": [_joker_view(j) for j in mine.jokers],
            "deck": len(mine.area(Area.DECK)),
            "discard_pile": len(mine.area(Area.DISCARD)),
            "hand_levels": [stats.level for stats in mine.run.hands],
            "shop": [None if o is None else o.to_dict() for o in self.offers],
            "last": copy.deepcopy(state.last),
            "winner": state.winner,
        }

    def _kept_score(self, player: int) -> dict[str, Any] | None:
        state = self.state
        if not (state.ready[player] and state.has_hand[player]):
            return None
        if len(self.games[player].hand) != HAND_CARDS:
            return None
        result = self.preview(player)
        return {"hand_name": result.hand_name, "score": _json_score(result.score)}

    # -- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "seed": self.seed,
            "first_bettor": self.first_bettor,
            "state": self.state.to_dict(),
            "house": json.loads(self.house.to_json()),
            "players": [json.loads(g.to_json()) for g in self.games],
            "log": [[p, a.to_dict()] for p, a in self.log],
        }

    def to_json(self) -> str:
        """A lossless save: ``Duel.from_json(text).to_json() == text``."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, plugins: Plugins | None = None) -> Duel:
        """Load a save made by :meth:`to_json`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise BalatroError(
                f"duel save: malformed JSON at line {err.lineno}, column {err.colno}"
            ) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise BalatroError(f"duel save: format {show(FORMAT)} expected, got {show(found)}")
        duel = cls.__new__(cls)
        duel.plugins = plugins if plugins is not None else Plugins.default()
        duel.seed = str(data["seed"])
        duel.first_bettor = int(data["first_bettor"])
        duel.atomic = True
        duel.state = DuelState.from_dict(data["state"])
        duel.house = Game.from_json(json.dumps(data["house"]), duel.plugins)
        duel.games = [Game.from_json(json.dumps(g), duel.plugins) for g in data["players"]]
        duel.log = [(int(p), action_from_dict(a)) for p, a in data["log"]]
        duel._messages = []
        return duel

    @classmethod
    def replay(
        cls,
        actions: Iterable[tuple[int, DuelAction]],
        *,
        seed: str,
        first_bettor: int = 0,
        plugins: Plugins | None = None,
    ) -> Duel:
        """A new duel with this seed, with ``(player, action)`` pairs applied in order."""
        duel = cls(seed, first_bettor=first_bettor, plugins=plugins)
        for player, action in actions:
            duel.apply(player, action)
        return duel

    def clone(self) -> Duel:
        """An independent copy (same plugins), for search: the games are copied directly."""
        other = Duel.__new__(Duel)
        other.plugins = self.plugins
        other.seed = self.seed
        other.first_bettor = self.first_bettor
        other.atomic = self.atomic
        other.state = self.state.copy()
        other.house = self.house.clone()
        other.games = [g.clone() for g in self.games]
        other.log = list(self.log)
        other._messages = []
        return other

    def _snapshot(self) -> tuple[DuelState, list[GameSnapshot], int]:
        snaps = [self.house.snapshot(), *(g.snapshot() for g in self.games)]
        return self.state.copy(), snaps, len(self.log)

    def _restore(self, saved: tuple[DuelState, list[GameSnapshot], int]) -> None:
        state, snaps, n = saved
        self.state = state
        self.house.restore(snaps[0])
        for game, snap in zip(self.games, snaps[1:], strict=True):
            game.restore(snap)
        del self.log[n:]

    def close(self) -> None:
        """Free the games' worlds now (also done when they are collected)."""
        for game in (self.house, *self.games):
            game.close()

    def __repr__(self) -> str:
        return (
            f"<Duel {self.seed} round {self.state.round} {self.state.phase.value} "
            f"chips={self.state.chips} dollars={list(self.dollars)}>"
        )


_PHASE_ACTIONS: dict[Phase, tuple[type[DuelAction], ...]] = {
    Phase.HAND: (Discard, Keep, NoHand, MoveJoker),
    Phase.REVEAL: (Reveal,),
    Phase.GAMBLE: (Check, Raise, AllIn, Fold),
    Phase.SHOP: (Buy, Pass, Sell),
    Phase.OVER: (),
}


def _joker_view(joker: Joker) -> dict[str, Any]:
    return {"key": joker.key, "name": joker.name, "edition": joker.edition.name.lower()}


def _json_score(score: float) -> float | int | str:
    """A score for JSON: a number, or ``"inf"`` (the game's naneinf) or ``"nan"``."""
    if score != score:
        return "nan"
    if score in (float("inf"), float("-inf")):
        return "inf" if score > 0 else "-inf"
    return score


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _number(x: float) -> str:
    return "inf" if x == float("inf") else f"{x:,.0f}"
