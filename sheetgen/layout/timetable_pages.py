"""Timetable pages: a pre-rolled :class:`~sheetgen.engine.timetable.Timetable` and a paper in, a
:class:`TimetableLayout` out.

Every page is a list of marks in PDF points (origin at the bottom left), so sheetgen.render.pdf.timetable
only draws them and tests can see which check rows and deck cards went on which page, and where,
without a PDF. The table's columns, head and rows are set by sheetgen.layout.timetable_rows. Check rows
go three hours to a page (a page that cannot hold its three hours is split
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
from sheetgen.layout.banner import banner_marks
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import BoxMark, LineMark, Mark, RectMark, Sketch
from sheetgen.layout.timetable_parts import (
    CHART_WIDTH,
    LOG_ROW,
    RULE,
    SMALL,
    TEXT,
    block_height,
    card_content,
    card_frame,
    chance_chart,
    check_fonts,
    deck_head,
    deck_key,
    encounter_log,
    hours_text,
    page_head,
    set_text,
    shared_lines,
)
from sheetgen.layout.timetable_rows import (
    Columns,
    column_edges,
    columns_for,
    row_content,
    row_sketch,
    span_hours,
    table_head,
)
from sheetgen.options import Paper
from sheetgen.sheets.mechanics import check_banner
from sheetgen.words import (
    deck_note,
    duration,
    pool_rule,
    row_clock,
    runs_out_line,
    spares_heading,
    spares_text,
    timetable_note,
)
from sheetgen.words.language import N_, _, after_colon

MARGIN = SPACE.margin
"""Every edge."""
ROW_SIZES = (9.0, 8.5, 8.0)
ROW_STRETCH = 10.0
ROW_ROOMY = 40.0
"""Rows are stretched to fill a page by up to ROW_STRETCH, or up to ROW_ROOMY tall when they are few."""
CARD_GAP = 12.0
SECTION_GAP = 10.0


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
    # The check in its banner, as the reference page and the cover open with it; without its "When", which
    # the rule's sentence and the rows' times say already
    banner = check_banner(t.pack)
    if banner is not None:
        facts = tuple((fact.label, fact.text) for fact in banner.facts if fact.label != _("When"))
        drawn = banner_marks(banner.name, facts, width)
        sk.extend(drawn.marks, 0.0, y)
        y -= drawn.height + 5.0
    starts = ", ".join(f"{lv.name} {lv.level}" for lv in t.tracks)
    if starts:
        y -= (
            set_text(sk, _("**Tracks at the start of play:** {tracks}").format(tracks=starts), 0.0, y, width, TEXT)
            + 3.0
        )
    if t.pool_dice is not None and t.rows:
        y -= (
            set_text(sk, _("**Pool:** {rule}").format(rule=pool_rule(t.pack, trigger=False)), 0.0, y, width, TEXT) + 3.0
        )
    if t.spares:
        bold = ("**", "**")
        y -= (
            set_text(
                sk, after_colon(spares_heading(t.spare_when, bold), spares_text(t.spares, bold)), 0.0, y, width, TEXT
            )
            + 3.0
        )
    if t.runs_out:
        y -= set_text(sk, runs_out_line(int(t.unit_minutes * 60), t.runs_out, ("**", "**")), 0.0, y, width, TEXT) + 3.0
    return sk


def _use_text(t: Timetable) -> str:
    how = _("**Use:** tick each check when you make it.") + " "
    if t.pool_dice is not None:
        how += _("Take the dice from the left, as many as the pool holds.") + " "
    if t.tracks:
        return how + _(
            "With a quiet party the Quiet party column stands (a blank cell: nothing happens); if the "
            "party made noise, write the track's real level under Actual and read the rule against it."
        )
    if t.spares:  # nothing the party does moves what the rows read: a loud party rolls a spare die
        return how + _(
            "With a quiet party the Quiet party column stands (a blank cell: nothing happens); when "
            "the party calls for an extra roll, use the next spare die."
        )
    return how + _("With a quiet party the Quiet party column stands (a blank cell: nothing happens).")


def _info(t: Timetable, width: float) -> Sketch:
    """The facts at the left and, for a pack with a check, the chart at the right."""
    sk = Sketch()
    if t.odds is None or t.check_name is None:
        sk.extend(_facts(t, width).marks)
        return sk
    facts_w = width - CHART_WIDTH - 18.0
    # the note on using the table goes under whichever column leaves the block shorter
    placed = []
    for under_facts in (True, False):
        facts = _facts(t, facts_w)
        side = chance_chart(t, t.odds, CHART_WIDTH)
        if under_facts:
            set_text(facts, _use_text(t), 0.0, -block_height(facts) - 4.0, facts_w, TEXT)
        else:
            set_text(side, _use_text(t), 0.0, -block_height(side) - 6.0, CHART_WIDTH, SMALL)
        placed.append((max(block_height(facts), block_height(side)), facts, side))
    _, facts, side = min(placed, key=lambda p: p[0])
    sk.extend(facts.marks)
    sk.extend(side.marks, width - CHART_WIDTH, 0.0)
    return sk


# -- pages -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Block:
    """A finished piece of a page (y from its top) and its height; a check row or a row of cards says so."""

    sketch: Sketch
    height: float
    kind: str = "text"  # "text", "head" (the table's head), "row" or "cards"
    row: int = 0
    cards: tuple[tuple[int, float, float], ...] = ()
    """(card index, x, width) of each card in a row of cards."""


@dataclass
class _Plan:
    hint: str  # what the page holds: "hours 1-3", "0:10 to 1:30", "encounter deck"
    deck: bool  # whether the deck starts or continues on it
    blocks: list[_Block]
    cols: Columns | None = None


def _row_chunks(t: Timetable) -> list[tuple[int, int, list[CheckRow]]]:
    """The rows a few hours at a time (:func:`span_hours`); (first hour, last hour, rows). A span in which
    no check falls gets no page."""
    span = span_hours(t)
    chunks = []
    for start in range(0, t.hours, span):
        end = min(t.hours, start + span)
        rows = [r for r in t.rows if start * 60 < r.unit * t.unit_minutes <= end * 60]
        if rows:
            chunks.append((start + 1, end, rows))
    return chunks


def _card_rows(t: Timetable, width: float) -> list[_Block]:
    """The deck two cards across; both cards of a row are as tall as the taller."""
    card_w = round((width - CARD_GAP) / 2, 2)
    shared, glossed = shared_lines(t), bool(deck_key(t))
    blocks = []
    for i in range(0, len(t.deck), 2):
        made = [(card, *card_content(card, card_w, shared, glossed=glossed)) for card in t.deck[i : i + 2]]
        height = max(h for _, _, h, _ in made)
        sk = Sketch()
        placed = []
        for j, (card, content, _h, head_h) in enumerate(made):
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
    elif not t.deck and t.check_name is not None:
        raise RenderError(
            f"no {t.check_name} of {t.pack_name} ({t.pack_id}) falls due within "
            f"{duration(t.hours * 3600)}, so its timetable would be empty ({deck_note(t)}); "
            "ask for more hours of play"
        )
    elif not t.deck:
        raise RenderError(
            f"{t.pack_name} ({t.pack_id}) has no check and no encounter deck, so its timetable "
            f"would be empty ({deck_note(t)}); give a site with a wandering table"
        )
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
    title = (_("{pack}: pre-rolled timetable, {site}") if t.site_name else _("{pack}: pre-rolled timetable")).format(
        pack=t.pack_name, site=t.site_name
    )
    return TimetableLayout(paper, title, pages)


RowMade = tuple[CheckRow, Sketch, float]
"""A check row, its words and tick box (y from its top), and the height they need."""


def row_columns(t: Timetable, width: float, room: float) -> tuple[Columns, list[RowMade]]:
    """The table's columns at the row text size (9, 8.5 or 8 pt) that needs the fewest pages, then
    leaves the fewest rows wrapped, then is the largest; and every row made at that size."""
    best: tuple[tuple[int, int, float], Columns, list[RowMade]] | None = None
    for size in ROW_SIZES:
        cols = columns_for(t, width, size)
        made = [(row, *row_content(t, row, cols)) for row in t.rows]
        heights = {row.index: h for row, _, h in made}
        head = block_height(table_head(t, cols))
        pages = sum(len(_paginate([heights[r.index] for r in rows], room - head)) for _, _, rows in _row_chunks(t))
        key = (pages, cols.wrapped, -size)
        if best is None or key < best[0]:
            best = (key, cols, made)
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


def _row_plans(
    t: Timetable, cols: Columns, made_rows: list[RowMade], room: float, info: _Block, deck_height: float
) -> list[_Plan]:
    """Pages of rows, three hours each (split where they overflow); rows are stretched to fill a page
    for writing room, except on the last page when the deck fits under its rows."""
    width = cols.width
    head_sketch = table_head(t, cols)
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
                hint = _("{start} to {end}").format(start=row_clock(t, made[0][0]), end=row_clock(t, made[-1][0]))
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
        blocks = [
            _Block(row_sketch(body, h + extra, width, n % 2 == 1), round(h + extra, 2), "row", row=row.index)
            for n, (row, body, h) in enumerate(made)
        ]
        plans.append(_Plan(hint, False, [info, head, *blocks], cols))
    return plans


def _deck_plans(
    t: Timetable, width: float, room: float, plans: list[_Plan], info: _Block, deck: list[_Block]
) -> list[_Plan]:
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
            out.append(_Plan(DECK_HINT, True, current))
            current = [_text_block(deck_head(t, width, continued=True), 8.0)]
            used = current[0].height
        current.append(block)
        used += block.height
    out.append(_Plan(DECK_HINT, True, current))
    return out


DECK_HINT = N_("encounter deck")
"""What a page that holds only the deck says it holds."""


def page_hint(hint: str, with_deck: bool) -> str:
    """'hours 4-6', with ' and encounter deck' when the deck starts on the page too."""
    if hint == DECK_HINT:
        return _(DECK_HINT)
    return _("{hint} and encounter deck").format(hint=hint) if with_deck else hint


def page_label(number: int, total: int, hint: str, with_deck: bool) -> str:
    """'Timetable, page 2 of 3: hours 4-6' (with ' and encounter deck' when the deck starts there too)."""
    return _("Timetable, page {n} of {total}: {hint}").format(n=number, total=total, hint=page_hint(hint, with_deck))


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
            rows.append(
                RowFrame(
                    block.row,
                    Rect(MARGIN, y, width, block.height),
                    Rect(MARGIN + cols.actual, y, cols.width - cols.actual, block.height),
                )
            )
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
    out: list[Mark] = [
        LineMark(MARGIN + x, bottom, MARGIN + x, table_top, RULE, 0.45) for x in column_edges(cols)[1:-1]
    ]
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
