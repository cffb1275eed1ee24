"""The Blackjack example's own tests (examples/blackjack/tests), run with the main suite.

CI installs only the main project, so the example is imported from its source tree.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "blackjack"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

_spec = importlib.util.spec_from_file_location(
    "balatro_blackjack_tests", EXAMPLE / "tests" / "test_blackjack.py"
)
assert _spec is not None and _spec.loader is not None
_tests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_tests)
globals().update({name: f for name, f in vars(_tests).items() if name.startswith("test_")})
