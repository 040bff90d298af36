"""Draw a card layout: a :class:`~sheetgen.layout.cards.CardSheet` in, PDF bytes out.

All positions come from sheetgen.layout.cards; this module only puts its boxes, rules, paragraphs and
crop marks on a ReportLab canvas, page by page.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from sheetgen.layout.card_text import make_paragraph
from sheetgen.layout.cards import (
    LINE,
    BoxItem,
    CardSheet,
    CropMark,
    Item,
    RuleItem,
    TextItem,
    card_layout,
)
from sheetgen.load.files import LoadedSite
from sheetgen.options import RenderOptions
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas


def cards_pdf(loaded: LoadedSite, options: RenderOptions, *, size: Literal["poker", "index"] = "poker",
              backs: bool = False) -> bytes:
    """The room cards, then the statblock cards, of *loaded*'s site as a PDF.

    With *backs*, every page of fronts is followed by a page of backs for double-sided printing
    (flip on the long edge).
    """
    sheet = card_layout(loaded, options.paper, size=size, backs=backs)
    return draw_card_sheet(sheet)


def draw_card_sheet(sheet: CardSheet) -> bytes:
    """Draw every page of *sheet* and give the PDF bytes."""
    what = f"{sheet.size.name} cards"
    pdf = PdfCanvas(sheet.paper, DocInfo(title=f"{sheet.site_name}: room and statblock cards",
                                         subject=f"{what}, {sheet.paper.name} paper",
                                         keywords=("sheetgen", "cards", sheet.size.name)))
    canvas = pdf.canvas
    for page in sheet.pages:
        _draw_crop_marks(canvas, sheet.crop_marks)
        if page.side == "front":
            for index in page.cards:
                _draw_items(canvas, sheet.cards[index].items)
        else:
            for index in page.cards:
                _draw_items(canvas, sheet.backs[index].items)
        canvas.showPage()
    return pdf.finish()


def _draw_crop_marks(canvas: Any, marks: Iterable[CropMark]) -> None:
    canvas.saveState()
    canvas.setLineWidth(LINE)
    canvas.setStrokeGray(0)
    for mark in marks:
        canvas.line(mark.x0, mark.y0, mark.x1, mark.y1)
    canvas.restoreState()


def _draw_items(canvas: Any, items: Iterable[Item]) -> None:
    for item in items:
        if isinstance(item, BoxItem):
            _draw_box(canvas, item)
        elif isinstance(item, RuleItem):
            canvas.saveState()
            canvas.setLineWidth(item.line_width)
            canvas.setStrokeGray(0)
            canvas.line(item.x0, item.y0, item.x1, item.y1)
            canvas.restoreState()
        elif isinstance(item, TextItem):
            paragraph = make_paragraph(item.markup, item.style)
            paragraph.wrap(item.width, item.height + 1.0)
            paragraph.drawOn(canvas, item.x, item.top - item.height)


def _draw_box(canvas: Any, box: BoxItem) -> None:
    canvas.saveState()
    stroke = 1 if box.line_width > 0 else 0
    fill = 1 if box.fill is not None else 0
    if stroke:
        canvas.setLineWidth(box.line_width)
        canvas.setStrokeGray(0)
    if box.fill is not None:
        canvas.setFillGray(box.fill)
    rect = box.rect
    if box.radius:
        canvas.roundRect(rect.x, rect.y, rect.width, rect.height, box.radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=stroke, fill=fill)
    canvas.restoreState()
