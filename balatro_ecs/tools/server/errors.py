"""The four error kinds of the balatrobot API, and the exception that carries one.

The mod answers every mistake with a JSON-RPC error whose ``data.name`` says what kind
of mistake it is; the numeric code follows from the name:

========================  =======  =============================================
``data.name``             code     meaning
========================  =======  =============================================
``INTERNAL_ERROR``        -32000   the server failed (a file that cannot be read)
``BAD_REQUEST``           -32001   the request or a parameter is wrong
``INVALID_STATE``         -32002   the method is not available in this state
``NOT_ALLOWED``           -32003   the game's rules refuse it now
========================  =======  =============================================
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BAD_REQUEST",
    "ERROR_CODES",
    "INTERNAL_ERROR",
    "INVALID_STATE",
    "NOT_ALLOWED",
    "RpcError",
    "error_body",
]

INTERNAL_ERROR = "INTERNAL_ERROR"
BAD_REQUEST = "BAD_REQUEST"
INVALID_STATE = "INVALID_STATE"
NOT_ALLOWED = "NOT_ALLOWED"

#: The JSON-RPC code of each error name.
ERROR_CODES: dict[str, int] = {
    INTERNAL_ERROR: -32000,
    BAD_REQUEST: -32001,
    INVALID_STATE: -32002,
    NOT_ALLOWED: -32003,
}


class RpcError(Exception):
    """A request the server answers with an error: ``name`` is one of :data:`ERROR_CODES`'
    keys, ``message`` one line naming the problem (the field, the index, the rule)."""

    def __init__(self, name: str, message: str) -> None:
        if name not in ERROR_CODES:
            raise ValueError(f"RpcError: unknown error name {name!r}")
        super().__init__(message)
        self.name = name
        self.message = message

    @property
    def code(self) -> int:
        return ERROR_CODES[self.name]

    def __repr__(self) -> str:
        return f"RpcError({self.name!r}, {self.message!r})"


def error_body(name: str, message: str, request_id: Any = None) -> dict[str, Any]:
    """A JSON-RPC 2.0 error response for ``name`` (its code from :data:`ERROR_CODES`)."""
    return {
        "jsonrpc": "2.0",
        "error": {"code": ERROR_CODES[name], "message": message, "data": {"name": name}},
        "id": request_id,
    }
