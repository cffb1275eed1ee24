"""Where ``save`` and ``load`` may touch the disk, and how a save is written.

The mod writes and reads any path its client names. This server confines both to one
directory (the session's ``save_dir``): a relative path is taken inside it, an absolute
one must lie inside it (after symbolic links are followed), and anything else is a
``BAD_REQUEST`` naming the path. A save never silently replaces a file: it may replace
only a save this engine wrote (its first bytes say so, or for a ``.jkr`` the engine's own
table inside it), and the answer then carries
``"replaced": true``; any other existing file is refused. A save is written to a
temporary file first and renamed into place, so a crash never leaves half a save.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from .errors import BAD_REQUEST, INTERNAL_ERROR, RpcError

__all__ = ["JKR_MARK", "SAVE_MARK", "confine", "is_engine_save", "read_save", "write_save"]

#: How every save :meth:`Game.to_json <balatro_ecs.game.Game.to_json>` writes begins.
SAVE_MARK = b'{"format":"balatro_ecs.save/'

#: What every ``save.jkr`` :meth:`Game.to_jkr <balatro_ecs.game.Game.to_jkr>` writes holds.
JKR_MARK = b'["balatro_ecs"]='


def confine(save_dir: Path, text: str) -> Path:
    """The file ``text`` names, inside ``save_dir``; ``BAD_REQUEST`` if it is outside."""
    if not text.strip() or "\x00" in text:
        raise RpcError(BAD_REQUEST, f"Invalid path: {text!r}")
    given = Path(text).expanduser() if text.startswith("~") else Path(text)
    target = (given if given.is_absolute() else save_dir / given).resolve()
    if target == save_dir or save_dir not in target.parents:
        raise RpcError(BAD_REQUEST, f"Path '{text}' is outside the save directory '{save_dir}'")
    return target


def is_engine_save(path: Path) -> bool:
    """Whether the file at ``path`` is a save this engine wrote."""
    try:
        with path.open("rb") as stream:
            head = stream.read(len(SAVE_MARK))
            if head == SAVE_MARK:
                return True
            if path.suffix != ".jkr":
                return False
            stream.seek(0)
            text = zlib.decompressobj(-15).decompress(stream.read(), 32 << 20)
    except (OSError, zlib.error):
        return False
    return JKR_MARK in text


def write_save(path: Path, data: str | bytes, shown: str) -> bool:
    """Write ``data`` (the engine's JSON save, or a ``save.jkr``'s bytes) to ``path`` all at
    once; returns whether an older save was replaced. ``shown`` is the path as the client
    gave it (for messages)."""
    replaced = path.exists()
    if replaced and (not path.is_file() or not is_engine_save(path)):
        raise RpcError(
            INTERNAL_ERROR,
            f"Failed to write save file to '{shown}': the file exists and is not a save "
            "this server wrote (it is never overwritten)",
        )
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        if isinstance(data, str):
            temporary.write_text(data, encoding="utf-8")
        else:
            temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError as err:
        temporary.unlink(missing_ok=True)
        raise RpcError(
            INTERNAL_ERROR, f"Failed to write save file to '{shown}': {err.strerror}"
        ) from err
    return replaced


def read_save(path: Path, shown: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as err:
        raise RpcError(INTERNAL_ERROR, f"Failed to read save file: '{shown}'") from err
