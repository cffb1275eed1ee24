"""Blackjack on the balatro_ecs core: cards as entities, the round as ordered systems,
the shoe shuffled by the game's seeded streams, and the rules as state transforms.

>>> from balatro_blackjack import Table, basic_strategy
>>> t = Table(decks=2, seed="README")
>>> while t.state.round < 3:
...     _ = t.apply(basic_strategy(t))
>>> t.state.round
3
"""

from balatro_ecs.kernel.errors import IllegalActionError

from .state import Hand, Rules, State
from .strategy import basic_strategy
from .table import Action, Table

__all__ = ["Action", "Hand", "IllegalActionError", "Rules", "State", "Table", "basic_strategy"]
