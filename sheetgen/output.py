"""Where output goes and how it is written: atomically, inside the destination folder only.

Takes bytes and a destination; gives a file that is either complete or absent. A run that fails
leaves the previous file as it was and no temporary file behind: on Linux the data is written to an
unnamed file (O_TMPFILE) that the kernel discards if the process dies, and gets a name only just
before it is renamed into place. Elsewhere the temporary file is named ``.<name>.<random>.part``;
should a killed run leave one, the next run for the same file removes it once it is a minute old.
A file written for the user to edit (``sheetgen new``) goes through :func:`write_new`, which never
replaces anything.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
import tempfile
import time
from pathlib import Path
from typing import BinaryIO

from sheetgen.errors import OutputError

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

#: A temporary file this old is left over from a run that was killed, not one still writing.
STALE_SECONDS = 60

_INPUTS: set[str] = set()
"""The paths of the files this process has read as input: an output may never replace one."""


def note_input(path: Path) -> None:
    """Remember a file read as input, so that -o cannot overwrite it. The path is kept, not the file's
    inode: an editor that saves by writing a new file and renaming it frees the old inode, which the
    next file written may take."""
    _INPUTS.add(os.path.abspath(path))


def _reads(path: Path) -> bool:
    """Whether *path* is, as the files are now, one of the inputs (the same file by another name too)."""
    for known in _INPUTS:
        with contextlib.suppress(OSError):
            if os.path.samefile(known, path):
                return True
    return False


def _temp_prefix(name: str) -> str:
    """The start of a temporary file's name for *name*: ".<name>.", shortened (with a hash of the whole
    name) when a long but legal name would make it longer than a file name may be."""
    if len(name.encode()) <= 200:
        return f".{name}."
    import hashlib

    digest = hashlib.sha256(name.encode()).hexdigest()[:12]
    return f".{name.encode()[:150].decode(errors='ignore')}~{digest}."


def safe_name(text: str, fallback: str = "sheet") -> str:
    """A file-name part made from user text: no separators, no dots at the start, no NUL, short."""
    name = _UNSAFE.sub("-", text).strip("-.")[:60].lower()
    return name or fallback


DEFAULT_FOLDER = Path("output")


def default_path(subject: str, sheet: str, suffix: str = ".pdf", folder: Path = DEFAULT_FOLDER) -> Path:
    """output/<site-or-pack>-<sheet>.pdf"""
    return folder / f"{safe_name(subject)}-{safe_name(sheet)}{suffix}"


def prepare_default_folder(folder: Path = DEFAULT_FOLDER, *, create: bool = True) -> None:
    """Create the default output folder (or, with create=False, only check that it could be)."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(
            f"{folder} is a file, so sheetgen cannot write into an {folder}/ folder here; "
            "move the file away or give -o FILE"
        )
    if not create:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the folder {folder}/: {exc.strerror}; give -o FILE") from None


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


_NAME_MAX = 255
"""Bytes in one file name on the usual file systems (ext4, APFS, NTFS in UTF-16 units)."""


def check_destination(path: Path) -> Path:
    """Fail early, before any work, when *path* cannot be written."""
    folder = _folder(path)
    too_long = [part for part in path.parts if len(os.fsencode(part)) > _NAME_MAX]
    if too_long:
        raise OutputError(
            f"-o: a file or folder name of {len(os.fsencode(too_long[0])):,} bytes is too long; "
            f"names may have at most {_NAME_MAX} bytes"
        )
    if path.is_dir():
        raise OutputError(f"-o: {path} is a folder; give a file name such as {path / 'sheet.pdf'}")
    if not folder.exists():
        raise OutputError(f"-o: the folder {folder} does not exist; create it first")
    if not folder.is_dir():
        raise OutputError(f"-o: {folder} is not a folder")
    if path.exists() and not path.is_file():
        # a device or pipe (/dev/null, /dev/stdout) would be replaced by the rename, not written to
        raise OutputError(f"-o: {path} is not a regular file; give the name of a file to write")
    if path.exists() and _reads(path):
        raise OutputError(
            f"-o: {path} is a file this command reads; writing there would replace it. Give another file name"
        )
    try:
        # os.access says yes to root even where nothing can be created (/proc): try it
        fd, probe = tempfile.mkstemp(prefix=_temp_prefix(path.name), suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"-o: cannot write into {folder} ({(exc.strerror or 'error').lower()})") from None
    os.close(fd)
    os.unlink(probe)
    return path


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> Path:
    """Write *data* to a temporary file beside *path*, flush it to disk, then rename it into place.

    *durable* False leaves the flush to the system (no fsync): the rename is as atomic, but the file may
    not survive a power cut; for a cache whose entries are checked when read, many small files are then
    written at a fraction of the cost.
    """
    check_destination(path)
    folder = _folder(path)
    _remove_stale(folder, path.name)
    tmp: str | None = None
    try:
        tmp = _write_unnamed(folder, path.name, data, durable) or _write_named(folder, path.name, data, durable)
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {path}: {exc.strerror}") from None
        raise
    return path


def check_new(path: Path) -> Path:
    """Fail early, before any work, when :func:`write_new` would refuse *path*: something is there already,
    or its folder is missing."""
    shown = str(path)
    if path.is_symlink():
        raise OutputError(f"{shown}: is a link; nothing is written through a link. Give the name of a new file")
    if path.is_dir():
        raise OutputError(f"{shown}: is a folder; give the name of a new file in it, such as {path / 'my-file.yaml'}")
    if path.exists():
        raise OutputError(f"{shown}: the file exists and is kept as it is; give another name, or move it away first")
    folder = _folder(path)
    if not folder.is_dir():
        raise OutputError(f"{shown}: the folder {folder} does not exist; create it first")
    return path


#: What a file system without hard links (FAT, some network drives) answers to os.link.
_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS}


def write_new(path: Path, data: bytes) -> Path:
    """Write *data* as a new file at *path*, atomically, and never over anything: a file, a link (even a
    broken one) or a folder already at *path* is refused, as is one that appears there while writing.

    The data goes to a temporary file beside *path* first, as in :func:`write_atomic`, which is then given
    its name with a hard link: unlike a rename, a link fails when the name is taken, so the check and the
    write are one step and nothing half-written is ever left at *path*.
    """
    check_new(path)
    shown = str(path)
    folder = _folder(path)
    _remove_stale(folder, path.name)
    tmp: str | None = None
    try:
        tmp = _write_unnamed(folder, path.name, data, True) or _write_named(folder, path.name, data, True)
        try:
            os.link(tmp, path, follow_symlinks=False)
        except OSError as exc:
            if exc.errno not in _NO_LINKS or os.path.lexists(path):
                raise
            os.replace(tmp, path)  # a file system without hard links (FAT): checked just above instead
    except FileExistsError:
        raise OutputError(
            f"{shown}: a file of that name appeared while it was being written; it is kept as it is. Give another name"
        ) from None
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written ({(exc.strerror or 'error').lower()})") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    return path


def _flush(handle: BinaryIO, data: bytes, durable: bool) -> None:
    handle.write(data)
    handle.flush()
    if durable:
        os.fsync(handle.fileno())


def _write_unnamed(folder: Path, name: str, data: bytes, durable: bool) -> str | None:
    """Write *data* to a file with no name (Linux O_TMPFILE), then give it a temporary one.

    None where the system or file system cannot do this.
    """
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None:
        return None
    try:
        fd = os.open(folder, flag | os.O_WRONLY, 0o666)
    except OSError:
        return None
    tmp = f"{_temp_prefix(name)}{os.urandom(6).hex()}.part"
    with os.fdopen(fd, "wb") as handle:
        _flush(handle, data, durable)
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            # linkat(AT_SYMLINK_FOLLOW), which Python uses only when given a folder descriptor
            os.link(f"/proc/self/fd/{handle.fileno()}", tmp, dst_dir_fd=folder_fd, follow_symlinks=True)
        except OSError:
            return None  # no /proc, or the file system cannot do it
        finally:
            os.close(folder_fd)
    return os.path.join(folder, tmp)


def _write_named(folder: Path, name: str, data: bytes, durable: bool) -> str:
    """Write *data* to a new file named .<name>.<random>.part in *folder*; give its path."""
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(name), suffix=".part", dir=folder)
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "wb") as handle:
            _flush(handle, data, durable)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return tmp


def _remove_stale(folder: Path, name: str) -> None:
    """Remove the temporary files of earlier runs for *name* that were killed while writing."""
    now = time.time()
    for stale in folder.glob(f"{glob.escape(_temp_prefix(name))}*.part"):
        with contextlib.suppress(OSError):
            if stale.is_file() and not stale.is_symlink() and now - stale.stat().st_mtime > STALE_SECONDS:
                stale.unlink()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
