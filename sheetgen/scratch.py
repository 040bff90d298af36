"""Temporary folders: one folder a sheetgen process owns, in the system's temporary folder, for the files that
others' code must have on disk while a page is drawn (WeasyPrint's font files, about 700 KB a font setup).

Takes nothing; gives :func:`folder`, named ``sheetgen-<pid>-<random>`` after the process that made it, shared
by the worker processes forked from it, and :func:`font_folder`, a folder inside it for one font setup. The
folder is removed when its process ends: at exit, and on SIGTERM (:func:`on_terminate`). A process ended by
SIGKILL cannot remove it, so every new folder is made after sweeping away those whose process is gone. A
worker removes the font folders it made itself when it is ended.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import shutil
import signal
import stat
import tempfile
from pathlib import Path
from types import FrameType

PREFIX = "sheetgen-"
_OWNED = re.compile(rf"{PREFIX}(\d+)-")

_folder: tuple[int, Path] | None = None
"""This process tree's folder, and the process id of the process that made (and removes) it."""

_made: list[tuple[int, Path]] = []
"""The font folders made, each with the process id of the process that made it."""


def folder() -> Path:
    """The folder this process owns (made, after a sweep, on first use), or the one the process this worker
    was forked from owns."""
    global _folder
    if _folder is None:
        sweep()
        made = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
        _folder = (os.getpid(), made)
        atexit.register(remove)
    return _folder[1]


def font_folder() -> Path:
    """A new folder inside :func:`folder` for the font files of one font setup."""
    made = Path(tempfile.mkdtemp(prefix="weasyprint-", dir=folder()))
    _made.append((os.getpid(), made))
    return made


def remove() -> None:
    """Remove this process's folder (nothing in a worker, whose folder is its parent's)."""
    global _folder
    if _folder is not None and _folder[0] == os.getpid():
        shutil.rmtree(_folder[1], ignore_errors=True)
        _folder = None


def tidy() -> None:
    """Remove the font folders this process made (a worker that is ended, before its parent removes the
    folder they are in)."""
    pid = os.getpid()
    for owner, made in _made:
        if owner == pid:
            shutil.rmtree(made, ignore_errors=True)
    _made[:] = [(owner, made) for owner, made in _made if owner != pid]


def sweep() -> None:
    """Remove the folders of this user's sheetgen processes that are gone (ended by SIGKILL)."""
    root = Path(tempfile.gettempdir())
    with contextlib.suppress(OSError), os.scandir(root) as entries:
        for entry in entries:
            match = _OWNED.match(entry.name)
            if match and _abandoned(entry, int(match[1])):
                shutil.rmtree(entry.path, ignore_errors=True)


def _abandoned(entry: os.DirEntry[str], pid: int) -> bool:
    """Whether *entry* is a real folder of this user's whose process *pid* is gone."""
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


class Terminated(BaseException):
    """SIGTERM, raised where the process was, so that it ends as an interrupted command ends: its workers
    ended, its temporary files removed, nothing half-written left."""


def on_terminate() -> None:
    """From now on SIGTERM raises :class:`Terminated` in this process (and in the workers forked from it)."""
    signal.signal(signal.SIGTERM, _terminate)


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated
