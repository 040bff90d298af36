"""Room-key and statblock cards: a loaded site in, a :class:`CardSheet` out.

The sheet holds every card (its text, boxes and rules in page coordinates, points from the bottom-left
corner), the page and the place it is printed at, the crop marks and, on request, the back of every card.
Text is measured here with ReportLab's Paragraph, and :func:`make_paragraph` builds the very same
paragraphs for sheetgen.render.pdf.cards, so what is laid out is what is drawn.

How the cards sit on the paper:

- poker cards (2.5 x 3.5 in) go nine to a page, 3 x 3; index cards (3 x 5 in) go four to a page, 2 x 2,
  standing upright, so that card pages are portrait like every other page of a packet (two 5 in wide
  cards side by side do not fit on letter or A4).
- The grid is centred on the page and the cards touch, so one cut separates two cards. Crop marks stand
  outside the grid, in line with every cut, and stop short of the paper's edge.
- Margins: 3 x 3 poker cards leave only 0.25 in above and below on letter, so these pages cannot keep
  the usual 0.5 in margins nor the footer band (0.2 in to 0.5 in above the bottom edge) free:
  :attr:`CardSheet.footer_band_free` tells a packet whether it may stamp a footer on them. When the
  cards leave the band free, crop marks that would fall into it are shortened or left out.
- Backs: each front page is followed by its back page. Printed double-sided and flipped on the long
  edge, a page's back is its front mirrored left to right, so each back card stands at the mirrored
  column of its front.
- A card's text starts at 9 pt and shrinks in half points to 7 pt until it fits; what does not fit at
  7 pt goes on continuation cards, whose key reads "1 (cont.)".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from sheetgen.errors import Location, RenderError
from sheetgen.fonts import FONTS, check_text_covered
from sheetgen.layout.card_text import TextStyle, min_width, natural_width, split_to_fit, text_height
from sheetgen.load.files import LoadedSite, display_name
from sheetgen.markup import inline_reportlab, paragraphs, plain
from sheetgen.model.common import Statblock
from sheetgen.model.pack import encounter_rules
from sheetgen.model.site import Room, Site
from sheetgen.options import POINTS_PER_INCH, Paper

CardSizeName = Literal["poker", "index"]
CardKind = Literal["room", "stat"]


@dataclass(frozen=True)
class CardSize:
    """A card format: its size in points and how many go across and down a page."""

    name: str
    width: float
    height: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


CARD_SIZES: dict[str, CardSize] = {
    "poker": CardSize("poker", 2.5 * POINTS_PER_INCH, 3.5 * POINTS_PER_INCH, 3, 3),
    "index": CardSize("index", 3.0 * POINTS_PER_INCH, 5.0 * POINTS_PER_INCH, 2, 2),
}

PADDING = 9.0
"""Empty space inside each card's edge, so an uneven cut never touches text."""

BODY_SIZES = (9.0, 8.5, 8.0, 7.5, 7.0)
"""The type sizes a card's text is tried at, largest first."""

FOOTER_BAND = (0.2 * POINTS_PER_INCH, 0.5 * POINTS_PER_INCH)
"""Heights above the bottom edge between which a packet stamps its footer."""

MARK_GAP = 3.0
MARK_LENGTH = 12.0
MARK_MIN_LENGTH = 6.0
MARK_EDGE = 4.5
"""Crop marks start MARK_GAP off the grid, run up to MARK_LENGTH, stop MARK_EDGE short of the paper's
edge, and are left out when less than MARK_MIN_LENGTH of them would be left."""

LINE = 0.75
"""Width of every rule and box line, thick enough for black-and-white print."""


@dataclass(frozen=True)
class Rect:
    """A rectangle in points; (x, y) is its bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def contains(self, other: Rect, tolerance: float = 0.01) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def overlaps(self, other: Rect, tolerance: float = 0.01) -> bool:
        """Whether the two share more than an edge."""
        return (
            self.x < other.right - tolerance
            and other.x < self.right - tolerance
            and self.y < other.top - tolerance
            and other.y < self.top - tolerance
        )

    def shifted(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)



@dataclass(frozen=True)
class TextItem:
    """A paragraph of ReportLab markup (user text already escaped), set in a box whose top is *top*."""

    markup: str
    style: TextStyle
    x: float
    top: float
    width: float
    height: float

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.top - self.height, self.width, self.height)

    def shifted(self, dx: float, dy: float) -> TextItem:
        return replace(self, x=self.x + dx, top=self.top + dy)


@dataclass(frozen=True)
class BoxItem:
    """A rectangle: outlined when line_width > 0, filled with a grey (0 black, 1 white) when fill is set."""

    rect: Rect
    line_width: float = LINE
    fill: float | None = None
    radius: float = 0.0
    role: str = "box"
    """What the box is, for tests and readers: "checkbox", "band", "key", "frame" or "box"."""

    def shifted(self, dx: float, dy: float) -> BoxItem:
        return replace(self, rect=self.rect.shifted(dx, dy))


@dataclass(frozen=True)
class RuleItem:
    """A straight line."""

    x0: float
    y0: float
    x1: float
    y1: float
    line_width: float = LINE

    @property
    def rect(self) -> Rect:
        return Rect(min(self.x0, self.x1), min(self.y0, self.y1), abs(self.x1 - self.x0),
                    abs(self.y1 - self.y0))

    def shifted(self, dx: float, dy: float) -> RuleItem:
        return replace(self, x0=self.x0 + dx, y0=self.y0 + dy, x1=self.x1 + dx, y1=self.y1 + dy)


Item = TextItem | BoxItem | RuleItem


def item_rect(item: Item) -> Rect:
    return item.rect


@dataclass(frozen=True)
class Card:
    """One card's front: a room (or part of one) or a statblock (or part of one)."""

    kind: CardKind
    key: str | None
    """The room's key; None for a statblock."""
    name: str
    part: int
    """0 for the first card of a room or statblock, 1, 2... for its continuation cards."""
    parts: int
    font_size: float
    page: int
    """0-based index of the PDF page it is printed on."""
    rect: Rect
    items: tuple[Item, ...]

    @property
    def label(self) -> str:
        """What the card is called on its face and back: "1", "1 (cont.)", "Griffon"."""
        base = self.key if self.key is not None else self.name
        return f"{base} (cont.)" if self.part else base


@dataclass(frozen=True)
class CardBack:
    """The back of the card ``CardSheet.cards[front]``."""

    front: int
    page: int
    rect: Rect
    items: tuple[Item, ...]


@dataclass(frozen=True)
class CropMark:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class SheetPage:
    """A PDF page: fronts or backs, and the indexes (into cards or backs) of what is on it."""

    index: int
    side: Literal["front", "back"]
    cards: tuple[int, ...]


@dataclass(frozen=True)
class CardSheet:
    paper: Paper
    size: CardSize
    site_name: str
    grid: Rect
    """The rectangle all card places of a page fill."""
    slots: tuple[Rect, ...]
    """The card places of a front page, left to right, top to bottom."""
    cards: tuple[Card, ...]
    backs: tuple[CardBack, ...]
    pages: tuple[SheetPage, ...]
    crop_marks: tuple[CropMark, ...]
    """The same on every page, fronts and backs."""
    footer_band_free: bool
    """Whether the band a packet stamps its footer in (0.2 in to 0.5 in above the bottom) is empty."""


# --- what goes on a card --------------------------------------------------------------------------------


def _body(size: float, **kwargs: Any) -> TextStyle:
    return TextStyle(FONTS.body.reportlab_font(), size, round(size * 1.2, 2), **kwargs)


def _label(size: float, *, bold: bool = True, **kwargs: Any) -> TextStyle:
    return TextStyle(FONTS.label.reportlab_font(bold=bold), size, round(size * 1.2, 2), **kwargs)


@dataclass(frozen=True)
class _Para:
    """A paragraph of the card's body. kind: text, detail (with a checkbox) or action (hanging)."""

    markup: str
    kind: Literal["text", "detail", "action"] = "text"
    section: str | None = None
    continued: bool = False


@dataclass(frozen=True)
class _Band:
    """A set-apart section's heading: a shaded band with a bold label."""

    label: str
    continued: bool = False


@dataclass(frozen=True)
class _Row:
    """A row of a statblock's stats, one cell per column."""

    cells: tuple[str, ...]
    first: bool = False


_Block = _Para | _Band | _Row


def _para_style(block: _Para, size: float) -> TextStyle:
    if block.kind == "detail":
        return _body(size, left_indent=_checkbox_side(size) + 4.0)
    if block.kind == "action" and not block.continued:
        return _body(size, left_indent=size, first_indent=-size)
    if block.kind == "action":
        return _body(size, left_indent=size)
    return _body(size)


def _checkbox_side(size: float) -> float:
    return round(size * 0.8, 2)


def _space_before(block: _Block, size: float) -> float:
    if isinstance(block, _Band):
        return size * 0.6
    if isinstance(block, _Row):
        return size * 0.35 if block.first else 0.0
    if block.continued:
        return 0.0
    return size * (0.25 if block.kind in ("detail", "action") else 0.35)


def _band_height(size: float) -> float:
    return round(size * 1.2 + 3.0, 2)


def _exits_markup(room: Room, site: Site) -> str:
    names = {r.key: r.name for r in site.rooms}
    exits = []
    for key in room.exits:
        name = names.get(key)
        # a no-break space keeps each key on the line of its room's name
        exits.append(f"<b>{inline_reportlab(key)}</b>" + (f"&nbsp;{inline_reportlab(name)}" if name else ""))
    return "<b>Exits:</b> " + ", ".join(exits)


_ROOM_SECTIONS = (("trap", "Trap"), ("treasure", "Treasure"), ("encounter", "Encounter"), ("notes", "Notes"))


def _room_blocks(room: Room, site: Site) -> list[_Block]:
    blocks: list[_Block] = []
    if room.exits:
        blocks.append(_Para(_exits_markup(room, site)))
    blocks.extend(_Para(inline_reportlab(text)) for text in paragraphs(room.description))
    for detail in room.details:
        blocks.extend(_Para(inline_reportlab(text), kind="detail") for text in paragraphs(detail)[:1])
        blocks.extend(_Para(inline_reportlab(text), kind="detail", continued=True)
                      for text in paragraphs(detail)[1:])
    for field, label in _ROOM_SECTIONS:
        value: str | None = getattr(room, field)
        if value:
            blocks.append(_Band(label))
            blocks.extend(_Para(inline_reportlab(text), section=label) for text in paragraphs(value))
    return blocks


def stat_lines(block: Statblock, after: Sequence[str] = ("Speed", "HD")) -> list[tuple[str, str]]:
    """The statblock's stats in print order: the file's order, with Zone, Morale and # Appearing after
    the first of the stats *after* names that it has (the encounter rules' ``stats_after``; by default
    Speed, else HD, as in the encounter-reaction example), at the top when it has none of them."""
    stats = list(block.stats.items())
    have = {label.casefold() for label, _ in stats}
    extra = [
        (label, value)
        for label, value in (
            ("Zone", block.zone),
            ("Morale", None if block.morale is None else str(block.morale)),
            ("# Appearing", block.appearing),
        )
        if value is not None and label.casefold() not in have
    ]
    labels = [label.casefold() for label, _ in stats]
    at = 0
    for anchor in (label.casefold() for label in after):
        if anchor in labels:
            at = labels.index(anchor) + 1
            break
    return stats[:at] + extra + stats[at:]


def _action_markup(name: str, kind: str | None, text: str) -> str:
    markup = f"<b>{inline_reportlab(name)}</b>"
    if kind:
        markup += f" [{inline_reportlab(kind)}]"
    if text:
        markup += f": {inline_reportlab(' '.join(text.split()))}"
    return markup


def _stat_blocks(block: Statblock, size: float, inner_width: float, after: Sequence[str]) -> list[_Block]:
    blocks: list[_Block] = []
    blocks.extend(_Para(f"<i>{inline_reportlab(text)}</i>") for text in paragraphs(block.description))
    cells = [f"<b>{inline_reportlab(label)}:</b> {inline_reportlab(value)}"
             for label, value in stat_lines(block, after)]
    half = (inner_width - _COLUMN_GAP) / 2
    two_columns = all(natural_width(cell, _body(size)) <= half for cell in cells)
    step = 2 if two_columns else 1
    blocks.extend(_Row(tuple(cells[i:i + step]), first=i == 0) for i in range(0, len(cells), step))
    if block.actions:
        blocks.append(_Band("Actions"))
        blocks.extend(
            _Para(_action_markup(action.name, action.kind, action.text), kind="action", section="Actions")
            for action in block.actions
        )
    if block.notes:
        blocks.append(_Band("Notes"))
        blocks.extend(_Para(inline_reportlab(text), section="Notes") for text in paragraphs(block.notes))
    return blocks


_COLUMN_GAP = 6.0
_BAND_AFTER = 1.5
_MIN_LINES = 2
_MEASURE_WHOLE = 1_500
"""Characters of markup up to which a paragraph is measured whole before it is split."""


# --- headers --------------------------------------------------------------------------------------------

_KEY_SIZES = (18.0, 16.0, 14.0, 12.0)
_WIDE_KEY_SIZE = 11.0
"""A key too long to stand beside the name spans the card, at this size."""
_KEY_PAD = 3.0
_CONT = "(cont.)"


def _room_header(room: Room, part: int, card: CardSize, keep: int = 2) -> tuple[list[Item], float]:
    """The room card's heading (key in a black box, name, size) in card coordinates, and its height.

    *keep*: 2 for all of it; 1 leaves out the size, 0 the name as well (the body then begins with them:
    see :func:`_heading_in_body`).
    """
    if keep < 2:
        room = room.model_copy(update={"size": None} if keep == 1 else {"size": None, "name": ""})
    inner = card.width - 2 * PADDING
    top = card.height - PADDING
    items: list[Item] = []

    def key_markup(size: float) -> str:
        cont = f'<font size="{max(7.0, size * 0.5):.1f}"> {_CONT}</font>' if part else ""
        return inline_reportlab(room.key) + cont

    beside = False
    key_size = _KEY_SIZES[-1]
    for key_size in _KEY_SIZES:
        wide = natural_width(key_markup(key_size), _label(key_size, grey=1.0))
        if wide + 2 * _KEY_PAD <= inner * 0.45:
            beside = True
            break
    if not beside:
        key_size = _WIDE_KEY_SIZE
    key_style = _label(key_size, grey=1.0, align="center")
    markup = key_markup(key_size)
    # a short key gets a box just wide enough; a long one spans the card and wraps
    wide = inner - 2 * _KEY_PAD
    text_width = max(natural_width(markup, key_style) + 0.5, key_size * 0.9) if beside else wide
    key_height = text_height(markup, key_style, text_width)
    box = Rect(PADDING, top - key_height - 2 * _KEY_PAD + 2.0, text_width + 2 * _KEY_PAD,
               key_height + 2 * _KEY_PAD - 2.0)
    items.append(BoxItem(box, line_width=0.0, fill=0.0, radius=2.0, role="key"))
    # Capitals and figures sit high in their line: the box trims the empty descender room below them.
    items.append(TextItem(markup, key_style, PADDING + _KEY_PAD, top - _KEY_PAD + 1.0, text_width,
                          key_height))

    name_style = _label(10.5)
    size_style = _body(8.5)
    name_x = box.right + 6.0 if beside else PADDING
    name_width = PADDING + inner - name_x
    name_markup = inline_reportlab(room.name)
    name_height = text_height(name_markup, name_style, name_width) if name_markup else 0.0
    size_markup = f"<i>{inline_reportlab(room.size)}</i>" if room.size else ""
    size_height = text_height(size_markup, size_style, name_width) if size_markup else 0.0
    group = name_height + size_height
    if beside:
        name_top = top - max(0.0, (box.height - group) / 2)
        height = max(box.height, group)
    else:
        name_top = box.y - 3.0
        height = box.height + 3.0 + group
    if name_markup:
        items.append(TextItem(name_markup, name_style, name_x, name_top, name_width, name_height))
    if size_markup:
        items.append(TextItem(size_markup, size_style, name_x, name_top - name_height, name_width,
                              size_height))
    rule_y = top - height - 3.0
    items.append(RuleItem(PADDING, rule_y, PADDING + inner, rule_y))
    return items, height + 3.0 + 4.0


def _heading_kept(room: Room, card: CardSize) -> int:
    """How much of the heading stays at the top of the room's cards: all of it (2) when it leaves room
    for three lines of text at the largest size, else without the size (1), else the key alone (0),
    which always does (a key is at most limits.MAX_NAME characters)."""
    room_for_text = card.height - 2 * PADDING - BODY_SIZES[0] * 3
    for keep in (2, 1):
        if all(_room_header(room, part, card, keep)[1] <= room_for_text for part in (0, 1)):
            return keep
    return 0


def _heading_in_body(room: Room, keep: int) -> list[_Block]:
    """The parts of the heading that did not fit at the top, as the first paragraphs of the body."""
    blocks: list[_Block] = []
    if keep < 1:
        blocks.append(_Para(f"<b>{inline_reportlab(room.name)}</b>"))
    if keep < 2 and room.size:
        blocks.append(_Para(f"<i>{inline_reportlab(room.size)}</i>"))
    return blocks


def _stat_header(block: Statblock, part: int, card: CardSize) -> tuple[list[Item], float]:
    inner = card.width - 2 * PADDING
    top = card.height - PADDING
    style = _label(12.0)
    markup = inline_reportlab(block.name) + (f'<font size="7"> {_CONT}</font>' if part else "")
    height = text_height(markup, style, inner)
    rule_y = top - height - 2.0
    items: list[Item] = [TextItem(markup, style, PADDING, top, inner, height),
                         RuleItem(PADDING, rule_y, PADDING + inner, rule_y)]
    return items, height + 2.0 + 4.0


# --- flowing a card's body over one or more cards -------------------------------------------------------

Header = Callable[[int], tuple[list[Item], float]]


def _flow(blocks: Sequence[_Block], size: float, card: CardSize, header: Header, what: str,
          most: int | None = None) -> list[list[Item]]:
    """Place *blocks* on as many cards as they need at type *size*; each card's items in card coordinates.

    Raises _TooManyCards as soon as they need more than *most* cards.
    """
    inner = card.width - 2 * PADDING
    bottom = PADDING
    done: list[list[Item]] = []
    queue = list(blocks)
    items: list[Item] = []
    y = 0.0
    fresh = True

    def start_card() -> None:
        nonlocal items, y, fresh
        if items:
            done.append(items)
            if most is not None and len(done) >= most:
                raise _TooManyCards
        head, height = header(len(done))
        items = list(head)
        y = card.height - PADDING - height
        if y - bottom < size * 3:
            raise RenderError(f"{what}: the heading leaves no room for text on a {card.name} card")
        fresh = True
        if queue and isinstance(queue[0], _Para) and queue[0].section:
            queue.insert(0, _Band(queue[0].section, continued=True))

    start_card()
    while queue:
        block = queue.pop(0)
        space = 0.0 if fresh else _space_before(block, size)
        if isinstance(block, _Band):
            band = _band_height(size)
            follower = queue[0] if queue else None
            need = band + _BAND_AFTER
            if isinstance(follower, _Para | _Row):
                # keep the heading with the first two lines of what it heads
                need += _space_before(follower, size) + size * 1.2 * _MIN_LINES + 0.5
            if y - space - need < bottom and not fresh:
                queue.insert(0, block)
                start_card()
                continue
            top = y - space
            items.append(BoxItem(Rect(PADDING, top - band, inner, band), line_width=0.0, fill=0.85,
                                 role="band"))
            items.append(RuleItem(PADDING, top, PADDING + inner, top))
            label = block.label.upper() + (f" {_CONT.upper()}" if block.continued else "")
            style = _label(size)
            items.append(TextItem(inline_reportlab(label), style, PADDING + 2.0, top - 1.5, inner - 4.0,
                                  style.leading))
            y = top - band - _BAND_AFTER
            fresh = False
            continue
        if isinstance(block, _Row):
            width = (inner - _COLUMN_GAP * (len(block.cells) - 1)) / len(block.cells)
            style = _body(size)
            heights = [text_height(cell, style, width) for cell in block.cells]
            if y - space - max(heights) < bottom:
                if fresh:
                    # too tall even for a card of its own: each stat as a paragraph, which can be split
                    queue[:0] = [_Para(cell) for cell in block.cells]
                    continue
                queue.insert(0, block)
                start_card()
                continue
            for i, (cell, height) in enumerate(zip(block.cells, heights, strict=True)):
                x = PADDING + i * (width + _COLUMN_GAP)
                items.append(TextItem(cell, style, x, y - space, width, height))
            y -= space + max(heights)
            fresh = False
            continue
        style = _para_style(block, size)
        top = y - space
        # a long paragraph is not measured whole: only the part that fits this card is (see split_to_fit)
        whole: float | None = None
        parts: tuple[str, str] | None = None
        if len(block.markup) <= _MEASURE_WHOLE:
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
        if parts is not None and not fresh and _lines(parts[0], style, inner) < _MIN_LINES:
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


def _place_para(items: list[Item], block: _Para, style: TextStyle, top: float, width: float, height: float,
                size: float) -> None:
    items.append(TextItem(block.markup, style, PADDING, top, width, height))
    if block.kind == "detail" and not block.continued:
        side = _checkbox_side(size)
        baseline = top - size * 0.93
        items.append(BoxItem(Rect(PADDING + 0.5, baseline - 0.3, side, side), role="checkbox"))


class _TooManyCards(Exception):
    """A flow needs more cards than the caller allowed."""


def _fit(build: Callable[[float], list[_Block]], card: CardSize, header: Header, what: str
         ) -> tuple[float, list[list[Item]]]:
    """The largest type size at which the body fits one card.

    A body that does not fit one card even at the smallest size takes as many cards as it needs at
    that size, and is then set at the largest size that still needs no more cards than that. The sizes
    between are flowed only until they need more cards than that, so a long body costs a few times its
    text, not five.
    """
    largest, smallest = BODY_SIZES[0], BODY_SIZES[-1]
    faces = _flow(build(largest), largest, card, header, what)
    if len(faces) == 1:
        return largest, faces
    fewest = _flow(build(smallest), smallest, card, header, what)
    if len(faces) <= len(fewest):
        return largest, faces
    for size in BODY_SIZES[1:-1]:
        try:
            return size, _flow(build(size), size, card, header, what, most=len(fewest))
        except _TooManyCards:
            continue
    return smallest, fewest


#: Cards already set in this process, by everything their setting depends on, so that a process that
#: sets a site's cards again (`sheetgen watch`) measures only the rooms and statblocks that changed.
_FITTED: dict[str, tuple[float, list[list[Item]]]] = {}
_FITTED_MAX = 2000


def _fit_once(key: str, build: Callable[[float], list[_Block]], card: CardSize, header: Header, what: str
              ) -> tuple[float, list[list[Item]]]:
    """:func:`_fit`, or what it gave for the same *key* before in this process."""
    if key not in _FITTED:
        if len(_FITTED) >= _FITTED_MAX:
            _FITTED.clear()
        _FITTED[key] = _fit(build, card, header, what)
    body, parts = _FITTED[key]
    return body, [list(items) for items in parts]


# --- backs ----------------------------------------------------------------------------------------------


def _back_items(card: Card, site_name: str, size: CardSize) -> list[Item]:
    """A card's back in card coordinates: the site's name, and the key and name (or the statblock's name)."""
    inset = 6.0
    frame = Rect(inset, inset, size.width - 2 * inset, size.height - 2 * inset)
    inner = size.width - 2 * PADDING - 6.0
    x = PADDING + 3.0
    items: list[Item] = [BoxItem(frame, radius=6.0, role="frame")]
    site_style = _label(8.0, bold=False, align="center")
    site_markup = inline_reportlab(site_name)
    site_height = text_height(site_markup, site_style, inner)
    items.append(TextItem(site_markup, site_style, x, frame.top - 6.0, inner, site_height))
    room = card.kind == "room"
    cont = f'<font size="{{small}}"> {_CONT}</font>' if card.part else ""
    room_key = card.key or ""
    top_room = frame.top - 6.0 - site_height - 6.0
    for scale in (1.0, 0.85, 0.7, 0.6, 0.5, 0.4):
        if room:
            first = (_label(28.0 * scale, align="center"),
                     inline_reportlab(room_key) + cont.format(small=14 * scale))
            second = (_body(12.0 * scale, align="center"), f"<b>{inline_reportlab(card.name)}</b>")
        else:
            first = (_label(8.0, bold=False, align="center"), "STATBLOCK")
            second = (_label(16.0 * scale, align="center"),
                      inline_reportlab(card.name) + cont.format(small=8 * scale))
        heights = [text_height(markup, style, inner) for style, markup in (first, second)]
        total = sum(heights) + 4.0
        unbroken = all(min_width(markup, style) <= inner for style, markup in (first, second))
        if (total <= top_room - frame.y - 6.0 and unbroken) or scale == 0.4:
            break
    top = frame.y + 6.0 + ((top_room - frame.y - 6.0) + total) / 2
    top = min(top, top_room)
    for (style, markup), height in zip((first, second), heights, strict=True):
        items.append(TextItem(markup, style, x, top, inner, height))
        top -= height + 4.0
    return items


# --- pages ----------------------------------------------------------------------------------------------


def slot_rects(paper: Paper, size: CardSize) -> tuple[Rect, ...]:
    """The card places of a page, left to right, top to bottom, as a grid centred on the page."""
    grid_width, grid_height = size.columns * size.width, size.rows * size.height
    if grid_width > paper.width or grid_height > paper.height:
        raise RenderError(f"{size.columns} x {size.rows} {size.name} cards do not fit on {paper.name} paper")
    x0 = (paper.width - grid_width) / 2
    y0 = (paper.height - grid_height) / 2
    return tuple(
        Rect(x0 + column * size.width, y0 + (size.rows - 1 - row) * size.height, size.width, size.height)
        for row in range(size.rows)
        for column in range(size.columns)
    )


def _clip_vertical(x: float, a: float, b: float, avoid: tuple[float, float] | None) -> CropMark | None:
    low, high = min(a, b), max(a, b)
    if avoid is not None and low < avoid[1] and high > avoid[0]:
        pieces = [(low, min(high, avoid[0])), (max(low, avoid[1]), high)]
        low, high = max(pieces, key=lambda piece: piece[1] - piece[0])
    if high - low < MARK_MIN_LENGTH:
        return None
    return CropMark(x, low, x, high)


def crop_marks(paper: Paper, grid: Rect, size: CardSize, *, avoid_footer: bool) -> tuple[CropMark, ...]:
    """Marks outside *grid* in line with every cut, kept inside the paper (and out of the footer band)."""
    avoid = FOOTER_BAND if avoid_footer else None
    marks: list[CropMark] = []
    for column in range(size.columns + 1):
        x = grid.x + column * size.width
        above = _clip_vertical(x, grid.top + MARK_GAP,
                               min(grid.top + MARK_GAP + MARK_LENGTH, paper.height - MARK_EDGE), avoid)
        below = _clip_vertical(x, grid.y - MARK_GAP, max(grid.y - MARK_GAP - MARK_LENGTH, MARK_EDGE), avoid)
        marks.extend(mark for mark in (above, below) if mark is not None)
    for row in range(size.rows + 1):
        y = grid.y + row * size.height
        if avoid is not None and avoid[0] < y < avoid[1]:
            continue
        left_end = max(grid.x - MARK_GAP - MARK_LENGTH, MARK_EDGE)
        right_end = min(grid.right + MARK_GAP + MARK_LENGTH, paper.width - MARK_EDGE)
        if grid.x - MARK_GAP - left_end >= MARK_MIN_LENGTH:
            marks.append(CropMark(left_end, y, grid.x - MARK_GAP, y))
        if right_end - grid.right - MARK_GAP >= MARK_MIN_LENGTH:
            marks.append(CropMark(grid.right + MARK_GAP, y, right_end, y))
    return tuple(marks)


@dataclass(frozen=True)
class _Face:
    kind: CardKind
    key: str | None
    name: str
    part: int
    parts: int
    size: float
    items: tuple[Item, ...]


def _check_fonts(loaded: LoadedSite) -> None:
    site = loaded.site
    file = display_name(loaded.path)

    def check(text: str | None, field: str) -> None:
        if text:
            check_text_covered(text, Location(file, field=field))

    check(site.site, "site")
    for i, room in enumerate(site.rooms):
        for field in ("key", "name", "size", "description", "trap", "treasure", "encounter", "notes"):
            check(getattr(room, field), f"rooms[{i}].{field}")
        for j, detail in enumerate(room.details):
            check(detail, f"rooms[{i}].details[{j}]")
    for i, block in enumerate(site.statblocks):
        for field in ("name", "description", "zone", "appearing", "notes"):
            check(getattr(block, field), f"statblocks[{i}].{field}")
        for label, value in block.stats.items():
            check(label + value, f"statblocks[{i}].stats.{label}")
        for j, action in enumerate(block.actions):
            check(action.name + (action.kind or "") + action.text, f"statblocks[{i}].actions[{j}]")


def card_faces(loaded: LoadedSite, size: CardSize) -> list[_Face]:
    site = loaded.site
    inner = size.width - 2 * PADDING
    after = encounter_rules(loaded.pack, loaded.encounter_pack)[1].stats_after
    faces: list[_Face] = []
    for i, room in enumerate(site.rooms):
        keep = _heading_kept(room, size)

        def room_header(part: int, room: Room = room, keep: int = keep) -> tuple[list[Item], float]:
            return _room_header(room, part, size, keep)

        def room_build(body: float, room: Room = room, keep: int = keep) -> list[_Block]:
            return _heading_in_body(room, keep) + _room_blocks(room, site)

        key = f"room\0{size.name}\0{room!r}\0{_room_blocks(room, site)!r}"
        body, parts = _fit_once(key, room_build, size, room_header, f"rooms[{i}] (key {plain(room.key)!r})")
        faces.extend(_Face("room", room.key, room.name, n, len(parts), body, tuple(items))
                     for n, items in enumerate(parts))
    for i, block in enumerate(site.statblocks):
        def stat_header(part: int, block: Statblock = block) -> tuple[list[Item], float]:
            return _stat_header(block, part, size)

        def stat_build(body: float, block: Statblock = block) -> list[_Block]:
            return _stat_blocks(block, body, inner, after)

        key = f"stat\0{size.name}\0{block!r}\0{after!r}"
        body, parts = _fit_once(key, stat_build, size, stat_header, f"statblocks[{i}] ({block.id})")
        faces.extend(_Face("stat", None, block.name, n, len(parts), body, tuple(items))
                     for n, items in enumerate(parts))
    return faces


def _shift(items: Sequence[Item], dx: float, dy: float) -> tuple[Item, ...]:
    return tuple(item.shifted(dx, dy) for item in items)


def card_layout(loaded: LoadedSite, paper: Paper, *, size: CardSizeName = "poker", backs: bool = False
                ) -> CardSheet:
    """Every card of *loaded*'s site, rooms first and then statblocks in file order, placed on pages.

    Raises FontError for text no shipped font can draw, RenderError for a card that cannot be set.
    """
    if size not in CARD_SIZES:
        raise RenderError(f"unknown card size {size!r} (choose one of: {', '.join(CARD_SIZES)})")
    card_size = CARD_SIZES[size]
    _check_fonts(loaded)
    slots = slot_rects(paper, card_size)
    grid = Rect(slots[0].x, slots[-1].y, card_size.columns * card_size.width,
                card_size.rows * card_size.height)
    footer_free = grid.y >= FOOTER_BAND[1] - 0.01
    faces = card_faces(loaded, card_size)
    step = 2 if backs else 1
    cards: list[Card] = []
    card_backs: list[CardBack] = []
    pages: list[SheetPage] = []
    for number, start in enumerate(range(0, len(faces), card_size.per_page)):
        page = number * step
        on_page = faces[start:start + card_size.per_page]
        first = len(cards)
        for face, slot in zip(on_page, slots, strict=False):
            cards.append(Card(face.kind, face.key, face.name, face.part, face.parts, face.size, page, slot,
                              _shift(face.items, slot.x, slot.y)))
        pages.append(SheetPage(page, "front", tuple(range(first, len(cards)))))
        if backs:
            first_back = len(card_backs)
            columns = card_size.columns
            for index in range(first, len(cards)):
                front = cards[index]
                # the grid is centred, so the mirrored column's place is the front's place mirrored
                place = index - first
                mirrored = slots[place - place % columns + columns - 1 - place % columns]
                items = _back_items(front, loaded.site.site, card_size)
                card_backs.append(CardBack(index, page + 1, mirrored, _shift(items, mirrored.x, mirrored.y)))
            pages.append(SheetPage(page + 1, "back", tuple(range(first_back, len(card_backs)))))
    return CardSheet(
        paper=paper,
        size=card_size,
        site_name=loaded.site.site,
        grid=grid,
        slots=slots,
        cards=tuple(cards),
        backs=tuple(card_backs),
        pages=tuple(pages),
        crop_marks=crop_marks(paper, grid, card_size, avoid_footer=footer_free),
        footer_band_free=footer_free,
    )
