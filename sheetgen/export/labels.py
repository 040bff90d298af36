"""The words the exports head their sections, columns and fields with: each marked once for the catalogue
here, and translated with ``_()`` where an export writes it, in the language the command runs in."""

from __future__ import annotations

from sheetgen.words.language import N_, _

ROOM_KEY = N_("Room key")
ROUTE = N_("Route")
STATBLOCKS = N_("Statblocks")
TIMETABLE = N_("Timetable")
DECK = N_("Encounter deck")
ROUTE_HEADINGS = (N_("Leg"), N_("Way"), N_("Time"), N_("Notes"))
"""A route table's columns: the leg, the way, then the track its terrain sets (the pack's word), the
time and the notes."""
SIZE = N_("Size")
EXITS = N_("Exits")
ACTIONS = N_("Actions")
NOTES = N_("Notes")


def route_head(track: str) -> tuple[str, ...]:
    """A route table's column heads in the active language, with *track* (the pack's word) third."""
    leg, way, time, notes = (_(h) for h in ROUTE_HEADINGS)
    return (leg, way, track, time, notes)


def with_colon(label: str) -> str:
    """A field's label (already translated) with the colon after it as the language writes it: 'Trap:',
    in French 'Piège\u202f:'."""
    return _("{label}:").format(label=label)
