"""hypothesis strategies for balatro_ecs: cards, hands, joker rows and scenarios.

    from hypothesis import given
    from balatro_ecs.testing import strategies as bst

    @given(bst.scenarios(jokers=["j_my_pack_joker"]))
    def test_my_joker_never_lowers_the_score(scenario):
        ...

Scenarios are plain dicts in the scenario format, so a failing example prints as JSON
that ``balatro-ecs score`` can replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from ..cards import CardSpec
from ..content import JokerType
from ..enums import RANK_NAMES, VANILLA_HANDS, Edition, Enhancement, Seal, Suit
from ..manager import Plugins

__all__ = [
    "card_dicts",
    "card_specs",
    "editions",
    "joker_dicts",
    "joker_keys",
    "scenarios",
]

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


@st.composite
def scenarios(
    draw: Any,
    jokers: Sequence[str] | None = None,
    max_jokers: int = 5,
    plain_cards: bool = False,
    probabilities: str = "never",
) -> dict[str, Any]:
    """A whole scenario: 1-5 played cards, 0-8 held, a joker row, levels, money.

    Chances default to ``"never"`` so that results depend on nothing random.
    """
    played = draw(st.lists(card_dicts(plain_cards), min_size=1, max_size=5))
    held = draw(st.lists(card_dicts(plain_cards), max_size=8))
    if jokers is not None and not jokers:
        row: list[dict[str, Any]] = []
    else:
        keys = joker_keys(only=jokers) if jokers is not None else joker_keys()
        row = draw(st.lists(joker_dicts(keys), max_size=max_jokers))
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
