"""The marks every ReportLab page is made of, and text set into lines: a string and a width in, placed marks out.

Marks are frozen dataclasses in PDF points, the one vocabulary of cards, trackers, the timetable, the
calibration sheet and the packet's cover and footers; sheetgen.render.pdf.marks paints them all. Each
mark has ``moved(dx, dy)`` and a ``rect`` (its extent). A :class:`Sketch` collects them with y measured
from the top of the block being built (0 at its top edge, negative going down); the page layout moves
finished blocks to their place. Cards set their paragraphs as :class:`ParagraphMark`, measured in
sheetgen.layout.card_text with the very Paragraph the painter draws. Other text is measured with the
shipped fonts' metrics and broken into lines here, with **bold** and _italic_ honoured, characters a
face lacks set in the shipped family that has them, and each ballot box (U+2610) in a text turned into
a real tick box.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from sheetgen.fonts import FONTS, FontFamily, drawing_family, register_reportlab_fonts
from sheetgen.layout.card_text import TextStyle
from sheetgen.layout.geometry import Rect
from sheetgen.markup import runs

FontRole = Literal["body", "body-bold", "body-italic", "body-bold-italic", "label", "label-bold", "symbols"]

BOX_MIN = 13.0
"""The smallest tick box (0.18 in), big enough to tick with a pencil."""

BOX_LINE = 1.0
"""Stroke width of a tick box's outline."""

BALLOT = "\u2610"
"""A ballot box in a pack's text stands for a tick box."""


@dataclass(frozen=True)
class TextMark:
    """One string on one baseline, in one face; x is its left end."""

    x: float
    y: float
    text: str
    role: FontRole
    size: float

    def moved(self, dx: float, dy: float) -> TextMark:
        return replace(self, x=self.x + dx, y=self.y + dy)

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y - self.size * 0.25, text_width(self.text, self.role, self.size), self.size)


@dataclass(frozen=True)
class ParagraphMark:
    """A paragraph of ReportLab markup (user text already escaped), set in a box whose top is *top*."""

    markup: str
    style: TextStyle
    x: float
    top: float
    width: float
    height: float

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.top - self.height, self.width, self.height)

    def moved(self, dx: float, dy: float) -> ParagraphMark:
        return replace(self, x=self.x + dx, top=self.top + dy)


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


Mark = TextMark | ParagraphMark | BoxMark | LineMark | RectMark | CircleMark


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

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float = 0.75, grey: float = 0.0
    ) -> None:
        self.marks.append(LineMark(x1, y1, x2, y2, width, grey))


# -- fonts ---------------------------------------------------------------------------------------------


def family_of(role: FontRole) -> FontFamily:
    if role == "symbols":
        return FONTS.symbols
    return FONTS.label if role.startswith("label") else FONTS.body


def font_name(role: FontRole) -> str:
    """The ReportLab font name a role is drawn in."""
    return family_of(role).reportlab_font(bold="bold" in role, italic="italic" in role)


def _role_in(family: FontFamily, role: FontRole) -> FontRole:
    if family is family_of(role):
        return role
    return "symbols" if family is FONTS.symbols else "body" if family is FONTS.body else "label"


def segments(text: str, role: FontRole) -> list[tuple[str, FontRole]]:
    """*text* cut where the face of *role* lacks a character, each piece with the role that draws it."""
    out: list[tuple[str, FontRole]] = []
    family = family_of(role)
    for char in text:
        char_role = _role_in(drawing_family(char, family), role)
        if out and out[-1][1] == char_role:
            out[-1] = (out[-1][0] + char, char_role)
        else:
            out.append((char, char_role))
    return out


@functools.lru_cache(maxsize=4096)
def _face_width(text: str, role: FontRole, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_reportlab_fonts()
    return float(stringWidth(text, font_name(role), size))


def text_width(text: str, role: FontRole, size: float) -> float:
    """Width of *text* in points, with characters the face lacks measured in the face that draws them."""
    return sum(_face_width(t, r, size) for t, r in segments(text, role))


# -- marked-up text into lines -------------------------------------------------------------------------

def _styled(text: str, bold: bool, italic: bool) -> list[tuple[str, bool, bool]]:
    """The text's **bold** and _italic_ runs (sheetgen.markup's one parser) on top of *bold* and *italic*."""
    return [(run.text, bold or run.bold, italic or run.italic) for run in runs(text) if run.text]


def _role(base: Literal["body", "label"], bold: bool, italic: bool) -> FontRole:
    if base == "label":
        return "label-bold" if bold else "label"
    style = ("-bold" if bold else "") + ("-italic" if italic else "")
    return f"body{style}"  # type: ignore[return-value]


@dataclass
class _Piece:
    text: str
    role: FontRole
    width: float


@dataclass
class _Word:
    pieces: list[_Piece]
    space: float = 0.0
    box: str | None = None
    """For a tick box: the word after it, which names the box."""

    @property
    def width(self) -> float:
        return sum(p.width for p in self.pieces)


def _words(
    text: str, base: Literal["body", "label"], bold: bool, size: float, box_side: float
) -> list[_Word]:
    words: list[_Word] = []
    pending: list[_Piece] = []

    def flush() -> None:
        if pending:
            words.append(_Word(list(pending)))
            pending.clear()

    for run, run_bold, run_italic in _styled(" ".join(text.split()), bold, False):
        role = _role(base, run_bold, run_italic)
        for token in re.findall(r"\s+|[^\s" + BALLOT + r"]+|" + BALLOT, run):
            if token.isspace():
                flush()
                if words:
                    words[-1].space = (
                        size * 0.45 if words[-1].box is not None else text_width(" ", role, size)
                    )
            elif token == BALLOT:
                flush()
                words.append(_Word([_Piece("", role, box_side)], box=""))
            else:
                pending.append(_Piece(token, role, text_width(token, role, size)))
    flush()
    for before, after in itertools.pairwise(words):
        if before.box is not None:
            before.box = "".join(p.text for p in after.pieces)
        if after.box is not None:  # set each box and its word apart from the one before
            before.space = max(before.space, size * 1.8)
    return words


def _split_long(word: _Word, width: float, size: float) -> list[_Word]:
    """A word wider than the line, cut into pieces that fit (long names, URLs)."""
    out: list[_Word] = []
    current: list[_Piece] = []
    used = 0.0
    for piece in word.pieces:
        for char in piece.text:
            w = text_width(char, piece.role, size)
            if used + w > width and current:
                out.append(_Word(current))
                current, used = [], 0.0
            if current and current[-1].role == piece.role:
                current[-1] = _Piece(current[-1].text + char, piece.role, current[-1].width + w)
            else:
                current.append(_Piece(char, piece.role, w))
            used += w
    out.append(_Word(current, word.space))
    return out


@dataclass(frozen=True)
class Flowed:
    """A paragraph set into lines at a width: its marks (y from the top) and its height."""

    marks: tuple[Mark, ...]
    height: float
    width: float
    """The widest line."""


def line_height(size: float) -> float:
    return round(size * 1.24, 2)


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
) -> Flowed:
    """Set one paragraph of marked-up text into lines no wider than *width*.

    With *bullet*, the bullet hangs at the left and every line starts after it; an item that starts
    with its own number ("1. ...") hangs on that number instead. Ballot boxes become tick boxes named
    ``<box_prefix>-<the word after the box>``.
    """
    indent = 0.0
    marks: list[Mark] = []
    number = re.match(r"\s*(\d{1,2}[.)])\s+", text)
    lead = number[1] if number else None if text.lstrip().startswith(BALLOT) else bullet
    if number:
        text = text[number.end() :]
    if lead:
        lead_role: FontRole = "body-bold" if number else "body"
        indent = max(text_width(lead + " ", lead_role, size), size * 0.9)
        marks.extend(TextMark(0.0, -size * 0.93, t, r, size) for t, r in segments(lead, lead_role))
    box_side = BOX_MIN
    words = _words(text, base, bold, size, box_side)
    avail = max(width - indent, size * 4)
    lines: list[list[_Word]] = [[]]
    used = 0.0
    for word in words:
        pieces = [word] if word.width <= avail else _split_long(word, avail, size)
        for piece in pieces:
            gap = lines[-1][-1].space if lines[-1] else 0.0
            if lines[-1] and used + gap + piece.width > avail:
                lines.append([])
                used, gap = 0.0, 0.0
            lines[-1].append(piece)
            used += gap + piece.width
    top = 0.0
    widest = 0.0
    for line in lines:
        has_box = any(w.box is not None for w in line)
        height = max(line_height(size), box_side + 4.0) if has_box else line_height(size)
        # a line with tick boxes centres its text on them
        baseline = top - 2.0 - box_side + 3.5 if has_box else top - size * 0.93
        x = indent
        # words of one face that follow each other at a plain space are set as one string, so that the
        # PDF's text reads (and searches) as words and lines
        runs: list[tuple[float, str, FontRole]] = []
        end = x
        for i, word in enumerate(line):
            if word.box is not None:
                name = f"{box_prefix}-{slug(word.box) or 'box'}"
                label = f"{box_tooltip}: {word.box}" if box_tooltip else word.box
                marks.append(BoxMark(name, x, top - 2.0 - box_side, box_side, label.strip(": ")))
            for bit in word.pieces:
                if bit.text:
                    if runs and runs[-1][2] == bit.role and abs(end - x) < 0.01:
                        runs[-1] = (runs[-1][0], runs[-1][1] + bit.text, bit.role)
                    else:
                        runs.append((x, bit.text, bit.role))
                    end = x + bit.width
                x += bit.width
            if i < len(line) - 1:
                if (
                    runs
                    and word.box is None
                    and abs(end - x) < 0.01
                    and abs(word.space - text_width(" ", runs[-1][2], size)) < 0.01
                ):
                    runs[-1] = (runs[-1][0], runs[-1][1] + " ", runs[-1][2])
                    end += word.space
                x += word.space
        for run_x, run_text, run_role in runs:
            for text, role in segments(run_text.rstrip(" "), run_role):
                marks.append(TextMark(run_x, baseline, text, role, size))
                run_x += text_width(text, role, size)
        widest = max(widest, x)
        top -= height
    return Flowed(tuple(marks), -top, widest)


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


def slug(text: str) -> str:
    """Lower-case letters, digits and hyphens, for form-field names."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
