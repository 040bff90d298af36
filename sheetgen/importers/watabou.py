"""A dungeon from Watabou's One Page Dungeon (its JSON export) in; a site file a GM can play at once out.

The JSON is read and checked by sheetgen.importers.watabou_json. Door types: 0 open, 1 door,
2 narrow, 3 way out, 4 portcullis, 5 double, 6 secret, 7 steel, 8 stairs down, 9 stairwell.

What the map says, as a site:

- Rooms. A rect with a note is a room, keyed by the note's ``ref`` and described by its ``text``; a
  rect at least two squares wide both ways (a chamber) without a note is a room too, keyed on from
  the highest numbered ref in map order (top to bottom, left to right). Other rects (one square wide)
  are corridors, and a rect on a door's square is that door. A note outside every rect belongs to
  the nearest one; a second note in a room becomes one of its details.
- Exits. Two rooms connect when a path of doors and corridor squares joins them without passing
  through another room. Rects touch only where one of them is a single square, as the generator
  draws them: two chambers that share a wall without a door between them do not connect.
- Details: secret, steel (locked) and portcullis doors, stairs, ways out of the dungeon and doors at
  the map's edge, with the side of the room they are on (one that stands in a corridor, next to no
  room, with the nearest room it leads to, and the rooms beyond it); the squares of water and the columns in
  the room; the end of the dungeon (``ending``).
- Sizes in feet: ``square`` feet to a square (10 by default, the usual scale of a dungeon map).
- The floor plan (the site's ``map``): every rect as an area, a room's or a passage's, every door with its
  kind and the way through it, the squares of water and the columns, for the map drawn to scale.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sheetgen import limits
from sheetgen.errors import DataError, Location, OutputError, Problem
from sheetgen.importers.site_file import MapArea, MapDoor, SiteMap, SiteRoom, site_yaml
from sheetgen.importers.watabou_json import Door, Dungeon, Note, Rect, Square, parse

DOOR_KINDS = (
    "open passage",
    "door",
    "narrow passage",
    "way out",
    "portcullis",
    "double door",
    "secret door",
    "steel door",
    "stairs down",
    "stairwell",
)
#: Doors the GM has to know about; the others are plain passages between rooms.
NOTEWORTHY = {3, 4, 6, 7, 8, 9}
#: Each door type as a site map's door kind (docs/site-format.md); an unknown type is a plain door.
MAP_KINDS = ("open", "door", "narrow", "way-out", "portcullis", "double", "secret", "steel", "stairs", "stairwell")
FACINGS = {(1, 0): "east", (-1, 0): "west", (0, 1): "south", (0, -1): "north"}


@dataclass
class Room:
    """A room of the site being made."""

    rect: Rect
    key: str = ""
    notes: list[Note] = field(default_factory=list)
    moved_notes: list[Note] = field(default_factory=list)  # notes outside every rect, brought here
    exits: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)

    def all_notes(self) -> list[Note]:
        """Its notes, those inside the rect first (the first gives the key and description)."""
        return [
            *sorted(self.notes, key=lambda n: _natural(n.ref)),
            *sorted(self.moved_notes, key=lambda n: _natural(n.ref)),
        ]


# --- the map as rooms ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """The rooms of the site, in key order, and what the site file should say about the map."""

    rooms: tuple[Room, ...]
    outside_water: int  # squares of water in no room
    passages: tuple[Rect, ...]  # the rects that are no room and no door's square


def plan(dungeon: Dungeon, name: str) -> Plan:
    """Rooms, keys, exits and details from the map."""
    door_at = {(d.x, d.y): d for d in dungeon.doors}
    spaces = [r for r in dungeon.rects if not (r.w == 1 and r.h == 1 and (r.x, r.y) in door_at)]
    rooms: dict[int, Room] = {}
    for note in sorted(dungeon.notes, key=lambda n: _natural(n.ref)):
        inside = [r for r in spaces if r.holds(note.x, note.y)]
        if inside:
            rect = min(inside, key=lambda r: r.w * r.h)
            rooms.setdefault(rect.index, Room(rect)).notes.append(note)
        elif spaces:
            rect = min(spaces, key=lambda r: (r.distance(note.x, note.y), r.index))
            rooms.setdefault(rect.index, Room(rect)).moved_notes.append(note)
    for rect in sorted(spaces, key=lambda r: (r.y, r.x, r.index)):
        if rect.w >= 2 and rect.h >= 2:
            rooms.setdefault(rect.index, Room(rect))
    if not rooms:
        raise DataError(
            "the map has no rooms: no notes and no rect at least two squares wide both ways",
            Location(name, field="rects"),
        )
    if len(rooms) > limits.MAX_ROOMS:
        raise DataError(
            f"the map has {len(rooms)} rooms; a site holds at most {limits.MAX_ROOMS}", Location(name, field="rects")
        )
    _give_keys(list(rooms.values()))
    _connect(rooms, spaces, door_at)
    water = set(dungeon.water)
    columns = {(math.floor(x), math.floor(y)) for x, y in dungeon.columns}
    placed: set[Square] = set()
    for room in rooms.values():
        _describe(room, water, columns, placed)
    ordered = sorted(rooms.values(), key=lambda r: _natural(r.key))
    return Plan(tuple(ordered), len(water - placed), tuple(r for r in spaces if r.index not in rooms))


def _natural(key: str) -> tuple[int, int, str]:
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def _give_keys(rooms: list[Room]) -> None:
    taken = {note.ref for room in rooms for note in room.notes + room.moved_notes}
    numbers = [int(k) for k in taken if k.isdigit()]
    following = max(numbers, default=0) + 1
    for room in rooms:
        notes = room.all_notes()
        if notes:
            room.key = notes[0].ref
            continue
        while str(following) in taken:
            following += 1
        room.key = str(following)
        taken.add(room.key)


Node = tuple[str, int, int]  # ("r", rect index, 0) for a rect that is no door, ("d", x, y) for a door


def _connect(rooms: dict[int, Room], spaces: list[Rect], door_at: dict[Square, Door]) -> None:
    """Exits between rooms, through doors and corridors; the doors a GM must know about as details."""
    small: dict[Square, Node] = {sq: ("d", *sq) for sq in door_at}
    for rect in spaces:
        if rect.w == 1 and rect.h == 1:
            small.setdefault((rect.x, rect.y), ("r", rect.index, 0))
    links: dict[Node, set[Node]] = {}

    def link(a: Node, b: Node) -> None:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)

    for rect in spaces:
        for sq in rect.around():
            if sq in small and small[sq] != ("r", rect.index, 0):
                link(("r", rect.index, 0), small[sq])
    for x, y in door_at:
        for square in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if square in small:
                link(("d", x, y), small[square])

    def beyond(start: Node, home: int) -> set[int]:
        """The rooms reached from ``start`` through doors and corridors, never through room ``home``."""
        found: set[int] = set()
        seen = {start, ("r", home, 0)}
        queue = deque([start])
        while queue:
            for nxt in links.get(queue.popleft(), ()):
                if nxt in seen:
                    continue
                seen.add(nxt)
                if nxt[0] == "r" and nxt[1] in rooms:
                    found.add(nxt[1])
                else:
                    queue.append(nxt)
        return found

    for index, room in rooms.items():
        node: Node = ("r", index, 0)
        room.exits = sorted((rooms[i].key for i in beyond(node, index)), key=_natural)
        for door_node in sorted(n for n in links.get(node, ()) if n[0] == "d"):
            door = door_at[(door_node[1], door_node[2])]
            there = beyond(door_node, index)
            if door.kind not in NOTEWORTHY and there:
                continue
            kind = DOOR_KINDS[door.kind] if door.kind < len(DOOR_KINDS) else f"passage of type {door.kind}"
            where = (
                "leads out of the dungeon"
                if not there
                else ("to " + ", ".join(sorted((rooms[i].key for i in there), key=_natural)))
            )
            room.details.append(f"{kind.capitalize()} ({room.rect.side((door.x, door.y))}) {where}.")
    _corridor_doors(rooms, links, door_at, beyond)


def _corridor_doors(
    rooms: dict[int, Room],
    links: dict[Node, set[Node]],
    door_at: dict[Square, Door],
    beyond: Callable[[Node, int], set[int]],
) -> None:
    """A noteworthy door that stands in a corridor, next to no room, becomes a detail of the nearest room
    it leads to (or of the nearest room at all), with the rooms the corridor joins."""
    beside_rooms = {n for index in rooms for n in links.get(("r", index, 0), ()) if n[0] == "d"}
    for (x, y), door in sorted(door_at.items(), key=lambda item: item[1].index):
        if door.kind not in NOTEWORTHY or ("d", x, y) in beside_rooms or not rooms:
            continue
        there = beyond(("d", x, y), -1)
        near = min(there or rooms, key=lambda i: (rooms[i].rect.distance(x + 0.5, y + 0.5), _natural(rooms[i].key)))
        room = rooms[near]
        kind = DOOR_KINDS[door.kind] if door.kind < len(DOOR_KINDS) else f"passage of type {door.kind}"
        others = sorted((rooms[i].key for i in there if i != near), key=_natural)
        where = (
            "on the way out of the dungeon"
            if not there
            else "on the way to " + ", ".join(others)
            if others
            else "at the end of a passage from this room"
        )
        room.details.append(f"{kind.capitalize()} in the corridor ({room.rect.side((x, y))}), {where}.")


def _describe(room: Room, water: set[Square], columns: set[Square], placed: set[Square]) -> None:
    rect = room.rect
    for note in room.all_notes()[1:]:
        room.details.append(f"Note {note.ref}: {note.text}" if note.text else f"Note {note.ref}.")
    inside = set(rect.squares())
    wet = inside & water
    placed |= wet
    if wet:
        whole = len(wet) == len(inside)
        room.details.append(
            "Water covers the floor." if whole else f"Water covers {len(wet)} of its {len(inside)} squares."
        )
    pillars = len(inside & columns)
    if pillars:
        room.details.append(
            f"{pillars} column{'s' if pillars != 1 else ''}" + (" ring the room." if rect.rotunda else ".")
        )
    if rect.ending:
        room.details.append("The map marks this room as the end of the dungeon.")


def room_name(room: Room) -> str:
    """A name from the room's shape, for the GM to replace."""
    rect = room.rect
    if rect.rotunda:
        return "Round chamber"
    if rect.w == 1 or rect.h == 1:
        return "Passage"
    if rect.w == rect.h:
        return "Square chamber"
    return "Hall" if max(rect.w, rect.h) >= 2 * min(rect.w, rect.h) + 2 else "Chamber"


def room_size(room: Room, square: int) -> str:
    rect = room.rect
    if rect.rotunda:
        return f"{rect.w * square} ft across"
    return f"{rect.w * square} x {rect.h * square} ft"


# --- the site file ------------------------------------------------------------------------------------


def import_watabou(
    file: Path, output: Path | None, *, system: str = "dungeon-turn", square: int = 10, force: bool = False
) -> Path:
    """Read ``file``, write its site file (to ``output``, or output/<file name>.yaml); give its path.

    The site file is loaded and checked like any other before it is written, so what is written
    passes ``sheetgen check``. An existing file is replaced only with ``force``.
    """
    from sheetgen.errors import display_name
    from sheetgen.load.files import load_pack, pack_name_for_site, site_from_doc
    from sheetgen.load.yamlread import parse_yaml, read_bytes
    from sheetgen.output import (
        DEFAULT_FOLDER,
        check_destination,
        prepare_default_folder,
        safe_name,
        write_atomic,
    )

    name = display_name(file)
    if output is None:
        prepare_default_folder(create=False)
        target = DEFAULT_FOLDER / f"{safe_name(file.stem, 'dungeon')}.yaml"
    else:
        target = check_destination(output)
    if target.exists() and not force:
        raise OutputError(f"{target} exists; give --force to replace it, or another -o")
    load_pack(system)  # the pack must exist before a site names it
    system = pack_name_for_site(system, target)
    dungeon = parse(read_bytes(file, name, "a One Page Dungeon JSON file"), name)
    made = plan(dungeon, name)
    floor = site_map(dungeon, made, square)
    _fits_a_site(floor, name)
    text = site_text(dungeon, made, floor, file=file.name, system=system)
    try:
        site_from_doc(parse_yaml(text.encode(), display_name(target)), target)
    except DataError as exc:
        # a map the JSON's limits let through whose site file passes a site's: said of the JSON, as no
        # file was written
        raise DataError.many(
            Problem(
                Location(name),
                f"this map makes a site file that sheetgen refuses: "
                f"{p.location.field + ': ' if p.location.field else ''}"
                f"{p.message}; import a smaller map",
            )
            for p in exc.problems
        ) from None
    if output is None:
        prepare_default_folder()
    return write_atomic(target, text.encode())


def _fits_a_site(plan: SiteMap, name: str) -> None:
    """Refuse, before its site file is written out, a floor plan with more of a kind than a site's map holds
    (limits.MAX_MAP_ITEMS): the JSON's own limits let more through."""
    for kind, items in (("areas", plan.areas), ("doors", plan.doors), ("water", plan.water), ("columns", plan.columns)):
        if len(items) > limits.MAX_MAP_ITEMS:
            raise DataError(
                f"this map makes a site file that sheetgen refuses: map.{kind}: {len(items)} entries; "
                f"at most {limits.MAX_MAP_ITEMS} are allowed; import a smaller map",
                Location(name),
            )


def site_text(dungeon: Dungeon, made: Plan, floor: SiteMap, *, file: str, system: str) -> str:
    """The site file of a planned dungeon with its floor plan (:func:`site_map`)."""
    square = floor.square
    noted = {note.ref for note in dungeon.notes}
    unkeyed = [room.key for room in made.rooms if room.key not in noted]
    header = [
        f"Imported from {file}, made with Watabou's One Page Dungeon"
        + (f" (version {dungeon.version})." if dungeon.version else "."),
        f"Scale: a square of the map is {square} ft (sheetgen import watabou --square FEET).",
        "Rooms keep the numbers of the map's notes"
        + (
            f"; rooms {', '.join(unkeyed)} had none."
            if len(unkeyed) > 1
            else f"; room {unkeyed[0]} had none."
            if unkeyed
            else "."
        ),
        "Names come from the rooms' shapes: give them your own, and add traps, treasure and encounters",
        "(trap:, treasure:, encounter: under a room). `sheetgen check` this file after editing it.",
        "",
    ]
    text = dungeon.story
    if made.outside_water:
        text += ("\n\n" if text else "") + f"Water floods {made.outside_water} squares of the passages."
    rooms = []
    for room in made.rooms:
        first = room.all_notes()
        comment = "" if first else "not keyed on the map: describe it"
        if room.moved_notes:
            moved = ", ".join(n.ref for n in room.moved_notes)
            comment = f"note {moved} lay outside every rect of the map; this is the nearest"
        rooms.append(
            SiteRoom(
                room.key,
                room_name(room),
                room_size(room, square),
                tuple(room.exits),
                first[0].text if first else "",
                tuple(room.details),
                comment,
            )
        )
    title = dungeon.title or Path(file).stem.replace("_", " ").strip() or "Imported dungeon"
    return site_yaml(title=title, system=system, text=text, header=header, rooms=rooms, plan=floor)


def site_map(dungeon: Dungeon, made: Plan, square: int) -> SiteMap:
    """The map's geometry as the site's floor plan: every rect, door, square of water and column kept."""
    areas = [
        MapArea(room.key, (room.rect.x, room.rect.y, room.rect.w, room.rect.h), room.rect.rotunda)
        for room in sorted(made.rooms, key=lambda r: r.rect.index)
    ]
    areas += [MapArea(None, (r.x, r.y, r.w, r.h)) for r in made.passages]
    doors = tuple(
        MapDoor(
            (d.x, d.y),
            MAP_KINDS[d.kind] if d.kind < len(MAP_KINDS) else "door",
            FACINGS.get(d.facing) if d.facing else None,
        )
        for d in dungeon.doors
    )
    return SiteMap(
        square, tuple(areas), doors, tuple(sorted(set(dungeon.water))), tuple(sorted(set(dungeon.columns)))
    )  # where each stands, as the JSON says
