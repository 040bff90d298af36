"""The check rows of a timetable page: a Timetable and a width in, the table's columns, its head and each
row's marks out (sheetgen.layout.timetable_pages puts them on pages)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.design import TICK
from sheetgen.engine.timetable import CheckRow, Timetable
from sheetgen.errors import RenderError
from sheetgen.layout.marks import BoxMark, RectMark, Sketch, flow, text_width
from sheetgen.layout.timetable_parts import (
    HEAD_FILL,
    PAD,
    SMALL,
    set_text,
)
from sheetgen.words import (
    omen_phrase,
    quiet_text,
    rolls_phrases,
    rolls_text,
    row_clock,
    row_rule,
    row_when,
    timetable_roll,
)
from sheetgen.words.language import _, after_colon, capitalised

BAND = 0.92
"""Grey of every other row."""
ROW_MIN = 24.0
"""A row is at least this tall, so the Actual cell has room for a pencilled number."""
QUIET_MIN = 118.0
RULE_MIN = 150.0
ACTUAL_MIN = 42.0
OTHERS_MIN = 96.0
OTHERS_MAX = 170.0
"""The other rolls' column: wide enough for a roll's dice over a row or two, never more than this."""
ACTUAL_MAX = 72.0
DIE_PITCH = 10.5
"""Room for each die of a pool row, drawn in its own slot so the order reads at a glance."""
ENCOUNTER_MARK = "\u25b6"
"""Set before a quiet-party outcome that brings the check's result (shape and bold: no colour needed)."""
OMEN_MARK = "\u25c6"
"""Set before an omen a quiet party meets."""

HOURS_PER_PAGE = 3
"""Hours of check rows a page where a unit lasts an hour or less (split where they overflow)."""


def span_hours(t: Timetable) -> int:
    """The hours of rows a page holds: three, or where a unit lasts longer than an hour the fewest whole
    days that hold six units (a day of 4-hour watches)."""
    if t.unit_minutes > 60:
        return 24 * math.ceil(6 * t.unit_minutes / 60 / 24)
    return HOURS_PER_PAGE


def _opens_page(t: Timetable, at: int) -> bool:
    """Whether the row at *at* is the first of its page's span, so that its quiet cell names every track
    the check reads (the GM who turns to the page has not read the rows before)."""
    if at == 0:
        return False  # the first row: the tracks at the start stand above the table
    span = span_hours(t) * 60
    before, row = t.rows[at - 1], t.rows[at]
    return math.ceil(before.unit * t.unit_minutes / span) != math.ceil(row.unit * t.unit_minutes / span)


def _quiet(t: Timetable, row: CheckRow, *, rolls: bool) -> str:
    at = t.rows.index(row)
    return quiet_text(t, row, rolls=rolls, fresh=_opens_page(t, at))


@dataclass(frozen=True)
class Columns:
    """Left edges of the table's columns, relative to the table's left; and the table's width."""

    box: float
    time: float
    roll: float
    rule: float
    others: float
    """The column of the pack's other rolls (as wide as nothing, at the quiet party's edge, without them)."""
    quiet: float
    actual: float
    width: float
    size: float
    """The rows' text size."""
    wrapped: int
    """How many rows have a rule or quiet-party text longer than one line."""


def columns_for(t: Timetable, width: float, size: float) -> Columns:
    """Fixed columns for the tick box, time, roll and Actual; the rule and the Quiet party columns share
    the rest. When every row's texts fit on one line at *size*, the quiet party gets its longest text
    and a third of the spare room; else the split that leaves the fewest rows wrapped."""
    if t.pool_dice is not None:
        roll_w = max(44.0, t.pool_dice * DIE_PITCH + 2 * PAD)
    elif _read_one_by_one(t):
        roll_w = max(34.0, max((len(r.dice) for r in t.rows), default=1) * _pitch(t) + 2 * PAD)
    else:
        widest = max((text_width(str(r.roll), "label-bold", 13.0) for r in t.rows), default=0.0)
        faces = max((text_width("+".join(map(str, r.dice)), "label", SMALL) for r in t.rows), default=0.0)
        roll_w = max(34.0, widest + 2 * PAD, faces + 2 * PAD)
    words_in_names = [w for lv in t.tracks for w in lv.name.split()]
    actual_w = round(
        min(ACTUAL_MAX, max([ACTUAL_MIN] + [text_width(w, "label", SMALL) + 2 * PAD + 1.0 for w in words_in_names])), 2
    )
    box_w, time_w = 24.0, 34.0
    words = width - box_w - time_w - roll_w - actual_w
    others_w = _others_width(t, size, words - QUIET_MIN - RULE_MIN)
    words -= others_w
    if words < QUIET_MIN + RULE_MIN:
        dice = (
            f"a pool of {t.pool_dice} dice does" if t.pool_dice is not None else f"the faces of {timetable_roll(t)} do"
        )
        raise RenderError(
            f"{t.pack_name} ({t.pack_id}): {dice} not fit on a timetable row beside the rules; "
            "use fewer dice in the check"
        )
    needs = [_needs(t, r, size) for r in t.rows]
    quiet = max((q for q, _ in needs), default=0.0)
    rule = max((r for _, r in needs), default=0.0)
    if quiet + rule <= words:
        quiet_w = max(QUIET_MIN, quiet + (words - quiet - rule) / 3)
        wrapped = 0
    else:

        def wraps(q: float) -> int:
            return sum(1 for nq, nr in needs if nq > q or nr > words - q)

        top = words - RULE_MIN
        choices = sorted({min(top, max(QUIET_MIN, q)) for q, _ in needs} | {QUIET_MIN, top})
        quiet_w = min(choices, key=lambda q: (wraps(q), q))
        wrapped = wraps(quiet_w)
    quiet_w = round(quiet_w, 2)
    rule_x = box_w + time_w + roll_w
    quiet_x = width - actual_w - quiet_w
    return Columns(
        0.0, box_w, box_w + time_w, rule_x, quiet_x - others_w, quiet_x, width - actual_w, width, size, wrapped
    )


def _others_width(t: Timetable, size: float, room: float) -> float:
    """The other rolls' column: the longest row's text on two lines, from OTHERS_MIN to OTHERS_MAX (and at most
    the room the rule and quiet party columns leave); 0 for a pack without other rolls."""
    if not t.pack.rolls:
        return 0.0
    longest = max((text_width(rolls_text(t, r), "label", size) for r in t.rows), default=0.0)
    return round(max(min(OTHERS_MIN, room), min(OTHERS_MAX, room, longest / 2 + 2 * PAD + 2.0)), 2)


def _needs(t: Timetable, row: CheckRow, size: float) -> tuple[float, float]:
    """The widths a row's quiet-party text and rule text need to stay on one line each."""
    slack = 2 * PAD + 2.0
    text = split_omens(_quiet(t, row, rolls=False), _omens(t, row))[0]
    quiet = text_width(text, "label-bold" if row.baseline.encounter else "label", size)
    if row.baseline.encounter:
        quiet += text_width(ENCOUNTER_MARK + " ", "symbols", size)
    rule = text_width(_plain(_rule_text(t, row)), "label", size)
    when = row_when(t, row)
    if when:
        rule = max(rule, text_width(when, "body-italic", size + 0.5))
    return quiet + slack, rule + slack


def _plain(text: str) -> str:
    return text.replace("**", "")


def _omens(t: Timetable, row: CheckRow) -> list[str]:
    return [omen_phrase(t.pack, omen) for omen in row.baseline.omens]


def _rule_text(t: Timetable, row: CheckRow) -> str:
    """What the rule cell says: the rule in the pack's words, or for a pool what each N reads."""
    if row.roll is None:
        return pool_reads_text(row)
    rule = row_rule(t, row)
    return rule if not row.outcome or row.outcome in rule else f"{rule} ({row.outcome})"


def pool_groups(row: CheckRow) -> list[tuple[int, int, int]]:
    """A pool row's reads, as (first N, last N, result) runs of equal results."""
    groups: list[tuple[int, int, int]] = []
    for read in row.pool_reads:
        if groups and groups[-1][2] == read.result:
            groups[-1] = (groups[-1][0], read.dice, read.result)
        else:
            groups.append((read.dice, read.dice, read.result))
    return groups


def pool_reads_text(row: CheckRow) -> str:
    """'N = 1-2: 3 · N = 3: 4 · N = 4-6: 6': what the first N dice read, for each pool size N."""
    parts = []
    for low, high, result in pool_groups(row):
        n = str(low) if low == high else f"{low}-{high}"
        parts.append(after_colon(f"N = {n}", f"**{result}**"))
    return " \u00b7 ".join(parts)


def table_head(t: Timetable, cols: Columns) -> Sketch:
    """The table's grey head: each column's name, and what the Quiet party and Actual columns mean."""
    sk = Sketch()
    names = ", ".join(lv.name for lv in t.tracks)
    pool = t.pool_dice is not None
    read = timetable_roll(t) or ""
    rule_head = _("{read} of the first N dice").format(read=capitalised(read)) if pool else _("What decides it")
    heads = [
        (cols.box, _("Done"), ""),
        (cols.time, _("Time"), ""),
        (cols.roll, _("Dice in order") if pool else _("Dice") if _read_one_by_one(t) else _("Roll"), ""),
        (cols.rule, rule_head, _("N = the dice in the pool") if pool else ""),
        *([(cols.others, _("Other rolls"), _("their dice, and what they bring"))] if cols.others < cols.quiet else []),
        (cols.quiet, _("Quiet party"), _("if only the rules move the tracks")),
        (cols.actual, _("Actual"), names),
    ]
    edges = column_edges(cols)
    sub_h = 0.0
    for x, _head, sub in heads:
        if sub:
            right = min(e for e in edges if e > x)
            sub_h = max(sub_h, flow(sub, right - x - 2 * PAD, SMALL, base="label").height)
    height = 2 * PAD + SMALL * 1.2 + sub_h
    sk.add(RectMark(0.0, -height, cols.width, height, fill=HEAD_FILL, stroke=0.0))
    for x, label, sub in heads:
        right = min(e for e in edges if e > x)
        if x == cols.box:  # the narrow column of tick boxes: centred
            sk.text((x + right) / 2, -PAD - SMALL, label, "label-bold", SMALL, align="centre")
            continue
        sk.text(x + PAD, -PAD - SMALL, label, "label-bold", SMALL)
        if sub:
            set_text(sk, sub, x + PAD, -PAD - SMALL * 1.2, right - x - 2 * PAD, SMALL)
    return sk


def column_edges(cols: Columns) -> list[float]:
    edges = [cols.box, cols.time, cols.roll, cols.rule, cols.others, cols.quiet, cols.actual, cols.width]
    return sorted(set(edges))


def row_content(t: Timetable, row: CheckRow, cols: Columns) -> tuple[Sketch, float]:
    """One check row's words and tick box, y from the row's top; and the height they need."""
    body = Sketch()
    size = cols.size
    baseline = -PAD - 11.0  # every column's first line sits on it
    top = baseline + size * 0.93
    rule_w = cols.others - cols.rule - 2 * PAD
    y = top
    y -= set_text(body, _rule_text(t, row), cols.rule + PAD, y, rule_w, size)
    when = row_when(t, row)
    if when:
        y -= set_text(body, f"_{when}_", cols.rule + PAD, y, rule_w, size + 0.5, base="body")
    low = y
    if cols.others < cols.quiet:
        others_w, y = cols.quiet - cols.others - 2 * PAD, top
        for phrase in rolls_phrases(t.pack, row.baseline.rolls, ("**", "**")):  # a roll to a paragraph
            y -= set_text(body, phrase, cols.others + PAD, y, others_w, size)
        low = min(low, y)
    quiet_w = cols.actual - cols.quiet - 2 * PAD
    y = top
    base = row.baseline
    text, omens = split_omens(_quiet(t, row, rolls=not t.pack.rolls), _omens(t, row))
    if base.encounter:
        mark_w = text_width(ENCOUNTER_MARK + " ", "symbols", size)
        body.text(cols.quiet + PAD, baseline, ENCOUNTER_MARK, "symbols", size)
        y -= set_text(body, text, cols.quiet + PAD + mark_w, y, quiet_w - mark_w, size, bold=True)
    else:
        y -= set_text(body, text, cols.quiet + PAD, y, quiet_w, size)
    for omen in omens:
        mark_w = text_width(OMEN_MARK + " ", "symbols", size)
        body.text(cols.quiet + PAD, y - size * 0.93, OMEN_MARK, "symbols", size)
        y -= set_text(body, f"**{omen}**", cols.quiet + PAD + mark_w, y, quiet_w - mark_w, size)
    low = min(low, y)
    time = row_clock(t, row)
    body.text(cols.time + PAD, baseline, time, "label-bold", 10.5)
    if row.roll is not None and not _read_one_by_one(t):
        body.text(cols.roll + PAD, baseline, str(row.roll), "label-bold", 13.0)
        if len(row.dice) > 1:
            faces = "+".join(map(str, row.dice))
            faces_w = cols.rule - cols.roll - 2 * PAD
            faces_h = set_text(body, faces, cols.roll + PAD, baseline - 3.0, faces_w, SMALL)
            low = min(low, baseline - 3.0 - faces_h)
    else:  # a pool's dice in the order to take them, or a roll's dice read one by one
        pitch = _pitch(t)
        for n, face in enumerate(row.dice):
            body.text(cols.roll + PAD + (n + 0.5) * pitch, baseline, str(face), "label-bold", 10.5, align="centre")
    box_x = cols.box + (cols.time - cols.box - TICK.text) / 2
    body.add(BoxMark(f"check-{row.index}", box_x, -PAD - TICK.text, TICK.text, f"check {row.index} at {time} done"))
    return body, round(max(ROW_MIN, -low + PAD), 2)


def _read_one_by_one(t: Timetable) -> bool:
    """Whether the check's dice are read one by one (patterns): the row shows each die, not the total."""
    return t.pack.check is not None and t.pack.check.patterns


def _pitch(t: Timetable) -> float:
    """The room each die's face takes in the roll column: wider for dice of two or three digits."""
    widest = max((text_width(str(f), "label-bold", 10.5) for r in t.rows for f in r.dice), default=0.0)
    return max(DIE_PITCH, widest + 3.0)


def split_omens(text: str, omens: Sequence[str]) -> tuple[str, list[str]]:
    """A quiet-party text without its trailing omens (:func:`sheetgen.words.omen_phrase`), and those omens,
    to set them apart."""
    tail = "; ".join(omens)
    if omens and text == tail:
        return "", list(omens)
    if omens and text.endswith(f"; {tail}"):
        return text[: -len(tail) - 2], list(omens)
    return text, []


def row_sketch(body: Sketch, height: float, width: float, shaded: bool) -> Sketch:
    """A check row's marks over its band (every other row shaded)."""
    sk = Sketch()
    if shaded:
        sk.add(RectMark(0.0, -height, width, height, fill=BAND, stroke=0.0))
    sk.extend(body.marks)
    return sk
