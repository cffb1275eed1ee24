"""Starting a run: the deck, the deck's and the stakes' changes, the first blinds (the
systems of the ``start_run`` event; their order is :mod:`balatro_ecs.game.events`').

The game creates its 52 starting cards from prototypes sorted by a string of suit letter
and rank character (``"C2"`` < ``"C9"`` < ``"CA"`` < ... < ``"ST"``); that creation order
is what every later shuffle sorts by, so the draw order matches the game's for a seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.content import StakeType
from ...kernel.enums import Edition, Suit
from ..cards import CardSpec, CardTemplate
from .blinds import choose_boss, next_tag, next_voucher
from .flow import EventContext, run_event
from .tags import enter_blind_select
from .targets import reset_round_targets

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["RANK_CHARS", "SUIT_LETTERS", "prototype_key", "standard_cards", "start_run"]

#: The game's card-key characters: rank ids 2..14 and suits.
RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T",
              11: "J", 12: "Q", 13: "K", 14: "A"}  # fmt: skip
SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.CLUBS: "C", Suit.DIAMONDS: "D"}


def standard_cards() -> list[CardSpec]:
    """The 52 plain cards, in the order of the game's card keys (``C_2`` .. ``S_T``)."""
    return list(_STANDARD)


def prototype_key(spec: CardSpec) -> str:
    """The string the game sorts starting-card prototypes by."""
    enhancement = spec.enhancement.key if spec.enhancement else "m_base"
    edition = (spec.edition or Edition.NONE).key
    seal = spec.seal.name.capitalize() if spec.seal else "none"
    return f"{SUIT_LETTERS[spec.suit]}{RANK_CHARS[spec.rank]}{enhancement}{edition}{seal}"


_STANDARD: tuple[CardSpec, ...] = tuple(
    sorted((CardSpec(rank, suit) for suit in Suit for rank in RANK_CHARS), key=prototype_key)
)
#: The standard deck, its value components found once per process.
_STANDARD_TEMPLATE = CardTemplate(_STANDARD)


def start_run(game: Game) -> None:
    """Set up a new run in an empty game (the ``start_run`` event)."""
    run_event(game, "start_run")


def starting_cards(ctx: EventContext) -> None:
    """The deck's cards: the standard 52, or what the deck makes of them (its
    ``deck_starting_cards``), in the order of the game's prototypes."""
    game = ctx.game
    deck = game.deck
    reshape = game.plugins.impl("deck_starting_cards", deck.key)
    if reshape is None:
        game.set_up_cards(_STANDARD_TEMPLATE)  # already in the game's order
    else:
        cards = standard_cards()
        cards = list(reshape(game, deck, cards) or cards)
        game.set_up_cards(sorted(cards, key=prototype_key))


def apply_deck(ctx: EventContext) -> None:
    game = ctx.game
    apply = game.plugins.impl("deck_apply", game.deck.key)
    if apply is not None:
        apply(game, game.deck)


def apply_stakes(ctx: EventContext) -> None:
    """The chosen stake and every stake below it, lowest first."""
    game = ctx.game
    plugins = game.plugins
    assert game.stake is not None
    for stake in plugins.all(StakeType):
        if stake.level <= game.stake.level:
            stake_apply = plugins.impl("stake_apply", stake.key)
            if stake_apply is not None:
                stake_apply(game, stake)


def start_counters(ctx: EventContext) -> None:
    game = ctx.game
    assert game.stake is not None
    run = game.run
    run.stake = game.stake.level
    run.starting_deck_size = len(game.playing_cards)
    run.hands_left = run.round_hands
    run.discards_left = run.round_discards
    game.refresh_rules()


def first_targets(ctx: EventContext) -> None:
    reset_round_targets(ctx.game, first=True)


def first_blinds(ctx: EventContext) -> None:
    """The first ante's boss, voucher and tags."""
    game = ctx.game
    run = game.run
    run.boss = choose_boss(game)
    run.voucher_offer = next_voucher(game)
    run.tags_offered = {"Small": next_tag(game), "Big": next_tag(game)}


def first_blind_select(ctx: EventContext) -> None:
    """The blind select screen comes up; setting up recorded nothing."""
    game = ctx.game
    enter_blind_select(game)
    game.events.clear()
