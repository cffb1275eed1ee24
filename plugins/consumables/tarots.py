"""The 22 Tarot cards (declared; their use arrives with the consumables engine)."""

from balatro_ecs.plugin import reference

from ._declared import Declared

balatro_plugins = tuple(Declared(reference.tarot(key)) for key in reference.keys("tarots", "tarot"))
