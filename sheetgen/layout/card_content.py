"""What goes on a card: a room or a statblock in, its heading as marks and its body as blocks out.

Blocks (:class:`Para`, :class:`Band`, :class:`Row`) are the body's paragraphs, section bands and stat
rows before they are set; sheetgen.layout.card_flow sets them on one or more cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sheetgen.design import TICK, TYPE
from sheetgen.layout.card_grid import LINE, PADDING, CardSize
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark, Mark, RectMark, paragraph_marks
from sheetgen.layout.text import NBSP, Span, Spans, TextStyle, natural_width, set_paragraph, spans
from sheetgen.markup import paragraphs
from sheetgen.model.common import Statblock
from sheetgen.model.pack import EncounterRules
from sheetgen.model.site import Room, Site
from sheetgen.sheets.statblock import stat_lines
from sheetgen.words.language import N_, _, colon

BODY_SIZES = (TYPE.card_body, TYPE.card_body_min)
"""The body sizes a deck is tried at, largest first: all its room cards share one, all its stat cards one."""

LEADING = 1.1
"""A card's line spacing, as a multiple of its type size: set solid enough for a room to keep to one card,
open enough that a line is found again at the table."""


def body_style(size: float, **kwargs: Any) -> TextStyle:
    return TextStyle("body", size, round(size * LEADING, 2), **kwargs)


def label_style(size: float, *, bold: bool = True, **kwargs: Any) -> TextStyle:
    return TextStyle("label", size, round(size * 1.2, 2), bold=bold, **kwargs)


@dataclass(frozen=True)
class Para:
    """A paragraph of the card's body. kind: text, section (a room's trap, treasure, encounter or notes, its
    label run in), detail (with a checkbox) or action (hanging)."""

    text: Spans
    kind: Literal["text", "section", "detail", "action"] = "text"
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

    cells: tuple[Spans, ...]
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
    """A detail's tick box: the design system's box in text, whatever the card's type size."""
    return TICK.text


def space_before(block: Block, size: float) -> float:
    if isinstance(block, Band):
        return size * 0.6
    if isinstance(block, Row):
        return size * 0.35 if block.first else 0.0
    if block.continued:
        return 0.0
    if block.kind == "detail":  # room above for a box taller than the line's capitals
        return max(size * 0.15, TICK.text - size * 0.9)
    return size * {"action": 0.25, "section": 0.3}.get(block.kind, 0.2)


BOX_GAP = 1.5
"""The least space between two tick boxes one above the other (two details of one line each)."""


def box_top(line_top: float, size: float) -> float:
    """The top of a detail's tick box whose first line's top is at *line_top*: the box is centred on the
    line's lower-case letters."""
    return line_top - size * 0.93 + size * 0.35 + TICK.text / 2


def space_after_detail(y: float, box_bottom: float, size: float) -> float:
    """Space before a detail that follows a detail, whose lines, indented past the boxes, leave the box
    column clear: as much as keeps its box BOX_GAP under the box above (at *box_bottom*), and at least a
    paragraph's space."""
    return min(space_before(Para((), kind="detail"), size), max(size * 0.2, box_top(y, size) - box_bottom + BOX_GAP))


def band_height(size: float) -> float:
    return round(size * 1.2 + 3.0, 2)


def exits_text(room: Room, site: Site, language: str) -> Spans:
    """The room's exits, each with its room's name; *language* is the site's text's."""
    names = {r.key: r.name for r in site.rooms}
    out: list[Span] = [Span(_("Exits:"), bold=True), Span(" ")]
    for i, key in enumerate(room.exits):
        name = names.get(key)
        if i:
            out.append(Span(", "))
        out.extend(spans(key, bold=True, language=language))
        if name:
            # a no-break space keeps each key on the line of its room's name
            out.append(Span(NBSP))
            out.extend(spans(name, language=language))
    return tuple(out)


_ROOM_SECTIONS = (
    ("trap", N_("Trap")),
    ("treasure", N_("Treasure")),
    ("encounter", N_("Encounter")),
    ("notes", N_("Notes")),
)


def room_blocks(room: Room, site: Site, language: str, *, exits: bool = True) -> list[Block]:
    """The room's body, its text in *language* (the site's); *exits*: its exits line first (when the heading
    does not hold it)."""
    blocks: list[Block] = []
    if room.exits and exits:
        blocks.append(Para(exits_text(room, site, language)))
    blocks.extend(Para(spans(text, language=language)) for text in paragraphs(room.description))
    for detail in room.details:
        blocks.extend(Para(spans(text, language=language), kind="detail") for text in paragraphs(detail)[:1])
        blocks.extend(
            Para(spans(text, language=language), kind="detail", continued=True) for text in paragraphs(detail)[1:]
        )
    for field, label in _ROOM_SECTIONS:
        value: str | None = getattr(room, field)
        if value:
            # the section's label runs in at the head of its first paragraph, as a printed room key sets it
            first, *rest = paragraphs(value)
            blocks.append(
                Para((Span(_(label).upper(), bold=True), Span(" "), *spans(first, language=language)), kind="section")
            )
            blocks.extend(Para(spans(text, language=language)) for text in rest)
    return blocks


def _action_text(name: str, kind: str | None, text: str, language: str) -> Spans:
    out = spans(name, bold=True, language=language)
    if kind:
        out += (Span(" ["), *spans(kind, language=language), Span("]"))
    if text:
        out += (Span(colon() + " "), *spans(" ".join(text.split()), language=language))
    return out


def stat_blocks(block: Statblock, size: float, rules: EncounterRules, language: str) -> list[Block]:
    """The statblock's body, its text (and its pack's stat names) hyphenated by *language*, the site's."""
    blocks: list[Block] = []
    blocks.extend(Para(spans(text, italic=True, language=language)) for text in paragraphs(block.description))
    cells = [
        (
            *spans(label, bold=True, language=language),
            Span(colon(), bold=True),
            Span(" "),
            *spans(value, language=language),
        )
        for label, value in stat_lines(block, rules)
    ]
    # one grid for every statblock: two columns, a long stat wrapping inside its own
    blocks.extend(Row(tuple(cells[i : i + 2]), first=i == 0) for i in range(0, len(cells), 2))
    if block.actions:
        blocks.append(Band(_("Actions")))
        blocks.extend(
            Para(_action_text(action.name, action.kind, action.text, language), kind="action", section=_("Actions"))
            for action in block.actions
        )
    if block.notes:
        blocks.append(Band(_("Notes")))
        blocks.extend(Para(spans(text, language=language), section=_("Notes")) for text in paragraphs(block.notes))
    return blocks


COLUMN_GAP = 6.0
BAND_AFTER = 1.5
MIN_LINES = 2


# --- headers --------------------------------------------------------------------------------------------

_KEY_SIZES = (13.0, 12.0)
_WIDE_KEY_SIZE = 11.0
"""A key too long to stand beside the name spans the card, at this size."""
_KEY_PAD = 3.0
CONT = N_("(cont.)")


def room_header(
    room: Room, part: int, card: CardSize, keep: int = 3, exits: Spans = (), language: str | None = None
) -> tuple[list[Mark], float]:
    """The room card's heading (key in a black box, name, and under the name its size and, on its first card,
    its *exits*) in card coordinates, and its height; *language* is the site's text's.

    *keep*: 3 for all of it; 2 leaves out the exits, 1 the size as well, 0 the name too (the body then
    begins with them: see :func:`heading_in_body`).
    """
    if keep < 2:
        room = room.model_copy(update={"size": None} if keep == 1 else {"size": None, "name": ""})
    inner = card.width - 2 * PADDING
    top = card.height - PADDING
    items: list[Mark] = []

    def key_text(size: float) -> Spans:
        cont = (Span(" " + _(CONT), size=round(max(7.0, size * 0.5), 1)),) if part else ()
        return spans(room.key, language=language) + cont

    beside = False
    key_size = _KEY_SIZES[-1]
    for key_size in _KEY_SIZES:
        wide = natural_width(key_text(key_size), label_style(key_size, grey=1.0))
        if wide + 2 * _KEY_PAD <= inner * 0.45:
            beside = True
            break
    if not beside:
        key_size = _WIDE_KEY_SIZE
    key_style = label_style(key_size, grey=1.0, align="center")
    key = key_text(key_size)
    # a short key gets a box just wide enough; a long one spans the card and wraps
    wide = inner - 2 * _KEY_PAD
    text_width = max(natural_width(key, key_style) + 0.5, key_size * 0.9) if beside else wide
    key_set = set_paragraph(key, key_style, text_width)
    key_height = key_set.height
    box = Rect(
        PADDING, top - key_height - 2 * _KEY_PAD + 2.0, text_width + 2 * _KEY_PAD, key_height + 2 * _KEY_PAD - 2.0
    )
    items.append(RectMark(box.x, box.y, box.width, box.height, fill=0.0, radius=2.0, role="key"))
    # Capitals and figures sit high in their line: the box trims the empty descender room below them.
    items.extend(paragraph_marks(key_set, PADDING + _KEY_PAD, top - _KEY_PAD + 1.0))

    name_style = label_style(TYPE.card_title)
    name_x = box.right + 6.0 if beside else PADDING
    name_width = PADDING + inner - name_x
    name_set = set_paragraph(spans(room.name, language=language), name_style, name_width)
    name_height = name_set.height
    # the small print under the name: the size, then the exits (a key's room stays on its line)
    small: Spans = spans(room.size, italic=True, language=language) if room.size else ()
    if keep >= 3 and exits and part == 0:
        small += (Span(NBSP + "\u00b7 "), *exits) if small else exits
    small_set = set_paragraph(small, body_style(TYPE.card_label), name_width)
    group = name_height + small_set.height
    if beside:
        name_top = top - max(0.0, (box.height - group) / 2)
        height = max(box.height, group)
    else:
        name_top = box.y - 3.0
        height = box.height + 3.0 + group
    items.extend(paragraph_marks(name_set, name_x, name_top))
    items.extend(paragraph_marks(small_set, name_x, name_top - name_height))
    rule_y = top - height - 2.0
    items.append(LineMark(PADDING, rule_y, PADDING + inner, rule_y, LINE))
    return items, height + 2.0 + 3.0


def heading_kept(room: Room, card: CardSize, exits: Spans = (), language: str | None = None) -> int:
    """How much of the heading stays at the top of the room's cards: all of it, its *exits* too (3), when
    it leaves room for three lines of text at the largest size, else without the exits (2), without the
    size (1), else the key alone (0), which always does (a key is at most limits.MAX_NAME characters)."""
    room_for_text = card.height - 2 * PADDING - BODY_SIZES[0] * 3
    for keep in (3, 2, 1):
        if all(room_header(room, part, card, keep, exits, language)[1] <= room_for_text for part in (0, 1)):
            return keep
    return 0


def heading_in_body(room: Room, keep: int, language: str | None = None) -> list[Block]:
    """The parts of the heading that did not fit at the top, as the first paragraphs of the body (the exits
    among them: see :func:`room_blocks`)."""
    blocks: list[Block] = []
    if keep < 1:
        blocks.append(Para(spans(room.name, bold=True, language=language)))
    if keep < 2 and room.size:
        blocks.append(Para(spans(room.size, italic=True, language=language)))
    return blocks


def stat_header(block: Statblock, part: int, card: CardSize, language: str | None = None) -> tuple[list[Mark], float]:
    inner = card.width - 2 * PADDING
    top = card.height - PADDING
    style = label_style(12.0)
    name = spans(block.name, language=language) + ((Span(" " + _(CONT), size=7.0),) if part else ())
    name_set = set_paragraph(name, style, inner)
    height = name_set.height
    rule_y = top - height - 2.0
    items: list[Mark] = [
        *paragraph_marks(name_set, PADDING, top),
        LineMark(PADDING, rule_y, PADDING + inner, rule_y, LINE),
    ]
    return items, height + 2.0 + 4.0
