"""The parts of a timetable page that are not check rows: a Timetable in, marks in a Sketch out.

The page head (pack, site, page label, seed), the chart of the chance per check in the first three
hours, and the encounter deck's head and cards. Each is built with y measured from its own top
(0 at the top edge, negative going down); sheetgen.layout.timetable_pages puts them on the page.
Text is set with sheetgen.layout.marks, in the shipped fonts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from sheetgen.design import HEADER, INK, TICK, TYPE
from sheetgen.engine.deck import DeckCard
from sheetgen.engine.timetable import Timetable
from sheetgen.engine.types import Odds
from sheetgen.errors import Location
from sheetgen.fonts import check_text_covered
from sheetgen.layout.header import header_marks
from sheetgen.layout.marks import (
    BoxMark,
    FontRole,
    LineMark,
    Mark,
    RectMark,
    Sketch,
    TextMark,
    flow,
    text_width,
)
from sheetgen.words import (
    NOT_A_CREATURE,
    appearing_text,
    baseline_text,
    check_sentence,
    deck_note,
    deck_source,
    duration,
    milestones,
    morale_rule,
    morale_text,
    opening_texts,
    percent,
    read_rule,
    row_rule,
    row_when,
    signs_text,
    table_roll_gloss,
    table_roll_text,
    timetable_note,
)
from sheetgen.words.language import N_, _, after_colon, semicolons

TEXT = TYPE.timetable_body
"""Size of the cards' and notes' text (never under 8 pt)."""
SMALL = TYPE.label
TITLE = 14.0
RULE = INK.rule
"""Stroke of every ruled line and frame, visible in black-and-white print."""
HEAD_FILL = INK.fill_mid
"""Grey of the table's head and of the cards' heads."""
PAD = 4.0
CHART_WIDTH = 200.0
CHART_HOURS = 3


# -- text helpers ----------------------------------------------------------------------------------------


def checked(text: str, file: str, field: str) -> str:
    check_text_covered(text, Location(file=file, field=field))
    return text


def check_fonts(t: Timetable) -> None:
    """Raise FontError naming the field of any text the shipped fonts cannot draw."""
    pack = f"pack {t.pack_id}"
    site = f"site {t.site_name}" if t.site_name else pack
    checked(t.pack_name, pack, "name")
    if t.site_name:
        checked(t.site_name, site, "site")
    fields = (
        ("check.name", t.check_name),
        ("check.formula", t.formula),
        ("note", timetable_note(t)),
        ("check", check_sentence(t.pack)),
        ("deck", deck_source(t)),
        ("deck", deck_note(t)),
        ("encounters.morale", morale_rule(t)),
    )
    for field, value in fields:
        if value:
            checked(value, pack, field)
    for lv in t.tracks:
        checked(lv.name, pack, f"tracks.{lv.track}.name")
    for row in t.rows:
        texts = [
            row_rule(t, row),
            row_when(t, row),
            baseline_text(t, row),
            row.outcome or "",
            *(read_rule(t, p) for p in row.pool_reads),
        ]
        for text in texts:
            checked(text, pack, "check")
    for card in t.deck:
        where = f"wandering[{card.index - 1}]"
        for text in (
            card.name,
            card.text,
            card.zone or "",
            card.zone_text or "",
            card.stat_name or "",
            card.stat_id or "",
        ):
            checked(text, site, where)
        for roll in (card.distance, card.reaction):
            if roll is not None:
                for cell in roll.cells:
                    checked(cell, pack, f"tables.{roll.table}")


def set_text(
    sk: Sketch,
    text: str,
    x: float,
    top: float,
    width: float,
    size: float = TEXT,
    *,
    base: Literal["body", "label"] = "label",
    bold: bool = False,
) -> float:
    """Set a paragraph of marked-up text with its top-left corner at (x, top); returns its height."""
    flowed = flow(text, width, size, base=base, bold=bold)
    sk.extend(flowed.marks, x, top)
    return flowed.height


def fit_text(text: str, role: FontRole, size: float, width: float) -> str:
    """*text*, cut with an ellipsis if it is wider than *width* (page labels and titles only)."""
    if text_width(text, role, size) <= width:
        return text
    while text and text_width(text + "\u2026", role, size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def hours_text(first: int, last: int) -> str:
    """'hour 3', 'hours 1-3', or for whole days 'day 2', 'days 1-3'."""
    if first % 24 == 1 and last % 24 == 0:
        start, end = first // 24 + 1, last // 24
        return _("day {n}").format(n=start) if start == end else _("days {span}").format(span=f"{start}-{end}")
    return _("hour {n}").format(n=first) if first == last else _("hours {span}").format(span=f"{first}-{last}")


# -- the page head ---------------------------------------------------------------------------------------


def page_head(
    t: Timetable, width: float, number: int, total: int, hint: str, *, numbered: bool = True
) -> tuple[Sketch, float]:
    """The one header (pack and site, for the GM, page x of y, what the page holds), then where the
    rolls are for and the seed, ruled off; y from the head's top. Returns the marks and their height.
    Not *numbered*, the page number's slot is left empty for a packet's own number."""
    sk = Sketch()
    source = t.pack_name + (f" · {t.site_name}" if t.site_name else "")
    who = _("For the {gm}").format(gm=t.pack.words.gm)
    title = fit_text(_("Pre-rolled encounters: {hint}").format(hint=hint), "label-bold", TYPE.header_title, width)
    marks, height = header_marks(
        width, fit_text(source, "label", TYPE.header_line, width / 2), who, title, (number, total) if numbered else None
    )
    sk.extend(marks)
    where = (
        _("{duration} of play").format(duration=duration(t.hours * 3600))
        if t.check_name is not None
        else _("an encounter deck")
    )
    seed = _("Seed {seed} — same seed, same rolls").format(seed=t.seed)
    seed_w = text_width(seed, "label-bold", TEXT)
    y = -height + HEADER.below - 2.0
    sk.text(0.0, y - TEXT, fit_text(where, "label", TEXT, width - seed_w - 18.0), "label", TEXT)
    sk.text(width, y - TEXT, seed, "label-bold", TEXT, align="right")
    y -= TEXT + 5.0
    sk.line(0.0, y, width, y, RULE)
    return sk, -y + HEADER.below


# -- the chart -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChartBar:
    minute: Fraction
    chance: Fraction


def chart_bars(odds: Odds, hours: int = CHART_HOURS) -> tuple[ChartBar, ...]:
    """The chance of each check in the first *hours* hours, in time order."""
    return tuple(ChartBar(c.minute, c.chance) for c in odds.checks if c.minute <= hours * 60)


def cumulative_bars(odds: Odds, hours: int = CHART_HOURS) -> tuple[ChartBar, ...]:
    """The chance of at least one result by each check in the first *hours* hours, in time order."""
    out, total = [], Fraction(0)
    for c in odds.checks:
        if c.minute > hours * 60:
            break
        total += c.chance_first
        out.append(ChartBar(c.minute, total))
    return tuple(out)


def chart_top(bars: Sequence[ChartBar]) -> Fraction:
    """The top of the chance axis: the smallest of 10%, 20%, 25%, 50%, 100% that holds every bar."""
    highest = max((b.chance for b in bars), default=Fraction(0))
    for top in (Fraction(1, 10), Fraction(1, 5), Fraction(1, 4), Fraction(1, 2)):
        if highest <= top:
            return top
    return Fraction(1)


def chance_chart(t: Timetable, odds: Odds, width: float) -> Sketch:
    """Bars of the chance that each check in the first three hours (or three units, where a unit lasts
    longer than an hour) brings the check's result, for a quiet party, on a chance axis scaled to the
    highest; where every check has the same chance (bars that would all stand level), the chance of at
    least one by each check instead, with the one chance in its title. The chance of at least one by each
    of its :func:`~sheetgen.words.milestones` under it."""
    sk = Sketch()
    hours = min(odds.hours, max(CHART_HOURS, math.ceil(3 * odds.unit_minutes / 60)))
    told = milestones(odds, hours)
    bars = chart_bars(odds, hours)
    span = duration(hours * 3600)
    if len(bars) > 1 and len({b.chance for b in bars}) == 1:
        title = {
            1: _(
                "Chance of at least one {result} by each check in the first hour, quiet party ({percent} at "
                "every check)"
            ),
            24: _(
                "Chance of at least one {result} by each check in the first day, quiet party ({percent} at every check)"
            ),
        }.get(hours) or _(
            "Chance of at least one {result} by each check in the first {span}, quiet party ({percent} at every check)"
        )
        title = title.format(result=t.result_word, span=span, percent=percent(bars[0].chance))
        bars = cumulative_bars(odds, hours)
    else:
        title = {
            1: _("Chance of {result} at each check in the first hour, quiet party"),
            24: _("Chance of {result} at each check in the first day, quiet party"),
        }.get(hours) or _("Chance of {result} at each check in the first {span}, quiet party")
        title = title.format(result=t.result_word, span=span)
    height = set_text(sk, title, 0.0, 0.0, width, SMALL, bold=True)
    peak = chart_top(bars)
    total = hours * 60
    left = 24.0
    gaps = [float(b.minute - a.minute) for a, b in pairwise(bars)]
    pitch = (width - left) * (min(gaps) if gaps else total) / total
    bar_w = max(2.0, min(10.0, pitch * 0.6))
    right = width - max(bar_w / 2, 6.0)  # room for the last bar and the "3 h" under it
    top, bottom = -height - 6.0, -height - 6.0 - 56.0

    def x_at(minute: Fraction) -> float:
        return left + (right - left) * float(minute) / total

    def y_at(chance: Fraction) -> float:
        return bottom + (top - bottom) * float(chance / peak)

    for step in range(5):
        p = peak * step / 4
        y = y_at(p)
        if step:
            sk.line(left, y, right, y, RULE, 0.75)
        if step % 2 == 0:
            sk.text(left - 3.0, y - 2.8, re.sub(r"[.,]0(?=\s?%)", "", percent(p)), "label", SMALL, align="right")
    for bar in bars:
        h = y_at(bar.chance) - bottom
        if h > 0:
            sk.add(RectMark(x_at(bar.minute) - bar_w / 2, bottom, bar_w, h, fill=0.45, stroke=RULE))
    sk.line(left, bottom, right, bottom, 1.0)
    sk.line(left, bottom, left, top, 1.0)
    for hour in (0, *(h for _label, h in told)):
        x = x_at(Fraction(hour * 60))
        sk.line(x, bottom, x, bottom - 3.0, RULE)
        sk.text(x, bottom - 12.0, f"{hour} h" if hour else "0", "label", SMALL, align="centre")
    y = bottom - 16.0
    by_hour = ", ".join(
        _("{percent} by {time}").format(percent=percent(odds.by_hour[h - 1]), time=label) for label, h in told
    )
    y -= set_text(
        sk, _("At least one {result}: {times}.").format(result=t.result_word, times=by_hour), 0.0, y, width, SMALL
    )
    return sk


def block_height(sk: Sketch) -> float:
    """How far below its top (y = 0) a block's marks reach."""
    low = 0.0
    for m in sk.marks:
        if isinstance(m, TextMark):
            low = min(low, m.y - m.size * 0.25)
        elif isinstance(m, LineMark):
            low = min(low, m.y1, m.y2)
        elif isinstance(m, (RectMark, BoxMark)):
            low = min(low, m.y)
    return -low


# -- deck cards ------------------------------------------------------------------------------------------


def _label(label: str, text: str) -> str:
    """'**Morale:** 8': a card's fact after its label in bold (with *text* empty, the label and its space)."""
    return _("**{label}:** {text}").format(label=label, text=text)


DISTANCE, REACTION, ZONE = N_("Distance"), N_("Reaction"), N_("Zone")
"""A card's labels for the rolls and the zone the deck's key glosses, in English: translated where printed."""


def card_lines(card: DeckCard, *, glosses: bool = True) -> list[str]:
    """The card's facts as marked-up lines, in the order they are used at the table; without *glosses*, a
    distance, a reaction and a zone say only their name (the deck's key, :func:`deck_key`, says the rest)."""
    lines = [_label(_("Number appearing"), appearing_text(card))] if card.creature or card.appearing != 1 else []
    for label, roll in ((DISTANCE, card.distance), (REACTION, card.reaction)):
        if roll is not None:
            lines.append(_label(_(label), table_roll_text(roll, gloss=glosses)))
    morale = morale_text(card)
    if morale is not None:
        lines.append(_label(_("Morale"), morale))
    if card.zone:
        gloss = f" \u2014 {card.zone_text}" if card.zone_text and glosses else ""
        lines.append(_label(_(ZONE), f"{card.zone}{gloss}"))
    stat = card.stat_name or card.stat_id
    if stat:
        lines.append(_label(_("See stat card"), stat))
    if card.signs:
        lines.append(_label(_("Foretold by"), signs_text([(s.outcome, s.seconds) for s in card.signs])))
    lines.extend(opening_lines(card))
    if not card.creature:
        lines.append("_" + _(NOT_A_CREATURE) + "_")
    return lines


def shared_lines(t: Timetable) -> tuple[str, ...]:
    """The facts every card of the deck says alike (the zone all its creatures start in, the one stat card
    they all use), said once in the deck's head instead; none for a deck of fewer than two cards."""
    if len(t.deck) < 2:
        return ()
    first, *rest = (card_lines(card, glosses=False) for card in t.deck)
    return tuple(line for line in first if not line.startswith("_") and all(line in lines for lines in rest))


def deck_key(t: Timetable) -> list[str]:
    """What the distances, reactions and zones on a deck of two cards or more mean, each said once for the
    deck ('**Distance:** Close: Within reach of Melee Attacks; Far: ...'), in the order they first come up;
    the cards then give only their names."""
    if len(t.deck) < 2:
        return []
    found: dict[str, dict[str, str]] = {}
    for card in t.deck:
        for label, roll in ((DISTANCE, card.distance), (REACTION, card.reaction)):
            if roll is not None and table_roll_gloss(roll):
                found.setdefault(label, {}).setdefault(roll.result, table_roll_gloss(roll))
        if card.zone and card.zone_text:
            found.setdefault(ZONE, {}).setdefault(card.zone, card.zone_text)
    return [
        _label(_(label), semicolons(after_colon(name, gloss.rstrip(".")) for name, gloss in glosses.items())) + "."
        for label, glosses in found.items()
    ]


def opening_lines(card: DeckCard) -> list[str]:
    """'**Surprise:** party 1d6 = 2, surprised · monsters 1d6 = 5', one line per opening roll's name."""
    return [f"**{name}:** {said}" for name, said in opening_texts(card, ("**", "**"))]


def card_content(
    card: DeckCard,
    width: float,
    shared: tuple[str, ...] = (),
    *,
    glossed: bool = False,
) -> tuple[Sketch, float, float]:
    """One card's content, y from its top: the sketch, its natural height and its head band's height; the
    ``shared`` lines (:func:`shared_lines`) and, when the deck's head is *glossed* (:func:`deck_key`), what
    its distances, reactions and zones mean are left to the deck's head."""
    sk = Sketch()
    inner = width - 2 * PAD
    roll = f"{card.dice} = {card.roll}"
    roll_w = text_width(roll, "label", SMALL)
    name_x = PAD + TICK.text + 6.0
    name_h = set_text(
        sk, f"{card.index}. {card.name}", name_x, -PAD + 0.5, width - name_x - roll_w - 3 * PAD, 10.5, bold=True
    )
    head_h = round(max(TICK.text + 2 * PAD, name_h + 2 * PAD), 2)
    sk.add(
        BoxMark(f"card-{card.index}", PAD, -PAD - TICK.text, TICK.text, _("encounter {n} used").format(n=card.index))
    )
    sk.text(width - PAD, -PAD - 9.5, roll, "label", SMALL, align="right")
    y = -head_h - 3.0
    for line in card_lines(card, glosses=not glossed):
        if line not in shared:
            y -= set_text(sk, line, PAD, y, inner, TEXT) + 1.0
    if card.text:
        y -= 2.0
        y -= set_text(sk, card.text, PAD, y, inner, 9.0, base="body")
    return sk, round(-y + PAD, 2), head_h


def card_frame(width: float, height: float, head_h: float) -> list[Mark]:
    """A card's outline and its grey head band, *height* tall (a row's cards share the taller height)."""
    return [
        RectMark(0.0, -head_h, width, head_h, fill=HEAD_FILL, stroke=0.0),
        LineMark(0.0, -head_h, width, -head_h, RULE),
        RectMark(0.0, -height, width, height, fill=None, stroke=1.0),
    ]


LOG_ROW = 22.0
"""The height of a line of the encounter log: room to write by hand."""

LOG_COLUMNS = ((N_("Time"), 0.1), (N_("Where"), 0.22), (N_("What the party met"), 0.4), (N_("What came of it"), 0.28))


def encounter_log(width: float, rows: int) -> Sketch:
    """A ruled log to fill in at the table, for a timetable without an encounter deck: a title, a line
    on its use, the columns' heads and *rows* ruled lines."""
    sk = Sketch()
    y = -set_text(sk, _("Encounter log"), 0.0, 0.0, width, 11.0, bold=True) - 2.0
    y -= set_text(
        sk,
        _("Write down each encounter as it happens: when, where, what the party met and what came of it."),
        0.0,
        y,
        width,
        TEXT,
    )
    y -= 4.0
    x = 0.0
    for name, share in LOG_COLUMNS:
        sk.text(x + 3.0, y - TEXT, _(name), "label-bold", TEXT)
        x += share * width
    y -= TEXT + 4.0
    sk.line(0.0, y, width, y, RULE)
    top = y
    for _row in range(rows):
        y -= LOG_ROW
        sk.line(0.0, y, width, y, RULE)
    x = 0.0
    for _name, share in LOG_COLUMNS[:-1]:
        x += share * width
        sk.line(x, top, x, y, RULE)
    return sk


def deck_head(t: Timetable, width: float, continued: bool) -> Sketch:
    """The deck's title, where its cards come from, how to use them and the morale rule, ruled off."""
    sk = Sketch()
    title = _("Encounter deck (continued)") if continued else _("Encounter deck")
    source = deck_source(t)
    if source:
        title += f" \u2014 {source}"
    y = -set_text(sk, title, 0.0, 0.0, width, 11.0, bold=True) - 2.0
    if not continued:
        use = ""
        if t.deck and t.rows:
            use = " " + _("Tick each card as you use it.")
        note, morale = deck_note(t), morale_rule(t)
        y -= set_text(sk, f"{note[:1].upper()}{note[1:]}.{use}", 0.0, y, width, TEXT)
        if morale and t.deck:
            y -= set_text(sk, _label(_("Morale"), f"{morale}."), 0.0, y, width, TEXT)
        for line in deck_key(t):
            y -= set_text(sk, line, 0.0, y, width, TEXT)
        shared = shared_lines(t)
        if shared:
            y -= set_text(sk, _("On every card: {facts}").format(facts=semicolons(shared)), 0.0, y, width, TEXT)
    sk.line(0.0, y - 3.0, width, y - 3.0, RULE)
    return sk
