"""The design system, written once: type sizes, the header, greys, rule widths and spacing, in points.

Plain constants, no imports beyond the standard library. The HTML sheets receive these values as CSS custom
properties (:func:`css_variables`, set in the page's <style> and read by templates/print.css as var(--...)),
and the ReportLab pages (trackers, timetable, cards, the packet's cover) read the same names from here, so
that every sheet of a packet is set in one type scale with one header.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class TypeScale:
    """Type sizes in points, per sheet kind. Body text is the shipped body face; titles and labels the
    label face."""

    reference_body: float = 8.5
    """Body text of every GM reference page, the same on every pack (never scaled to fit)."""
    players_body: float = 10.0
    """Body text of the pages handed to the players (at least 10 pt)."""
    large_body: float = 12.0
    """Body text in large print (--large)."""
    tracker_body: float = 8.5
    """Text of tracker parts (rule lines, table text)."""
    timetable_body: float = 8.5
    """Text of the timetable's notes (its rows are set in 9 pt, or 8.5 or 8 where that saves a page)."""
    card_title: float = 10.0
    """A card's title."""
    card_body: float = 8.0
    """A card's body text, one size for a whole deck, room and stat cards alike."""
    card_body_min: float = 7.5
    """The other body size a deck may take: chosen over card_body when it sets more rooms on one card."""
    card_label: float = 7.0
    """Small labels on cards (zone, source, corner marks)."""
    header_title: float = 16.0
    """The sheet title in the header, on every sheet kind."""
    header_line: float = 8.5
    """The header's small line: pack or site, audience, page x of y."""
    heading: float = 9.5
    """Section headings on reference pages and blocks on trackers."""
    banner: float = 8.5
    """The check banner's texts, on the reference pages, the timetable and the cover alike."""
    label: float = 8.0
    """The smallest text a sheet uses: labels, times, footers."""
    cover_title: float = 24.0
    """The packet cover's title."""


@dataclass(frozen=True)
class Header:
    """The one header every sheet opens with.

    A small line (left: pack or site name; right: the audience and "page x of y"), the sheet title below
    it, and a rule under both. The paper size is never printed.
    """

    line_gap: float = 3.0
    """Between the small line's baseline area and the title."""
    rule: float = 1.5
    """The rule under the header."""
    below: float = 8.0
    """Space between the rule and the first thing on the page."""
    height: float = 40.0
    """The header's height from the top margin to the rule, on the ReportLab pages."""


@dataclass(frozen=True)
class Ink:
    """Greys (0 black, 1 white) and line widths. Black text on white; greys only as fills or light rules,
    so a sheet prints well on a black-and-white printer."""

    fill_light: float = 0.925
    """Callouts, the check banner's background."""
    fill_mid: float = 0.86
    """Table heads, shaded boxes."""
    rule_light: float = 0.6
    """Column rules and row separators."""
    hairline: float = 0.5
    """The thinnest rule (row separators, column rules)."""
    rule: float = 0.75
    """Ordinary rules (under a heading's table, around a box's row)."""
    box: float = 1.0
    """Boxes to tick or fill, frames of the check banner."""
    heavy: float = 1.5
    """The header's rule and other rules that divide a page."""


@dataclass(frozen=True)
class Space:
    """Spacing in points."""

    margin: float = 36.0
    """The page margin of every sheet (0.5 in)."""
    gutter: float = 16.0
    """Between two columns."""
    section: float = 4.0
    """Between two sections of a reference page."""


@dataclass(frozen=True)
class Banner:
    """The check's banner, the one design of the references, the timetable and the cover: a frame (INK.box)
    on a light fill (INK.fill_light; none in ink saver), the check's name in the heading size, then one row
    per fact, its label in the label face at TYPE.label in a column as wide as the widest label (a label
    never wraps), its text at TYPE.banner beside it."""

    pad: float = 3.0
    """Inside the frame, on every side."""
    name_gap: float = 1.0
    """Under the name's line."""
    label_gap: float = 8.0
    """Between the labels' column and the texts, and after a label that runs on past the column."""
    labels: float = 60.0
    """The widest the labels' column grows (5/6 in): "After a danger" fits, a longer label runs on."""
    row_gap: float = 0.5
    """Between two rows."""


@dataclass(frozen=True)
class TickBox:
    """The two sizes of a box to tick with a pencil, on every sheet: one set in running text, one on the
    trackers' rows and tracks."""

    text: float = 11.0
    """A box in a line of text or a table's row (0.153 in): a rest's boxes, a card's details, a track on a
    reference page, a room visited, a timetable's check, a short move beside a turn's action boxes."""
    tracker: float = 16.0
    """A box on a tracker's rows and tracks, and the cover's tracks (0.222 in)."""


TYPE = TypeScale()
HEADER = Header()
INK = Ink()
SPACE = Space()
BANNER = Banner()
TICK = TickBox()


def grey_css(level: float) -> str:
    """A grey level (0 black, 1 white) as a CSS colour: '#ececec'."""
    value = round(level * 255)
    return f"#{value:02x}{value:02x}{value:02x}"


def _pt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + "pt"


def css_variables(body_size: float) -> dict[str, str]:
    """The design system as CSS custom properties (name without the leading '--' to value), for a page
    whose body text is *body_size* points."""
    values: dict[str, str] = {"body-size": _pt(body_size)}
    for f in fields(TYPE):
        values[f"type-{f.name.replace('_', '-')}"] = _pt(getattr(TYPE, f.name))
    for f in fields(HEADER):
        values[f"header-{f.name.replace('_', '-')}"] = _pt(getattr(HEADER, f.name))
    for f in fields(INK):
        name = f.name.replace("_", "-")
        level = getattr(INK, f.name)
        values[f"ink-{name}"] = grey_css(level) if f.name.startswith(("fill", "rule_light")) else _pt(level)
    for f in fields(SPACE):
        values[f"space-{f.name.replace('_', '-')}"] = _pt(getattr(SPACE, f.name))
    for f in fields(BANNER):
        values[f"banner-{f.name.replace('_', '-')}"] = _pt(getattr(BANNER, f.name))
    for f in fields(TICK):
        values[f"tick-{f.name.replace('_', '-')}"] = _pt(getattr(TICK, f.name))
    return values


def css_block(body_size: float) -> str:
    """``:root { --name: value; ... }`` for a page's <style>."""
    lines = "".join(f"  --{name}: {value};\n" for name, value in css_variables(body_size).items())
    return ":root {\n" + lines + "}\n"
