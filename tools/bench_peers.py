"""balatro_ecs against the other Python Balatro engines, side by side in one process.

The same workloads run interleaved (engine after engine, round after round) on one pinned
core, and every figure printed is a ratio measured in the same run: balatro_ecs's rate over
the peer's (above 1: balatro_ecs is faster; for memory, the peer's size over ours). Each
row's ratio is the median over the rounds of the paired ratios (round k of balatro_ecs
against round k of the peer), so a machine that speeds up or slows down between rounds
moves both sides of a pair alike. Before timing, every engine scores the same hand (a
pair of Aces with Scholar, Half Joker and Banner, two discards left: 132 x 30 = 3960), and
the run stops if any engine disagrees.

The peers (none is on PyPI; their code is never part of this repository):

=================  ===========================================  ==========================
engine             source                                       needs
=================  ===========================================  ==========================
jackdaw            github.com/TylerFlar/jackdaw-balatro         Python >= 3.12 (declared),
                   (package ``jackdaw``)                        numpy, gymnasium
balatro-rl         github.com/Michael-OvO/balatro-rl            nothing (its pure-Python
                   (``balatro_rl.engine``, the pure-Python one) engine); numpy for its env
python-balatro     github.com/pjpuzzler/python-balatro          Python >= 3.12 (PEP 701
                   (package ``balatro``)                        f-strings)
=================  ===========================================  ==========================

Usage (a Python with all four importable; ``--peers DIR`` puts checkouts of the three
repositories, in folders named as above or by their repository names, on ``sys.path``)::

    git clone https://github.com/TylerFlar/jackdaw-balatro peers/jackdaw-balatro
    git clone https://github.com/Michael-OvO/balatro-rl peers/balatro-rl
    git clone https://github.com/pjpuzzler/python-balatro peers/python-balatro
    python3.13 -m venv .venv313 && .venv313/bin/pip install -e . numpy gymnasium
    .venv313/bin/python tools/bench_peers.py --peers peers --rounds 11

``--rows`` picks rows, ``--json`` prints the raw rates and ratios, ``--cpu`` times each
batch on this process's CPU time instead of the wall clock (on a loaded machine, the time
other jobs take of the pinned core is then not counted). An engine that cannot be
imported is reported and left out; a row an engine has no counterpart for reads ``n/a``.

What each row times, per engine (setup is never timed):

* new game: a run created from a seed, waiting at its first decision (``Game(seed=...)``;
  jackdaw ``initialize_run``; balatro-rl ``reset``; python-balatro ``Run(Deck.RED)``).
* save + load: a mid-run game (first blind selected, five jokers) saved and loaded back:
  balatro_ecs's lossless JSON (``to_json``/``from_json``) and its trusted binary save when
  present (``to_bytes``/``from_bytes``); the peers have no save format, so theirs is
  ``pickle.loads(pickle.dumps(state))``.
* clone: a copy of that game that can play on alone (``game.clone()``; the peers have none,
  so ``copy.deepcopy``).
* action mask: the legal actions of that game as a mask (``game.action_mask()``; jackdaw
  ``get_action_mask``; balatro-rl ``envs.actions.legal_mask``).
* scoring, prebuilt: the 3960 hand scored with its state built beforehand
  (``game.evaluate_play()``; jackdaw ``score_hand``; balatro-rl ``score_play``;
  python-balatro ``Run.play_hand``, which also ends the hand).
* score(dict): the 3960 hand as plain data, built and scored (``balatro_ecs.score``; the
  peers build their cards and jokers from the same dict, then score as above).
* random-policy games: whole games from a seed, a uniformly random legal action each step,
  to the end (games/s and actions/s; each engine's own game, so game lengths differ).
  Actions that only reorder cards or jokers are left out for every engine, as
  balatro_ecs's random policy leaves them out (jackdaw's ``SwapHandLeft``/``Right``,
  ``SwapJokersLeft``/``Right`` and ``SortHand``: left in, they were nine in ten of its
  random actions, each a list swap, and its actions/s counted those).
* replay: the recorded actions of such games applied again to a new game of the same seed,
  no policy (actions/s).
* env step: one step of the engine's own RL environment with a random legal action,
  resetting at an episode's end (balatro_ecs ``BalatroEnv``; jackdaw
  ``BalatroGymnasiumEnv``; balatro-rl ``envs.BalatroEnv``).
* memory: bytes allocated (tracemalloc) per live new game, 50 games held at once.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import gc
import itertools
import json
import os
import pickle
import platform
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random  # seeded instances only (the peers are driven by them)
from typing import Any

#: The hand every engine must score alike before anything is timed.
HAND_3960: dict[str, Any] = {
    "played": [{"rank": "A", "suit": "S"}, {"rank": "A", "suit": "D"}],
    "held": [],
    "jokers": [{"name": "Scholar"}, {"name": "Half Joker"}, {"name": "Banner"}],
    "discards_left": 2,
}
EXPECTED_SCORE = 3960
#: Jokers given to the mid-run game (as balatro_ecs's own bench suite does).
MID_RUN_JOKERS = ("j_joker", "j_greedy_joker", "j_jolly", "j_banner", "j_scholar")

ROWS = (
    "new_game",
    "save_load_fast",
    "save_load",
    "score_dict",
    "scoring",
    "clone",
    "action_mask",
    "random_games",
    "random_actions",
    "replay",
    "env_step",
    "memory",
)
ROW_TITLES = {
    "new_game": "new game",
    "save_load": "save + load, checked JSON (interchange; peers: `pickle`)",
    "save_load_fast": "save + load, trusted binary (the fast save; peers: `pickle`)",
    "score_dict": "`score(dict)`",
    "scoring": "scoring, state prebuilt",
    "clone": "clone",
    "action_mask": "action mask",
    "random_games": "random-policy games (games/s)",
    "random_actions": "random-policy games (actions/s)",
    "replay": "engine-only replay (actions/s)",
    "env_step": "one env step",
    "memory": "memory per new game",
}
#: Seconds one timed batch aims at (the batch size is set from a warm-up).
BATCH_SECONDS = 0.25
#: The clocks ``--cpu`` chooses between: the wall clock, or this process's CPU time (on
#: a loaded machine, what other jobs take of the core is not counted).
CLOCKS: dict[bool, Callable[[], float]] = {False: time.perf_counter, True: time.process_time}
_clock = CLOCKS[False]

PEER_DIRS = {
    "jackdaw": ("jackdaw-balatro", "TylerFlar+jackdaw-balatro"),
    "balatro-rl": ("balatro-rl", "Michael-OvO+balatro-rl"),
    "python-balatro": ("python-balatro", "pjpuzzler+python-balatro"),
}
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}
SUITS = "SHCD"


class Unsupported(Exception):
    """The engine has no counterpart for this row."""


# -- engines -------------------------------------------------------------------------------


class Engine:
    """One engine's side of every row. ``work_<row>(n)`` does ``n`` units and returns how
    many units it did (the random-policy rows count actions, not games)."""

    def work_save_load(self, n: int) -> int:
        raise Unsupported("no save")

    def work_save_load_fast(self, n: int) -> int:
        """A peer without a save format of its own: its fast save is its pickle round trip."""
        return self.work_save_load(n)

    name = ""

    def __init__(self) -> None:
        self.counter = 0

    def seed(self) -> str:
        self.counter += 1
        return f"PEER{self.counter}"

    def score_3960(self) -> float:
        raise NotImplementedError

    def prepare(self, row: str) -> None:
        """Untimed setup for a row (the mid-run game, recorded actions, ...)."""

    def pre_batch(self, row: str, n: int) -> None:
        """Untimed setup just before a timed batch of ``n`` units."""

    def memory_game(self) -> Any:
        return self.new_game()

    def new_game(self) -> Any:
        raise NotImplementedError

    def work_new_game(self, n: int) -> int:
        for _ in range(n):
            self.new_game()
        return n

    #: The replay row's recorded games (seed, actions), made by ``prepare("replay")``.
    recorded: list[tuple[Any, list[Any]]]

    def replayed(self, n: int) -> Iterator[tuple[Any, list[Any]]]:
        """``n`` recorded games to replay, going round the recordings as often as needed
        (a batch of the replay row is ``n`` games, sized to BATCH_SECONDS like every other
        row's, not cut short at the number recorded)."""
        return itertools.islice(itertools.cycle(self.recorded), n)


class Ours(Engine):
    name = "balatro_ecs"

    def __init__(self) -> None:
        super().__init__()
        import balatro_ecs
        from balatro_ecs import Game, score
        from balatro_ecs.game.actions import SelectBlind
        from balatro_ecs.game.state import Phase
        from balatro_ecs.kernel.manager import Plugins
        from balatro_ecs.tools.policies import make_policy

        self.version = balatro_ecs.__version__
        self.Game, self.score, self.Phase = Game, score, Phase
        self.make_policy, self.SelectBlind = make_policy, SelectBlind
        self.plugins = Plugins.default()

    def score_3960(self) -> float:
        return float(self.score(HAND_3960).score)

    def new_game(self) -> Any:
        return self.Game(seed=self.seed(), plugins=self.plugins)

    def work_new_game(self, n: int) -> int:
        for _ in range(n):
            self.Game(seed=self.seed(), plugins=self.plugins).close()
        return n

    def mid_run(self) -> Any:
        game = self.Game(seed="BENCHMID", plugins=self.plugins)
        game.apply(self.SelectBlind())
        for key in MID_RUN_JOKERS:
            game.add_joker(key)
        return game

    def prepare(self, row: str) -> None:
        if row in ("save_load", "save_load_fast", "clone", "action_mask"):
            self.mid = self.mid_run()
            if row == "save_load_fast" and not hasattr(self.mid, "to_bytes"):
                raise Unsupported("no trusted binary save in this version")
        elif row == "scoring":
            from balatro_ecs.game.scenario import Scenario

            self.scenario = Scenario.from_dict(HAND_3960, self.plugins)
        elif row == "replay":
            self.recorded = [self.play_random(f"REPLAY{i}") for i in range(20)]
        elif row == "env_step":
            import numpy as np

            from balatro_ecs.tools.envs import BalatroEnv, masked_sample

            self.env = BalatroEnv()
            self.obs, _ = self.env.reset(seed=0)
            self.np_rng = np.random.default_rng(0)
            self.masked_sample = masked_sample

    def pre_batch(self, row: str, n: int) -> None:
        if row == "scoring":
            self.built = []
            for _ in range(n):
                game = self.scenario.build()
                game.plans.compile_all()
                self.built.append(game)

    def work_save_load(self, n: int) -> int:
        game, Game, plugins = self.mid, self.Game, self.plugins
        for _ in range(n):
            Game.from_json(game.to_json(), plugins).close()
        return n

    def work_save_load_fast(self, n: int) -> int:
        game, Game, plugins = self.mid, self.Game, self.plugins
        for _ in range(n):
            Game.from_bytes(game.to_bytes(), plugins).close()
        return n

    def work_clone(self, n: int) -> int:
        game = self.mid
        for _ in range(n):
            game.clone().close()
        return n

    def work_action_mask(self, n: int) -> int:
        game = self.mid
        for _ in range(n):
            game.action_mask()
        return n

    def work_scoring(self, n: int) -> int:
        for game in self.built[:n]:
            game.evaluate_play()
        return n

    def work_score_dict(self, n: int) -> int:
        score = self.score
        for _ in range(n):
            score(HAND_3960)
        return n

    def play_random(self, seed: str) -> tuple[str, list[Any]]:
        game = self.Game(seed=seed, plugins=self.plugins, atomic=False)
        policy = self.make_policy("random", seed)
        actions = []
        over = self.Phase.GAME_OVER
        while game.run.phase is not over and not game.run.won and len(actions) < 2000:
            action = policy.choose(game)
            game.apply(action)
            actions.append(action)
        game.close()
        return seed, actions

    def work_random_games(self, n: int) -> tuple[int, int]:
        total = 0
        for _ in range(n):
            total += len(self.play_random(self.seed())[1])
        return n, total

    def work_replay(self, n: int) -> int:
        Game, plugins, done = self.Game, self.plugins, 0
        for seed, actions in self.replayed(n):
            game = Game(seed=seed, plugins=plugins, atomic=False)
            for action in actions:
                game.apply(action)
            done += len(actions)
            game.close()
        return done

    def work_env_step(self, n: int) -> int:
        env, obs, rng, sample = self.env, self.obs, self.np_rng, self.masked_sample
        for _ in range(n):
            obs, _, terminated, truncated, _ = env.step(sample(obs["action_mask"], rng))
            if terminated or truncated:
                obs, _ = env.reset()
        self.obs = obs
        return n


class PlainStatePeer(Engine):
    """A peer whose state is plain Python objects (its mid-run state in ``self.mid``): its
    save is a ``pickle`` round trip, its clone ``copy.deepcopy``."""

    mid: Any

    def work_save_load(self, n: int) -> int:
        state = self.mid
        for _ in range(n):
            pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        return n

    def work_clone(self, n: int) -> int:
        state = self.mid
        for _ in range(n):
            copy.deepcopy(state)
        return n


class BuiltStatePeer(PlainStatePeer):
    """A peer that builds a hand's state (``build``), scores it (``score_built``) and masks
    its legal actions (``mask_of``)."""

    mask_of: Callable[[Any], Any]

    def build(self, hand: dict[str, Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def score_built(self, built: tuple[Any, ...]) -> float:
        raise NotImplementedError

    def pre_batch(self, row: str, n: int) -> None:
        if row == "scoring":
            self.built = [self.build(HAND_3960) for _ in range(n)]

    def work_action_mask(self, n: int) -> int:
        state, mask = self.mid, self.mask_of
        for _ in range(n):
            mask(state)
        return n

    def work_scoring(self, n: int) -> int:
        for built in self.built[:n]:
            self.score_built(built)
        return n

    def work_score_dict(self, n: int) -> int:
        for _ in range(n):
            self.score_built(self.build(HAND_3960))
        return n


class Jackdaw(BuiltStatePeer):
    name = "jackdaw"

    def __init__(self) -> None:
        super().__init__()
        from jackdaw.engine import actions as A
        from jackdaw.engine.blind import Blind
        from jackdaw.engine.card import Card
        from jackdaw.engine.card_factory import create_joker
        from jackdaw.engine.game import step
        from jackdaw.engine.hand_levels import HandLevels
        from jackdaw.engine.rng import PseudoRandom
        from jackdaw.engine.run_init import initialize_run
        from jackdaw.engine.scoring import score_hand

        self.A, self.Blind, self.Card, self.create_joker = A, Blind, Card, create_joker
        self.step, self.HandLevels, self.PseudoRandom = step, HandLevels, PseudoRandom
        self.initialize_run, self.score_hand = initialize_run, score_hand
        self.joker_keys = {"Scholar": "j_scholar", "Half Joker": "j_half", "Banner": "j_banner"}
        #: Actions that only reorder (left out of random play, see ``choose``).
        self.reorders = (
            A.SortHand, A.SwapHandLeft, A.SwapHandRight, A.SwapJokersLeft, A.SwapJokersRight,
        )  # fmt: skip

    def card(self, spec: dict[str, str]) -> Any:
        names = {"S": "Spades", "H": "Hearts", "C": "Clubs", "D": "Diamonds"}
        ranks = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
        rank, suit = spec["rank"], spec["suit"]
        card = self.Card()
        card.set_base(f"{suit}_{rank}", names[suit], ranks.get(rank, rank))
        card.set_ability("c_base")
        return card

    def build(self, hand: dict[str, Any]) -> tuple[Any, ...]:
        played = [self.card(c) for c in hand["played"]]
        held = [self.card(c) for c in hand["held"]]
        jokers = [self.create_joker(self.joker_keys[j["name"]]) for j in hand["jokers"]]
        return played, held, jokers, {"discards_left": hand["discards_left"]}

    def score_built(self, built: tuple[Any, ...]) -> float:
        played, held, jokers, state = built
        blind = self.Blind.create("bl_small", ante=1)
        result = self.score_hand(
            played,
            held,
            jokers,
            self.HandLevels(),
            blind,
            self.PseudoRandom("T"),
            game_state=state,
        )
        return float(result.total)

    def score_3960(self) -> float:
        return self.score_built(self.build(HAND_3960))

    def new_game(self) -> Any:
        return self.initialize_run("b_red", 1, self.seed())

    def mid_run(self) -> Any:
        gs = self.initialize_run("b_red", 1, "BENCHMID")
        self.step(gs, self.A.SelectBlind())
        for key in MID_RUN_JOKERS:
            gs["jokers"].append(self.create_joker(key))
        return gs

    def prepare(self, row: str) -> None:
        if row in ("save_load", "save_load_fast", "clone", "action_mask"):
            self.mid = self.mid_run()
            from jackdaw.env.action_space import get_action_mask

            self.mask_of = get_action_mask
        elif row == "replay":
            self.recorded = [self.play_random(f"REPLAY{i}") for i in range(20)]
        elif row == "env_step":
            from jackdaw.env.game_interface import DirectAdapter
            from jackdaw.env.gymnasium_wrapper import BalatroGymnasiumEnv

            self.env = BalatroGymnasiumEnv(adapter_factory=DirectAdapter)
            _, info = self.env.reset(seed=0)
            self.mask = info["action_mask"]
            self.rng = Random(0)

    def choose(self, gs: dict[str, Any], legal: list[Any], rng: Random) -> Any:
        """A uniformly random legal action that is not a pure reorder (as balatro_ecs's random
        policy leaves out joker moves and hand sorting); a play or discard gets 1-5 random
        cards."""
        A = self.A
        moves = [a for a in legal if not isinstance(a, self.reorders)] or legal
        action = rng.choice(moves)
        if isinstance(action, (A.PlayHand, A.Discard)) and not action.card_indices:
            hand = gs.get("hand", [])
            count = rng.randint(1, min(5, len(hand)))
            cards = tuple(sorted(rng.sample(range(len(hand)), count)))
            return type(action)(card_indices=cards)
        return action

    def play_random(self, seed: str) -> tuple[str, list[Any]]:
        A, step = self.A, self.step
        gs = self.initialize_run("b_red", 1, seed)
        rng = Random(seed)
        actions: list[Any] = []
        while len(actions) < 2000:
            phase = gs.get("phase")
            if phase == A.GamePhase.GAME_OVER or gs.get("won"):
                break
            legal = A.get_legal_actions(gs)
            if not legal:
                break
            action = self.choose(gs, legal, rng)
            try:
                step(gs, action)
            except Exception:  # the peer's own failure ends its game
                break
            actions.append(action)
        return seed, actions

    def work_random_games(self, n: int) -> tuple[int, int]:
        total = 0
        for _ in range(n):
            total += len(self.play_random(self.seed())[1])
        return n, total

    def work_replay(self, n: int) -> int:
        step, done = self.step, 0
        for seed, actions in self.replayed(n):
            gs = self.initialize_run("b_red", 1, seed)
            for action in actions:
                step(gs, action)
            done += len(actions)
        return done

    def work_env_step(self, n: int) -> int:
        env, mask, rng = self.env, self.mask, self.rng
        for _ in range(n):
            legal = mask.nonzero()[0]
            _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
            if terminated or truncated:
                _, info = env.reset()
            mask = info["action_mask"]
        self.mask = mask
        return n


class BalatroRL(BuiltStatePeer):
    name = "balatro-rl"

    def __init__(self) -> None:
        super().__init__()
        from balatro_rl.engine import engine as E
        from balatro_rl.engine.cards import Card
        from balatro_rl.engine.jokers.base import JokerState, JokerType
        from balatro_rl.engine.scoring import score_play
        from balatro_rl.engine.state import Phase

        self.E, self.Card, self.JokerState, self.JokerType = E, Card, JokerState, JokerType
        self.score_play, self.Phase = score_play, Phase
        self.joker_types = {
            "Scholar": JokerType.SCHOLAR,
            "Half Joker": JokerType.HALF,
            "Banner": JokerType.BANNER,
        }
        self.int_seed = 0

    def card(self, spec: dict[str, str]) -> Any:
        rank = spec["rank"]
        return self.Card(rank=RANKS.get(rank) or int(rank), suit=SUITS.index(spec["suit"]))

    def build(self, hand: dict[str, Any]) -> tuple[Any, ...]:
        played = tuple(self.card(c) for c in hand["played"])
        held = tuple(self.card(c) for c in hand["held"])
        jokers = tuple(self.JokerState(type=self.joker_types[j["name"]]) for j in hand["jokers"])
        return played, held, jokers, hand["discards_left"]

    def score_built(self, built: tuple[Any, ...]) -> float:
        played, held, jokers, discards = built
        return float(self.score_play(played, jokers, held, discards_left=discards).score)

    def score_3960(self) -> float:
        return self.score_built(self.build(HAND_3960))

    def new_game(self) -> Any:
        self.int_seed += 1
        return self.E.reset(self.int_seed)

    def mid_run(self) -> Any:
        import dataclasses

        from balatro_rl.engine.jokers.base import JokerType

        kinds = (
            JokerType.JOKER,
            JokerType.GREEDY,
            JokerType.JOLLY,
            JokerType.BANNER,
            JokerType.SCHOLAR,
        )
        state = self.E.reset(12345)
        return dataclasses.replace(state, jokers=tuple(self.JokerState(type=k) for k in kinds))

    def prepare(self, row: str) -> None:
        if row in ("save_load", "save_load_fast", "clone", "action_mask"):
            self.mid = self.mid_run()
            from balatro_rl.envs.actions import legal_mask

            self.mask_of = legal_mask
        elif row == "replay":
            self.recorded = [self.play_random(10_000 + i) for i in range(20)]
        elif row == "env_step":
            from balatro_rl.envs.balatro_env import BalatroEnv

            self.env = BalatroEnv()
            _, self.mask = self.env.reset(seed=0)
            self.rng = Random(0)
            self.env_seed = 0

    def play_random(self, seed: int) -> tuple[int, list[Any]]:
        E = self.E
        state = E.reset(seed)
        rng = Random(seed)
        actions: list[Any] = []
        while not state.done and len(actions) < 2000:
            legal = E.legal_actions(state)
            if not legal:
                break
            action = legal[rng.randrange(len(legal))]
            state, _ = E.step(state, action)
            actions.append(action)
        return seed, actions

    def work_random_games(self, n: int) -> tuple[int, int]:
        total = 0
        for _ in range(n):
            self.int_seed += 1
            total += len(self.play_random(self.int_seed)[1])
        return n, total

    def work_replay(self, n: int) -> int:
        E, done = self.E, 0
        for seed, actions in self.replayed(n):
            state = E.reset(seed)
            for action in actions:
                state, _ = E.step(state, action)
            done += len(actions)
        return done

    def work_env_step(self, n: int) -> int:
        env, mask, rng = self.env, self.mask, self.rng
        for _ in range(n):
            legal = mask.nonzero()[0]
            _, _, done, _, mask = env.step(int(legal[rng.randrange(len(legal))]))
            if done:
                self.env_seed += 1
                _, mask = env.reset(seed=self.env_seed)
        self.mask = mask
        return n


class PythonBalatro(PlainStatePeer):
    name = "python-balatro"

    def __init__(self) -> None:
        super().__init__()
        import balatro as B

        self.B = B
        self.joker_types = {"Scholar": B.Scholar, "Half Joker": B.HalfJoker, "Banner": B.Banner}
        self.ranks = {"A": B.Rank.ACE, "K": B.Rank.KING, "Q": B.Rank.QUEEN, "J": B.Rank.JACK}
        self.suits = {"S": B.Suit.SPADES, "H": B.Suit.HEARTS, "C": B.Suit.CLUBS}
        self.suits["D"] = B.Suit.DIAMONDS

    def card(self, spec: dict[str, str]) -> Any:
        rank = spec["rank"]
        return self.B.Card(
            self.ranks.get(rank) or self.B.Rank("10" if rank == "T" else rank),
            self.suits[spec["suit"]],
        )

    def blind_run(self) -> Any:
        """A run in its first blind with an empty hand (the state scoring starts from)."""
        run = self.B.Run(self.B.Deck.RED, seed="BENCHSCORE")
        run.select_blind()
        run._round_goal = float("inf")  # stay in the blind: only the hand's score is read
        return run

    def build_on(self, run: Any, hand: dict[str, Any]) -> Any:
        B = self.B
        run._hand = [self.card(c) for c in hand["played"]] + [self.card(c) for c in hand["held"]]
        run._jokers = []
        for joker in hand["jokers"]:
            run._add_joker(run._create_joker(self.joker_types[joker["name"]]))
        run._discards = hand["discards_left"]
        assert run.state is B.State.PLAYING_BLIND
        return run

    def score_on(self, run: Any, hand: dict[str, Any]) -> float:
        before = run._round_score
        run.play_hand(list(range(len(hand["played"]))))
        return float(run._round_score - before)

    def score_3960(self) -> float:
        return self.score_on(self.build_on(self.blind_run(), HAND_3960), HAND_3960)

    def new_game(self) -> Any:
        return self.B.Run(self.B.Deck.RED, seed=self.seed())

    def mid_run(self) -> Any:
        B = self.B
        run = B.Run(B.Deck.RED, seed="BENCHMID")
        run.select_blind()
        for kind in (B.Joker, B.GreedyJoker, B.JollyJoker, B.Banner, B.Scholar):
            run._add_joker(run._create_joker(kind))
        return run

    def prepare(self, row: str) -> None:
        if row == "action_mask":
            raise Unsupported("no legal-action or mask API")
        if row == "env_step":
            raise Unsupported("no RL environment")
        if row in ("save_load", "save_load_fast", "clone"):
            self.mid = self.mid_run()
        elif row in ("scoring", "score_dict"):
            self.template = self.blind_run()
        elif row == "replay":
            self.recorded = [self.play_random(f"REPLAY{i}") for i in range(20)]

    def pre_batch(self, row: str, n: int) -> None:
        if row == "scoring":
            self.built = [self.build_on(copy.deepcopy(self.template), HAND_3960) for _ in range(n)]
        elif row == "score_dict":
            self.runs = [copy.deepcopy(self.template) for _ in range(n)]

    def work_scoring(self, n: int) -> int:
        for run in self.built[:n]:
            self.score_on(run, HAND_3960)
        return n

    def work_score_dict(self, n: int) -> int:
        for run in self.runs[:n]:
            self.score_on(self.build_on(run, HAND_3960), HAND_3960)
        return n

    def legal(self, run: Any, rng: Random) -> list[tuple[str, tuple[Any, ...]]]:
        """The moves a random player picks from (the engine has no legal-action list):
        every phase's progress moves, with random card subsets for plays and discards."""
        S = self.B.State
        state = run.state
        if state is S.SELECTING_BLIND:
            moves = [("select_blind", ())]
            if not run._is_boss_blind:
                moves.append(("skip_blind", ()))
            return moves
        if state is S.PLAYING_BLIND:
            hand = run.hand or []
            count = rng.randint(1, min(5, len(hand)))
            cards = sorted(rng.sample(range(len(hand)), count))
            moves = [("play_hand", (cards,))]
            if run.discards:
                moves.append(("discard", (cards,)))
            return moves
        if state is S.CASHING_OUT:
            return [("cash_out", ())]
        if state is S.IN_SHOP:
            moves = [("next_round", ())]
            for i, (_, cost) in enumerate(run.shop_cards or []):
                if cost <= run._available_money:
                    moves.append(("buy_shop_card", (i,)))
            return moves
        if state is S.OPENING_PACK:
            return [("skip_pack", ())]
        return []

    def play_random(self, seed: str) -> tuple[str, list[Any]]:
        run = self.B.Run(self.B.Deck.RED, seed=seed)
        rng = Random(seed)
        actions: list[Any] = []
        while run.state is not self.B.State.GAME_OVER and len(actions) < 2000:
            moves = self.legal(run, rng)
            if not moves:
                break
            name, args = moves[rng.randrange(len(moves))]
            try:
                getattr(run, name)(*args)
            except Exception:  # a move the engine refuses (a full joker row, ...): next
                continue
            actions.append((name, args))
            if run.ante > 8:
                break
        return seed, actions

    def work_random_games(self, n: int) -> tuple[int, int]:
        total = 0
        for _ in range(n):
            total += len(self.play_random(self.seed())[1])
        return n, total

    def work_replay(self, n: int) -> int:
        done = 0
        for seed, actions in self.replayed(n):
            run = self.B.Run(self.B.Deck.RED, seed=seed)
            for name, args in actions:
                getattr(run, name)(*args)
            done += len(actions)
        return done


ENGINES: dict[str, type[Engine]] = {
    "balatro_ecs": Ours,
    "jackdaw": Jackdaw,
    "balatro-rl": BalatroRL,
    "python-balatro": PythonBalatro,
}


# -- running -------------------------------------------------------------------------------


def add_peer_paths(folder: Path) -> None:
    for names in PEER_DIRS.values():
        for name in names:
            if (folder / name).is_dir():
                sys.path.insert(0, str(folder / name))
                break


def load_engines(names: list[str]) -> tuple[dict[str, Engine], dict[str, str]]:
    engines: dict[str, Engine] = {}
    missing: dict[str, str] = {}
    for name in names:
        try:
            engines[name] = ENGINES[name]()
        except Exception as err:  # an engine that cannot run here is reported, not fatal
            missing[name] = f"{type(err).__name__}: {err}"
    return engines, missing


def batch_size(engine: Engine, row: str) -> int:
    """Units per timed batch: about BATCH_SECONDS of work, from a warm-up (after one
    untimed unit: a first unit that builds caches would otherwise size the batch to a
    handful of units, timed cold)."""
    engine.pre_batch(row, 1)
    getattr(engine, f"work_{row}")(1)
    units = 1
    while True:
        engine.pre_batch(row, units)
        start = _clock()
        getattr(engine, f"work_{row}")(units)
        elapsed = _clock() - start
        if elapsed > BATCH_SECONDS / 10 or units >= 4096:
            return max(1, min(4096, int(units * BATCH_SECONDS / max(elapsed, 1e-6))))
        units *= 4


def memory_kb(engine: Engine, games: int = 50) -> float:
    engine.memory_game()  # warm: imports, caches
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    held = [engine.memory_game() for _ in range(games)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del held
    return (after - before) / games / 1024


def run(
    engines: dict[str, Engine], rows: list[str], rounds: int, log: Callable[[str], None]
) -> dict[str, dict[str, list[float]]]:
    """``rates[row][engine]``: one rate per round (units/s; KB/game for memory)."""
    rates: dict[str, dict[str, list[float]]] = {row: {} for row in rows}
    timed = [r for r in rows if r not in ("memory", "random_actions")]
    if "random_actions" in rows and "random_games" not in timed:
        timed.append("random_games")
    sizes: dict[tuple[str, str], int] = {}
    for row in timed:
        for name, engine in engines.items():
            try:
                engine.prepare(row)
                sizes[row, name] = batch_size(engine, row)
            except Unsupported as why:
                log(f"  {row}: {name} n/a ({why})")
            except Exception as err:
                log(f"  {row}: {name} failed ({type(err).__name__}: {err})")
    order = list(engines)
    for k in range(rounds):
        log(f"round {k + 1}/{rounds}")
        for row in timed:
            turn = order[k % len(order) :] + order[: k % len(order)]  # rotate who goes first
            for name in turn:
                if (row, name) not in sizes:
                    continue
                engine, n = engines[name], sizes[row, name]
                engine.pre_batch(row, n)
                gc.collect()
                start = _clock()
                done = getattr(engine, f"work_{row}")(n)
                elapsed = max(_clock() - start, 1e-9)
                if row == "random_games":
                    games, actions = done
                    if "random_games" in rows:
                        rates["random_games"].setdefault(name, []).append(games / elapsed)
                    if "random_actions" in rows:
                        rates["random_actions"].setdefault(name, []).append(actions / elapsed)
                else:
                    rates[row].setdefault(name, []).append(done / elapsed)
        if "memory" in rows:
            for name, engine in engines.items():
                rates["memory"].setdefault(name, []).append(memory_kb(engine))
    return rates


def ratios(rates: dict[str, dict[str, list[float]]], row: str, peer: str) -> float | None:
    """Median over rounds of ours/peer (peer/ours for memory: above 1 = ours smaller)."""
    ours, theirs = rates[row].get("balatro_ecs"), rates[row].get(peer)
    if not ours or not theirs:
        return None
    pairs = zip(ours, theirs, strict=False)
    if row == "memory":
        return statistics.median(t / o for o, t in pairs)
    return statistics.median(o / t for o, t in pairs)


def table(rates: dict[str, dict[str, list[float]]], peers: list[str]) -> str:
    head = "| work | " + " | ".join(f"vs {p}" for p in peers) + " | vs the best peer |"
    lines = [head, "|---" * (len(peers) + 2) + "|"]
    for row, per in rates.items():
        if "balatro_ecs" not in per:
            continue
        cells, known = [], []
        for peer in peers:
            r = ratios(rates, row, peer)
            cells.append("n/a" if r is None else f"{r:.2f}x")
            if r is not None:
                known.append((r, peer))
        best = min(known) if known else None
        tail = "n/a" if best is None else f"{best[0]:.2f}x ({best[1]})"
        lines.append(f"| {ROW_TITLES[row]} | " + " | ".join(cells) + f" | {tail} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_peers", description=__doc__.split("\n")[0])
    parser.add_argument("--peers", type=Path, help="folder holding the peers' checkouts")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--rows", nargs="*", default=list(ROWS))
    parser.add_argument("--engines", nargs="*", default=list(ENGINES))
    parser.add_argument("--core", type=int, default=None, help="the core to pin (default: last)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--cpu", action="store_true", help="time this process's CPU time, not the wall clock"
    )
    args = parser.parse_args(argv)
    global _clock
    _clock = CLOCKS[args.cpu]
    unknown = [r for r in args.rows if r not in ROW_TITLES]
    if unknown:
        parser.error(f"unknown row {unknown[0]!r}; rows: {', '.join(ROW_TITLES)}")
    if args.peers:
        add_peer_paths(args.peers)
    cores = sorted(os.sched_getaffinity(0))
    core = args.core if args.core is not None else cores[-1]
    os.sched_setaffinity(0, {core})

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    engines, missing = load_engines(args.engines)
    if "balatro_ecs" not in engines:
        log(f"balatro_ecs cannot be imported: {missing.get('balatro_ecs')}")
        return 2
    for name, why in missing.items():
        log(f"{name}: left out ({why})")
    scores = {}
    for name, engine in list(engines.items()):
        try:
            scores[name] = engine.score_3960()
        except Exception as err:
            scores[name] = float("nan")
            log(f"{name}: scoring the check hand failed ({type(err).__name__}: {err})")
    wrong = {n: s for n, s in scores.items() if s != EXPECTED_SCORE}
    if wrong:
        log(f"the check hand must score {EXPECTED_SCORE} everywhere; got {wrong}")
        return 1
    log(f"check hand: {EXPECTED_SCORE} in " + ", ".join(scores))
    rates = run(engines, list(args.rows), args.rounds, log)
    peers = [n for n in engines if n != "balatro_ecs"]
    ours = engines["balatro_ecs"]
    header = (
        f"{datetime.date.today().isoformat()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}, core {core} pinned, "
        f"{args.rounds} interleaved rounds, {'CPU time' if args.cpu else 'wall clock'}, "
        f"balatro_ecs {getattr(ours, 'version', '?')}"
    )
    if args.json:
        medians = {
            row: {n: statistics.median(v) for n, v in per.items()} for row, per in rates.items()
        }
        print(
            json.dumps(
                {
                    "header": header,
                    "check_scores": scores,
                    "median_rates": medians,
                    "ratios": {row: {p: ratios(rates, row, p) for p in peers} for row in rates},
                    "rates": rates,
                }
            )
        )
        return 0
    print(header)
    print(f"check hand scored {EXPECTED_SCORE} by: {', '.join(scores)}")
    print("ratio = balatro_ecs's rate / the peer's (memory: the peer's KB / ours); >1 = ahead\n")
    print(table(rates, peers))
    print("\nmedian rates (units/s; memory KB per game):")
    for row, per in rates.items():
        cells = ", ".join(f"{n} {statistics.median(v):,.1f}" for n, v in per.items())
        print(f"  {ROW_TITLES[row]}: {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
