"""A pre-rolled Timetable in, one CSV table of its rows and its deck out.

CSV (``timetable_csv``): one table with a ``section`` column, "check" for the rows, "deck" for the cards
(with their opening rolls and the outcomes that foretell them), "spare" for the spare rolls of the
check's extra rolls (used in order; ``when`` says what calls for one) and "runs-out" for each resource
a quiet party runs out of (``name``, ``clock``, ``unit``), in that order, and the columns of
:data:`CSV_COLUMNS`; a cell that does not apply is empty. The column names, the sections and ``yes`` and
``no`` are the format's and stay English; the words in the other cells are in the command's language.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return as a
formula (``=HYPERLINK(...)`` in a monster's name), so such a text cell is written with a ``'`` before
it, as spreadsheets themselves mark text: it opens as the words, not as a formula. Numbers are written
as they are.
"""

from __future__ import annotations

import csv
import io

from sheetgen.engine.deck import DeckCard
from sheetgen.engine.timetable import Timetable
from sheetgen.words import baseline_text, clock, omen_text, opening_texts, row_clock, row_rule, row_when, signs_text
from sheetgen.words.language import _, after_colon, semicolons

CSV_COLUMNS = (
    "section",
    "index",
    "clock",
    "unit",
    "when",
    "dice",
    "roll",
    "rule",
    "outcome",
    "pool_reads",
    "baseline",
    "encounter",
    "levels",
    "omens",
    "name",
    "range",
    "appearing",
    "distance",
    "reaction",
    "morale",
    "morale_check",
    "zone",
    "stat",
    "openings",
    "foretold_by",
    "creature",
)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A value as a CSV cell that no spreadsheet takes for a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _Writer(csv.DictWriter):  # type: ignore[type-arg]
    def writerow(self, rowdict: dict[str, object]) -> object:  # type: ignore[override]
        return super().writerow({key: cell(value) for key, value in rowdict.items()})


def timetable_csv(t: Timetable) -> str:
    """The rows, then the deck, as one CSV with a ``section`` column (see :data:`CSV_COLUMNS`)."""
    out = io.StringIO()
    writer = _Writer(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in t.rows:
        writer.writerow(
            {
                "section": "check",
                "index": r.index,
                "clock": row_clock(t, r),
                "unit": r.unit,
                "when": row_when(t, r),
                "dice": " ".join(map(str, r.dice)),
                "roll": "" if r.roll is None else r.roll,
                "rule": row_rule(t, r),
                "outcome": r.outcome or "",
                "pool_reads": " | ".join(after_colon(str(p.dice), str(p.result)) for p in r.pool_reads),
                "baseline": baseline_text(t, r),
                "encounter": "yes" if r.baseline.encounter else "no",
                "levels": ", ".join(f"{lv.name} {lv.level}" for lv in r.baseline.levels),
                "omens": "; ".join(omen_text(t.pack, o) for o in r.baseline.omens),
            }
        )
    for c in t.deck:
        writer.writerow(
            {
                "section": "deck",
                "index": c.index,
                "dice": " ".join(map(str, c.faces)),
                "roll": c.roll,
                "name": c.name,
                "range": c.range,
                "appearing": c.appearing,
                "distance": "" if c.distance is None else after_colon(str(c.distance.roll), c.distance.result),
                "reaction": "" if c.reaction is None else after_colon(str(c.reaction.roll), c.reaction.result),
                "morale": "" if c.morale is None else c.morale,
                "morale_check": _morale_cell(c),
                "zone": c.zone or "",
                "stat": c.stat_name or c.stat_id or "",
                "openings": " | ".join(after_colon(name, said) for name, said in opening_texts(c)),
                "foretold_by": signs_text([(s.outcome, s.seconds) for s in c.signs]),
                "creature": "yes" if c.creature else "no",
            }
        )
    when = semicolons(t.spare_when)
    for sp in t.spares:
        writer.writerow(
            {
                "section": "spare",
                "index": sp.index,
                "when": when,
                "dice": " ".join(map(str, sp.dice)),
                "roll": "" if sp.roll is None else sp.roll,
            }
        )
    seconds = int(t.unit_minutes * 60)
    for n, o in enumerate(t.runs_out, start=1):
        writer.writerow(
            {"section": "runs-out", "index": n, "name": o.name, "unit": o.unit, "clock": clock(o.unit * seconds)}
        )
    return out.getvalue()


def _morale_cell(c: DeckCard) -> str:
    if c.morale_roll is None:
        return ""
    if c.morale_fails is None:
        return str(c.morale_roll)
    return after_colon(str(c.morale_roll), _("fails") if c.morale_fails else _("holds"))
