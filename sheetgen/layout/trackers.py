"""Tracker pages: a pack's tracker page and a paper in, a :class:`TrackerLayout` out.

The layout holds every tick box, label, rule and line of one page in PDF points (origin at the bottom
left), so sheetgen.render.pdf.trackers only draws it and tests can count boxes without a PDF. The page is a
title band, then the page's parts in the pack's order on a two-column grid computed from the paper:
small parts (tallies, resources, countdowns, notes, tracks of boxes or a clock) go side by side in
pairs, the others run across the page. A turns grid takes the height the other parts leave: as many
full rows as fit (at least three hours of play), or exactly the number of turns asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from sheetgen import limits
from sheetgen.design import SPACE
from sheetgen.errors import RenderError, UsageError
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
from sheetgen.layout.tracker_tables import actions_block, notes_block, rounds_block, table_block
from sheetgen.layout.tracker_tracks import track_block
from sheetgen.model.pack import Pack, TrackerPage, TrackerPart
from sheetgen.options import Paper
from sheetgen.words import duration

MARGIN = SPACE.margin
"""Every edge; the bottom one also keeps the packet's footer band (0.2 in to 0.5 in) empty."""
GUTTER = 18.0
PART_GAP = 14.0
"""Space between one row of parts and the next."""
MIN_PLAY = 3 * 3600
"""A turns grid shows at least three hours of play unless a number of turns is asked for."""

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
    audience: Literal["gm", "players"]
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


def min_turns(pack: Pack) -> int:
    """Units in three hours of play, rounded up."""
    return math.ceil(MIN_PLAY / pack.time.length)


def check_turns(turns: int | None) -> None:
    if turns is not None and not 1 <= turns <= limits.MAX_TURNS:
        raise UsageError(f"--turns: {turns} is out of range; give a number from 1 to {limits.MAX_TURNS}")


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


def _title_band(ctx: PartContext, width: float, numbered: bool) -> tuple[list[Mark], float]:
    """The one header (sheetgen.layout.header): the pack, who the page is for and its number among the
    pack's pages for that audience (or, not *numbered*, an empty slot for a packet's number), and the
    page's title."""
    pack, page = ctx.pack, ctx.page
    who = f"For the {ctx.checked(pack.words.gm, 'words.gm')}" if ctx.gm else "For the players"
    same = [p for p in pack.trackers if p.audience == page.audience]
    number = next(i for i, p in enumerate(same, 1) if p is page)
    return header_marks(width, ctx.checked(pack.name, "name"), who,
                        ctx.checked(page.title, f"trackers[{ctx.page_index}].title"),
                        (number, len(same)) if numbered else None)


def _place(marks: tuple[Mark, ...] | list[Mark], x: float, top: float) -> list[Mark]:
    return [m.moved(x, top) for m in marks]


def _name_what(pack: Pack, page: TrackerPage, indexes: list[int]) -> str:
    parts = [page.parts[q] for q in indexes]
    names = [turns_title(pack, p) if p.kind == "turns" else p.title or p.kind for p in parts]
    return ", ".join(f'"{n}"' for n in names)


def tracker_layout(pack: Pack, page: TrackerPage, paper: Paper, turns: int | None, *,
                   numbered: bool = True) -> TrackerLayout:
    """Lay out one tracker page of *pack* on *paper*; not *numbered*, its header leaves the page number's
    slot empty (for a packet's own number).

    *turns* None fills the height the other parts leave with full rows of turns (RenderError when three
    hours of play do not fit); a number shows exactly that many turns (RenderError naming the most that
    fit when they do not). Raises FontError for text no shipped font can draw.
    """
    check_turns(turns)
    ctx = PartContext(pack, page, pack.trackers.index(page), page.audience == "gm")
    width = paper.width - 2 * MARGIN
    column = (width - GUTTER) / 2
    top = paper.height - MARGIN
    marks: list[Mark] = []
    title_marks, title_h = _title_band(ctx, width, numbered)
    marks.extend(_place(title_marks, MARGIN, top))
    top -= title_h
    room = top - MARGIN

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
    fixed = sum(max(blocks[q].height for q in row) for row in rows if row[0] not in grids)
    fixed += PART_GAP * (len(rows) - 1)
    if fixed > room:
        _overflow(pack, page, paper, rows, blocks, grids, room)
    counts = _turn_counts(pack, page, paper, grids, room - fixed, turns)
    for q, grid in grids.items():
        blocks[q] = turns_block(ctx, q, page.parts[q], width, grid, counts[q])

    frames: list[PartFrame] = []
    for row in rows:
        part_width = column if len(row) == 2 else width
        for i, q in enumerate(row):
            x = MARGIN + i * (column + GUTTER)
            block = blocks[q]
            frames.append(
                PartFrame(
                    q,
                    page.parts[q].kind,
                    page.parts[q].title or page.parts[q].kind,
                    x,
                    top - block.height,
                    part_width,
                    block.height,
                )
            )
            marks.extend(
                m if not isinstance(m, BoxMark) else replace(m, part=q) for m in _place(block.marks, x, top)
            )
        top -= max(blocks[q].height for q in row) + PART_GAP
    _notes_space(marks, frames, top, width)

    boxes = _unique_names([m for m in marks if isinstance(m, BoxMark)])
    first = next(iter(grids), None)
    return TrackerLayout(
        pack_id=pack.id,
        page_id=page.id,
        title=page.title,
        audience=page.audience,
        paper=paper,
        turns=counts[first] if first is not None else None,
        units_per_row=grids[first].per_row if first is not None else None,
        frames=tuple(frames),
        texts=tuple(m for m in marks if isinstance(m, TextMark)),
        boxes=tuple(boxes),
        lines=tuple(m for m in marks if isinstance(m, LineMark)),
        rects=tuple(m for m in marks if isinstance(m, RectMark)),
        circles=tuple(m for m in marks if isinstance(m, CircleMark)),
    )


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


def _turn_counts(
    pack: Pack, page: TrackerPage, paper: Paper, grids: dict[int, TurnsGrid], room: float, turns: int | None
) -> dict[int, int]:
    if not grids:
        return {}
    plural = pack.time.plural
    if turns is not None:
        most = _most(grids, room)
        if turns > most:
            if most:
                raise RenderError(
                    f"{_where(pack, page, paper)}: {turns} {plural} do not fit on one page beside "
                    f"its other parts; at most {most} fit (--turns {most})"
                )
            raise RenderError(
                f"{_where(pack, page, paper)}: no row of {plural} fits beside the page's other parts"
            )
        return dict.fromkeys(grids, turns)
    least = min_turns(pack)
    first, *others = grids
    rest = sum(grids[q].height(least) for q in others)
    fill = grids[first].most_turns(room - rest)
    if fill < least:
        most = _most(grids, room)
        if not most:
            raise RenderError(
                f"{_where(pack, page, paper)}: no row of {plural} fits beside the page's other parts; "
                "take parts off the page"
            )
        raise RenderError(
            f"{_where(pack, page, paper)}: three hours of play ({least} {plural}, "
            f"{duration(least * pack.time.length)}) do not fit on one page beside its other parts; "
            f"at most {most} fit. Take parts off the page, or ask for fewer with --turns"
        )
    return {first: fill, **dict.fromkeys(others, least)}


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
                f"the page ({used - room:.0f} pt too tall); take parts off the page or shorten them"
            )


def _notes_space(marks: list[Mark], frames: list[PartFrame], top: float, width: float) -> None:
    """Ruled lines for notes in what is left at the bottom of the page, when there is room for three."""
    pitch = 18.0
    sk = Sketch()
    head = heading(sk, width, "Notes")
    lines = int((top - head - MARGIN) // pitch)
    if lines < 3:
        return
    for i in range(1, lines + 1):
        y = -head - i * pitch
        sk.line(0.0, y, width, y, 0.75, grey=0.55)
    block_top = top
    marks.extend(_place(sk.marks, MARGIN, block_top))
    frames.append(
        PartFrame(-1, "notes", "Notes", MARGIN, block_top - head - lines * pitch, width, head + lines * pitch)
    )


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
