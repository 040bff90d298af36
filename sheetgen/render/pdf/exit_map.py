"""Draw the map of a site's exits: an :class:`~sheetgen.layout.exit_map.ExitMapLayout` in, PDF bytes out.

Where everything goes is decided by sheetgen.layout.exit_map; the one painter draws its marks. Each
page is drawn on its own paper, portrait or landscape.
"""

from __future__ import annotations

from sheetgen.layout.exit_map import ExitMapLayout
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import draw_marks


def exit_map_pdf(layout: ExitMapLayout, site: str, *, ink_saver: bool = False, language: str = "en") -> bytes:
    """Every page of *layout*, the map of the site named *site*, as a PDF."""
    doc = PdfCanvas(layout.pages[0].paper, DocInfo(title=f"{site}: map", subject="Map", language=language))
    for page in layout.pages:
        doc.canvas.setPageSize(page.paper.size)
        draw_marks(doc.canvas, list(page.marks), ink_saver=ink_saver)
        doc.end_page()
    return doc.finish()
