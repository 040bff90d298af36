"""The marks every ReportLab page is made of, and set text as marks: a string and a width in, placed marks out.

Marks are frozen dataclasses in PDF points, the one vocabulary of cards, trackers, the timetable, the
calibration sheet and the packet's cover and page numbers; sheetgen.render.pdf.marks paints them all. Each
mark has ``moved(dx, dy)`` and a ``rect`` (its extent). A :class:`Sketch` collects them with y measured
from the top of the block being built (0 at its top edge, negative going down); the page layout moves
finished blocks to their place. Text is measured and broken into lines by sheetgen.layout.text, the one
line breaker of every page; :func:`flow` (trackers, timetable, cover) and :func:`paragraph_marks` (cards)
turn its lines into text marks, and each ballot box (U+2610) in a tracker's text into a real tick box.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, get_args

from sheetgen.design import TICK
from sheetgen.layout.geometry import Rect
from sheetgen.layout.text import (
    FontRole,
    Paragraph,
    TextStyle,
    break_lines,
    font_name,
    line_height,
    place_line,
    segments,
    spans,
    text_width,
    words_of,
)
from sheetgen.markup import TICK_BOX
from sheetgen.words.language import active

_ROLES = frozenset(get_args(FontRole))

__all__ = [
    "BOX_LINE",
    "TICK_BOX",
    "BoxMark",
    "CircleMark",
    "Flowed",
    "FontRole",
    "LineMark",
    "Mark",
    "RectMark",
    "Sketch",
    "TextMark",
    "flow",
    "flow_all",
    "flow_lines",
    "font_name",
    "line_height",
    "marks_from_data",
    "marks_to_data",
    "paragraph_marks",
    "segments",
    "slug",
    "text_width",
]

BOX_LINE = 1.0
"""Stroke width of a tick box's outline."""


@dataclass(frozen=True)
class TextMark:
    """One string on one baseline, in one face; x is its left end; *grey* 0 is black, 1 white."""

    x: float
    y: float
    text: str
    role: FontRole
    size: float
    grey: float = 0.0

    def moved(self, dx: float, dy: float) -> TextMark:
        return replace(self, x=self.x + dx, y=self.y + dy)

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y - self.size * 0.25, text_width(self.text, self.role, self.size), self.size)


@dataclass(frozen=True)
class BoxMark:
    """A tick box: its lower-left corner, its side, a form-field name unique on its page, a tooltip."""

    name: str
    x: float
    y: float
    size: float
    tooltip: str
    part: int = -1
    """Index of the page part it belongs to (-1 while it is being built)."""
    turn: int | None = None
    """The turn (unit) it counts, for boxes of a turns grid."""

    def moved(self, dx: float, dy: float) -> BoxMark:
        return replace(self, x=self.x + dx, y=self.y + dy)

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.size, self.size)


@dataclass(frozen=True)
class LineMark:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.75
    grey: float = 0.0
    """0 is black, 1 white."""
    dash: tuple[float, float] | None = None
    """On and off lengths of a dotted line."""

    def moved(self, dx: float, dy: float) -> LineMark:
        return replace(self, x1=self.x1 + dx, y1=self.y1 + dy, x2=self.x2 + dx, y2=self.y2 + dy)

    @property
    def rect(self) -> Rect:
        return Rect(min(self.x1, self.x2), min(self.y1, self.y2), abs(self.x2 - self.x1), abs(self.y2 - self.y1))


@dataclass(frozen=True)
class RectMark:
    """A filled or outlined rectangle (table header shading, frames, bands): lower-left corner and size.

    *fill* is a grey (0 black, 1 white) or None; *stroke* the outline's width (0: none); *radius* rounds
    the corners; *role* says what it is, for tests and readers ("checkbox", "band", "key", "frame", "box").
    """

    x: float
    y: float
    width: float
    height: float
    fill: float | None = None
    stroke: float = 0.0
    radius: float = 0.0
    role: str = "box"

    def moved(self, dx: float, dy: float) -> RectMark:
        return replace(self, x=self.x + dx, y=self.y + dy)

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.width, self.height)


@dataclass(frozen=True)
class CircleMark:
    cx: float
    cy: float
    r: float
    width: float = 1.0
    fill: float | None = None

    def moved(self, dx: float, dy: float) -> CircleMark:
        return replace(self, cx=self.cx + dx, cy=self.cy + dy)

    @property
    def rect(self) -> Rect:
        return Rect(self.cx - self.r, self.cy - self.r, 2 * self.r, 2 * self.r)


Mark = TextMark | BoxMark | LineMark | RectMark | CircleMark


@dataclass
class Sketch:
    """Marks being collected for one block, y from the block's top edge (negative downwards)."""

    marks: list[Mark] = field(default_factory=list)

    def add(self, mark: Mark) -> None:
        self.marks.append(mark)

    def extend(self, marks: Iterable[Mark], dx: float = 0.0, dy: float = 0.0) -> None:
        self.marks.extend(m.moved(dx, dy) for m in marks)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        role: FontRole,
        size: float,
        align: Literal["left", "centre", "right"] = "left",
    ) -> float:
        """Set *text* on baseline *y*; returns its width. Characters the face lacks come from another."""
        pieces = segments(text, role)
        width = sum(text_width(t, r, size) for t, r in pieces)
        if align == "centre":
            x -= width / 2
        elif align == "right":
            x -= width
        for piece, piece_role in pieces:
            self.marks.append(TextMark(x, y, piece, piece_role, size))
            x += text_width(piece, piece_role, size)
        return width

    def box(self, x: float, y: float, size: float, name: str, tooltip: str, turn: int | None = None) -> None:
        self.marks.append(BoxMark(name, x, y, size, tooltip, turn=turn))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.75, grey: float = 0.0) -> None:
        self.marks.append(LineMark(x1, y1, x2, y2, width, grey))


# -- set text as marks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Flowed:
    """A paragraph set into lines at a width: its marks (y from the top) and its height."""

    marks: tuple[Mark, ...]
    height: float
    width: float
    """The widest line."""


def flow(
    text: str,
    width: float,
    size: float,
    *,
    base: Literal["body", "label"] = "body",
    bold: bool = False,
    bullet: str | None = None,
    box_prefix: str = "box",
    box_tooltip: str = "",
    language: str | None = None,
) -> Flowed:
    """Set one paragraph of marked-up text into lines no wider than *width* (sheetgen.layout.text).

    With *bullet*, the bullet hangs at the left and every line starts after it; an item that starts
    with its own number ("1. ...") hangs on that number instead. Ballot boxes become tick boxes named
    ``<box_prefix>-<the word after the box>``. *language* is the text's (a site's or a pack's), None for
    sheetgen's own words (see :class:`~sheetgen.layout.text.Span`).
    """
    # kept by the language its words are hyphenated by: the same text set for a German sheet and then an
    # English one is hyphenated by each one's own
    return _flow(text, width, size, base, bold, bullet, box_prefix, box_tooltip, language or active())


@functools.lru_cache(maxsize=4096)  # a room index sets the same cells again and again ("none", a mark)
def _flow(
    text: str,
    width: float,
    size: float,
    base: Literal["body", "label"],
    bold: bool,
    bullet: str | None,
    box_prefix: str,
    box_tooltip: str,
    language: str,
) -> Flowed:
    lines = flow_lines(
        text,
        width,
        size,
        base=base,
        bold=bold,
        bullet=bullet,
        box_prefix=box_prefix,
        box_tooltip=box_tooltip,
        language=language,
    )
    marks: list[Mark] = []
    top = 0.0
    for line in lines:
        marks.extend(m.moved(0.0, top) for m in line.marks)
        top -= line.height
    return Flowed(tuple(marks), -top, max((line.width for line in lines), default=0.0))


def flow_lines(
    text: str,
    width: float,
    size: float,
    *,
    base: Literal["body", "label"] = "body",
    bold: bool = False,
    bullet: str | None = None,
    box_prefix: str = "box",
    box_tooltip: str = "",
    language: str | None = None,
) -> list[Flowed]:
    """:func:`flow`'s lines one by one, each with its marks from its own top, for a page that sets a
    paragraph over columns."""
    indent = 0.0
    lead_marks: list[Mark] = []
    number = re.match(r"\s*(\d{1,2}[.)])\s+", text)
    lead = number[1] if number else None if text.lstrip().startswith(TICK_BOX) else bullet
    if number:
        text = text[number.end() :]
    if lead:
        lead_role: FontRole = "body-bold" if number else "body"
        indent = max(text_width(lead + " ", lead_role, size), size * 0.9)
        lead_marks.extend(TextMark(0.0, -size * 0.93, t, r, size) for t, r in segments(lead, lead_role))
    box_side = TICK.text
    style = TextStyle(base, size, line_height(size), bold=bold)
    words = words_of(spans(" ".join(text.split()), language=language), style, boxes=True, box_side=box_side)
    avail = max(width - indent, size * 4)
    lines: list[Flowed] = []
    for words_on_line in break_lines(words, avail, avail):
        line = place_line(words_on_line, indent)
        has_box = any(w.box is not None for w in words_on_line)
        height = max(line_height(size), box_side + 4.0) if has_box else line_height(size)
        # a line with tick boxes centres its text on them
        baseline = -2.0 - box_side + 3.5 if has_box else -size * 0.93
        marks: list[Mark] = [] if lines else lead_marks
        for box in line.boxes:
            name = f"{box_prefix}-{slug(box.word) or 'box'}"
            label = f"{box_tooltip}: {box.word}" if box_tooltip else box.word
            marks.append(BoxMark(name, box.x, -2.0 - box_side, box_side, label.strip(": ")))
        marks.extend(TextMark(run.x, baseline, run.text, run.role, run.size) for run in line.runs)
        lines.append(Flowed(tuple(marks), height, line.width))
    if not lines and lead_marks:
        lines.append(Flowed(tuple(lead_marks), 0.0, 0.0))
    return lines


def flow_all(
    texts: Sequence[str],
    width: float,
    size: float,
    *,
    gap: float = 2.0,
    bullet: str | None = None,
    box_prefix: str = "box",
    box_tooltip: str = "",
) -> Flowed:
    """Several paragraphs one under another, *gap* apart."""
    marks: list[Mark] = []
    top = 0.0
    widest = 0.0
    for i, text in enumerate(texts):
        if i:
            top -= gap
        one = flow(text, width, size, bullet=bullet, box_prefix=box_prefix, box_tooltip=box_tooltip)
        marks.extend(m.moved(0.0, top) for m in one.marks)
        top -= one.height
        widest = max(widest, one.width)
    return Flowed(tuple(marks), -top, widest)


def paragraph_marks(para: Paragraph, x: float, top: float) -> list[Mark]:
    """A set paragraph's text marks, its left edge at *x* and its top at *top*."""
    grey = para.style.grey
    return [
        TextMark(x + run.x, top - para.baseline(i), run.text, run.role, run.size, grey)
        for i, line in enumerate(para.lines)
        for run in line.runs
    ]


def slug(text: str) -> str:
    """Lower-case letters, digits and hyphens, for form-field names."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# -- marks as plain data, for a cache ------------------------------------------------------------------

_KINDS: dict[str, type[TextMark | BoxMark | LineMark | RectMark | CircleMark]] = {
    "text": TextMark,
    "box": BoxMark,
    "line": LineMark,
    "rect": RectMark,
    "circle": CircleMark,
}
_FIELDS = {kind: [f.name for f in fields(cls)] for kind, cls in _KINDS.items()}
_NAMES = {cls: kind for kind, cls in _KINDS.items()}


def marks_to_data(marks: Iterable[Mark]) -> list[list[object]]:
    """*marks* as JSON-ready lists: the kind, then every field in order."""
    return [[_NAMES[type(m)], *(getattr(m, name) for name in _FIELDS[_NAMES[type(m)]])] for m in marks]


def marks_from_data(data: object) -> list[Mark]:
    """Marks from :func:`marks_to_data`'s lists; ValueError for anything else (a cache entry is not trusted)."""
    if not isinstance(data, list):
        raise ValueError("not a list of marks")
    out: list[Mark] = []
    for item in data:
        if not isinstance(item, list) or not item or item[0] not in _KINDS:
            raise ValueError("not a mark")
        kind, values = item[0], item[1:]
        cls = _KINDS[kind]
        if len(values) != len(_FIELDS[kind]):
            raise ValueError(f"a {kind} mark with {len(values)} fields")
        checked: list[Any] = []
        for spec, value in zip(fields(cls), values, strict=True):
            checked.append(_field_value(spec.type, value, kind, spec.name))
        out.append(cls(*checked))
    return out


def _field_value(kind: object, value: object, mark: str, name: str) -> object:
    """*value* if it fits a mark's field of type *kind* (as written in the class, a string)."""
    text = str(kind)
    if value is None and "None" in text:
        return None
    if text.startswith("tuple[float, float]"):
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            return (float(value[0]), float(value[1]))
    elif text.startswith("float") and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if text.startswith("int") and isinstance(value, int) and not isinstance(value, bool):
        return value
    if (text == "str" or text == "FontRole") and isinstance(value, str):
        if text == "FontRole" and value not in _ROLES:
            raise ValueError(f"{mark}.{name}: unknown role {value!r}")
        return value
    raise ValueError(f"{mark}.{name}: {value!r} is not a {text}")
