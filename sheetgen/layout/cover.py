"""The packet's own pages as marks: a paper, titles, facts and page numbers in, the cover's and the
footers' marks (page coordinates) out."""

from __future__ import annotations

from sheetgen.layout.marks import LineMark, Mark, Sketch
from sheetgen.markup import plain
from sheetgen.options import POINTS_PER_INCH, Paper


def cover_marks(paper: Paper, title: str, kind: str, facts: list[tuple[str, str]],
                contents: list[tuple[str, int]]) -> list[Mark]:
    """*kind* above *title*, a label and value per fact, then the contents with dotted leaders to page numbers."""
    sk = Sketch()
    margin = 0.75 * POINTS_PER_INCH
    right = paper.width - margin
    y = paper.height - 1.4 * POINTS_PER_INCH
    sk.text(margin, y, kind.upper(), "label-bold", 10)
    y -= 34
    sk.text(margin, y, plain(title), "body-bold", 28)
    y -= 30
    sk.line(margin, y, right, y, 1.2)
    y -= 26
    for label, value in facts:
        sk.text(margin, y, label, "label-bold", 10)
        sk.text(margin + 80, y, plain(value), "body", 11.5)
        y -= 19
    y -= 24
    sk.text(margin, y, "Contents", "label-bold", 13)
    y -= 8
    sk.line(margin, y, right, y, 0.75)
    y -= 20
    for entry, page in contents:
        width = sk.text(margin, y, plain(entry), "body", 12)
        number = sk.text(right, y, str(page), "body", 12, align="right")
        sk.add(LineMark(margin + width + 6, y + 2, right - number - 6, y + 2, 0.75, dash=(1, 3)))
        y -= 20
    return sk.marks


def footer_marks(paper: Paper, site_name: str, part: str, number: int) -> list[Mark]:
    """"site · part" at the left and the page number at the right, under a thin rule."""
    sk = Sketch()
    margin = 0.5 * POINTS_PER_INCH
    sk.line(margin, 0.42 * POINTS_PER_INCH, paper.width - margin, 0.42 * POINTS_PER_INCH, 0.5)
    sk.text(margin, 0.28 * POINTS_PER_INCH, plain(f"{site_name} · {part}"), "label", 8)
    sk.text(paper.width - margin, 0.28 * POINTS_PER_INCH, f"page {number}", "label", 8, align="right")
    return sk.marks

