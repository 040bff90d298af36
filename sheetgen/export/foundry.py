"""Tables in; Foundry VTT RollTable documents out, as JSON that Foundry's "Import Data" reads.

One RollTable per table: ``name``, ``description`` (HTML), ``formula`` (the table's dice, or ``1dN``
for a list), ``replacement`` and ``displayRoll``, and ``results``: one TableResult per row, of type
"text", with its ``range`` (the totals of the dice the row covers), ``weight`` (the ways to roll them,
so that Foundry's "Normalize" keeps the odds) and ``drawn`` false. Foundry 13 split a result's text
into a plain ``name`` and an HTML ``description``; Foundry 12 and earlier have one HTML ``text``. The
row's first cell is its name, the other cells its description ("**Column:** cell"). The table's id is
kept in ``flags.sheetgen.table``.

Foundry enriches the text of HTML fields: ``@UUID[...]{...}``, ``@Embed[...]`` and any ``@Name[``
become links and embedded documents, ``[[/r 1d20]]`` and ``[[1d100]]`` rolls. Its enrichers read one
text node at a time, so an empty ``<span></span>`` after each ``@`` and between the brackets of each
``[[`` keeps the words as written (the span shows nothing) and leaves nothing to enrich.
"""

from __future__ import annotations

import json
from typing import Any

from sheetgen.errors import ExportError
from sheetgen.export.foundry_html import inert, inert_lines, inert_paragraphs
from sheetgen.export.tables import MAX_WEIGHT, Exported, ExportRow, ExportTable, Subject, row_details
from sheetgen.markup import plain


def write_v13(subject: Subject) -> Exported:
    """Foundry VTT 13 and later: results with ``name`` and ``description``."""
    return _write(subject, v12=False)


def write_v12(subject: Subject) -> Exported:
    """Foundry VTT 12: results with one HTML ``text``."""
    return _write(subject, v12=True)


def _write(subject: Subject, *, v12: bool) -> Exported:
    from sheetgen.export.foundry_key import journal_entry  # it builds on this module's HTML

    documents = [(table.id, rolltable(table, v12=v12)) for table in subject.tables]
    key = (
        ()
        if subject.key is None
        else ((f"{subject.slug}-key.json", as_json(journal_entry(subject.name, subject.slug, subject.key))),)
    )
    return Exported(
        whole=as_json([doc for _, doc in documents]),
        parts=tuple((f"{table_id}.json", as_json(doc)) for table_id, doc in documents),
        key=key,
    )


def rolltable(table: ExportTable, *, v12: bool) -> dict[str, Any]:
    """One RollTable document."""
    heaviest = max(row.weight for row in table.rows)
    if heaviest > MAX_WEIGHT:
        raise ExportError(
            f"{table.label}: its dice {table.dice} have too many outcomes for Foundry's weights "
            f"(a row weighs {heaviest:,}; Foundry counts exactly only to {MAX_WEIGHT:,})"
        )
    return {
        "name": plain(table.name),
        "description": inert_paragraphs(table.text),
        "formula": table.formula,
        "replacement": True,
        "displayRoll": True,
        "results": [_result_v12(table, row) if v12 else _result_v13(table, row) for row in table.rows],
        "flags": {"sheetgen": {"table": table.id}},
    }


def _result_v13(table: ExportTable, row: ExportRow) -> dict[str, Any]:
    details = "".join(
        f"<p><strong>{inert(col)}:</strong> {inert_lines(cell)}</p>" for col, cell in row_details(table, row)
    )
    return {
        "type": "text",
        "name": " ".join(plain(row.cells[0]).split()),
        "description": details,
        "range": [row.low, row.high],
        "weight": row.weight,
        "drawn": False,
    }


def _result_v12(table: ExportTable, row: ExportRow) -> dict[str, Any]:
    text = inert_lines(row.cells[0]) + "".join(
        f"<br><strong>{inert(col)}:</strong> {inert_lines(cell)}" for col, cell in row_details(table, row)
    )
    return {"type": "text", "text": text, "range": [row.low, row.high], "weight": row.weight, "drawn": False}


def as_json(data: Any) -> bytes:
    """A document as the file Foundry imports."""
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
