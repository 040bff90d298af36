"""A site's room key in; Obsidian notes out: one note per room, linked by [[wikilinks]], and statblocks
for the Fantasy Statblocks plugin.

Each room's note (``5. Flooded Nave.md``) holds what the Markdown export's room section does, its
exits as ``[[2. Narthex]]`` links to the other rooms' notes, and after it each statblock the room
names: a heading and a ``statblock`` code block (the plugin's YAML: ``name`` and each of the pack's
stats, in its order, as a key of its own, every key and value a double-quoted scalar written by
sheetgen.yamltext), then the statblock's description, actions and notes. The main note gets a
"Room key" section that links to every room's note, for a journey a "Route" section (the Markdown
export's table of its legs) and a "Statblocks" section with every statblock.

A note's name is the room's key and name made safe as a file name on every system and as a link's
target in Obsidian (:func:`note_names`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from sheetgen.export.labels import ROOM_KEY, STATBLOCKS
from sheetgen.export.markdown import Anchors, Flavour, note_bytes
from sheetgen.export.markdown_key import room_fields, route_section, shown, statblock_body
from sheetgen.export.room_key import KeyStatblock, RoomKey
from sheetgen.words.language import _
from sheetgen.yamltext import quoted

#: Bytes of a note's name, before ".md": well inside every file system's 255, and a path in a vault
#: stays short enough for Windows.
MAX_NOTE_BYTES = 100

_UNSAFE = re.compile(r'[/\\:*?"<>|#^\[\]$%`\x00-\x1f\x7f]+')
"""What no file name on Windows, macOS or Linux may hold, and what would end or change an Obsidian link."""

_WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)), *(f"LPT{n}" for n in range(10))}
)


def note_name(title: str) -> str:
    """*title* as a note's name (without uniqueness): no character a system or Obsidian refuses, no
    leading dot (a hidden file), no trailing dot or space (Windows), no reserved device name, at most
    :data:`MAX_NOTE_BYTES` bytes; "Room" when nothing is left."""
    name = unicodedata.normalize("NFC", shown(title))
    name = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    name = " ".join(_UNSAFE.sub(" ", name).replace("==", "=").split())
    while len(name.encode()) > MAX_NOTE_BYTES:
        name = name[:-1]
    name = name.lstrip(". ").rstrip(". ")
    if name.split(".")[0].rstrip(" ").upper() in _WINDOWS_RESERVED:
        name = f"_{name}"
    return name or "Room"


def note_names(titles: Iterable[str], taken: Iterable[str] = ()) -> list[str]:
    """A note name for each title, none the same as another or as *taken* when case and Unicode
    normalization are ignored (as on Windows and macOS): a repeated name gets " 2", " 3"."""
    seen = {name.casefold() for name in taken}
    names = []
    for title in titles:
        base = name = note_name(title)
        n = 2
        while name.casefold() in seen:
            name = f"{base} {n}"
            n += 1
        seen.add(name.casefold())
        names.append(name)
    return names


def room_notes(key: RoomKey, flavour: Flavour, taken: Iterable[str] = ()) -> tuple[tuple[str, bytes], ...]:
    """One note per room, as (file name, content); *taken* are the other notes' names."""
    names = note_names((room.title for room in key.rooms), taken)
    notes = []
    for room, name in zip(key.rooms, names, strict=True):
        lines = [f"# {flavour.escape(shown(room.title))}", ""]
        exits = ", ".join(f"[[{names[i]}]]" for i in room.exits)
        lines += room_fields(room, flavour, exits)
        for i in room.stats:
            block = key.statblocks[i]
            lines += [f"## {flavour.escape(shown(block.name))}", ""]
            lines += statblock_note(block, flavour)
        notes.append((f"{name}.md", note_bytes(lines)))
    return tuple(notes)


def index_sections(key: RoomKey, flavour: Flavour, anchors: Anchors, level: int = 2) -> list[str]:
    """The main note's "Room key" (a link to each room's note), "Route" and "Statblocks" sections."""
    names = note_names(room.title for room in key.rooms)
    lines = [f"{'#' * level} {flavour.escape(_(ROOM_KEY))}", ""]
    lines += [f"- [[{name}]]" for name in names]
    lines.append("")
    lines += route_section(key, flavour, level)
    if key.statblocks:
        lines += [f"{'#' * level} {flavour.escape(_(STATBLOCKS))}", ""]
        for block in key.statblocks:
            lines += [f"{'#' * (level + 1)} {flavour.escape(shown(block.name))}", ""]
            lines += statblock_note(block, flavour)
    return lines


def statblock_note(block: KeyStatblock, flavour: Flavour) -> list[str]:
    """The plugin's code block, then the statblock's description, actions and notes."""
    lines = ["```statblock", *statblock_yaml(block), "```", ""]
    return lines + statblock_body(block, flavour, stats_table=False)


def statblock_yaml(block: KeyStatblock) -> list[str]:
    """The statblock as the plugin's YAML: ``name``, then each stat under its label (a label already
    used, such as a stat called "name", gets " (stat)" after it)."""
    lines = [f"name: {quoted(shown(block.name))}"]
    used = {"name"}
    for label, value in block.stats:
        field = shown(label)
        while field in used:
            field += " (stat)"
        used.add(field)
        lines.append(f"{quoted(field)}: {quoted(shown(value))}")
    return lines
