"""How fast the environment steps: a masked random agent, single and vectorised.

``python -m balatro_ecs.envs.bench [STEPS]`` prints env steps per second for one env of
each registered id (``Balatro-v0``: the fixed space and the raw observation;
``Balatro-v1``: the two-step space and the entity encoding) and for 2 envs vectorised
(``sync``; ``async`` too with ``--async``). Each figure is given twice: per second of
this process's CPU time (what one core does, whatever else the machine runs) and per
second of wall time.

``--compare TREE`` measures another source tree of the package (a directory holding its
``balatro_ecs`` and ``balatro_ecs_vanilla`` packages, e.g. an older commit exported with
``git archive``) against this one, ``Balatro-v0`` and ``Balatro-v1`` of each, in fresh
processes taken in turns (``--rounds`` times), and prints the medians: a before/after
comparison measured in the same run. Copy the compiled random streams into the export
(``git archive`` holds only the sources; without them the other tree runs the pure-Python
streams, several times slower)::

    git archive main balatro_ecs plugins | tar -x -C /tmp/before
    ln -s plugins /tmp/before/balatro_ecs_vanilla
    cp balatro_ecs/kernel/_rng_c*.so /tmp/before/balatro_ecs/kernel/
    python -m balatro_ecs.envs.bench 20000 --compare /tmp/before --rounds 5

Both measure the bare env (no ``gym.make`` wrappers: ``OrderEnforcing`` and the passive
env checker add a call each per step).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

import numpy as np

__all__ = ["bench_env", "compare"]


def bench_env(
    steps: int = 2000,
    *,
    num_envs: int = 1,
    mode: str = "single",
    seed: int = 0,
    env_id: str | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """Step a masked random agent ``steps`` env steps in total; returns the rates.

    ``mode``: ``"single"`` (one :class:`~balatro_ecs.envs.BalatroEnv`, reset by hand at an
    episode's end) or ``"sync"``/``"async"`` (``gymnasium.make_vec`` with ``num_envs``,
    autoresetting). ``env_id`` (default ``Balatro-v0``) picks the registered options;
    ``kwargs`` go to the env. The figures count every env step, including a vector env's
    reset steps: ``steps_per_second`` per second of wall time, ``cpu_steps_per_second``
    per second of this process's CPU time (a single env only).
    """
    import gymnasium as gym

    from . import ENV_ID, masked_sample

    rng = np.random.default_rng(seed)
    episodes = 0
    env_id = env_id or ENV_ID
    if mode == "single":
        env = gym.make(env_id, **kwargs).unwrapped
        obs, _ = env.reset(seed=seed)
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(steps):
            obs, _, terminated, truncated, _ = env.step(masked_sample(obs["action_mask"], rng))
            if terminated or truncated:
                episodes += 1
                obs, _ = env.reset()
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        env.close()
        done = steps
    else:
        envs = gym.make_vec(env_id, num_envs=num_envs, vectorization_mode=mode, **kwargs)
        obs, _ = envs.reset(seed=seed)
        rounds = max(1, steps // num_envs)
        start, cpu = time.perf_counter(), 0.0
        for _ in range(rounds):
            masks = obs["action_mask"]
            actions = np.array([masked_sample(m, rng) for m in masks])
            obs, _, terminated, truncated, _ = envs.step(actions)
            episodes += int(np.sum(terminated | truncated))
        elapsed = time.perf_counter() - start
        envs.close()
        done = rounds * num_envs
    return {
        "env_id": env_id,
        "mode": mode,
        "num_envs": 1 if mode == "single" else num_envs,
        "steps": done,
        "episodes": episodes,
        "seconds": elapsed,
        "steps_per_second": done / elapsed if elapsed > 0 else float("inf"),
        "cpu_seconds": cpu,
        "cpu_steps_per_second": done / cpu if cpu > 0 else float("nan"),
    }


#: What a process of :func:`compare` runs: the same masked random agent on whichever
#: ``balatro_ecs`` it imports (so it uses nothing an older tree may lack).
_CHILD = r"""
import json, sys, time
import numpy as np
from balatro_ecs.envs import BalatroEnv
options, steps, seed = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
env = BalatroEnv(**options)
rng = np.random.default_rng(seed)

def sample(mask):
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)]) if legal.size else 0

def run(n):
    global obs
    episodes = 0
    for _ in range(n):
        obs, _, terminated, truncated, _ = env.step(sample(obs["action_mask"]))
        if terminated or truncated:
            episodes += 1
            obs, _ = env.reset()
    return episodes

obs, _ = env.reset(seed=seed)
run(min(1000, steps))  # warm the caches
start, cpu = time.perf_counter(), time.process_time()
episodes = run(steps)
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
try:
    from balatro_ecs.kernel.rng import COMPILED as compiled
except ImportError:  # an older tree
    compiled = None
print(json.dumps({"cpu": steps / cpu, "wall": steps / wall, "episodes": episodes,
                  "compiled": bool(compiled) if compiled is not None else None}))
"""


def _measure(
    tree: str | None, options: dict[str, Any], steps: int, seed: int
) -> dict[str, float] | None:
    """One case in a fresh process: its rates, or ``None`` if that tree cannot make the
    env (an older commit without the options)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [tree, env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(options), str(steps), str(seed)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree or None,
        check=False,
    )
    if done.returncode != 0:
        return None
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(tree: str, steps: int = 20000, rounds: int = 3, seed: int = 0) -> list[dict[str, Any]]:
    """Measure ``Balatro-v0`` and ``Balatro-v1`` of the source tree ``tree`` ("before")
    and of this package ("after"), each in a fresh process, in turns, ``rounds`` times;
    return each case's median rates (CPU and wall steps per second). A case the other
    tree cannot run (no two-step space there) is left out."""
    from .gym_env import V1_OPTIONS

    cases: list[tuple[str, str | None, dict[str, Any]]] = [
        ("before v0", tree, {}),
        ("after v0", None, {}),
        ("before v1", tree, dict(V1_OPTIONS)),
        ("after v1", None, dict(V1_OPTIONS)),
    ]
    found: dict[str, list[dict[str, float]]] = {name: [] for name, _, _ in cases}
    failed: set[str] = set()
    for _ in range(rounds):
        for name, where, options in cases:
            if name in failed:
                continue
            result = _measure(where, options, steps, seed)
            if result is None:
                failed.add(name)
            else:
                found[name].append(result)
    return [
        {
            "case": name,
            "cpu_steps_per_second": statistics.median(r["cpu"] for r in found[name]),
            "steps_per_second": statistics.median(r["wall"] for r in found[name]),
            "runs": [round(r["cpu"]) for r in found[name]],
            "compiled": found[name][0].get("compiled"),
        }
        for name, _, _ in cases
        if found[name]
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("steps", nargs="?", type=int, default=5000)
    parser.add_argument("--envs", type=int, default=2, help="vectorised envs (default 2)")
    parser.add_argument("--async", dest="use_async", action="store_true", help="also async")
    parser.add_argument("--compare", metavar="TREE", help="another source tree to measure")
    parser.add_argument("--rounds", type=int, default=3, help="turns of --compare")
    args = parser.parse_args(argv)
    if args.compare:
        rows = compare(args.compare, args.steps, args.rounds)
        if len({row["compiled"] for row in rows if row["compiled"] is not None}) > 1:
            print(
                "warning: one tree runs the compiled random streams and the other does not "
                "(copy balatro_ecs/kernel/_rng_c*.so into the other tree)"
            )
        for row in rows:
            print(
                f"{row['case']:>10}: {row['cpu_steps_per_second']:8.0f} steps per CPU second, "
                f"{row['steps_per_second']:8.0f} per wall second (median of "
                f"{len(row['runs'])}: {row['runs']})"
            )
        return
    from . import ENV_ID, ENV_ID_V1

    runs = [("single", 1, ENV_ID), ("single", 1, ENV_ID_V1), ("sync", args.envs, ENV_ID_V1)]
    if args.use_async:
        runs.append(("async", args.envs, ENV_ID_V1))
    for mode, n, env_id in runs:
        result = bench_env(args.steps, num_envs=n, mode=mode, env_id=env_id)
        cpu = result["cpu_steps_per_second"]
        cpu_text = f"{cpu:8.0f} per CPU second, " if cpu == cpu else ""
        print(
            f"{env_id.split('/')[-1]} {mode:>6} x{result['num_envs']}: {cpu_text}"
            f"{result['steps_per_second']:8.0f} env steps per wall second "
            f"({result['steps']} steps, {result['episodes']} episodes, "
            f"{result['seconds']:.2f} s)"
        )


if __name__ == "__main__":
    main()
