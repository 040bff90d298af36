"""Draw a pre-rolled timetable: a :class:`~sheetgen.engine.timetable.Timetable` and the render options in,
PDF bytes out.

Where everything goes is decided by sheetgen.sheets.timetable_pages; this module only draws its marks
on a :class:`~sheetgen.pdfcanvas.PdfCanvas`, page by page, in vectors (the chart too). With
``fillable``, every tick box is also a PDF checkbox; the widget has no border or fill of its own, so
the page prints the same either way. The Actual cells stay for a pencil: a PDF text field would need
one of the standard 14 fonts, which sheetgen does not use.
"""

from __future__ import annotations

from typing import Any

from sheetgen.engine.timetable import Timetable
from sheetgen.paper import RenderOptions
from sheetgen.pdfcanvas import DocInfo, PdfCanvas
from sheetgen.sheets.timetable_pages import TimetableLayout, TimetablePage, timetable_layout
from sheetgen.sheets.tracker_marks import BOX_LINE, BoxMark, LineMark, RectMark, TextMark, font_name


def timetable_pdf(timetable: Timetable, options: RenderOptions) -> bytes:
    """The timetable's pages (check rows three hours a page, then the encounter deck) as a PDF.

    The seed printed is the timetable's own: it is the one its dice were rolled with.
    """
    return draw_timetable(timetable_layout(timetable, options.paper), fillable=options.fillable,
                          timetable=timetable)


def draw_timetable(layout: TimetableLayout, *, fillable: bool, timetable: Timetable) -> bytes:
    """Draw every page of *layout* and give the PDF bytes."""
    t = timetable
    pdf = PdfCanvas(layout.paper, DocInfo(
        title=layout.title,
        subject=f"Pre-rolled checks and encounters for {t.hours} hours, seed {t.seed}, "
                f"{layout.paper.css_size} paper",
        keywords=("timetable", t.pack_id, f"seed {t.seed}"),
    ))
    for page in layout.pages:
        draw_page(pdf.canvas, page, fillable=fillable)
        pdf.canvas.showPage()
    return pdf.finish()


def draw_page(canvas: Any, page: TimetablePage, *, fillable: bool) -> None:
    """Draw one page's marks on a ReportLab canvas (without ending the page)."""
    canvas.saveState()
    canvas.setLineCap(0)
    canvas.setStrokeGray(0)
    current: tuple[str, float] | None = None
    for mark in page.marks:
        if isinstance(mark, RectMark):
            canvas.setStrokeGray(0)
            if mark.fill is not None:
                canvas.setFillGray(mark.fill)
            if mark.stroke:
                canvas.setLineWidth(mark.stroke)
            canvas.rect(mark.x, mark.y, mark.width, mark.height, stroke=1 if mark.stroke else 0,
                        fill=1 if mark.fill is not None else 0)
        elif isinstance(mark, LineMark):
            canvas.setStrokeGray(mark.grey)
            canvas.setLineWidth(mark.width)
            canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
        elif isinstance(mark, BoxMark):
            canvas.setStrokeGray(0)
            canvas.setFillGray(1)
            canvas.setLineWidth(BOX_LINE)
            canvas.rect(mark.x, mark.y, mark.size, mark.size, stroke=1, fill=1)
        elif isinstance(mark, TextMark):
            canvas.setFillGray(0)
            font = (font_name(mark.role), mark.size)
            if font != current:
                canvas.setFont(*font)
                current = font
            canvas.drawString(mark.x, mark.y, mark.text)
    canvas.restoreState()
    if fillable:
        _form_fields(canvas, page)


def _form_fields(canvas: Any, page: TimetablePage) -> None:
    from reportlab.lib.colors import Color

    black = Color(0, 0, 0)
    inset = BOX_LINE / 2  # a tick stays inside the printed box
    for mark in page.marks:
        if isinstance(mark, BoxMark):
            canvas.acroForm.checkbox(
                name=f"timetable-{mark.name}", tooltip=mark.tooltip, x=mark.x + inset, y=mark.y + inset,
                size=mark.size - 2 * inset, buttonStyle="check", borderWidth=None, borderColor=None,
                fillColor=None, textColor=black, fieldFlags="", annotationFlags="print",
            )
