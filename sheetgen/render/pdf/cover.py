"""The packet's own pages: its cover, and the page numbers it stamps on the others.

Plain data in (a paper, what the cover says, where the page numbers go), PDF bytes out;
sheetgen.packet.build decides what they say, sheetgen.layout.cover and sheetgen.layout.header where it
goes, and the one painter draws it.
"""

from __future__ import annotations

from sheetgen.layout.cover import Cover, cover_marks
from sheetgen.layout.header import PageSlot, slot_stamp
from sheetgen.options import Paper
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import draw_marks
from sheetgen.words.language import _


def cover_pdf(paper: Paper, cover: Cover, *, ink_saver: bool = False, language: str = "en") -> bytes:
    """The one-page cover (sheetgen.layout.cover) as a PDF; *ink_saver* as every page draws it."""
    doc = PdfCanvas(paper, DocInfo(title=cover.title, subject=_("Session packet"), language=language))
    draw_marks(doc.canvas, cover_marks(paper, cover), ink_saver=ink_saver)
    doc.canvas.showPage()
    return doc.finish()


def page_numbers_pdf(paper: Paper, slots: list[PageSlot | None]) -> bytes:
    """One page per packet page: "· page x of y" (y: the packet's pages) in the page's header slot, where
    it has one; blank otherwise. The packet lays each page over its own."""
    doc = PdfCanvas(paper, DocInfo(title="page numbers", subject=""))
    for number, slot in enumerate(slots, start=1):
        # a page of its own size, or what falls outside the packet's paper would be cut off in the merge
        doc.canvas.setPageSize(paper.size if slot is None or slot.page is None else slot.page)
        if slot is not None:
            draw_marks(doc.canvas, slot_stamp(slot, number, len(slots)))
        doc.canvas.showPage()
    return doc.finish()
