"""The 18 Spectral cards (declared; their use arrives with the consumables engine)."""

from balatro_ecs.plugin import reference

from ._declared import Declared

balatro_plugins = tuple(
    Declared(reference.spectral(key)) for key in reference.keys("spectrals", "spectral")
)
