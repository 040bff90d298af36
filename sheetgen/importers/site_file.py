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
    comment: str = ""          # a line above the room, without the "# "


def comment(text: str) -> str:
    """Text as one YAML comment line: every line break (\\n, \\r, U+2028 and the rest that YAML or Python
    counts as one) and every other control character is a space, so nothing ends the comment early."""
    return "# " + " ".join("".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text).split())


def site_yaml(*, title: str, system: str, text: str, header: Sequence[str], rooms: Sequence[SiteRoom],
              footer: Sequence[str] = ()) -> str:
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
    lines += ["", *WANDERING_HINT, *STATBLOCK_HINT]
    lines += [comment(line) if line else "#" for line in footer]
    return "\n".join(lines) + "\n"


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
    "#     stats: {HD: \"1 (4 HP)\", Speed: \"40'\"}",
    "#     morale: 8",
)
