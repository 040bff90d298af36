"""The check's banner as marks: a name line, the label/value rows and a width in, the framed block out.

The one design the reference pages (templates/partials/banner.html with print.css's .check-banner), the
timetable and the cover open the rules with, in the sizes of sheetgen.design's BANNER: a frame on a light
fill, the name, then each fact's label in a column as wide as the widest label (up to BANNER.labels) and
its text wrapped beside it. A label never wraps: a longer one runs on into the first line of its text,
which starts after it.
"""

from __future__ import annotations

from collections.abc import Iterable

from sheetgen.design import BANNER, INK, TYPE
from sheetgen.layout.marks import Flowed, Mark, RectMark, TextMark, flow, paragraph_marks, text_width
from sheetgen.layout.text import TextStyle, set_paragraph, spans


def label_width(label: str) -> float:
    """A fact's label as the banner sets it: the label face, bold, at TYPE.label."""
    return text_width(label, "label-bold", TYPE.label)


def label_column(labels: Iterable[str]) -> float:
    """The labels' column: as wide as the widest label that fits BANNER.labels."""
    return max((w for w in map(label_width, labels) if w <= BANNER.labels), default=0.0)


def banner_marks(name: str, facts: tuple[tuple[str, str], ...], width: float, *, note: str = "") -> Flowed:
    """The banner *width* wide, its top-left corner at (0, 0): *name* in bold on its first line (and after
    it *note*, marked up), then a row per (label, marked-up text) of *facts*. Its marks and height."""
    pad = BANNER.pad
    inner: list[Mark] = []
    head = flow(f"**{name}**" + (f" · {note}" if note else ""), width - 2 * pad, TYPE.heading, base="label")
    inner.extend(m.moved(pad, -pad) for m in head.marks)
    y = -pad - head.height - BANNER.name_gap
    column = label_column(label for label, _ in facts)
    text_x = pad + column + BANNER.label_gap
    for label, text in facts:
        # a label longer than the column pushes its text's first line along
        first = max(0.0, pad + label_width(label) + BANNER.label_gap - text_x)
        style = TextStyle("body", TYPE.banner, TYPE.banner * 1.2, first_indent=first)
        para = set_paragraph(spans(" ".join(text.split())), style, width - text_x - pad)
        flowed = Flowed(tuple(paragraph_marks(para, 0.0, 0.0)), para.height, para.natural_width)
        inner.extend(m.moved(text_x, y) for m in flowed.marks)
        named = flow(label, label_width(label) + 1.0, TYPE.label, base="label", bold=True)
        offset = _first_baseline(flowed) - _first_baseline(named)
        inner.extend(m.moved(pad, y + offset) for m in named.marks)
        y -= flowed.height + BANNER.row_gap
    height = -y - BANNER.row_gap + pad
    frame = RectMark(0.0, -height, width, height, fill=INK.fill_light, stroke=INK.box, role="band")
    return Flowed((frame, *inner), height, width)


def _first_baseline(flowed: Flowed) -> float:
    return max((m.y for m in flowed.marks if isinstance(m, TextMark)), default=0.0)
