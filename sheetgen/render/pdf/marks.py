"""Draw marks (sheetgen.layout.marks) on a ReportLab canvas: the one painter of every ReportLab page
(cards, trackers, timetable, calibration, the packet's cover and page numbers).

Takes marks in paint order; draws them in vectors. With form checkboxes, each tick box also becomes
a PDF checkbox with no border or fill of its own, inset by half the box's outline, so a tick stays
inside the printed box and the page prints the same either way. In ink-saver mode a grey or black
rectangle is drawn as its outline only, a disc (a clock's hub) as a ring, and grey or white text is
drawn black.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from sheetgen.layout.marks import (
    BOX_LINE,
    BoxMark,
    CircleMark,
    LineMark,
    Mark,
    RectMark,
    TextMark,
    font_name,
)

SAVER_OUTLINE = 0.75
"""The outline an ink-saver page draws instead of a filled rectangle that had none."""


def saver_rect(mark: RectMark) -> RectMark:
    """*mark* without ink-hungry fill: a grey or black area becomes its outline (white fills stay)."""
    if mark.fill is None or mark.fill >= 1:
        return mark
    return replace(mark, fill=None, stroke=mark.stroke or SAVER_OUTLINE)


def draw_marks(canvas: Any, marks: Iterable[Mark], *, ink_saver: bool = False) -> None:
    """Paint *marks* in order, each with its own stroke, fill and font; see the module for *ink_saver*."""
    canvas.saveState()
    canvas.setLineCap(0)
    text: Any = None
    """The text object of the line being drawn: the marks one after another on one baseline (a line set in
    several faces) are written into one, so that the PDF's text reads them as one line."""
    baseline = 0.0
    font: tuple[str, float] | None = None
    grey: float | None = None
    # the stroke's grey and width as last set, so that a run of lines sets them once (each is written
    # into the page as a number, and a floor plan draws thousands of lines)
    stroke_grey: float | None = None
    line_width: float | None = None

    def set_stroke(value: float, width: float | None = None) -> None:
        nonlocal stroke_grey, line_width
        if value != stroke_grey:
            canvas.setStrokeGray(value)
            stroke_grey = value
        if width is not None and width != line_width:
            canvas.setLineWidth(width)
            line_width = width

    for mark in marks:
        if isinstance(mark, TextMark):
            if text is not None and mark.y != baseline:
                canvas.drawText(text)
                text = None
            if text is None:
                text = canvas.beginText()
                baseline = mark.y
                font = grey = None
            mark_grey = 0.0 if ink_saver else mark.grey
            if mark_grey != grey:
                text.setFillGray(mark_grey)
                grey = mark_grey
            if (font_name(mark.role), mark.size) != font:
                font = (font_name(mark.role), mark.size)
                text.setFont(*font)
            text.setTextOrigin(mark.x, mark.y)
            text.textOut(mark.text)
            continue
        if text is not None:
            canvas.drawText(text)
            text = None
        if isinstance(mark, RectMark) and ink_saver:
            mark = saver_rect(mark)
        if isinstance(mark, RectMark):
            set_stroke(0, mark.stroke or None)
            if mark.fill is not None:
                canvas.setFillGray(mark.fill)
            stroke, fill = 1 if mark.stroke else 0, 1 if mark.fill is not None else 0
            if mark.radius:
                canvas.roundRect(mark.x, mark.y, mark.width, mark.height, mark.radius, stroke=stroke, fill=fill)
            else:
                canvas.rect(mark.x, mark.y, mark.width, mark.height, stroke=stroke, fill=fill)
        elif isinstance(mark, LineMark):
            set_stroke(mark.grey, mark.width)
            if mark.dash:
                canvas.setDash(*mark.dash)
            canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
            if mark.dash:
                canvas.setDash()
        elif isinstance(mark, CircleMark):
            set_stroke(0, mark.width)
            # under ink saver a dark disc becomes a ring, white inside, over what it stood on
            disc = 1.0 if ink_saver and mark.fill is not None else mark.fill
            if disc is not None:
                canvas.setFillGray(disc)
            canvas.circle(mark.cx, mark.cy, mark.r, stroke=1, fill=1 if disc is not None else 0)
        elif isinstance(mark, BoxMark):
            set_stroke(0, BOX_LINE)
            canvas.setFillGray(1)
            canvas.rect(mark.x, mark.y, mark.size, mark.size, stroke=1, fill=1)
    if text is not None:
        canvas.drawText(text)
    canvas.restoreState()


def add_checkboxes(canvas: Any, boxes: Iterable[BoxMark], name: Callable[[BoxMark], str]) -> None:
    """A PDF form checkbox over every tick box, named by *name*."""
    from reportlab.lib.colors import Color

    black = Color(0, 0, 0)
    inset = BOX_LINE / 2
    for box in boxes:
        canvas.acroForm.checkbox(
            name=name(box),
            tooltip=box.tooltip,
            x=box.x + inset,
            y=box.y + inset,
            size=box.size - 2 * inset,
            buttonStyle="check",
            borderWidth=None,
            borderColor=None,
            fillColor=None,
            textColor=black,
            fieldFlags="",
            annotationFlags="print",
        )
