"""Run the tests against the source tree when the example is not installed."""

import sys
from pathlib import Path

SOURCE = str(Path(__file__).resolve().parent.parent)
if SOURCE not in sys.path:
    sys.path.insert(0, SOURCE)
