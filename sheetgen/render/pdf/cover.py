"""The packet's own pages: a cover (title, facts, contents) and the footers laid over the other pages.

Plain data in (a paper, titles, facts, page numbers), PDF bytes out; sheetgen.packet.build decides what
they say.
"""

from __future__ import annotations

from sheetgen.markup import plain
from sheetgen.options import Paper
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas, body_font, label_font


def cover_pdf(paper: Paper, title: str, kind: str, facts: list[tuple[str, str]],
              contents: list[tuple[str, int]], *, language: str = "en") -> bytes:
    """A one-page cover: *kind* above *title*, a label and value per fact, then the contents with page numbers."""
    doc = PdfCanvas(paper, DocInfo(title=title, subject="Session packet", language=language))
    c = doc.canvas
    margin = 0.75 * 72
    y = paper.height - 1.4 * 72
    c.setFont(label_font(bold=True), 10)
    c.drawString(margin, y, kind.upper())
    y -= 34
    c.setFont(body_font(bold=True), 28)
    c.drawString(margin, y, plain(title))
    y -= 30
    c.setLineWidth(1.2)
    c.line(margin, y, paper.width - margin, y)
    y -= 26
    for label, value in facts:
        c.setFont(label_font(bold=True), 10)
        c.drawString(margin, y, label)
        c.setFont(body_font(), 11.5)
        c.drawString(margin + 80, y, plain(value))
        y -= 19
    y -= 24
    c.setFont(label_font(bold=True), 13)
    c.drawString(margin, y, "Contents")
    y -= 8
    c.setLineWidth(0.75)
    c.line(margin, y, paper.width - margin, y)
    y -= 20
    for entry, page in contents:
        c.setFont(body_font(), 12)
        c.drawString(margin, y, plain(entry))
        c.drawRightString(paper.width - margin, y, str(page))
        width = c.stringWidth(plain(entry), body_font(), 12)
        c.setDash(1, 3)
        c.line(margin + width + 6, y + 2, paper.width - margin - c.stringWidth(str(page), body_font(), 12) - 6, y + 2)
        c.setDash()
        y -= 20
    c.showPage()
    return doc.finish()


def footers_pdf(paper: Paper, site_name: str, labels: list[tuple[str, int] | None]) -> bytes:
    """One page per packet page: "site · part" and the page number where a page carries a footer, blank otherwise."""
    doc = PdfCanvas(paper, DocInfo(title="footers", subject=""))
    c = doc.canvas
    margin = 0.5 * 72
    for label in labels:
        if label is not None:
            part, number = label
            c.setFont(label_font(), 8)
            c.setLineWidth(0.5)
            c.line(margin, 0.42 * 72, paper.width - margin, 0.42 * 72)
            c.drawString(margin, 0.28 * 72, plain(f"{site_name} · {part}"))
            c.drawRightString(paper.width - margin, 0.28 * 72, f"page {number}")
        c.showPage()
    return doc.finish()
