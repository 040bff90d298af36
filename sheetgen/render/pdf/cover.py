"""The packet's own pages: a cover (title, facts, contents) and the footers laid over the other pages.

Plain data in (a paper, titles, facts, page numbers), PDF bytes out; sheetgen.packet.build decides what
they say, sheetgen.layout.cover where it goes, and the one painter draws it.
"""

from __future__ import annotations

from sheetgen.layout.cover import cover_marks, footer_marks
from sheetgen.options import Paper
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import draw_marks


def cover_pdf(paper: Paper, title: str, kind: str, facts: list[tuple[str, str]],
              contents: list[tuple[str, int]], *, language: str = "en", summary: list[str] | None = None) -> bytes:
    """A one-page cover: *kind* above *title*, a label and value per fact, the contents with page numbers,
    then the rules in brief (*summary*)."""
    doc = PdfCanvas(paper, DocInfo(title=title, subject="Session packet", language=language))
    draw_marks(doc.canvas, cover_marks(paper, title, kind, facts, contents, summary))
    doc.canvas.showPage()
    return doc.finish()


def footers_pdf(paper: Paper, site_name: str, labels: list[tuple[str, int] | None]) -> bytes:
    """One page per packet page: "site · part" and the page number where a page carries a footer, blank otherwise."""
    doc = PdfCanvas(paper, DocInfo(title="footers", subject=""))
    for label in labels:
        if label is not None:
            draw_marks(doc.canvas, footer_marks(paper, site_name, *label))
        doc.canvas.showPage()
    return doc.finish()
