"""The engine's version (the package root re-exports it as ``balatro_ecs.__version__``)."""

__all__ = ["__version__"]

__version__ = "0.1.0"
