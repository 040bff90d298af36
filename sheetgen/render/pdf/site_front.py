"""Draw the dungeon's front pages: a :class:`~sheetgen.layout.site_front.SiteFrontLayout` in, PDF bytes out.

Where everything goes is decided by sheetgen.layout.site_front; the one painter draws its marks.
"""

from __future__ import annotations

from sheetgen.layout.marks import BoxMark
from sheetgen.layout.site_front import SiteFrontLayout
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import add_checkboxes, draw_marks
from sheetgen.words.language import after_colon


def site_front_pdf(
    layout: SiteFrontLayout, site: str, *, fillable: bool = False, ink_saver: bool = False, language: str = "en"
) -> bytes:
    """Every page of *layout*, the front pages of the site named *site*, as a PDF; with *fillable*, each
    room's tick box is also a PDF checkbox."""
    doc = PdfCanvas(
        layout.paper, DocInfo(title=after_colon(site, layout.title), subject=layout.title, language=language)
    )
    for marks in layout.pages:
        draw_marks(doc.canvas, list(marks), ink_saver=ink_saver)
        if fillable:
            add_checkboxes(doc.canvas, (m for m in marks if isinstance(m, BoxMark)), lambda box: f"rooms-{box.name}")
        doc.end_page()
    return doc.finish()
