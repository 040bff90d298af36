"""Blocks of a tracker page: a pack's TrackerPart and a width in, marks and a height out.

Every block is built from its top-left corner (y negative downwards) by a function named after the part
kind; sheetgen.layout.trackers places the blocks on the page. This module holds what all parts share
(the context, headings, rule lines, rows of boxes), the turns grid, and the parts that are rows of
boxes (tallies, resources, countdowns); tracks are in sheetgen.layout.tracker_tracks, and combat
rounds, tables, notes and actions in sheetgen.layout.tracker_tables. The turns grid is the one block
whose height depends on a count, so it is built in two steps: :func:`turns_grid` (what a row looks
like) and :func:`turns_block` (that many turns).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen import limits
from sheetgen.design import TICK, TYPE
from sheetgen.engine.due import (
    CERTAIN,
    POSSIBLE,
    check_kind,
    check_mark,
    condition_mark,
    condition_state,
    marked_rolls,
    marks_check,
    periodic,
    pool_fill_units,
    rest_mark,
    rests_due,
    roll_mark,
    roll_marks,
)
from sheetgen.engine.resources import lit_unit, out_unit, rate_units
from sheetgen.errors import Location
from sheetgen.fonts import check_text_covered
from sheetgen.layout.marks import (
    Mark,
    RectMark,
    Sketch,
    flow,
    flow_all,
    line_height,
    slug,
    text_width,
)
from sheetgen.model.pack import Action, Pack, Resource, TrackerPage, TrackerPart
from sheetgen.words import (
    clock,
    conditions_order_text,
    duration,
    pool_cadence_text,
    pool_rule_note,
    rate_due_phrase,
    roll_sentence,
    running_down,
    times,
)
from sheetgen.words.language import _, after_colon, semicolons

BODY = TYPE.tracker_body
"""Rule lines and table text."""
LABEL = TYPE.label
"""Numbers and captions under boxes."""
HEADING = 10.5
LABEL_GAP = 3.0
"""Space between a box and the label under it."""

BOX = TICK.tracker
"""Side of the tick boxes of tracks, resources, countdowns and tallies."""
TURN_BOX = TICK.tracker
"""Side of a turn's box, and of each of its action boxes."""
SMALL_BOX = TICK.tracker
"""Side of the boxes of combat-round marks, a clock's segments and a results table."""
SUB_BOX = TICK.text
"""Side of the boxes of short moves inside a unit, beside its action boxes."""
SMALL_PITCH = SUB_BOX + 3.0
SUB_MAX = 10
"""Most boxes drawn for one kind of short move in one unit."""
SUB_LEAST = 4
CELL_GAP = 14.0
"""Least space between two units of a turns grid."""
TALLY_BOXES = 10
"""Most marks a tally row holds (fewer when the row is narrow)."""
HOUR = 3600
DAY = 24 * HOUR


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

    def items(self, part_index: int, part: TrackerPart) -> list[str]:
        """The part's items, each checked against the shipped fonts."""
        return [self.checked(s, self.where(part_index, "items", i)) for i, s in enumerate(part.items)]

    def checked(self, text: str, field: str) -> str:
        """*text*, once every character of it is known to be in a shipped font (FontError otherwise)."""
        check_text_covered(text, Location(file=f"pack {self.pack.id}", field=field))
        return text


# -- small helpers -------------------------------------------------------------------------------------


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def heading(sk: Sketch, width: float, title: str, right: str = "", *, reserve: float | None = None) -> float:
    """A part's title with a rule under it, and *right* set at the right end of its first line.

    The title wraps short of *reserve* points (the width of *right* unless given), so a heading can be
    measured before the text on its right is known. Returns the height used.
    """
    room = text_width(right, "label", LABEL + 0.5) if reserve is None else reserve
    title_lines = flow(title, width - room - (12.0 if room else 0.0), HEADING, base="label", bold=True)
    sk.extend(title_lines.marks)
    if right:
        sk.text(width, -HEADING * 0.93, right, "label", LABEL + 0.5, align="right")
    rule = -title_lines.height - 2.0
    sk.line(0.0, rule, width, rule, 0.75)
    return -rule + 6.0


def put(sk: Sketch, flowed_marks: Sequence[Mark], dx: float, dy: float) -> None:
    sk.extend(flowed_marks, dx, dy)


def rules(sk: Sketch, lines: Sequence[str], width: float, top: float, prefix: str, bullet: str | None = "•") -> float:
    """Rule lines as a bulleted list under *top*; returns the new top."""
    if not lines:
        return top
    flowed = flow_all(lines, width, BODY, bullet=bullet, box_prefix=prefix)
    put(sk, flowed.marks, 0.0, top)
    return top - flowed.height


def box_row(
    sk: Sketch,
    x: float,
    top: float,
    width: float,
    labels: Sequence[str],
    names: Sequence[str],
    tooltips: Sequence[str],
    *,
    side: float = BOX,
    max_pitch: float = 30.0,
    label_size: float = LABEL,
    heavy: Sequence[bool] = (),
) -> float:
    """Boxes left to right (wrapping into more rows when needed, as even as they go: 4 + 4, not 7 + 1),
    each with its label under it; a box
    whose ``heavy`` is true (an omen level) gets a heavier outline, as on the reference page.

    Returns the height used.
    """
    widest = max((text_width(label, "label", label_size) for label in labels), default=0.0)
    pitch = max(min(max_pitch, max(side + 4.0, width / max(len(labels), 1))), widest + 4.0)
    most = max(1, int((width - side) // pitch) + 1)
    per_row = -(-len(labels) // -(-len(labels) // most)) if labels else most
    show_labels = any(labels)
    row_h = side + (LABEL_GAP + line_height(label_size) if show_labels else 0.0)
    y = top
    for i, (label, name, tip) in enumerate(zip(labels, names, tooltips, strict=True)):
        row, col = divmod(i, per_row)
        y = top - row * (row_h + 6.0)
        bx = x + col * pitch
        sk.box(bx, y - side, side, name, tip)
        if i < len(heavy) and heavy[i]:
            heavy_outline(sk, bx, y - side, side)
        if label:
            sk.text(
                bx + side / 2,
                y - side - LABEL_GAP - label_size * 0.93,
                label,
                "label",
                label_size,
                align="centre",
            )
    rows = math.ceil(len(labels) / per_row)
    return rows * row_h + (rows - 1) * 6.0


def heavy_outline(sk: Sketch, x: float, y: float, side: float) -> None:
    """A heavier outline over the box at (x, y): an omen level's box."""
    sk.add(RectMark(x, y, side, side, stroke=HEAVY_STROKE, role="omen"))


HEAVY_STROKE = 2.0
"""The outline of an omen level's box, in points (the reference page draws them as heavy)."""


# -- turns ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnsGrid:
    """How a turns part is drawn at a width: everything but the number of turns."""

    head: Block
    """The rule lines and the legend under the heading, and the heading's height."""
    reserve: float
    """Room kept on the heading's right for the number of turns shown."""
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


def due_marks(pack: Pack, unit: int, *, gm: bool = True) -> str:
    """What falls due at the end of a unit, as marks beside its time: 'C', 'c', 'C R'. The check is
    marked on the GM's pages only (the players do not roll it)."""
    marks = [check_mark(pack, unit)] if gm and marks_check(pack) else []
    marks += roll_marks(pack, unit) if gm else []
    marks += [rest_mark(r) for r in rests_due(pack, unit)]
    marks += [condition_mark(c) for c in pack.conditions if condition_state(c, unit) is not None]
    marks += [_resource_mark(r) for r in _slow_rates(pack) if _rate_due(pack, r, unit)]
    return " ".join(m for m in marks if m)


def _slow_rates(pack: Pack) -> list[Resource]:
    """Resources used every few units at times the rules fix (one used every unit needs no mark; a light
    lit after a rolled one says its rule beside its boxes)."""
    return [r for r in pack.resources if r.every is not None and r.every > 1 and lit_unit(pack, r) is not None]


def _rate_due(pack: Pack, resource: Resource, unit: int) -> bool:
    if resource.after is None:  # lit at the start: marked every N units, as far as the grid goes
        return resource.every is not None and unit % resource.every == 0
    return unit in rate_units(pack, resource, unit)


def _resource_mark(resource: Resource) -> str:
    """'L−': a box of Lantern oil is used; 'R?': Rations' dice are rolled."""
    return f"{resource.name[:1].upper()}{'?' if resource.rolled else chr(0x2212)}"


def due_legend(pack: Pack, *, gm: bool = True) -> str:
    """The key to the due marks, or '' when the grid has none; the check's only on the GM's pages."""
    parts = []
    if gm and marks_check(pack):
        assert pack.check is not None
        rolls = pack.check.cadence.rolls
        if check_kind(pack) == CERTAIN and rolls > 1:
            parts.append(
                f"**{CERTAIN}\u00d7{rolls}** "
                + _("{check}, rolled {times}").format(check=pack.check.name, times=times(rolls))
            )
        elif check_kind(pack) == CERTAIN:
            parts.append(f"**{CERTAIN}** {pack.check.name}")
        elif pool_fill_units(pack) is not None:
            parts.append(f"**{POSSIBLE}** {pack.check.name}, {pool_cadence_text(pack)}")
        else:
            parts.append(f"**{POSSIBLE}** " + _("{check}, if its cadence has come round").format(check=pack.check.name))
    for roll in marked_rolls(pack) if gm else ():
        parts.append(f"**{roll_mark(roll)}** " + after_colon(roll.name, roll_sentence(pack, roll)))
    for r in periodic(pack):
        parts.append(
            f"**{rest_mark(r)}** "
            + (_("{rest} due (skipped: {penalty})") if r.penalty else _("{rest} due")).format(
                rest=r.name, penalty=r.penalty
            )
        )
    for condition in pack.conditions:
        parts.append(
            f"**{condition_mark(condition)}** {condition.name}: "
            f"{conditions_order_text(pack, condition, at_times=False)}"
        )
    for res in _slow_rates(pack):
        parts.append(f"**{_resource_mark(res)}** {rate_due_phrase(res)}")
    marked = marked_rolls(pack)
    every_unit = [r.name for r in pack.rolls if r not in marked] if gm else []
    if every_unit:
        parts.append(_("every {unit}: {rolls}").format(unit=pack.time.unit, rolls=", ".join(every_unit)))
    if not parts:
        return ""
    return _("Due at the end of the {unit}: {marks}").format(unit=pack.time.unit, marks=semicolons(parts))


def _share_strips(short: list[Action], named: Sequence[str]) -> list[Action]:
    """An action named by the part that lasts as long as one of the group's shares that strip of boxes (a
    box for each minute of either; the strip keeps its name, the part's rule line says so), so the row
    grows neither taller nor wider; one that lasts as long as none gets a strip of its own."""
    out: list[Action] = []
    for action in short:
        if not (action.name in named and any(o.time == action.time for o in out)):
            out.append(action)
    return out


def _short_actions(pack: Pack, group: str | None, named: Sequence[str] = ()) -> list[Action]:
    """The actions shorter than a unit that get small boxes: those of the group, then those named."""
    return [
        a
        for a in pack.actions
        if ((a.group == group and group is not None) or a.name in named)
        and a.time is not None
        and a.time < pack.time.length
    ]


def _shown(pack: Pack, turns: int) -> str:
    """'18 dungeon turns = 3 hours shown'."""
    unit = pack.time.unit if turns == 1 else pack.time.plural
    return _("{n} {units} = {duration} shown").format(n=turns, units=unit, duration=duration(turns * pack.time.length))


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
    short = _short_actions(pack, part.group, part.actions)
    for a in short:
        ctx.checked(a.name, f"actions[{pack.actions.index(a)}].name")
    short = _share_strips(short, part.actions)
    sk = Sketch()
    title = ctx.checked(turns_title(pack, part), ctx.where(q, "title"))
    # room on the heading's right for the widest count it may show
    reserve = text_width(_shown(pack, limits.MAX_TURNS), "label", LABEL + 0.5)
    top = -heading(Sketch(), width, title, reserve=reserve)
    items = ctx.items(q, part)
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
            legend = _("Small boxes in each {unit}: {actions}").format(
                unit=pack.time.unit,
                actions=", ".join(f"**{a.name}** ({duration(a.time or 0, short=True)})" for a, _n in subs),
            )
            top = rules(sk, [legend], width, top - 1.0, f"turns-{q}-legend", bullet=None)
    legend = due_legend(pack, gm=ctx.gm)
    if legend:
        top = rules(sk, [legend], width, top - 1.0, f"turns-{q}-due", bullet=None)
    head = Block(tuple(sk.marks), -top + 6.0)
    fit = max(1, int((avail + CELL_GAP) // (cell + CELL_GAP)))
    per_row = row_units(pack, fit)
    main_h = box + LABEL_GAP + line_height(LABEL)
    row_h = max(main_h, len(subs) * SMALL_PITCH - 3.0)
    return TurnsGrid(head, reserve, per_row, avail / per_row, row_h, 9.0, label_width, box, actions, subs, sub_label)


def row_units(pack: Pack, fit: int) -> int:
    """Units in a row of the turns grid, so that a row reads as a span of play: an hour's units (a day's
    where a unit lasts longer than an hour); where that is fewer than three units, the first light's
    length if it lasts three or more, else the fewest hours (or days) that hold three. The largest whole
    share of that span which fits in *fit* units when the whole span does not."""
    length = pack.time.length
    span = max(1, (HOUR if length <= HOUR else DAY) // length)
    if span < 3:
        lights = (out_unit(pack, r) for r in pack.resources if r.after is None)
        light = next((u for u in lights if u is not None), None)
        span = light if light is not None and light >= 3 else span * -(-3 // span)
    return next(n for n in range(min(span, fit), 0, -1) if span % n == 0)


def turns_block(ctx: PartContext, q: int, part: TrackerPart, width: float, grid: TurnsGrid, turns: int) -> Block:
    pack = ctx.pack
    unit = pack.time.length
    sk = Sketch()
    heading(sk, width, turns_title(pack, part), _shown(pack, turns), reserve=grid.reserve)
    sk.extend(grid.head.marks)
    top = -grid.head.height
    main = grid.actions * grid.box + (grid.actions - 1) * 3.0
    cell = main + (8.0 + grid.sub_label_width + max(n for _, n in grid.subs) * SMALL_PITCH - 3.0 if grid.subs else 0.0)
    action_word = slug(pack.time.action) or "action"
    for row in range(math.ceil(turns / grid.per_row)):
        y = top - row * (grid.row_height + grid.row_gap)
        first = row * grid.per_row + 1
        last = min(first + grid.per_row - 1, turns)
        sk.text(
            0.0,
            y - grid.box / 2 - LABEL * 0.35,
            f"{first}–{last}" if last > first else str(first),
            "label-bold",
            LABEL,
        )
        for n in range(first, last + 1):
            col = n - first
            x0 = grid.label_width + col * grid.pitch + (grid.pitch - cell) / 2
            unit_name = f"{capital(pack.time.unit)} {n}"
            for k in range(grid.actions):
                bx = x0 + k * (grid.box + 3.0)
                if grid.actions == 1:
                    sk.box(bx, y - grid.box, grid.box, f"turn-{n}", unit_name, turn=n)
                else:
                    sk.box(
                        bx,
                        y - grid.box,
                        grid.box,
                        f"turn-{n}-{action_word}-{k + 1}",
                        f"{unit_name}, {pack.time.action} {k + 1}",
                        turn=n,
                    )
            # the clock at the end of the unit, as the timetable's rows say it: box 1 of 10 minutes is 0:10
            minute = clock(n * unit)
            sk.text(
                x0 + main / 2,
                y - grid.box - LABEL_GAP - LABEL * 0.93,
                minute,
                "label",
                LABEL,
                align="centre",
            )
            due = due_marks(pack, n, gm=ctx.gm)
            if due:
                sk.text(
                    x0 + main / 2 + text_width(minute, "label", LABEL) / 2 + 2.0,
                    y - grid.box - LABEL_GAP - LABEL * 0.93,
                    due,
                    "label-bold",
                    LABEL,
                )
            sx = x0 + main + 8.0
            for s, (action, count) in enumerate(grid.subs):
                sy = y - s * SMALL_PITCH
                sk.text(sx, sy - SUB_BOX / 2 - LABEL * 0.35, action.name, "label", LABEL)
                for k in range(count):
                    sk.box(
                        sx + grid.sub_label_width + k * SMALL_PITCH,
                        sy - SUB_BOX,
                        SUB_BOX,
                        f"turn-{n}-{slug(action.name)}-{k + 1}",
                        f"{unit_name}, {action.name} {k + 1}",
                        turn=n,
                    )
    return Block(tuple(sk.marks), grid.height(turns))


# -- rows of boxes -------------------------------------------------------------------------------------


def _named_rows(
    sk: Sketch,
    top: float,
    width: float,
    rows: Sequence[tuple[str, str, int, str]],
    box_labels: dict[str, list[str]] | None = None,
) -> float:
    """Rows of boxes, each with a name (and a smaller second line) in a left column; returns new top.

    A row asking for TALLY_BOXES gets as many as fit on one line, up to that. ``box_labels`` gives the
    labels under the boxes of a row, by the row's id.
    """
    name_w = min(
        max(
            (max(text_width(n, "label-bold", BODY + 0.5), text_width(s, "label", LABEL)) for n, s, _, _ in rows),
            default=0.0,
        )
        + 10.0,
        width * 0.45,
    )
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
        labels = [*(box_labels or {}).get(prefix, []), *[""] * count][:count]
        names = [f"{prefix}-{k + 1}" for k in range(count)]
        tips = [f"{name} {k + 1}" for k in range(count)]
        h = box_row(sk, name_w, top, width - name_w, labels, names, tips, max_pitch=BOX + 5.0)
        top -= max(h, text_h) + 6.0
    return top


def tallies_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    pack = ctx.pack
    pool = pack.check.pool if pack.check is not None else None
    marks = TALLY_BOXES
    labels: dict[str, list[str]] = {}
    rows = []
    if pool is not None and pool.roll_at is not None:
        # the pool drawn to size: one box per die it holds, the last one the roll point
        marks = max(1, pool.roll_at - pool.base)
        name = _("Pool")
        rows.append((name, pool_rule_note(pack), pool.roll_at, "pool"))
        labels["pool"] = [str(k) for k in range(1, pool.roll_at)] + [_("{n}: roll").format(n=pool.roll_at)]
    feeds = set(pool.tallies) if pool is not None else set()
    rows += [
        (ctx.checked(t.name, f"tallies[{i}].name"), "", marks if t.id in feeds else TALLY_BOXES, t.id)
        for i, t in enumerate(pack.tallies)
    ]
    return _rows_block(ctx, q, part, width, _("Tallies"), rows, labels)


def resources_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    """A row of boxes per resource; one that runs down at a rate has under each box the time it is used
    (from when it is lit, for a light lit after another), and a usage die one box per die, its die under it."""
    pack = ctx.pack
    rows = [
        (
            ctx.checked(r.name, f"resources[{i}].name"),
            ctx.checked(r.lasts or running_down(pack, r), f"resources[{i}].lasts"),
            r.boxes,
            r.id,
        )
        for i, r in enumerate(pack.resources)
    ]
    labels = {r.id: found for r in pack.resources if (found := _box_labels(pack, r))}
    return _rows_block(ctx, q, part, width, _("Resources"), rows, labels)


def _box_labels(pack: Pack, resource: Resource) -> list[str]:
    """Under each box: a usage die's dice; the time a fixed rate uses it; nothing where dice decide that."""
    if resource.dice is not None:
        return list(resource.dice)
    start = lit_unit(pack, resource)
    if resource.every is None or resource.chance is not None or start is None:
        return []
    return [
        clock((start + -(-k // resource.use) * resource.every) * pack.time.length) for k in range(1, resource.boxes + 1)
    ]


def _rows_block(
    ctx: PartContext,
    q: int,
    part: TrackerPart,
    width: float,
    default_title: str,
    rows: list[tuple[str, str, int, str]],
    box_labels: dict[str, list[str]] | None = None,
) -> Block:
    """A heading, a row of boxes for each (name, note, boxes, id), then the part's items as rules."""
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or default_title, ctx.where(q, "title")))
    top = _named_rows(sk, top, width, rows, box_labels)
    top = rules(sk, ctx.items(q, part), width, top, f"{default_title.lower()}-{q}")
    return Block(tuple(sk.marks), -top)


def countdown_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    pack = ctx.pack
    rest = next(r for r in pack.rests if r.id == part.ref)
    r = pack.rests.index(rest)
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or rest.name, ctx.where(q, "title")))
    unit = pack.time.length
    count = max(1, rest.time // unit)
    what = [ctx.checked(rest.time_label or duration(rest.time), f"rests[{r}].time_label")]
    if rest.risk:
        what.append(ctx.checked(rest.risk, f"rests[{r}].risk"))
    f = flow(" · ".join(f"**{w}**" if i == 0 else w for i, w in enumerate(what)), width, BODY)
    put(sk, f.marks, 0.0, top)
    top -= f.height + 3.0
    labels = [clock((k + 1) * unit) for k in range(count)]
    names = [f"{rest.id}-{k + 1}" for k in range(count)]
    tips = [after_colon(rest.name, duration((k + 1) * unit)) for k in range(count)]
    top -= box_row(sk, 0.0, top, width, labels, names, tips, max_pitch=34.0) + 4.0
    top = rules(
        sk,
        ctx.items(q, part),
        width,
        top,
        f"{rest.id}-rule",
    )
    return Block(tuple(sk.marks), -top)
