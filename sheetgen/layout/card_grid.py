"""The card grid: a paper and a card size in, the card places, the grid and its crop marks out.

poker cards (2.5 x 3.5 in) go nine to a page, 3 x 3; index cards (3 x 5 in) go four to a page, 2 x 2,
standing upright, so that card pages are portrait like every other page of a packet. The grid is centred
on the page and the cards touch, so one cut separates two cards; crop marks stand outside the grid, in
line with every cut, and stop short of the paper's edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.errors import RenderError
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark
from sheetgen.options import POINTS_PER_INCH, Paper


@dataclass(frozen=True)
class CardSize:
    """A card format: its size in points and how many go across and down a page."""

    name: str
    width: float
    height: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


CARD_SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 2.5 * POINTS_PER_INCH, 3.5 * POINTS_PER_INCH, 3, 3),
    "index": CardSize("index", 3.0 * POINTS_PER_INCH, 5.0 * POINTS_PER_INCH, 2, 2),
}

PADDING = 9.0
"""Empty space inside each card's edge, so an uneven cut never touches text."""

FOOTER_BAND = (0.2 * POINTS_PER_INCH, 0.5 * POINTS_PER_INCH)
"""Heights above the bottom edge between which a packet stamps its footer."""

MARK_GAP = 3.0
MARK_LENGTH = 12.0
MARK_MIN_LENGTH = 6.0
MARK_EDGE = 4.5
"""Crop marks start MARK_GAP off the grid, run up to MARK_LENGTH, stop MARK_EDGE short of the paper's
edge, and are left out when less than MARK_MIN_LENGTH of them would be left."""

LINE = 0.75
"""Width of every rule and box line, thick enough for black-and-white print."""


def slot_rects(paper: Paper, size: CardSize) -> tuple[Rect, ...]:
    """The card places of a page, left to right, top to bottom, as a grid centred on the page."""
    grid_width, grid_height = size.columns * size.width, size.rows * size.height
    if grid_width > paper.width or grid_height > paper.height:
        raise RenderError(f"{size.columns} x {size.rows} {size.name} cards do not fit on {paper.name} paper")
    x0 = (paper.width - grid_width) / 2
    y0 = (paper.height - grid_height) / 2
    return tuple(
        Rect(x0 + column * size.width, y0 + (size.rows - 1 - row) * size.height, size.width, size.height)
        for row in range(size.rows)
        for column in range(size.columns)
    )


def _clip_vertical(x: float, a: float, b: float, avoid: tuple[float, float] | None) -> LineMark | None:
    low, high = min(a, b), max(a, b)
    if avoid is not None and low < avoid[1] and high > avoid[0]:
        pieces = [(low, min(high, avoid[0])), (max(low, avoid[1]), high)]
        low, high = max(pieces, key=lambda piece: piece[1] - piece[0])
    if high - low < MARK_MIN_LENGTH:
        return None
    return LineMark(x, low, x, high, LINE)


def crop_marks(paper: Paper, grid: Rect, size: CardSize, *, avoid_footer: bool) -> tuple[LineMark, ...]:
    """Marks outside *grid* in line with every cut, kept inside the paper (and out of the footer band)."""
    avoid = FOOTER_BAND if avoid_footer else None
    marks: list[LineMark] = []
    for column in range(size.columns + 1):
        x = grid.x + column * size.width
        above = _clip_vertical(x, grid.top + MARK_GAP,
                               min(grid.top + MARK_GAP + MARK_LENGTH, paper.height - MARK_EDGE), avoid)
        below = _clip_vertical(x, grid.y - MARK_GAP, max(grid.y - MARK_GAP - MARK_LENGTH, MARK_EDGE), avoid)
        marks.extend(mark for mark in (above, below) if mark is not None)
    for row in range(size.rows + 1):
        y = grid.y + row * size.height
        if avoid is not None and avoid[0] < y < avoid[1]:
            continue
        left_end = max(grid.x - MARK_GAP - MARK_LENGTH, MARK_EDGE)
        right_end = min(grid.right + MARK_GAP + MARK_LENGTH, paper.width - MARK_EDGE)
        if grid.x - MARK_GAP - left_end >= MARK_MIN_LENGTH:
            marks.append(LineMark(left_end, y, grid.x - MARK_GAP, y, LINE))
        if right_end - grid.right - MARK_GAP >= MARK_MIN_LENGTH:
            marks.append(LineMark(grid.right + MARK_GAP, y, right_end, y, LINE))
    return tuple(marks)

