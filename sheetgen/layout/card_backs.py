"""The back of a card: a card's name, kind and the site's name in, the back's marks (card coordinates) out."""

from __future__ import annotations

from sheetgen.layout.card_content import CONT, body_style, label_style
from sheetgen.layout.card_grid import PADDING, CardSize
from sheetgen.layout.card_text import min_width, text_height
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import Mark, ParagraphMark
from sheetgen.markup import inline_reportlab


def back_marks(kind: str, key: str | None, name: str, part: int, site_name: str, size: CardSize) -> list[Mark]:
    """A card's back in card coordinates: the site's name, and the key and name (or the statblock's name).

    No frame or anything else runs near the trim: a back printed a little off its front still looks
    centred (everything keeps inside the safe zone, PADDING from the trim)."""
    frame = Rect(PADDING, PADDING, size.width - 2 * PADDING, size.height - 2 * PADDING)
    inner = frame.width - 6.0
    x = PADDING + 3.0
    items: list[Mark] = []
    site_style = label_style(8.0, bold=False, align="center")
    site_markup = inline_reportlab(site_name)
    site_height = text_height(site_markup, site_style, inner)
    items.append(ParagraphMark(site_markup, site_style, x, frame.top - 6.0, inner, site_height))
    room = kind == "room"
    cont = f'<font size="{{small}}"> {CONT}</font>' if part else ""
    room_key = key or ""
    top_room = frame.top - 6.0 - site_height - 6.0
    for scale in (1.0, 0.85, 0.7, 0.6, 0.5, 0.4):
        if room:
            first = (label_style(28.0 * scale, align="center"),
                     inline_reportlab(room_key) + cont.format(small=14 * scale))
            second = (body_style(12.0 * scale, align="center"), f"<b>{inline_reportlab(name)}</b>")
        else:
            first = (label_style(8.0, bold=False, align="center"), "STATBLOCK")
            second = (label_style(16.0 * scale, align="center"),
                      inline_reportlab(name) + cont.format(small=8 * scale))
        heights = [text_height(markup, style, inner) for style, markup in (first, second)]
        total = sum(heights) + 4.0
        unbroken = all(min_width(markup, style) <= inner for style, markup in (first, second))
        if (total <= top_room - frame.y - 6.0 and unbroken) or scale == 0.4:
            break
    top = frame.y + 6.0 + ((top_room - frame.y - 6.0) + total) / 2
    top = min(top, top_room)
    for (style, markup), height in zip((first, second), heights, strict=True):
        items.append(ParagraphMark(markup, style, x, top, inner, height))
        top -= height + 4.0
    return items

