"""A site's room key in; its Markdown sections out: "Room key", one heading per room, "Route" for a
journey and "Statblocks".

Each room is a heading with its key and name (``### 5. Flooded Nave``), then its size, its exits as
links to the other rooms' headings, its description, its details as a list, its trap, treasure,
encounter and notes, and links to the statblocks it names. A journey's "Route" section is a table of
its legs in order: key, name, terrain, time and the units it covers, and notes. The "Statblocks" section gives each
statblock a heading, its description, a one-row table of its stats in the pack's order, its actions
and notes.

Links go to the anchors GitHub gives headings (:class:`Anchors`: the heading's text in lower case,
punctuation dropped, spaces as hyphens, ``-1``, ``-2`` after a text seen before), so the document's
earlier headings are counted first. All text goes through the flavour's escaper, as the tables' cells
do (sheetgen.export.markdown), so no room's words become a heading, list, rule, link or HTML.
"""

from __future__ import annotations

from sheetgen.export.labels import ACTIONS, EXITS, NOTES, ROOM_KEY, ROUTE, SIZE, STATBLOCKS, route_head, with_colon
from sheetgen.export.markdown import MARKDOWN, Anchors, Flavour, block_safe, document, grid, inline, paragraph_lines
from sheetgen.export.room_key import KeyRoom, KeyStatblock, RoomKey
from sheetgen.export.tables import Exported, Subject
from sheetgen.markup import convert, paragraphs, plain
from sheetgen.words.language import _

BOLD = ("**", "**")
ITALIC = ("*", "*")


def shown(name: str) -> str:
    """A name as a heading or link shows it: without its marks, on one line."""
    return " ".join(plain(name).split())


def key_sections(key: RoomKey, flavour: Flavour, anchors: Anchors, level: int = 2) -> list[str]:
    """The "Room key" and "Statblocks" sections, at heading *level*; *anchors* holds the headings above."""
    esc = flavour.escape
    # every heading's anchor first, in the document's order, so a room can link to a statblock below it
    anchors.add(_(ROOM_KEY))
    room_anchors = [anchors.add(shown(room.title)) for room in key.rooms]
    if key.route:
        anchors.add(_(ROUTE))
    if key.statblocks:
        anchors.add(_(STATBLOCKS))
    block_anchors = [anchors.add(shown(block.name)) for block in key.statblocks]
    lines = [f"{'#' * level} {esc(_(ROOM_KEY))}", ""]
    for room in key.rooms:
        lines += [f"{'#' * (level + 1)} {esc(shown(room.title))}", ""]
        lines += room_body(room, key, flavour, room_anchors, block_anchors)
    lines += route_section(key, flavour, level)
    if key.statblocks:
        lines += [f"{'#' * level} {esc(_(STATBLOCKS))}", ""]
        for block in key.statblocks:
            lines += [f"{'#' * (level + 1)} {esc(shown(block.name))}", ""]
            lines += statblock_body(block, flavour)
    return lines


def route_section(key: RoomKey, flavour: Flavour, level: int = 2) -> list[str]:
    """A journey's "Route" section at heading *level*: a table of its legs in order; none without a route."""
    if not key.route:
        return []
    rows = [
        [
            inline(leg.key, flavour),
            inline(leg.name, flavour),
            inline(leg.terrain, flavour),
            inline(leg.time, flavour),
            inline(leg.notes, flavour),
        ]
        for leg in key.route
    ]
    head = [inline(h, flavour) for h in route_head(key.route_track)]
    return [f"{'#' * level} {flavour.escape(_(ROUTE))}", "", *grid(head, rows), ""]


def room_body(
    room: KeyRoom, key: RoomKey, flavour: Flavour, room_anchors: list[str], block_anchors: list[str]
) -> list[str]:
    """A room under its heading; its exits and statblocks link to the anchors given."""
    esc = flavour.escape
    exits = ", ".join(f"[{esc(shown(key.rooms[i].title))}](#{room_anchors[i]})" for i in room.exits)
    lines = room_fields(room, flavour, exits)
    if room.stats:
        links = ", ".join(f"[{esc(shown(key.statblocks[i].name))}](#{block_anchors[i]})" for i in room.stats)
        lines += [f"**{flavour.escape(with_colon(_(STATBLOCKS)))}** {links}", ""]
    return lines


def room_fields(room: KeyRoom, flavour: Flavour, exits: str) -> list[str]:
    """A room's size, its exits (*exits*: the links, already written), description, details as a
    list, trap, treasure, encounter and notes."""
    lines: list[str] = []
    if room.size:
        lines += [f"**{flavour.escape(with_colon(_(SIZE)))}** {flavour.escape(shown(room.size))}", ""]
    if exits:
        lines += [f"**{flavour.escape(with_colon(_(EXITS)))}** {exits}", ""]
    lines += paragraph_lines(room.description, flavour)
    if room.details:
        lines += detail_list(room.details, flavour)
    for label, text in room.sections:
        lines += labelled(_(label), text, flavour)
    return lines


def detail_list(details: tuple[str, ...], flavour: Flavour) -> list[str]:
    """One list item per detail; a detail's later paragraphs indented under it."""
    lines = []
    for detail in details:
        for k, p in enumerate(paragraphs(detail)):
            text = block_safe(convert(p, flavour.escape, BOLD, ITALIC))
            lines += [f"- {text}"] if k == 0 else ["", f"  {text}"]
    return [*lines, ""]


def labelled(label: str, text: str, flavour: Flavour) -> list[str]:
    """A field's paragraphs, the first after its label (translated) in bold: "**Trap:** The floor gives way."."""
    lines = paragraph_lines(text, flavour)
    if lines:
        lines[0] = f"**{flavour.escape(with_colon(label))}** {lines[0]}"
    return lines


def statblock_body(block: KeyStatblock, flavour: Flavour, *, stats_table: bool = True) -> list[str]:
    """A statblock's description, its stats as a one-row table (unless *stats_table* is false: when a
    code block holds them), its actions and notes."""
    lines = paragraph_lines(block.description, flavour)
    if block.stats and stats_table:
        lines += grid(
            [inline(label, flavour) for label, _value in block.stats],
            [[inline(value, flavour) for _label, value in block.stats]],
        )
        lines.append("")
    if block.actions:
        lines += [f"**{flavour.escape(with_colon(_(ACTIONS)))}**", ""]
        for name, kind, text in block.actions:
            item = f"**{flavour.escape(shown(name))}**"
            if kind:
                item += f" \\[{convert(kind, flavour.escape, BOLD, ITALIC)}\\]"
            if text:
                item += ": " + " ".join(convert(p, flavour.escape, BOLD, ITALIC) for p in paragraphs(text))
            lines.append(f"- {item}")
        lines.append("")
    if block.notes:
        lines += labelled(_(NOTES), block.notes, flavour)
    return lines


def write(subject: Subject) -> Exported:
    """Plain GitHub-flavoured Markdown: the tables, the room key in sections, the timetable and the deck."""
    return document(subject, MARKDOWN, key_sections)
