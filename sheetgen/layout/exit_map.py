"""The map of a site's exits as marks: an :class:`~sheetgen.sheets.exit_map.ExitMap` and a paper in, an
:class:`ExitMapLayout` (pages of marks, each on its own paper, origin at the bottom left) out.

Each room is a box: its key in bold at the top left, what the room index marks in it as letters at the
top right (the legend under the map says which), its name under them. Each exit is a line from box to
box, through the bends the layout gives it; a one-way exit ends in an arrowhead at the room it leads
to. The boxes are placed by a layered layout (sheetgen.layout.exit_graph, grandalf's Sugiyama): the
first room in the key at the top, each room a layer under the room it is first reached from. Parts of
the site that no exit joins are laid out apart and set side by side, in the key's order.

The drawing is scaled to fit one page, portrait or landscape, whichever lets it be drawn larger, and
never larger than :data:`MAX_SCALE`. It is never drawn smaller than :data:`MIN_SCALE`, where a room's
name is :data:`MIN_TEXT` points: a site too large for one page at that size (about 60 rooms and up,
as its exits branch) is cut into as many pages as it takes, each showing one part of the drawing at
that size. A room is drawn whole on each page that holds it whole; a line that leaves a page is
labelled at the page's edge with the key of the room it leads to.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict, deque
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.design import SPACE, TYPE
from sheetgen.layout.geometry import Rect
from sheetgen.layout.header import header_marks
from sheetgen.layout.marks import Flowed, LineMark, Mark, RectMark, Sketch, flow, text_width
from sheetgen.options import Paper
from sheetgen.sheets.exit_map import ExitMap, MapRoom
from sheetgen.sheets.site_front import Marker
from sheetgen.words.language import N_, _, pgettext

KEY_SIZE = 10.0
"""A room's key, at scale 1."""
NAME_SIZE = 8.0
"""A room's name, at scale 1."""
BOX_WIDTH = 84.0
"""A room's box, at scale 1; its height is what its name takes."""
PAD = 4.0
XSPACE, YSPACE = 16.0, 26.0
"""Between two boxes of a layer, and between two layers, at scale 1."""
PART_GAP = 40.0
"""Between two parts of the site that no exit joins, at scale 1."""
MIN_TEXT = 7.0
"""The smallest a room's name is printed, in points."""
MIN_SCALE = MIN_TEXT / NAME_SIZE
MAX_SCALE = 1.4
LETTERS: dict[Marker, str] = {"trap": "T", "treasure": "$", "notes": "N", "encounter": "E"}
"""Each marker's letter in a room's box, in English (:func:`map_letters` gives them in the sheet's language)."""


def map_letters() -> dict[Marker, str]:
    """Each marker's letter in a room's box, in the active language; the legend names the same letters."""
    return {
        "trap": pgettext("map letter for a trap", "T"),
        "treasure": pgettext("map letter for treasure", "$"),
        "notes": pgettext("map letter for notes", "N"),
        "encounter": pgettext("map letter for an encounter", "E"),
    }


LEGEND = N_(
    "**T** trap · **$** treasure · **N** notes · **E** encounter or statblocks · "
    "a line is an exit; an arrowhead, a one-way exit (listed in one room only)"
)
ARROW = 6.0
"""An arrowhead's length, at scale 1."""


@dataclass(frozen=True)
class Placed:
    """The drawing at scale 1, y from 0 at its top growing downwards: each room's box, each exit's path
    from its start room's box to its end room's."""

    boxes: dict[str, Rect]
    paths: tuple[tuple[tuple[float, float], ...], ...]
    one_way: tuple[bool, ...]
    ends: tuple[tuple[str, str], ...]
    width: float
    height: float


@dataclass(frozen=True)
class MapPage:
    paper: Paper
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class ExitMapLayout:
    pages: tuple[MapPage, ...]
    scale: float
    """The drawing's scale: a room's name is ``NAME_SIZE * scale`` points."""
    title: str = "Map"


def place_rooms(plan: ExitMap) -> Placed:
    """Every room's box and every exit's path, at scale 1: the parts that no exit joins laid out one by
    one and set side by side, their tops level."""
    from sheetgen.layout.exit_graph import Node, layered

    rooms = {room.key: room for room in plan.rooms}
    order = {room.key: n for n, room in enumerate(plan.rooms)}
    sizes = {room.key: (BOX_WIDTH, _box_height(room)) for room in plan.rooms}
    near: dict[str, list[str]] = defaultdict(list)
    for way in plan.exits:
        if way.start in rooms and way.end in rooms:
            near[way.start].append(way.end)
            near[way.end].append(way.start)
    depth: dict[str, int] = {}
    parts: list[list[str]] = []
    for room in plan.rooms:
        if room.key in depth:
            continue
        depth[room.key] = 0
        part, queue = [room.key], deque([room.key])
        while queue:
            key = queue.popleft()
            for other in sorted(near[key], key=order.__getitem__):
                if other not in depth:
                    depth[other] = depth[key] + 1
                    part.append(other)
                    queue.append(other)
        parts.append(sorted(part, key=order.__getitem__))

    def rank(key: str) -> tuple[int, int]:
        return depth[key], order[key]

    boxes: dict[str, Rect] = {}
    routes: dict[tuple[str, str], list[tuple[float, float]]] = {}
    left = 0.0
    height = 0.0
    for part in parts:
        inside = set(part)
        edges = [
            (a, b) if rank(a) < rank(b) else (b, a)
            for way in plan.exits
            for a, b in [(way.start, way.end)]
            if a in inside and b in inside
        ]
        drawing = layered([Node(key, *sizes[key]) for key in part], edges, xspace=XSPACE, yspace=YSPACE)
        bands: dict[float, tuple[float, float]] = {}
        for key, (x, y) in drawing.centres.items():
            w, h = sizes[key]
            boxes[key] = Rect(left + x - w / 2, y - h / 2, w, h)
            top, bottom = bands.get(y, (y, y))
            bands[y] = (min(top, y - h / 2), max(bottom, y + h / 2))
        for (upper, lower), bends in drawing.bends.items():
            routes[(upper, lower)] = _route(boxes[upper], [(left + x, y) for x, y in bends], boxes[lower], bands)
        left += drawing.width + PART_GAP
        height = max(height, drawing.height)
    paths, one_way, ends = [], [], []
    for way in plan.exits:
        if way.start not in boxes or way.end not in boxes:
            continue
        upper, lower = (way.start, way.end) if rank(way.start) < rank(way.end) else (way.end, way.start)
        points = routes[(upper, lower)]
        paths.append(tuple(points if upper == way.start else reversed(points)))
        one_way.append(way.one_way)
        ends.append((way.start, way.end))
    return Placed(boxes, tuple(paths), tuple(one_way), tuple(ends), max(left - PART_GAP, 0.0), height)


def _route(
    upper: Rect, bends: Sequence[tuple[float, float]], lower: Rect, bands: dict[float, tuple[float, float]]
) -> list[tuple[float, float]]:
    """An edge's path down from *upper*'s bottom to *lower*'s top: straight down through each layer it
    passes (the height its tallest box takes), where nothing else stands, slanting only between layers,
    so that it crosses no box. (y grows downwards here: a Rect's ``y`` is its upper edge, ``top`` its
    lower one.)"""
    ux, uy = _centre(upper)
    lx, ly = _centre(lower)
    points = [(ux, upper.top), (ux, bands.get(uy, (uy, uy))[1])]
    for x, y in bends:
        top, bottom = bands.get(y, (y, y))
        points += [(x, top), (x, bottom)]
    points += [(lx, bands.get(ly, (ly, ly))[0]), (lx, lower.y)]
    return [p for n, p in enumerate(points) if n == 0 or p != points[n - 1]]


def _box_height(room: MapRoom) -> float:
    return PAD + KEY_SIZE * 1.1 + _name(room, 1.0).height + PAD


def _name(room: MapRoom, scale: float) -> Flowed:
    return flow(room.name, (BOX_WIDTH - 2 * PAD) * scale, NAME_SIZE * scale, base="label", language=room.language)


def _centre(box: Rect) -> tuple[float, float]:
    return (box.x + box.width / 2, box.y + box.height / 2)


def exit_map_layout(plan: ExitMap, paper: Paper) -> ExitMapLayout:
    """The map of *plan* on *paper*, turned to landscape where that lets it be drawn larger."""
    placed = place_rooms(plan)
    legend = flow(_(LEGEND), paper.height - 2 * SPACE.margin, TYPE.label, base="label")
    _marks, header = header_marks(paper.width - 2 * SPACE.margin, plan.site, plan.who, _("Map"))
    papers = (paper, Paper(paper.name, paper.height, paper.width, paper.css_size))

    def area(sheet: Paper) -> tuple[float, float]:
        return (
            sheet.width - 2 * SPACE.margin,
            sheet.height - 2 * SPACE.margin - header - legend.height - SPACE.gutter / 2,
        )

    def fits(sheet: Paper) -> float:
        w, h = area(sheet)
        return min(w / max(placed.width, 1.0), h / max(placed.height, 1.0), MAX_SCALE)

    best = max(papers, key=fits)  # the portrait paper first: kept where both fit as large
    scale = fits(best)
    if scale >= MIN_SCALE:
        w, h = area(best)
        window = Rect((placed.width * scale - w) / 2, 0.0, w, h)
        pages = [_page(plan, placed, best, scale, window, header, legend, None)]
        return ExitMapLayout(tuple(pages), scale, _("Map"))
    scale = MIN_SCALE

    def tiles(sheet: Paper) -> tuple[int, int]:
        w, h = area(sheet)
        step_x, step_y = w - BOX_WIDTH * scale, h - max(b.height for b in placed.boxes.values()) * scale
        return (
            max(1, math.ceil((placed.width * scale - w) / step_x) + 1),
            max(1, math.ceil((placed.height * scale - h) / step_y) + 1),
        )

    best = min(papers, key=lambda sheet: math.prod(tiles(sheet)))
    across, down = tiles(best)
    w, h = area(best)
    step_x = (placed.width * scale - w) / (across - 1) if across > 1 else 0.0
    step_y = (placed.height * scale - h) / (down - 1) if down > 1 else 0.0
    pages = []
    for row in range(down):
        for column in range(across):
            window = Rect(column * step_x, row * step_y, w, h)
            pages.append(_page(plan, placed, best, scale, window, header, legend, (len(pages) + 1, across * down)))
    return ExitMapLayout(tuple(pages), scale, _("Map"))


def _page(
    plan: ExitMap,
    placed: Placed,
    paper: Paper,
    scale: float,
    window: Rect,
    header: float,
    legend: Flowed,
    part: tuple[int, int] | None,
) -> MapPage:
    """One page: the part of the drawing at *scale* in *window* (in the scaled drawing, y downwards)."""
    width = paper.width - 2 * SPACE.margin
    title = _("Map") if part is None else _("Map, part {n} of {total}").format(n=part[0], total=part[1])
    head, _height = header_marks(width, plan.site, plan.who, title)
    top = paper.height - SPACE.margin - header
    marks: list[Mark] = [m.moved(SPACE.margin, paper.height - SPACE.margin) for m in head]

    def to_page(x: float, y: float) -> tuple[float, float]:
        return (SPACE.margin + x * scale - window.x, top - (y * scale - window.y))

    rooms = {room.key: room for room in plan.rooms}
    shown = {
        key
        for key, box in placed.boxes.items()
        if window.contains(Rect(box.x * scale, box.y * scale, box.width * scale, box.height * scale))
    }
    bounds = Rect(SPACE.margin, top - window.height, window.width, window.height)
    away: list[list[Mark]] = []
    for path, one_way, (start, end) in zip(placed.paths, placed.one_way, placed.ends, strict=True):
        points = [to_page(x, y) for x, y in path]
        for (x1, y1), (x2, y2) in itertools.pairwise(points):
            cut = _clip(bounds, x1, y1, x2, y2)
            if cut is not None:
                marks.append(LineMark(*cut, width=0.9 * min(scale, 1.0)))
        if one_way and end in shown:
            marks.extend(_arrowhead(points[-2], points[-1], ARROW * scale))
        for near, far, route in ((start, end, points), (end, start, points[::-1])):
            if near in shown and far not in shown:
                away.append(_away(bounds, route, far, scale))
    drawn: list[Rect] = []
    for key in sorted(shown, key=list(rooms).index):
        box = placed.boxes[key]
        x, y = to_page(box.x, box.y)
        drawn.append(Rect(x, y - box.height * scale, box.width * scale, box.height * scale))
        marks.extend(_room(rooms[key], x, y, scale))
    # a label that would cover a room is left out: its line still runs off the page
    for label in away:
        if label and not any(label[0].rect.overlaps(box) for box in drawn):
            marks.extend(label)
    marks.extend(m.moved(SPACE.margin, SPACE.margin + legend.height) for m in legend.marks)
    return MapPage(paper, tuple(marks))


def _room(room: MapRoom, left: float, top: float, scale: float) -> list[Mark]:
    """A room's box with its top left corner at (*left*, *top*)."""
    sk = Sketch()
    name = _name(room, scale)
    height = _box_height(room) * scale
    sk.add(RectMark(left, top - height, BOX_WIDTH * scale, height, fill=1.0, stroke=1.0, role="room"))
    key_size = KEY_SIZE * scale
    baseline = top - PAD * scale - key_size * 0.8
    sk.text(left + PAD * scale, baseline, room.key, "body-bold", key_size)
    letters = " ".join(map_letters()[m] for m in room.markers)
    if letters:
        sk.text(left + (BOX_WIDTH - PAD) * scale, baseline, letters, "label-bold", NAME_SIZE * scale, align="right")
    sk.extend(name.marks, left + PAD * scale, top - PAD * scale - KEY_SIZE * 1.1 * scale)
    return sk.marks


def _arrowhead(back: tuple[float, float], tip: tuple[float, float], length: float) -> list[Mark]:
    """Two strokes back from *tip*, the way the line came from *back*."""
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    return [
        LineMark(
            tip[0],
            tip[1],
            tip[0] - length * math.cos(angle + side),
            tip[1] - length * math.sin(angle + side),
            width=1.2,
        )
        for side in (-0.45, 0.45)
    ]


def _away(bounds: Rect, route: Sequence[tuple[float, float]], key: str, scale: float) -> list[Mark]:
    """Where a line from a room on this page first leaves the page toward room *key*: the key, at the edge."""
    for inner, outer in itertools.pairwise(route):
        if _inside(bounds, *inner) and not _inside(bounds, *outer):
            cut = _clip(bounds, *inner, *outer)
            if cut is None:
                return []
            size = NAME_SIZE * scale
            label = _("to {key}").format(key=key)
            w = text_width(label, "label-bold", size)
            x = min(max(cut[2] - w / 2, bounds.x), bounds.right - w)
            y = min(max(cut[3] - size * 0.35, bounds.y + 1.0), bounds.top - size)
            return [
                RectMark(x - 1.0, y - size * 0.3, w + 2.0, size * 1.2, fill=1.0, role="away"),
                *_label(x, y, label, size),
            ]
    return []


def _label(x: float, y: float, text: str, size: float) -> list[Mark]:
    sk = Sketch()
    sk.text(x, y, text, "label-bold", size)
    return sk.marks


def _inside(bounds: Rect, x: float, y: float) -> bool:
    return bounds.x <= x <= bounds.right and bounds.y <= y <= bounds.top


def _clip(bounds: Rect, x1: float, y1: float, x2: float, y2: float) -> tuple[float, float, float, float] | None:
    """The part of the segment inside *bounds* (Liang and Barsky), or None."""
    lo, hi = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - bounds.x), (dx, bounds.right - x1), (-dy, y1 - bounds.y), (dy, bounds.top - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if lo > hi:
        return None
    return (x1 + lo * dx, y1 + lo * dy, x1 + hi * dx, y1 + hi * dy)
