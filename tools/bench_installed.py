"""Run this checkout's speed suite against whichever ``balatro_ecs`` is installed.

``some-venv/bin/python tools/bench_installed.py [--json] [--passes N] [CASE ...]``: the
suite file is loaded from this source tree (it imports ``balatro_ecs`` absolutely), so an
older release installed in another environment is measured by exactly today's cases.
"""

import runpy
from pathlib import Path

if __name__ == "__main__":
    suite = Path(__file__).resolve().parents[1] / "balatro_ecs" / "tools" / "benchsuite.py"
    runpy.run_path(str(suite), run_name="__main__")
