"""Reading back what a PDF page paints: its filled areas with their colours, and its square boxes.

Walks each page's content stream (and the form XObjects it draws) with pypdf, keeping the graphics
state a painter keeps: the transform (``q``/``Q``/``cm``), the fill colour (``g``, ``rg``, ``k``,
``sc``/``scn`` in the colour space set by ``cs``) and the path being built (``re``, ``m``/``l``/``c``/``h``).
Each fill (``f``, ``F``, ``f*``, ``B``, ``B*``, ``b``, ``b*``) gives a :class:`Fill`: its colour and the
thickness of what it covers, so a rule or a border drawn as a thin filled frame (WeasyPrint draws
borders so) is told from an area filled with colour. Text is never a fill here: a text object's colour
is the text's. Images and shadings are fills of an unknown colour. A square painted inside a round clip
(WeasyPrint paints a disc, a step's number, as its square filled through a clip of curves) is the
clip's shape, not a square box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
"""A rectangle in page points: left, bottom, right, top."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
RULE_MAX = 3.0
"""The thickest filled shape that is a line (a rule or a border), not an area, in points."""

_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


@dataclass(frozen=True)
class Fill:
    """One painted fill: its page (from 1), its colour as components (None for an image or a shading),
    the box it covers and its thickness (the narrowest extent of a shape, or a frame's widest side)."""

    page: int
    colour: tuple[float, ...] | None
    box: Box
    thickness: float
    what: str

    @property
    def white(self) -> bool:
        return self.colour is not None and all(
            abs(c - (0.0 if len(self.colour) == 4 else 1.0)) < 0.01 for c in self.colour
        )

    @property
    def area(self) -> bool:
        """An area filled, not a line: thicker than a rule."""
        return self.thickness > RULE_MAX


@dataclass(frozen=True)
class Square:
    """A square rectangle painted (stroked or filled): its page, its lower-left corner and side, in points."""

    page: int
    x: float
    y: float
    side: float


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's order: a point goes through m first)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def _point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bounds(points: list[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0] - 0.01
        and inner[1] >= outer[1] - 0.01
        and inner[2] <= outer[2] + 0.01
        and inner[3] <= outer[3] + 0.01
        and inner != outer
    )


def _grown(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _thickness(boxes: list[Box]) -> float:
    """How thick a filled path is: for each outline not inside another, its narrowest extent, or, with a
    hole in it (a frame), the widest of its sides; the largest of these."""
    thick = 0.0
    for box in boxes:
        if any(_inside(box, other) for other in boxes):
            continue
        holes = [hole for hole in boxes if _inside(hole, box)]
        if holes:
            hole = max(holes, key=lambda h: (h[2] - h[0]) * (h[3] - h[1]))
            side = max(hole[0] - box[0], hole[1] - box[1], box[2] - hole[2], box[3] - hole[3])
        else:
            side = min(box[2] - box[0], box[3] - box[1])
        thick = max(thick, side)
    return thick


class _Walker:
    def __init__(self, reader: PdfReader) -> None:
        self.reader = reader
        self.fills: list[Fill] = []
        self.squares: list[Square] = []

    def page(self, number: int, page: Any) -> None:
        self.walk(number, page.get_contents(), page.get("/Resources"), IDENTITY, set())

    def walk(self, number: int, contents: Any, resources: Any, ctm: Matrix, seen: set[int]) -> None:
        if contents is None:
            return
        resources = resources.get_object() if resources is not None else {}
        xobjects = resources.get("/XObject")
        xobjects = xobjects.get_object() if xobjects is not None else {}
        stack: list[tuple[Matrix, tuple[float, ...] | None, Box | None]] = []
        colour: tuple[float, ...] | None = (0.0,)
        path: list[list[tuple[float, float]]] = []
        rects: list[tuple[float, float, float, float]] = []
        curved = False  # the path being built has a curve
        round_clip: Box | None = None  # the bounds of the innermost clip made of curves, while it holds
        clipping = False
        in_text = False
        for operands, op in ContentStream(contents, self.reader).operations:
            values = [float(v) for v in operands if isinstance(v, int | float)] if op != b"Do" else []
            if op == b"q":
                stack.append((ctm, colour, round_clip))
            elif op == b"Q" and stack:
                ctm, colour, round_clip = stack.pop()
            elif op in (b"W", b"W*"):
                clipping = True
            elif op == b"cm":
                ctm = _times(tuple(values), ctm)  # type: ignore[arg-type]
            elif op == b"BT":
                in_text = True
            elif op == b"ET":
                in_text = False
            elif op in (b"g", b"rg", b"k", b"sc", b"scn"):
                # a pattern (a name among the operands) is a colour this reader cannot name
                colour = tuple(values) if len(values) == len(operands) else None
            elif op == b"cs":
                colour = (0.0,)
            elif op == b"re":
                x, y, w, h = values
                corners = [_point(ctm, x, y), _point(ctm, x + w, y), _point(ctm, x + w, y + h), _point(ctm, x, y + h)]
                path.append(corners)
                box = _bounds(corners)
                rects.append(box)
            elif op == b"m":
                path.append([_point(ctm, *values)])
            elif op in (b"l", b"c", b"v", b"y") and path:
                curved = curved or op != b"l"
                for i in range(0, len(values) - 1, 2):
                    path[-1].append(_point(ctm, values[i], values[i + 1]))
            elif op in _FILLS or op in (b"S", b"s", b"n"):
                if clipping and curved and path:
                    round_clip = _bounds([p for points in path for p in points])
                if op != b"n" and not in_text:
                    self.square_boxes(
                        number,
                        [box for box in rects if round_clip is None or not _inside(round_clip, _grown(box, 0.3))],
                    )
                if op in _FILLS and path and not in_text:
                    boxes = [_bounds(points) for points in path if len(points) > 1]
                    if boxes:
                        every = _bounds([p for points in path for p in points])
                        self.fills.append(Fill(number, colour, every, _thickness(boxes), op.decode()))
                path, rects, curved, clipping = [], [], False, False
            elif op == b"sh":
                self.fills.append(Fill(number, None, (0, 0, 0, 0), float("inf"), "shading"))
            elif op == b"Do":
                name = operands[0]
                xobject = xobjects.get(name)
                if xobject is None:
                    continue
                xobject = xobject.get_object()
                if xobject.get("/Subtype") == "/Image":
                    box = _bounds([_point(ctm, x, y) for x in (0, 1) for y in (0, 1)])
                    self.fills.append(Fill(number, None, box, min(box[2] - box[0], box[3] - box[1]), f"image {name}"))
                elif xobject.get("/Subtype") == "/Form" and id(xobject) not in seen:
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                    inner = _times(matrix, ctm)  # type: ignore[arg-type]
                    self.walk(number, xobject, xobject.get("/Resources") or resources, inner, seen | {id(xobject)})

    def square_boxes(self, number: int, rects: list[Box]) -> None:
        """The squares among a painted path's rectangles; of a frame (a square with a square hole, as
        WeasyPrint draws a border), only its outside."""
        for box in rects:
            width, height = box[2] - box[0], box[3] - box[1]
            if abs(width - height) > 0.3 or width < 1.0:
                continue
            if any(_inside(box, other) for other in rects):
                continue
            self.squares.append(Square(number, box[0], box[1], width))


def paint(reader: PdfReader) -> tuple[list[Fill], list[Square]]:
    """Every fill and every square box that *reader*'s pages paint, page by page."""
    walker = _Walker(reader)
    for number, page in enumerate(reader.pages, start=1):
        walker.page(number, page)
    return walker.fills, walker.squares


def ink_fills(reader: PdfReader) -> list[Fill]:
    """The areas filled with anything but white: what an ink-saver page must not have."""
    fills, _ = paint(reader)
    return [fill for fill in fills if fill.area and not fill.white]
