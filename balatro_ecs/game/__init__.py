"""The game layer: :class:`Game`, its handles (cards, jokers, blinds), the run state, rules,
dispatch, hands, pools, scoring (:mod:`balatro_ecs.game.scoring`) and the run's events
(:mod:`balatro_ecs.game.run`). It imports the kernel, never the duel or the tools.

The names of the module ``balatro_ecs.game`` from before the layers are here too (it is
:mod:`balatro_ecs.game.game` now).
"""

from .game import DEFAULT_SEED, Game, random_seed

__all__ = ["DEFAULT_SEED", "Game", "random_seed"]
