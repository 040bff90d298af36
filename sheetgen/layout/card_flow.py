"""A card's body set on cards: blocks, a type size and a heading in, each card's marks out.

A card's text starts at the largest of BODY_SIZES and shrinks in half points until it fits; what does not
fit at the smallest goes on continuation cards, whose key reads "1 (cont.)".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from sheetgen.errors import RenderError
from sheetgen.layout.card_content import (
    BAND_AFTER,
    BODY_SIZES,
    COLUMN_GAP,
    CONT,
    MEASURE_WHOLE,
    MIN_LINES,
    Band,
    Block,
    Para,
    Row,
    band_height,
    body_style,
    checkbox_side,
    label_style,
    para_style,
    space_before,
)
from sheetgen.layout.card_grid import LINE, PADDING, CardSize
from sheetgen.layout.card_text import TextStyle, split_to_fit, text_height
from sheetgen.layout.marks import LineMark, Mark, ParagraphMark, RectMark
from sheetgen.markup import inline_reportlab

Header = Callable[[int], tuple[list[Mark], float]]


def flow_cards(blocks: Sequence[Block], size: float, card: CardSize, header: Header, what: str,
          most: int | None = None) -> list[list[Mark]]:
    """Place *blocks* on as many cards as they need at type *size*; each card's items in card coordinates.

    Raises TooManyCards as soon as they need more than *most* cards.
    """
    inner = card.width - 2 * PADDING
    bottom = PADDING
    done: list[list[Mark]] = []
    queue = list(blocks)
    items: list[Mark] = []
    y = 0.0
    fresh = True

    def start_card() -> None:
        nonlocal items, y, fresh
        if items:
            done.append(items)
            if most is not None and len(done) >= most:
                raise TooManyCards
        head, height = header(len(done))
        items = list(head)
        y = card.height - PADDING - height
        if y - bottom < size * 3:
            raise RenderError(f"{what}: the heading leaves no room for text on a {card.name} card")
        fresh = True
        if queue and isinstance(queue[0], Para) and queue[0].section:
            queue.insert(0, Band(queue[0].section, continued=True))

    start_card()
    while queue:
        block = queue.pop(0)
        space = 0.0 if fresh else space_before(block, size)
        if isinstance(block, Band):
            band = band_height(size)
            follower = queue[0] if queue else None
            need = band + BAND_AFTER
            if isinstance(follower, Para | Row):
                # keep the heading with the first two lines of what it heads
                need += space_before(follower, size) + size * 1.2 * MIN_LINES + 0.5
            if y - space - need < bottom and not fresh:
                queue.insert(0, block)
                start_card()
                continue
            top = y - space
            items.append(RectMark(PADDING, top - band, inner, band, fill=0.85, role="band"))
            items.append(LineMark(PADDING, top, PADDING + inner, top, LINE))
            label = block.label.upper() + (f" {CONT.upper()}" if block.continued else "")
            style = label_style(size)
            items.append(ParagraphMark(inline_reportlab(label), style, PADDING + 2.0, top - 1.5, inner - 4.0,
                                  style.leading))
            y = top - band - BAND_AFTER
            fresh = False
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
            for i, (cell, height) in enumerate(zip(block.cells, heights, strict=True)):
                x = PADDING + i * (width + COLUMN_GAP)
                items.append(ParagraphMark(cell, style, x, y - space, width, height))
            y -= space + max(heights)
            fresh = False
            continue
        style = para_style(block, size)
        top = y - space
        # a long paragraph is not measured whole: only the part that fits this card is (see split_to_fit)
        whole: float | None = None
        parts: tuple[str, str] | None = None
        if len(block.markup) <= MEASURE_WHOLE:
            whole = text_height(block.markup, style, inner)
        else:
            parts = split_to_fit(block.markup, style, inner, top - bottom)
            if parts is not None and not parts[1]:
                whole, parts = text_height(block.markup, style, inner), None
        if whole is not None and top - whole >= bottom:
            _place_para(items, block, style, top, inner, whole, size)
            y = top - whole
            fresh = False
            continue
        if whole is not None:
            parts = split_to_fit(block.markup, style, inner, top - bottom)
        # no lone first line at the foot of a card (a paragraph that does not fit has two lines or more)
        if parts is not None and not fresh and _lines(parts[0], style, inner) < MIN_LINES:
            parts = None
        if parts is None:
            if fresh:
                raise RenderError(f"{what}: text does not fit on a {card.name} card")
            queue.insert(0, block)
            start_card()
            continue
        first, rest = parts
        height = text_height(first, style, inner)
        _place_para(items, replace(block, markup=first), style, top, inner, height, size)
        queue.insert(0, replace(block, markup=rest, continued=True))
        start_card()
    done.append(items)
    return done


def _lines(markup: str, style: TextStyle, width: float) -> int:
    return round(text_height(markup, style, width) / style.leading)


def _place_para(items: list[Mark], block: Para, style: TextStyle, top: float, width: float, height: float,
                size: float) -> None:
    items.append(ParagraphMark(block.markup, style, PADDING, top, width, height))
    if block.kind == "detail" and not block.continued:
        side = checkbox_side(size)
        baseline = top - size * 0.93
        items.append(RectMark(PADDING + 0.5, baseline - 0.3, side, side, stroke=LINE, role="checkbox"))


class TooManyCards(Exception):
    """A flow needs more cards than the caller allowed."""


def fit_cards(build: Callable[[float], list[Block]], card: CardSize, header: Header, what: str
         ) -> tuple[float, list[list[Mark]]]:
    """The largest type size at which the body fits one card.

    A body that does not fit one card even at the smallest size takes as many cards as it needs at
    that size, and is then set at the largest size that still needs no more cards than that. The sizes
    between are flowed only until they need more cards than that, so a long body costs a few times its
    text, not five.
    """
    largest, smallest = BODY_SIZES[0], BODY_SIZES[-1]
    faces = flow_cards(build(largest), largest, card, header, what)
    if len(faces) == 1:
        return largest, faces
    fewest = flow_cards(build(smallest), smallest, card, header, what)
    if len(faces) <= len(fewest):
        return largest, faces
    for size in BODY_SIZES[1:-1]:
        try:
            return size, flow_cards(build(size), size, card, header, what, most=len(fewest))
        except TooManyCards:
            continue
    return smallest, fewest

