"""The kernel: the entity store, components, effects, the schedule compiler, hook specs, the
plugin manager, content type declarations, packs, random streams, errors and faults.

It knows no game and no content: nothing here imports :mod:`balatro_ecs.game`, the duel or
the tools (``tests/test_architecture.py`` runs the import-linter contracts that say so).
"""
