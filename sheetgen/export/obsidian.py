"""Tables, a timetable and a deck in; an Obsidian note out, whose tables the Dice Roller plugin rolls.

The note is sheetgen.export.markdown's, with two differences. A table with dice is written in the
Dice Roller's lookup form: two columns, the first headed ``dice: <formula>`` with each row's range of
totals ("1-2", "7"), the second holding the row's first cell and then its other cells as
"**Column:** cell"; a list keeps its columns and the plugin draws a row from it at random. After
each table (and the timetable and deck) comes a block id such as ``^wandering``, so that
`` `dice: [[Note^wandering]]` `` anywhere in the vault rolls on it.

Escaping adds what Obsidian reads as markup besides Markdown's: ``$`` (mathematics), ``%%``
(comments), ``==`` (highlights). The plugin reads every dice notation sheetgen has (keep highest
and lowest included), and a range is never below 0 (sheetgen's ranges are not), so every table
can be written.
"""

from __future__ import annotations

from dataclasses import replace

from sheetgen.export.markdown import SPECIAL, Flavour, document, escaper, grid, inline, plain_table
from sheetgen.export.obsidian_key import index_sections, room_notes
from sheetgen.export.tables import Exported, ExportTable, Subject, row_details

_escape_markdown = escaper(SPECIAL + "$^")  # ^ too: a text ending in " ^wandering" would take a block id


def escape(text: str) -> str:
    """Markdown's escapes, and Obsidian's $ (maths), %% (comment) and == (highlight)."""
    return _escape_markdown(text).replace("%%", "%\\%").replace("==", "=\\=")


def lookup_table(table: ExportTable, flavour: Flavour) -> list[str]:
    """The Dice Roller's lookup form for a table with dice; a list as it is."""
    if table.dice is None:
        return plain_table(table, flavour)
    rows = []
    for row in table.rows:
        cell = inline(row.cells[0], flavour)
        cell += "".join(
            f"<br>**{inline(col, flavour)}:** {inline(text, flavour)}" for col, text in row_details(table, row)
        )
        rows.append([row.span, cell])
    return grid([f"dice: {table.formula}", inline(table.columns[0], flavour)], rows)


OBSIDIAN = Flavour(escape=escape, table=lookup_table, block_ids=True)


def write(subject: Subject) -> Exported:
    """An Obsidian note for the Dice Roller plugin; for a site, and a note per room of its key."""
    exported = document(subject, OBSIDIAN, index_sections)
    if subject.key is None:
        return exported
    taken = [name.removesuffix(".md") for name, _ in exported.parts]
    return replace(exported, key=room_notes(subject.key, OBSIDIAN, taken))
