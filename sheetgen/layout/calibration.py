"""The calibration sheet: a paper in, the marks of its two pages out (front, then back).

Printed once, double-sided and flipped on the long edge, it answers two questions about a printer:

- Does it print at actual size? The front has a 100 mm and a 4 in ruler across the page and the same
  two down it; a print dialog that scales to fit makes them short.
- How far does it shift the back page? Both sides carry the same registration target at the very
  centre of the page (so it is where it should be on the back whichever way the sheet is turned): a
  cross and two scales in millimetres. Held up to a light from the back, the front's cross shows
  through and falls on the back's scales at the offset to give ``--back-offset``: a back printed
  1 mm too far right shows the front's cross at -1 on its across scale, and -1 is what moves the
  back pages 1 mm left.

Rulers and scales are drawn as plain lines in page coordinates, so a test can measure them in the PDF.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.design import SPACE, TYPE
from sheetgen.layout.header import header_marks
from sheetgen.layout.marks import CircleMark, LineMark, Mark, Sketch
from sheetgen.options import MAX_BACK_OFFSET_MM, POINTS_PER_INCH, POINTS_PER_MM, Paper
from sheetgen.words.language import N_, _, quoted

MARGIN = SPACE.margin
"""The house margin, as on every sheet."""
LABEL = TYPE.label
"""The rulers' and the scales' numbers and names."""
WHO = N_("For the printer")
"""The audience on the header's small line."""
RULER_MM = 100
RULER_IN = 4
SCALE_MM = int(MAX_BACK_OFFSET_MM)
"""The registration scales run from -SCALE_MM to +SCALE_MM, as far as a back offset may go."""
TICK = 0.5
"""Line width of ruler and scale ticks: thin, so a reading is exact."""


@dataclass(frozen=True)
class CalibrationPage:
    side: str
    """front or back"""
    marks: tuple[Mark, ...]


def _ruler(sk: Sketch, x0: float, y0: float, *, across: bool, metric: bool) -> None:
    """A ruler from (x0, y0), ticks on one side, along x (*across*) or up y; mm or eighths of an inch."""
    steps = RULER_MM * 2 if metric else RULER_IN * 8
    unit = POINTS_PER_MM / 2 if metric else POINTS_PER_INCH / 8
    length = steps * unit
    if across:
        sk.add(LineMark(x0, y0, x0 + length, y0, TICK))
    else:
        sk.add(LineMark(x0, y0, x0, y0 + length, TICK))
    for step in range(steps + 1):
        if metric:
            size = 12.0 if step % 20 == 0 else 8.0 if step % 10 == 0 else 5.0 if step % 2 == 0 else 2.5
        else:
            size = 12.0 if step % 8 == 0 else 8.0 if step % 4 == 0 else 5.0 if step % 2 == 0 else 3.0
        at = step * unit
        if across:
            sk.add(LineMark(x0 + at, y0, x0 + at, y0 + size, TICK))
        else:
            sk.add(LineMark(x0, y0 + at, x0 + size, y0 + at, TICK))
        major = step % 20 == 0 if metric else step % 8 == 0
        if major:
            number = step // 2 if metric else step // 8
            text = f"{number}" + (
                " mm" if metric and number == RULER_MM else " in" if not metric and number == RULER_IN else ""
            )
            if across:
                sk.text(x0 + at, y0 + 15.0, text, "label", LABEL, align="centre" if step else "left")
            else:
                sk.text(x0 + 15.0, y0 + at - 2.5, text, "label", LABEL)


def _target(sk: Sketch, cx: float, cy: float, side: str) -> None:
    """The registration cross at (cx, cy) and its two scales, -SCALE_MM to +SCALE_MM.

    The back's across scale stands above the cross, the front's below it, so that the front's scale,
    showing through the paper, never lies over the back's (the up-down scales are apart already: the
    front's shows through on the left).
    """
    offset = (SCALE_MM + 4) * POINTS_PER_MM  # the scales stand clear of each other and of the centre
    reach = offset + 3.5 * POINTS_PER_MM  # through the scales' ticks, short of their numbers
    sk.add(LineMark(cx - reach, cy, cx + reach, cy, TICK))
    sk.add(LineMark(cx, cy - reach, cx, cy + reach, TICK))
    sk.add(CircleMark(cx, cy, 3 * POINTS_PER_MM, TICK))
    up = 1.0 if side == "back" else -1.0
    base = cy + up * offset
    for half in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        mm = half / 2
        at = mm * POINTS_PER_MM
        size = 9.0 if half % 10 == 0 else 6.0 if half % 2 == 0 else 3.0
        # across scale: read X where the other side's upright line crosses it
        sk.add(LineMark(cx + at, base, cx + at, base + up * size, TICK))
        # up-down scale, right of the upright line: read Y where a level line crosses it
        sk.add(LineMark(cx + offset, cy + at, cx + offset + size, cy + at, TICK))
        if half % 10 == 0:
            label = f"{mm:+g}" if mm else "0"
            sk.text(cx + at, base + (12.0 if up > 0 else -18.0), label, "label", LABEL, align="centre")
            sk.text(cx + offset + 12.0, cy + at - 2.8, label, "label", LABEL)
    sk.add(LineMark(cx - SCALE_MM * POINTS_PER_MM, base, cx + SCALE_MM * POINTS_PER_MM, base, TICK))
    sk.add(LineMark(cx + offset, cy - SCALE_MM * POINTS_PER_MM, cx + offset, cy + SCALE_MM * POINTS_PER_MM, TICK))
    sk.text(cx, base + (23.0 if up > 0 else -29.0), _("X (mm, + is right)"), "label-bold", LABEL, align="centre")
    sk.text(cx + offset + 26.0, cy + SCALE_MM * POINTS_PER_MM + 6.0, _("Y (mm, + is up)"), "label-bold", LABEL)
    target = _("registration target (front)") if side == "front" else _("registration target (back)")
    sk.text(cx - reach, cy - up * (reach + 10.0) + (8.0 if up < 0 else 0.0), target, "label", LABEL)


def _lines(sk: Sketch, x: float, y: float, lines: list[tuple[str, str]], size: float = 10.0) -> float:
    for text, role in lines:
        sk.text(x, y, text, "label-bold" if role == "bold" else "body", size)
        y -= size * 1.45
    return y


def _header(sk: Sketch, paper: Paper, title: str, page: int) -> float:
    """The house header at the top margin; the first baseline under it."""
    marks, height = header_marks(paper.width - 2 * MARGIN, "sheetgen", _(WHO), title, (page, 2))
    sk.extend(marks, MARGIN, paper.height - MARGIN)
    return paper.height - MARGIN - height - 10.0


def calibration_pages(paper: Paper) -> tuple[CalibrationPage, CalibrationPage]:
    """The front (rulers, target, how to print) and the back (target, how to read it) for *paper*."""
    width, height = paper.size
    cx, cy = width / 2, height / 2

    front = Sketch()
    y = _header(front, paper, _("Calibration sheet"), 1)
    y = _lines(
        front,
        MARGIN,
        y,
        [
            (
                _("Print this page double-sided on {paper} paper, flipped on the long edge,").format(
                    paper=paper.css_size
                ),
                "body",
            ),
            (
                _("at actual size: turn off {fit} or {scale} in the print dialog.").format(
                    fit=quoted(_("Fit to page")), scale=quoted(_("Scale"))
                ),
                "body",
            ),
            (_("1. Measure the rulers: the long ones must be 100 mm, the short ones 4 in."), "bold"),
            (_("2. Turn the sheet over and read the target on the back."), "bold"),
        ],
    )
    ruler_y = y - 28.0
    _ruler(front, MARGIN, ruler_y, across=True, metric=True)
    _ruler(front, MARGIN, ruler_y - 40.0, across=True, metric=False)
    ruler_x = MARGIN
    low = MARGIN + 20.0
    _ruler(front, ruler_x, low, across=False, metric=True)
    _ruler(front, ruler_x + 60.0, low, across=False, metric=False)
    _target(front, cx, cy, "front")

    back = Sketch()
    _lines(
        back,
        MARGIN,
        _header(back, paper, _("Back of the calibration sheet"), 2),
        [
            (_("Hold the sheet up to a window or a lamp with this side towards you."), "body"),
            (_("The front's cross shows through. Where its upright line crosses the X scale,"), "body"),
            (_("read X; where its level line crosses the Y scale, read Y (in millimetres)."), "body"),
            (_("Then print card backs with that offset:"), "body"),
            ("    sheetgen cards SITE --backs --back-offset X,Y", "bold"),
            (_("or put  back-offset = [X, Y]  in the settings file (see sheetgen --help)."), "body"),
            (_("A cross that shows through right on 0, 0: the printer needs no offset."), "body"),
        ],
    )
    _target(back, cx, cy, "back")
    return CalibrationPage("front", tuple(front.marks)), CalibrationPage("back", tuple(back.marks))
