"""``Game.preview_plays`` scores many plays with the game saved once: each play scores
what its own ``preview_play`` says, and the game is left exactly as it was.

The Eye keeps the hands played in its memory (a list it appends to while scoring): the
saved memory must serve every play of the batch, not only the first.
"""

from __future__ import annotations

import itertools

import pytest

from balatro_ecs import Game
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.tools.testing.runs import hold, play_blind

SEED = "PREVIEWPLAYS"
PLAYS = [combo for size in range(1, 6) for combo in itertools.combinations(range(8), size)]


def _summary(result: object) -> tuple[object, ...]:
    return tuple(getattr(result, name) for name in ("hand_name", "chips", "mult", "score"))


@pytest.mark.parametrize(
    ("blind", "jokers"),
    [
        (None, ("j_ride_the_bus", "j_green_joker", "j_square", "j_runner")),
        ("The Eye", ("j_dna", "j_hologram", "j_vampire", "j_joker")),
        ("The Mouth", ("j_obelisk", "j_supernova", "j_card_sharp", "j_todo_list")),
    ],
)
def test_preview_plays_is_preview_play_for_each(blind: str | None, jokers: tuple[str, ...]) -> None:
    game = play_blind(Game(seed=SEED), blind)
    for key in jokers:
        game.add_joker(key)
    hold(game, "AS", "KS", "QS", "JS", "TS", "TH", "4C", "4D")
    before = game.to_json()
    one_by_one = [_summary(game.preview_play(play)) for play in PLAYS]
    assert game.to_json() == before
    assert [_summary(r) for r in game.preview_plays(PLAYS)] == one_by_one
    assert game.to_json() == before


def test_preview_plays_checks_every_play_first() -> None:
    game = play_blind(Game(seed=SEED))
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.preview_plays([(0, 1), (0, 99)])
    assert game.to_json() == before
    assert game.preview_plays([]) == []
