"""The back of a card: a card's name, kind and the site's name in, the back's marks (card coordinates) out."""

from __future__ import annotations

from sheetgen.layout.card_content import CONT, body_style, label_style
from sheetgen.layout.card_grid import PADDING, CardSize
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import Mark, paragraph_marks
from sheetgen.layout.text import Span, Spans, TextStyle, min_width, set_paragraph, spans
from sheetgen.words.language import _


def back_marks(
    kind: str, key: str | None, name: str, part: int, site_name: str, size: CardSize, language: str | None = None
) -> list[Mark]:
    """A card's back in card coordinates: the site's name, and the key and name (or the statblock's name),
    in *language* (the site's text's).

    No frame or anything else runs near the trim: a back printed a little off its front still looks
    centred (everything keeps inside the safe zone, PADDING from the trim)."""
    frame = Rect(PADDING, PADDING, size.width - 2 * PADDING, size.height - 2 * PADDING)
    inner = frame.width - 6.0
    x = PADDING + 3.0
    site = set_paragraph(spans(site_name, language=language), label_style(8.0, bold=False, align="center"), inner)
    items: list[Mark] = paragraph_marks(site, x, frame.top - 6.0)
    room = kind == "room"

    def cont(small: float) -> Spans:
        return (Span(" " + _(CONT), size=small),) if part else ()

    top_room = frame.top - 6.0 - site.height - 6.0
    texts: tuple[tuple[TextStyle, Spans], ...] = ()
    heights: list[float] = []
    total = 0.0
    for scale in (1.0, 0.85, 0.7, 0.6, 0.5, 0.4):
        if room:
            texts = (
                (label_style(28.0 * scale, align="center"), spans(key or "", language=language) + cont(14 * scale)),
                (body_style(12.0 * scale, align="center"), spans(name, bold=True, language=language)),
            )
        else:
            texts = (
                (label_style(8.0, bold=False, align="center"), (Span("STATBLOCK"),)),
                (label_style(16.0 * scale, align="center"), spans(name, language=language) + cont(8 * scale)),
            )
        heights = [set_paragraph(text, style, inner).height for style, text in texts]
        total = sum(heights) + 4.0
        unbroken = all(min_width(text, style) <= inner for style, text in texts)
        if (total <= top_room - frame.y - 6.0 and unbroken) or scale == 0.4:
            break
    top = frame.y + 6.0 + ((top_room - frame.y - 6.0) + total) / 2
    top = min(top, top_room)
    for (style, text), height in zip(texts, heights, strict=True):
        items.extend(paragraph_marks(set_paragraph(text, style, inner), x, top))
        top -= height + 4.0
    return items
