"""Tables, a timetable and a deck in; GitHub-flavoured Markdown out, to read on a screen or print.

One section per table: a heading, the table's description, then a Markdown table whose first column
is the roll (headed by the dice, the ranges as the file wrote them) and whose other columns are the
table's own; a list (no dice) has no roll column. Then, when there are pre-rolls, the timetable (one
row per check: time, dice, what decides it, what a quiet party gets) and the encounter deck (one row
per card). **Bold** and _italic_ become ``**bold**`` and ``*italic*``; every other character Markdown
would read as markup (``|``, ``*``, ``_``, ``[``, ``<``, ``#`` ...) is escaped with a backslash, and a
cell's paragraphs are joined with ``<br>``, so each entry's words come out exactly as written.

sheetgen.export.obsidian builds on these functions with its own escaping and table form.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sheetgen.engine.timetable import CheckRow, Timetable
from sheetgen.export.labels import DECK, TIMETABLE, with_colon
from sheetgen.export.room_key import RoomKey
from sheetgen.export.tables import Exported, ExportTable, Subject
from sheetgen.markup import convert, paragraphs
from sheetgen.words import (
    NOT_A_CREATURE,
    appearing_text,
    baseline_text,
    deck_note,
    deck_source,
    duration,
    faces_text,
    morale_rule,
    morale_text,
    opening_texts,
    read_rule,
    row_clock,
    row_rule,
    row_when,
    runs_out_line,
    signs_text,
    spares_heading,
    spares_text,
    table_roll_text,
    timetable_roll,
)
from sheetgen.words.language import _, after_colon

#: Characters that would start markup somewhere in GitHub-flavoured Markdown.
SPECIAL = "\\`*_[]<>|~#&@"
"""What a backslash makes plain text in Markdown: markup, ``&`` (else ``&lt;img&gt;`` shows as ``<img>``)
and ``@`` (else ``gm@example.com`` becomes a mail link)."""

_AUTOLINK = re.compile(r"(?<=[A-Za-z]):(?=//)|(?<![A-Za-z0-9])(?i:www)\.")
"""Where GitHub would see a web address in plain text: the ``:`` of ``http://``, the ``.`` of ``www.``."""


def escaper(special: str) -> Callable[[str], str]:
    """A function that puts a backslash before each of ``special`` and where a web address would start."""
    table = {ord(ch): "\\" + ch for ch in special}

    def escape(text: str) -> str:
        return _AUTOLINK.sub(lambda m: m[0][:-1] + "\\" + m[0][-1], text.translate(table))

    return escape


def heading_slug(text: str) -> str:
    """GitHub's anchor of a heading's text, before numbering: lower case, only letters, marks, digits,
    ``_``, ``-`` and spaces kept, each space a hyphen."""
    kept = "".join(
        ch
        for ch in text.strip().lower()
        if ch in " -_" or unicodedata.category(ch)[0] in "LM" or unicodedata.category(ch) in ("Nd", "Nl")
    )
    return kept.replace(" ", "-")


class Anchors:
    """The anchors of a document's headings, given in order: a slug seen before gets ``-1``, ``-2``."""

    def __init__(self) -> None:
        self._count: dict[str, int] = {}

    def add(self, text: str) -> str:
        """The anchor of the next heading, whose shown text is *text*."""
        base = slug = heading_slug(text)
        while slug in self._count:
            self._count[base] += 1
            slug = f"{base}-{self._count[base]}"
        self._count[slug] = 0
        return slug


@dataclass(frozen=True)
class Flavour:
    """What differs between plain Markdown and a notes app's: escaping and the form of a rolled table."""

    escape: Callable[[str], str]
    table: Callable[[ExportTable, Flavour], list[str]]
    block_ids: bool = False  # "^wandering" after each table, for links to it


def inline(text: str, flavour: Flavour) -> str:
    """Text for a table cell: markup converted, the rest escaped, paragraphs joined by <br>."""
    return "<br><br>".join(convert(p, flavour.escape, ("**", "**"), ("*", "*")) for p in paragraphs(text))


_BLOCK_START = re.compile(r"(\s*)(?:([-+=])|(\d{1,9})([.)]))")
"""A paragraph's start that Markdown reads as a block: a rule or setext line (---, ===), a list item
(- x, + x, 1. x, 1) x)."""


def block_safe(line: str) -> str:
    """A paragraph's first line with a backslash where Markdown would start a rule, heading or list."""
    found = _BLOCK_START.match(line)
    if found is None:
        return line
    if found[2]:
        return f"{found[1]}\\{line[found.end(1) :]}"
    return f"{found[1]}{found[3]}\\{line[found.end(3) :]}"


def paragraph_lines(text: str, flavour: Flavour) -> list[str]:
    """Text as Markdown paragraphs, each followed by a blank line; none reads as a rule or a list."""
    lines = []
    for p in paragraphs(text):
        lines += [block_safe(convert(p, flavour.escape, ("**", "**"), ("*", "*"))), ""]
    return lines


def grid(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown table of cells that are already escaped."""
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    lines += ["| " + " | ".join(cell or " " for cell in row) + " |" for row in rows]
    return lines


def plain_table(table: ExportTable, flavour: Flavour) -> list[str]:
    """A table as it is: the roll column (for a table with dice), then the table's own columns."""
    columns = [inline(c, flavour) for c in table.columns]
    if table.dice is None:
        return grid(columns, [[inline(c, flavour) for c in row.cells] for row in table.rows])
    return grid(
        [flavour.escape(table.dice), *columns],
        [[flavour.escape(row.range), *(inline(c, flavour) for c in row.cells)] for row in table.rows],
    )


KeySections = Callable[[RoomKey, Flavour, Anchors, int], list[str]]
"""A format's room key sections: the key, the flavour, the anchors of the headings above, the level."""

MARKDOWN = Flavour(escape=escaper(SPECIAL), table=plain_table)


def table_section(table: ExportTable, flavour: Flavour, level: int = 2) -> list[str]:
    lines = [f"{'#' * level} {flavour.escape(table.name)}", ""]
    lines += paragraph_lines(table.text, flavour)
    lines += flavour.table(table, flavour)
    lines.append("")
    if flavour.block_ids:
        lines += [f"^{table.id}", ""]
    return lines


def timetable_section(t: Timetable, flavour: Flavour, level: int = 2) -> list[str]:
    """The pre-rolled checks, one row each; nothing when the pack has no check."""
    if not t.rows:
        return []
    esc = flavour.escape
    hours = duration(t.hours * 3600)
    lines = [f"{'#' * level} {esc(_(TIMETABLE))}", ""]
    lines += [
        esc(
            _(
                "{check}, pre-rolled for {duration} of play with seed {seed}. At each check, read its row: the "
                "dice are already rolled, the rule says what they bring, and the last column is what a quiet "
                "party gets (tracks at their start, no {result} from noise)."
            ).format(check=t.check_name, duration=hours, seed=t.seed, result=t.result_word)
        ),
        "",
    ]
    lines += paragraph_lines(t.formula or "", flavour)
    if t.pool_dice is not None and t.rows:  # the same for every row: said once
        lines += paragraph_lines(_("Each row: {rule}.").format(rule=row_rule(t, t.rows[0])), flavour)
    with_when = any(row_when(t, r) for r in t.rows)
    roll = timetable_roll(t)
    head = [
        esc(_("Check")),
        esc(_("Time")),
        *([esc(_("When"))] if with_when else []),
        esc(_("Dice ({roll})").format(roll=roll) if roll else _("Dice")),
        esc(_("What decides it")),
        esc(_("Quiet party")),
    ]
    rows = [
        [
            str(r.index),
            row_clock(t, r),
            *([esc(row_when(t, r))] if with_when else []),
            esc(_faces(r)),
            inline(_rule(t, r), flavour),
            inline(baseline_text(t, r), flavour),
        ]
        for r in t.rows
    ]
    lines += grid(head, rows)
    lines.append("")
    if flavour.block_ids:  # right after the table it names, so that a link to it rolls on the table
        lines += ["^timetable", ""]
    bold = ("**", "**")
    if t.spares:
        lines += paragraph_lines(after_colon(spares_heading(t.spare_when, bold), spares_text(t.spares, bold)), flavour)
    if t.runs_out:
        lines += paragraph_lines(runs_out_line(int(t.unit_minutes * 60), t.runs_out, bold), flavour)
    return lines


def _faces(row: CheckRow) -> str:
    if row.roll is None or len(row.dice) == 1:
        return " ".join(map(str, row.dice))
    return faces_text(row.dice, row.roll)


def _rule(t: Timetable, row: CheckRow) -> str:
    if not row.pool_reads:
        rule = row_rule(t, row)
        return rule if not row.outcome or row.outcome in rule else f"{rule} ({row.outcome})"
    runs: list[tuple[int, int, str]] = []  # what the first N dice read, N in runs that read alike
    for read in row.pool_reads:
        said = read_rule(t, read)
        if runs and runs[-1][2] == said:
            runs[-1] = (runs[-1][0], read.dice, said)
        else:
            runs.append((read.dice, read.dice, said))
    return " \u00b7 ".join(after_colon(f"N = {lo if lo == hi else f'{lo}-{hi}'}", rule) for lo, hi, rule in runs)


def deck_section(t: Timetable, flavour: Flavour, level: int = 2) -> list[str]:
    """The encounter deck, one row per card, used in order; nothing when there is no deck.

    Columns that no card fills (no distance table, no zones) are left out.
    """
    if not t.deck:
        return []
    esc = flavour.escape
    lines = [f"{'#' * level} {esc(_(DECK))}", ""]
    lines += [
        esc(_("{source}: {note}; seed {seed}.").format(source=deck_source(t), note=deck_note(t), seed=t.seed)),
        "",
    ]
    morale = morale_rule(t)
    if morale:
        lines += [esc(_("Morale: {rule}.").format(rule=morale)), ""]
    columns: list[tuple[str, list[str]]] = [
        (_("Card"), [str(c.index) for c in t.deck]),
        (_("Roll ({dice})").format(dice=t.deck[0].dice), [esc(f"{c.roll} ({c.range})") for c in t.deck]),
        (
            _("Encounter"),
            [
                inline(c.name, flavour)
                + (f"<br>{inline(c.text, flavour)}" if c.text else "")
                + ("" if c.creature else f"<br>*{inline(NOT_A_CREATURE, flavour)}*")
                for c in t.deck
            ],
        ),
        (_("Appearing"), [esc(appearing_text(c)) for c in t.deck]),
        (_("Distance"), [inline(table_roll_text(c.distance), flavour) if c.distance else "" for c in t.deck]),
        (_("Reaction"), [inline(table_roll_text(c.reaction), flavour) if c.reaction else "" for c in t.deck]),
        (_("Morale"), [esc(morale_text(c) or "") for c in t.deck]),
        (_("Zone"), [inline(c.zone or "", flavour) for c in t.deck]),
        (_("Statblock"), [inline(c.stat_name or c.stat_id or "", flavour) for c in t.deck]),
        (
            _("Opening"),
            [
                "<br>".join(
                    inline(f"**{with_colon(name)}** {said}", flavour) for name, said in opening_texts(c, ("**", "**"))
                )
                for c in t.deck
            ],
        ),
        (_("Foretold by"), [esc(signs_text([(s.outcome, s.seconds) for s in c.signs])) for c in t.deck]),
    ]
    kept = [(esc(head), cells) for head, cells in columns if any(cells)]
    lines += grid(
        [head for head, _cells in kept], [list(row) for row in zip(*(cells for _head, cells in kept), strict=True)]
    )
    lines.append("")
    if flavour.block_ids:
        lines += ["^deck", ""]
    return lines


def document(subject: Subject, flavour: Flavour, key: KeySections | None = None) -> Exported:
    """Everything in one note: the tables, the room key (from *key*, when the subject has one), the
    timetable and the deck; and each table, the room key, the timetable and the deck in notes of their
    own."""
    parts = [(f"{table.id}.md", note_bytes(table_section(table, flavour, 1))) for table in subject.tables]
    lines = [f"# {flavour.escape(subject.name)}", ""]
    anchors = Anchors()
    anchors.add(subject.name)
    for table in subject.tables:
        lines += table_section(table, flavour)
        anchors.add(table.name)
    if subject.key is not None and key is not None:
        lines += key(subject.key, flavour, anchors, 2)
        parts.append(("room-key.md", note_bytes(key(subject.key, flavour, Anchors(), 1))))
    if subject.timetable is not None:
        for name, section in (("timetable", timetable_section), ("deck", deck_section)):
            body = section(subject.timetable, flavour)
            lines += body
            if body:
                parts.append((f"{name}.md", note_bytes(section(subject.timetable, flavour, 1))))
    return Exported(whole=note_bytes(lines), parts=tuple(parts))


def note_bytes(lines: list[str]) -> bytes:
    """Lines as a file's bytes: one newline at the end."""
    while lines and not lines[-1]:
        lines = lines[:-1]
    return ("\n".join(lines) + "\n").encode()
