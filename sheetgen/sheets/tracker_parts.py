"""One block of a tracker page per part kind: a pack's TrackerPart and a width in, marks and a height out.

Every block is built from its top-left corner (y negative downwards) by a function named after the part
kind; sheetgen.sheets.trackers places the blocks on the page. The turns grid is the one block whose
height depends on a count, so it is built in two steps: :func:`turns_grid` (what one row looks like) and
:func:`turns_block` (that many turns).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from sheetgen.errors import Location
from sheetgen.fonts import check_text_covered
from sheetgen.markup import paragraphs
from sheetgen.model.pack import Action, Check, Pack, Track, TrackerPage, TrackerPart
from sheetgen.sheets.tracker_marks import (
    BOX_MIN,
    CircleMark,
    Mark,
    Sketch,
    flow,
    flow_all,
    line_height,
    slug,
    text_width,
)

BODY = 8.5
"""Rule lines and table text."""
LABEL = 8.0
"""Numbers and captions under boxes."""
HEADING = 10.5
LABEL_GAP = 3.0
"""Space between a box and the label under it."""
HEAD_H = HEADING + 10.0
"""Height of a part's heading, its rule included."""

BOX = 18.0
"""Side of the tick boxes of tracks, resources, countdowns and tallies."""
TURN_BOX = 20.0
"""Side of a turn's box (18 when a unit has several action boxes)."""
SMALL_BOX = BOX_MIN
"""Side of the boxes of short moves inside a unit, and of combat-round marks."""
SMALL_PITCH = SMALL_BOX + 3.0
SUB_MAX = 10
"""Most boxes drawn for one kind of short move in one unit."""
SUB_LEAST = 4
CELL_GAP = 14.0
"""Least space between two units of a turns grid."""
TALLY_BOXES = 10
"""Most marks a tally row holds (fewer when the row is narrow)."""
UNITS_PER_ROW = (10, 12, 8, 6, 5, 4, 3, 2, 1)
"""How many units a row of the turns grid holds: the first of these that fits (ten when it can)."""


@dataclass(frozen=True)
class Block:
    marks: tuple[Mark, ...]
    height: float


@dataclass(frozen=True)
class PartContext:
    """What every part needs: the pack, the page, where the page is in the pack, who it is for."""

    pack: Pack
    page: TrackerPage
    page_index: int
    gm: bool

    def where(self, part_index: int, *path: str | int) -> str:
        tail = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        return f"trackers[{self.page_index}].parts[{part_index}]{tail}"

    def checked(self, text: str, field: str) -> str:
        """*text*, once every character of it is known to be in a shipped font (FontError otherwise)."""
        check_text_covered(text, Location(file=f"pack {self.pack.id}", field=field))
        return text


# -- small helpers -------------------------------------------------------------------------------------

def short_duration(seconds: int) -> str:
    """'10 min', '1 hr', '30 s', '1 hr 30 min'."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [f"{hours} hr" if hours else "", f"{minutes} min" if minutes else "", f"{secs} s" if secs else ""]
    return " ".join(p for p in parts if p)


def long_duration(seconds: int) -> str:
    """'3 hours', '1 hour 40 minutes', '50 minutes', '30 seconds'."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)

    def unit(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s") if n else ""

    return " ".join(p for p in (unit(hours, "hour"), unit(minutes, "minute"), unit(secs, "second")) if p)


def elapsed_unit(unit_length: int) -> tuple[int, str]:
    """The clock unit elapsed time is printed in, for units of this length: (seconds, abbreviation)."""
    if unit_length % 3600 == 0:
        return 3600, "hr"
    if unit_length % 60 == 0:
        return 60, "min"
    return 1, "s"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def heading(sk: Sketch, width: float, title: str, right: str = "") -> float:
    """A part's title with a rule under it; *right* is set at the right end. Returns the height used."""
    sk.text(0.0, -HEADING, title, "label-bold", HEADING)
    if right:
        sk.text(width, -HEADING, right, "label", LABEL + 0.5, align="right")
    sk.line(0.0, -HEADING - 4.0, width, -HEADING - 4.0, 0.75)
    return HEAD_H


def put(sk: Sketch, flowed_marks: Sequence[Mark], dx: float, dy: float) -> None:
    sk.extend(flowed_marks, dx, dy)


def rules(sk: Sketch, lines: Sequence[str], width: float, top: float, prefix: str, bullet: str | None = "•") -> float:
    """Rule lines as a bulleted list under *top*; returns the new top."""
    if not lines:
        return top
    flowed = flow_all(lines, width, BODY, bullet=bullet, box_prefix=prefix)
    put(sk, flowed.marks, 0.0, top)
    return top - flowed.height


def box_row(sk: Sketch, x: float, top: float, width: float, labels: Sequence[str], names: Sequence[str],
            tooltips: Sequence[str], *, side: float = BOX, max_pitch: float = 30.0,
            label_size: float = LABEL) -> float:
    """Boxes left to right (wrapping into more rows when needed), each with its label under it.

    Returns the height used.
    """
    pitch = min(max_pitch, max(side + 4.0, width / max(len(labels), 1)))
    per_row = max(1, int((width - side) // pitch) + 1)
    show_labels = any(labels)
    row_h = side + (LABEL_GAP + line_height(label_size) if show_labels else 0.0)
    y = top
    for i, (label, name, tip) in enumerate(zip(labels, names, tooltips, strict=True)):
        row, col = divmod(i, per_row)
        y = top - row * (row_h + 6.0)
        bx = x + col * pitch
        sk.box(bx, y - side, side, name, tip)
        if label:
            sk.text(bx + side / 2, y - side - LABEL_GAP - label_size * 0.93, label, "label", label_size, align="centre")
    rows = math.ceil(len(labels) / per_row)
    return rows * row_h + (rows - 1) * 6.0


# -- turns ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnsGrid:
    """How a turns part is drawn at a width: everything but the number of turns."""

    head: Block
    """The heading without its count, the rule lines and the legend."""
    per_row: int
    pitch: float
    row_height: float
    row_gap: float
    label_width: float
    box: float
    actions: int
    subs: tuple[tuple[Action, int], ...]
    """Actions shorter than a unit, and how many boxes each gets per unit."""
    sub_label_width: float

    def height(self, turns: int) -> float:
        rows = math.ceil(turns / self.per_row)
        return self.head.height + rows * self.row_height + max(rows - 1, 0) * self.row_gap

    def most_turns(self, height: float) -> int:
        rows = int((height - self.head.height + self.row_gap) // (self.row_height + self.row_gap))
        return max(rows, 0) * self.per_row


def _short_actions(pack: Pack, group: str | None) -> list[Action]:
    if group is None:
        return []
    return [a for a in pack.actions if a.group == group and a.time is not None and a.time < pack.time.length]


def turns_title(pack: Pack, part: TrackerPart) -> str:
    return part.title or capital(pack.time.plural)


def turns_grid(ctx: PartContext, q: int, part: TrackerPart, width: float) -> TurnsGrid:
    """The shape of a turns part at *width*.

    A unit is a box (or one per action when a unit holds several). When the part names a group of
    actions, those shorter than a unit get a strip of small boxes in every unit: as many as the unit
    holds, but no more than let three units share a row (and never fewer than SUB_LEAST).
    """
    pack = ctx.pack
    actions = pack.time.actions_per_unit
    box = TURN_BOX if actions == 1 else BOX
    short = _short_actions(pack, part.group)
    for a in short:
        ctx.checked(a.name, f"actions[{pack.actions.index(a)}].name")
    sk = Sketch()
    ctx.checked(turns_title(pack, part), ctx.where(q, "title"))
    top = -HEAD_H
    items = [ctx.checked(t, ctx.where(q, "items", i)) for i, t in enumerate(part.items)]
    top = rules(sk, items, width, top, f"turns-{q}")
    label_width = text_width("8888–8888", "label-bold", LABEL) + 6.0
    avail = width - label_width
    main = actions * box + (actions - 1) * 3.0
    sub_label = max((text_width(a.name, "label", LABEL) for a in short), default=0.0) + 4.0
    subs: tuple[tuple[Action, int], ...] = ()
    cell = main
    if short:
        most = max(pack.time.length // (a.time or 1) for a in short)
        for cap in range(min(most, SUB_MAX), 0, -1):
            cell = main + 8.0 + sub_label + cap * SMALL_PITCH - 3.0
            if (avail + CELL_GAP) // (cell + CELL_GAP) >= 3 or cap <= SUB_LEAST:
                break
        subs = tuple((a, min(pack.time.length // (a.time or 1), cap)) for a in short)
        if not items:
            legend = "Small boxes in each " + pack.time.unit + ": " + ", ".join(
                f"**{a.name}** ({short_duration(a.time or 0)})" for a, _ in subs)
            top = rules(sk, [legend], width, top - 1.0, f"turns-{q}-legend", bullet=None)
    head = Block(tuple(sk.marks), -top + 6.0)
    fit = max(1, int((avail + CELL_GAP) // (cell + CELL_GAP)))
    per_row = next(n for n in UNITS_PER_ROW if n <= fit)
    main_h = box + LABEL_GAP + line_height(LABEL)
    row_h = max(main_h, len(subs) * SMALL_PITCH - 3.0)
    return TurnsGrid(head, per_row, avail / per_row, row_h, 9.0, label_width, box, actions, subs, sub_label)


def turns_block(ctx: PartContext, q: int, part: TrackerPart, width: float, grid: TurnsGrid, turns: int) -> Block:
    pack = ctx.pack
    unit = pack.time.length
    per, abbrev = elapsed_unit(unit)
    sk = Sketch()
    shown = f"{turns} {pack.time.unit if turns == 1 else pack.time.plural} = {long_duration(turns * unit)} shown"
    heading(sk, width, turns_title(pack, part), shown)
    sk.extend(grid.head.marks)
    top = -grid.head.height
    main = grid.actions * grid.box + (grid.actions - 1) * 3.0
    cell = main + (8.0 + grid.sub_label_width + max(n for _, n in grid.subs) * SMALL_PITCH - 3.0
                   if grid.subs else 0.0)
    action_word = slug(pack.time.action) or "action"
    for row in range(math.ceil(turns / grid.per_row)):
        y = top - row * (grid.row_height + grid.row_gap)
        first = row * grid.per_row + 1
        last = min(first + grid.per_row - 1, turns)
        sk.text(0.0, y - grid.box / 2 - LABEL * 0.35, f"{first}–{last}" if last > first else str(first),
                "label-bold", LABEL)
        if row == 0:
            sk.text(0.0, y - grid.box - LABEL_GAP - LABEL * 0.93, abbrev, "label", LABEL)
        for n in range(first, last + 1):
            col = n - first
            x0 = grid.label_width + col * grid.pitch + (grid.pitch - cell) / 2
            unit_name = f"{capital(pack.time.unit)} {n}"
            for k in range(grid.actions):
                bx = x0 + k * (grid.box + 3.0)
                if grid.actions == 1:
                    sk.box(bx, y - grid.box, grid.box, f"turn-{n}", unit_name, turn=n)
                else:
                    sk.box(bx, y - grid.box, grid.box, f"turn-{n}-{action_word}-{k + 1}",
                           f"{unit_name}, {pack.time.action} {k + 1}", turn=n)
            sk.text(x0 + main / 2, y - grid.box - LABEL_GAP - LABEL * 0.93, str((n - 1) * unit // per), "label", LABEL,
                    align="centre")
            sx = x0 + main + 8.0
            for s, (action, count) in enumerate(grid.subs):
                sy = y - s * SMALL_PITCH
                sk.text(sx, sy - SMALL_BOX / 2 - LABEL * 0.35, action.name, "label", LABEL)
                for k in range(count):
                    sk.box(sx + grid.sub_label_width + k * SMALL_PITCH, sy - SMALL_BOX, SMALL_BOX,
                           f"turn-{n}-{slug(action.name)}-{k + 1}", f"{unit_name}, {action.name} {k + 1}", turn=n)
    return Block(tuple(sk.marks), grid.height(turns))


# -- tracks --------------------------------------------------------------------------------------------

def _check_uses(check: Check, track_id: str) -> bool:
    refs = [check.trigger.track_full, check.advance.track if check.advance else None, *check.add]
    for value in (check.trigger.at_least, check.trigger.at_most, check.cadence.every):
        refs.append(getattr(value, "track", None))
    return track_id in refs


def track_rules(ctx: PartContext, q: int, part: TrackerPart, track: Track) -> list[str]:
    """The rule lines printed with a track: the part's items when it has any; otherwise the track's own
    text and resets and, for the GM, the check that reads the track."""
    if part.items:
        return [ctx.checked(s, ctx.where(q, "items", i)) for i, s in enumerate(part.items)]
    t = ctx.pack.tracks.index(track)
    lines = [ctx.checked(p, f"tracks[{t}].text") for p in paragraphs(track.text)[:1]]
    for r, reset in enumerate(track.resets):
        to = track.initial if reset.to is None else reset.to
        lines.append(f"Back to {to}: " + ctx.checked(reset.when, f"tracks[{t}].resets[{r}].when"))
    check = ctx.pack.check
    if ctx.gm and check is not None and _check_uses(check, track.id):
        lines.append(f"**{ctx.checked(check.name, 'check.name')}:** " + ctx.checked(check.formula, "check.formula"))
    return lines


def advance_legend(ctx: PartContext, track: Track) -> str | None:
    """For the GM: how the check's result moves this track, from the pack's advance table."""
    check = ctx.pack.check
    if not ctx.gm or check is None or check.advance is None or check.advance.track != track.id:
        return None
    read = {"highest": "highest die", "lowest": "lowest die", "sum": "total"}
    what = read[check.pool.read] if check.pool else "roll"
    rows = "; ".join(f"**{row.roll}** {ctx.checked(row.label, 'check.advance.by') if row.label else f'+{row.by}'}"
                     for row in check.advance.by)
    return f"{check.name}, {what}: {rows}"


def _level_label(track: Track, value: int, *, first: int) -> tuple[str, str]:
    """The label of the level that holds *value*, and its text when *value* is the rung the text goes
    with (*first*: the range's lowest or highest value), so a range of levels says it once."""
    for level in track.levels:
        if value in level.at:
            edge = max(level.at.low, track.min) if first < 0 else min(level.at.high, track.max)
            return level.label, level.text if value == edge else ""
    return "", ""


def track_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    track = ctx.pack.track(part.ref or "")
    t = ctx.pack.tracks.index(track)
    for i, level in enumerate(track.levels):
        ctx.checked(level.label, f"tracks[{t}].levels[{i}].label")
        ctx.checked(level.text, f"tracks[{t}].levels[{i}].text")
    span = track.max - track.min
    if track.display == "clock" and span <= 16:
        return _clock(ctx, q, part, track, width)
    if track.display == "ladder" and span <= 12:
        return _ladder(ctx, q, part, track, width)
    return _boxes(ctx, q, part, track, width)


def _boxes(ctx: PartContext, q: int, part: TrackerPart, track: Track, width: float) -> Block:
    sk = Sketch()
    t = ctx.pack.tracks.index(track)
    top = -heading(sk, width, ctx.checked(part.title or track.name, ctx.where(q, "title")))
    labels = [ctx.checked(b, f"tracks[{t}].box_labels[{i}]") for i, b in enumerate(track.box_labels)] or \
        [str(v) for v in range(track.min, track.max + 1)]
    names = [f"{track.id}-{slug(label) or i + 1}" for i, label in enumerate(labels)]
    tips = [f"{track.name} {label}" for label in labels]
    top -= box_row(sk, 0.0, top, width, labels, names, tips) + 4.0
    marks = [f"**{lvl.at}** {lvl.label}" for lvl in track.levels]
    if marks:
        flowed = flow("   ".join(marks), width, LABEL, base="label")
        put(sk, flowed.marks, 0.0, top)
        top -= flowed.height + 3.0
    top = rules(sk, track_rules(ctx, q, part, track), width, top, f"{track.id}-rule")
    return Block(tuple(sk.marks), -top)


def _clock(ctx: PartContext, q: int, part: TrackerPart, track: Track, width: float) -> Block:
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or track.name, ctx.where(q, "title")))
    segments = track.max - track.min
    radius = max(56.0, segments * (SMALL_BOX + 8.0) / (2 * math.pi) / 0.55)
    outer = radius + 22.0
    cx, cy = outer, top - outer
    sk.add(CircleMark(cx, cy, radius, 1.5))
    sk.add(CircleMark(cx, cy, 2.0, 0.75, fill=0.0))

    def at(angle_step: float, r: float) -> tuple[float, float]:
        angle = math.pi / 2 - 2 * math.pi * angle_step / segments
        return cx + r * math.cos(angle), cy + r * math.sin(angle)

    for k in range(segments):
        x, y = at(k, radius)
        sk.line(cx, cy, x, y, 1.0)
        bx, by = at(k + 0.5, radius * 0.55)
        value = track.min + k + 1
        sk.box(bx - SMALL_BOX / 2, by - SMALL_BOX / 2, SMALL_BOX, f"{track.id}-{value}", f"{track.name} {value}")
        nx, ny = at(k + 0.5, radius * 0.86)
        sk.text(nx, ny - LABEL * 0.35, str(value), "label", LABEL, align="centre")
    for level in track.levels:
        step = level.at.low - track.min
        if 0 < step < segments:
            x1, y1 = at(step, radius * 0.2)
            x2, y2 = at(step, radius + 9.0)
            sk.line(x1, y1, x2, y2, 2.5 if level.omen else 1.5)
            lx, ly = at(step, radius + 15.0)
            align: Literal["left", "centre", "right"] = "left" if lx > cx + 1 else "right" if lx < cx - 1 else "centre"
            sk.text(lx, ly - LABEL * 0.35, level.label, "label-bold", LABEL + 0.5, align=align)
        elif step == segments:
            x, y = at(0, radius + 6.0)
            sk.text(x, y, f"{track.max}: {level.label}", "label-bold", LABEL + 0.5, align="centre")
    lines = track_rules(ctx, q, part, track)
    legend = advance_legend(ctx, track)
    if legend:
        lines.append(legend)
    text_x = 2 * outer + 8.0
    clock_bottom = cy - outer
    if width - text_x >= 150.0:
        beside = Sketch()
        bottom = rules(beside, lines, width - text_x, top - 2.0, f"{track.id}-rule")
        sk.extend(beside.marks, text_x, 0.0)
        return Block(tuple(sk.marks), -min(clock_bottom, bottom))
    bottom = rules(sk, lines, width, clock_bottom - 2.0, f"{track.id}-rule")
    return Block(tuple(sk.marks), -bottom)


def _ladder(ctx: PartContext, q: int, part: TrackerPart, track: Track, width: float) -> Block:
    """Levels as rungs, each with a box to mark and its label and text: side by side when that is
    shorter, else one above the other with the highest at the top."""
    candidates = [_ladder_down(ctx, q, part, track, width)]
    if track.max - track.min < 5:
        candidates.append(_ladder_across(ctx, q, part, track, width))
    return min(candidates, key=lambda b: b.height)


def _ladder_across(ctx: PartContext, q: int, part: TrackerPart, track: Track, width: float) -> Block:
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or track.name, ctx.where(q, "title")))
    values = list(range(track.min, track.max + 1))
    pitch = width / len(values)
    col_w = pitch - 10.0
    bottom = top
    for i, value in enumerate(values):
        x = i * pitch
        label, text = _level_label(track, value, first=-1)
        y = top
        sk.box(x, y - BOX, BOX, f"{track.id}-{value}", f"{track.name} {value}")
        sk.text(x + BOX + 5.0, y - BOX / 2 - 13 * 0.35, str(value), "label-bold", 13.0)
        y -= BOX + 4.0
        if label:
            f = flow(f"**{label}**", col_w, BODY)
            put(sk, f.marks, x, y)
            y -= f.height + 1.0
        if text:
            f = flow(text, col_w, BODY)
            put(sk, f.marks, x, y)
            y -= f.height
        bottom = min(bottom, y)
    for i in range(1, len(values)):
        sk.line(i * pitch - 5.0, top, i * pitch - 5.0, bottom, 0.5, grey=0.5)
    top = rules(sk, track_rules(ctx, q, part, track), width, bottom - 6.0, f"{track.id}-rule")
    return Block(tuple(sk.marks), -top)


def _ladder_down(ctx: PartContext, q: int, part: TrackerPart, track: Track, width: float) -> Block:
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or track.name, ctx.where(q, "title")))
    number_w = max(text_width(str(v), "label-bold", 13.0) for v in (track.min, track.max))
    text_x = BOX + number_w + 14.0
    for value in range(track.max, track.min - 1, -1):
        label, text = _level_label(track, value, first=1)
        sk.box(0.0, top - BOX, BOX, f"{track.id}-{value}", f"{track.name} {value}")
        sk.text(BOX + 6.0, top - BOX / 2 - 13 * 0.35, str(value), "label-bold", 13.0)
        height = BOX
        if label or text:
            f = flow((f"**{label}** " if label else "") + text, width - text_x, BODY)
            put(sk, f.marks, text_x, top - 2.0)
            height = max(height, f.height + 2.0)
        top -= height + 5.0
    top = rules(sk, track_rules(ctx, q, part, track), width, top - 1.0, f"{track.id}-rule")
    return Block(tuple(sk.marks), -top)


# -- rows of boxes -------------------------------------------------------------------------------------

def _named_rows(sk: Sketch, top: float, width: float, rows: Sequence[tuple[str, str, int, str]]) -> float:
    """Rows of boxes, each with a name (and a smaller second line) in a left column; returns new top.

    A row asking for TALLY_BOXES gets as many as fit on one line, up to that.
    """
    name_w = min(max((max(text_width(n, "label-bold", BODY + 0.5), text_width(s, "label", LABEL))
                      for n, s, _, _ in rows), default=0.0) + 10.0, width * 0.45)
    fit = max(1, int((width - name_w - BOX) // (BOX + 5.0)) + 1)
    for name, sub, wanted, prefix in rows:
        count = min(wanted, fit) if wanted == TALLY_BOXES else wanted
        f = flow(name, name_w - 6.0, BODY + 0.5, base="label", bold=True)
        # a name alone sits level with its boxes; with a second line, the two start at the boxes' top
        lead = (BOX - f.height) / 2 if not sub and f.height < BOX else 1.0
        put(sk, f.marks, 0.0, top - lead)
        text_h = f.height + lead
        if sub:
            g = flow(sub, name_w - 6.0, LABEL, base="label")
            put(sk, g.marks, 0.0, top - text_h)
            text_h += g.height
        labels = [""] * count
        names = [f"{prefix}-{k + 1}" for k in range(count)]
        tips = [f"{name} {k + 1}" for k in range(count)]
        h = box_row(sk, name_w, top, width - name_w, labels, names, tips, max_pitch=BOX + 5.0)
        top -= max(h, text_h) + 6.0
    return top


def tallies_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or "Tallies", ctx.where(q, "title")))
    rows = [(ctx.checked(t.name, f"tallies[{i}].name"), "", TALLY_BOXES, f"{t.id}")
            for i, t in enumerate(ctx.pack.tallies)]
    top = _named_rows(sk, top, width, rows)
    top = rules(sk, [ctx.checked(s, ctx.where(q, "items", i)) for i, s in enumerate(part.items)], width, top,
                f"tallies-{q}")
    return Block(tuple(sk.marks), -top)


def resources_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or "Resources", ctx.where(q, "title")))
    rows = [(ctx.checked(r.name, f"resources[{i}].name"), ctx.checked(r.lasts or "", f"resources[{i}].lasts"),
             r.boxes, r.id) for i, r in enumerate(ctx.pack.resources)]
    top = _named_rows(sk, top, width, rows)
    top = rules(sk, [ctx.checked(s, ctx.where(q, "items", i)) for i, s in enumerate(part.items)], width, top,
                f"resources-{q}")
    return Block(tuple(sk.marks), -top)


def countdown_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    pack = ctx.pack
    rest = next(r for r in pack.rests if r.id == part.ref)
    r = pack.rests.index(rest)
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or rest.name, ctx.where(q, "title")))
    unit = pack.time.length
    count = max(1, rest.time // unit)
    per, abbrev = elapsed_unit(unit)
    what = [ctx.checked(rest.time_label or long_duration(rest.time), f"rests[{r}].time_label")]
    if rest.risk:
        what.append(ctx.checked(rest.risk, f"rests[{r}].risk"))
    f = flow(" · ".join(f"**{w}**" if i == 0 else w for i, w in enumerate(what)), width, BODY)
    put(sk, f.marks, 0.0, top)
    top -= f.height + 3.0
    labels = [str((k + 1) * unit // per) for k in range(count)]
    labels[-1] += f" {abbrev}"
    names = [f"{rest.id}-{k + 1}" for k in range(count)]
    tips = [f"{rest.name}: {long_duration((k + 1) * unit)}" for k in range(count)]
    top -= box_row(sk, 0.0, top, width, labels, names, tips, max_pitch=34.0) + 4.0
    top = rules(sk, [ctx.checked(s, ctx.where(q, "items", i)) for i, s in enumerate(part.items)], width, top,
                f"{rest.id}-rule")
    return Block(tuple(sk.marks), -top)
