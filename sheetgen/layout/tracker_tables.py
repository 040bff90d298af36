"""Tracker parts that are mostly text: combat rounds, ruled tables, notes and action lists.

Each function takes a pack's TrackerPart and a width and gives a Block (marks from its top-left corner,
y negative downwards), like those of sheetgen.layout.tracker_parts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from sheetgen.errors import Location, RenderError
from sheetgen.layout.marks import Mark, RectMark, Sketch, TextMark, flow, flow_all, slug, text_width
from sheetgen.layout.tracker_parts import (
    BODY,
    LABEL,
    SMALL_BOX,
    Block,
    PartContext,
    capital,
    heading,
    put,
    rules,
)
from sheetgen.markup import paragraphs, plain
from sheetgen.model.pack import Table, TrackerPart
from sheetgen.words import beings_key, duration
from sheetgen.words.language import _

# -- combat rounds -------------------------------------------------------------------------------------


def rounds_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    """Combat rounds: for each round, each group's Turn box and a Move and an Action box, one pair per
    Being when the part gives ``beings`` (a key under the heading says what M and A are). The groups sit
    side by side, or, when their boxes do not fit across the width, one under another, each with its own
    header and round numbers."""
    title, items, groups, grid = _rounds_setup(ctx, q, part, width)
    sk = Sketch()
    top = -heading(sk, width, title, f"{part.rounds} rounds")
    top = rules(sk, items, width, top, f"rounds-{q}") - (4.0 if items else 0.0)
    if grid.across(len(groups)) <= width:
        top = grid.draw(sk, groups, width, top)
    else:  # too wide side by side: each group its own grid, one under another
        for g, group in enumerate(groups):
            top = grid.draw(sk, [group], width, top - (GROUP_GAP if g else 0.0))
    return Block(tuple(sk.marks), -top)


def rounds_pieces(ctx: PartContext, q: int, part: TrackerPart, width: float) -> list[Block]:
    """The round tracker cut between its groups, for a page that takes more than one sheet: when the
    groups sit one under another, each group's grid is a piece (the first under the heading and key, the
    others under the heading marked "continued"); side by side, the whole tracker is one piece."""
    title, items, groups, grid = _rounds_setup(ctx, q, part, width)
    if grid.across(len(groups)) <= width:
        return [rounds_block(ctx, q, part, width)]
    pieces = []
    for g, group in enumerate(groups):
        sk = Sketch()
        top = -heading(sk, width, title if g == 0 else f"{title}, continued", f"{part.rounds} rounds")
        if g == 0:
            top = rules(sk, items, width, top, f"rounds-{q}") - (4.0 if items else 0.0)
        top = grid.draw(sk, [group], width, top)
        pieces.append(Block(tuple(sk.marks), -top))
    return pieces


def _rounds_setup(
    ctx: PartContext, q: int, part: TrackerPart, width: float
) -> tuple[str, list[str], list[str], _RoundsGrid]:
    """A round tracker's title, the lines under its heading, its groups and its columns; RenderError when
    a group's name or one group's boxes do not fit."""
    pack = ctx.pack
    title = ctx.checked(part.title or _("Combat Rounds"), ctx.where(q, "title"))
    action = capital(ctx.checked(pack.time.action, "time.action"))
    items = ctx.items(q, part)
    if part.beings > 1:
        items = [*items, beings_key(part.beings, action)]
    groups = [ctx.checked(g, ctx.where(q, "groups", i)) for i, g in enumerate(part.groups)] or [
        capital(ctx.checked(pack.words.party, "words.party")),
        capital(ctx.checked(pack.words.foes, "words.foes")),
    ]
    # each group's columns: (label over it, the box's name) from left to right
    turn, move = _("Turn"), _("Move")
    if part.beings == 1:
        marks = [(turn, turn), (move, move), (action, action)]
    else:
        marks = [(turn, turn)] + [
            (short, f"{name} {b}")
            for b in range(1, part.beings + 1)
            for short, name in ((move[:1], move), (action[:1], action))
        ]
    num_w = max(text_width(_("Round"), "label-bold", LABEL), text_width(str(part.rounds), "label-bold", 11.0)) + 10.0
    wide = max(text_width(m, "label", LABEL) for m, _ in marks[: 3 if part.beings == 1 else 1]) + 8.0
    col = max(wide, SMALL_BOX + 12.0)
    pair = SMALL_BOX + 2.0  # a Being's Move or Action column, and a gap after each Being's pair
    cols = [col] * len(marks) if part.beings == 1 else [col] + [pair, pair + 5.0] * part.beings
    own = [col] * len(marks) if part.beings == 1 else [col] + [pair] * (2 * part.beings)  # without the gaps
    group_w = sum(cols) - (5.0 if part.beings > 1 else 0.0)
    starts = [sum(cols[:m]) for m in range(len(cols))]
    for i, group in enumerate(groups):
        if text_width(group, "label-bold", BODY + 0.5) > group_w - 4.0:
            raise RenderError(
                f"{group!r} is too long for its column on the round tracker; shorten it",
                Location(file=pack.id, field=ctx.where(q, "groups", i)),
            )
    grid = _RoundsGrid(part.rounds, part.beings, num_w, group_w, marks, starts, own, pair)
    if grid.across(1) > width:
        most = max(int((width - num_w - 10.0 - col + 5.0) // (2 * pair + 5.0)), 1)
        raise RenderError(
            f"{part.beings} Beings do not fit across the round tracker even with each group on "
            f"its own lines; give {most} or fewer",
            Location(file=pack.id, field=ctx.where(q, "beings")),
        )
    return title, items, groups, grid


GROUP_GAP = 10.0
"""Space between one group's grid of rounds and the next when they are set one under another."""


@dataclass(frozen=True)
class _RoundsGrid:
    """The columns of a round tracker: the round numbers, then each group's Turn box and its Move and
    Action boxes (*marks*: the label over a column and its box's name)."""

    rounds: int
    beings: int
    num_w: float
    group_w: float
    marks: list[tuple[str, str]]
    starts: list[float]
    own: list[float]
    pair: float

    def across(self, groups: int) -> float:
        """The width that *groups* side by side take, the round numbers included."""
        return self.num_w + groups * (self.group_w + 10.0)

    def draw(self, sk: Sketch, groups: list[str], width: float, top: float) -> float:
        """The groups side by side under one header row, one line of boxes a round; the new top."""
        num_w, group_w, marks, starts, own, pair = (
            self.num_w,
            self.group_w,
            self.marks,
            self.starts,
            self.own,
            self.pair,
        )
        notes_x = num_w + len(groups) * (group_w + 10.0)
        head = 20.0 if self.beings == 1 else 29.0
        # header: group names over their marks (and, for Beings, each Being's number over its pair)
        sk.text(0.0, top - head, _("Round"), "label-bold", LABEL)
        for g, group in enumerate(groups):
            gx = num_w + g * (group_w + 10.0)
            sk.text(gx + group_w / 2, top - LABEL, group, "label-bold", BODY + 0.5, align="centre")
            sk.line(gx + 2.0, top - LABEL - 3.0, gx + group_w - 2.0, top - LABEL - 3.0, 0.75)
            for m, (label, _box) in enumerate(marks):
                sk.text(gx + starts[m] + own[m] / 2, top - head, label, "label", LABEL, align="centre")
            for b in range(self.beings if self.beings > 1 else 0):
                sk.line(
                    gx + starts[1 + 2 * b] + 1.0, top - 21.5, gx + starts[1 + 2 * b] + 2 * pair - 1.0, top - 21.5, 0.5
                )
                sk.text(gx + starts[1 + 2 * b] + pair, top - 20.0, str(b + 1), "label-bold", LABEL, align="centre")
        if width - notes_x > 60.0:
            sk.text(notes_x + 4.0, top - head, "Notes", "label-bold", LABEL)
        top -= head + 5.0
        row_h = SMALL_BOX + 8.0
        for r in range(1, self.rounds + 1):
            y = top - (r - 1) * row_h
            if r % 2 == 0:
                sk.add(RectMark(0.0, y - row_h, width, row_h, fill=0.93))
            sk.text(num_w / 2 - 4.0, y - row_h / 2 - 11.0 * 0.35, str(r), "label-bold", 11.0, align="centre")
            for g, group in enumerate(groups):
                gx = num_w + g * (group_w + 10.0)
                for m, (_label, name) in enumerate(marks):
                    sk.box(
                        gx + starts[m] + (own[m] - SMALL_BOX) / 2,
                        y - row_h / 2 - SMALL_BOX / 2,
                        SMALL_BOX,
                        f"round-{r}-{slug(group)}-{slug(name)}",
                        _("Round {n}: {group} {box}").format(n=r, group=group, box=name),
                    )
            sk.line(0.0, y - row_h, width, y - row_h, 0.5, grey=0.4)
        return top - self.rounds * row_h


# -- tables, notes, actions ----------------------------------------------------------------------------


def table_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    table = ctx.pack.table(part.ref or "")
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or table.name, ctx.where(q, "title")))
    top = rules(
        sk,
        ctx.items(q, part),
        width,
        top,
        f"table-{q}",
    )
    top = ruled_table(sk, ctx, table, width, top)
    return Block(tuple(sk.marks), -top)


def ruled_table(sk: Sketch, ctx: PartContext, table: Table, width: float, top: float) -> float:
    t = ctx.pack.tables.index(table)
    headers = ([table.roll] if table.roll else []) + [
        ctx.checked(c, f"tables[{t}].columns[{i}]") for i, c in enumerate(table.columns)
    ]
    rows = [
        ([row.roll.text] if row.roll else [])
        + [ctx.checked(c, f"tables[{t}].rows[{r}].cells[{i}]") for i, c in enumerate(row.cells)]
        for r, row in enumerate(table.rows)
    ]
    pad = 4.0
    natural = [
        max(
            [text_width(h, "label-bold", LABEL)]
            + [
                max((text_width(plain(p), "body", BODY) for p in paragraphs(row[c]) or [""]), default=0.0)
                for row in rows
            ]
        )
        + 2 * pad
        for c, h in enumerate(headers)
    ]
    # a column is never narrower than its longest word, nor than its header when that is short
    least = [
        max(
            [text_width(h if len(h) <= 14 else w, "label-bold", LABEL) for w in h.split()]
            + [text_width(w, "body", BODY) for row in rows for w in plain(row[c]).split()]
            + [8.0]
        )
        + 2 * pad
        for c, h in enumerate(headers)
    ]
    widths = _column_widths(natural, least, width)
    header_h = (
        max(flow(h, w - 2 * pad, LABEL, base="label", bold=True).height for h, w in zip(headers, widths, strict=True))
        + 5.0
    )
    sk.add(RectMark(0.0, top - header_h, width, header_h, fill=0.85))
    x = 0.0
    for h, w in zip(headers, widths, strict=True):
        put(sk, flow(h, w - 2 * pad, LABEL, base="label", bold=True).marks, x + pad, top - 2.5)
        x += w
    top -= header_h
    for row in rows:
        cells = [
            flow_all(paragraphs(cell) or [""], w - 2 * pad, BODY, gap=1.5) for cell, w in zip(row, widths, strict=True)
        ]
        row_h = max(c.height for c in cells) + 5.0
        x = 0.0
        for c, (cell, w) in enumerate(zip(cells, widths, strict=True)):
            marks = cell.marks
            if c == 0:
                marks = tuple(_bolden(m) for m in marks)
            put(sk, marks, x + pad, top - 2.5)
            x += w
        top -= row_h
        sk.line(0.0, top, width, top, 0.75, grey=0.3)
    return top


def _bolden(mark: Mark) -> Mark:
    if isinstance(mark, TextMark) and mark.role == "body":
        return replace(mark, role="body-bold")
    return mark


def _column_widths(natural: list[float], least: list[float], width: float) -> list[float]:
    if sum(natural) <= width:
        extra = (width - sum(natural)) / len(natural)
        last = natural[-1] + extra * len(natural)
        return [*natural[:-1], last] if len(natural) > 1 else [width]
    if sum(least) > width:  # words too long for the page are cut (sheetgen.layout.marks.flow)
        return [w * width / sum(least) for w in least]
    widths = list(least)
    spare = width - sum(widths)
    want = [n - m for n, m in zip(natural, least, strict=True)]
    total = sum(want) or 1.0
    return [w + max(spare, 0.0) * d / total for w, d in zip(widths, want, strict=True)]


def notes_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or _("Notes"), ctx.where(q, "title")))
    prefix = slug(part.title or "") or f"notes-{q}"
    top = rules(sk, ctx.items(q, part), width, top, prefix)
    return Block(tuple(sk.marks), -top)


def actions_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    pack = ctx.pack
    sk = Sketch()
    top = -heading(sk, width, ctx.checked(part.title or _("Actions"), ctx.where(q, "title")))
    top = rules(
        sk,
        ctx.items(q, part),
        width,
        top,
        f"actions-{q}",
    )
    chosen = [(i, a) for i, a in enumerate(pack.actions) if part.group is None or a.group == part.group]
    columns = 2 if width >= 360 else 1
    col_w = (width - 14.0 * (columns - 1)) / columns
    entries = []
    for i, a in chosen:
        time = duration(a.time or pack.time.length, short=True)
        summary = ctx.checked(a.summary or (paragraphs(a.text) or [""])[0], f"actions[{i}].summary")
        entries.append(flow(f"**{ctx.checked(a.name, f'actions[{i}].name')}** ({time}) {summary}", col_w, BODY))
    per_col = math.ceil(len(entries) / columns) if entries else 0
    bottom = top
    for c in range(columns):
        y = top
        for entry in entries[c * per_col : (c + 1) * per_col]:
            put(sk, entry.marks, c * (col_w + 14.0), y)
            y -= entry.height + 2.0
        bottom = min(bottom, y)
    return Block(tuple(sk.marks), -bottom)
