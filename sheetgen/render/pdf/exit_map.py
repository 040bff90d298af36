"""Draw a site's map, from its exits or its floor plan: pages of marks (sheetgen.layout.exit_map's
:class:`~sheetgen.layout.exit_map.MapPage`) in, PDF bytes out.

Where everything goes is decided by sheetgen.layout.exit_map and sheetgen.layout.floor_plan; the one
painter draws their marks. Each page is drawn on its own paper, portrait or landscape.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.layout.exit_map import MapPage
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import draw_marks
from sheetgen.words.language import _


def exit_map_pdf(pages: Sequence[MapPage], site: str, *, ink_saver: bool = False, language: str = "en") -> bytes:
    """Every page of a map of the site named *site*, as a PDF."""
    doc = PdfCanvas(
        pages[0].paper, DocInfo(title=_("{site}: map").format(site=site), subject=_("Map"), language=language)
    )
    for page in pages:
        doc.canvas.setPageSize(page.paper.size)
        draw_marks(doc.canvas, list(page.marks), ink_saver=ink_saver)
        doc.end_page()
    return doc.finish()
