"""A content-addressed cache of what a rebuild need not make again: reference pages (so that it skips
WeasyPrint) and the packet parts made from them, trackers, cards, and each room's set cards.

Takes a key (everything a reference page's bytes depend on: the pack's data, the paper, the audience,
and :func:`_installation_fingerprint`: the versions of sheetgen, WeasyPrint, ReportLab and pypdf, the
font subsetter WeasyPrint will use, SOURCE_DATE_EPOCH, the shipped templates and fonts by content) and
the bytes to keep; gives back the same bytes on a later run. Entries live in the user's cache folder
(SHEETGEN_CACHE_DIR overrides it), are written atomically (so concurrent runs are safe: each writes a
whole file and renames it into place), and are sealed: each carries an HMAC-SHA-256 of its content made
with a key of the user's own (32 random bytes in ``cache-key`` in the user's data folder, readable by the
user alone, made on first use), checked before use.

The folder is not trusted: only a regular file is read (a pipe, a device or a link is never opened, so
none can hang or feed a build), no more than MAX_ENTRY_BYTES of it, and an entry that is damaged, not
sealed with the user's key (a cache folder someone else filled or handed over: a PDF part with actions
or links in it, a site no check would pass), of the wrong kind or refused by the caller's check is
removed and made again. Entries are values sheetgen made, so nothing else need be checked in them. A
cache that cannot be read or written, or a key that cannot be, is skipped, never an error.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import logging
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from sheetgen import __version__

log = logging.getLogger(__name__)

_MAGIC = b"sheetgen-cache-2\n"
_DIGEST = 32
MAX_ENTRY_BYTES = 64_000_000
"""An entry larger than this is not read (a reference PDF is well under a megabyte)."""


def key_path() -> Path:
    """Where the user's key for sealing cache entries is kept: outside the cache folder, which anyone may
    have filled."""
    import platformdirs

    return Path(platformdirs.user_data_dir("sheetgen", appauthor=False)) / "cache-key"


@functools.cache
def _key() -> bytes | None:
    """The user's key, made on first use; None when it can be neither read nor made (no cache then)."""
    path = key_path()
    for _ in range(2):
        try:
            raw = _read_regular(path)
        except (ValueError, OSError) as exc:
            log.debug("cache key %s not used (%s)", path, exc)
            return None
        if raw is not None:
            return raw if len(raw) == _DIGEST else None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            continue  # another run made it first: read theirs
        except OSError as exc:
            log.debug("cache key %s not made (%s)", path, exc)
            return None
        import secrets

        made = secrets.token_bytes(_DIGEST)
        with os.fdopen(fd, "wb") as handle:
            handle.write(made)
            handle.flush()
            os.fsync(handle.fileno())
        return made
    return None


def seal(data: bytes) -> bytes | None:
    """An entry's bytes as :func:`store` writes them: a header and the HMAC of *data* with the user's key,
    then *data*; None without a key."""
    import hmac

    key = _key()
    if key is None:
        return None
    return _MAGIC + hmac.new(key, data, hashlib.sha256).digest() + data


def cache_dir() -> Path:
    override = os.environ.get("SHEETGEN_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("sheetgen", appauthor=False))


def _version(distribution: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return "none"


def font_subsetter() -> str:
    """Which font subsetter WeasyPrint will use, found the way WeasyPrint finds it (without importing it):
    HarfBuzz when libharfbuzz-subset can be loaded, else fontTools. The two write different bytes."""
    import ctypes
    import ctypes.util

    names = ["libharfbuzz-subset.so.0", "libharfbuzz-subset.0.dylib", "libharfbuzz-subset-0.dll"]
    # find_library runs other programs on Linux, where the first name is how the library is installed
    found = None if sys.platform == "linux" else ctypes.util.find_library("harfbuzz-subset")
    for name in [*names, *([found] if found else [])]:
        try:
            ctypes.CDLL(name)
        except OSError:
            continue
        return "harfbuzz"
    return f"fonttools {_version('fonttools')}"


@functools.cache
def _installation_fingerprint() -> str:
    """What of the installation the bytes depend on: the versions of sheetgen and of the engines, the
    font subsetter, and the shipped templates, fonts and word catalogues by content."""
    from importlib import resources

    from sheetgen.fonts import shipped_dir

    digest = hashlib.sha256(__version__.encode())
    for part in ("weasyprint", "reportlab", "pypdf", "pydyf"):
        digest.update(f"\0{part} {_version(part)}".encode())
    digest.update(f"\0subsetter {font_subsetter()}".encode())
    for folder in ("templates", "fonts", "locale"):
        stack = [(shipped_dir(folder) if folder != "locale" else resources.files("sheetgen") / folder, folder)]
        while stack:
            node, where = stack.pop()
            for child in sorted(node.iterdir(), key=lambda c: c.name):
                if child.is_dir():
                    stack.append((child, f"{where}/{child.name}"))
                else:
                    digest.update(
                        f"{where}/{child.name}".encode() + b"\0" + hashlib.sha256(child.read_bytes()).digest()
                    )
    return digest.hexdigest()


def key_for(kind: str, *parts: str) -> str:
    """The name of the entry for *parts*, which with the installation and SOURCE_DATE_EPOCH (it dates
    the pages) decide the bytes."""
    from sheetgen.clock import cache_part

    digest = hashlib.sha256(f"{kind}\0{_installation_fingerprint()}\0{cache_part()}".encode())
    for part in parts:
        digest.update(b"\0" + part.encode())
    return f"{kind}-{digest.hexdigest()[:40]}"


def _drop(path: Path, why: str) -> None:
    """Remove a bad entry (never a folder's content), so that it is made again."""
    log.debug("cache entry %s %s; removing it and rendering again", path, why)
    with contextlib.suppress(OSError):
        if path.is_dir() and not path.is_symlink():
            path.rmdir()  # only an empty one
        else:
            path.unlink()


def _read_regular(path: Path) -> bytes | None:
    """The bytes of *path* if it is a regular file of at most MAX_ENTRY_BYTES; None if it is missing.

    Opened without following a link and without waiting (a pipe would block an ordinary open), then
    checked on the open file itself. Raises ValueError for an entry of the wrong kind or size.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK):
            raise ValueError("is a link") from None
        raise ValueError(exc.strerror or "cannot be opened") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("is not a regular file")
        if info.st_size > MAX_ENTRY_BYTES:
            raise ValueError("is too large")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        return handle.read(MAX_ENTRY_BYTES + 1)


def holds_any(kind: str) -> bool:
    """Whether the cache holds any entry of *kind* (so that a build can tell, before it knows its keys,
    whether it is the first); False when the folder cannot be read."""
    try:
        with os.scandir(cache_dir()) as entries:
            return any(entry.name.startswith(f"{kind}-") for entry in entries)
    except OSError:
        return False


def load(key: str, valid: Callable[[bytes], bool] | None = None) -> bytes | None:
    """The bytes kept under *key*, or None. An entry that is not a whole regular file written by
    :func:`store`, or whose bytes *valid* refuses, is removed."""
    path = cache_dir() / f"{key}.bin"
    try:
        raw = _read_regular(path)
    except ValueError as exc:
        _drop(path, str(exc))
        return None
    except OSError:
        return None
    if raw is None:
        return None
    import hmac

    body = raw[len(_MAGIC) + _DIGEST :]
    sealed = seal(body)
    if sealed is None:
        return None
    if not hmac.compare_digest(raw[: len(_MAGIC) + _DIGEST], sealed[: len(_MAGIC) + _DIGEST]):
        _drop(path, "is damaged, or was not made here")
        return None
    if valid is not None and not valid(body):
        _drop(path, "does not hold what it should")
        return None
    return body


def store(key: str, data: bytes, *, durable: bool = True) -> None:
    """Keep *data* under *key*. *durable* False skips the flush to disk, for the many small entries of one
    build (each room's set cards): one lost in a power cut fails its checksum and is made again."""
    from sheetgen.errors import OutputError
    from sheetgen.output import write_atomic

    sealed = seal(data)
    if sealed is None:
        return
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / f"{key}.bin", sealed, durable=durable)
    except (OSError, OutputError) as exc:
        log.debug("cache not written (%s)", exc)


def cached(
    key: str, make: Callable[[], bytes], *, use: bool = True, valid: Callable[[bytes], bool] | None = None
) -> bytes:
    """The bytes kept under *key* (when *valid* accepts them), or *make()*'s, kept for next time."""
    if use:
        hit = load(key, valid)
        if hit is not None:
            return hit
    data = make()
    if use:
        store(key, data)
    return data
