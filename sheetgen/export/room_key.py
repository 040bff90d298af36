"""A site and its packs in; its room key as every export format writes it: rooms, exits, route, statblocks.

What the Markdown, Obsidian and Foundry exports of the key share: the rooms in the file's order, each
with its exits resolved to the rooms they lead to (the index of the room, so that a format can link
to the heading, note or page it writes for it) and the statblocks it names; the site's statblocks in
the file's order, each with its stats in the one order the stat cards print them
(:func:`sheetgen.sheets.statblock.stat_lines`, in the encounter rules' statblock layout); and a
journey's route, leg by leg as the front pages print it: its key, name, terrain (the level of the
route's track, and its label), its time with the units of play it covers, and its notes. The texts
keep the file's **bold** and _italic_ marks; each format converts and escapes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.engine.route import label_of, route_track, stretches
from sheetgen.model.common import Statblock
from sheetgen.model.pack import EncounterRules, Pack, encounter_rules
from sheetgen.model.site import Room, Site
from sheetgen.sheets.statblock import stat_lines
from sheetgen.words import leg_time
from sheetgen.words.language import N_

#: A room's fields after its details, with the label each format heads them with, in print order.
ROOM_SECTIONS: tuple[tuple[str, str], ...] = (
    ("trap", N_("Trap")),
    ("treasure", N_("Treasure")),
    ("encounter", N_("Encounter")),
    ("notes", N_("Notes")),
)
"""The labels are marked for the catalogue; each format translates one where it writes it."""


@dataclass(frozen=True)
class KeyStatblock:
    id: str
    name: str
    description: str
    stats: tuple[tuple[str, str], ...]  # (label, value) in print order
    actions: tuple[tuple[str, str | None, str], ...]  # (name, kind, text)
    notes: str


@dataclass(frozen=True)
class KeyRoom:
    key: str
    name: str
    size: str | None
    exits: tuple[int, ...]  # indexes into RoomKey.rooms, in the file's order
    description: str
    details: tuple[str, ...]
    sections: tuple[tuple[str, str], ...]  # (label, text) of trap, treasure, encounter and notes given
    stats: tuple[int, ...]  # indexes into RoomKey.statblocks

    @property
    def title(self) -> str:
        """How a heading, note or page names the room: "5. Flooded Nave"."""
        return f"{self.key}. {self.name}"


@dataclass(frozen=True)
class KeyLeg:
    """One leg of a journey's route."""

    key: str
    name: str
    terrain: str  # the level of the route's track, then its label if it has one: "4 Forest", "3"
    time: str  # how long, and the units it covers: "12 hours: watches 3-5"
    notes: str


@dataclass(frozen=True)
class RoomKey:
    rooms: tuple[KeyRoom, ...]
    statblocks: tuple[KeyStatblock, ...]
    route: tuple[KeyLeg, ...] = ()
    route_track: str = ""  # the name of the track the legs' terrain sets ("Terrain"), for a column's head


def room_key(site: Site, pack: Pack, encounter_pack: Pack | None) -> RoomKey:
    """The site's rooms and statblocks as the exports write them (see the module docstring)."""
    rules = encounter_rules(pack, encounter_pack)[1]
    rooms = {room.key: n for n, room in enumerate(site.rooms)}
    blocks = {block.id: n for n, block in enumerate(site.statblocks)}
    track = route_track(pack, site.route) if site.route is not None else None
    legs = (
        ()
        if site.route is None or track is None
        else tuple(
            KeyLeg(
                s.key,
                s.name,
                " ".join((str(s.level), *filter(None, [label_of(track, s.level)]))),
                leg_time(pack, s.first, s.last),
                s.notes,
            )
            for s in stretches(pack, site.route)
        )
    )
    return RoomKey(
        rooms=tuple(_room(room, rooms, blocks) for room in site.rooms),
        statblocks=tuple(_statblock(block, rules) for block in site.statblocks),
        route=legs,
        route_track=track.name if track is not None else "",
    )


def _room(room: Room, rooms: dict[str, int], blocks: dict[str, int]) -> KeyRoom:
    # exits and statblock ids were checked when the site was loaded
    return KeyRoom(
        key=room.key,
        name=room.name,
        size=room.size,
        exits=tuple(rooms[key] for key in room.exits if key in rooms),
        description=room.description,
        details=tuple(room.details),
        sections=tuple((label, text) for field, label in ROOM_SECTIONS if (text := getattr(room, field))),
        stats=tuple(blocks[stat] for stat in room.stats if stat in blocks),
    )


def _statblock(block: Statblock, rules: EncounterRules) -> KeyStatblock:
    return KeyStatblock(
        id=block.id,
        name=block.name,
        description=block.description,
        stats=tuple(stat_lines(block, rules)),
        actions=tuple((a.name, a.kind, a.text) for a in block.actions),
        notes=block.notes,
    )
