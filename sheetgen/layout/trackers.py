"""Tracker pages: a pack's tracker page and a paper in, a :class:`TrackerLayout` out.

The layout holds every tick box, label, rule and line of one page in PDF points (origin at the bottom
left), so sheetgen.render.pdf.trackers only draws it and tests can count boxes without a PDF. The page is a
title band, then the page's parts in the pack's order on a two-column grid computed from the paper:
small parts (tallies, resources, countdowns, notes, tracks of boxes or a clock) go side by side in
pairs, the others run across the page. A turns grid shows the session's hours of play (the hours asked
for, or the pack's horizon) in rows of an hour, or exactly the number of turns asked for; what the parts
leave at the foot of the page is a ruled log for what happens in play.

A page is one sheet, and parts that do not fit are an error; only a large-print players' page
(:func:`tracker_sheets` with ``spill``) continues on further sheets, its parts packed on the fewest, in
order on each.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from sheetgen import limits
from sheetgen.design import SPACE, TYPE
from sheetgen.engine.odds import play_hours
from sheetgen.errors import Location, RenderError
from sheetgen.layout.header import header_marks
from sheetgen.layout.marks import (
    BoxMark,
    CircleMark,
    LineMark,
    Mark,
    RectMark,
    Sketch,
    TextMark,
    text_width,
)
from sheetgen.layout.tracker_parts import (
    Block,
    PartContext,
    TurnsGrid,
    countdown_block,
    heading,
    resources_block,
    tallies_block,
    turns_block,
    turns_grid,
    turns_title,
)
from sheetgen.layout.tracker_results import results_block
from sheetgen.layout.tracker_tables import actions_block, notes_block, rounds_block, rounds_pieces, table_block
from sheetgen.layout.tracker_tracks import track_block
from sheetgen.model.pack import Pack, TrackerPage, TrackerPart
from sheetgen.options import Audience, Paper
from sheetgen.words import duration
from sheetgen.words.language import N_, _

MARGIN = SPACE.margin
"""Every edge."""
GUTTER = 18.0
PART_GAP = 14.0
"""Space between one row of parts and the next."""
MIN_PLAY = 3 * 3600
"""A session longer than its page holds shows the whole rows that fit, at least three hours of play."""

_PAIRABLE = ("tallies", "resources", "countdown", "notes")

PART_BLOCKS: dict[str, Callable[[PartContext, int, TrackerPart, float], Block]] = {
    "track": track_block,
    "tallies": tallies_block,
    "resources": resources_block,
    "countdown": countdown_block,
    "rounds": rounds_block,
    "table": table_block,
    "notes": notes_block,
    "actions": actions_block,
    "results": results_block,
}
"""How each part kind is laid out, but turns, whose height depends on the number of turns."""

PART_PIECES: dict[str, Callable[[PartContext, int, TrackerPart, float], list[Block]]] = {
    "rounds": rounds_pieces,
}
"""Part kinds that can be set in whole pieces on consecutive sheets when a large-print sheet cannot hold
them: each piece a whole grid with its heading."""


@dataclass(frozen=True)
class PartFrame:
    """Where one of the page's parts went: its index in the page's parts, and its box on the paper."""

    index: int
    kind: str
    title: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class TrackerLayout:
    """One tracker page, ready to draw."""

    pack_id: str
    page_id: str
    title: str
    audience: Audience
    paper: Paper
    turns: int | None
    """Units shown in the page's turns grid; None when the page has none."""
    units_per_row: int | None
    frames: tuple[PartFrame, ...]
    texts: tuple[TextMark, ...]
    boxes: tuple[BoxMark, ...]
    lines: tuple[LineMark, ...]
    rects: tuple[RectMark, ...]
    circles: tuple[CircleMark, ...]
    sheet: int = 1
    """Which of the page's sheets this is: a large-print page may take more than one."""
    sheets: int = 1

    @property
    def turn_boxes(self) -> tuple[BoxMark, ...]:
        return tuple(b for b in self.boxes if b.turn is not None)

    def text(self) -> str:
        """The page's text in drawing order: pieces that touch on one baseline joined, a space between
        pieces apart on one baseline, a new line otherwise (for tests and previews)."""
        out: list[str] = []
        last: TextMark | None = None
        end = 0.0
        for mark in self.texts:
            if last is not None:
                same_line = abs(mark.y - last.y) < 0.01
                out.append("" if same_line and abs(mark.x - end) < 0.5 else " " if same_line else "\n")
            out.append(mark.text)
            last, end = mark, mark.x + text_width(mark.text, mark.role, mark.size)
        return "".join(out)


def session_turns(pack: Pack, hours: int | None = None) -> int:
    """Units in the session's *hours* of play (None: the pack's horizon), rounded up to a whole unit."""
    return math.ceil(play_hours(pack, hours) * 3600 / pack.time.length)


def check_turns(turns: int | None) -> None:
    if turns is not None and not 1 <= turns <= limits.MAX_TURNS:
        raise ValueError(f"turns must be a whole number from 1 to {limits.MAX_TURNS}, not {turns!r}")


def _pairable(pack: Pack, part: TrackerPart) -> bool:
    if part.kind == "track":
        return pack.track(part.ref or "").display == "boxes"
    return part.kind in _PAIRABLE


def _rows(pack: Pack, page: TrackerPage) -> list[list[int]]:
    """The page's parts, by index, in rows: two small parts side by side, others alone."""
    rows: list[list[int]] = []
    pending: int | None = None
    for q, part in enumerate(page.parts):
        if _pairable(pack, part):
            if pending is None:
                pending = q
            else:
                rows.append([pending, q])
                pending = None
            continue
        if pending is not None:
            rows.append([pending])
            pending = None
        rows.append([q])
    if pending is not None:
        rows.append([pending])
    return rows


def _paired_tables(page: TrackerPage, rows: list[list[int]]) -> list[list[int]]:
    """*rows* with each two tables that follow each other, each alone in its row, set side by side."""
    out: list[list[int]] = []
    single = False
    """Whether the last row of *out* is a table alone, still to be paired."""
    for row in rows:
        table = len(row) == 1 and page.parts[row[0]].kind == "table"
        if table and single:
            out[-1] = [out[-1][0], row[0]]
            single = False
            continue
        out.append(list(row))
        single = table
    return out


def _title_band(ctx: PartContext, width: float, page: tuple[int, int] | None) -> tuple[list[Mark], float]:
    """The one header (sheetgen.layout.header): the pack, who the page is for and *page*, the sheet's
    number among the pack's sheets for that audience and their total (None: an empty slot for a packet's
    number), and the page's title."""
    pack = ctx.pack
    who = _("For the {gm}").format(gm=ctx.checked(pack.words.gm, "words.gm")) if ctx.gm else _("For the players")
    return header_marks(
        width,
        ctx.checked(pack.name, "name"),
        who,
        ctx.checked(ctx.page.title, f"trackers[{ctx.page_index}].title"),
        page,
    )


def page_number(pack: Pack, page: TrackerPage) -> tuple[int, int]:
    """The page's number among the pack's pages for its audience, and how many there are."""
    same = [p for p in pack.trackers if p.audience == page.audience]
    return next(i for i, p in enumerate(same, 1) if p is page), len(same)


def _place(marks: tuple[Mark, ...] | list[Mark], x: float, top: float) -> list[Mark]:
    return [m.moved(x, top) for m in marks]


def _name_what(pack: Pack, page: TrackerPage, indexes: list[int]) -> str:
    parts = [page.parts[q] for q in indexes]
    names = [turns_title(pack, p) if p.kind == "turns" else p.title or p.kind for p in parts]
    return ", ".join(f'"{n}"' for n in names)


def tracker_layout(
    pack: Pack, page: TrackerPage, paper: Paper, turns: int | None, *, numbered: bool = True, hours: int | None = None
) -> TrackerLayout:
    """Lay out one tracker page of *pack* on *paper*; not *numbered*, its header leaves the page number's
    slot empty (for a packet's own number).

    *turns* None shows the session's *hours* of play (None: the pack's horizon); a number shows exactly
    that many turns. Turns that do not fit are a RenderError naming the most that fit, and so are parts
    that do not fit on the page. Raises FontError for text no shipped font can draw.
    """
    return tracker_sheets(pack, page, paper, turns, numbered=numbered, hours=hours)[0]


def tracker_sheets(
    pack: Pack,
    page: TrackerPage,
    paper: Paper,
    turns: int | None,
    *,
    numbered: bool = True,
    spill: bool = False,
    first: tuple[int, int] | None = None,
    hours: int | None = None,
) -> list[TrackerLayout]:
    """Lay out one tracker page of *pack* on one sheet of *paper* or, with *spill* (large print), on as
    many sheets as its parts need: the parts in order, none split, each sheet with the header, a turns
    grid of the session's *hours* of play (or the *turns* asked for) and a ruled log below the parts.

    *first* is the first sheet's number among the audience's sheets and their total (by default the
    page's own number, as when every page takes one sheet). Without *spill*, parts that do not fit on one
    sheet are a RenderError naming them, as :func:`tracker_layout`.
    """
    check_turns(turns)
    shown = Shown(turns if turns is not None else session_turns(pack, hours), turns is not None)
    ctx = PartContext(pack, page, pack.trackers.index(page), page.audience == Audience.GM)
    width = paper.width - 2 * MARGIN
    column = (width - GUTTER) / 2
    number, total = first or page_number(pack, page)
    _, title_h = _title_band(ctx, width, (number, total) if numbered else None)
    room = paper.height - 2 * MARGIN - title_h

    rows = _rows(pack, page)
    blocks: dict[int, Block] = {}
    grids: dict[int, TurnsGrid] = {}
    for row in rows:
        part_width = column if len(row) == 2 else width
        for q in row:
            part = page.parts[q]
            if part.kind == "turns":
                grids[q] = turns_grid(ctx, q, part, part_width)
            else:
                blocks[q] = PART_BLOCKS[part.kind](ctx, q, part, part_width)
    if spill:
        sheets = _pack_sheets(ctx, paper, rows, blocks, grids, room, shown, width)
        paired = _paired_tables(page, rows)
        if len(sheets) > 1 and paired != rows:
            # two tables side by side, each a column wide, where that takes fewer sheets
            narrow = dict(blocks)
            for row in paired:
                if row not in rows:
                    narrow.update((q, PART_BLOCKS["table"](ctx, q, page.parts[q], column)) for q in row)
            fewer = _pack_sheets(ctx, paper, paired, narrow, grids, room, shown, width)
            if len(fewer) < len(sheets):
                sheets = fewer
    else:
        fixed = sum(max(blocks[q].height for q in row) for row in rows if row[0] not in grids)
        fixed += PART_GAP * (len(rows) - 1)
        if fixed > room:
            _overflow(pack, page, paper, rows, blocks, grids, room)
        sheets = [[[(q, blocks.get(q)) for q in row] for row in rows]]

    placed: list[tuple[list[Mark], list[PartFrame], dict[int, int]]] = []
    for s, sheet in enumerate(sheets):
        sheet_grids = {q: grids[q] for line in sheet for q, _ in line if q in grids}
        fixed = sum(max(b.height for _, b in line if b) for line in sheet if line[0][0] not in grids)
        counts = _turn_counts(pack, page, paper, sheet_grids, room - fixed - PART_GAP * (len(sheet) - 1), shown)
        drawn = {q: turns_block(ctx, q, page.parts[q], width, grid, counts[q]) for q, grid in sheet_grids.items()}
        top = paper.height - MARGIN
        title_marks, _ = _title_band(ctx, width, (number + s, total) if numbered else None)
        marks = _place(title_marks, MARGIN, top)
        top -= title_h
        frames: list[PartFrame] = []
        for line in sheet:
            part_width = column if len(line) == 2 else width
            height = 0.0
            for i, (q, piece) in enumerate(line):
                x = MARGIN + i * (column + GUTTER)
                block, part = piece or drawn[q], page.parts[q]
                frames.append(
                    PartFrame(q, part.kind, part.title or part.kind, x, top - block.height, part_width, block.height)
                )
                marks.extend(
                    m if not isinstance(m, BoxMark) else replace(m, part=q) for m in _place(block.marks, x, top)
                )
                height = max(height, block.height)
            top -= height + PART_GAP
        _log_space(marks, frames, top, width)
        placed.append((marks, frames, counts))

    # form-field names are unique across all the page's sheets
    names = iter(_unique_names([m for marks, _, _ in placed for m in marks if isinstance(m, BoxMark)]))
    layouts = []
    for s, (marks, frames, counts) in enumerate(placed):
        boxes = tuple(next(names) for m in marks if isinstance(m, BoxMark))
        first_grid = next(iter(counts), None)
        layouts.append(
            TrackerLayout(
                pack_id=pack.id,
                page_id=page.id,
                title=page.title,
                audience=page.audience,
                paper=paper,
                turns=counts[first_grid] if first_grid is not None else None,
                units_per_row=grids[first_grid].per_row if first_grid is not None else None,
                frames=tuple(frames),
                texts=tuple(m for m in marks if isinstance(m, TextMark)),
                boxes=boxes,
                lines=tuple(m for m in marks if isinstance(m, LineMark)),
                rects=tuple(m for m in marks if isinstance(m, RectMark)),
                circles=tuple(m for m in marks if isinstance(m, CircleMark)),
                sheet=s + 1,
                sheets=len(placed),
            )
        )
    return layouts


@dataclass(frozen=True)
class Shown:
    """The turns a page's grids show: the session's or the number asked for (*asked*, with --turns)."""

    turns: int
    asked: bool

    def least(self, pack: Pack) -> int:
        """The fewest turns a page may show: those asked for, or of the session at most MIN_PLAY's worth
        (a page too small for a long session shows the whole rows that fit, no fewer)."""
        return self.turns if self.asked else min(self.turns, math.ceil(MIN_PLAY / pack.time.length))


Sheet = list[list[tuple[int, "Block | None"]]]
"""A sheet's rows of parts: each part's index and its block (None for a turns grid, drawn once the
number of turns the sheet has room for is known)."""


def _pack_sheets(
    ctx: PartContext,
    paper: Paper,
    rows: list[list[int]],
    blocks: dict[int, Block],
    grids: dict[int, TurnsGrid],
    room: float,
    shown: Shown,
    width: float,
) -> list[Sheet]:
    """The page's rows of parts, in order, on as few sheets as hold them: a turns grid counted at the
    turns it must show at least (``Shown.least``). A part taller than a sheet is set in the whole pieces its kind can be
    cut into (PART_PIECES: a round tracker's groups one under another); one that cannot be is a
    RenderError naming it."""
    pack, page = ctx.pack, ctx.page
    least = shown.least(pack)
    units: list[tuple[list[tuple[int, Block | None]], float]] = []
    for row in rows:
        height = max(grids[q].height(least) if q in grids else blocks[q].height for q in row)
        q = row[0]
        if height > room and len(row) == 1 and page.parts[q].kind in PART_PIECES:
            pieces = PART_PIECES[page.parts[q].kind](ctx, q, page.parts[q], width)
            units.extend(([(q, piece)], piece.height) for piece in pieces)
            height = max(piece.height for piece in pieces)
        else:
            units.append(([(q, blocks.get(q))] if len(row) == 1 else [(p, blocks[p]) for p in row], height))
        if height > room:
            if q in grids:  # says how many turns fit on a sheet of their own
                _turn_counts(pack, page, paper, {q: grids[q]}, room, shown)
            raise RenderError(
                f"{_where(pack, page, paper)}: the part {_name_what(pack, page, row)} does not fit on a sheet "
                f"of its own ({height - room:.0f} pt too tall); shorten it",
                _at_part(pack, page, q),
            )
    in_order = _fill_sheets(units, room, back=False)
    packed = _fill_sheets(units, room, back=True)
    return packed if len(packed) < len(in_order) else in_order


def _fill_sheets(units: list[tuple[list[tuple[int, Block | None]], float]], room: float, *, back: bool) -> list[Sheet]:
    """*units* (each a row of parts and its height) on sheets of *room*, in order: each on the last sheet
    where it fits, or, with *back*, on the first sheet with room left for it (a short part fills the foot
    of an earlier sheet rather than start one more); on every sheet the parts stay in the page's order."""
    sheets: list[list[int]] = []
    used: list[float] = []
    for u, (_part, height) in enumerate(units):
        open_sheets = range(len(sheets)) if back else range(max(len(sheets) - 1, 0), len(sheets))
        for s in open_sheets:
            if used[s] + PART_GAP + height <= room:
                sheets[s].append(u)
                used[s] += PART_GAP + height
                break
        else:
            sheets.append([u])
            used.append(height)
    return [[units[u][0] for u in sheet] for sheet in sheets]


def _most(grids: dict[int, TurnsGrid], room: float) -> int:
    """The most turns every turns grid of the page can show at once in *room*."""
    low, high = 0, limits.MAX_TURNS
    while low < high:
        mid = (low + high + 1) // 2
        if sum(g.height(mid) for g in grids.values()) <= room:
            low = mid
        else:
            high = mid - 1
    return low


def _where(pack: Pack, page: TrackerPage, paper: Paper) -> str:
    return f'{pack.name} ({pack.id}), tracker page "{page.id}" on {paper.name} paper'


def _at_part(pack: Pack, page: TrackerPage, part_index: int) -> Location:
    """Where the pack says what the page's part *part_index* is: the part that did not fit."""
    return Location(file=pack.id, field=f"trackers[{pack.trackers.index(page)}].parts[{part_index}]")


def _turn_counts(
    pack: Pack, page: TrackerPage, paper: Paper, grids: dict[int, TurnsGrid], room: float, shown: Shown
) -> dict[int, int]:
    if not grids:
        return {}
    plural = pack.time.plural
    at = _at_part(pack, page, next(iter(grids)))
    most = _most(grids, room)
    if shown.turns <= most:
        return dict.fromkeys(grids, shown.turns)
    least = shown.least(pack)
    if not shown.asked and most >= least:  # the whole rows that fit, or the least the page must show
        return dict.fromkeys(grids, max(least, min(most // g.per_row * g.per_row for g in grids.values())))
    if not most:
        raise RenderError(
            f"{_where(pack, page, paper)}: no row of {plural} fits beside the page's other parts; "
            "take parts off the page",
            at,
        )
    if shown.asked:
        raise RenderError(
            f"{_where(pack, page, paper)}: {shown.turns} {plural} do not fit on one page beside "
            f"its other parts; at most {most} fit (--turns {most})",
            at,
        )
    raise RenderError(
        f"{_where(pack, page, paper)}: {duration(least * pack.time.length)} of play ({least} "
        f"{plural}) do not fit on one page beside its other parts; at most {most} fit. Take parts off the "
        "page, or ask for fewer hours with --hours",
        at,
    )


def _overflow(
    pack: Pack,
    page: TrackerPage,
    paper: Paper,
    rows: list[list[int]],
    blocks: dict[int, Block],
    grids: dict[int, TurnsGrid],
    room: float,
) -> None:
    """Raise a RenderError naming the parts that run past the bottom of the page (a turns grid counted
    with its heading alone)."""
    used = 0.0
    for r, row in enumerate(rows):
        height = max(blocks[q].height if q in blocks else grids[q].head.height for q in row)
        used += height + (PART_GAP if r else 0.0)
        if used > room:
            left = [q for later in rows[r:] for q in later]
            raise RenderError(
                f"{_where(pack, page, paper)}: the parts {_name_what(pack, page, left)} do not fit on "
                f"the page ({used - room:.0f} pt too tall); take parts off the page or shorten them",
                _at_part(pack, page, left[0]),
            )


LOG_COLUMNS = ((N_("Time"), 0.12), (N_("Where"), 0.26), (N_("What happened"), 0.62))
"""The ruled log at the foot of a tracker page: each column's head and share of the width."""
LOG_PITCH = 18.0
LABEL_HEAD = TYPE.label + 4.0
"""Room for the log's column heads."""


def _log_space(marks: list[Mark], frames: list[PartFrame], top: float, width: float) -> None:
    """A ruled log of what happens in play (time, where, what) in what is left at the bottom of the page,
    when there is room for three lines."""
    sk = Sketch()
    head = heading(sk, width, _("Log"))
    lines = int((top - head - LABEL_HEAD - MARGIN) // LOG_PITCH)
    if lines < 3:
        return
    edges = [0.0]
    for name, share in LOG_COLUMNS:
        sk.text(edges[-1] + 2.0, -head - LABEL_HEAD + 3.0, _(name), "label", TYPE.label)
        edges.append(edges[-1] + share * width)
    first = -head - LABEL_HEAD
    bottom = first - lines * LOG_PITCH
    for i in range(1, lines + 1):
        y = first - i * LOG_PITCH
        sk.line(0.0, y, width, y, 0.75, grey=0.55)
    for x in edges[1:-1]:
        sk.line(x, first, x, bottom, 0.75, grey=0.55)
    marks.extend(_place(sk.marks, MARGIN, top))
    frames.append(PartFrame(-1, "log", _("Log"), MARGIN, top + bottom, width, -bottom))


def _unique_names(boxes: list[BoxMark]) -> list[BoxMark]:
    """Form-field names must be unique on a page: a repeated name gets -2, -3 ..."""
    seen: dict[str, int] = {}
    taken = {b.name for b in boxes}
    out = []
    for box in boxes:
        if box.name in seen:
            n = seen[box.name] + 1
            while f"{box.name}-{n}" in taken:
                n += 1
            seen[box.name] = n
            taken.add(f"{box.name}-{n}")
            box = replace(box, name=f"{box.name}-{n}")
        else:
            seen[box.name] = 1
        out.append(box)
    return out


def enlarged(layout: TrackerLayout, scale: float) -> TrackerLayout:
    """*layout*, laid out on a sheet *scale* times smaller than its paper (large print), made ready to be
    drawn *scale* times as large: its type, rules and the room between its boxes grow, but every tick box
    (with an omen's heavy outline over it) is drawn 1/*scale* as large about its own centre, so that on
    paper it is the side it was laid out at, one of the design system's two (``design.TICK``)."""
    if scale == 1:
        return layout

    def kept(x: float, y: float, side: float) -> tuple[float, float, float]:
        small = side / scale
        return x + (side - small) / 2, y + (side - small) / 2, small

    boxes = []
    for box in layout.boxes:
        x, y, side = kept(box.x, box.y, box.size)
        boxes.append(replace(box, x=x, y=y, size=side))
    rects = []
    for rect in layout.rects:
        if rect.role == "omen":
            x, y, side = kept(rect.x, rect.y, rect.width)
            rect = replace(rect, x=x, y=y, width=side, height=side, stroke=rect.stroke / scale)
        rects.append(rect)
    return replace(layout, boxes=tuple(boxes), rects=tuple(rects))
