"""Tables in; the chat commands of Roll20's TableExport script out, which rebuild them as rollable tables.

Per table ``!import-table --<id> --show|hide`` (shown to players only when the pack marks the table
player-safe), then per row ``!import-table-item --<id> --<text> --<weight> --``. Roll20's tables have
weights and no ranges, so a row's weight is the number of ways the dice roll a total in it: the
weights of a table add up to its dice's outcome count (36 for 2d6) and Roll20 draws with the dice's
odds. A table's Roll20 name is the site's or pack's slug and the table's id (``the-sunken-chapel-wandering``;
no spaces, so ``[[1t[the-sunken-chapel-npc-reaction]]]`` rolls it): TableExport adds the rows of a
table it is given to a table of that name that is already there, so the tables of two sites or packs
pasted into one game stay apart.

A row's text is its first cell, then its other cells as "Column: cell", separated by " — ", on one
line and without **bold** or _italic_ marks. It goes through two readers, and is escaped for both:

- Roll20's chat, where the commands are pasted, expands ``@{...}``, ``%{...}``, ``?{...}``, ``&{...}``
  and ``#macro`` before any script sees them, and shows an item's name as HTML. So ``&``, ``<``, ``>``,
  ``{``, ``}``, ``|`` and ``#`` are written as HTML character references, which the chat shows as the
  characters and expands nothing in; a text that spells a reference (``&lt;``) keeps it, as ``&amp;lt;``.
- TableExport splits a command at a space followed by ``--``, and ``[[`` in a pasted line is an inline
  roll, so the text is then escaped as TableExport itself escapes it: " --" as ``[TABLEEXPORT:ESCAPE]``,
  "--" as ``<%%-%%>``, "[" and "]" as ``<%%91%%>`` and ``<%%93%%>``; TableExport turns them back in one
  pass on import. A text that spells one of those (``<%%91%%>``) cannot be taken for it, since its ``<``
  is written as ``&lt;``.
"""

from __future__ import annotations

import re

from sheetgen.errors import ExportError
from sheetgen.export.tables import MAX_WEIGHT, Exported, ExportRow, ExportTable, Subject, row_details
from sheetgen.markup import plain

SEPARATOR = " \u2014 "

_ESCAPES = {" --": "[TABLEEXPORT:ESCAPE]", "--": "<%%-%%>", "[": "<%%91%%>", "]": "<%%93%%>"}
_ESCAPE = re.compile(r" --|--|\[|\]")
_CHAT = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", "{": "&#123;", "}": "&#125;", "|": "&#124;", "#": "&#35;"}
)


def write(subject: Subject) -> Exported:
    """All the tables' commands in one file, and each table's in a file of its own."""
    parts = tuple((f"{table.id}.txt", "\n".join(commands(table, subject.slug)) + "\n") for table in subject.tables)
    return Exported(
        whole="\n".join(text for _, text in parts).encode(), parts=tuple((name, text.encode()) for name, text in parts)
    )


def table_name(slug: str, table: ExportTable) -> str:
    """The table's name in Roll20: 'the-sunken-chapel-wandering'."""
    return f"{slug}-{table.id}"


def commands(table: ExportTable, slug: str) -> list[str]:
    """The chat commands that rebuild one table, named for the site or pack *slug*."""
    heaviest = max(row.weight for row in table.rows)
    if heaviest > MAX_WEIGHT:
        raise ExportError(
            f"{table.label}: its dice {table.dice} have too many outcomes for Roll20's weights "
            f"(a row weighs {heaviest:,}; Roll20 counts exactly only to {MAX_WEIGHT:,})"
        )
    name = table_name(slug, table)
    lines = [f"!import-table --{name} --{'show' if table.player_safe else 'hide'}"]
    lines.extend(
        f"!import-table-item --{name} --{escape(item_text(table, row))} --{row.weight} --" for row in table.rows
    )
    return lines


def item_text(table: ExportTable, row: ExportRow) -> str:
    """A row as one line of plain text: "Giant Rats — Number appearing: 2d4"."""
    parts = [plain(row.cells[0])] + [f"{plain(col)}: {plain(cell)}" for col, cell in row_details(table, row)]
    return " ".join(SEPARATOR.join(parts).split())


def escape(text: str) -> str:
    """Text for a TableExport argument (one line, without its whitespace at either end): inert in Roll20's
    chat, then escaped as TableExport escapes it."""
    one_line = " ".join(text.split())
    return _ESCAPE.sub(lambda m: _ESCAPES[m[0]], one_line.translate(_CHAT))
