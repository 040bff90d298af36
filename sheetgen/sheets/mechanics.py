"""A pack's check and tracks in words and boxes: the parts of a sheet that restate the rules' numbers.

Takes a Pack and its Check or a Track; gives frozen views of plain text (never HTML): the check's dice,
trigger, cadence and what an encounter resets, with a table by level when they depend on a track; a
track's range, boxes (or clock wedges, or ladder rungs), levels, and what raises, lowers and resets it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from sheetgen.engine.dice import parse_dice
from sheetgen.model.pack import ByTrack, Change, Check, Pack, Pool, Track

MINUS = "\u2212"
TIMES = "\u00d7"

# A track with at most this many levels gets one row per level in a check's by-level table.
_ROW_PER_LEVEL = 12


@dataclass(frozen=True)
class Fact:
    """A labelled line: "When: at the end of each dungeon turn"."""

    label: str
    text: str


@dataclass(frozen=True)
class Grid:
    """A small ruled table composed from the pack's numbers (a check's levels, an advance table)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class CheckBody:
    name: str
    formula: str
    facts: tuple[Fact, ...]
    by_level: Grid | None
    advance: Grid | None
    outcomes: Grid | None
    text: str


@dataclass(frozen=True)
class ChangeView:
    """One way a track moves: by how much ("+1", "-1d4", "to 0") and when, in the pack's words."""

    amount: str
    when: str


@dataclass(frozen=True)
class TrackBox:
    """One box of a track: the level it stands for, the label printed under it, and whether it is an
    omen (drawn heavier) or the level the track starts at."""

    level: int
    label: str
    omen: bool
    start: bool


@dataclass(frozen=True)
class LevelView:
    at: str
    low: int
    high: int
    label: str
    text: str
    omen: bool


@dataclass(frozen=True)
class Wedge:
    """One segment of a clock, as the two points where its arc starts and ends (centre at 0, 0)."""

    level: int
    x0: float
    y0: float
    x1: float
    y1: float
    large_arc: bool
    omen: bool


@dataclass(frozen=True)
class ClockView:
    radius: float
    wedges: tuple[Wedge, ...]


@dataclass(frozen=True)
class TrackBody:
    name: str
    display: Literal["boxes", "clock", "ladder"]
    facts: tuple[Fact, ...]
    boxes: tuple[TrackBox, ...]
    ladder: tuple[tuple[TrackBox, LevelView | None], ...]
    clock: ClockView | None
    levels: tuple[LevelView, ...]
    raises: tuple[ChangeView, ...]
    lowers: tuple[ChangeView, ...]
    resets: tuple[ChangeView, ...]
    text: str


# --- the check --------------------------------------------------------------------------------------


def check_view(pack: Pack, check: Check) -> CheckBody:
    """The check in words: its dice, trigger, cadence and what follows, and its tables."""
    facts = [Fact("When", check.when), Fact("Dice", _dice(pack, check))]
    trigger = check.trigger
    level_track: Track | None = None
    for value in (trigger.at_least, trigger.at_most, check.cadence.every):
        if isinstance(value, ByTrack) and value.levels is not None:
            level_track = pack.track(value.track)
    by_level = _by_level(pack, check, level_track) if level_track is not None else None
    threshold = trigger.at_least if trigger.at_least is not None else trigger.at_most
    # When both depend on a track's level, the table by level says them, row by row.
    if not (level_track is not None and _by_levels(threshold) and _by_levels(check.cadence.every)):
        facts.append(Fact("Trigger", _trigger_text(pack, check)))
        facts.append(Fact("Cadence", _cadence_text(pack, check)))
    after = _after_text(pack, check)
    if after:
        facts.append(Fact("Afterwards", after))
    advance = None
    if check.advance is not None:
        clock = pack.track(check.advance.track)
        advance = Grid(
            (_result_name(check), clock.name),
            tuple((str(row.roll), row.label or signed(row.by)) for row in check.advance.by),
            check.advance.text,
        )
    outcomes = None
    if check.outcomes:
        rows = tuple((str(o.roll), o.result, o.text) for o in check.outcomes)
        outcomes = Grid(("Roll", "Result", ""), rows)
    return CheckBody(check.name, check.formula, tuple(facts), by_level, advance, outcomes, check.text)


def _by_levels(value: int | ByTrack | None) -> bool:
    return isinstance(value, ByTrack) and value.levels is not None


def _result_name(check: Check) -> str:
    highest = check.pool is not None and check.pool.read == "highest"
    return "Highest die" if highest else "Result"


def _dice(pack: Pack, check: Check) -> str:
    if check.pool is None:
        return " + ".join([check.roll or "", *(pack.track(t).name for t in check.add)])
    pool = check.pool
    parts = [f"{pool.base} {TIMES} {pool.die}" if pool.base != 1 else pool.die]
    if pool.tallies:
        names = ", ".join(t.name for tally_id in pool.tallies for t in pack.tallies if t.id == tally_id)
        parts.append(f"plus one {pool.die} for each mark of {names}")
    if pool.grow:
        parts.append(f"plus {pool.grow} {TIMES} {pool.die} more every {pack.time.unit}")
    rule = [", ".join(parts)]
    if pool.roll_at is not None:
        rule.append(f"rolled when the pool holds {pool.roll_at} dice, then emptied")
    if pool.max_dice != Pool.model_fields["max_dice"].default:
        rule.append(f"at most {pool.max_dice} dice")
    rule.append({"highest": "the highest die counts", "lowest": "the lowest die counts",
                 "sum": "the dice are added"}[pool.read])
    return "; ".join(rule)


def _roll_bounds(pack: Pack, check: Check) -> tuple[int, int] | None:
    """The lowest and highest result of the check's die when it is rolled alone, else None."""
    if check.roll is None or check.add:
        return None
    dice = parse_dice(check.roll)
    return dice.minimum, dice.maximum


def _threshold(pack: Pack, check: Check, value: int, at_least: bool) -> str:
    """'on a 6', 'on 5-6', 'on a total of 6 or higher', 'on 3 or lower'."""
    bounds = _roll_bounds(pack, check)
    if bounds is None:
        what = "a total of " if check.add else ""
        return f"on {what}{value} or {'higher' if at_least else 'lower'}"
    low, high = bounds
    first, last = (max(value, low), high) if at_least else (low, min(value, high))
    if first > last:
        return "never"
    if first == last:
        return f"on a {first}"
    return f"on {first}-{last}"


def _trigger_text(pack: Pack, check: Check) -> str:
    trig = check.trigger
    result = check.result
    for value, at_least in ((trig.at_least, True), (trig.at_most, False)):
        if value is None:
            continue
        if isinstance(value, int):
            return f"{result} {_threshold(pack, check, value, at_least)}"
        track = pack.track(value.track)
        if value.levels is None:
            side = "at or above" if at_least else "at or below"
            return f"{result} on a result {side} the {track.name} value"
        return f"{result} by {track.name}: see the table below"
    if trig.faces is not None:
        return f"{result} on " + ", ".join(str(face) for face in trig.faces)
    clock = pack.track(trig.track_full or "")
    return f"{result} when the {clock.name} is full ({clock.max})"


def _units_text(pack: Pack, units: int) -> str:
    """'every dungeon turn (10 minutes)', 'every 6 rounds (1 hour)'."""
    return f"every {_units_span(pack, units)}"


def _cadence_text(pack: Pack, check: Check) -> str:
    every = check.cadence.every
    if isinstance(every, ByTrack):
        track = pack.track(every.track)
        text = f"by {track.name}: see the table below"
    else:
        text = _units_text(pack, every)
    offset = check.cadence.offset
    if offset:
        text += f"; the first after {offset} {pack.time.unit if offset == 1 else pack.time.plural} more"
    return text


def _after_text(pack: Pack, check: Check) -> str:
    parts = []
    for track_id in check.on_encounter.reset:
        track = pack.track(track_id)
        parts.append(f"{track.name} returns to {track.initial}")
    if check.on_encounter.clear_tallies:
        parts.append("every tally mark is cleared")
    if not parts:
        return ""
    return "; ".join(parts)


def _level_value(value: int | ByTrack | None, level: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, int):
        return value
    if value.levels is None:
        return level
    return next((n for at, n in value.levels.items() if level in at), None)


def _by_level(pack: Pack, check: Check, track: Track) -> Grid:
    """One row per level of the track (or, for a long track, per run of levels that read the same) with
    how often the check is rolled and what it takes to trigger it at that level."""
    trig = check.trigger
    threshold = trig.at_least if trig.at_least is not None else trig.at_most
    at_least = trig.at_least is not None
    rows: list[tuple[str, ...]] = []
    for level in range(track.min, track.max + 1):
        every = _level_value(check.cadence.every, level)
        value = _level_value(threshold, level)
        rows.append((
            str(level),
            _units_span(pack, every) if every is not None else "",
            _threshold(pack, check, value, at_least) if value is not None else _trigger_text(pack, check),
        ))
    if track.max - track.min + 1 > _ROW_PER_LEVEL:
        rows = _merge_runs(rows)
    return Grid((track.name, "Check every", check.result.capitalize()), tuple(rows))


def _units_span(pack: Pack, units: int) -> str:
    """'dungeon turn (10 minutes)', '6 rounds (1 hour)'."""
    span = duration_text(units * pack.time.length)
    return f"{pack.time.unit} ({span})" if units == 1 else f"{units} {pack.time.plural} ({span})"


def _merge_runs(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    merged: list[tuple[str, ...]] = []
    first = rows[0][0]
    for i, row in enumerate(rows):
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        if nxt is not None and nxt[1:] == row[1:]:
            continue
        level = first if first == row[0] else f"{first}-{row[0]}"
        merged.append((level, *row[1:]))
        if nxt is not None:
            first = nxt[0]
    return merged


# --- tracks ----------------------------------------------------------------------------------------


def signed(by: int | str, direction: Literal["up", "down"] = "up") -> str:
    """'+1', '+1d4', and for a fall the same with a minus sign (U+2212) for the plus."""
    if isinstance(by, int):
        number = -by if direction == "down" else by
        return f"{number:+d}".replace("-", MINUS)
    return (MINUS if direction == "down" else "+") + by


def _change(change: Change, direction: Literal["up", "down"]) -> ChangeView:
    amount = signed(change.by, direction)
    if change.chance is not None:
        amount += f" on {change.chance.roll}: {change.chance.on}"
    return ChangeView(amount, change.when)


def track_view(pack: Pack, track: Track) -> TrackBody:
    """The track in words and boxes."""
    facts = [Fact("Range", f"{track.min}-{track.max}")]
    if track.initial != track.min:
        facts.append(Fact("Starts at", str(track.initial)))
    if track.per_unit:
        facts.append(Fact(f"Every {pack.time.unit}", f"{signed(track.per_unit)} at its end"))
    levels = tuple(
        LevelView(str(lv.at), lv.at.low, lv.at.high, lv.label, lv.text, lv.omen) for lv in track.levels
    )
    omens = {n for lv in track.levels if lv.omen for n in range(lv.at.low, lv.at.high + 1)}
    labels = track.box_labels or [str(n) for n in range(track.min + 1, track.max + 1)]
    boxes = tuple(
        TrackBox(level, label, level in omens, level == track.initial)
        for level, label in zip(range(track.min + 1, track.max + 1), labels, strict=True)
    )
    ladder: tuple[tuple[TrackBox, LevelView | None], ...] = ()
    clock = None
    if track.display == "ladder":
        # Each level's text stands beside the first box of its range; levels the ladder shows are not
        # listed again below it.
        first = {lv.low: lv for lv in levels}
        ladder = tuple(
            (TrackBox(level, str(level), level in omens, level == track.initial), first.get(level))
            for level in range(track.min, track.max + 1)
        )
        levels = ()
    elif track.display == "clock":
        clock = _clock(boxes)
    return TrackBody(
        name=track.name,
        display=track.display,
        facts=tuple(facts),
        boxes=boxes if track.display == "boxes" else (),
        ladder=ladder,
        clock=clock,
        levels=levels,
        raises=tuple(_change(c, "up") for c in track.raises),
        lowers=tuple(_change(c, "down") for c in track.lowers),
        resets=tuple(ChangeView(f"to {_reset_level(track, r.to)}", r.when) for r in track.resets),
        text=track.text,
    )


def _reset_level(track: Track, to: int | None) -> int:
    return track.initial if to is None else to


def _clock(boxes: tuple[TrackBox, ...], radius: float = 30.0) -> ClockView:
    """A clock of one wedge per box, the first starting at twelve o'clock and going clockwise."""
    count = len(boxes)
    wedges = []
    for i, box in enumerate(boxes):
        a0 = 2 * math.pi * i / count
        a1 = 2 * math.pi * (i + 1) / count
        wedges.append(Wedge(
            level=box.level,
            x0=round(radius * math.sin(a0), 3), y0=round(-radius * math.cos(a0), 3),
            x1=round(radius * math.sin(a1), 3), y1=round(-radius * math.cos(a1), 3),
            large_arc=count == 1, omen=box.omen,
        ))
    return ClockView(radius, tuple(wedges))


# --- words for numbers ----------------------------------------------------------------------------------


def every(seconds: int) -> str:
    """'every 10 minutes', 'every hour'."""
    text = duration_text(seconds)
    return f"every {text[2:]}" if text.startswith("1 ") else f"every {text}"


def duration_text(seconds: int) -> str:
    """'10 minutes', '1 hour', '30 seconds', '90 minutes'."""
    if seconds % 3600 == 0:
        n, unit = seconds // 3600, "hour"
    elif seconds % 60 == 0:
        n, unit = seconds // 60, "minute"
    else:
        n, unit = seconds, "second"
    return f"{n} {unit}{'' if n == 1 else 's'}"
