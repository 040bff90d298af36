"""A format's name, a subject and where to write in; the export's files written atomically out.

:data:`FORMATS` is the table from a format's name to its writer. Where the files go:

- ``-o FILE``: everything in that one file (for Foundry, a JSON list of RollTable documents);
- ``-o DIR`` (an existing folder, or a path ending in ``/``): one file per table, named by its id
  (``npc-reaction.json``), and for the Markdown formats ``timetable.md`` and ``deck.md``, and for
  Markdown a site's room key as ``room-key.md``;
- neither: ``output/<name>-<format><suffix>``, except Foundry, whose "Import Data" takes one
  table per file: ``output/<name>-foundry/`` with one file per table.

A site's room key, where a format writes it in files of its own (:attr:`Exported.key`), goes among
the parts in a folder; beside the one file otherwise, and for Obsidian (:attr:`Format.key_folder`)
into a folder named after that file: ``vault/Chapel.md`` and a note per room in ``vault/Chapel rooms/``;
Foundry's journal entry is ``<name>-key.json``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sheetgen.errors import ExportError, OutputError
from sheetgen.export import foundry, markdown_key, obsidian, roll20
from sheetgen.export.tables import Exported, Subject
from sheetgen.output import DEFAULT_FOLDER, check_destination, default_path, prepare_default_folder, write_atomic


@dataclass(frozen=True)
class Format:
    write: Callable[[Subject], Exported]
    suffix: str
    timetable: bool  # holds the pre-rolled timetable and deck
    per_table: bool  # without -o, one file per table in a folder
    key_folder: bool = False  # beside one file, the room key's files go into "<file's stem> rooms/"


FORMATS: dict[str, Format] = {
    "foundry": Format(foundry.write_v13, ".json", timetable=False, per_table=True),
    "foundry-v12": Format(foundry.write_v12, ".json", timetable=False, per_table=True),
    "roll20": Format(roll20.write, ".txt", timetable=False, per_table=False),
    "obsidian": Format(obsidian.write, ".md", timetable=True, per_table=False, key_folder=True),
    "markdown": Format(markdown_key.write, ".md", timetable=True, per_table=False),
}


def wants_folder(output: str | None, fmt: str) -> bool:
    """Whether the export goes to a folder, one file per table."""
    if output is None:
        return FORMATS[fmt].per_table
    return output.endswith(("/", os.sep)) or Path(output).is_dir()


def destination(output: str | None, fmt: str, name: str) -> Path:
    """The file or folder written to; checked before any work, so a bad -o fails at once."""
    folder = wants_folder(output, fmt)
    if output is None:
        prepare_default_folder(create=False)
        return DEFAULT_FOLDER / f"{name}-{fmt}" if folder else default_path(name, fmt, FORMATS[fmt].suffix)
    path = Path(output)
    if not folder:
        check_destination(path)
        if FORMATS[fmt].key_folder:
            _check_folder(key_folder(path))
        return path
    if path.exists() and not path.is_dir():
        raise OutputError(f"-o: {path} is a file, not a folder")
    parent = path.parent if str(path.parent) else Path(".")
    if not path.exists() and not parent.is_dir():
        raise OutputError(f"-o: the folder {parent} does not exist; create it first")
    return path


def key_folder(path: Path) -> Path:
    """Where a format with :attr:`Format.key_folder` puts the room key's files beside *path*."""
    return path.with_name(f"{path.stem} rooms")


def _check_folder(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise OutputError(
            f"{path} is a file, so the room notes cannot be written into a folder of that name; "
            "move the file away or give another -o"
        )


def _mkdir(path: Path) -> None:
    try:
        path.mkdir(exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the folder {path}: {exc.strerror}") from None


def check_export_output(output: str | None, fmt: str) -> None:
    """Refuse an impossible -o (or output/ folder) before any work."""
    destination(output, fmt, "check")


def export(subject: Subject, fmt: str, output: str | None) -> list[Path]:
    """Write ``subject`` in format ``fmt`` to ``output`` (see the module docstring); give the paths written."""
    if not subject.tables and subject.timetable is None and subject.key is None:
        what = "tables, pre-rolled checks or encounters" if FORMATS[fmt].timetable else "tables"
        raise ExportError(f"{subject.name} has no {what} to export; nothing was written")
    folder = wants_folder(output, fmt)
    target = destination(output, fmt, subject.slug)
    exported = FORMATS[fmt].write(subject)
    if target.parent == DEFAULT_FOLDER:
        prepare_default_folder()
    if not folder:
        beside = key_folder(target) if FORMATS[fmt].key_folder else target.parent
        if exported.key:
            _check_folder(beside)
            _mkdir(beside)
        written = [write_atomic(beside / name, data) for name, data in exported.key]
        return [write_atomic(target, exported.whole), *written]
    _mkdir(target)
    return [write_atomic(target / name, data) for name, data in (*exported.parts, *exported.key)]
