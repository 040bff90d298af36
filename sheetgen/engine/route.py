"""A journey's route as units of play: a pack and a site's route in, the stretch of units each leg covers
and the level its terrain sets on the pack's chosen track out.

A route is the legs (or hexes) in the order the party crosses them. The first leg starts at unit 1 and
lasts its ``time`` (a whole number of the pack's units); each next leg starts the unit after. While a
leg lasts, the route's track (a ``chosen: true`` track: terrain) stands at the leg's level, set at the
start of each of its units, before anything else the unit does. After the last leg the track keeps the
last leg's level. A terrain names a level by the track's label for it (case aside) or by its number.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetgen.model.pack import Pack, Track
from sheetgen.model.site import Route


@dataclass(frozen=True)
class Stretch:
    """One leg of the route, in units of play."""

    key: str
    name: str
    terrain: str  # the level's label, or the terrain as written when the level has none
    level: int
    first: int  # the first unit of the leg (1-based)
    last: int  # its last unit
    notes: str


def route_track(pack: Pack, route: Route) -> Track | None:
    """The track the route's terrain sets: the one it names, else the pack's only chosen track; None
    when there is no such track (the validator says why)."""
    if route.track is not None:
        return next((t for t in pack.tracks if t.id == route.track and t.chosen), None)
    chosen = [t for t in pack.tracks if t.chosen]
    return chosen[0] if len(chosen) == 1 else None


def level_of(track: Track, terrain: str) -> int | None:
    """The level *terrain* names on *track*: a level's label (case aside), or a level's number."""
    wanted = terrain.strip().casefold()
    for level in track.levels:
        if level.label.casefold() == wanted and level.at.low == level.at.high:
            return level.at.low
    try:
        number = int(wanted)
    except ValueError:
        return None
    return number if track.min <= number <= track.max else None


def label_of(track: Track, level: int) -> str | None:
    """The track's label for *level*, if one of its marks is that level alone."""
    return next((lv.label for lv in track.levels if lv.at.low == lv.at.high == level), None)


def stretches(pack: Pack, route: Route) -> tuple[Stretch, ...]:
    """Each leg of a valid route with the units it covers and its level."""
    track = route_track(pack, route)
    assert track is not None
    found = []
    first = 1
    for leg in route.legs:
        level = level_of(track, leg.terrain)
        assert level is not None
        units = leg.time // pack.time.length
        found.append(
            Stretch(
                leg.key, leg.name, label_of(track, level) or leg.terrain, level, first, first + units - 1, leg.notes
            )
        )
        first += units
    return tuple(found)


def route_hours(pack: Pack, route: Route) -> int:
    """The whole hours of play the route takes (its last hour counted whole)."""
    return math.ceil(sum(leg.time for leg in route.legs) / 3600)


def levels_by_unit(pack: Pack, route: Route) -> tuple[int, dict[int, int]]:
    """The index of the route's track in the pack's tracks, and the level it is set to at the start of
    each unit where a leg begins."""
    track = route_track(pack, route)
    assert track is not None
    index = next(i for i, t in enumerate(pack.tracks) if t.id == track.id)
    return index, {s.first: s.level for s in stretches(pack, route)}
