"""The dungeon's floor plan drawn to scale: a :class:`~sheetgen.sheets.floor_plan.FloorPlan` and a paper in, a
:class:`FloorPlanLayout` (one page of marks, origin at the bottom left) out.

The plan is fitted to one page, portrait or landscape, whichever draws its squares larger, never larger than
:data:`MAX_SIDE` (a quarter inch, a figure's square), and in whole squares: the drawing covers the whole
squares the plan reaches, each square the same size, and that size a whole half point. The floor is left
white with a light grid, the walls are heavy lines around it, water is ripples and a column a ring, so
nothing dark is filled; each door has a symbol by its kind, and the legend under the plan shows those used,
with a scale bar under them. A room's key stands in the middle of its largest area, on a white ground, never under
:data:`MIN_KEY` points.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from sheetgen.design import INK, SPACE, TYPE
from sheetgen.layout.exit_map import MapPage
from sheetgen.layout.header import header_marks
from sheetgen.layout.marks import CircleMark, LineMark, Mark, RectMark, Sketch, text_width
from sheetgen.model.site_map import DOOR_KINDS, DoorKind
from sheetgen.options import Paper
from sheetgen.sheets.floor_plan import FloorPlan, PlanDoor, PlanKey, Shape, Square
from sheetgen.words.language import N_, _, ngettext

MAX_SIDE = 18.0
"""The largest a square is drawn, in points (a quarter inch)."""
MIN_KEY = 7.0
"""The smallest a room's key is printed, in points."""
MAX_KEY = 14.0
GRID_GREY = 0.7
WATER_GREY = 0.45
LEGEND_SYMBOL = 14.0
"""A door's square in the legend, in points."""
KIND_NAMES: dict[str, str] = {
    "open": N_("opening"),
    "door": N_("door"),
    "double": N_("double door"),
    "narrow": N_("narrow passage"),
    "secret": N_("secret door"),
    "locked": N_("locked door"),
    "steel": N_("steel door"),
    "portcullis": N_("portcullis"),
    "stairs": N_("stairs"),
    "stairwell": N_("stairwell"),
    "way-out": N_("way out"),
}
"""The legend's name of each kind of door, in English: translated where it is printed."""

LEGEND_NAMES = {**KIND_NAMES, "water": N_("water"), "column": N_("column")}


@dataclass(frozen=True)
class FloorPlanLayout:
    pages: tuple[MapPage, ...]
    side: float
    """A square's side on the paper, in points."""
    title: str
    """The part's title in a packet's contents and outline."""


@dataclass(frozen=True)
class _Frame:
    """Where the plan's squares go on the page: the top left corner of square (*left*, *top*) and the side."""

    x: float
    y: float
    left: int
    top: int
    side: float

    def at(self, gx: float, gy: float) -> tuple[float, float]:
        return (self.x + (gx - self.left) * self.side, self.y - (gy - self.top) * self.side)


def floor_plan_layout(plan: FloorPlan, paper: Paper) -> FloorPlanLayout:
    """*plan* on one page of *paper*, turned to landscape where that draws its squares larger."""
    left, top, right, bottom = plan.bounds
    cols, rows = max(1, right - left), max(1, bottom - top)  # a polygon may have no width
    papers = (paper, Paper(paper.name, paper.height, paper.width, paper.css_size))

    def room(sheet: Paper) -> tuple[float, float, float, float]:
        """The width and height the plan may take, the header's height and the legend's."""
        width = sheet.width - 2 * SPACE.margin
        _marks, header = header_marks(width, plan.site, plan.who, _("Map"))
        legend = _legend(plan, width, 1.0).height
        return width, sheet.height - 2 * SPACE.margin - header - legend - SPACE.gutter / 2, header, legend

    def side(sheet: Paper) -> float:
        width, height, _header, _legend_height = room(sheet)
        return min(width / cols, height / rows, MAX_SIDE)

    best = max(papers, key=side)  # the portrait paper first: kept where both draw as large
    square = side(best)
    square = math.floor(square * 2) / 2 if square >= 1 else square
    width, _height, header, _legend_height = room(best)
    x = SPACE.margin + (width - cols * square) / 2
    y = best.height - SPACE.margin - header
    frame = _Frame(x, y, left, top, square)
    head, _head_height = header_marks(width, plan.site, plan.who, _("Map"))
    marks: list[Mark] = [m.moved(SPACE.margin, best.height - SPACE.margin) for m in head]
    marks += plan_marks(plan, frame)
    legend = _legend(plan, width, square)
    under = y - rows * square - SPACE.gutter / 2
    marks += [m.moved(SPACE.margin, under) for m in legend.marks]
    return FloorPlanLayout((MapPage(best, tuple(marks)),), square, _("Map"))


def plan_marks(plan: FloorPlan, frame: _Frame) -> list[Mark]:
    """The plan's marks in paint order: grid, water, walls, doors, columns, then the keys over them."""
    side = frame.side
    wall = max(1.0, side * 0.12)
    marks: list[Mark] = [
        LineMark(*frame.at(*a), *frame.at(*b), width=INK.hairline * 0.6, grey=GRID_GREY) for a, b in _grid(plan.floor)
    ]
    for gx, gy in plan.water:
        marks += _ripples(frame, gx, gy)
    marks += [_wall(frame, a, b, wall) for a, b in _walls(plan.walled, plan.floor)]
    for shape in plan.shapes:
        marks += [_wall(frame, a, b, wall) for a, b in _outline(shape, plan.floor)]
    for door in plan.doors:
        marks += door_marks(
            door.kind, frame.at(door.at[0] + 0.5, door.at[1] + 0.5), _outward(door, plan.floor), side, wall
        )
    marks += [
        CircleMark(*frame.at(gx, gy), side * 0.25, width=max(0.6, side * 0.05), fill=1.0) for gx, gy in plan.columns
    ]
    size = min(max(side * 0.8, MIN_KEY), MAX_KEY)
    taken = {door.at for door in plan.doors} | {
        (math.floor(x + dx), math.floor(y + dy)) for x, y in plan.columns for dx in (-0.3, 0.3) for dy in (-0.3, 0.3)
    }
    for key in plan.keys:
        cx, cy = frame.at(*_clear(key, taken, plan.floor))
        marks += _key(key.key, cx, cy, size)
    return marks


def _clear(key: PlanKey, taken: set[Square], floor: frozenset[Square]) -> tuple[float, float]:
    """Where a key goes: the middle of its room, or a square beside it, in the room, if a column or door
    stands there."""
    left, top, right, bottom = key.box
    for dx, dy in ((0, 0), (0, 1), (0, -1), (-1, 0), (1, 0)):
        x, y = key.x + dx, key.y + dy
        square = (math.floor(x), math.floor(y))
        inside = left + 0.5 <= x <= right - 0.5 and top + 0.5 <= y <= bottom - 0.5
        if inside and square not in taken and square in floor:
            return x, y
    return key.x, key.y


def _runs(edges: Iterable[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Unit edges (line, start, start + 1) joined into runs (line, start, end)."""
    runs: list[tuple[int, int, int]] = []
    for line, start, end in sorted(edges):
        if runs and runs[-1][0] == line and runs[-1][2] == start:
            runs[-1] = (line, runs[-1][1], end)
        else:
            runs.append((line, start, end))
    return runs


Segment = tuple[tuple[float, float], tuple[float, float]]


def _segments(vertical: Iterable[tuple[int, int, int]], horizontal: Iterable[tuple[int, int, int]]) -> list[Segment]:
    found: list[Segment] = [((float(x), float(a)), (float(x), float(b))) for x, a, b in _runs(vertical)]
    return found + [((float(a), float(y)), (float(b), float(y))) for y, a, b in _runs(horizontal)]


def _grid(floor: frozenset[Square]) -> list[Segment]:
    """The lines between two squares of floor, as long runs."""
    return _segments(
        [(x, y, y + 1) for x, y in floor if (x - 1, y) in floor],
        [(y, x, x + 1) for x, y in floor if (x, y - 1) in floor],
    )


def _walls(walled: frozenset[Square], floor: frozenset[Square]) -> list[Segment]:
    """The sides of walled floor that face no floor, as long runs."""
    vertical = [(x + dx, y, y + 1) for x, y in walled for dx in (0, 1) if (x + 2 * dx - 1, y) not in floor]
    horizontal = [(y + dy, x, x + 1) for x, y in walled for dy in (0, 1) if (x, y + 2 * dy - 1) not in floor]
    return _segments(vertical, horizontal)


def _outline(shape: Shape, floor: frozenset[Square]) -> list[Segment]:
    """A shape's outline, left open where floor outside the shape meets it (a door, a passage) as wide as that
    floor, and the walls beside that floor run on to the outline where the shape's edge falls inside a square."""
    openings = [
        ((x + dx, y + dy), (dx, dy))
        for x, y in shape.squares
        for dx, dy in _SIDES
        if (x + dx, y + dy) in floor and (x + dx, y + dy) not in shape.squares
    ]
    corners = shape.outline
    edges = list(zip(corners, (*corners[1:], corners[0]), strict=True))
    kept: list[Segment] = []
    for (x1, y1), (x2, y2) in edges:
        pieces = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / 0.125))
        run: tuple[float, float] | None = None
        for n in range(pieces):
            a = (x1 + (x2 - x1) * n / pieces, y1 + (y2 - y1) * n / pieces)
            b = (x1 + (x2 - x1) * (n + 1) / pieces, y1 + (y2 - y1) * (n + 1) / pieces)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            if any(_in_opening(mid, square, way) for square, way in openings):
                if run is not None:
                    kept.append((run, a))
                run = None
            elif run is None:
                run = a
        if run is not None:
            kept.append((run, (x2, y2)))
    for (ox, oy), (dx, dy) in openings:
        for px, py in ((dy, dx), (-dy, -dx)):
            if (ox + px, oy + py) in floor:
                continue
            # the corner of the opening's square on that side, on the edge it shares with the shape's square
            bx = ox + (1 if px > 0 else 0) + (1 if dx < 0 else 0)
            by = oy + (1 if py > 0 else 0) + (1 if dy < 0 else 0)
            hit = _first_hit((float(bx), float(by)), (-dx, -dy), edges)
            if hit is not None:
                kept.append(((bx, by), hit))
    return kept


_SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _in_opening(point: tuple[float, float], square: Square, way: tuple[int, int]) -> bool:
    """Whether *point* lies over the opening *square* or the shape's square it opens into (one step back
    along *way*), within the opening's width."""
    (x, y), (dx, dy) = square, way
    left, right = min(x, x - dx), max(x, x - dx) + 1
    top, bottom = min(y, y - dy), max(y, y - dy) + 1
    return left <= point[0] <= right and top <= point[1] <= bottom


def _first_hit(
    start: tuple[float, float], way: tuple[int, int], edges: Sequence[Segment]
) -> tuple[float, float] | None:
    """Where a line from *start* going *way* (at most one square) first meets an edge, beyond *start*."""
    best: float | None = None
    sx, sy = start
    wx, wy = way
    for (x1, y1), (x2, y2) in edges:
        ex, ey = x2 - x1, y2 - y1
        denominator = wx * ey - wy * ex
        if abs(denominator) < 1e-12:
            continue
        t = ((x1 - sx) * ey - (y1 - sy) * ex) / denominator
        u = ((x1 - sx) * wy - (y1 - sy) * wx) / denominator
        if 1e-6 < t <= 1.0 and -1e-9 <= u <= 1 + 1e-9 and (best is None or t < best):
            best = t
    return None if best is None else (sx + wx * best, sy + wy * best)


def _wall(frame: _Frame, a: tuple[float, float], b: tuple[float, float], width: float) -> LineMark:
    """A wall from *a* to *b* (in squares), run on by half its width at each end so that corners close."""
    (x1, y1), (x2, y2) = frame.at(*a), frame.at(*b)
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ex, ey = (x2 - x1) / length * width / 2, (y2 - y1) / length * width / 2
    return LineMark(x1 - ex, y1 - ey, x2 + ex, y2 + ey, width=width)


def _ripples(frame: _Frame, gx: int, gy: int) -> list[Mark]:
    """Water on a square: two short strokes, no fill."""
    width = max(0.4, frame.side * 0.04)
    return [
        LineMark(*frame.at(gx + x1, gy + y), *frame.at(gx + x1 + 0.4, gy + y), width=width, grey=WATER_GREY)
        for x1, y in ((0.15, 0.35), (0.45, 0.7))
    ]


def _outward(door: PlanDoor, floor: frozenset[Square]) -> tuple[float, float]:
    """The way through the door on the page (y up): toward the side with no floor, else its own way."""
    (x, y), (dx, dy) = door.at, door.step
    if (x + dx, y + dy) in floor and (x - dx, y - dy) not in floor:
        dx, dy = -dx, -dy
    return (float(dx), float(-dy))


def door_marks(
    kind: DoorKind, centre: tuple[float, float], way: tuple[float, float], side: float, wall: float
) -> list[Mark]:
    """The symbol of a door of *kind* on its square: *centre* on the page, *way* the unit vector through it."""
    (cx, cy), (ux, uy) = centre, way
    vx, vy = -uy, ux

    def at(a: float, b: float) -> tuple[float, float]:
        """*a* squares along the way through, *b* across it."""
        return (cx + (a * ux + b * vx) * side, cy + (a * uy + b * vy) * side)

    def line(a1: float, b1: float, a2: float, b2: float, width: float = INK.rule) -> LineMark:
        return LineMark(*at(a1, b1), *at(a2, b2), width=width)

    def leaf(along: float = 0.3, across: float = 0.8) -> RectMark:
        (x1, y1), (x2, y2) = at(-along / 2, -across / 2), at(along / 2, across / 2)
        return RectMark(
            min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), fill=1.0, stroke=max(0.6, side * 0.05), role="door"
        )

    thin = max(0.5, side * 0.04)
    drawn: dict[DoorKind, Callable[[], Sequence[Mark]]] = {
        "open": list,
        "door": lambda: [leaf()],
        "double": lambda: [leaf(), line(-0.15, 0.0, 0.15, 0.0, thin)],
        "narrow": lambda: [line(0.0, -0.5, 0.0, -0.22, wall), line(0.0, 0.22, 0.0, 0.5, wall)],
        "secret": lambda: [
            line(0.0, -0.5, 0.0, -0.3, wall),
            line(0.0, 0.3, 0.0, 0.5, wall),
            *_letter("S", at(0.0, 0.0), side),
        ],
        "locked": lambda: [leaf(), CircleMark(cx, cy, side * 0.08, width=thin, fill=1.0)],
        "steel": lambda: [leaf(), line(-0.15, -0.4, 0.15, 0.4, thin), line(-0.15, 0.4, 0.15, -0.4, thin)],
        "portcullis": lambda: [
            line(0.0, -0.5, 0.0, 0.5, thin),
            *(CircleMark(*at(0.0, b), side * 0.06, width=thin, fill=0.0) for b in (-0.3, 0, 0.3)),
        ],
        "stairs": lambda: [
            line(a, -half, a, half, thin) for a, half in ((-0.375, 0.45), (-0.125, 0.38), (0.125, 0.31), (0.375, 0.24))
        ],
        "stairwell": lambda: [
            *(line(a, -0.45, a, 0.45, thin) for a in (-0.375, -0.125, 0.125, 0.375)),
            line(-0.45, 0.0, 0.45, 0.0, thin),
        ],
        "way-out": lambda: (
            [line(a - 0.2, -0.3, a + 0.05, 0.0, thin * 1.5) for a in (-0.1, 0.25)]
            + [line(a + 0.05, 0.0, a - 0.2, 0.3, thin * 1.5) for a in (-0.1, 0.25)]
        ),
    }
    return list(drawn[kind]())


def _letter(text: str, centre: tuple[float, float], side: float) -> list[Mark]:
    size = max(MIN_KEY, side * 0.6)
    sk = Sketch()
    sk.text(centre[0], centre[1] - size * 0.35, text, "label-bold", size, align="centre")
    return sk.marks


def _key(key: str, cx: float, cy: float, size: float) -> list[Mark]:
    """A room's key centred on (*cx*, *cy*), on a white ground that hides the grid under it."""
    width = text_width(key, "body-bold", size)
    sk = Sketch()
    sk.add(RectMark(cx - width / 2 - 1.0, cy - size * 0.45, width + 2.0, size * 0.9, fill=1.0, role="key"))
    sk.text(cx, cy - size * 0.35, key, "body-bold", size, align="centre")
    return sk.marks


@dataclass(frozen=True)
class _Legend:
    marks: tuple[Mark, ...]
    height: float


def _legend(plan: FloorPlan, width: float, side: float) -> _Legend:
    """The symbols the plan uses, each with its name, then the scale bar, in rows across *width* (y from
    the legend's top, downwards)."""
    kinds = {door.kind for door in plan.doors} - {"open"}
    items: list[DoorKind | Literal["water", "column"]] = [kind for kind in DOOR_KINDS if kind in kinds]
    if plan.water:
        items.append("water")
    if plan.columns:
        items.append("column")
    row = LEGEND_SYMBOL + 4.0
    sk = Sketch()
    x, y = 0.0, -row
    for item in items:
        name = _(LEGEND_NAMES[item])
        need = LEGEND_SYMBOL + 4.0 + text_width(name, "label", TYPE.label) + 12.0
        if x and x + need > width:
            x, y = 0.0, y - row
        sk.extend(_legend_symbol(item, x, y + 2.0))
        sk.text(x + LEGEND_SYMBOL + 4.0, y + 2.0 + LEGEND_SYMBOL / 2 - TYPE.label * 0.35, name, "label", TYPE.label)
        x += need
    if items:
        y -= row  # the scale bar on a row of its own, so the legend is as high at every scale
    sk.extend(_scale_bar(plan, side, width), 0.0, y + 2.0)
    return _Legend(tuple(sk.marks), -y)


def _legend_symbol(item: DoorKind | Literal["water", "column"], x: float, y: float) -> list[Mark]:
    """A symbol as the legend shows it, on a square with its lower left corner at (*x*, *y*): a door's on
    floor between two stubs of wall."""
    s = LEGEND_SYMBOL
    if item == "water":
        return _ripples(_Frame(x, y + s, 0, 0, s), 0, 0)
    if item == "column":
        return [CircleMark(x + s / 2, y + s / 2, s * 0.25, width=0.7, fill=1.0)]
    wall = max(1.0, s * 0.12)
    stubs: list[Mark] = [LineMark(x, y, x + s, y, width=wall), LineMark(x, y + s, x + s, y + s, width=wall)]
    return stubs + door_marks(item, (x + s / 2, y + s / 2), (1.0, 0.0), s, wall)


def _scale_bar(plan: FloorPlan, side: float, width: float) -> list[Mark]:
    """A bar a whole number of squares long (1, 2 or 5 times a power of ten, an inch or more), a tick at each
    square, its length in the plan's unit at its end: its marks, lower left at (0, 0)."""
    squares = next(n for n in _nice() if n * side >= 72.0 or n * side * 2 > width / 3)
    length = squares * side
    sk = Sketch()
    base = 3.0
    sk.add(LineMark(0.0, base, length, base, width=INK.rule))
    step = max(1, squares // 10)
    for n in range(0, squares + 1, step):
        sk.add(LineMark(n * side, base, n * side, base + (6.0 if n in (0, squares) else 3.0), width=INK.hairline))
    label = ngettext("{length} {unit} ({n} square)", "{length} {unit} ({n} squares)", squares).format(
        length=f"{squares * plan.square:g}", unit=plan.unit, n=squares
    )
    sk.text(length + 4.0, base - TYPE.label * 0.3, label, "label", TYPE.label)
    return sk.marks


def _nice() -> Sequence[int]:
    return [m * 10**e for e in range(5) for m in (1, 2, 5)]
