"""The one header every ReportLab sheet opens with, as marks: a small line (the pack or site at the left,
the audience and "page x of y" at the right), the sheet title under it and a heavy rule; sizes from
sheetgen.design, the same as the HTML reference pages' header. Text in, marks (top-left origin) and the
height they take out."""

from __future__ import annotations

from sheetgen.design import HEADER, INK, TYPE
from sheetgen.layout.marks import Mark, Sketch, flow, text_width


def header_marks(width: float, source: str, who: str, title: str) -> tuple[list[Mark], float]:
    """The header across *width*: *source* (pack or site name) and *who* ('For the DM · page 1 of 2') on
    the small line, *title* under them. Marks are placed below y = 0; returns them and the height from
    the top to the first thing under the header (the rule and the space under it included)."""
    sk = Sketch()
    size = TYPE.header_line
    right = text_width(who, "label-bold", size)
    left = flow(source, max(width - right - 12.0, width / 3), size, base="label")
    sk.extend(left.marks)
    sk.text(width, -size * 0.93, who, "label-bold", size, align="right")
    top = -max(left.height, size * 1.2) - HEADER.line_gap
    heading = flow(title, width, TYPE.header_title, base="label", bold=True)
    sk.extend(heading.marks, 0.0, top)
    bottom = top - heading.height - 3.0
    sk.line(0.0, bottom, width, bottom, INK.heavy)
    # a point down, so that no letter of the small line reaches above the margin
    return [m.moved(0.0, -1.0) for m in sk.marks], -bottom + 1.0 + HEADER.below


def page_of(number: int, total: int) -> str:
    """'page 1 of 2'."""
    return f"page {number} of {total}"
