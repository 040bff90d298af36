"""Cards for a print shop: a home-layout :class:`~sheetgen.layout.cards.CardSheet` with backs in, one page
per card side out.

Card printers ask for one card a page at its trim size plus the bleed, the back before the front of
each card, and the page's TrimBox (where the card is cut) and BleedBox (how far printing may run) set.
The cards themselves are the home layout's, moved: each side keeps its text and boxes at least 1/8 in
inside the trim (sheetgen.layout.card_grid.PADDING is that safe zone), so the cut may wander by the bleed
either way without touching them. Without a bleed, the page is the trim and both boxes are the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sheetgen.layout.cards import CardSheet
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import Mark
from sheetgen.options import BLEED


@dataclass(frozen=True)
class ShopPage:
    """One side of one card on a page of its own, in points from the page's bottom-left corner."""

    card: int
    """Index into ``CardSheet.cards``."""
    side: Literal["back", "front"]
    width: float
    height: float
    trim: Rect
    items: tuple[Mark, ...]


def shop_pages(sheet: CardSheet, *, bleed: bool) -> tuple[ShopPage, ...]:
    """Every card of *sheet* (laid out with backs), back then front, each at trim plus bleed."""
    if len(sheet.backs) != len(sheet.cards):
        raise ValueError("a print-shop layout needs the sheet laid out with backs")
    margin = BLEED if bleed else 0.0
    width, height = sheet.size.width + 2 * margin, sheet.size.height + 2 * margin
    trim = Rect(margin, margin, sheet.size.width, sheet.size.height)
    backs = {back.front: back for back in sheet.backs}
    pages: list[ShopPage] = []
    for index, card in enumerate(sheet.cards):
        back = backs[index]
        for side, place, items in (("back", back.rect, back.items), ("front", card.rect, card.items)):
            dx, dy = margin - place.x, margin - place.y
            pages.append(
                ShopPage(
                    index,
                    "back" if side == "back" else "front",
                    width,
                    height,
                    trim,
                    tuple(item.moved(dx, dy) for item in items),
                )
            )
    return tuple(pages)
