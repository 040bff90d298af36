"""An imported dungeon's rooms in; the text of a site file out: readable YAML with comments for the GM.

The YAML is written here rather than dumped, so that it reads like a hand-written site file: fields
in the order of docs/site-format.md, one room after another, and comments where the map holds
nothing the GM must add (names, the wandering table, statblocks). Every text is written as a
double-quoted scalar (JSON's string syntax, which YAML reads the same), so no note can turn into
YAML structure or markup.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.yamltext import quoted


@dataclass(frozen=True)
class SiteRoom:
    key: str
    name: str
    size: str
    exits: tuple[str, ...]
    description: str
    details: tuple[str, ...]
    comment: str = ""  # a line above the room, without the "# "


@dataclass(frozen=True)
class MapArea:
    room: str | None  # None: a passage
    rect: tuple[int, int, int, int]
    round: bool = False


@dataclass(frozen=True)
class MapDoor:
    at: tuple[int, int]
    kind: str
    facing: str | None = None


@dataclass(frozen=True)
class SiteMap:
    """The floor plan, as docs/site-format.md's `map` field holds it."""

    square: int
    areas: tuple[MapArea, ...]
    doors: tuple[MapDoor, ...]
    water: tuple[tuple[int, int], ...]
    columns: tuple[tuple[float, float], ...]


def comment(text: str) -> str:
    """Text as one YAML comment line: every line break (\\n, \\r, U+2028 and the rest that YAML or Python
    counts as one) and every other control character is a space, so nothing ends the comment early."""
    return "# " + " ".join("".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text).split())


def site_yaml(
    *,
    title: str,
    system: str,
    text: str,
    header: Sequence[str],
    rooms: Sequence[SiteRoom],
    footer: Sequence[str] = (),
    plan: SiteMap | None = None,
) -> str:
    """The whole site file."""
    lines = [comment(line) if line else "#" for line in header]
    lines += [
        f"site: {quoted(title)}",
        f"system: {quoted(system)}          # the rule pack; `sheetgen systems` lists the built-in ones",
        "# encounters: encounter-reaction   # a pack whose distance, reaction and morale tables fill in encounters",
    ]
    if text:
        lines.append(f"text: {quoted(text)}")
    lines += ["rooms:"]
    for room in rooms:
        if room.comment:
            lines.append(f"  {comment(room.comment)}")
        lines += [
            f"  - key: {quoted(room.key)}",
            f"    name: {quoted(room.name)}",
            f"    size: {quoted(room.size)}",
            f"    exits: [{', '.join(quoted(k) for k in room.exits)}]",
            f"    description: {quoted(room.description)}",
        ]
        if room.details:
            lines.append("    details:")
            lines += [f"      - {quoted(d)}" for d in room.details]
    if plan is not None:
        lines += map_lines(plan)
    lines += ["", *WANDERING_HINT, *STATBLOCK_HINT]
    lines += [comment(line) if line else "#" for line in footer]
    return "\n".join(lines) + "\n"


def map_lines(plan: SiteMap) -> list[str]:
    """The `map` field: one area or door a line, squares of water and columns a few to the line."""
    lines = [
        "# The floor plan, in squares from the top left (x to the east, y to the south): the map to scale.",
        "map:",
        f"  square: {plan.square}",
        "  unit: ft",
        "  areas:",
    ]
    for area in plan.areas:
        room = f"room: {quoted(area.room)}, " if area.room is not None else ""
        shape = f"rect: [{', '.join(str(n) for n in area.rect)}]"
        lines.append(f"    - {{{room}{shape}{', round: true' if area.round else ''}}}")
    if plan.doors:
        lines.append("  doors:")
        for door in plan.doors:
            facing = f", facing: {door.facing}" if door.facing else ""
            lines.append(f"    - {{at: [{door.at[0]}, {door.at[1]}], kind: {door.kind}{facing}}}")
    for name, squares in (("water", plan.water), ("columns", plan.columns)):
        if squares:
            items = [f"[{x:g}, {y:g}]" for x, y in squares]
            rows = [", ".join(items[n : n + 8]) for n in range(0, len(items), 8)]
            lines.append(f"  {name}: [" + ",\n    ".join(rows) + "]")
    return lines


WANDERING_HINT = (
    "# The map has no wandering monsters: add the site's table here (or the pack's own is used).",
    "# Every result of the dice needs exactly one row.",
    "# wandering:",
    "#   roll: 1d6",
    "#   entries:",
    "#     - {roll: 1-3, name: Giant Rats, appearing: 2d4, stat: giant-rat}",
    "#     - {roll: 4-6, name: Skeletons, appearing: d6}",
    "",
)

STATBLOCK_HINT = (
    "# And the creatures' statblocks, one card each; `stat:` above names one by its id.",
    "# statblocks:",
    "#   - id: giant-rat",
    "#     name: Giant Rat",
    '#     stats: {HD: "1 (4 HP)", Speed: "40\'"}',
    "#     morale: 8",
)
