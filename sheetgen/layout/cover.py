"""The packet's cover as marks: a paper and a :class:`Cover` (what the packet's first sheet says) in, the
cover's marks (page coordinates) out.

The cover is a working sheet, not a title page: under the title, the contents beside the session's
facts, then the rules in brief (each pack's check in its banner's lines, its tracks as boxes to tick
and where they start), for the game master the first encounters of the deck, and a ruled log
that takes the rest of the page, so that no part of the sheet is left empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.design import INK, SPACE, TICK, TYPE
from sheetgen.layout.banner import banner_marks
from sheetgen.layout.marks import LineMark, Mark, Sketch, flow, slug, text_width
from sheetgen.markup import plain
from sheetgen.options import Paper
from sheetgen.words.language import _, after_colon

BODY = 9.5
"""The cover's running text: facts, contents, the rules in brief."""
ROW = 19.0
"""The height of a ruled log row: room to write by hand."""
BOX = TICK.tracker
"""A track's tick box."""


@dataclass(frozen=True)
class TrackStart:
    """A track as the session starts: the labels of its boxes, as every sheet draws them
    (sheets/mechanics.py's track_boxes or track_rungs), its range in words and its starting level."""

    name: str
    boxes: tuple[str, ...]
    range: str
    start: int


@dataclass(frozen=True)
class PackBrief:
    """One pack in brief: its name, its time unit in a sentence, its check's banner lines (label and
    marked-up text) and its tracks; the players' cover has no check and no tracks."""

    name: str
    unit: str
    check: str | None = None
    facts: tuple[tuple[str, str], ...] = ()
    tracks: tuple[TrackStart, ...] = ()


@dataclass(frozen=True)
class RuledTable:
    """A table to fill in by hand: a title, its columns (heading and share of the width), and how many
    rows (None: as many as the rest of the page holds)."""

    title: str
    columns: tuple[tuple[str, float], ...]
    rows: int | None = None


@dataclass(frozen=True)
class Cover:
    """What the cover says; sheetgen.packet.build decides it."""

    title: str
    kind: str
    facts: tuple[tuple[str, str], ...]
    contents: tuple[tuple[str, int], ...]
    packs: tuple[PackBrief, ...] = ()
    encounters: tuple[str, ...] = ()
    """Marked-up lines summing up the deck's first cards, numbered (the game master's cover only)."""
    tables: tuple[RuledTable, ...] = ()


def cover_marks(paper: Paper, cover: Cover) -> list[Mark]:
    """The cover's marks on *paper*: everything from the top down, the last ruled table to the bottom
    margin. Sizes from sheetgen.design."""
    sk = Sketch()
    margin = SPACE.margin
    left, right = margin, paper.width - margin
    width = right - left
    y = paper.height - margin - TYPE.header_line
    sk.text(left, y, cover.kind.upper(), "label-bold", TYPE.header_line)
    y -= TYPE.cover_title + 4
    sk.text(left, y, plain(cover.title), "label-bold", TYPE.cover_title)
    y -= 10
    sk.line(left, y, right, y, INK.heavy)
    y -= 16
    y = _contents_and_facts(sk, cover, left, width, y)
    if cover.packs:
        y = _section(sk, _("At the table"), left, right, y - 6)
        for brief in cover.packs:
            y = _pack(sk, brief, left, width, y) - 6
    if cover.encounters:
        y = _section(sk, _("The first encounters of the deck"), left, right, y - 2)
        for line in cover.encounters:
            flowed = flow(line, width, BODY)
            sk.extend(flowed.marks, left, y)
            y -= flowed.height + 1
        y -= 6
    bottom = margin
    for n, table in enumerate(cover.tables):
        last = n == len(cover.tables) - 1
        y = _ruled(sk, table, left, right, y - 2, bottom, fill=last and table.rows is None) - 6
    return sk.marks


def _contents_and_facts(sk: Sketch, cover: Cover, left: float, width: float, top: float) -> float:
    """The contents (left, with dotted leaders to page numbers) beside the session's facts (right); the y
    under the taller of the two."""
    gutter = SPACE.gutter * 1.5
    facts_width = min(width * 0.42, 230.0)
    contents_right = left + width - facts_width - gutter
    y = _section(sk, _("Contents"), left, contents_right, top) - BODY
    for entry, page in cover.contents:
        used = sk.text(left, y, plain(entry), "body", BODY)
        number = sk.text(contents_right, y, str(page), "body", BODY, align="right")
        sk.add(LineMark(left + used + 4, y + 2, contents_right - number - 4, y + 2, INK.rule, dash=(1, 3)))
        y -= BODY + 5
    facts_left = contents_right + gutter
    label_width = max((text_width(label, "label-bold", TYPE.label) for label, _text in cover.facts), default=0.0)
    fy = _section(sk, _("This session"), facts_left, left + width, top) - BODY
    for label, value in cover.facts:
        sk.text(facts_left, fy, label, "label-bold", TYPE.label)
        flowed = flow(value, left + width - facts_left - label_width - 8, BODY)
        sk.extend(flowed.marks, facts_left + label_width + 8, fy + BODY * 0.93)
        fy -= max(flowed.height, BODY + 5)
    return min(y, fy) + BODY - 2


def _section(sk: Sketch, title: str, left: float, right: float, y: float) -> float:
    """A section's title with a rule under it, from *y* down; the top of what goes under it."""
    sk.text(left, y - TYPE.heading, title, "label-bold", TYPE.heading + 1)
    y -= TYPE.heading + 5
    sk.line(left, y, right, y, INK.rule)
    return y - 5


def _pack(sk: Sketch, brief: PackBrief, left: float, width: float, top: float) -> float:
    """A pack in brief from *top*: its check in the banner with its facts, or just its unit; then its
    tracks, each a row of boxes and its starting level. The y under it."""
    if brief.check is None:
        flowed = flow(f"**{brief.name}.** {brief.unit}", width, BODY)
        sk.extend(flowed.marks, left, top)
        y = top - flowed.height - 2
    else:
        banner = banner_marks(brief.check, brief.facts, width, note=after_colon(brief.name, brief.unit))
        sk.extend(banner.marks, left, top)
        y = top - banner.height - 6
    for track in brief.tracks:
        y = _track(sk, track, left, width, y)
    return y


def _track(sk: Sketch, track: TrackStart, left: float, width: float, top: float) -> float:
    """*track*'s name, its levels as boxes to tick (its number under each) and its starting level; when
    the levels do not fit a row, its range in words. The y under it."""
    label = f"{track.name}"
    name_width = max(text_width(label, "label-bold", TYPE.label) + 10, 90.0)
    step = BOX + 9
    baseline = top - BOX + 2
    sk.text(left, baseline, label, "label-bold", TYPE.label)
    if len(track.boxes) * step > width - name_width - 120:
        sk.text(
            left + name_width,
            baseline,
            _("{range}, starts at {n}").format(range=track.range, n=track.start),
            "body",
            BODY,
        )
        return top - BOX - 8
    x = left + name_width
    for n, box in enumerate(track.boxes):
        sk.box(x, top - BOX, BOX, f"cover-{slug(track.name)}-{n}", f"{track.name} {box}")
        sk.text(x + BOX / 2, top - BOX - 8, box, "label", TYPE.card_label, align="centre")
        x += step
    sk.text(x + 4, baseline, _("starts at {n}").format(n=track.start), "body", BODY)
    return top - BOX - 13


def _ruled(sk: Sketch, table: RuledTable, left: float, right: float, top: float, bottom: float, *, fill: bool) -> float:
    """*table*'s title, column heads and ruled rows from *top*: its own number of rows, or down to
    *bottom* when *fill*. The y under it."""
    y = _section(sk, table.title, left, right, top)
    width = right - left
    share = sum(part for _h, part in table.columns)
    edges = [left]
    for _h, part in table.columns:
        edges.append(edges[-1] + width * part / share)
    for (heading, _w), x in zip(table.columns, edges, strict=False):
        sk.text(x + 2, y - TYPE.label + 2, heading, "label", TYPE.label)
    y -= TYPE.label + 2
    count = table.rows if table.rows is not None and not fill else max(int((y - bottom) // ROW), 1)
    first = y
    for _row in range(count):
        y -= ROW
        sk.line(left, y, right, y, INK.hairline, INK.rule_light * 0.6)
    for x in edges[1:-1]:
        sk.line(x, first, x, y, INK.hairline, INK.rule_light * 0.6)
    return y
