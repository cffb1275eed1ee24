"""A small progress bar for long work, written to stderr (stdout stays clean for output).

>>> import io
>>> out = io.StringIO()
>>> bar = ProgressBar(4, "runs", stream=out, enabled=True)
>>> bar.advance(4)
>>> bar.close()
>>> "4/4 runs" in out.getvalue()
True
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """``[#####.....] 120/1000 runs  35.2/s  ETA 25s``, redrawn at most ten times a second.

    :param total: How many items the work has.
    :param unit: What an item is called.
    :param stream: Where to draw (default stderr).
    :param enabled: Draw at all; by default only when ``stream`` is a terminal.
    """

    def __init__(
        self,
        total: int,
        unit: str = "items",
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        width: int = 30,
    ) -> None:
        self.total = max(0, total)
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.width = width
        self.done = 0
        self._start = time.perf_counter()
        self._drawn = 0.0

    def advance(self, count: int = 1) -> None:
        """Count ``count`` more items done; redraw if it is time to."""
        self.done += count
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._drawn >= 0.1 or self.done >= self.total:
            self._drawn = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = max(now - self._start, 1e-9)
        rate = self.done / elapsed
        filled = int(self.width * self.done / self.total) if self.total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r[{bar}] {self.done}/{self.total} {self.unit}  {rate:,.1f}/s  ETA {left:,.0f}s "
        )
        self.stream.flush()

    def close(self) -> None:
        """Finish the line (when drawing)."""
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()
