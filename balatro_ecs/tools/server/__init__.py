"""A balatrobot-compatible server: bots written for the real game play the engine.

`balatrobot <https://github.com/coder/balatrobot>`_ is a Balatro mod that lets a program
play the game over JSON-RPC 2.0 on HTTP. This package serves the same API (version 1.5:
its methods, parameters, ``GameState`` answers and error codes, checked in the same
order) over the engine, so a bot written for the game plays here unchanged, thousands
of times faster and without the game. Run it with ``balatro-ecs serve``, or from Python::

    from balatro_ecs.tools.server import Server

    with Server(port=0) as server:  # a free port, served in a thread
        print(server.url)           # POST JSON-RPC requests here

The layers: :mod:`~balatro_ecs.tools.server.http` (the transport),
:mod:`~balatro_ecs.tools.server.rpc` (the protocol, :func:`handle`),
:mod:`~balatro_ecs.tools.server.methods` (each method, through the engine's actions),
:mod:`~balatro_ecs.tools.server.gamestate` (a game read as the API's ``GameState``) and
:mod:`~balatro_ecs.tools.server.names` (the 1.x spellings of decks, stakes and modifiers).
``docs/server.md`` lists the methods and what differs from the mod.

This is a tool: it imports the game; nothing in the engine imports it.
"""

from __future__ import annotations

from .errors import ERROR_CODES, RpcError
from .gamestate import View, gamestate
from .http import DEFAULT_HOST, DEFAULT_PORT, Server
from .methods import METHODS
from .rpc import MAX_BODY, handle
from .session import Method, Session

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "ERROR_CODES",
    "MAX_BODY",
    "METHODS",
    "Method",
    "RpcError",
    "Server",
    "Session",
    "View",
    "gamestate",
    "handle",
]
