"""A progress bar for long work, on stderr (stdout stays clean for output), drawn by tqdm.

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
from typing import TextIO

from tqdm import tqdm

__all__ = ["ProgressBar"]

_FORMAT = "{percentage:3.0f}%|{bar:30}| {n_fmt}/{total_fmt} {unit}  {rate_fmt}  ETA {remaining}"


class ProgressBar:
    """``42%|#####     | 420/1000 runs  35.2 runs/s  ETA 00:16``, redrawn a few times a second.

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
    ) -> None:
        self.total = max(0, total)
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.done = 0
        self._bar = tqdm(
            total=self.total,
            unit=unit,
            file=self.stream,
            disable=not self.enabled,
            bar_format=_FORMAT,
            mininterval=0.1,
            ascii=not self.stream.isatty(),
            dynamic_ncols=True,
        )

    def advance(self, count: int = 1) -> None:
        """Count ``count`` more items done."""
        self.done += count
        self._bar.update(count)

    def close(self) -> None:
        """Finish the line."""
        self._bar.close()
