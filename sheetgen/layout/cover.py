"""The packet's own pages as marks: a paper, titles, facts and page numbers in, the cover's and the
footers' marks (page coordinates) out."""

from __future__ import annotations

from sheetgen.design import INK, SPACE, TYPE
from sheetgen.layout.marks import LineMark, Mark, Sketch, flow
from sheetgen.markup import plain
from sheetgen.options import POINTS_PER_INCH, Paper


def cover_marks(paper: Paper, title: str, kind: str, facts: list[tuple[str, str]],
                contents: list[tuple[str, int]], summary: list[str] | None = None) -> list[Mark]:
    """*kind* above *title*, a label and value per fact, the contents with dotted leaders to page numbers,
    then *summary* ("At the table": the rules in brief, marked-up lines) in the room left, so that the
    cover is worth its sheet. Sizes from sheetgen.design."""
    sk = Sketch()
    margin = SPACE.margin
    right = paper.width - margin
    width = right - margin
    y = paper.height - margin - TYPE.header_line
    sk.text(margin, y, kind.upper(), "label-bold", TYPE.header_line)
    y -= TYPE.cover_title + 4
    sk.text(margin, y, plain(title), "label-bold", TYPE.cover_title)
    y -= 10
    sk.line(margin, y, right, y, INK.heavy)
    y -= 20
    for label, value in facts:
        sk.text(margin, y, label, "label-bold", 9.5)
        sk.text(margin + 80, y, plain(value), "body", 10.5)
        y -= 16
    y -= 14
    y = _section(sk, "Contents", margin, right, y)
    for entry, page in contents:
        width_ = sk.text(margin, y, plain(entry), "body", 11)
        number = sk.text(right, y, str(page), "body", 11, align="right")
        sk.add(LineMark(margin + width_ + 6, y + 2, right - number - 6, y + 2, INK.rule, dash=(1, 3)))
        y -= 17
    if summary:
        y -= 14
        y = _section(sk, "At the table", margin, right, y) + TYPE.reference_body + 4
        for line in summary:
            flowed = flow(line, width, 10.0)
            if y - flowed.height < SPACE.footer_band:
                break
            sk.extend(flowed.marks, margin, y)
            y -= flowed.height + 4
    return sk.marks


def _section(sk: Sketch, title: str, left: float, right: float, y: float) -> float:
    """A section's title with a rule under it; the baseline of the first line under it."""
    sk.text(left, y, title, "label-bold", TYPE.heading + 2)
    y -= 6
    sk.line(left, y, right, y, INK.rule)
    return y - 17


def footer_marks(paper: Paper, site_name: str, part: str, number: int) -> list[Mark]:
    """"site · part" at the left and the page number at the right, under a thin rule."""
    sk = Sketch()
    margin = 0.5 * POINTS_PER_INCH
    sk.line(margin, 0.42 * POINTS_PER_INCH, paper.width - margin, 0.42 * POINTS_PER_INCH, 0.5)
    sk.text(margin, 0.28 * POINTS_PER_INCH, plain(f"{site_name} · {part}"), "label", 8)
    sk.text(paper.width - margin, 0.28 * POINTS_PER_INCH, f"page {number}", "label", 8, align="right")
    return sk.marks

