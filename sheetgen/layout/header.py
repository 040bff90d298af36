"""The one header every ReportLab sheet opens with, as marks: a small line (the pack or site at the left,
the audience and "page x of y" at the right), the sheet title under it and a heavy rule; sizes from
sheetgen.design, the same as the HTML reference pages' header. Text in, marks (top-left origin) and the
height they take out.

A page printed in a packet is numbered in the packet: it is drawn with its page-number slot left empty
(the room kept at the right end of the small line, :data:`PAGE_SLOT_SAMPLE` wide) and the packet stamps
its own "page x of y" there (:func:`page_slot`, :func:`slot_stamp`), so that a part's pages are the same
wherever the part falls in a packet, and a page carries one number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sheetgen.design import HEADER, INK, SPACE, TYPE
from sheetgen.layout.marks import Mark, Sketch, flow, text_width
from sheetgen.options import Paper
from sheetgen.words.language import _

PAGE_SLOT_SAMPLE = " · page 88 of 88"
"""The widest page number the slot keeps room for (with the separator before it)."""

PAGE_SLOT_EMS = 6.88
"""How wide :data:`PAGE_SLOT_SAMPLE` is set in the bold label face, in ems: what the shipped font's metrics
measure (a test holds the two together), kept as a number so that an HTML page, laid out in a process that
draws nothing with ReportLab, keeps its slot without loading ReportLab and the fonts to measure it."""

_DRAWN_BASELINE = 0.93
"""The small line's baseline under the header's top, in ems, on the ReportLab pages (plus a point)."""
_HTML_BASELINE = 0.905
"""The same on the HTML pages: half of the line's leading (line-height 1.2 of a face whose ascender and
descender span one em) and the label face's ascender, 0.805 em."""


def header_marks(
    width: float, source: str, who: str, title: str, page: tuple[int, int] | None = None
) -> tuple[list[Mark], float]:
    """The header across *width*: *source* (pack or site name) and *who* ('For the DM') then 'page x of
    y' (*page*: number and total) on the small line, *title* under them. With *page* None the number's
    slot is left empty for a packet to stamp. Marks are placed below y = 0; returns them and the height
    from the top to the first thing under the header (the rule and the space under it included)."""
    sk = Sketch()
    size = TYPE.header_line
    baseline = -size * _DRAWN_BASELINE
    if page is None:
        slot = slot_width()
        sk.text(width - slot, baseline, who, "label-bold", size, align="right")
    else:
        slot = 0.0
        who = f"{who} · {page_of(*page)}"
        sk.text(width, baseline, who, "label-bold", size, align="right")
    right = text_width(who, "label-bold", size) + slot
    left = flow(source, max(width - right - 12.0, width / 3), size, base="label")
    sk.extend(left.marks)
    top = -max(left.height, size * 1.2) - HEADER.line_gap
    heading = flow(title, width, TYPE.header_title, base="label", bold=True)
    sk.extend(heading.marks, 0.0, top)
    bottom = top - heading.height - 3.0
    sk.line(0.0, bottom, width, bottom, INK.heavy)
    # a point down, so that no letter of the small line reaches above the margin
    return [m.moved(0.0, -1.0) for m in sk.marks], -bottom + 1.0 + HEADER.below


def page_of(number: int, total: int) -> str:
    """'page 1 of 2'."""
    return _("page {n} of {total}").format(n=number, total=total)


def slot_width(size: float = TYPE.header_line) -> float:
    """The width kept empty for the page number at the right end of the header's small line."""
    return PAGE_SLOT_EMS * size


@dataclass(frozen=True)
class PageSlot:
    """Where a packet stamps a page's number, in page coordinates (points from the bottom-left)."""

    x: float
    """Where the slot starts: the separator's space, then '· page x of y'."""
    baseline: float
    size: float
    page: tuple[float, float] | None = None
    """The size of the page it is on, where that is not the packet's paper (a map turned to landscape)."""


def page_slot(paper: Paper, *, drawn_by: Literal["html", "reportlab"], scale: float = 1.0) -> PageSlot:
    """The page-number slot of a page of *paper* whose header was drawn by WeasyPrint ("html") or with
    :func:`header_marks` ("reportlab"), the whole page drawn enlarged by *scale* (large-print trackers)."""
    size = TYPE.header_line
    if drawn_by == "html":
        below_top = SPACE.margin + _HTML_BASELINE * size
    else:
        below_top = (SPACE.margin + _DRAWN_BASELINE * size + 1.0) * scale
    return PageSlot(
        paper.width - (SPACE.margin + slot_width(size)) * scale,
        paper.height - below_top,
        size * scale,
        paper.size if paper.width > paper.height else None,
    )


def slot_stamp(slot: PageSlot, number: int, total: int) -> list[Mark]:
    """The marks a packet stamps in *slot*: '· page *number* of *total*' after the separator's space."""
    sk = Sketch()
    space = text_width(" ", "label-bold", slot.size)
    sk.text(slot.x + space, slot.baseline, f"· {page_of(number, total)}", "label-bold", slot.size)
    return sk.marks
