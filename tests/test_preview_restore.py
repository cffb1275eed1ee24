"""A preview puts everything back exactly: the game saves to the same bytes afterwards.

``preview_play`` keeps the jokers' counters as marshal bytes and puts them back only when
a hand changed one; counters marshal cannot write (an enum, an object) are deep-copied
as before. Either way, every preview of every play leaves the game as it found it, and
the play then scores what its preview said.
"""

from __future__ import annotations

import itertools

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import Play
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.tools.testing.runs import hold, play_blind

SEED = "PREVIEWRESTORE"

#: Jokers whose counters scoring changes (Square Joker, Runner, Green Joker, Ride the
#: Bus, Hologram with DNA's copy, Vampire's enhancement stripping), and plain ones.
JOKERS = (
    ("j_square", "j_runner", "j_green_joker", "j_ride_the_bus"),
    ("j_dna", "j_hologram", "j_vampire", "j_joker"),
    ("j_obelisk", "j_supernova", "j_card_sharp", "j_todo_list"),
)


@pytest.mark.parametrize("jokers", JOKERS)
@pytest.mark.parametrize("odd_counters", [False, True])
def test_every_preview_leaves_the_game_as_it_was(
    jokers: tuple[str, ...], odd_counters: bool
) -> None:
    game = play_blind(Game(seed=SEED))
    for key in jokers:
        joker = game.add_joker(key)
        if odd_counters:  # something marshal cannot write: counters deep-copied instead
            joker.state["odd"] = [HandType.PAIR, {"nested": [1, 2.5, True]}]
    hold(game, "AS", "KS", "QS", "JS", "TS", "TH", "4C", "4D")
    before = game.to_json()
    states = [dict(j.state) for j in game.jokers]
    scores = {}
    for size in range(1, 6):
        for combo in itertools.combinations(range(8), size):
            scores[combo] = game.preview_play(combo).score
            assert game.to_json() == before, combo
    assert [j.state for j in game.jokers] == states
    for joker, state in zip(game.jokers, states, strict=True):
        for name, value in state.items():
            assert type(joker.state[name]) is type(value)
    out = game.apply(Play((0, 1, 2, 3, 4)))
    assert out.score.score == scores[0, 1, 2, 3, 4]
