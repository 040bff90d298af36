"""Draw the calibration sheet: a paper in, a two-page PDF out (see sheetgen.layout.calibration)."""

from __future__ import annotations

from sheetgen.layout.calibration import calibration_pages
from sheetgen.options import Paper
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import draw_marks
from sheetgen.words.language import _, active


def calibration_pdf(paper: Paper) -> bytes:
    """The front (rulers and target) and the back (target and how to read it) as one PDF."""
    pdf = PdfCanvas(
        paper,
        DocInfo(
            title=_("sheetgen calibration sheet"),
            subject=_("Rulers (100 mm, 4 in) and a duplex registration target, {paper} paper").format(
                paper=paper.css_size
            ),
            keywords=("sheetgen", _("calibration")),
            language=active(),  # the sheet holds only sheetgen's words
        ),
    )
    for page in calibration_pages(paper):
        draw_marks(pdf.canvas, page.marks)
        pdf.end_page()
    return pdf.finish()
