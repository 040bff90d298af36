"""Draw a pre-rolled timetable: a :class:`~sheetgen.engine.timetable.Timetable` and the render options in,
PDF bytes out.

Where everything goes is decided by sheetgen.layout.timetable_pages; this module only draws its marks
on a :class:`~sheetgen.render.pdf.canvas.PdfCanvas`, page by page, in vectors (the chart too). With
``fillable``, every tick box is also a PDF checkbox; the widget has no border or fill of its own, so
the page prints the same either way. The Actual cells stay for a pencil: a PDF text field would need
one of the standard 14 fonts, which sheetgen does not use.
"""

from __future__ import annotations

from typing import Any

from sheetgen.engine.timetable import Timetable
from sheetgen.layout.marks import BoxMark
from sheetgen.layout.timetable_pages import TimetableLayout, TimetablePage, timetable_layout
from sheetgen.options import RenderOptions
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import add_checkboxes, draw_marks
from sheetgen.words import duration
from sheetgen.words.language import _


def timetable_pdf(timetable: Timetable, options: RenderOptions) -> bytes:
    """The timetable's pages (check rows three hours a page, then the encounter deck) as a PDF.

    The seed printed is the timetable's own: it is the one its dice were rolled with.
    """
    return timetable_pages(timetable, options)[0]


def timetable_pages(timetable: Timetable, options: RenderOptions) -> tuple[bytes, TimetableLayout]:
    """The timetable's PDF, and the layout it was drawn from (where each row and card went)."""
    layout = timetable_layout(timetable, options.paper, numbered=options.page_numbers)
    return draw_timetable(
        layout, fillable=options.fillable, timetable=timetable, ink_saver=options.ink_saver, language=options.language
    ), layout


def draw_timetable(
    layout: TimetableLayout, *, fillable: bool, timetable: Timetable, ink_saver: bool = False, language: str = "en"
) -> bytes:
    """Draw every page of *layout* and give the PDF bytes."""
    t = timetable
    pdf = PdfCanvas(
        layout.paper,
        DocInfo(
            title=layout.title,
            subject=_("Pre-rolled checks and encounters for {duration}, seed {seed}, {paper} paper").format(
                duration=duration(t.hours * 3600), seed=t.seed, paper=layout.paper.css_size
            ),
            keywords=(_("timetable"), t.pack_id, _("seed {seed}").format(seed=t.seed)),
            language=language,
        ),
    )
    for page in layout.pages:
        draw_page(pdf.canvas, page, fillable=fillable, ink_saver=ink_saver)
        pdf.end_page(tab_rows=fillable)
    return pdf.finish()


def draw_page(canvas: Any, page: TimetablePage, *, fillable: bool, ink_saver: bool = False) -> None:
    """Draw one page's marks on a ReportLab canvas (without ending the page)."""
    draw_marks(canvas, page.marks, ink_saver=ink_saver)
    if fillable:
        add_checkboxes(canvas, (m for m in page.marks if isinstance(m, BoxMark)), lambda box: f"timetable-{box.name}")
