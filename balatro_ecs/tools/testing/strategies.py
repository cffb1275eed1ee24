"""hypothesis strategies for balatro_ecs: cards, hands, joker rows, scenarios and games.

    from hypothesis import given
    from balatro_ecs.testing import strategies as bst

    @given(bst.scenarios(jokers=["j_my_pack_joker"]))
    def test_my_joker_never_lowers_the_score(scenario):
        ...

Scenarios are plain dicts in the scenario format, so a failing example prints as JSON
that ``balatro-ecs score`` can replay.

Making one of these strategies (when a test module is collected) warms the engine up
once (:func:`warm_up`): the first ``score()`` or ``Game()`` of a process loads every
plugin and builds its tables (some hundreds of milliseconds), which would otherwise land
in the first example and trip hypothesis's deadline (200 ms).

:func:`games` draws whole game states: a deck, a stake and a seed, then legal actions
chosen one by one, so hypothesis shrinks a failing game to the fewest actions that still
fail.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from ...game.cards import CardSpec
from ...game.game import Game
from ...game.state import Phase
from ...kernel.content import DeckType, JokerType, StakeType
from ...kernel.enums import RANK_NAMES, VANILLA_HANDS, Edition, Enhancement, Seal, Suit
from ...kernel.manager import Plugins

__all__ = [
    "card_dicts",
    "card_specs",
    "editions",
    "games",
    "joker_dicts",
    "joker_keys",
    "joker_rows",
    "scenarios",
    "warm_up",
]

_WARM: list[bool] = []


def warm_up(plugins: Plugins | None = None) -> None:
    """Build now what a process's first ``score()``, ``Game()`` and save build (the
    plugin set, its tables, the scoring schedule, the save checks): done once, by making
    any strategy here, so that no test example pays for it."""
    if _WARM and plugins is None:
        return
    from ...game.scenario import score

    plugins = plugins if plugins is not None else Plugins.default()
    jokers = [joker.key for joker in itertools.islice(plugins.all(JokerType), 2)]
    score({"played": [{"rank": "A", "suit": "S"}], "jokers": jokers}, plugins=plugins)
    game = Game(seed="WARMUP", plugins=plugins)
    Game.from_json(game.to_json(), plugins).close()
    game.clone().close()
    game.close()
    _WARM.append(True)


ranks = st.sampled_from(sorted(RANK_NAMES))
suits = st.sampled_from(list(Suit))
enhancements = st.sampled_from(list(Enhancement))
editions = st.sampled_from([Edition.NONE, Edition.FOIL, Edition.HOLO, Edition.POLYCHROME])
seals = st.sampled_from(list(Seal))


@st.composite
def card_specs(draw: Any, plain: bool = False) -> CardSpec:
    """A playing card; ``plain=True`` for no enhancement, edition or seal."""
    rank, suit = draw(ranks), draw(suits)
    if plain:
        return CardSpec(rank, suit)
    weighted = st.one_of(st.just(0), st.just(0), st.integers(0, 8))
    return CardSpec(
        rank,
        suit,
        enhancement=Enhancement(draw(weighted)),
        edition=Edition(draw(st.one_of(st.just(0), st.just(0), st.integers(0, 3)))),
        seal=Seal(draw(st.one_of(st.just(0), st.just(0), st.integers(0, 4)))),
    )


def card_dicts(plain: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    """A playing card in the scenario format."""
    return card_specs(plain=plain).map(CardSpec.to_dict)


def joker_keys(
    plugins: Plugins | None = None, only: Sequence[str] | None = None
) -> st.SearchStrategy[str]:
    """A joker key from the plugin set (or from ``only``)."""
    if only is not None:
        return st.sampled_from(list(only))
    plugins = plugins if plugins is not None else Plugins.default()
    return st.sampled_from([j.key for j in plugins.all(JokerType)])


@st.composite
def joker_dicts(draw: Any, keys: st.SearchStrategy[str] | None = None) -> dict[str, Any]:
    """A joker in the scenario format, sometimes with an edition."""
    key = draw(keys if keys is not None else joker_keys())
    out: dict[str, Any] = {"name": key}
    edition = draw(st.one_of(st.just(Edition.NONE), st.just(Edition.NONE), editions))
    if edition:
        out["edition"] = edition.name.lower()
    return out


def joker_rows(
    containing: Sequence[str] = (),
    max_size: int = 5,
    plugins: Plugins | None = None,
    others: Sequence[str] | None = None,
) -> st.SearchStrategy[list[dict[str, Any]]]:
    """A joker row (scenario format) holding every joker of ``containing`` at drawn
    positions, filled up to ``max_size`` with jokers of the plugin set (or of ``others``).

    >>> from hypothesis import find
    >>> row = find(joker_rows(["j_blueprint"], max_size=3), lambda r: len(r) == 3)
    >>> [j["name"] for j in row].count("j_blueprint") >= 1
    True
    """
    if len(containing) > max_size:
        raise ValueError(f"joker_rows: {len(containing)} jokers do not fit in {max_size} slots")
    warm_up(plugins)
    fill = st.lists(
        joker_dicts(joker_keys(plugins, only=others)), max_size=max_size - len(containing)
    )
    return _with_jokers_inserted(fill, containing)


@st.composite
def _with_jokers_inserted(
    draw: Any, row: st.SearchStrategy[list[dict[str, Any]]], containing: Sequence[str]
) -> list[dict[str, Any]]:
    """``row``, with each joker of ``containing`` inserted at a drawn position."""
    drawn: list[dict[str, Any]] = draw(row)
    for key in containing:
        drawn.insert(draw(st.integers(0, len(drawn))), {"name": key})
    return drawn


def scenarios(
    jokers: Sequence[str] | None = None,
    max_jokers: int = 5,
    plain_cards: bool = False,
    probabilities: str = "never",
    containing: Sequence[str] = (),
) -> st.SearchStrategy[dict[str, Any]]:
    """A whole scenario: 1-5 played cards, 0-8 held, a joker row, levels, money.

    ``jokers`` limits the row to those jokers (``[]``: no jokers); ``containing`` puts
    each of those jokers in the row as well, at a drawn position (:func:`joker_rows`).
    Chances default to ``"never"`` so that results depend on nothing random.
    """
    warm_up()
    return _scenarios(jokers, max_jokers, plain_cards, probabilities, containing)


@st.composite
def _scenarios(
    draw: Any,
    jokers: Sequence[str] | None,
    max_jokers: int,
    plain_cards: bool,
    probabilities: str,
    containing: Sequence[str],
) -> dict[str, Any]:
    played = draw(st.lists(card_dicts(plain_cards), min_size=1, max_size=5))
    held = draw(st.lists(card_dicts(plain_cards), max_size=8))
    fill: st.SearchStrategy[list[dict[str, Any]]] = st.builds(list)  # a new list each time
    if jokers is None or jokers:
        keys = joker_keys(only=jokers) if jokers is not None else joker_keys()
        fill = st.lists(joker_dicts(keys), max_size=max(0, max_jokers - len(containing)))
    row = draw(_with_jokers_inserted(fill, containing))
    levels = draw(st.dictionaries(st.sampled_from(VANILLA_HANDS), st.integers(1, 6), max_size=3))
    return {
        "played": played,
        "held": held,
        "jokers": row,
        "hand_levels": levels,
        "hands_left": draw(st.integers(0, 4)),
        "discards_left": draw(st.integers(0, 4)),
        "dollars": draw(st.integers(0, 60)),
        "probabilities": probabilities,
    }


def games(
    plugins: Plugins | None = None,
    *,
    jokers: Sequence[str] = (),
    decks: Sequence[str] | None = None,
    stakes: Sequence[str] | None = None,
    max_actions: int = 40,
) -> st.SearchStrategy[Game]:
    """A whole game state: a deck and stake (every selectable one of the plugin set
    unless given), a seed, the jokers of ``jokers`` put in the row, then up to
    ``max_actions`` legal actions, each drawn from :meth:`Game.legal_actions
    <balatro_ecs.game.Game.legal_actions>` (joker moves and sorting left out).

    Every draw of the game itself comes from its seeded streams, so the example that
    hypothesis prints (deck, stake, seed and the action indices) rebuilds the same game.
    """
    warm_up(plugins)
    return _games(plugins, jokers, decks, stakes, max_actions)


@st.composite
def _games(
    draw: Any,
    plugins: Plugins | None,
    jokers: Sequence[str],
    decks: Sequence[str] | None,
    stakes: Sequence[str] | None,
    max_actions: int,
) -> Game:
    plugins = plugins if plugins is not None else Plugins.default()
    deck_names = (
        decks if decks is not None else [d.name for d in plugins.all(DeckType) if d.selectable]
    )
    stake_names = stakes if stakes is not None else [s.name for s in plugins.all(StakeType)]
    deck = draw(st.sampled_from(list(deck_names)), label="deck")
    stake = draw(st.sampled_from(list(stake_names)), label="stake")
    seed = draw(st.text("ABCDEFGHIJKLMNPQRSTUVWXYZ123456789", min_size=1, max_size=8), label="seed")
    game = Game(deck=deck, stake=stake, seed=seed, plugins=plugins)
    for key in jokers:
        game.add_joker(key)
    steps = draw(st.integers(0, max_actions), label="actions")
    for _ in range(steps):
        if game.run.phase is Phase.GAME_OVER:
            break
        legal = game.legal_actions(reorders=False)
        game.apply(legal[draw(st.integers(0, len(legal) - 1))])
    return game
