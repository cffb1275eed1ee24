"""A tournament of Balatro Poker duels between two policies: who wins how often.

    python examples/duel_tournament.py                        # heuristic vs random, 100 duels
    python examples/duel_tournament.py --duels 300 --a heuristic --b heuristic --seed T2

Duel ``i`` is seeded ``SEED-i``; the policies swap seats every duel, and so who bets first,
so neither gains from the seat. A duel still going after ``--max-rounds`` rounds is a
draw. The same arguments always print the same table (but for the timing line).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from balatro_ecs.duel import DUEL_POLICIES, Duel, play_duel
from balatro_ecs.duel.policies import make_duel_policy


@dataclass
class Standing:
    name: str
    wins: int = 0
    wins_first: int = 0  #: duels won while betting first in round 1
    rounds: list[int] = field(default_factory=list)


def tournament(
    duels: int, a: str, b: str, seed: str = "TOURNEY", max_rounds: int = 300
) -> tuple[Standing, Standing, int]:
    """Play ``duels`` duels of policy ``a`` against ``b``; returns both standings and the
    number of draws."""
    standings = (Standing(f"A ({a})"), Standing(f"B ({b})"))
    draws = 0
    for i in range(duels):
        duel_seed = f"{seed}-{i}"
        seat_of_a = i % 2
        names = (a, b) if seat_of_a == 0 else (b, a)
        policies = [make_duel_policy(name, f"{duel_seed}-{p}") for p, name in enumerate(names)]
        duel = play_duel(Duel(duel_seed, first_bettor=0), policies, max_rounds=max_rounds)
        if duel.winner is None:
            draws += 1
        else:
            standing = standings[0] if duel.winner == seat_of_a else standings[1]
            standing.wins += 1
            standing.wins_first += duel.winner == 0
            standing.rounds.append(duel.round)
        duel.close()
    return standings[0], standings[1], draws


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=100, help="duels to play (default 100)")
    parser.add_argument("--a", default="heuristic", choices=sorted(DUEL_POLICIES))
    parser.add_argument("--b", default="random", choices=sorted(DUEL_POLICIES))
    parser.add_argument("--seed", default="TOURNEY", help="seed prefix (default TOURNEY)")
    parser.add_argument("--max-rounds", type=int, default=300, help="a draw after this round")
    args = parser.parse_args(argv)
    if args.duels < 1:
        parser.error("--duels: at least 1")
    start = time.perf_counter()
    first, second, draws = tournament(args.duels, args.a, args.b, args.seed, args.max_rounds)
    seconds = time.perf_counter() - start
    print(f"{args.duels} duels, seed {args.seed}")
    print(f"{'policy':<16} {'wins':>5} {'win rate':>9} {'mean rounds':>12} {'won betting 1st':>16}")
    for s in (first, second):
        mean = sum(s.rounds) / len(s.rounds) if s.rounds else 0.0
        print(
            f"{s.name:<16} {s.wins:>5} {s.wins / args.duels:>9.1%} {mean:>12.1f} {s.wins_first:>16}"
        )
    if draws:
        print(f"{'draws':<16} {draws:>5} {draws / args.duels:>9.1%}")
    sys.stdout.flush()
    print(f"{args.duels / seconds:.1f} duels/s ({seconds:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
