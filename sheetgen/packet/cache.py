"""A content-addressed cache of rendered reference pages, so that a rebuild skips WeasyPrint.

Takes a key (everything a reference page depends on: the pack's data, the paper, the audience,
sheetgen's version, the shipped templates and fonts) and the bytes to keep; gives back the same
bytes on a later run. Entries live in the user's cache folder (SHEETGEN_CACHE_DIR overrides it),
are written atomically (so concurrent runs are safe: each writes a whole file and renames it into
place), and carry a SHA-256 of their content that is checked before use: a damaged entry is
ignored and rewritten. A cache that cannot be written is skipped, never an error.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
from collections.abc import Callable
from pathlib import Path

from sheetgen import __version__

log = logging.getLogger(__name__)

_MAGIC = b"sheetgen-cache-1\n"
_DIGEST = 32


def cache_dir() -> Path:
    override = os.environ.get("SHEETGEN_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("sheetgen", appauthor=False))


@functools.cache
def _shipped_fingerprint() -> str:
    """What of the installation a page depends on: templates by content, fonts by name and size."""
    from sheetgen.fonts import shipped_dir

    digest = hashlib.sha256(__version__.encode())
    for folder in ("templates", "fonts"):
        root = shipped_dir(folder)
        stack = [root]
        while stack:
            node = stack.pop()
            for child in sorted(node.iterdir(), key=lambda c: c.name):
                if child.is_dir():
                    stack.append(child)
                elif folder == "templates":
                    digest.update(child.name.encode() + b"\0" + child.read_bytes())
                else:
                    digest.update(child.name.encode() + b"\0" + str(len(child.read_bytes())).encode())
    return digest.hexdigest()


def key_for(kind: str, *parts: str) -> str:
    digest = hashlib.sha256(f"{kind}\0{_shipped_fingerprint()}".encode())
    for part in parts:
        digest.update(b"\0" + part.encode())
    return f"{kind}-{digest.hexdigest()[:40]}"


def load(key: str) -> bytes | None:
    path = cache_dir() / f"{key}.bin"
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, body = raw[: len(_MAGIC) + _DIGEST], raw[len(_MAGIC) + _DIGEST:]
    if head[: len(_MAGIC)] != _MAGIC or hashlib.sha256(body).digest() != head[len(_MAGIC):]:
        log.debug("cache entry %s is damaged; rendering again", path)
        return None
    return body


def store(key: str, data: bytes) -> None:
    from sheetgen.errors import OutputError
    from sheetgen.output import write_atomic

    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / f"{key}.bin", _MAGIC + hashlib.sha256(data).digest() + data)
    except (OSError, OutputError) as exc:
        log.debug("cache not written (%s)", exc)


def cached(key: str, make: Callable[[], bytes], *, use: bool = True) -> bytes:
    """The bytes kept under *key*, or *make()*'s, kept for next time."""
    if use:
        hit = load(key)
        if hit is not None:
            return hit
    data = make()
    if use:
        store(key, data)
    return data
