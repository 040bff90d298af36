"""A card's body set on cards: blocks, a type size and a heading in, each card's marks out.

A deck has one body size (sheetgen.layout.cards chooses it from BODY_SIZES). A body is set on as many
cards as it needs, and, where the grid has two columns and it needs more than one, on one double-width
card as well; sheetgen.layout.card_pages chooses which the deck prints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sheetgen.design import INK
from sheetgen.errors import RenderError
from sheetgen.layout.card_content import (
    BAND_AFTER,
    COLUMN_GAP,
    CONT,
    LEADING,
    MIN_LINES,
    Band,
    Block,
    Para,
    Row,
    band_height,
    body_style,
    box_top,
    checkbox_side,
    label_style,
    para_style,
    space_after_detail,
    space_before,
)
from sheetgen.layout.card_grid import LINE, PADDING, CardSize
from sheetgen.layout.marks import LineMark, Mark, RectMark, paragraph_marks
from sheetgen.layout.text import Spans, TextStyle, set_paragraph, spans, split_to_fit, text_height
from sheetgen.words.language import _

Header = Callable[[int], tuple[list[Mark], float]]

DESCENT = 1.25
"""How far below a line's top its descenders reach, as a multiple of the type size (a text mark's extent)."""

OVERHANG = 1.0
"""Text is set this much narrower than the safe zone allows: an italic letter's ink runs past its width."""


def flow_cards(
    blocks: Sequence[Block], size: float, card: CardSize, header: Header, what: str, *, continued_bands: bool = True
) -> list[list[Mark]]:
    """Place *blocks* on as many cards as they need at type *size*; each card's items in card coordinates.

    Prose runs on from card to card as a printed deck sets it: a text paragraph is split after its first
    lines (MIN_LINES or more, at the end of a sentence where they hold one), so that no card holds only
    its heading or only its exits line; a band goes on with the first lines of what it heads; a detail
    or an action, short by nature, moves whole to the next card when it fits one. With
    *continued_bands*, a section that goes on to the next card repeats its band there, marked "(cont.)".
    """
    inner = card.width - 2 * PADDING - OVERHANG
    # the last line's descenders reach below its leading, and keep to the safe zone too
    bottom = PADDING + max(0.0, size * (DESCENT - LEADING))
    done: list[list[Mark]] = []
    queue = list(blocks)
    items: list[Mark] = []
    y = 0.0
    fresh = True
    moved_on = False
    """True while a card holds nothing but its heading and a repeated band: nothing gains by moving on."""
    placed = 0
    """The paragraphs and rows set on this card so far."""
    room = card.height - 2 * PADDING - header(1)[1]
    """The height a continuation card has for its body."""
    box_bottom: float | None = None
    """The bottom of the card's last tick box while only details (set clear of the boxes) follow it."""

    def start_card() -> None:
        nonlocal items, y, fresh, moved_on, placed, box_bottom
        box_bottom = None
        if items:
            done.append(items)
        head, height = header(len(done))
        items = list(head)
        y = card.height - PADDING - height
        if y - bottom < size * 3:
            raise RenderError(f"{what}: the heading leaves no room for text on a {card.name} card")
        fresh = moved_on = True
        placed = 0
        if continued_bands and queue and isinstance(queue[0], Para) and queue[0].section:
            queue.insert(0, Band(queue[0].section, continued=True))

    start_card()
    while queue:
        block = queue.pop(0)
        space = 0.0 if fresh else space_before(block, size)
        if (
            isinstance(block, Para)
            and block.kind == "detail"
            and not block.continued
            and not fresh
            and box_bottom is not None
        ):
            space = space_after_detail(y, box_bottom, size)
        if not isinstance(block, Para) or block.kind != "detail":
            box_bottom = None
        if isinstance(block, Band):
            band = band_height(size)
            follower = queue[0] if queue else None
            need = band + BAND_AFTER
            if isinstance(follower, Para | Row):
                # keep the heading with the first two lines of what it heads
                need += space_before(follower, size) + size * 1.2 * MIN_LINES + 0.5
            if not fresh and y - space - need < bottom:
                queue.insert(0, block)
                start_card()
                continue
            top = y - space
            items.append(RectMark(PADDING, top - band, inner + OVERHANG, band, fill=INK.fill_mid, role="band"))
            items.append(LineMark(PADDING, top, PADDING + inner + OVERHANG, top, LINE))
            label = block.label.upper() + (" " + _(CONT).upper() if block.continued else "")
            items.extend(
                paragraph_marks(set_paragraph(spans(label), label_style(size), inner - 4.0), PADDING + 2.0, top - 1.5)
            )
            y = top - band - BAND_AFTER
            fresh = False
            moved_on = moved_on and block.continued
            continue
        if isinstance(block, Row):
            width = (inner - COLUMN_GAP * (len(block.cells) - 1)) / len(block.cells)
            style = body_style(size)
            heights = [text_height(cell, style, width) for cell in block.cells]
            if y - space - max(heights) < bottom:
                if fresh:
                    # too tall even for a card of its own: each stat as a paragraph, which can be split
                    queue[:0] = [Para(cell) for cell in block.cells]
                    continue
                queue.insert(0, block)
                start_card()
                continue
            for i, cell in enumerate(block.cells):
                x = PADDING + i * (width + COLUMN_GAP)
                items.extend(paragraph_marks(set_paragraph(cell, style, width), x, y - space))
            y -= space + max(heights)
            fresh = moved_on = False
            placed += 1
            continue
        style = para_style(block, size)
        top = y - space
        whole = text_height(block.text, style, inner)
        if top - whole >= bottom:
            box_bottom = _place_para(items, block, style, top, inner, size) or box_bottom
            y = top - whole
            fresh = moved_on = False
            placed += 1
            continue
        if whole <= room and not fresh and not moved_on and block.kind in ("detail", "action"):
            # a detail or an action that fits a card of its own is never split
            queue.insert(0, block)
            start_card()
            continue
        parts = split_to_fit(block.text, style, inner, top - bottom)
        # no lone first line at the foot of a card (a paragraph that does not fit has two lines or more),
        # unless the card would otherwise hold only its first paragraph (the exits)
        if (
            parts is not None
            and not fresh
            and not moved_on
            and placed > 1
            and _lines(parts[0], style, inner) < MIN_LINES
        ):
            parts = None
        if parts is None:
            if fresh or moved_on:
                raise RenderError(f"{what}: text does not fit on a {card.name} card")
            queue.insert(0, block)
            start_card()
            continue
        first, rest = parts
        box_bottom = _place_para(items, replace(block, text=first), style, top, inner, size) or box_bottom
        placed += 1
        if not rest:
            y = top - text_height(first, style, inner)
            fresh = moved_on = False
            continue
        queue.insert(0, replace(block, text=rest, continued=True))
        start_card()
    done.append(items)
    return done


def _lines(text: Spans, style: TextStyle, width: float) -> int:
    return len(set_paragraph(text, style, width).lines)


def _place_para(
    items: list[Mark], block: Para, style: TextStyle, top: float, width: float, size: float
) -> float | None:
    """Sets *block* at *top*; the bottom of its tick box, for a detail's first paragraph."""
    items.extend(paragraph_marks(set_paragraph(block.text, style, width), PADDING, top))
    if block.kind != "detail" or block.continued:
        return None
    side = checkbox_side(size)
    bottom = box_top(top, size) - side
    items.append(RectMark(PADDING + 0.5, bottom, side, side, stroke=LINE, role="checkbox"))
    return bottom


def set_body(
    build: Callable[[float], list[Block]],
    size: float,
    card: CardSize,
    wide: CardSize | None,
    header: Callable[[CardSize], Header],
    what: str,
) -> tuple[list[list[Mark]], list[Mark] | None]:
    """*build*'s blocks at type *size*: each card's marks when set on as many cards as they need, and,
    when that is more than one and the grid has a *wide* size (two places side by side), the marks of the
    one wide card that holds them (its heading across, its body in two columns, each a card's width), or
    None. Which of the two the deck prints is the pagination's choice (sheetgen.layout.card_pages)."""
    blocks = build(size)
    faces = flow_cards(blocks, size, card, header(card), what)
    if len(faces) > 1 and wide is not None:
        top, height = header(wide)(0)

        def column_head(part: int) -> tuple[list[Mark], float]:
            return (list(top) if part == 0 else [], height)

        columns = flow_cards(blocks, size, card, column_head, what, continued_bands=False)
        if len(columns) <= 2:
            right = [m.moved(wide.width - card.width, 0.0) for m in columns[1]] if len(columns) == 2 else []
            return faces, columns[0] + right
    return faces, None
