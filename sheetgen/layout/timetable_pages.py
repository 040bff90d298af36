"""Timetable pages: a pre-rolled :class:`~sheetgen.engine.timetable.Timetable` and a paper in, a
:class:`TimetableLayout` out.

Every page is a list of marks in PDF points (origin at the bottom left), so sheetgen.render.pdf.timetable
only draws them and tests can see which check rows and deck cards went on which page, and where,
without a PDF. Check rows go three hours to a page (a page that cannot hold its three hours is split
at a row), each page with the same head: the pack, site, seed, hours, the check's formula, the
tracks' start levels and a chart of the chance per check. The encounter deck follows on the last
page of rows when all of it fits there, else on pages of its own, two cards across.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sheetgen.design import SPACE
from sheetgen.engine.timetable import CheckRow, Timetable
from sheetgen.errors import RenderError
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import BOX_MIN, BoxMark, LineMark, Mark, RectMark, Sketch, flow, text_width
from sheetgen.layout.timetable_parts import (
    CHART_WIDTH,
    HEAD_FILL,
    LOG_ROW,
    PAD,
    RULE,
    SMALL,
    TEXT,
    block_height,
    card_content,
    card_frame,
    chance_chart,
    check_fonts,
    deck_head,
    encounter_log,
    hours_text,
    page_head,
    set_text,
)
from sheetgen.options import Paper
from sheetgen.sheets.mechanics import check_banner
from sheetgen.words import (
    baseline_text,
    deck_note,
    omen_text,
    pool_rule,
    row_clock,
    row_rule,
    row_when,
    runs_out_line,
    spares_heading,
    spares_text,
    timetable_note,
    timetable_roll,
)

MARGIN = SPACE.margin
"""Every edge."""
HOURS_PER_PAGE = 3
BAND = 0.92
"""Grey of every other row."""
ROW_SIZES = (9.0, 8.5, 8.0)
ROW_MIN = 24.0
"""A row is at least this tall, so the Actual cell has room for a pencilled number."""
QUIET_MIN = 118.0
RULE_MIN = 150.0
ACTUAL_MIN = 42.0
ACTUAL_MAX = 72.0
DIE_PITCH = 10.5
"""Room for each die of a pool row, drawn in its own slot so the order reads at a glance."""
ROW_STRETCH = 10.0
ROW_ROOMY = 40.0
"""Rows are stretched to fill a page by up to ROW_STRETCH, or up to ROW_ROOMY tall when they are few."""
CARD_GAP = 12.0
SECTION_GAP = 10.0
ENCOUNTER_MARK = "\u25b6"
"""Set before a quiet-party outcome that brings the check's result (shape and bold: no colour needed)."""
OMEN_MARK = "\u25c6"
"""Set before an omen a quiet party meets."""


@dataclass(frozen=True)
class RowFrame:
    """Where one check row went: its 1-based index in the timetable, its band, and its Actual cell."""

    index: int
    frame: Rect
    actual: Rect


@dataclass(frozen=True)
class CardFrame:
    """Where one deck card went: its 1-based index in the deck and its frame."""

    index: int
    frame: Rect


@dataclass(frozen=True)
class TimetablePage:
    """One page: its label ("Timetable, page 2 of 3: hours 4-6"), what is on it, and every mark."""

    number: int
    label: str
    rows: tuple[RowFrame, ...]
    cards: tuple[CardFrame, ...]
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class TimetableLayout:
    paper: Paper
    title: str
    pages: tuple[TimetablePage, ...]


# -- the check's facts beside the chart ----------------------------------------------------------------

def _facts(t: Timetable, width: float) -> Sketch:
    sk = Sketch()
    y = 0.0
    if t.check_name is None:
        note = timetable_note(t)
        if note:
            y -= set_text(sk, note, 0.0, y, width, 9.0, base="body") + 4.0
        return sk
    # The check in its banner's words, as the reference page and the cover open with it, said once: the
    # rule (its sentence holds the cadence, so the banner's "When" is not repeated) and what follows.
    banner = check_banner(t.pack)
    if banner is not None:
        rule, *rest = (fact for fact in banner.facts if fact.label != "When")
        lines = [f"**{banner.name}:** {rule.text}", *(f"**{fact.label}:** {fact.text}" for fact in rest)]
        for line in lines:
            y -= set_text(sk, line, 0.0, y, width, TEXT) + 3.0
    starts = ", ".join(f"{lv.name} {lv.level}" for lv in t.tracks)
    if starts:
        y -= set_text(sk, f"**Tracks at the start:** {starts}", 0.0, y, width, TEXT) + 3.0
    if t.pool_dice is not None and t.rows:
        y -= set_text(sk, f"**Pool:** {pool_rule(t.pack, trigger=False)}", 0.0, y, width, TEXT) + 3.0
    if t.spares:
        bold = ("**", "**")
        y -= set_text(sk, f"{spares_heading(t.spare_when, bold)}: {spares_text(t.spares, bold)}", 0.0, y, width,
                      TEXT) + 3.0
    if t.runs_out:
        y -= set_text(sk, runs_out_line(int(t.unit_minutes * 60), t.runs_out, ("**", "**")), 0.0, y, width,
                      TEXT) + 3.0
    return sk


def _use_text(t: Timetable) -> str:
    how = "**Use:** tick each check when you make it. "
    if t.pool_dice is not None:
        how += "Take the dice from the left, as many as the pool holds. "
    how += "With a quiet party the Quiet party column stands"
    if t.tracks:
        return how + ("; if the party made noise, write the track's real level under Actual and read the rule "
                      "against it.")
    if t.spares:  # nothing the party does moves what the rows read: a loud party rolls a spare die
        return how + "; when the party calls for an extra roll, use the next spare die."
    return how + "."


def _info(t: Timetable, width: float) -> Sketch:
    """The facts at the left and, for a pack with a check, the chart at the right."""
    sk = Sketch()
    if t.odds is None or t.check_name is None:
        sk.extend(_facts(t, width).marks)
        return sk
    facts_w = width - CHART_WIDTH - 18.0
    facts = _facts(t, facts_w)
    side = chance_chart(t, t.odds, CHART_WIDTH)
    # the note on using the table goes under whichever column is shorter
    if block_height(facts) <= block_height(side):
        set_text(facts, _use_text(t), 0.0, -block_height(facts) - 4.0, facts_w, TEXT)
    else:
        set_text(side, _use_text(t), 0.0, -block_height(side) - 6.0, CHART_WIDTH, SMALL)
    sk.extend(facts.marks)
    sk.extend(side.marks, width - CHART_WIDTH, 0.0)
    return sk


# -- check rows ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Columns:
    """Left edges of the table's columns, relative to the table's left; and the table's width."""

    box: float
    time: float
    roll: float
    rule: float
    quiet: float
    actual: float
    width: float
    size: float
    """The rows' text size."""
    wrapped: int
    """How many rows have a rule or quiet-party text longer than one line."""


def _columns(t: Timetable, width: float, size: float) -> Columns:
    """Fixed columns for the tick box, time, roll and Actual; the rule and the Quiet party columns share
    the rest. When every row's texts fit on one line at *size*, the quiet party gets its longest text
    and a third of the spare room; else the split that leaves the fewest rows wrapped."""
    if t.pool_dice is not None:
        roll_w = max(44.0, t.pool_dice * DIE_PITCH + 2 * PAD)
    else:
        widest = max((text_width(str(r.roll), "label-bold", 13.0) for r in t.rows), default=0.0)
        faces = max((text_width("+".join(map(str, r.dice)), "label", SMALL) for r in t.rows), default=0.0)
        roll_w = max(34.0, widest + 2 * PAD, faces + 2 * PAD)
    words_in_names = [w for lv in t.tracks for w in lv.name.split()]
    actual_w = round(min(ACTUAL_MAX, max([ACTUAL_MIN] + [text_width(w, "label", SMALL) + 2 * PAD + 1.0
                                                        for w in words_in_names])), 2)
    box_w, time_w = 24.0, 34.0
    words = width - box_w - time_w - roll_w - actual_w
    if words < QUIET_MIN + RULE_MIN:
        dice = (f"a pool of {t.pool_dice} dice does" if t.pool_dice is not None
                else f"the faces of {timetable_roll(t)} do")
        raise RenderError(f"{t.pack_name} ({t.pack_id}): {dice} not fit on a timetable row beside the rules; "
                          "use fewer dice in the check")
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
    return Columns(0.0, box_w, box_w + time_w, box_w + time_w + roll_w, width - actual_w - quiet_w,
                   width - actual_w, width, size, wrapped)


def _needs(t: Timetable, row: CheckRow, size: float) -> tuple[float, float]:
    """The widths a row's quiet-party text and rule text need to stay on one line each."""
    slack = 2 * PAD + 2.0
    text = split_omens(baseline_text(t, row), _omens(t, row))[0]
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
    return [omen_text(t.pack, omen) for omen in row.baseline.omens]


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
        parts.append(f"N = {n}: **{result}**")
    return " \u00b7 ".join(parts)


def _table_head(t: Timetable, cols: Columns) -> Sketch:
    """The table's grey head: each column's name, and what the Quiet party and Actual columns mean."""
    sk = Sketch()
    names = ", ".join(lv.name for lv in t.tracks)
    pool = t.pool_dice is not None
    rule_head = f"{(timetable_roll(t) or '').capitalize()} of the first N dice" if pool else "What decides it"
    heads = [(cols.box, "Done", ""), (cols.time, "Time", ""),
             (cols.roll, "Dice in order" if pool else "Roll", ""),
             (cols.rule, rule_head, "N = the dice in the pool" if pool else ""),
             (cols.quiet, "Quiet party", "if only the rules move the tracks"), (cols.actual, "Actual", names)]
    edges = _edges(cols)
    sub_h = 0.0
    for x, _, sub in heads:
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


def _edges(cols: Columns) -> list[float]:
    return [cols.box, cols.time, cols.roll, cols.rule, cols.quiet, cols.actual, cols.width]


def _row_content(t: Timetable, row: CheckRow, cols: Columns) -> tuple[Sketch, float]:
    """One check row's words and tick box, y from the row's top; and the height they need."""
    body = Sketch()
    size = cols.size
    baseline = -PAD - 11.0  # every column's first line sits on it
    top = baseline + size * 0.93
    rule_w = cols.quiet - cols.rule - 2 * PAD
    y = top
    y -= set_text(body, _rule_text(t, row), cols.rule + PAD, y, rule_w, size)
    when = row_when(t, row)
    if when:
        y -= set_text(body, f"_{when}_", cols.rule + PAD, y, rule_w, size + 0.5, base="body")
    low = y
    quiet_w = cols.actual - cols.quiet - 2 * PAD
    y = top
    base = row.baseline
    text, omens = split_omens(baseline_text(t, row), _omens(t, row))
    if base.encounter:
        mark_w = text_width(ENCOUNTER_MARK + " ", "symbols", size)
        body.text(cols.quiet + PAD, baseline, ENCOUNTER_MARK, "symbols", size)
        y -= set_text(body, text, cols.quiet + PAD + mark_w, y, quiet_w - mark_w, size, bold=True)
    else:
        y -= set_text(body, text, cols.quiet + PAD, y, quiet_w, size)
    for omen in omens:
        mark_w = text_width(OMEN_MARK + " ", "symbols", size)
        body.text(cols.quiet + PAD, y - size * 0.93, OMEN_MARK, "symbols", size)
        y -= set_text(body, f"**omen:** {omen}", cols.quiet + PAD + mark_w, y, quiet_w - mark_w, size)
    low = min(low, y)
    time = row_clock(t, row)
    body.text(cols.time + PAD, baseline, time, "label-bold", 10.5)
    if row.roll is not None:
        body.text(cols.roll + PAD, baseline, str(row.roll), "label-bold", 13.0)
        if len(row.dice) > 1:
            faces = "+".join(map(str, row.dice))
            faces_w = cols.rule - cols.roll - 2 * PAD
            faces_h = set_text(body, faces, cols.roll + PAD, baseline - 3.0, faces_w, SMALL)
            low = min(low, baseline - 3.0 - faces_h)
    else:
        for n, face in enumerate(row.dice):
            body.text(cols.roll + PAD + (n + 0.5) * DIE_PITCH, baseline, str(face), "label-bold", 10.5,
                      align="centre")
    box_x = cols.box + (cols.time - cols.box - BOX_MIN) / 2
    body.add(BoxMark(f"check-{row.index}", box_x, -PAD - BOX_MIN, BOX_MIN,
                     f"check {row.index} at {time} done"))
    return body, round(max(ROW_MIN, -low + PAD), 2)


def split_omens(text: str, omens: Sequence[str]) -> tuple[str, list[str]]:
    """A quiet-party text without its trailing '; omen: ...' parts, and those omens, to set them apart."""
    tail = "".join(f"; omen: {omen}" for omen in omens)
    if omens and text.endswith(tail):
        return text[:-len(tail)], list(omens)
    return text, []


def _row_block(row: CheckRow, body: Sketch, height: float, width: float, shaded: bool) -> _Block:
    sk = Sketch()
    if shaded:
        sk.add(RectMark(0.0, -height, width, height, fill=BAND, stroke=0.0))
    sk.extend(body.marks)
    return _Block(sk, round(height, 2), "row", row=row.index)


# -- pages -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Block:
    """A finished piece of a page (y from its top) and its height; a check row or a row of cards says so."""

    sketch: Sketch
    height: float
    kind: str = "text"   # "text", "head" (the table's head), "row" or "cards"
    row: int = 0
    cards: tuple[tuple[int, float, float], ...] = ()
    """(card index, x, width) of each card in a row of cards."""


@dataclass
class _Plan:
    hint: str          # what the page holds: "hours 1-3", "0:10 to 1:30", "encounter deck"
    deck: bool         # whether the deck starts or continues on it
    blocks: list[_Block]
    cols: Columns | None = None


def _row_chunks(t: Timetable) -> list[tuple[int, int, list[CheckRow]]]:
    """The rows three hours at a time: (first hour, last hour, rows)."""
    chunks = []
    for start in range(0, t.hours, HOURS_PER_PAGE):
        end = min(t.hours, start + HOURS_PER_PAGE)
        rows = [r for r in t.rows if start * 60 < r.unit * t.unit_minutes <= end * 60]
        chunks.append((start + 1, end, rows))
    return chunks


def _card_rows(t: Timetable, width: float) -> list[_Block]:
    """The deck two cards across; both cards of a row are as tall as the taller."""
    card_w = round((width - CARD_GAP) / 2, 2)
    blocks = []
    for i in range(0, len(t.deck), 2):
        made = [(card, *card_content(card, card_w)) for card in t.deck[i:i + 2]]
        height = max(h for _, _, h, _ in made)
        sk = Sketch()
        placed = []
        for j, (card, content, _, head_h) in enumerate(made):
            x = round(j * (card_w + CARD_GAP), 2)
            sk.extend(card_frame(card_w, height, head_h), x, 0.0)
            sk.extend(content.marks, x, 0.0)
            placed.append((card.index, x, card_w))
        blocks.append(_Block(sk, round(height + CARD_GAP, 2), "cards", cards=tuple(placed)))
    return blocks


def _text_block(sk: Sketch, gap: float) -> _Block:
    return _Block(sk, round(block_height(sk) + gap, 2))


def timetable_layout(t: Timetable, paper: Paper, *, numbered: bool = True) -> TimetableLayout:
    """Lay out every page of the timetable on *paper*: rows three hours a page, then the deck. Not
    *numbered*, the headers leave the page number's slot empty (for a packet's own number)."""
    check_fonts(t)
    width = paper.width - 2 * MARGIN
    room = paper.height - 2 * MARGIN - page_head(t, width, 1, 1, "hours 1-3")[1]
    info = _text_block(_info(t, width), SECTION_GAP)
    deck = [_text_block(deck_head(t, width, continued=False), 8.0), *_card_rows(t, width)]
    plans: list[_Plan] = []
    if t.rows:
        cols, made = row_columns(t, width, room - info.height)
        plans.extend(_row_plans(t, cols, made, room - info.height, info, sum(b.height for b in deck)))
    elif not t.deck:
        raise RenderError(f"{t.pack_name} ({t.pack_id}) has no check and no encounter deck, so its timetable "
                          f"would be empty ({deck_note(t)}); give a site with a wandering table")
    if not t.deck and plans:
        # no deck to print: the room left on the last page holds a ruled encounter log instead
        spare = room - sum(b.height for b in plans[-1].blocks) - SECTION_GAP
        empty = block_height(encounter_log(width, 0))
        rows = min(20, int((spare - empty) // LOG_ROW))
        if rows >= 3:
            plans[-1].blocks.extend([_Block(Sketch(), SECTION_GAP), _text_block(encounter_log(width, rows), 0.0)])
    else:
        plans.extend(_deck_plans(t, width, room, plans, info, deck))
    total = len(plans)
    pages = tuple(_page(t, paper, n, total, plan, numbered) for n, plan in enumerate(plans, start=1))
    title = f"{t.pack_name}: pre-rolled timetable" + (f", {t.site_name}" if t.site_name else "")
    return TimetableLayout(paper, title, pages)


RowMade = tuple[CheckRow, Sketch, float]
"""A check row, its words and tick box (y from its top), and the height they need."""


def row_columns(t: Timetable, width: float, room: float) -> tuple[Columns, list[RowMade]]:
    """The table's columns at the row text size (9, 8.5 or 8 pt) that needs the fewest pages, then
    leaves the fewest rows wrapped, then is the largest; and every row made at that size."""
    best: tuple[tuple[int, int, float], Columns, list[RowMade]] | None = None
    for size in ROW_SIZES:
        cols = _columns(t, width, size)
        made = [(row, *_row_content(t, row, cols)) for row in t.rows]
        heights = {row.index: h for row, _, h in made}
        head = block_height(_table_head(t, cols))
        pages = sum(len(_paginate([heights[r.index] for r in rows], room - head))
                    for _, _, rows in _row_chunks(t))
        key = (pages, cols.wrapped, -size)
        if best is None or key < best[0]:
            best = (key, cols, made)
        if cols.wrapped == 0:  # smaller text would not save a page
            break
    assert best is not None
    return best[1], best[2]


def _paginate(heights: Sequence[float], room: float) -> list[list[int]]:
    """Indexes of the rows on each page, filled in order; a row taller than a page gets one to itself."""
    out: list[list[int]] = [[]]
    used = 0.0
    for i, height in enumerate(heights):
        if used + height > room and out[-1]:
            out.append([])
            used = 0.0
        out[-1].append(i)
        used += height
    return out


def _row_plans(t: Timetable, cols: Columns, made_rows: list[RowMade], room: float, info: _Block,
               deck_height: float) -> list[_Plan]:
    """Pages of rows, three hours each (split where they overflow); rows are stretched to fill a page
    for writing room, except on the last page when the deck fits under its rows."""
    width = cols.width
    head_sketch = _table_head(t, cols)
    head = _Block(head_sketch, block_height(head_sketch), "head")
    by_index = {row.index: (row, body, h) for row, body, h in made_rows}
    pages: list[tuple[str, list[RowMade]]] = []
    for first, last, rows in _row_chunks(t):
        chunk_rows = [by_index[r.index] for r in rows]
        split = _paginate([h for _, _, h in chunk_rows], room - head.height)
        chunk = [[chunk_rows[i] for i in page] for page in split]
        for made in chunk:
            hint = hours_text(first, last)
            if len(chunk) > 1:
                hint = f"{row_clock(t, made[0][0])} to {row_clock(t, made[-1][0])}"
            pages.append((hint, made))
    plans = []
    for number, (hint, made) in enumerate(pages, start=1):
        spare = room - head.height - sum(h for _, _, h in made)
        if number == len(pages) and spare - SECTION_GAP >= deck_height:
            extra = 0.0
        else:
            extra = max(0.0, min(max(ROW_STRETCH, ROW_ROOMY - max(h for _, _, h in made)), spare / len(made)))
            # row heights are kept to hundredths of a point: round the stretch down so that the
            # rounded rows still add up to no more than the room
            extra = math.floor(extra * 100) / 100
        blocks = [_row_block(row, body, h + extra, width, n % 2 == 1)
                  for n, (row, body, h) in enumerate(made)]
        plans.append(_Plan(hint, False, [info, head, *blocks], cols))
    return plans


def _deck_plans(t: Timetable, width: float, room: float, plans: list[_Plan], info: _Block,
                deck: list[_Block]) -> list[_Plan]:
    """The deck on the last page of rows when all of it fits there, else on pages of its own."""
    if plans:
        last = plans[-1]
        if room - sum(b.height for b in last.blocks) - SECTION_GAP >= sum(b.height for b in deck):
            last.blocks.extend([_Block(Sketch(), SECTION_GAP), *deck])
            last.deck = bool(t.deck)
            return []
    out: list[_Plan] = []
    current: list[_Block] = [] if t.rows else [info]
    used = sum(b.height for b in current)
    for block in deck:
        if used + block.height > room and any(b.kind == "cards" for b in current):
            out.append(_Plan("encounter deck", True, current))
            current = [_text_block(deck_head(t, width, continued=True), 8.0)]
            used = current[0].height
        current.append(block)
        used += block.height
    out.append(_Plan("encounter deck", True, current))
    return out


def page_hint(hint: str, with_deck: bool) -> str:
    """'hours 4-6', with ' and encounter deck' when the deck starts on the page too."""
    return f"{hint} and encounter deck" if with_deck and hint != "encounter deck" else hint


def page_label(number: int, total: int, hint: str, with_deck: bool) -> str:
    """'Timetable, page 2 of 3: hours 4-6' (with ' and encounter deck' when the deck starts there too)."""
    return f"Timetable, page {number} of {total}: {page_hint(hint, with_deck)}"


def _page(t: Timetable, paper: Paper, number: int, total: int, plan: _Plan, numbered: bool) -> TimetablePage:
    width = paper.width - 2 * MARGIN
    label = page_label(number, total, plan.hint, plan.deck)
    top = paper.height - MARGIN
    head, head_h = page_head(t, width, number, total, page_hint(plan.hint, plan.deck), numbered=numbered)
    marks: list[Mark] = [m.moved(MARGIN, top) for m in head.marks]
    top -= head_h
    rows: list[RowFrame] = []
    cards: list[CardFrame] = []
    table_top: float | None = None
    cols = plan.cols
    for block in plan.blocks:
        marks.extend(m.moved(MARGIN, top) for m in block.sketch.marks)
        if block.kind == "head":
            table_top = top
        elif block.kind == "row" and cols is not None:
            y = round(top - block.height, 2)
            rows.append(RowFrame(block.row, Rect(MARGIN, y, width, block.height),
                                 Rect(MARGIN + cols.actual, y, cols.width - cols.actual, block.height)))
        for index, x, w in block.cards:
            card_h = round(block.height - CARD_GAP, 2)
            cards.append(CardFrame(index, Rect(MARGIN + x, round(top - card_h, 2), w, card_h)))
        top -= block.height
    if rows and table_top is not None and cols is not None:
        marks.extend(_table_rules(cols, table_top, rows))
    return TimetablePage(number, label, tuple(rows), tuple(cards), tuple(_drawing_order(marks)))


def _table_rules(cols: Columns, table_top: float, rows: Sequence[RowFrame]) -> list[Mark]:
    """The table's frame, its column rules, a heavier rule under its head and a rule under every row."""
    left, right = MARGIN, MARGIN + cols.width
    bottom = rows[-1].frame.y
    out: list[Mark] = [LineMark(MARGIN + x, bottom, MARGIN + x, table_top, RULE, 0.45)
                       for x in _edges(cols)[1:-1]]
    out.extend(LineMark(left, row.frame.y, right, row.frame.y, RULE, 0.45) for row in rows[:-1])
    out.append(LineMark(left, rows[0].frame.top, right, rows[0].frame.top, 1.0))
    out.append(RectMark(left, bottom, cols.width, table_top - bottom, fill=None, stroke=1.0))
    return out


def _drawing_order(marks: Iterable[Mark]) -> list[Mark]:
    """Fills first, then rules and frames, then tick boxes and text, so nothing hides a line or a word."""
    def rank(m: Mark) -> int:
        if isinstance(m, RectMark):
            return 0 if m.fill is not None and not m.stroke else 2
        if isinstance(m, LineMark):
            return 1
        if isinstance(m, BoxMark):
            return 3
        return 4
    return sorted(marks, key=rank)
