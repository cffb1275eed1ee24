"""Count the machine instructions an engine-only replay takes per action, under valgrind.

``python tools/count_instructions.py [--games N] [--off TRICK ...]`` records 20 random-policy
games (seeds ``REPLAY0`` to ``REPLAY19``, as ``tools/bench_peers.py``'s replay row), then
runs valgrind's cachegrind twice over a child process that replays them: once replaying
``N`` games (100: about 900 actions), once replaying none, the same process otherwise;
the difference over the number of actions is what one replayed action takes (a new game
and its freeing included, spread over its actions). ``--off`` turns tricks of
``tools/bench_ablations.py`` off in both runs first.

Unlike a clock, the count does not move with the other processes on the machine: run
twice, it agrees to a few hundred instructions in 300,000. It is not time (a cache miss
costs no more instructions than a hit), and a process laid out differently -- another
module imported, say -- can count 1-2% more or fewer, so compare two counts whose
processes differ only in the change measured: a trick on and off (``--off``), or two trees
(``PYTHONPATH``) with the same compiled parts. Needs ``valgrind`` on the ``PATH``.
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = """
import os, pickle, sys
sys.path.insert(0, {tools!r})
from balatro_ecs import Game
from balatro_ecs.kernel.manager import Plugins
for trick in {off!r}:
    import bench_ablations
    bench_ablations.ABLATIONS[trick][3]()
plugins = Plugins.default()
with open({recorded!r}, "rb") as f:
    recorded = pickle.load(f)
def replay(n):
    for k in range(n):
        seed, actions = recorded[k % len(recorded)]
        game = Game(seed=seed, plugins=plugins, atomic=False)
        for action in actions:
            game.apply(action)
        game.close()
replay(len(recorded))  # (every cache the replay fills, filled in both runs)
replay(int(sys.argv[1]))
"""


def _record() -> list[tuple[str, list[object]]]:
    from balatro_ecs import Game
    from balatro_ecs.game.state import Phase
    from balatro_ecs.kernel.manager import Plugins
    from balatro_ecs.tools.policies import make_policy

    plugins = Plugins.default()
    out = []
    for i in range(20):
        seed = f"REPLAY{i}"
        game = Game(seed=seed, plugins=plugins, atomic=False)
        policy = make_policy("random", seed)
        actions: list[object] = []
        while game.run.phase is not Phase.GAME_OVER and not game.run.won and len(actions) < 2000:
            action = policy.choose(game)
            game.apply(action)
            actions.append(action)
        game.close()
        out.append((seed, actions))
    return out


def _count(script: Path, games: int) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, str(script), str(games)],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games replayed (100)")
    parser.add_argument("--off", nargs="*", default=[], help="tricks turned off first")
    args = parser.parse_args()
    recorded = _record()
    actions = sum(len(recorded[k % len(recorded)][1]) for k in range(args.games))
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp, "recorded.pickle")
        data.write_bytes(pickle.dumps(recorded))
        script = Path(tmp, "child.py")
        tools = str(Path(__file__).resolve().parent)
        script.write_text(_CHILD.format(tools=tools, off=list(args.off), recorded=str(data)))
        base, full = _count(script, 0), _count(script, args.games)
    print(f"{(full - base) / actions:,.0f} instructions per replayed action ({actions} actions)")


if __name__ == "__main__":
    main()
