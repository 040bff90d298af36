"""Room-key and statblock cards: a loaded site in, a :class:`CardSheet` out.

The sheet holds every card (its text, boxes and rules in page coordinates, points from the bottom-left
corner), the page and the place it is printed at, the crop marks and, on request, the back of every card.
Cards are marks (sheetgen.layout.marks): text is measured and broken into lines by sheetgen.layout.text,
the one line breaker of every ReportLab page, and drawn as the text marks it gives, so what is laid out
is what is drawn. The jobs are split: the grid
and crop marks (card_grid.py), what goes on a card (card_content.py), setting a body on one or more cards
(card_flow.py), backs (card_backs.py); this module places the cards on pages.

How the cards sit on the paper (the grid, its crop marks and how a sheet is cut: card_grid.py):

- A deck has one body size, for its room and stat cards alike: of BODY_SIZES, the one that sets the
  most rooms on one card, then the one that takes the fewest sheets, then the largest.
- A body too long for one card continues on cards keyed "1 (cont.)", or takes a wide card (two places
  side by side, the text in two columns) where the grid has two columns and it fits one.
- Room cards fill sheets of their own in key order, then stat cards theirs in file order, each body's
  cards side by side on one sheet, in the pagination with the fewest sheets (sheetgen.layout.card_pages).
- Backs: each front page is followed by its back page. Printed double-sided and flipped on the long
  edge, a page's back is its front mirrored left to right, so each back card stands at the mirrored
  place of its front, and the back page's crop marks are its front's, mirrored.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from sheetgen.errors import Location, RenderError, display_name
from sheetgen.fonts import check_text_covered
from sheetgen.layout.card_backs import back_marks
from sheetgen.layout.card_content import (
    BODY_SIZES,
    Block,
    exits_text,
    heading_in_body,
    heading_kept,
    room_blocks,
    room_header,
    stat_blocks,
    stat_header,
)
from sheetgen.layout.card_flow import Header, set_body
from sheetgen.layout.card_grid import CARD_SIZES, LINE, PADDING, CardGrid, CardSize, card_grid
from sheetgen.layout.card_pages import Shape, paginate
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark, Mark, marks_from_data, marks_to_data
from sheetgen.layout.text import Spans
from sheetgen.markup import plain
from sheetgen.model.common import Statblock
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import encounter_rules
from sheetgen.model.site import Room
from sheetgen.options import Paper
from sheetgen.sheets.statblock import stat_lines
from sheetgen.words.language import _, active

__all__ = [
    "CARD_SIZES",
    "LINE",
    "PADDING",
    "Card",
    "CardBack",
    "CardSheet",
    "CardSize",
    "SheetPage",
    "card_faces",
    "card_layout",
    "stat_lines",
]

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
    """Its trim on the page; a wide card spans two places of the grid."""
    items: tuple[Mark, ...]
    wide: bool = False

    @property
    def label(self) -> str:
        """What the card is called on its face and back: "1", "1 (cont.)", "Griffon"."""
        base = self.key if self.key is not None else self.name
        return _("{card} (cont.)").format(card=base) if self.part else base


@dataclass(frozen=True)
class CardBack:
    """The back of the card ``CardSheet.cards[front]``."""

    front: int
    page: int
    rect: Rect
    items: tuple[Mark, ...]


@dataclass(frozen=True)
class SheetPage:
    """A PDF page: fronts or backs, and the indexes (into cards or backs) of what is on it."""

    index: int
    side: Literal["front", "back"]
    cards: tuple[int, ...]
    crop_marks: tuple[LineMark, ...]
    """Crop marks in line with the page's cuts, on all four sides of the grid."""


@dataclass(frozen=True)
class CardSheet:
    layout: CardGrid
    """Where cards go on every page, and the crop marks (the same on fronts and backs)."""
    site_name: str
    cards: tuple[Card, ...]
    backs: tuple[CardBack, ...]
    pages: tuple[SheetPage, ...]

    @property
    def paper(self) -> Paper:
        """The paper the pages are printed on; the layout's coordinates are its frame's
        (``layout.paper``, the paper turned when the cards stand sideways: see ``layout.to_paper``)."""
        return self.layout.printed_on

    @property
    def size(self) -> CardSize:
        return self.layout.size

    @property
    def grid(self) -> Rect:
        """The rectangle the trims of all card places of a page span."""
        return self.layout.grid

    @property
    def slots(self) -> tuple[Rect, ...]:
        """The card places of a front page, left to right, top to bottom."""
        return self.layout.slots

    @property
    def crop_marks(self) -> tuple[LineMark, ...]:
        """Crop marks at every trim of the grid (a page with wide cards leaves some out)."""
        return self.layout.marks


@dataclass(frozen=True)
class _Face:
    kind: CardKind
    key: str | None
    name: str
    part: int
    parts: int
    size: float
    items: tuple[Mark, ...]
    wide: bool = False


@dataclass(frozen=True)
class _Body:
    """A room or a statblock set at one body size: on one or more cards, and on one wide card when it
    needs more than one and the grid has two columns."""

    kind: CardKind
    key: str | None
    name: str
    size: float
    cards: tuple[tuple[Mark, ...], ...]
    wide: tuple[Mark, ...] | None

    @property
    def shapes(self) -> list[Shape]:
        """Its shapes for sheetgen.layout.card_pages: its cards, then its wide card where it has one."""
        return [(1,) * len(self.cards)] + ([(2,)] if self.wide is not None else [])

    def faces(self, shape: int) -> list[_Face]:
        """Its faces in the shape *shape* (an index into :attr:`shapes`)."""
        if shape == 1 and self.wide is not None:
            return [_Face(self.kind, self.key, self.name, 0, 1, self.size, self.wide, True)]
        return [
            _Face(self.kind, self.key, self.name, n, len(self.cards), self.size, items)
            for n, items in enumerate(self.cards)
        ]


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


def wide_size(grid: CardGrid) -> CardSize | None:
    """The size of a card two places of *grid* wide (the gutter between them included), if it has two."""
    if grid.columns < 2:
        return None
    size = grid.size
    return CardSize(f"double-width {size.name}", 2 * size.width + grid.gutter, size.height)


def _deck(
    rooms_at: Callable[[float], list[_Body]], stats_at: Callable[[float], list[_Body]], grid: CardGrid
) -> list[tuple[_Face, tuple[int, int]]]:
    """The deck, each face with its (page, place): its rooms at the one of BODY_SIZES that sets the most
    rooms on one card, then takes the fewest sheets, then is the largest, and its statblocks at the same
    size on sheets of their own. When every body fits one card at the largest size, no smaller size can
    do better, and none is tried."""
    decks: list[tuple[tuple[int, int, float], list[tuple[_Face, tuple[int, int]]]]] = []
    for size in BODY_SIZES:
        rooms, stats = rooms_at(size), stats_at(size)
        laid: list[tuple[_Face, tuple[int, int]]] = []
        first_page = 0
        for bodies in (rooms, stats):
            pagination = paginate([body.shapes for body in bodies], grid.columns, grid.rows)
            for body, shape, spots in zip(bodies, pagination.shapes, pagination.spots, strict=True):
                laid.extend(
                    (face, (first_page + page, place))
                    for face, (page, place) in zip(body.faces(shape), spots, strict=True)
                )
            first_page += pagination.pages
        split = sum(1 for body in rooms if len(body.cards) > 1)
        decks.append(((split, first_page, -size), laid))
        if all(len(body.cards) == 1 for body in rooms + stats):
            break
    return min(decks, key=lambda deck: deck[0])[1]


#: Cards already set in this process, by everything their setting depends on, so that a process that
#: sets a site's cards again (`sheetgen watch`) measures only the rooms and statblocks that changed.
_FITTED: dict[str, Fit] = {}
_FITTED_MAX = 2000


class FitStore(Protocol):
    """Where set cards are kept between runs (sheetgen.packet keeps them in its content-addressed cache), by
    a key that holds everything their setting depends on; so a run after a one-room edit sets only that
    room's cards again."""

    def load(self, key: str) -> bytes | None: ...

    def store(self, key: str, data: bytes) -> None: ...


Fit = tuple[list[list[Mark]], list[Mark] | None]
"""A body set: its cards, and its wide card or None (see :func:`~sheetgen.layout.card_flow.set_body`)."""


def fit_to_bytes(fit: Fit) -> bytes:
    """A room's or statblock's set cards as a store's bytes."""
    wide = marks_to_data(fit[1]) if fit[1] is not None else None
    return json.dumps({"cards": [marks_to_data(card) for card in fit[0]], "wide": wide}, separators=(",", ":")).encode()


def fit_from_bytes(data: bytes) -> Fit:
    """:func:`fit_to_bytes`'s bytes read back; ValueError for anything else."""
    try:
        value = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"not JSON: {exc}") from None
    if (
        not isinstance(value, dict)
        or set(value) != {"wide", "cards"}
        or not isinstance(value["cards"], list)
        or not value["cards"]
        or not (value["wide"] is None or isinstance(value["wide"], list))
    ):
        raise ValueError("not a set of cards")
    wide = marks_from_data(value["wide"]) if value["wide"] is not None else None
    return [marks_from_data(card) for card in value["cards"]], wide


def _fit(
    build: Callable[[float], list[Block]],
    size: float,
    card: CardSize,
    wide: CardSize | None,
    header: Callable[[CardSize], Header],
    what: str,
) -> Fit:
    """:func:`~sheetgen.layout.card_flow.set_body`."""
    return set_body(build, size, card, wide, header, what)


def _fit_once(
    key: str,
    build: Callable[[float], list[Block]],
    size: float,
    card: CardSize,
    wide: CardSize | None,
    header: Callable[[CardSize], Header],
    what: str,
    fits: FitStore | None = None,
) -> Fit:
    """:func:`_fit`, or what it gave for the same *key* before in this process or, through *fits*, in an
    earlier run."""
    key = f"{key}\0{size}\0{card!r}\0{wide!r}\0{active()}"  # a body's words are in the active language
    if key not in _FITTED:
        if len(_FITTED) >= _FITTED_MAX:
            _FITTED.clear()
        kept = fits.load(key) if fits is not None else None
        fit = None
        if kept is not None:
            with contextlib.suppress(ValueError):
                fit = fit_from_bytes(kept)
        if fit is None:
            fit = _fit(build, size, card, wide, header, what)
            if fits is not None:
                fits.store(key, fit_to_bytes(fit))
        _FITTED[key] = fit
    parts, wide_card = _FITTED[key]
    return [list(items) for items in parts], list(wide_card) if wide_card is not None else None


def card_faces(
    loaded: LoadedSite, grid: CardGrid, *, wide_cards: bool = True, fits: FitStore | None = None
) -> list[tuple[_Face, tuple[int, int]]]:
    """Every card's face in card coordinates with its (page, place): rooms, then statblocks, at the
    deck's one body size."""
    site = loaded.site
    size = grid.size
    wide = wide_size(grid) if wide_cards else None
    rules = encounter_rules(loaded.pack, loaded.encounter_pack)[1]
    language = loaded.language  # the site's text's, which it is hyphenated by

    def rooms_at(body: float) -> list[_Body]:
        bodies: list[_Body] = []
        for i, room in enumerate(site.rooms):
            exits = exits_text(room, site, language) if room.exits else ()
            keep = heading_kept(room, size, exits, language)

            def room_head(card: CardSize, room: Room = room, keep: int = keep, exits: Spans = exits) -> Header:
                return lambda part: room_header(room, part, card, keep, exits, language)

            def room_build(body: float, room: Room = room, keep: int = keep) -> list[Block]:
                return heading_in_body(room, keep, language) + room_blocks(room, site, language, exits=keep < 3)

            key = f"room\0{language}\0{room!r}\0{exits!r}\0{room_blocks(room, site, language)!r}"
            parts, wide_card = _fit_once(
                key, room_build, body, size, wide, room_head, f"rooms[{i}] (key {plain(room.key)!r})", fits
            )
            bodies.append(
                _Body(
                    "room",
                    room.key,
                    room.name,
                    body,
                    tuple(tuple(p) for p in parts),
                    tuple(wide_card) if wide_card is not None else None,
                )
            )
        return bodies

    def stats_at(body: float) -> list[_Body]:
        bodies: list[_Body] = []
        for i, block in enumerate(site.statblocks):

            def stat_head(card: CardSize, block: Statblock = block) -> Header:
                return lambda part: stat_header(block, part, card, language)

            def stat_build(body: float, block: Statblock = block) -> list[Block]:
                return stat_blocks(block, body, rules, language)

            key = f"stat\0{language}\0{block!r}\0{rules.stats_after!r}\0{rules.statblock!r}"
            parts, wide_card = _fit_once(
                key, stat_build, body, size, wide, stat_head, f"statblocks[{i}] ({block.id})", fits
            )
            bodies.append(
                _Body(
                    "stat",
                    None,
                    block.name,
                    body,
                    tuple(tuple(p) for p in parts),
                    tuple(wide_card) if wide_card is not None else None,
                )
            )
        return bodies

    return _deck(rooms_at, stats_at, grid)


def _shift(items: Sequence[Mark], dx: float, dy: float) -> tuple[Mark, ...]:
    return tuple(item.moved(dx, dy) for item in items)


def _page_marks(
    grid: CardGrid, faces: Sequence[_Face], spots: Sequence[tuple[int, int]], on_page: Sequence[int]
) -> tuple[LineMark, ...]:
    """The crop marks of a front page: its top row's cuts above the grid, its bottom row's below."""
    wide = [divmod(spots[i][1], grid.columns) for i in on_page if faces[i].wide]
    if grid.rows > 2:
        cuts = grid.cuts_across({grid.columns - 2} if wide else set())
        return grid.page_marks(cuts, cuts)
    top = grid.cuts_across({column for row, column in wide if row == 0})
    bottom = grid.cuts_across({column for row, column in wide if row == grid.rows - 1})
    return grid.page_marks(top, bottom)


def _mirror_x(mark: LineMark, grid: CardGrid) -> LineMark:
    """A vertical crop mark at the place the back of the page has it: mirrored about the page's middle."""
    x = grid.paper.width - mark.x1
    return LineMark(x, mark.y1, x, mark.y2, mark.width)


def card_layout(
    loaded: LoadedSite,
    paper: Paper,
    *,
    size: CardSizeName = "poker",
    backs: bool = False,
    bleed: bool = False,
    wide_cards: bool = True,
    sideways: bool | None = None,
    fits: FitStore | None = None,
) -> CardSheet:
    """Every card of *loaded*'s site, rooms first and then statblocks in file order, placed on pages (the
    stat cards on pages of their own).

    With *bleed*, cards stand apart with a 1/8 in bleed each (see sheetgen.layout.card_grid). Without
    *wide_cards* (a print shop cuts one card size), a long body always continues on another card. The
    cards stand upright or sideways, whichever puts more on a page, or as *sideways* says. *fits* keeps
    each room's and statblock's set cards between runs.
    Raises FontError for text no shipped font can draw, RenderError for a card that cannot be set.
    """
    if size not in CARD_SIZES:
        raise RenderError(f"unknown card size {size!r} (choose one of: {', '.join(CARD_SIZES)})")
    _check_fonts(loaded)
    grid = card_grid(paper, CARD_SIZES[size], bleed=bleed, sideways=sideways)
    laid = card_faces(loaded, grid, wide_cards=wide_cards, fits=fits)
    faces = [face for face, _ in laid]
    spots = [spot for _, spot in laid]
    pages_used = max((page for page, _ in spots), default=-1) + 1
    step = 2 if backs else 1
    # cards in deck order (rooms, then statblocks, each followed by its continuations); pages list theirs
    cards: list[Card] = []
    for face, (number, place) in zip(faces, spots, strict=True):
        rect = grid.span(place, 2 if face.wide else 1)
        cards.append(
            Card(
                face.kind,
                face.key,
                face.name,
                face.part,
                face.parts,
                face.size,
                number * step,
                rect,
                _shift(face.items, rect.x, rect.y),
                face.wide,
            )
        )
    card_backs: list[CardBack] = []
    pages: list[SheetPage] = []
    for number in range(pages_used):
        page = number * step
        on_page = sorted((i for i, spot in enumerate(spots) if spot[0] == number), key=lambda i: spots[i][1])
        marks = _page_marks(grid, faces, spots, on_page)
        pages.append(SheetPage(page, "front", tuple(on_page), marks))
        if backs:
            first_back = len(card_backs)
            columns = grid.columns
            for index in on_page:
                front, place = cards[index], spots[index][1]
                span = 2 if front.wide else 1
                # printed double-sided and flipped on the long edge, a back stands at its front's place
                # mirrored left to right
                row, column = divmod(place, columns)
                mirrored = grid.span(row * columns + columns - column - span, span)
                card = CardSize(grid.size.name, mirrored.width, mirrored.height)
                items = back_marks(
                    front.kind, front.key, front.name, front.part, loaded.site.site, card, loaded.language
                )
                card_backs.append(CardBack(index, page + 1, mirrored, _shift(items, mirrored.x, mirrored.y)))
            # the back page is cut where its front is, mirrored
            mirrored_marks = tuple(m if m.x1 != m.x2 else _mirror_x(m, grid) for m in marks)
            pages.append(SheetPage(page + 1, "back", tuple(range(first_back, len(card_backs))), mirrored_marks))
    return CardSheet(grid, loaded.site.site, tuple(cards), tuple(card_backs), tuple(pages))
