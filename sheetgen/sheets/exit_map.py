"""The dungeon's map as its exits tell it, as a plain view: a site in, its rooms and the ways between them out.

A site file lists each room's exits; this reads them as a map of ways: two rooms that list each other
are joined both ways, a room listed by one room only is reached one way (a chute, a one-way door). Each
room carries its key, its name and what the room index marks in it (a trap, treasure, notes, an
encounter or the statblocks met there). Nothing here measures or draws: sheetgen.layout.exit_map sets it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.model.site import Site
from sheetgen.sheets.site_front import MARKERS, Marker
from sheetgen.words.language import _


@dataclass(frozen=True)
class MapRoom:
    """One room on the map: its key, its name and the index's markers, in the index's order."""

    key: str
    name: str
    markers: tuple[Marker, ...]
    language: str | None = None
    """The language of its name, the site's text, which the name is hyphenated by (None: that of sheetgen's
    own words)."""


@dataclass(frozen=True)
class MapExit:
    """A way between two rooms; *one_way*: only *start* lists it, so it leads from *start* to *end*."""

    start: str
    end: str
    one_way: bool


@dataclass(frozen=True)
class ExitMap:
    site: str
    who: str
    rooms: tuple[MapRoom, ...]
    exits: tuple[MapExit, ...]
    """Each pair of rooms once, in the key's order of the room that lists it first."""


def exit_map(site: Site, gm: str, language: str | None = None) -> ExitMap:
    """The map of *site*'s exits, for the game master called *gm* by the pack; *language* is that of the site's
    text (the site's own or its pack's)."""
    listed = {room.key: set(room.exits) for room in site.rooms}
    rooms = tuple(
        MapRoom(
            room.key,
            room.name,
            tuple(m for m in MARKERS if getattr(room, m) or (m == "encounter" and room.stats)),
            language,
        )
        for room in site.rooms
    )
    seen: set[frozenset[str]] = set()
    exits: list[MapExit] = []
    for room in site.rooms:
        for key in room.exits:
            pair = frozenset((room.key, key))
            if key == room.key or pair in seen:
                continue
            seen.add(pair)
            exits.append(MapExit(room.key, key, room.key not in listed.get(key, set())))
    return ExitMap(site.site, _("For the {gm}").format(gm=gm), rooms, tuple(exits))
