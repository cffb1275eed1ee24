"""The table as a value, and the rules as functions from one value to the next.

How this sits with the entity store: the cards are entities of a
:class:`~balatro_ecs.kernel.world.World` made once per table (what a card *is*: Rank, Suit,
Points, never changed). A :class:`State` is a frozen snapshot of *where* every card is,
as ordered rows of entity ids (``shoe``, ``dealer``, each hand's ``cards``, ``discard``),
plus the money. Every transform here takes a State and returns a new one: dealing moves
an id from the front of ``shoe`` to a hand, settling pays and leaves the cards on the
table until the next bet moves them to ``discard``, reshuffling turns ``discard`` into
``shoe``. The world is only read; the only side effect is advancing the seeded
:class:`~balatro_ecs.kernel.rng.GameRandom` stream ``"shoe"`` when a reshuffle happens. So an
old State stays valid (undo, search, checking an action) and saving is writing the rows.

Money: a bet leaves the bankroll when it is placed (it is ``at_risk`` on the table);
settling pays back stake plus winnings. Payouts are whole chips, rounded down
(3:2 on a bet of 5 pays 7; insurance on a bet of 5 costs 2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from balatro_ecs.kernel.components import Rank
from balatro_ecs.kernel.rng import GameRandom
from balatro_ecs.kernel.world import World

from .cards import code, hand_total, is_ace

__all__ = ["STAGES", "Env", "Hand", "Rules", "State"]

#: Stages a round goes through. Players act in ``betting``, ``insurance`` and ``player``;
#: the systems move the others along (see :mod:`balatro_blackjack.table`).
STAGES = ("betting", "deal", "insurance", "peek", "player", "dealer", "settle", "over")


@dataclass(frozen=True)
class Rules:
    """Table rules. The dealer always stands on all 17s and a blackjack pays 3:2."""

    insurance: bool = True  #: offer insurance when the dealer shows an Ace
    double_after_split: bool = True
    min_bet: int = 1
    max_bet: int = 100


@dataclass(frozen=True)
class Hand:
    cards: tuple[int, ...]
    bet: int
    doubled: bool = False
    split: bool = False  #: made by a split (21 on two cards is then not a blackjack)
    done: bool = False
    outcome: str = ""  #: once settled: blackjack, win, push, lose or bust


@dataclass(frozen=True)
class State:
    shoe: tuple[int, ...]  #: the next card is ``shoe[0]``
    bankroll: int
    discard: tuple[int, ...] = ()
    dealer: tuple[int, ...] = ()  #: up card first, then the hole card
    hands: tuple[Hand, ...] = ()
    active: int = 0  #: the hand being played
    insurance: int = 0
    stage: str = "betting"
    round: int = 0  #: rounds settled
    shuffles: int = 0
    net: int = 0  #: what the last settled round won or lost

    @property
    def on_table(self) -> tuple[int, ...]:
        return self.dealer + tuple(e for h in self.hands for e in h.cards)

    @property
    def at_risk(self) -> int:
        """Chips on the table in an unsettled round (0 between rounds)."""
        if self.stage in ("betting", "over"):
            return 0
        return sum(h.bet for h in self.hands) + self.insurance


@dataclass(frozen=True)
class Env:
    """What the transforms read besides the state: the cards, the stream, the rules."""

    world: World
    rng: GameRandom
    rules: Rules

    def total(self, cards: tuple[int, ...]) -> tuple[int, bool]:
        return hand_total(self.world, cards)

    def natural(self, cards: tuple[int, ...]) -> bool:
        return len(cards) == 2 and self.total(cards)[0] == 21


# -- the shoe ------------------------------------------------------------------------------
def reshuffle(state: State, env: Env) -> State:
    """The discard pile, shuffled, goes under whatever is left of the shoe."""
    pile = list(state.discard)
    env.rng.shuffle("shoe", pile)
    return replace(state, shoe=state.shoe + tuple(pile), discard=(), shuffles=state.shuffles + 1)


def draw(state: State, env: Env) -> tuple[State, int]:
    """Take the next card off the shoe, reshuffling the discard pile first if it is empty."""
    if not state.shoe:
        if not state.discard:
            raise RuntimeError("no card left: the shoe and the discard pile are both empty")
        state = reshuffle(state, env)
    return replace(state, shoe=state.shoe[1:]), state.shoe[0]


def deal_to(state: State, env: Env, hand: int | None) -> State:
    """One card to player hand ``hand``, or to the dealer when ``hand`` is None."""
    state, card = draw(state, env)
    if hand is None:
        return replace(state, dealer=(*state.dealer, card))
    h = state.hands[hand]
    return _set_hand(state, hand, replace(h, cards=(*h.cards, card)))


def _set_hand(state: State, i: int, hand: Hand) -> State:
    return replace(state, hands=(*state.hands[:i], hand, *state.hands[i + 1 :]))


# -- the player's actions (checked by the table before they are applied) ------------------
def place_bet(state: State, amount: int) -> State:
    """Clear last round's cards to the discard pile and put ``amount`` on a new hand."""
    return replace(
        state,
        discard=state.discard + state.on_table,
        dealer=(),
        hands=(Hand((), amount),),
        active=0,
        insurance=0,
        bankroll=state.bankroll - amount,
        stage="deal",
    )


def insure(state: State, take: bool) -> State:
    stake = state.hands[0].bet // 2 if take else 0
    return replace(state, insurance=stake, bankroll=state.bankroll - stake, stage="peek")


def hit(state: State, env: Env) -> State:
    return deal_to(state, env, state.active)


def stand(state: State) -> State:
    return _set_hand(state, state.active, replace(state.hands[state.active], done=True))


def double(state: State, env: Env) -> State:
    h = state.hands[state.active]
    state = _set_hand(state, state.active, replace(h, bet=2 * h.bet, doubled=True))
    return deal_to(replace(state, bankroll=state.bankroll - h.bet), env, state.active)


def split(state: State) -> State:
    """Two hands of one card each; each gets its second card when its turn comes."""
    (a, b), bet = state.hands[0].cards, state.hands[0].bet
    hands = (Hand((a,), bet, split=True), Hand((b,), bet, split=True))
    return replace(state, hands=hands, bankroll=state.bankroll - bet)


def why_not(state: State, env: Env, verb: str, amount: int = 0) -> str | None:
    """Why the action is illegal now, or None when it is legal."""
    rules, stage = env.rules, state.stage
    need = {"bet": "betting", "insure": "insurance", "decline": "insurance"}.get(verb, "player")
    if verb not in ("bet", "insure", "decline", "hit", "stand", "double", "split"):
        return f"unknown action {verb!r}"
    if stage != need:
        return f"cannot {verb} now: the table is in the {stage!r} stage"
    if verb == "bet":
        if not isinstance(amount, int) or isinstance(amount, bool):
            return f"a bet is a whole number of chips, not {amount!r}"
        top = min(rules.max_bet, state.bankroll)
        if not rules.min_bet <= amount <= top:
            return f"a bet must be between {rules.min_bet} and {top}, not {amount}"
    if verb == "insure" and state.bankroll < state.hands[0].bet // 2:
        return "not enough chips to insure"
    if verb not in ("double", "split"):
        return None
    h = state.hands[state.active]
    if state.bankroll < h.bet:
        return f"not enough chips to {verb} (need {h.bet})"
    if len(h.cards) != 2:
        return f"can only {verb} on the first two cards"
    if verb == "double" and h.split and not rules.double_after_split:
        return "this table does not allow doubling after a split"
    if verb == "split" and len(state.hands) > 1:
        return "a hand can be split only once"
    rank = env.world.get
    if verb == "split" and rank(h.cards[0], Rank) != rank(h.cards[1], Rank):
        return "can only split two cards of the same rank"
    return None


# -- what the systems do between the player's decisions -----------------------------------
def deal_round(state: State, env: Env) -> State:
    """Player, dealer, player, dealer; offer insurance when the dealer shows an Ace."""
    for to in (0, None, 0, None):
        state = deal_to(state, env, to)
    half = state.hands[0].bet // 2
    offer = env.rules.insurance and is_ace(env.world, state.dealer[0])
    if offer and 1 <= half <= state.bankroll:
        return replace(state, stage="insurance")
    return replace(state, stage="peek")


def peek(state: State, env: Env) -> State:
    """A natural on either side ends the round at once (a dealer's blackjack takes only the
    original bets: nobody could double or split yet)."""
    if env.natural(state.dealer) or env.natural(state.hands[0].cards):
        return replace(state, stage="settle")
    return replace(state, stage="player")


def play_turns(state: State, env: Env) -> State:
    """Finish what needs no decision: a split hand's second card, hands that are over
    (stood, 21 or more, doubled, split Aces after one card); then the dealer's turn."""
    while state.stage == "player":
        i = state.active
        h = state.hands[i]
        if len(h.cards) == 1:
            state = deal_to(state, env, i)
            continue
        split_aces = h.split and is_ace(env.world, h.cards[0])
        if not (h.done or h.doubled or split_aces or env.total(h.cards)[0] >= 21):
            break
        state = _set_hand(state, i, replace(h, done=True))
        if i + 1 < len(state.hands):
            state = replace(state, active=i + 1)
        else:
            state = replace(state, stage="dealer")
    return state


def dealer_turn(state: State, env: Env) -> State:
    """Hit to 17 and stand on all 17s, soft or hard (no need when every hand is bust)."""
    if any(env.total(h.cards)[0] <= 21 for h in state.hands):
        while env.total(state.dealer)[0] < 17:
            state = deal_to(state, env, None)
    return replace(state, stage="settle")


def settle(state: State, env: Env) -> State:
    """Pay each hand and the insurance; the cards stay on the table until the next bet."""
    dealer, dealer_bj = env.total(state.dealer)[0], env.natural(state.dealer)
    paid, hands = 0, []
    for h in state.hands:
        total = env.total(h.cards)[0]
        if total > 21:
            outcome, back = "bust", 0
        elif env.natural(h.cards) and not h.split and not dealer_bj:
            outcome, back = "blackjack", h.bet + h.bet * 3 // 2
        elif dealer_bj and not (env.natural(h.cards) and not h.split):
            outcome, back = "lose", 0
        elif dealer > 21 or total > dealer:
            outcome, back = "win", 2 * h.bet
        elif total == dealer:
            outcome, back = "push", h.bet
        else:
            outcome, back = "lose", 0
        paid += back
        hands.append(replace(h, done=True, outcome=outcome))
    if dealer_bj:
        paid += 3 * state.insurance  # 2:1 and the stake back
    bankroll = state.bankroll + paid
    return replace(
        state,
        hands=tuple(hands),
        bankroll=bankroll,
        net=paid - state.at_risk,
        round=state.round + 1,
        stage="betting" if bankroll >= env.rules.min_bet else "over",
    )


def stack(state: State, env: Env, codes: list[str]) -> State:
    """Put cards with these codes (``"AS"``, ``"10H"``) at the front of the shoe, in this
    order: for tests and demonstrations. The cards come out of the shoe (same count)."""
    rest, front = list(state.shoe), []
    for wanted in codes:
        card = next((e for e in rest if code(env.world, e) == wanted), None)
        if card is None:
            raise ValueError(f"no {wanted} left in the shoe")
        rest.remove(card)
        front.append(card)
    return replace(state, shoe=(*front, *rest))
