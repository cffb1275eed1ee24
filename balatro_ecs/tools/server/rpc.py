"""The JSON-RPC 2.0 layer: one request body in, one response object out.

:func:`handle` is the whole protocol without the transport, checked in the mod's order:

1. the body is JSON (else ``BAD_REQUEST``, ``id`` null);
2. ``jsonrpc`` is ``"2.0"``; ``id`` is present and an integer or a string;
3. ``method`` is a string naming a method (``rpc.discover`` answers the OpenRPC
   document);
4. the parameters have their declared types (:func:`~balatro_ecs.tools.server.params.check_params`);
5. the game is in one of the method's states (else ``INVALID_STATE``);
6. the method's own checks of values (``BAD_REQUEST``) and rules (``NOT_ALLOWED``), then
   the change, through the engine's actions.

A failure at any step changes nothing. An unexpected exception is an
``INTERNAL_ERROR`` naming it (the traceback goes to the ``balatro_ecs.tools.server`` logger).
Nothing a client sends is ever evaluated: the body is read with :func:`json.loads`, and
every value is checked against the method's declaration before use.

>>> session = Session()
>>> handle(session, b'{"jsonrpc": "2.0", "method": "health", "id": 1}')
{'jsonrpc': '2.0', 'result': {'status': 'ok'}, 'id': 1}
>>> answer = handle(session, b'{"jsonrpc": "2.0", "method": "select", "id": 2}')
>>> answer["error"]["data"], answer["error"]["message"]
({'name': 'INVALID_STATE'}, "Method 'select' requires one of these states: BLIND_SELECT")
"""

from __future__ import annotations

import json
import logging
import math
from typing import Any

from .errors import BAD_REQUEST, INTERNAL_ERROR, INVALID_STATE, RpcError, error_body
from .methods import METHODS
from .openrpc import discover
from .params import check_params
from .session import Session

__all__ = ["MAX_BODY", "encode", "handle"]

#: The largest request body read, in bytes (the mod's limit).
MAX_BODY = 65536

LOG = logging.getLogger("balatro_ecs.tools.server")


def _request_id(request: dict[str, Any]) -> tuple[Any, str | None]:
    """The request's id, or the reason it is not a valid one."""
    value = request.get("id")
    if value is None:
        return None, "Invalid Request: 'id' field is required"
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None, "Invalid Request: 'id' must be an integer or string"
    if isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer()):
            return None, "Invalid Request: 'id' must be an integer, not a float"
        value = int(value)
    return value, None


def handle(session: Session, body: bytes | str) -> dict[str, Any]:
    """Answer one JSON-RPC request body for ``session``."""
    try:
        request = json.loads(body)
    except (ValueError, RecursionError):
        return error_body(BAD_REQUEST, "Invalid JSON in request body")
    if isinstance(request, list):  # a JSON array is a table to the mod: no version in it
        return error_body(BAD_REQUEST, "Invalid JSON-RPC version: expected '2.0'")
    if not isinstance(request, dict):
        return error_body(BAD_REQUEST, "Invalid JSON in request body")
    if request.get("jsonrpc") != "2.0":
        echoed, _ = _request_id(request)
        return error_body(BAD_REQUEST, "Invalid JSON-RPC version: expected '2.0'", echoed)
    request_id, problem = _request_id(request)
    if problem is not None:
        return error_body(BAD_REQUEST, problem)
    name = request.get("method")
    if not isinstance(name, str):
        return error_body(BAD_REQUEST, "Request missing 'method' field", request_id)
    try:
        result = _call(session, name, request.get("params"))
    except RpcError as err:
        return error_body(err.name, err.message, request_id)
    except Exception as err:  # a bug or a plugin's fault: named, never a dropped connection
        LOG.exception("%s failed", name)
        message = (str(err).splitlines() or [""])[0]
        return error_body(INTERNAL_ERROR, f"{type(err).__name__}: {message}", request_id)
    return {"jsonrpc": "2.0", "result": result, "id": request_id}


def _call(session: Session, name: str, raw_params: object) -> Any:
    if name == "rpc.discover":
        return discover()
    method = METHODS.get(name)
    if method is None:
        raise RpcError(BAD_REQUEST, f"Unknown method: {name}")
    params = check_params(raw_params, method.params)
    if method.states is not None and session.state not in method.states:
        raise RpcError(
            INVALID_STATE,
            f"Method '{name}' requires one of these states: {', '.join(method.states)}",
        )
    return method.run(session, params)


def encode(response: dict[str, Any]) -> bytes:
    """A response as JSON bytes (a value JSON cannot hold becomes an ``INTERNAL_ERROR``)."""
    try:
        return json.dumps(response, allow_nan=False, separators=(",", ":")).encode("utf-8")
    except ValueError as err:
        body = error_body(INTERNAL_ERROR, f"Failed to encode response: {err}", response.get("id"))
        return json.dumps(body).encode("utf-8")
