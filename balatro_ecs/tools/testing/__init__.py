"""Tools for testing jokers and mods without launching the game.

* :mod:`balatro_ecs.testing.strategies`: hypothesis strategies for cards, hands, joker
  rows (holding a given joker), whole scenarios and whole game states (needs
  ``hypothesis``).
* :mod:`balatro_ecs.testing.modules`: :func:`~balatro_ecs.testing.modules.plugin_module`,
  a plugin module (a declaration and its hooks) built in a test.
* :mod:`balatro_ecs.testing.runs`: put a run in a known situation (a chosen boss blind,
  a chosen hand) through the game's own systems.
* :mod:`balatro_ecs.testing.recorder`: :class:`HookRecorder`, which hooks ran for which
  content, with what, in what order.
* :mod:`balatro_ecs.testing.properties`: checks for the questions a joker's author asks
  (copied faithfully by Blueprint and Brainstorm, commutes, retriggers, survives a save).
* :mod:`balatro_ecs.testing.stress`: a long stress run of whole games, with illegal
  actions and faults mixed in.
* :mod:`balatro_ecs.testing.pytest_plugin`: pytest fixtures, active automatically once
  balatro_ecs is installed (``balatro_plugins``, ``balatro_game``, ``make_plugins``).
"""
