"""The dungeon's own front pages, as a plain view: a site in, its background and its room index out.

The background is the site's ``text``, paragraph by paragraph as its author marked it up. The room
index is every room in the key's order: its key, name and size, its exits, what the game master must
not miss in it (a trap, treasure, an encounter, notes, the statblocks met there) and where it stands in
the whole: a dead end (one way in and out) or a room on a loop (there is another way round). A journey's
route follows, leg by leg: its key and name, its terrain, how long it takes and when (the units of play
it covers, as the timetable counts them) and its notes. Nothing here measures or draws:
sheetgen.layout.site_front sets it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from sheetgen.engine.route import stretches
from sheetgen.model.pack import Pack
from sheetgen.model.site import Room, Site
from sheetgen.words import leg_time
from sheetgen.words.language import _

Marker = Literal["trap", "treasure", "encounter", "notes"]
MARKERS: tuple[Marker, ...] = ("trap", "treasure", "encounter", "notes")
"""What a room can hold that the index marks, in the index's order; each is the room field of that name."""

Place = Literal["dead end", "loop", ""]


@dataclass(frozen=True)
class IndexRow:
    """One room in the index."""

    key: str
    name: str
    size: str | None
    exits: tuple[str, ...]
    markers: frozenset[Marker]
    stats: tuple[str, ...]
    """The names of the statblocks met in the room (its ``stats``)."""
    place: Place


@dataclass(frozen=True)
class RouteRow:
    """One leg of a journey's route."""

    key: str
    name: str
    terrain: str
    time: str
    """How long it takes and which units of play it covers: '12 hours: watches 3-5'."""
    notes: str


@dataclass(frozen=True)
class SiteFront:
    """The front pages: whose pages they are, the site's background in paragraphs, the room index and
    the route (none for a site without one)."""

    site: str
    who: str
    background: tuple[str, ...]
    rooms: tuple[IndexRow, ...]
    route: tuple[RouteRow, ...] = ()
    language: str | None = None
    """The language of the site's text (its own, else its pack's), which its background is hyphenated by."""


def site_front(site: Site, gm: str, pack: Pack | None = None) -> SiteFront:
    """The front pages of *site*, for the game master called *gm* by the pack ("DM", "Referee"); its route
    (if it has one) as *pack* plays it."""
    names = {block.id: block.name for block in site.statblocks}
    places = room_places(site.rooms)
    rows = tuple(
        IndexRow(
            room.key,
            room.name,
            room.size,
            tuple(room.exits),
            frozenset(m for m in MARKERS if getattr(room, m)),
            tuple(names[s] for s in room.stats),
            places[room.key],
        )
        for room in site.rooms
    )
    route = route_rows(site, pack) if pack is not None else ()
    language = site.language or (pack.language if pack is not None else None)
    return SiteFront(site.site, _("For the {gm}").format(gm=gm), paragraphs(site.text), rows, route, language)


def route_rows(site: Site, pack: Pack) -> tuple[RouteRow, ...]:
    """The legs of *site*'s route, each with the units of *pack* it covers."""
    if site.route is None:
        return ()
    return tuple(
        RouteRow(s.key, s.name, s.terrain, leg_time(pack, s.first, s.last), s.notes)
        for s in stretches(pack, site.route)
    )


def paragraphs(text: str) -> tuple[str, ...]:
    """*text*'s paragraphs: blank lines part them; the lines of one paragraph run on."""
    blocks = [" ".join(block.split()) for block in text.split("\n\n")]
    return tuple(block for block in blocks if block)


def room_places(rooms: list[Room]) -> dict[str, Place]:
    """Each room's place in the map of its exits, read both ways (an exit from 2 to 5 is a way from 5 to
    2): "dead end" for a room with one neighbour, "loop" for a room on a circuit (an exit of it that is
    no bridge: the two sides stay joined without it), else "".
    """
    neighbours: dict[str, set[str]] = defaultdict(set)
    for room in rooms:
        for key in room.exits:
            if key != room.key:
                neighbours[room.key].add(key)
                neighbours[key].add(room.key)
    on_loop = _on_circuits(neighbours)
    return {
        room.key: "dead end" if len(neighbours[room.key]) == 1 else "loop" if room.key in on_loop else ""
        for room in rooms
    }


def _on_circuits(neighbours: dict[str, set[str]]) -> set[str]:
    """The rooms with an exit that is not a bridge (Tarjan's low links, without recursion)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    bridges: set[frozenset[str]] = set()
    for root in sorted(neighbours):
        if root in order:
            continue
        order[root] = low[root] = len(order)
        stack: list[tuple[str, str | None, list[str]]] = [(root, None, sorted(neighbours[root]))]
        while stack:
            node, parent, todo = stack[-1]
            if todo:
                nxt = todo.pop()
                if nxt == parent:
                    continue
                if nxt in order:
                    low[node] = min(low[node], order[nxt])
                else:
                    order[nxt] = low[nxt] = len(order)
                    stack.append((nxt, node, sorted(neighbours[nxt])))
                continue
            stack.pop()
            if parent is not None:
                low[parent] = min(low[parent], low[node])
                if low[node] > order[parent]:
                    bridges.add(frozenset((node, parent)))
    return {node for node, near in neighbours.items() if any(frozenset((node, n)) not in bridges for n in near)}
