"""The dungeon's floor plan as a plain view: a site with a map in, its floor as squares and shapes, its doors,
water, columns and room keys out, for the game master or the players.

The floor is every square of a rect area and every door's square; a polygon or a round room is a shape,
its squares those whose middle lies inside it, its wall its own outline. A key stands in the middle of its
room's largest area. The players' plan has no keys and no secret doors: a secret door's square is wall,
as the party sees it. Nothing here measures or draws: sheetgen.layout.floor_plan sets it on paper.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.model.site import Site
from sheetgen.model.site_map import DoorKind, MapArea, SiteMap
from sheetgen.words.language import _

Square = tuple[int, int]
Point = tuple[float, float]
ROUND_CORNERS = 48
"""The corners of the polygon a round room is drawn as."""
STEPS = {"east": (1, 0), "west": (-1, 0), "south": (0, 1), "north": (0, -1)}


@dataclass(frozen=True)
class Shape:
    """A polygon or round area: its outline (corners in order, in squares) and the squares it covers."""

    outline: tuple[Point, ...]
    squares: frozenset[Square]


@dataclass(frozen=True)
class PlanDoor:
    """A door on its square; *step* is the way through it, (1, 0) to the east, (0, 1) to the south."""

    at: Square
    kind: DoorKind
    step: tuple[int, int]


@dataclass(frozen=True)
class PlanKey:
    """A room's key, to print with its middle at (*x*, *y*) in squares, inside *box* (left, top, right,
    bottom), the bounds of the room's largest area."""

    key: str
    x: float
    y: float
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class FloorPlan:
    site: str
    who: str
    players: bool
    square: float
    unit: str
    floor: frozenset[Square]
    """Every square one can stand on: the rects', the shapes' and the doors'."""
    walled: frozenset[Square]
    """The floor whose sides are walled square by square (a shape's are walled by its outline)."""
    shapes: tuple[Shape, ...]
    doors: tuple[PlanDoor, ...]
    water: tuple[Square, ...]
    columns: tuple[Point, ...]
    """Where each column stands, on the grid."""
    keys: tuple[PlanKey, ...]
    bounds: tuple[int, int, int, int]
    """The squares the plan covers, whole: left, top, right, bottom (right and bottom excluded)."""


def floor_plan(site: Site, gm: str, *, players: bool = False) -> FloorPlan | None:
    """The floor plan of *site* for the game master called *gm*, or for the players; None without a map."""
    plan = site.map
    if plan is None:
        return None
    hidden = {d.at for d in plan.doors if players and d.kind == "secret"}
    walled: set[Square] = set()
    shapes: list[Shape] = []
    for area in plan.areas:
        if area.rect is not None and not area.round:
            x, y, w, h = area.rect
            walled.update((i, j) for j in range(y, y + h) for i in range(x, x + w))
        else:
            outline = _outline(area)
            shapes.append(Shape(outline, frozenset(_squares_inside(outline))))
    shaped = set().union(*(s.squares for s in shapes)) if shapes else set()
    doors = [d for d in plan.doors if d.at not in hidden]
    walled.update(d.at for d in doors)
    floor = frozenset((walled | shaped) - hidden)
    walled_floor = frozenset(walled - shaped - hidden)
    placed = tuple(PlanDoor(d.at, d.kind, STEPS[d.facing] if d.facing else _step(d.at, floor)) for d in doors)
    keys = () if players else _keys(site, plan)
    who = _("For the players") if players else _("For the {gm}").format(gm=gm)
    return FloorPlan(
        site.site,
        who,
        players,
        plan.square,
        plan.unit,
        floor,
        walled_floor,
        tuple(shapes),
        placed,
        tuple(sorted(set(plan.water) & floor)),
        tuple(plan.columns),
        keys,
        _bounds(floor, shapes),
    )


def _outline(area: MapArea) -> tuple[Point, ...]:
    if area.polygon is not None:
        return tuple(area.polygon)
    assert area.rect is not None
    x, y, w, h = area.rect
    if not area.round:
        return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    return tuple(
        (
            x + w / 2 + w / 2 * math.cos(2 * math.pi * n / ROUND_CORNERS),
            y + h / 2 + h / 2 * math.sin(2 * math.pi * n / ROUND_CORNERS),
        )
        for n in range(ROUND_CORNERS)
    )


def _squares_inside(outline: Sequence[Point]) -> set[Square]:
    """The squares whose middle lies inside *outline* (even-odd rule)."""
    ys = [p[1] for p in outline]
    found: set[Square] = set()
    for j in range(math.floor(min(ys)), math.ceil(max(ys))):
        cy = j + 0.5
        crossings = sorted(
            x1 + (cy - y1) * (x2 - x1) / (y2 - y1)
            for (x1, y1), (x2, y2) in zip(outline, (*outline[1:], outline[0]), strict=True)
            if (y1 <= cy) != (y2 <= cy)
        )
        for left, right in zip(crossings[::2], crossings[1::2], strict=False):
            found.update((i, j) for i in range(math.ceil(left - 0.5), math.floor(right - 0.5) + 1))
    return found


def _step(at: Square, floor: frozenset[Square]) -> tuple[int, int]:
    """The way through a door whose facing is not written: along the floor on both sides, else toward it."""
    x, y = at
    east_west = ((x - 1, y) in floor) + ((x + 1, y) in floor)
    north_south = ((x, y - 1) in floor) + ((x, y + 1) in floor)
    if east_west > north_south:
        return (1, 0) if (x + 1, y) in floor else (-1, 0)
    return (0, 1) if (x, y + 1) in floor else (0, -1)


def _keys(site: Site, plan: SiteMap) -> tuple[PlanKey, ...]:
    """Each room's key in the middle of its largest area, in the room key's order."""
    largest: dict[str, tuple[float, Point, tuple[float, float, float, float]]] = {}
    for area in plan.areas:
        if area.room is None:
            continue
        outline = _outline(area)
        if area.rect is not None and not area.round:
            x, y, w, h = area.rect
            size, middle = float(w * h), (x + w / 2, y + h / 2)
        else:
            size, middle = _area_and_centre(outline)
        box = (
            min(p[0] for p in outline),
            min(p[1] for p in outline),
            max(p[0] for p in outline),
            max(p[1] for p in outline),
        )
        if area.room not in largest or size > largest[area.room][0]:
            largest[area.room] = (size, middle, box)
    return tuple(
        PlanKey(room.key, *largest[room.key][1], largest[room.key][2]) for room in site.rooms if room.key in largest
    )


def _area_and_centre(outline: Sequence[Point]) -> tuple[float, Point]:
    """A polygon's area and centroid (the mean of its corners when it has no area)."""
    twice = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(outline, (*outline[1:], outline[0]), strict=True):
        cross = x1 * y2 - x2 * y1
        twice += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(twice) < 1e-9:
        return 0.0, (sum(p[0] for p in outline) / len(outline), sum(p[1] for p in outline) / len(outline))
    return abs(twice) / 2, (cx / (3 * twice), cy / (3 * twice))


def _bounds(floor: frozenset[Square], shapes: Sequence[Shape]) -> tuple[int, int, int, int]:
    xs = [float(x + dx) for x, _ in floor for dx in (0, 1)]
    ys = [float(y + dy) for _, y in floor for dy in (0, 1)]
    for shape in shapes:
        xs += [p[0] for p in shape.outline]
        ys += [p[1] for p in shape.outline]
    if not xs:
        return (0, 0, 1, 1)
    return (math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys)))
