"""What a site's map must agree on with its rooms: a Site and its Document in, the Problems found out (each
at the line of the field it is about).

Each area is a rect or a polygon, never both or neither, and only a rect is round; the room an area names
is a room of the file; the map spans at most ``limits.MAX_MAP_SQUARES`` squares each way, so the drawing's
squares stay big enough to read.
"""

from __future__ import annotations

from sheetgen import limits
from sheetgen.errors import Problem
from sheetgen.load.validate_common import _span
from sheetgen.load.yamlread import Document
from sheetgen.model.site import Site


def map_problems(site: Site, doc: Document) -> list[Problem]:
    """Every problem of *site*'s map; none without a map."""
    plan = site.map
    if plan is None:
        return []
    keys = [room.key for room in site.rooms]
    known = set(keys)
    problems: list[Problem] = []
    xs: list[float] = []
    ys: list[float] = []
    for i, area in enumerate(plan.areas):
        where = ("map", "areas", i)
        if (area.rect is None) == (area.polygon is None):
            problems.append(
                Problem(
                    doc.locate(where),
                    "give an area either rect: [x, y, width, height] or "
                    "polygon: [[x, y], ...], not " + ("both" if area.rect else "neither"),
                )
            )
        if area.round and area.rect is None:
            problems.append(
                Problem(
                    doc.locate((*where, "round")),
                    "only a rect can be round (the circle or ellipse inside it); drop round: or give a rect",
                )
            )
        if area.room is not None and area.room not in known:
            problems.append(
                Problem(
                    doc.locate((*where, "room")),
                    f'no room with key "{area.room}" (rooms are {_span(keys)}); leave room: out for a passage',
                )
            )
        if area.rect is not None:
            x, y, w, h = area.rect
            xs += [x, x + w]
            ys += [y, y + h]
        for px, py in area.polygon or ():
            xs.append(px)
            ys.append(py)
    for squares in ([d.at for d in plan.doors], plan.water):
        for x, y in squares:
            xs += [x, x + 1]
            ys += [y, y + 1]
    xs += [x for x, _ in plan.columns]
    ys += [y for _, y in plan.columns]
    if xs and (max(xs) - min(xs) > limits.MAX_MAP_SQUARES or max(ys) - min(ys) > limits.MAX_MAP_SQUARES):
        problems.append(
            Problem(
                doc.locate(("map",)),
                f"the map spans {max(xs) - min(xs):g} x {max(ys) - min(ys):g} squares; at most "
                f"{limits.MAX_MAP_SQUARES:,} each way fit on a page (draw it with larger squares, "
                "or split the site)",
            )
        )
    return problems
