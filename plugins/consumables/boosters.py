"""The 32 vanilla booster packs (declared: what a pack holds is the engine's ``run.packs``)."""

from balatro_ecs.plugin import reference

from ._declared import Declared

balatro_plugins = tuple(
    Declared(reference.booster(key)) for key in reference.keys("boosters", "pack")
)
