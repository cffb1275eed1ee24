"""The game's own save files (``save.jkr``): reading a run in progress into the engine,
and writing the engine's run as a file the game loads.

* :func:`from_jkr` -- the bytes of a ``save.jkr`` -> a :class:`~balatro_ecs.game.Game`
  that continues the run exactly as the game continues it (:mod:`.read`);
* :func:`to_jkr` -- a game -> the bytes of a ``save.jkr`` (:mod:`.write`);
* :func:`read_table` / :mod:`.luatable` -- the file's Lua table as plain data.
"""

from __future__ import annotations

from .read import engine_data, from_jkr, read_table

__all__ = ["engine_data", "from_jkr", "read_table"]
