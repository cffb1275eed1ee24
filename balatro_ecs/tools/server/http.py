"""The HTTP transport: JSON-RPC over ``POST /``, one request per connection.

As the mod serves it: only ``POST`` to ``/`` (other methods are answered 405, other paths
404, both with a JSON-RPC error body); the body is read up to 64 KB (a larger declared
``Content-Length`` is answered 400 with ``BAD_REQUEST`` "Request body too large", the
body unread); every answer is ``Content-Type: application/json`` with ``Connection:
close``. Requests are served one at a time, in the order they arrive, each on its own
connection, so a reply is always the settled state after the request before it.

The server binds to ``127.0.0.1`` unless told otherwise; any other address lets other
machines play the game (the command prints a warning).

>>> with Server(port=0) as server:  # an ephemeral port; serves in a thread
...     server.url.startswith("http://127.0.0.1:")
True
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

from ...kernel.errors import BalatroError
from .errors import BAD_REQUEST, INTERNAL_ERROR, error_body
from .names import KEYS, STYLES
from .rpc import MAX_BODY, encode, handle
from .session import Session

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "Server", "add_parser", "main_serve"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 12346
#: The most of a refused (too large) body read and dropped before answering.
DRAIN_LIMIT = 1 << 20
#: Seconds a client may take to send its request before the connection is dropped.
TIMEOUT = 10.0

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


class _Handler(BaseHTTPRequestHandler):
    """One connection, one request, one JSON answer."""

    server: _HTTPServer
    protocol_version = "HTTP/1.1"
    #: A request line that cannot be parsed is answered as HTTP/1.0, headers and all.
    default_request_version = "HTTP/1.0"
    timeout = TIMEOUT
    error_content_type = "application/json"

    def _answer(self, status: int, body: bytes) -> None:
        self.close_connection = True
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _refuse(self, status: int, message: str, name: str = BAD_REQUEST) -> None:
        self._answer(status, encode(error_body(name, message)))

    def do_POST(self) -> None:
        if self.path != "/":
            self._refuse(404, "Not found. Use POST to '/' for JSON-RPC requests")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            self._refuse(400, "Invalid Content-Length")
            return
        if length > MAX_BODY:
            self._drain(length)
            self._refuse(400, "Request body too large")
            return
        if length < 0:
            self._refuse(400, "Invalid Content-Length")
            return
        body = self.rfile.read(length) if length else b""
        self._answer(200, encode(handle(self.server.session, body)))

    def _drain(self, length: int) -> None:
        """Read and drop a refused body (up to :data:`DRAIN_LIMIT` bytes), so that closing
        the connection does not reset it before the client reads the answer."""
        left = min(length, DRAIN_LIMIT)
        with contextlib.suppress(OSError):
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    break
                left -= len(chunk)

    def _not_allowed(self) -> None:
        self._refuse(405, "Method not allowed. Use POST for JSON-RPC requests")

    do_GET = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = _not_allowed

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A request the stdlib cannot parse (a bad request line, headers too long): the
        mod's JSON error instead of an HTML page."""
        name = INTERNAL_ERROR if code >= 500 else BAD_REQUEST
        with contextlib.suppress(OSError):  # the client may be gone
            self._answer(code, encode(error_body(name, message or "Bad request")))

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


class _HTTPServer(HTTPServer):
    """An HTTP server that owns one :class:`Session`."""

    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], session: Session, verbose: bool) -> None:
        self.session = session
        self.verbose = verbose
        super().__init__(address, _Handler)


class Server:
    """The balatrobot API over HTTP for one :class:`Session` (made with ``session_options``
    when not given).

    :meth:`start` serves in a background thread (``port=0`` picks a free port; read it
    from :attr:`port`), :meth:`stop` ends it; as a context manager it does both.
    :meth:`serve_forever` serves in the calling thread until interrupted.

    :raises OSError: when the address cannot be bound (a port in use).
    """

    def __init__(
        self,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        session: Session | None = None,
        verbose: bool = False,
        **session_options: Any,
    ) -> None:
        self.session = session if session is not None else Session(**session_options)
        self._http = _HTTPServer((host, port), self.session, verbose)
        self._thread: threading.Thread | None = None

    @property
    def host(self) -> str:
        return str(self._http.server_address[0])

    @property
    def port(self) -> int:
        return int(self._http.server_address[1])

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def start(self) -> Server:
        """Serve in a daemon thread; returns ``self``."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._http.serve_forever,
                kwargs={"poll_interval": 0.05},
                name="balatro-ecs-serve",
                daemon=True,
            )
            self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Serve in this thread until :meth:`stop` (from another thread) or Ctrl-C."""
        try:
            self._http.serve_forever()
        finally:
            self._http.server_close()
            self.session.close()

    def stop(self) -> None:
        """Stop serving, close the socket and drop the run."""
        if self._thread is not None:
            self._http.shutdown()
            self._thread.join()
            self._thread = None
        self._http.server_close()
        self.session.close()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


# -- the command ------------------------------------------------------------------------------


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """``balatro-ecs serve``: its options, on the CLI's subcommand table."""
    p: argparse.ArgumentParser = sub.add_parser(
        "serve", help="serve the balatrobot JSON-RPC API over HTTP, for bots written for the game"
    )
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to bind (default {DEFAULT_HOST})")
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any)"
    )
    p.add_argument(
        "--names",
        choices=STYLES,
        default=KEYS,
        help="answer with the game's keys (b_red, e_foil: balatrobot 1.5, the default) or "
        "upper-case names (RED, FOIL: 1.0-1.4); both are accepted",
    )
    p.add_argument(
        "--fair",
        action="store_true",
        help="hide face-down cards and the draw pile's order (the mod shows them)",
    )
    p.add_argument(
        "--save-dir",
        default=".",
        metavar="DIR",
        help="the directory save/load paths must lie in (default: the working directory)",
    )
    p.add_argument(
        "--unlocks", choices=("all", "shipped"), default="all", help="the profile of new runs"
    )
    p.add_argument("--verbose", action="store_true", help="log every request on stderr")
    p.set_defaults(func=main_serve)
    return p


def main_serve(args: argparse.Namespace) -> int:
    """Run ``balatro-ecs serve`` until interrupted."""
    from ..plugins_cli import plugins_from

    save_dir = Path(args.save_dir)
    if not save_dir.is_dir():
        raise BalatroError(f"--save-dir: {args.save_dir!r} is not a directory")
    try:
        server = Server(
            args.host,
            args.port,
            verbose=args.verbose,
            plugins=plugins_from(args),
            unlocks=args.unlocks,
            style=args.names,
            fair=args.fair,
            save_dir=save_dir,
        )
    except OSError as err:
        raise BalatroError(f"cannot listen on {args.host}:{args.port}: {err.strerror}") from err
    if server.host not in _LOOPBACK:
        print(
            f"balatro-ecs serve: warning: listening on {server.host}, not loopback: other "
            "machines can play this game",
            file=sys.stderr,
        )
    print(f"balatro-ecs serve: balatrobot API on {server.url} (Ctrl-C to stop)", file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("balatro-ecs serve: stopped", file=sys.stderr)
    return 0
