"""What a site's route must agree on with its pack: a Site, its Document and the Pack in, the Problems
found out (each at the line of the field it is about).

A route sets a track the GM chooses (``chosen: true``): the one ``route.track`` names, else the pack's
only one. Each leg's terrain is a level of that track, by label or number; each leg lasts a whole number
of the pack's units; legs' keys are unique; and the whole route fits in a timetable.
"""

from __future__ import annotations

from sheetgen import limits
from sheetgen.errors import Problem
from sheetgen.load.yamlread import Document
from sheetgen.model.common import duration_field
from sheetgen.model.pack import Pack, Track
from sheetgen.model.site import Route, Site
from sheetgen.words import duration


def route_problems(site: Site, doc: Document, pack: Pack) -> list[Problem]:
    """Every problem of *site*'s route played with *pack*; none without a route."""
    route = site.route
    if route is None:
        return []
    from sheetgen.engine.route import route_track

    problems = _track_problems(route, doc, pack)
    track = route_track(pack, route)
    seen: dict[str, int] = {}
    unit = pack.time.length
    for i, leg in enumerate(route.legs):
        if leg.key in seen:
            problems.append(
                Problem(
                    doc.locate(("route", "legs", i, "key")),
                    f'duplicate key "{leg.key}" (first used by route.legs[{seen[leg.key]}]); '
                    "each leg's key must be unique",
                )
            )
        seen.setdefault(leg.key, i)
        if track is not None:
            problems.extend(_terrain_problems(track, leg.terrain, doc, i))
        if leg.time % unit:
            problems.append(
                Problem(
                    doc.locate(("route", "legs", i, "time")),
                    f"a leg takes a whole number of {pack.time.plural} ({duration(unit)} each): "
                    f"{duration(leg.time)} is {leg.time / unit:g}; write "
                    f"{duration_field(max(1, round(leg.time / unit)) * unit)}",
                )
            )
    total = sum(leg.time for leg in route.legs)
    if total > limits.MAX_HOURS * 3600:
        problems.append(
            Problem(
                doc.locate(("route", "legs")),
                f"the route takes {duration(total)}; a timetable covers at most "
                f"{limits.MAX_HOURS} hours, so split the journey into several sites",
            )
        )
    return problems


def _track_problems(route: Route, doc: Document, pack: Pack) -> list[Problem]:
    chosen = [t for t in pack.tracks if t.chosen]
    if route.track is not None:
        named = next((t for t in pack.tracks if t.id == route.track), None)
        if named is None:
            known = ", ".join(t.id for t in chosen) or "none"
            return [
                Problem(
                    doc.locate(("route", "track")),
                    f'no track with id "{route.track}" in {pack.id} (tracks the GM chooses: {known})',
                )
            ]
        if not named.chosen:
            return [
                Problem(
                    doc.locate(("route", "track")),
                    f"{named.name} is not a track the GM chooses, so a leg cannot set it; name a track "
                    f"with chosen: true ({', '.join(t.id for t in chosen) or f'{pack.id} has none'})",
                )
            ]
        return []
    if len(chosen) == 1:
        return []
    if not chosen:
        return [
            Problem(
                doc.locate(("route",)),
                f"{pack.id} has no track the GM chooses (chosen: true, such as a terrain) for the legs' "
                "terrain to set; play the route with a pack that has one",
            )
        ]
    return [
        Problem(
            doc.locate(("route",)),
            f"{pack.id} has several tracks the GM chooses ({', '.join(t.id for t in chosen)}); say which "
            "one the legs' terrain sets with track:",
        )
    ]


def _terrain_problems(track: Track, terrain: str, doc: Document, i: int) -> list[Problem]:
    from sheetgen.engine.route import level_of

    if level_of(track, terrain) is not None:
        return []
    labels = [lv.label for lv in track.levels if lv.at.low == lv.at.high]
    known = f"{', '.join(labels)}, or a number {track.min}-{track.max}" if labels else f"{track.min}-{track.max}"
    return [
        Problem(
            doc.locate(("route", "legs", i, "terrain")),
            f'"{terrain}" is no level of {track.name} (its levels: {known})',
        )
    ]
