"""Texts that YAML read as something else, in valid YAML: a Document, the path of a field that expects
a text and what it got in; the quoting hint at the line and column where the text starts out.

Two slips read as valid YAML, so no syntax error points at them, yet the field's shape shows them
for certain:

- a text whose first ': ' made it a mapping of one field: a list item ``- Carved over the door: HERE``,
  an item ``[A sign: keep out]`` or a value on the line under its field; what was written there is
  read back from the file, and the hint is given only when the file holds that one field written
  plain (no quotes), its value on the same line;
- a text that starts with ``[``, which made it a list (of the pieces its commas cut it into):
  ``name: [Hall, dark]``.

And a table row with more cells than its table has columns (each row is checked for one cell per
column here, at its line): a cell written with a comma in ``[ ]`` is two cells. Anything that could
be meant as written (a list of texts, lower-case items that might be a split sentence) is left alone:
a hint is never a false alarm.
"""

from __future__ import annotations

from typing import Any

from sheetgen.errors import Problem
from sheetgen.load.yaml_syntax import list_hint, quote_hint
from sheetgen.load.yamlread import Document, PathKey
from sheetgen.model.pack import Pack

_SCALARS = (str, int, float, bool)


def text_hint(doc: Document, path: PathKey, got: Any) -> Problem | None:
    """The quoting hint for the field at *path*, which expects a text and got *got*; None when what
    was written there is not one of the slips of the module's docstring."""
    if path not in doc.values:
        return None
    line, column = doc.values[path]
    lines = doc.text.splitlines()
    if line > len(lines):
        return None
    text = lines[line - 1][column - 1 :].rstrip()
    in_flow = lines[line - 1][: column - 1].rstrip()[-1:] in ("[", ",", "{")
    if isinstance(got, dict) and len(got) == 1:
        [(key, value)] = got.items()
        if not isinstance(key, str) or not isinstance(value, _SCALARS) or text[:1] in ('"', "'"):
            return None
        if in_flow:
            ends = [i for i in (text.find(",", len(key)), text.find("]"), text.find("}")) if i >= 0]
            text = text[: min(ends)].rstrip() if ends else text
        if not text.startswith(f"{key}: "):
            return None
        return Problem(doc.locate(path), quote_hint(": ", text))
    if isinstance(got, list) and got and all(isinstance(item, _SCALARS) for item in got) and text[:1] == "[":
        close = text.find("]")
        return Problem(doc.locate(path), list_hint(len(got), text[: close + 1] if close > 0 else text, more=close < 0))
    return None


def cell_problems(pack: Pack, doc: Document) -> list[Problem]:
    """Each table row without one cell per column, at its line; for one with more, the hint to quote a
    cell that holds a comma."""
    problems = []
    for t, table in enumerate(pack.tables):
        for r, row in enumerate(table.rows):
            cells, wanted = len(row.cells), len(table.columns)
            if cells == wanted:
                continue
            message = (
                f"{cells} {'cell' if cells == 1 else 'cells'}; the table needs one per column "
                f"({', '.join(table.columns)})"
            )
            if cells > wanted:
                message += (
                    "; a comma inside [ ] starts a new cell, so put a cell that holds one in quotes: "
                    '["Hostile, attacks"]'
                )
            problems.append(Problem(doc.locate(("tables", t, "rows", r, "cells")), message))
    return problems
