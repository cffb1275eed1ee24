"""A pack's content in play, briefly: what ``plugins validate`` runs to report what would
fail mid-run.

Building a plugin set checks declarations (hooks against their specs, keys, schedules);
this plays. For each item of a pack it starts a seeded game with the item in play -- a
joker in the row, a consumable held, the deck chosen, the blind as the boss on deck, a
tag gained, a voucher redeemed, a pack opened, a card modifier on cards in hand -- and
plays on with the greedy policy (:class:`~balatro_ecs.tools.policies.GreedyPolicy`,
which clears early blinds, so a shop is visited), never selling what it is testing; any
error is reported, one line per item, naming the hook
(:class:`~balatro_ecs.kernel.errors.HookError`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.actions import Sell
from ..game.cards import CardSpec
from ..game.game import Game
from ..game.run.shop import redeem_voucher
from ..game.state import Phase
from ..kernel.components import Area
from ..kernel.content import (
    BlindType,
    BoosterType,
    ConsumableType,
    ContentType,
    DeckType,
    EditionType,
    EnhancementType,
    JokerType,
    SealType,
    StakeType,
    TagType,
    VoucherType,
)
from ..kernel.enums import Suit
from ..kernel.errors import BalatroError
from ..kernel.manager import Plugins
from .policies import GreedyPolicy
from .testing.runs import put_boss_on_deck

__all__ = ["smoke_item", "smoke_pack"]

#: Actions played with each item in play (a round, a shop and the next rounds, or so).
ACTIONS = 40


def smoke_pack(plugins: Plugins, pack: str, *, actions: int = ACTIONS) -> list[str]:
    """Play each content item of ``pack`` for a while; one problem line per item that
    fails (``[]``: every item played)."""
    problems: list[str] = []
    for item in plugins.pack_content(pack):
        problem = smoke_item(plugins, item, actions=actions)
        if problem is not None:
            problems.append(problem)
    return problems


def smoke_item(plugins: Plugins, item: ContentType, *, actions: int = ACTIONS) -> str | None:
    """Play ``item`` for ``actions`` random legal actions; the problem, or ``None``."""
    seed = f"SMOKE{item.key.upper()}"
    try:
        game = _with_item(plugins, item, seed)
        policy = GreedyPolicy(seed)
        for _ in range(actions):
            if game.phase is Phase.GAME_OVER or game.run.won:
                break
            action = policy.choose(game)
            if isinstance(action, Sell):  # keep the item in play
                action = next(a for a in game.legal_actions(reorders=False) if a != action)
            game.apply(action)
    except Exception as err:  # every failure is a finding, reported with the item's key
        what = err if isinstance(err, BalatroError) else f"{type(err).__name__}: {err}"
        return f"{item.key} failed in play: {what}"
    return None


def _with_item(plugins: Plugins, item: ContentType, seed: str) -> Game:
    """A new game with ``item`` in play."""
    if isinstance(item, DeckType):
        return Game(deck=item.key, seed=seed, plugins=plugins)
    if isinstance(item, StakeType):
        return Game(stake=item.key, seed=seed, plugins=plugins)
    game = Game(seed=seed, plugins=plugins)
    setup = _SETUPS.get(type(item))
    if setup is not None:
        setup(game, item)
    return game


def _joker(game: Game, item: ContentType) -> None:
    game.add_joker(item.key)


def _consumable(game: Game, item: ContentType) -> None:
    game.add_consumable(item.key)


def _blind(game: Game, item: ContentType) -> None:
    assert isinstance(item, BlindType)
    put_boss_on_deck(game, item)


def _tag(game: Game, item: ContentType) -> None:
    game.gain_tag(item.key)


def _voucher(game: Game, item: ContentType) -> None:
    redeem_voucher(game, item.key)


def _booster(game: Game, item: ContentType) -> None:
    game.open_pack(item.key)


def _modifier(game: Game, item: ContentType) -> None:
    """Cards carrying the modifier in the deck, so that rounds draw and score them."""
    for rank in (14, 13, 12, 11, 10, 9, 8, 7):
        if isinstance(item, EnhancementType):
            spec = CardSpec(rank, Suit.SPADES, enhancement=item.kind)
        elif isinstance(item, SealType):
            spec = CardSpec(rank, Suit.SPADES, seal=item.kind)
        else:
            assert isinstance(item, EditionType)
            spec = CardSpec(rank, Suit.SPADES, edition=item.kind)
        game.add_card(spec, Area.DECK)


_SETUPS: dict[type, Callable[[Game, ContentType], None]] = {
    JokerType: _joker,
    ConsumableType: _consumable,
    BlindType: _blind,
    TagType: _tag,
    VoucherType: _voucher,
    BoosterType: _booster,
    EnhancementType: _modifier,
    SealType: _modifier,
    EditionType: _modifier,
}
