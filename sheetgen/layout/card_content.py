"""What goes on a card: a room or a statblock in, its heading as marks and its body as blocks out.

Blocks (:class:`Para`, :class:`Band`, :class:`Row`) are the body's paragraphs, section bands and stat
rows before they are set; sheetgen.layout.card_flow sets them on one or more cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sheetgen.design import TYPE
from sheetgen.fonts import FONTS
from sheetgen.layout.card_grid import LINE, PADDING, CardSize
from sheetgen.layout.card_text import TextStyle, natural_width, text_height
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark, Mark, ParagraphMark, RectMark
from sheetgen.markup import inline_reportlab, paragraphs
from sheetgen.model.common import Statblock
from sheetgen.model.site import Room, Site
from sheetgen.sheets.statblock import stat_lines

BODY_SIZES = (TYPE.card_body, TYPE.card_body_min)
"""The body sizes a deck is tried at, largest first: all its room cards share one, all its stat cards one."""

def body_style(size: float, **kwargs: Any) -> TextStyle:
    return TextStyle(FONTS.body.reportlab_font(), size, round(size * 1.2, 2), **kwargs)


def label_style(size: float, *, bold: bool = True, **kwargs: Any) -> TextStyle:
    return TextStyle(FONTS.label.reportlab_font(bold=bold), size, round(size * 1.2, 2), **kwargs)


@dataclass(frozen=True)
class Para:
    """A paragraph of the card's body. kind: text, detail (with a checkbox) or action (hanging)."""

    markup: str
    kind: Literal["text", "detail", "action"] = "text"
    section: str | None = None
    continued: bool = False


@dataclass(frozen=True)
class Band:
    """A set-apart section's heading: a shaded band with a bold label."""

    label: str
    continued: bool = False


@dataclass(frozen=True)
class Row:
    """A row of a statblock's stats, one cell per column."""

    cells: tuple[str, ...]
    first: bool = False


Block = Para | Band | Row


def para_style(block: Para, size: float) -> TextStyle:
    if block.kind == "detail":
        return body_style(size, left_indent=checkbox_side(size) + 4.0)
    if block.kind == "action" and not block.continued:
        return body_style(size, left_indent=size, first_indent=-size)
    if block.kind == "action":
        return body_style(size, left_indent=size)
    return body_style(size)


def checkbox_side(size: float) -> float:
    return round(size * 0.8, 2)


def space_before(block: Block, size: float) -> float:
    if isinstance(block, Band):
        return size * 0.6
    if isinstance(block, Row):
        return size * 0.35 if block.first else 0.0
    if block.continued:
        return 0.0
    return size * (0.25 if block.kind in ("detail", "action") else 0.35)


def band_height(size: float) -> float:
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


def room_blocks(room: Room, site: Site) -> list[Block]:
    blocks: list[Block] = []
    if room.exits:
        blocks.append(Para(_exits_markup(room, site)))
    blocks.extend(Para(inline_reportlab(text)) for text in paragraphs(room.description))
    for detail in room.details:
        blocks.extend(Para(inline_reportlab(text), kind="detail") for text in paragraphs(detail)[:1])
        blocks.extend(Para(inline_reportlab(text), kind="detail", continued=True)
                      for text in paragraphs(detail)[1:])
    for field, label in _ROOM_SECTIONS:
        value: str | None = getattr(room, field)
        if value:
            blocks.append(Band(label))
            blocks.extend(Para(inline_reportlab(text), section=label) for text in paragraphs(value))
    return blocks


def _action_markup(name: str, kind: str | None, text: str) -> str:
    markup = f"<b>{inline_reportlab(name)}</b>"
    if kind:
        markup += f" [{inline_reportlab(kind)}]"
    if text:
        markup += f": {inline_reportlab(' '.join(text.split()))}"
    return markup


def stat_blocks(block: Statblock, size: float, after: Sequence[str]) -> list[Block]:
    blocks: list[Block] = []
    blocks.extend(Para(f"<i>{inline_reportlab(text)}</i>") for text in paragraphs(block.description))
    cells = [f"<b>{inline_reportlab(label)}:</b> {inline_reportlab(value)}"
             for label, value in stat_lines(block, after)]
    # one grid for every statblock: two columns, a long stat wrapping inside its own
    blocks.extend(Row(tuple(cells[i:i + 2]), first=i == 0) for i in range(0, len(cells), 2))
    if block.actions:
        blocks.append(Band("Actions"))
        blocks.extend(
            Para(_action_markup(action.name, action.kind, action.text), kind="action", section="Actions")
            for action in block.actions
        )
    if block.notes:
        blocks.append(Band("Notes"))
        blocks.extend(Para(inline_reportlab(text), section="Notes") for text in paragraphs(block.notes))
    return blocks


COLUMN_GAP = 6.0
BAND_AFTER = 1.5
MIN_LINES = 2
MEASURE_WHOLE = 1_500
"""Characters of markup up to which a paragraph is measured whole before it is split."""


# --- headers --------------------------------------------------------------------------------------------

_KEY_SIZES = (18.0, 16.0, 14.0, 12.0)
_WIDE_KEY_SIZE = 11.0
"""A key too long to stand beside the name spans the card, at this size."""
_KEY_PAD = 3.0
CONT = "(cont.)"


def room_header(room: Room, part: int, card: CardSize, keep: int = 2) -> tuple[list[Mark], float]:
    """The room card's heading (key in a black box, name, size) in card coordinates, and its height.

    *keep*: 2 for all of it; 1 leaves out the size, 0 the name as well (the body then begins with them:
    see :func:`heading_in_body`).
    """
    if keep < 2:
        room = room.model_copy(update={"size": None} if keep == 1 else {"size": None, "name": ""})
    inner = card.width - 2 * PADDING
    top = card.height - PADDING
    items: list[Mark] = []

    def key_markup(size: float) -> str:
        cont = f'<font size="{max(7.0, size * 0.5):.1f}"> {CONT}</font>' if part else ""
        return inline_reportlab(room.key) + cont

    beside = False
    key_size = _KEY_SIZES[-1]
    for key_size in _KEY_SIZES:
        wide = natural_width(key_markup(key_size), label_style(key_size, grey=1.0))
        if wide + 2 * _KEY_PAD <= inner * 0.45:
            beside = True
            break
    if not beside:
        key_size = _WIDE_KEY_SIZE
    key_style = label_style(key_size, grey=1.0, align="center")
    markup = key_markup(key_size)
    # a short key gets a box just wide enough; a long one spans the card and wraps
    wide = inner - 2 * _KEY_PAD
    text_width = max(natural_width(markup, key_style) + 0.5, key_size * 0.9) if beside else wide
    key_height = text_height(markup, key_style, text_width)
    box = Rect(PADDING, top - key_height - 2 * _KEY_PAD + 2.0, text_width + 2 * _KEY_PAD,
               key_height + 2 * _KEY_PAD - 2.0)
    items.append(RectMark(box.x, box.y, box.width, box.height, fill=0.0, radius=2.0, role="key"))
    # Capitals and figures sit high in their line: the box trims the empty descender room below them.
    items.append(ParagraphMark(markup, key_style, PADDING + _KEY_PAD, top - _KEY_PAD + 1.0, text_width,
                          key_height))

    name_style = label_style(10.5)
    size_style = body_style(8.5)
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
        items.append(ParagraphMark(name_markup, name_style, name_x, name_top, name_width, name_height))
    if size_markup:
        items.append(ParagraphMark(size_markup, size_style, name_x, name_top - name_height, name_width,
                              size_height))
    rule_y = top - height - 3.0
    items.append(LineMark(PADDING, rule_y, PADDING + inner, rule_y, LINE))
    return items, height + 3.0 + 4.0


def heading_kept(room: Room, card: CardSize) -> int:
    """How much of the heading stays at the top of the room's cards: all of it (2) when it leaves room
    for three lines of text at the largest size, else without the size (1), else the key alone (0),
    which always does (a key is at most limits.MAX_NAME characters)."""
    room_for_text = card.height - 2 * PADDING - BODY_SIZES[0] * 3
    for keep in (2, 1):
        if all(room_header(room, part, card, keep)[1] <= room_for_text for part in (0, 1)):
            return keep
    return 0


def heading_in_body(room: Room, keep: int) -> list[Block]:
    """The parts of the heading that did not fit at the top, as the first paragraphs of the body."""
    blocks: list[Block] = []
    if keep < 1:
        blocks.append(Para(f"<b>{inline_reportlab(room.name)}</b>"))
    if keep < 2 and room.size:
        blocks.append(Para(f"<i>{inline_reportlab(room.size)}</i>"))
    return blocks


def stat_header(block: Statblock, part: int, card: CardSize) -> tuple[list[Mark], float]:
    inner = card.width - 2 * PADDING
    top = card.height - PADDING
    style = label_style(12.0)
    markup = inline_reportlab(block.name) + (f'<font size="7"> {CONT}</font>' if part else "")
    height = text_height(markup, style, inner)
    rule_y = top - height - 2.0
    items: list[Mark] = [ParagraphMark(markup, style, PADDING, top, inner, height),
                         LineMark(PADDING, rule_y, PADDING + inner, rule_y, LINE)]
    return items, height + 2.0 + 4.0

