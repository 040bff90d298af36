"""Track parts of a tracker page: a row of boxes, a segmented clock, or a ladder of named levels.

Takes a pack's track part and a width; gives a Block (marks from its top-left corner, y negative
downwards) like the other parts in sheetgen.layout.tracker_parts. A clock of more than 16 segments or a
ladder of more than 13 levels is drawn as boxes.
"""

from __future__ import annotations

import math
from typing import Literal

from sheetgen.layout.marks import CircleMark, Sketch, flow, slug, text_width
from sheetgen.layout.tracker_parts import (
    BODY,
    BOX,
    LABEL,
    SMALL_BOX,
    Block,
    PartContext,
    box_row,
    heading,
    heavy_outline,
    put,
    rules,
)
from sheetgen.markup import paragraphs
from sheetgen.model.pack import Check, Track, TrackerPart
from sheetgen.sheets.mechanics import LADDER_MOST_STEPS, track_boxes, track_rungs
from sheetgen.words import advance_steps, check_sentence, read_name
from sheetgen.words.language import _, after_colon

# -- tracks --------------------------------------------------------------------------------------------


def _check_uses(check: Check, track_id: str) -> bool:
    refs = [check.trigger.track_full, check.advance.track if check.advance else None, *check.add]
    for value in (check.trigger.at_least, check.trigger.at_most, check.cadence.every):
        refs.append(getattr(value, "track", None))
    return track_id in refs


def track_rules(ctx: PartContext, q: int, part: TrackerPart, track: Track) -> list[str]:
    """The rule lines printed with a track: the part's items when it has any; otherwise the track's own
    text and resets and, for the GM, the check that reads the track, in the pack's words and in the
    sentence every sheet prints for it."""
    if part.items:
        return ctx.items(q, part)
    check = ctx.pack.check
    reads = ctx.gm and check is not None and _check_uses(check, track.id)
    # the check in the one sentence every sheet prints for it
    said = ctx.checked(check_sentence(ctx.pack), "check") if reads else ""
    rule = [_("**{label}:** {text}").format(label=_("Rule"), text=said)] if reads else []
    t = ctx.pack.tracks.index(track)
    lines = [ctx.checked(p, f"tracks[{t}].text") for p in paragraphs(track.text)[:1]]
    for r, reset in enumerate(track.resets):
        to = track.initial if reset.to is None else reset.to
        lines.append(
            _("Back to {n}: {when}").format(n=to, when=ctx.checked(reset.when, f"tracks[{t}].resets[{r}].when"))
        )
    if reads and check is not None:
        lines.append(f"**{ctx.checked(check.name, 'check.name')}:** " + ctx.checked(check.formula, "check.formula"))
    return [*lines, *rule]


def advance_legend(ctx: PartContext, track: Track) -> str | None:
    """For the GM: how the check's result moves this track, from the pack's advance table."""
    check = ctx.pack.check
    if not ctx.gm or check is None or check.advance is None or check.advance.track != track.id:
        return None
    what = read_name(check)
    rows = "; ".join(f"**{roll}** {ctx.checked(moves, 'check.advance.by')}" for roll, moves in advance_steps(check))
    return after_colon(f"{check.name}, {what}", rows)


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
    if track.display == "ladder" and span <= LADDER_MOST_STEPS:
        return _ladder(ctx, q, part, track, width)
    return _boxes(ctx, q, part, track, width)


def _boxes(ctx: PartContext, q: int, part: TrackerPart, track: Track, width: float) -> Block:
    sk = Sketch()
    t = ctx.pack.tracks.index(track)
    top = -heading(sk, width, ctx.checked(part.title or track.name, ctx.where(q, "title")))
    # the same boxes as the reference page draws: one per step above the minimum
    labels = [box.label for box in track_boxes(track)]
    for i, label in enumerate(track.box_labels):
        ctx.checked(label, f"tracks[{t}].box_labels[{i}]")
    names = [f"{track.id}-{slug(label) or i + 1}" for i, label in enumerate(labels)]
    tips = [f"{track.name} {label}" for label in labels]
    top -= box_row(sk, 0.0, top, width, labels, names, tips, heavy=[box.omen for box in track_boxes(track)]) + 4.0
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
    # level marks left and right of the circle carry their labels outwards: leave them room
    needs = [outer]
    for lvl in track.levels:
        step = lvl.at.low - track.min
        label_w = text_width(lvl.label, "label-bold", LABEL + 0.5)
        if 0 < step < segments:
            dx = abs((radius + 15.0) * math.sin(2 * math.pi * step / segments))
            needs.append(label_w / 2 if dx < 1.0 else dx + label_w + 2.0)
        elif step == segments:
            needs.append(text_width(after_colon(str(track.max), lvl.label), "label-bold", LABEL + 0.5) / 2)
    half_width = min(max(needs), width / 2)
    cx, cy = half_width, top - outer
    sk.add(CircleMark(cx, cy, radius, 1.5))
    sk.add(CircleMark(cx, cy, 2.0, 0.75, fill=0.0))

    def at(angle_step: float, r: float) -> tuple[float, float]:
        angle = math.pi / 2 - 2 * math.pi * angle_step / segments
        return cx + r * math.cos(angle), cy + r * math.sin(angle)

    for k, box in enumerate(track_boxes(track)):
        x, y = at(k, radius)
        sk.line(cx, cy, x, y, 1.0)
        bx, by = at(k + 0.5, radius * 0.55)
        value = box.level
        sk.box(bx - SMALL_BOX / 2, by - SMALL_BOX / 2, SMALL_BOX, f"{track.id}-{value}", f"{track.name} {value}")
        nx, ny = at(k + 0.5, radius * 0.86)
        sk.text(nx, ny - LABEL * 0.35, box.label, "label", LABEL, align="centre")
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
            sk.text(x, y, after_colon(str(track.max), level.label), "label-bold", LABEL + 0.5, align="centre")
    lines = track_rules(ctx, q, part, track)
    legend = advance_legend(ctx, track)
    if legend:
        lines.append(legend)
    text_x = 2 * half_width + 8.0
    clock_bottom = cy - outer
    if width - text_x >= 150.0:
        text_sk = Sketch()
        bottom = rules(text_sk, lines, width - text_x, top - 2.0, f"{track.id}-rule")
        sk.extend(text_sk.marks, text_x, 0.0)
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
    values = [rung.level for rung in track_rungs(track)]
    omens = {rung.level: rung.omen for rung in track_rungs(track)}
    pitch = width / len(values)
    col_w = pitch - 10.0
    bottom = top
    for i, value in enumerate(values):
        x = i * pitch
        label, text = _level_label(track, value, first=-1)
        y = top
        sk.box(x, y - BOX, BOX, f"{track.id}-{value}", f"{track.name} {value}")
        if omens[value]:
            heavy_outline(sk, x, y - BOX, BOX)
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
    for rung in reversed(track_rungs(track)):
        value = rung.level
        label, text = _level_label(track, value, first=1)
        sk.box(0.0, top - BOX, BOX, f"{track.id}-{value}", f"{track.name} {value}")
        if rung.omen:
            heavy_outline(sk, 0.0, top - BOX, BOX)
        sk.text(BOX + 6.0, top - BOX / 2 - 13 * 0.35, str(value), "label-bold", 13.0)
        height = BOX
        if label or text:
            f = flow((f"**{label}** " if label else "") + text, width - text_x, BODY)
            put(sk, f.marks, text_x, top - 2.0)
            height = max(height, f.height + 2.0)
        top -= height + 5.0
    top = rules(sk, track_rules(ctx, q, part, track), width, top - 1.0, f"{track.id}-rule")
    return Block(tuple(sk.marks), -top)
