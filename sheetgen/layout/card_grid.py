"""The card grid: a paper, a card size and the bleed in, the card places, the trims and the crop marks out.

How the cards sit on the paper:

- The grid is laid out twice, on the paper as it stands and on the paper turned a quarter (the cards
  sideways on the sheet), and the way that holds more cards a page is printed (upright on a tie).
  Either way every crop mark keeps 1/4 in from the paper's edges and every card its 1/8 in safe zone.
  Letter's 11 in leave no room for marks above and below three rows of upright poker cards (2.5 x
  3.5 in), so six stand upright (3 x 2) but eight sideways (4 x 2 on the turned sheet); A4 holds nine
  upright (3 x 3). Index cards (3 x 5 in) stand upright, four a page (2 x 2); with a bleed, poker
  cards go six sideways on either paper and index cards three sideways on letter.
- A grid set sideways is laid out on the turned paper (its "frame") exactly as an upright one, and the
  whole page is turned onto the sheet when it is drawn (:meth:`CardGrid.to_paper`): a card reads upright
  when held, whatever the paper, and holds the same text. A back page turns the other way, so that its
  cards, mirrored in the frame as on an upright sheet, land behind their fronts when the sheet is
  printed double-sided and flipped on the long edge.
- Without a bleed the cards touch, so one cut separates two cards. With a bleed every card has 1/8 in of
  it on each side and the cards stand 1/4 in apart, so each card is cut on its own trim.
- Crop marks stand outside the grid, in line with every trim, on all four sides, and keep at least
  1/4 in (MARK_EDGE) from the paper's edge, where home printers do not print.
- A long card may take two places side by side (a wide card), and its row is not cut between them.
  A sheet is cut across between its rows first, then each row at the marks on its edge: the top row
  at the marks above the grid, the bottom row at those below. A grid of three rows has a middle row
  with no edge of its own, so there every row of a page with a wide card ends with one (or room for
  one), and the page is not cut between its last two columns.
- Nothing on a card comes within 1/8 in (PADDING) of its trim: a card cut a little off, or a back printed
  a little shifted, shows nothing cut off or crooked.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from sheetgen.design import INK
from sheetgen.errors import RenderError
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark
from sheetgen.options import BLEED, POINTS_PER_INCH, Paper


@dataclass(frozen=True)
class CardSize:
    """A card format: its trim size in points."""

    name: str
    width: float
    height: float


CARD_SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 2.5 * POINTS_PER_INCH, 3.5 * POINTS_PER_INCH),
    "index": CardSize("index", 3.0 * POINTS_PER_INCH, 5.0 * POINTS_PER_INCH),
}

PADDING = 9.0
"""The safe zone: empty space inside each card's trim (1/8 in), so an uneven cut or a shifted back
never touches what is printed."""

MARK_GAP = 3.0
MARK_LENGTH = 12.0
MARK_MIN_LENGTH = 6.0
MARK_EDGE = 0.25 * POINTS_PER_INCH
"""Crop marks start MARK_GAP off the grid (off its bleed, with one), run up to MARK_LENGTH and stop
MARK_EDGE short of the paper's edge; a grid leaves room for at least MARK_MIN_LENGTH of them."""

LINE = INK.rule
"""Width of every rule and box line, thick enough for black-and-white print."""


@dataclass(frozen=True)
class CardGrid:
    """Where the cards of a page go: their trims left to right, top to bottom, and the crop marks, all in
    the frame (the paper, or the paper turned a quarter when the cards are set sideways)."""

    paper: Paper
    """The frame the grid is laid out on: the paper, or the paper turned (landscape) for sideways cards."""
    size: CardSize
    columns: int
    rows: int
    bleed: float
    """0, or the bleed around every card."""
    slots: tuple[Rect, ...]
    """The trims of a page's card places, left to right, top to bottom."""
    grid: Rect
    """The rectangle the trims of all card places span."""
    marks: tuple[LineMark, ...]
    """Crop marks for every trim, on all four sides."""
    sideways: bool = False
    """Whether the frame is the paper turned a quarter: the cards stand sideways on the printed sheet."""

    @property
    def printed_on(self) -> Paper:
        """The paper the pages are printed on (portrait)."""
        return turned(self.paper) if self.sideways else self.paper

    def to_paper(self, side: Literal["front", "back"]) -> tuple[float, float, float, float, float, float]:
        """The transform (a PDF matrix a, b, c, d, e, f) from the frame to the printed page of a *side*
        page: none for an upright grid; for a sideways one a quarter turn, anticlockwise for fronts and
        clockwise for backs (a back page is mirrored left to right in the frame, and the two turns make
        that the mirror about the sheet's long edge)."""
        if not self.sideways:
            return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        sheet = self.printed_on
        if side == "front":
            return (0.0, 1.0, -1.0, 0.0, sheet.width, 0.0)  # (x, y) -> (W - y, x)
        return (0.0, -1.0, 1.0, 0.0, 0.0, sheet.height)  # (x, y) -> (y, H - x)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def gutter(self) -> float:
        return 2 * self.bleed

    def cuts_across(self, wide_starts: Collection[int] = ()) -> list[float]:
        """The x of every vertical cut of a row whose wide cards start at the columns *wide_starts*."""
        inside = {round(v, 3) for c in wide_starts for v in (self.slots[c].right, self.slots[c + 1].x)}
        return sorted({round(v, 3) for s in self.slots[: self.columns] for v in (s.x, s.right)} - inside)

    def page_marks(self, top_row: list[float], bottom_row: list[float]) -> tuple[LineMark, ...]:
        """Crop marks for a page whose top row is cut at *top_row* and bottom row at *bottom_row*."""
        cuts_y = sorted({round(v, 3) for s in self.slots for v in (s.y, s.top)})
        return crop_marks(self.paper, self.grid, top_row, cuts_y, self.bleed, bottom_row)

    def span(self, first: int, count: int) -> Rect:
        """The trim of a card *count* places wide starting at place *first* (one row)."""
        a, b = self.slots[first], self.slots[first + count - 1]
        return Rect(a.x, a.y, b.right - a.x, a.height)


def _fits(length: float, card: float, gap: float, bleed: float) -> int:
    room = MARK_EDGE + MARK_MIN_LENGTH + MARK_GAP + bleed
    count = 0
    while (count + 1) * card + count * gap + 2 * room <= length + 0.01:
        count += 1
    return count


def turned(paper: Paper) -> Paper:
    """*paper* turned a quarter: its width and height swapped."""
    return Paper(paper.name, paper.height, paper.width, paper.css_size)


def card_grid(paper: Paper, size: CardSize, *, bleed: bool = False, sideways: bool | None = None) -> CardGrid:
    """As many *size* cards as fit *paper* with crop marks around them, the grid centred on the page: the
    cards upright or sideways, whichever puts more on a page (upright on a tie), or as *sideways* says."""
    ways = (False, True) if sideways is None else (sideways,)
    grids = [grid for way in ways if (grid := _grid(turned(paper) if way else paper, size, bleed, way))]
    if not grids:
        raise RenderError(f"{size.name} cards with crop marks do not fit on {paper.name} paper")
    return max(grids, key=lambda grid: (grid.per_page, not grid.sideways))


def _grid(paper: Paper, size: CardSize, bleed: bool, sideways: bool) -> CardGrid | None:
    """The grid on the frame *paper*, or None when not one card fits it with its crop marks."""
    margin = BLEED if bleed else 0.0
    gap = 2 * margin
    columns = _fits(paper.width, size.width, gap, margin)
    rows = _fits(paper.height, size.height, gap, margin)
    if columns < 1 or rows < 1:
        return None
    width = columns * size.width + (columns - 1) * gap
    height = rows * size.height + (rows - 1) * gap
    x0 = (paper.width - width) / 2
    y0 = (paper.height - height) / 2
    slots = tuple(
        Rect(x0 + column * (size.width + gap), y0 + (rows - 1 - row) * (size.height + gap), size.width, size.height)
        for row in range(rows)
        for column in range(columns)
    )
    grid = Rect(x0, y0, width, height)
    cuts_x = sorted({round(v, 3) for s in slots for v in (s.x, s.right)})
    cuts_y = sorted({round(v, 3) for s in slots for v in (s.y, s.top)})
    return CardGrid(
        paper, size, columns, rows, margin, slots, grid, crop_marks(paper, grid, cuts_x, cuts_y, margin), sideways
    )


def crop_marks(
    paper: Paper,
    grid: Rect,
    cuts_x: list[float],
    cuts_y: list[float],
    bleed: float,
    bottom_x: list[float] | None = None,
) -> tuple[LineMark, ...]:
    """Marks outside *grid* (and its bleed) in line with every trim, on all four sides, MARK_EDGE or more
    from the paper's edge: the vertical cuts *cuts_x* above the grid and *bottom_x* (the same unless
    given) below it."""
    off = MARK_GAP + bleed
    marks: list[LineMark] = []
    top = min(grid.top + off + MARK_LENGTH, paper.height - MARK_EDGE)
    bottom = max(grid.y - off - MARK_LENGTH, MARK_EDGE)
    for x in cuts_x:
        marks.append(LineMark(x, grid.top + off, x, top, LINE))
    for x in cuts_x if bottom_x is None else bottom_x:
        marks.append(LineMark(x, bottom, x, grid.y - off, LINE))
    for y in cuts_y:
        left = max(grid.x - off - MARK_LENGTH, MARK_EDGE)
        right = min(grid.right + off + MARK_LENGTH, paper.width - MARK_EDGE)
        marks.append(LineMark(left, y, grid.x - off, y, LINE))
        marks.append(LineMark(grid.right + off, y, right, y, LINE))
    return tuple(marks)
