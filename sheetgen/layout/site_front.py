"""The dungeon's front pages as marks: a :class:`~sheetgen.sheets.site_front.SiteFront` and a paper in,
a :class:`SiteFrontLayout` (pages of marks, origin at the bottom left) out.

Under the one header, the site's background runs on in two columns, as a reference page's sections do,
the columns ending level when it ends on the page. The room index follows under its heading: a ruled
table of every room (its key, name and size, exits, where it stands in the map, and a mark for each
thing it holds: trap, treasure, notes, the encounter or the statblocks met there), with a box to tick
when the party has been there. It runs across the page, over as many pages as it takes; an index too
long for the room left on its first page goes in two columns where their narrower rows save paper. Its
head starts each column. A journey's route comes last, a ruled table across the page of its legs in order
(key, name, terrain, time and notes), with a box to tick when the party has crossed each.
Sizes from sheetgen.design.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.design import INK, SPACE, TICK, TYPE
from sheetgen.layout.header import header_marks
from sheetgen.layout.marks import (
    Flowed,
    FontRole,
    Mark,
    RectMark,
    Sketch,
    flow,
    flow_lines,
    slug,
    text_width,
)
from sheetgen.options import Paper
from sheetgen.sheets.site_front import IndexRow, Marker, RouteRow, SiteFront
from sheetgen.words.language import N_, _
from sheetgen.words.numbers import and_list

MARK = "●"
"""What an index cell shows for a room that holds the column's thing."""
HEADINGS: dict[Marker, str] = {
    "trap": N_("Trap"),
    "treasure": N_("Treasure"),
    "notes": N_("Notes"),
    "encounter": N_("Encounter"),
}
"""Each marker's column heading, in English: translated where it is printed."""
PLACES = {"dead end": N_("dead end"), "loop": N_("loop")}
PLACES_NOTE = N_(
    "_dead end_: its one exit is the way back. _loop_: on a circuit of rooms, so there is another way round."
)
PAD = 3.0
"""Inside a cell, left and right, and above and below its text."""
PARAGRAPH_GAP = 0.45
"""Between two paragraphs of the background, in lines."""
NARROW_SAVES = 0.8
"""An index that runs over pages is set in two columns when they take at most this share of the
height that rows across the page take; else its rows stay across the page, easier to read."""


@dataclass(frozen=True)
class SiteFrontLayout:
    paper: Paper
    pages: tuple[tuple[Mark, ...], ...]
    entries: tuple[tuple[str, int], ...]
    """Outline entries: "Background", "Room index" and "Route", each with the index of the page it starts on."""

    @property
    def title(self) -> str:
        return _titles([title for title, _ in self.entries])


def _titles(parts: Sequence[str]) -> str:
    """'Background and room index', 'Background, room index and route'."""
    joined = and_list([_(part) for part in dict.fromkeys(parts)])
    return joined[:1].upper() + joined[1:]


@dataclass
class _Page:
    marks: list[Mark]
    top: float
    holds: list[str]


class _Pages:
    """Pages being filled from the top down; each gets its header once the layout knows its title."""

    def __init__(self, paper: Paper, front: SiteFront, size: float) -> None:
        self.paper, self.front, self.size = paper, front, size
        self.left = SPACE.margin
        self.width = paper.width - 2 * SPACE.margin
        self.bottom = SPACE.margin
        self.pages: list[_Page] = []
        _marks, self.header = header_marks(self.width, front.site, front.who, _("Room index"))
        self.new()

    @property
    def page(self) -> _Page:
        return self.pages[-1]

    def new(self) -> _Page:
        self.pages.append(_Page([], self.paper.height - SPACE.margin - self.header, []))
        return self.page

    def space(self) -> float:
        return self.page.top - self.bottom

    def finish(self) -> tuple[tuple[Mark, ...], ...]:
        out = []
        for page in self.pages:
            title = _titles(page.holds)
            head, _height = header_marks(self.width, self.front.site, self.front.who, title)
            out.append(tuple(m.moved(self.left, self.paper.height - SPACE.margin) for m in head) + tuple(page.marks))
        return tuple(out)


def site_front_layout(front: SiteFront, paper: Paper, *, size: float = TYPE.reference_body) -> SiteFrontLayout:
    """The front pages of *front* on *paper*, its text set at *size* points."""
    pages = _Pages(paper, front, size)
    entries: list[tuple[str, int]] = []
    if front.background:
        entries.append((N_("background"), 0))
        _background(pages, front.background, front.language)
    if front.rooms:
        if pages.space() < 6 * size:
            pages.new()
        entries.append((N_("room index"), len(pages.pages) - 1))
        _index(pages, front.rooms)
    if front.route:
        pages.page.top -= SPACE.gutter
        if pages.space() < 6 * size:
            pages.new()
        entries.append((N_("route"), len(pages.pages) - 1))
        _route(pages, front.route)
    return SiteFrontLayout(paper, pages.finish(), tuple(entries))


def _background(pages: _Pages, paragraphs: Sequence[str], language: str | None) -> None:
    """The background's lines in two columns, page after page, the last page's columns balanced; *language*
    is the site's text's."""
    column = (pages.width - SPACE.gutter) / 2
    gap = PARAGRAPH_GAP * pages.size
    lines: list[tuple[Flowed, float]] = []
    for paragraph in paragraphs:
        for n, line in enumerate(flow_lines(paragraph, column, pages.size, language=language)):
            lines.append((line, gap if n == 0 and lines else 0.0))
    while lines:
        pages.page.holds.append("background")
        height = pages.space()
        first = max(_fill(lines, height), 1)
        second = _fill(lines[first:], height)
        if first + second == len(lines):
            first = _balanced(lines, height)
            second = len(lines) - first
        columns = (lines[:first], lines[first : first + second])
        used = max(_set_column(pages, part, pages.left + n * (column + SPACE.gutter)) for n, part in enumerate(columns))
        lines = lines[first + second :]
        if lines:
            pages.new()
        else:
            pages.page.top -= used + SPACE.gutter / 2


def _fill(lines: Sequence[tuple[Flowed, float]], height: float) -> int:
    """How many of *lines* one column *height* tall holds (a paragraph's gap at a column's top dropped)."""
    used = 0.0
    for n, (line, gap) in enumerate(lines):
        used += (gap if n else 0.0) + line.height
        if used > height:
            return n
    return len(lines)


def _balanced(lines: Sequence[tuple[Flowed, float]], height: float) -> int:
    """Where to end the first of two columns that hold all of *lines* so that they end most level."""

    def column_height(part: Sequence[tuple[Flowed, float]]) -> float:
        return sum((gap if n else 0.0) + line.height for n, (line, gap) in enumerate(part))

    best = (float("inf"), len(lines))
    for split in range((len(lines) + 1) // 2, len(lines) + 1):
        tallest = max(column_height(lines[:split]), column_height(lines[split:]))
        if tallest <= height and tallest < best[0]:
            best = (tallest, split)
    return best[1]


def _set_column(pages: _Pages, lines: Sequence[tuple[Flowed, float]], x: float) -> float:
    """Set *lines* from the page's top at *x*; the height they took."""
    y = 0.0
    for n, (line, gap) in enumerate(lines):
        y -= gap if n else 0.0
        pages.page.marks.extend(m.moved(x, pages.page.top + y) for m in line.marks)
        y -= line.height
    return -y


@dataclass(frozen=True)
class _Column:
    heading: str
    width: float
    centred: bool = False


def _columns(rows: Sequence[IndexRow], width: float, size: float) -> list[_Column]:
    """The index's columns in *width*: the tick box, the key and each marker as wide as their widest
    content; the room's name, its exits and the encounter each as wide as its longest cell where they
    all fit (the name taking what is left over), else sharing the rest in proportion to those."""

    def fits(texts: Sequence[str], role: FontRole = "label-bold") -> float:
        return max(text_width(t, role, TYPE.label if role == "label-bold" else size) for t in texts) + 2 * PAD

    cells = [_cells(row) for row in rows]
    tick = fits([_("Visited")])
    key = max(fits([_("Key")]), fits([r.key for r in rows], "body-bold"))
    marks = [_Column(_(HEADINGS[m]), fits([_(HEADINGS[m])]), centred=True) for m in ("trap", "treasure", "notes")]
    rest = width - tick - key - sum(c.width for c in marks)
    wanted = [
        max(fits([heading]), max(flow(str(c[at]), width, size).width for c in cells) + 2 * PAD)
        for heading, at in ((_("Room"), 2), (_("Exits"), 3), (_(HEADINGS["encounter"]), 7))
    ]
    if sum(wanted) <= rest:
        room, exits, encounter = wanted[0] + rest - sum(wanted), wanted[1], wanted[2]
    else:
        room, exits, encounter = (rest * w / sum(wanted) for w in wanted)
    return [
        _Column(_("Visited"), tick, centred=True),
        _Column(_("Key"), key),
        _Column(_("Room"), room),
        _Column(_("Exits"), exits),
        *marks,
        _Column(_(HEADINGS["encounter"]), encounter),
    ]


def _cells(row: IndexRow) -> list[str | None]:
    """The row's cells, None for its tick box."""
    name = f"{row.name}, {row.size}" if row.size else row.name
    exits = ", ".join(row.exits) or _("none")
    if row.place:
        exits += " · _" + _(PLACES[row.place]) + "_"
    marks = [MARK if m in row.markers else "" for m in ("trap", "treasure", "notes")]
    encounter = ", ".join(row.stats) or (MARK if "encounter" in row.markers else "")
    return [None, f"**{row.key}**", name, exits, *marks, encounter]


def _index(pages: _Pages, rows: Sequence[IndexRow]) -> None:
    """The room index's heading and table: across the page, or in two columns where that saves paper."""
    size = pages.size
    _heading(pages, _("Room index"), "room index")
    note = flow(_(PLACES_NOTE), pages.width, TYPE.label)
    wide = _columns(rows, pages.width, size)
    head = _head(wide)
    set_rows = [_row(wide, row, size, pages.front.language) for row in rows]
    columns, across = 1, pages.width
    wide_height = sum(r.height for r in set_rows)
    if head.height + wide_height + note.height + 4 > pages.space():
        half = (pages.width - SPACE.gutter) / 2
        narrow = _columns(rows, half, size)
        narrow_rows = [_row(narrow, row, size, pages.front.language) for row in rows]
        # two columns only where they save paper: narrow cells wrap names over more lines
        if sum(r.height for r in narrow_rows) / 2 < NARROW_SAVES * wide_height:
            columns, across, head, set_rows = 2, half, _head(narrow), narrow_rows
    column, at = 0, 0
    lowest = pages.page.top
    while at < len(set_rows):
        x = pages.left + column * (across + SPACE.gutter)
        y = pages.page.top
        pages.page.marks.extend(m.moved(x, y) for m in head.marks)
        y -= head.height
        placed = 0
        while at < len(set_rows) and (y - set_rows[at].height >= pages.bottom or placed == 0):
            pages.page.marks.extend(m.moved(x, y) for m in set_rows[at].marks)
            y -= set_rows[at].height
            at += 1
            placed += 1
        lowest = min(lowest, y)
        if at < len(set_rows):
            column += 1
            if column == columns:
                column = 0
                lowest = pages.new().top
                pages.page.holds.append("room index")
    if lowest - 4 - note.height < pages.bottom:
        lowest = pages.new().top + 4
        pages.page.holds.append("room index")
    pages.page.marks.extend(m.moved(pages.left, lowest - 4) for m in note.marks)
    pages.page.top = lowest - 4 - note.height


def _heading(pages: _Pages, title: str, holds: str) -> None:
    """A table's heading at the top of what is left of the page, with a rule under it."""
    page = pages.page
    page.holds.append(holds)
    sk = Sketch()
    sk.text(0.0, -TYPE.heading, title, "label-bold", TYPE.heading + 1)
    sk.line(0.0, -TYPE.heading - 5, pages.width, -TYPE.heading - 5, INK.rule)
    page.marks.extend(m.moved(pages.left, page.top) for m in sk.marks)
    page.top -= TYPE.heading + 10


def _route(pages: _Pages, rows: Sequence[RouteRow]) -> None:
    """The route's heading and table across the page, its head again at the top of each page it runs on."""
    size = pages.size
    _heading(pages, _("Route"), "route")
    columns = _route_columns(rows, pages.width, size)
    head = _head(columns)
    set_rows = [
        _table_row(
            columns,
            _route_cells(row),
            size,
            f"leg-{slug(row.key)}",
            _("Leg {key} done").format(key=row.key),
            pages.front.language,
        )
        for row in rows
    ]
    at = 0
    while at < len(set_rows):
        y = pages.page.top
        pages.page.marks.extend(m.moved(pages.left, y) for m in head.marks)
        y -= head.height
        placed = 0
        while at < len(set_rows) and (y - set_rows[at].height >= pages.bottom or placed == 0):
            pages.page.marks.extend(m.moved(pages.left, y) for m in set_rows[at].marks)
            y -= set_rows[at].height
            at += 1
            placed += 1
        pages.page.top = y - SPACE.gutter / 2
        if at < len(set_rows):
            pages.new()
            pages.page.holds.append("route")


def _route_cells(row: RouteRow) -> list[str | None]:
    return [None, f"**{row.key}**", row.name, row.terrain, row.time, row.notes]


def _route_columns(rows: Sequence[RouteRow], width: float, size: float) -> list[_Column]:
    """The route's columns: the tick box, key, terrain and time as wide as their widest content; the way
    and the notes share the rest, in proportion to their longest cells."""

    def fits(texts: Sequence[str], role: FontRole) -> float:
        return max(text_width(t, role, TYPE.label if role == "label-bold" else size) for t in texts) + 2 * PAD

    tick = fits([_("Done")], "label-bold")
    key = max(fits([_("Leg")], "label-bold"), fits([r.key for r in rows], "body-bold"))
    terrain = max(fits([_("Terrain")], "label-bold"), fits([r.terrain for r in rows], "body"))
    time = max(fits([_("Time")], "label-bold"), fits([r.time for r in rows], "body"))
    rest = width - tick - key - terrain - time
    wanted = [
        max(fits([heading], "label-bold"), max(flow(text, width, size).width for text in texts) + 2 * PAD)
        for heading, texts in ((_("Way"), [r.name for r in rows]), (_("Notes"), [r.notes or " " for r in rows]))
    ]
    way = min(wanted[0], rest * wanted[0] / sum(wanted))
    return [
        _Column(_("Done"), tick, centred=True),
        _Column(_("Leg"), key),
        _Column(_("Way"), way),
        _Column(_("Terrain"), terrain),
        _Column(_("Time"), time),
        _Column(_("Notes"), rest - way),
    ]


def _head(columns: Sequence[_Column]) -> Flowed:
    """The table's head: each column's heading on a shaded band."""
    sk = Sketch()
    height = TYPE.label + 2 * PAD
    sk.add(RectMark(0.0, -height, sum(c.width for c in columns), height, fill=INK.fill_mid, role="band"))
    x = 0.0
    for column in columns:
        at = x + column.width / 2 if column.centred else x + PAD
        sk.text(
            at,
            -PAD - TYPE.label * 0.8,
            column.heading,
            "label-bold",
            TYPE.label,
            align="centre" if column.centred else "left",
        )
        x += column.width
    return Flowed(tuple(sk.marks), height, x)


def _row(columns: Sequence[_Column], row: IndexRow, size: float, language: str | None) -> Flowed:
    """One room's row: its cells side by side, a hairline under them."""
    return _table_row(
        columns, _cells(row), size, f"visited-{slug(row.key)}", _("Room {key} visited").format(key=row.key), language
    )


def _table_row(
    columns: Sequence[_Column], cells: Sequence[str | None], size: float, box: str, label: str, language: str | None
) -> Flowed:
    """A table's row: its cells side by side (None: the tick box named *box*), a hairline under them; the
    cells hold the site's text, set (hyphenated) in its *language*."""
    sk = Sketch()
    x = 0.0
    tallest = 0.0
    for column, text in zip(columns, cells, strict=True):
        if text is None:
            sk.box(x + (column.width - TICK.text) / 2, -PAD - TICK.text, TICK.text, box, label)
            tallest = max(tallest, TICK.text)
            x += column.width
            continue
        cell = flow(text, column.width - 2 * PAD, size, language=language)
        dx = x + (column.width - cell.width) / 2 if column.centred else x + PAD
        # a line of text stands level with the tick box's middle
        sk.extend(cell.marks, dx, -PAD - max(0.0, (TICK.text - cell.height) / 2))
        tallest = max(tallest, cell.height)
        x += column.width
    height = tallest + 2 * PAD
    sk.line(0.0, -height, x, -height, INK.hairline, INK.rule_light)
    return Flowed(tuple(sk.marks), height, x)
