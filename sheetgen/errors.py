"""sheetgen's one error hierarchy: every failure a user can cause, with where it happened.

The CLI turns a :class:`SheetgenError` into its message and exit code 2 in one place; anything
else is a bug and exits 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Location:
    """Where a problem is: a file, a 1-based line and column, and a field path such as rooms[2].exits[0]."""

    file: str = ""
    line: int = 0
    column: int = 0
    field: str = ""

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(self.file)
            if self.line:
                parts.append(str(self.line))
                if self.column:
                    parts.append(str(self.column))
        where = ":".join(parts)
        if self.field:
            return f"{where}: {self.field}" if where else self.field
        return where


@dataclass(frozen=True)
class Problem:
    """One problem found in an input, written for a game master."""

    location: Location
    message: str

    def __str__(self) -> str:
        where = str(self.location)
        return f"{where}: {self.message}" if where else self.message


class SheetgenError(Exception):
    """Base of every error a user's input or environment can cause (exit code 2)."""

    def __init__(self, problems: Sequence[Problem] | str, location: Location | None = None) -> None:
        if isinstance(problems, str):
            problems = [Problem(location or Location(), problems)]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def many(cls, problems: Iterable[Problem]) -> SheetgenError:
        return cls(sorted(problems, key=lambda p: p.location))


class DataError(SheetgenError):
    """A pack or site file is malformed or inconsistent."""


class DiceError(SheetgenError):
    """A dice expression cannot be parsed or is beyond sheetgen's limits."""


class RenderError(SheetgenError):
    """A sheet cannot be drawn as promised (for example its text does not fit on one page)."""


class FontError(RenderError):
    """Text uses a character that none of the shipped fonts can draw."""


class OutputError(SheetgenError):
    """The output cannot be written where it was asked to go."""


class UsageError(SheetgenError):
    """A command-line value is wrong (a paper size, a page number, a limit)."""


class ExportError(SheetgenError):
    """A table cannot be written in the format asked for (its dice have no form there)."""


def display_name(path: Path) -> str:
    """A short name for messages: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
