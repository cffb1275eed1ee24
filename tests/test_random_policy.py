"""The random policy picks from the legal actions' parts in place
(:func:`~balatro_ecs.game.run.engine.legal_parts`): it must choose exactly what picking
from the whole list of :meth:`Game.legal_actions` chooses, seed for seed."""

from __future__ import annotations

import hashlib
import random

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import Action
from balatro_ecs.game.run import engine
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import BalatroError
from balatro_ecs.kernel.rng import GameRandom
from balatro_ecs.tools.policies import RandomPolicy, make_policy

#: Each seed's whole random-policy game (its actions' texts), as the policy chose them
#: when it picked from the list (before it read the parts in place): count and digest.
RECORDED = {
    "POLICY01": (10, "69942082e226e78e"),
    "POLICY02": (9, "5047fc0aecba41e0"),
    "POLICY03": (9, "f2a2dcf9b1392853"),
    "POLICY04": (10, "f2ed2db3e6e18ebb"),
    "POLICY05": (10, "db14dd7d41996e82"),
    "POLICY06": (7, "ce70cc8b60503360"),
    "POLICY07": (9, "3c895f751c229c7f"),
    "POLICY08": (10, "172e81a8b3e7f2c0"),
}


class _ListPolicy:
    """The random policy as it was: the whole list, then an index from the same stream."""

    def __init__(self, seed: str) -> None:
        self._rng = GameRandom(f"random-policy:{seed}")

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions(reorders=False)
        return actions[self._rng.randint("choice", 0, len(actions) - 1)]


@pytest.mark.parametrize("seed", sorted(RECORDED))
def test_the_random_policy_chooses_what_it_chose_before(seed: str) -> None:
    game = Game(seed=seed, atomic=False)
    policy = make_policy("random", seed)
    texts = []
    while game.phase is not Phase.GAME_OVER and not game.run.won and len(texts) < 400:
        action = policy.choose(game)
        game.apply(action)
        texts.append(action.text())
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
    assert (len(texts), digest) == RECORDED[seed]


def _helped(seed: str) -> Game:
    """A game whose Eternal Joker wins every hand, with money: the walk reaches shops,
    packs, consumables and jokers to sell."""
    game = Game(seed=seed, atomic=False)
    game.add_joker("j_joker", eternal=True, state={"mult": 10**9})
    game.run.dollars += 60
    game.refresh_rules()
    return game


@pytest.mark.parametrize("seed", ["PARTS001", "PARTS002", "PARTS003", "PARTS004"])
def test_parts_and_picks_agree_with_the_list_on_every_state(seed: str) -> None:
    game = _helped(seed)
    fast, listed = RandomPolicy(seed), _ListPolicy(seed)
    walk = random.Random(seed)
    phases = set()
    for _ in range(150):
        if game.phase is Phase.GAME_OVER:
            break
        phases.add(game.phase)
        for reorders in (True, False):
            whole = game.legal_actions(reorders=reorders)
            parts = engine.legal_parts(game, reorders=reorders)
            assert [a for part in parts for a in part] == whole
        assert fast.choose(game) == listed.choose(game)
        legal = game.legal_actions(reorders=False)
        if len(game.consumables) < 2 and walk.random() < 0.1:
            game.add_consumable(walk.choice(["c_magician", "c_pluto", "c_death", "c_fool"]))
            continue
        game.apply(walk.choice(legal))
    assert phases >= {Phase.BLIND_SELECT, Phase.ROUND, Phase.SHOP, Phase.CASH_OUT}


def test_no_legal_action_is_an_error_both_ways() -> None:
    game = Game(seed="NOACTION", atomic=False)
    game.run.phase = Phase.GAME_OVER
    assert engine.legal_parts(game) == []
    with pytest.raises(BalatroError, match="no legal action in phase game_over"):
        RandomPolicy("x").choose(game)


def test_a_game_class_listing_its_own_actions_is_asked() -> None:
    class Narrow(Game):
        def legal_actions(self, *, reorders: bool = True) -> list[Action]:
            return super().legal_actions(reorders=reorders)[:1]

    game = Narrow(seed="NARROW01", atomic=False)
    for _ in range(5):
        assert RandomPolicy("n").choose(game) == game.legal_actions(reorders=False)[0]
