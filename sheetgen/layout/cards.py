"""Room-key and statblock cards: a loaded site in, a :class:`CardSheet` out.

The sheet holds every card (its text, boxes and rules in page coordinates, points from the bottom-left
corner), the page and the place it is printed at, the crop marks and, on request, the back of every card.
Cards are marks (sheetgen.layout.marks): text is measured with ReportLab's Paragraph (card_text.py), the
very paragraphs the one painter draws, so what is laid out is what is drawn. The jobs are split: the grid
and crop marks (card_grid.py), what goes on a card (card_content.py), setting a body on one or more cards
(card_flow.py), backs (card_backs.py); this module places the cards on pages.

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
from dataclasses import dataclass
from typing import Literal

from sheetgen.errors import Location, RenderError
from sheetgen.fonts import check_text_covered
from sheetgen.layout.card_backs import back_marks
from sheetgen.layout.card_content import (
    Block,
    heading_in_body,
    heading_kept,
    room_blocks,
    room_header,
    stat_blocks,
    stat_header,
    stat_lines,
)
from sheetgen.layout.card_flow import Header, fit_cards
from sheetgen.layout.card_grid import (
    CARD_SIZES,
    FOOTER_BAND,
    LINE,
    PADDING,
    CardSize,
    crop_marks,
    slot_rects,
)
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark, Mark
from sheetgen.load.files import LoadedSite, display_name
from sheetgen.markup import plain
from sheetgen.model.common import Statblock
from sheetgen.model.pack import encounter_rules
from sheetgen.model.site import Room
from sheetgen.options import Paper

__all__ = ["CARD_SIZES", "LINE", "PADDING", "Card", "CardBack", "CardSheet", "CardSize", "SheetPage",
           "card_faces", "card_layout", "crop_marks", "slot_rects", "stat_lines"]

CardSizeName = Literal["poker", "index"]
CardKind = Literal["room", "stat"]


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
    items: tuple[Mark, ...]

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
    items: tuple[Mark, ...]


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
    crop_marks: tuple[LineMark, ...]
    """The same on every page, fronts and backs."""
    footer_band_free: bool
    """Whether the band a packet stamps its footer in (0.2 in to 0.5 in above the bottom) is empty."""



@dataclass(frozen=True)
class _Face:
    kind: CardKind
    key: str | None
    name: str
    part: int
    parts: int
    size: float
    items: tuple[Mark, ...]


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


#: Cards already set in this process, by everything their setting depends on, so that a process that
#: sets a site's cards again (`sheetgen watch`) measures only the rooms and statblocks that changed.
_FITTED: dict[str, tuple[float, list[list[Mark]]]] = {}
_FITTED_MAX = 2000


def _fit(build: Callable[[float], list[Block]], card: CardSize, header: Header, what: str
         ) -> tuple[float, list[list[Mark]]]:
    return fit_cards(build, card, header, what)


def _fit_once(key: str, build: Callable[[float], list[Block]], card: CardSize, header: Header, what: str
              ) -> tuple[float, list[list[Mark]]]:
    """:func:`_fit`, or what it gave for the same *key* before in this process."""
    if key not in _FITTED:
        if len(_FITTED) >= _FITTED_MAX:
            _FITTED.clear()
        _FITTED[key] = _fit(build, card, header, what)
    body, parts = _FITTED[key]
    return body, [list(items) for items in parts]


def card_faces(loaded: LoadedSite, size: CardSize) -> list[_Face]:
    site = loaded.site
    inner = size.width - 2 * PADDING
    after = encounter_rules(loaded.pack, loaded.encounter_pack)[1].stats_after
    faces: list[_Face] = []
    for i, room in enumerate(site.rooms):
        keep = heading_kept(room, size)

        def room_head(part: int, room: Room = room, keep: int = keep) -> tuple[list[Mark], float]:
            return room_header(room, part, size, keep)

        def room_build(body: float, room: Room = room, keep: int = keep) -> list[Block]:
            return heading_in_body(room, keep) + room_blocks(room, site)

        key = f"room\0{size.name}\0{room!r}\0{room_blocks(room, site)!r}"
        body, parts = _fit_once(key, room_build, size, room_head, f"rooms[{i}] (key {plain(room.key)!r})")
        faces.extend(_Face("room", room.key, room.name, n, len(parts), body, tuple(items))
                     for n, items in enumerate(parts))
    for i, block in enumerate(site.statblocks):
        def stat_head(part: int, block: Statblock = block) -> tuple[list[Mark], float]:
            return stat_header(block, part, size)

        def stat_build(body: float, block: Statblock = block) -> list[Block]:
            return stat_blocks(block, body, inner, after)

        key = f"stat\0{size.name}\0{block!r}\0{after!r}"
        body, parts = _fit_once(key, stat_build, size, stat_head, f"statblocks[{i}] ({block.id})")
        faces.extend(_Face("stat", None, block.name, n, len(parts), body, tuple(items))
                     for n, items in enumerate(parts))
    return faces


def _shift(items: Sequence[Mark], dx: float, dy: float) -> tuple[Mark, ...]:
    return tuple(item.moved(dx, dy) for item in items)


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
                items = back_marks(front.kind, front.key, front.name, front.part, loaded.site.site, card_size)
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
