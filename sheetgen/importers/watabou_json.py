"""Watabou's One Page Dungeon JSON in; a checked Dungeon of rects, doors, notes, columns and water out.

The JSON holds ``version``, ``title``, ``story``, ``rects`` (``x``, ``y``, ``w``, ``h`` in squares of the
map's grid, optional ``rotunda`` and ``ending``), ``doors`` (``x``, ``y``, ``dir`` {x, y} and a ``type``
0-9), ``notes`` (``text``, ``ref``, ``pos`` {x, y}), ``columns`` and ``water`` (squares {x, y}). Every
problem is reported with its JSON path (``notes[3].pos: ...``), all at once; lists and coordinates
have limits far beyond any generated map, so no file can cost much work.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sheetgen import limits
from sheetgen.errors import DataError, Location, Problem
from sheetgen.load.yamlread import without_invisible

MAX_ITEMS = 50_000  # entries in any one list: far beyond any generated map
MAX_COORD = 100_000  # squares from the origin, and the width or height of a rect
MAX_SQUARES = 1_000_000  # squares all the rects cover together: the import walks them; a real map has thousands

Square = tuple[int, int]


@dataclass(frozen=True)
class Rect:
    index: int
    x: int
    y: int
    w: int
    h: int
    rotunda: bool = False
    ending: bool = False

    def holds(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def distance(self, px: float, py: float) -> float:
        dx = max(self.x - px, 0.0, px - (self.x + self.w))
        dy = max(self.y - py, 0.0, py - (self.y + self.h))
        return math.hypot(dx, dy)

    def squares(self) -> Iterator[Square]:
        for y in range(self.y, self.y + self.h):
            for x in range(self.x, self.x + self.w):
                yield x, y

    def around(self) -> Iterator[Square]:
        """The squares that share an edge with the rect, outside it."""
        for x in range(self.x, self.x + self.w):
            yield x, self.y - 1
            yield x, self.y + self.h
        for y in range(self.y, self.y + self.h):
            yield self.x - 1, y
            yield self.x + self.w, y

    def side(self, square: Square) -> str:
        x, y = square
        if y < self.y:
            return "north"
        if y >= self.y + self.h:
            return "south"
        return "west" if x < self.x else "east"


@dataclass(frozen=True)
class Door:
    index: int
    x: int
    y: int
    kind: int
    facing: Square | None = None  # its dir: the way through it, (1, 0) to the east


@dataclass(frozen=True)
class Note:
    index: int
    text: str
    ref: str
    x: float
    y: float


@dataclass(frozen=True)
class Dungeon:
    version: str
    title: str
    story: str
    rects: tuple[Rect, ...]
    doors: tuple[Door, ...]
    notes: tuple[Note, ...]
    columns: tuple[tuple[float, float], ...]  # where each stands, on the grid: (2, 3) where four squares meet
    water: tuple[Square, ...]


# --- reading ------------------------------------------------------------------------------------------


def parse(raw: bytes, name: str) -> Dungeon:
    """The dungeon in the JSON bytes of the file called ``name``; a DataError listing every problem."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(
            f"is not UTF-8 text (byte {exc.start + 1}); expected Watabou's JSON export", Location(name)
        ) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(
            f"not JSON: {exc.msg}; expected Watabou's JSON export (Export > JSON)",
            Location(name, exc.lineno, exc.colno),
        ) from None
    except (ValueError, RecursionError) as exc:
        raise DataError(f"not JSON: {exc}", Location(name)) from None
    reader = _Reader(name)
    dungeon = reader.dungeon(data)
    if reader.problems or dungeon is None:
        raise DataError.many(reader.problems)
    return dungeon


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows")


class _Reader:
    """Checks each field as it reads it, collecting problems with their JSON paths."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(Location(self.name, field=path), message))

    def dungeon(self, data: Any) -> Dungeon | None:
        if not isinstance(data, dict):
            self.problems.append(
                Problem(
                    Location(self.name),
                    f"expected a JSON object with rects, doors and notes at the top, found {_kind(data)}",
                )
            )
            return None
        if "rects" not in data:
            self.fail("rects", "missing; this is not a One Page Dungeon export (it has rects, doors and notes)")
        rects = [r for i, item in enumerate(self.items(data, "rects")) if (r := self.rect(item, i)) is not None]
        covered = 0
        for rect in rects:
            covered += rect.w * rect.h
            if covered > MAX_SQUARES:
                self.fail(
                    f"rects[{rect.index}]",
                    f"the rects up to this one cover {covered:,} squares; sheetgen "
                    f"reads maps of at most {MAX_SQUARES:,} (a generated map covers "
                    "a few thousand)",
                )
                rects = []
                break
        doors = [d for i, item in enumerate(self.items(data, "doors")) if (d := self.door(item, i)) is not None]
        notes = [n for i, item in enumerate(self.items(data, "notes")) if (n := self.note(item, i)) is not None]
        columns = [
            p
            for i, item in enumerate(self.items(data, "columns"))
            if (p := self.point(item, f"columns[{i}]")) is not None
        ]
        water = [
            s for i, item in enumerate(self.items(data, "water")) if (s := self.square(item, f"water[{i}]")) is not None
        ]
        refs: dict[str, int] = {}
        for note in notes:
            if note.ref in refs:
                self.fail(
                    f"notes[{note.index}].ref",
                    f'"{note.ref}" is already the ref of notes[{refs[note.ref]}]; every note needs a ref of its own',
                )
            refs.setdefault(note.ref, note.index)
        return Dungeon(
            self.text(data, "version", short=True),
            self.text(data, "title", short=True),
            self.text(data, "story"),
            tuple(rects),
            tuple(doors),
            tuple(notes),
            tuple(columns),
            tuple(water),
        )

    def items(self, data: dict[str, Any], key: str) -> list[Any]:
        value = data.get(key, [])
        if not isinstance(value, list):
            self.fail(key, f"expected a list, found {_kind(value)}")
            return []
        if len(value) > MAX_ITEMS:
            self.fail(key, f"{len(value):,} entries; sheetgen reads at most {MAX_ITEMS:,}")
            return []
        return value

    def text(self, data: dict[str, Any], key: str, *, short: bool = False) -> str:
        value = data.get(key, "")
        if value is None:
            return ""
        if not isinstance(value, str):
            self.fail(key, f"expected text, found {_kind(value)}")
            return ""
        if not self.unicode(value, key):
            return ""
        value = " ".join(clean(value).split()) if short else clean(value)  # a name is one line
        most = limits.MAX_NAME if short else limits.MAX_TEXT
        if len(value) > most:
            self.fail(key, f"is {len(value):,} characters; a site holds at most {most:,} here")
        return value

    def number(self, obj: dict[str, Any], key: str, path: str, *, whole: bool) -> float | None:
        value = obj.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(f"{path}.{key}", "missing" if value is None else f"expected a number, found {_kind(value)}")
            return None
        if not math.isfinite(value):  # 1e400 reads as infinity
            self.fail(f"{path}.{key}", f"{value} is beyond {MAX_COORD:,} squares; not a map sheetgen can read")
            return None
        if whole and value != int(value):
            self.fail(f"{path}.{key}", f"expected a whole number of squares, found {value}")
            return None
        if abs(value) > MAX_COORD:
            self.fail(f"{path}.{key}", f"{value} is beyond {MAX_COORD:,} squares; not a map sheetgen can read")
            return None
        return value

    def unicode(self, value: str, path: str) -> bool:
        """Whether *value* is text that can be written: JSON's \\ud800 escapes can spell half a character."""
        half = next((ch for ch in value if unicodedata.category(ch) == "Cs"), None)
        if half is not None:
            self.fail(
                path,
                f"holds \\u{ord(half):04x}, half of a character (a lone surrogate): not text; export the map again",
            )
        return half is None

    def mapping(self, item: Any, path: str) -> dict[str, Any] | None:
        if not isinstance(item, dict):
            self.fail(path, f"expected an object, found {_kind(item)}")
            return None
        return item

    def rect(self, item: Any, i: int) -> Rect | None:
        path = f"rects[{i}]"
        obj = self.mapping(item, path)
        if obj is None:
            return None
        values = [self.number(obj, key, path, whole=True) for key in ("x", "y", "w", "h")]
        flags = [obj.get(key, False) for key in ("rotunda", "ending")]
        for key, flag in zip(("rotunda", "ending"), flags, strict=True):
            if not isinstance(flag, bool):
                self.fail(f"{path}.{key}", f"expected true or false, found {_kind(flag)}")
        x, y, w, h = values
        if x is None or y is None or w is None or h is None:
            return None
        for key, size in (("w", w), ("h", h)):
            if size < 1:
                way = "wide" if key == "w" else "high"
                self.fail(f"{path}.{key}", f"a rect is at least 1 square {way}, not {size}")
        if w < 1 or h < 1:
            return None
        return Rect(i, int(x), int(y), int(w), int(h), flags[0] is True, flags[1] is True)

    def door(self, item: Any, i: int) -> Door | None:
        path = f"doors[{i}]"
        obj = self.mapping(item, path)
        if obj is None:
            return None
        x, y = (self.number(obj, key, path, whole=True) for key in ("x", "y"))
        kind = obj.get("type", 1)
        if isinstance(kind, bool) or not isinstance(kind, int) or kind < 0:
            self.fail(f"{path}.type", f"expected a door type 0-9, found {_kind(kind)}")
            kind = 1
        facing = obj.get("dir")
        way = self.square(facing, f"{path}.dir") if facing is not None else None
        if x is None or y is None:
            return None
        return Door(i, int(x), int(y), kind, way)

    def note(self, item: Any, i: int) -> Note | None:
        path = f"notes[{i}]"
        obj = self.mapping(item, path)
        if obj is None:
            return None
        text = obj.get("text", "")
        if not isinstance(text, str):
            self.fail(f"{path}.text", f"expected text, found {_kind(text)}")
            text = ""
        if not self.unicode(text, f"{path}.text"):
            text = ""
        text = clean(text)
        if len(text) > limits.MAX_TEXT:
            self.fail(
                f"{path}.text", f"is {len(text):,} characters; a room's description holds at most {limits.MAX_TEXT:,}"
            )
        ref = obj.get("ref")
        if isinstance(ref, int) and not isinstance(ref, bool):
            ref = str(ref)
        if not isinstance(ref, str) or not " ".join(ref.split()):
            self.fail(f"{path}.ref", "missing" if ref is None else f"expected the note's number, found {_kind(ref)}")
            return None
        if not self.unicode(ref, f"{path}.ref"):
            return None
        ref = " ".join(clean(ref).split())
        if len(ref) > limits.MAX_NAME:
            self.fail(f"{path}.ref", f"is {len(ref)} characters; a room key holds at most {limits.MAX_NAME}")
            return None
        pos = self.mapping(obj.get("pos"), f"{path}.pos") if "pos" in obj else None
        if pos is None:
            if "pos" not in obj:
                self.fail(f"{path}.pos", "missing; a note needs its place on the map")
            return None
        px, py = (self.number(pos, key, f"{path}.pos", whole=False) for key in ("x", "y"))
        if px is None or py is None:
            return None
        return Note(i, text, ref, float(px), float(py))

    def point(self, item: Any, path: str) -> tuple[float, float] | None:
        obj = self.mapping(item, path)
        if obj is None:
            return None
        x, y = (self.number(obj, key, path, whole=False) for key in ("x", "y"))
        return None if x is None or y is None else (round(float(x), 3), round(float(y), 3))

    def square(self, item: Any, path: str) -> Square | None:
        point = self.point(item, path)
        return None if point is None else (math.floor(point[0]), math.floor(point[1]))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "…"
        return f'the text "{clean(shown)}"'
    return f"the number {value}"


_LINE_BREAKS = re.compile(r"\r\n?|[\u2028\u2029\x85]")


def clean(text: str) -> str:
    """Text as a site file holds it: line breaks as \\n, other control characters as spaces, and no
    invisible formatting characters."""
    text = _LINE_BREAKS.sub("\n", without_invisible(text))
    return "".join(" " if unicodedata.category(ch) == "Cc" and ch not in "\n\t" else ch for ch in text).strip()
