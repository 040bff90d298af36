"""Draw a card layout: a :class:`~sheetgen.layout.cards.CardSheet` in, PDF bytes out.

All positions come from sheetgen.layout.cards (and sheetgen.layout.card_shop for a print shop); this
module only hands their marks and crop marks, page by page, to the one painter (sheetgen.render.pdf.marks).
Three things happen only here, at the printer's end: a page laid out sideways is turned onto the
sheet, the home layout's back pages are moved by the back offset the calibration page measured, and
in ink-saver mode filled boxes are drawn in outline (white text on black turns black).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Literal

from sheetgen.layout.card_shop import ShopPage, shop_pages
from sheetgen.layout.cards import CardSheet, card_layout
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import RenderOptions
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import draw_marks
from sheetgen.words.language import _, document_language


def cards_pdf(
    loaded: LoadedSite, options: RenderOptions, *, size: Literal["poker", "index"] = "poker", backs: bool = False
) -> bytes:
    """The room cards, then the statblock cards, of *loaded*'s site as a PDF.

    With *backs*, every page of fronts is followed by a page of backs for double-sided printing
    (flip on the long edge), moved by ``options.cards.back_offset``. ``options.cards.layout == "shop"``
    gives one card side a page instead, back then front, with a bleed when ``options.cards.bleed``; in
    the home layout ``options.cards.bleed`` sets the cards 1/4 in apart, each with its 1/8 in bleed.
    """
    options = replace(options, language=document_language(loaded.language, options.words))
    if options.cards.layout == "shop":
        # a print shop gets every card upright, whatever the paper
        sheet = card_layout(loaded, options.paper, size=size, backs=True, wide_cards=False, sideways=False)
        return draw_shop_pages(sheet, shop_pages(sheet, bleed=options.cards.bleed), options)
    sheet = card_layout(loaded, options.paper, size=size, backs=backs, bleed=options.cards.bleed)
    return draw_card_sheet(sheet, options)


def _doc_info(sheet: CardSheet, options: RenderOptions, where: str) -> DocInfo:
    return DocInfo(
        title=_("{site}: room and statblock cards").format(site=sheet.site_name),
        subject=_("{size} cards, {where}").format(size=sheet.size.name, where=where),
        keywords=("sheetgen", _("cards"), sheet.size.name),
        language=options.language,
    )


def draw_card_sheet(sheet: CardSheet, options: RenderOptions | None = None) -> bytes:
    """Draw every page of *sheet* and give the PDF bytes."""
    options = options or RenderOptions(paper=sheet.paper)
    pdf = PdfCanvas(sheet.paper, _doc_info(sheet, options, _("{paper} paper").format(paper=sheet.paper.name)))
    canvas = pdf.canvas
    dx, dy = options.cards.back_shift
    saver = options.ink_saver
    for page in sheet.pages:
        canvas.saveState()
        if page.side == "back" and (dx or dy):
            # the printer puts the back page's content off by (-dx, -dy): move it back
            canvas.translate(dx, dy)
        if sheet.layout.sideways:
            # the page was laid out on the turned paper: turn it onto the sheet
            canvas.transform(*sheet.layout.to_paper(page.side))
        draw_marks(canvas, page.crop_marks)
        sides = sheet.cards if page.side == "front" else sheet.backs
        for index in page.cards:
            draw_marks(canvas, sides[index].items, ink_saver=saver)
        canvas.restoreState()
        canvas.showPage()
    return pdf.finish()


def draw_shop_pages(sheet: CardSheet, pages: Iterable[ShopPage], options: RenderOptions) -> bytes:
    """Draw the print-shop pages of *sheet*, each with its own page size, TrimBox and BleedBox."""
    pdf = PdfCanvas(sheet.paper, _doc_info(sheet, options, _("one card side a page for a print shop")))
    canvas = pdf.canvas
    for page in pages:
        canvas.setPageSize((page.width, page.height))
        trim = page.trim
        canvas.setTrimBox((trim.x, trim.y, trim.right, trim.top))
        canvas.setBleedBox((0, 0, page.width, page.height))
        draw_marks(canvas, page.items, ink_saver=options.ink_saver)
        canvas.showPage()
    return pdf.finish()
