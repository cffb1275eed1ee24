"""The game's own save files (``save.jkr``): a run in progress in the real game continued
in the engine, and the engine's run written as a file the game loads.

* :func:`from_jkr` -- the bytes of a ``save.jkr`` -> a :class:`~balatro_ecs.game.Game`
  that continues the run as the game continues it (:mod:`.read`);
* :func:`to_jkr` -- a game -> the bytes of a ``save.jkr`` (:mod:`.write`);
* :func:`read_table` -- the file's run table as plain data (:mod:`.luatable`: parsed as
  data, never run); :func:`engine_data` -- that table as the engine's own save data;
* :func:`load_save` -- a save of either kind (the engine's JSON or a ``save.jkr``), told
  apart by content.

>>> from balatro_ecs import Game
>>> game = Game(seed="JKRDOC01")
>>> again = Game.from_jkr(game.to_jkr())
>>> again.run.ante, again.phase.value, again.seed
(1, 'blind_select', 'JKRDOC01')
"""

from __future__ import annotations

from .read import engine_data, from_jkr, load_save, read_table
from .write import to_jkr, to_table

__all__ = ["engine_data", "from_jkr", "load_save", "read_table", "to_jkr", "to_table"]
