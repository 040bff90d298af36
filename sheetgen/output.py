"""Where output goes and how it is written: atomically, inside the destination folder only.

Takes bytes and a destination; gives a file that is either complete or absent. A run that fails
leaves the previous file as it was and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

from sheetgen.errors import OutputError

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(text: str, fallback: str = "sheet") -> str:
    """A file-name part made from user text: no separators, no dots at the start, no NUL, short."""
    name = _UNSAFE.sub("-", text).strip("-.")[:60].lower()
    return name or fallback


def default_path(subject: str, sheet: str, suffix: str = ".pdf", folder: Path = Path("output")) -> Path:
    """output/<site-or-pack>-<sheet>.pdf"""
    return folder / f"{safe_name(subject)}-{safe_name(sheet)}{suffix}"


def check_destination(path: Path) -> Path:
    """Fail early, before any work, when *path* cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OutputError(f"-o: {path} is a folder; give a file name such as {path / 'sheet.pdf'}")
    if not folder.exists():
        raise OutputError(f"-o: the folder {folder} does not exist; create it first")
    if not folder.is_dir():
        raise OutputError(f"-o: {folder} is not a folder")
    if not os.access(folder, os.W_OK):
        raise OutputError(f"-o: cannot write into {folder} (permission denied)")
    return path


def write_atomic(path: Path, data: bytes) -> Path:
    """Write *data* to a temporary file beside *path*, flush it to disk, then rename it into place."""
    check_destination(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {path}: {exc.strerror}") from None
        raise
    return path
