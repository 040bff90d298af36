"""A pack's check and tracks in words and boxes: the parts of a sheet that restate the rules' numbers.

Takes a Pack and its Check or a Track; gives frozen views of plain text (never HTML): the check's dice,
trigger, cadence and what an encounter resets, with a table by level when they depend on a track; a
track's range, boxes (or clock wedges, or ladder rungs), levels, and what raises, lowers and resets it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from sheetgen.model.pack import ByTrack, Change, Check, Outcome, Pack, Roll, Track
from sheetgen.words import (
    advance_steps,
    after_text,
    check_sentence,
    dice_text,
    effect_phrase,
    outcome_when,
    roll_read_name,
    roll_sentence,
    signed,
    threshold_text,
    track_range,
    trigger_text,
    units_span,
    when_clause,
)
from sheetgen.words.language import _, takes_an

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
    rolls: tuple[CheckBody, ...] = ()  # the procedure's other rolls, each a block of its own


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
    names_level: bool = False  # the label says the level it stands at ("Alert Level 2"): a ladder prints no number


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


@dataclass(frozen=True)
class CheckBanner:
    """The check at the top of every reference page, in the same four lines on every pack: what to roll,
    when, what it brings and what it does to a track."""

    name: str
    facts: tuple[Fact, ...]


def check_banner(pack: Pack) -> CheckBanner | None:
    """The check's banner, or None for a pack without a check."""
    check = pack.check
    if check is None:
        return None
    facts = [Fact(_("When"), when_clause(check.when)), Fact(_("Rule"), check_sentence(pack))]
    moves = ", ".join(f"{roll} {what}" for roll, what in advance_steps(check))
    if moves and check.advance is not None:
        facts.append(
            Fact(
                _("Track"),
                _("{track} by the roll: {moves}").format(track=pack.track(check.advance.track).name, moves=moves),
            )
        )
    after = after_text(pack, check)
    if after:
        label = _("After an {result}") if takes_an(check.result) else _("After a {result}")
        facts.append(Fact(label.format(result=check.result), after))
    facts += [Fact(roll.name, roll_sentence(pack, roll)) for roll in pack.rolls]
    return CheckBanner(check.name, tuple(facts))


def check_view(pack: Pack, check: Check, *, banner: bool = False) -> CheckBody:
    """The check in words: its formula, dice, trigger, cadence and what follows, and its tables. With
    *banner* the page opens with :func:`check_banner`, so the section keeps only what the banner does not
    say (the formula in the game's own words, the pool, extra rolls, the tables and the pack's notes)."""
    # The rule in the one sentence every sheet prints for it; a table by level follows when the
    # trigger or the cadence depends on a track's level.
    facts = [Fact(_("When"), when_clause(check.when)), Fact(_("Rule"), check_sentence(pack))]
    if check.pool is not None:
        facts.append(Fact(_("Pool"), dice_text(pack, check)))
    trigger = check.trigger
    level_track: Track | None = None
    for value in (trigger.at_least, trigger.at_most, check.cadence.every):
        if isinstance(value, ByTrack) and value.levels is not None:
            level_track = pack.track(value.track)
    by_level = _by_level(pack, check, level_track) if level_track is not None else None
    after = after_text(pack, check)
    if after:
        facts.append(Fact(_("Afterwards"), after))
    if check.extra:
        facts.append(Fact(_("Extra roll"), extra_roll_text(check)))
    advance = None
    if check.advance is not None:
        clock = pack.track(check.advance.track)
        advance = Grid(
            (_result_name(check), clock.name),
            tuple(advance_steps(check)),
            check.advance.text,
        )
    outcomes = None
    if check.outcomes:
        rows = tuple((outcome_when(check, o), o.result, _outcome_cell(pack, o)) for o in check.outcomes)
        outcomes = Grid((_("Roll"), _("Result"), ""), rows)
    rolls = tuple(roll_view(pack, roll, banner=banner) for roll in pack.rolls)
    if banner:
        facts = [f for f in facts if f.label not in (_("When"), _("Rule"), _("Afterwards"))]
        return CheckBody(check.name, check.formula, tuple(facts), by_level, None, outcomes, check.text, rolls)
    return CheckBody(check.name, check.formula, tuple(facts), by_level, advance, outcomes, check.text, rolls)


def roll_view(pack: Pack, roll: Roll, *, banner: bool = False) -> CheckBody:
    """One of the procedure's other rolls in words: its formula, when it is rolled and its rule (unless the
    banner says them), and its outcomes with what they do."""
    facts = () if banner else (Fact(_("When"), when_clause(roll.when)), Fact(_("Rule"), roll_sentence(pack, roll)))
    rows = tuple((outcome_when(roll, o), o.result, _outcome_cell(pack, o)) for o in roll.outcomes)
    read = roll_read_name(roll)
    head = read.capitalize() if read else _("Roll")
    return CheckBody(roll.name, roll.formula, facts, None, None, Grid((head, _("Result"), ""), rows), roll.text)


def _result_name(check: Check) -> str:
    return _("Highest die") if check.pool is not None and check.pool.read == "highest" else _("Result")


def extra_roll_text(check: Check) -> str:
    """'the check is rolled once more when: the party fights; a light is lit'."""
    return _("the check is rolled once more when {when}").format(when=_("; or when ").join(e.when for e in check.extra))


def _outcome_cell(pack: Pack, outcome: Outcome) -> str:
    """An outcome's text, then what its effects do: 'A sign of the next encounter. (Fatigue +1)'."""
    effects = [effect_phrase(pack, e) for e in outcome.effects]
    said = f"({', '.join(effects)})" if effects else ""
    return " ".join(part for part in (outcome.text, said) if part)


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
        rows.append(
            (
                str(level),
                units_span(pack, every) if every is not None else "",
                threshold_text(check, value, at_least) if value is not None else trigger_text(pack, check),
            )
        )
    if track.max - track.min + 1 > _ROW_PER_LEVEL:
        rows = _merge_runs(rows)
    return Grid((track.name, _("Check every"), check.result.capitalize()), tuple(rows))


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


def _change(change: Change, direction: Literal["up", "down"]) -> ChangeView:
    amount = signed(change.by, direction)
    if change.chance is not None:
        amount += " " + _("on {dice}: {faces}").format(dice=change.chance.roll, faces=change.chance.on)
    return ChangeView(amount, change.when)


def track_boxes(track: Track) -> tuple[TrackBox, ...]:
    """The boxes of a track drawn as boxes or a clock, the same on every sheet: one for each step above
    its minimum, so that the number of marked boxes is the track's level (none marked: the minimum).
    A track of 0-10 has ten boxes, labelled 1 to 10 unless the pack gives ``box_labels``."""
    omens = _omen_levels(track)
    labels = track.box_labels or [str(n) for n in range(track.min + 1, track.max + 1)]
    return tuple(
        TrackBox(level, label, level in omens, level == track.initial)
        for level, label in zip(range(track.min + 1, track.max + 1), labels, strict=True)
    )


def track_rungs(track: Track) -> tuple[TrackBox, ...]:
    """The rungs of a track drawn as a ladder: one for every level, its minimum included, since a
    ladder marks where the track stands rather than counting up to it."""
    omens = _omen_levels(track)
    return tuple(
        TrackBox(level, str(level), level in omens, level == track.initial) for level in range(track.min, track.max + 1)
    )


LADDER_MOST_STEPS = 12
"""The longest ladder (its maximum less its minimum) a tracker draws as a ladder; a longer one is a row
of boxes."""


def drawn_boxes(track: Track) -> tuple[TrackBox, ...]:
    """The boxes a tracker or the cover draws for *track*: a ladder's rungs, or boxes (a row, a clock, or
    a ladder too long to draw as one)."""
    if track.display == "ladder" and track.max - track.min <= LADDER_MOST_STEPS:
        return track_rungs(track)
    return track_boxes(track)


def _omen_levels(track: Track) -> set[int]:
    return {n for lv in track.levels if lv.omen for n in range(lv.at.low, lv.at.high + 1)}


def track_view(pack: Pack, track: Track) -> TrackBody:
    """The track in words and boxes."""
    facts = [Fact(_("Range"), track_range(track))]
    if track.initial != track.min:
        facts.append(Fact(_("Starts at"), str(track.initial)))
    if track.per_unit:
        facts.append(
            Fact(_("Every {unit}").format(unit=pack.time.unit), _("{n} at its end").format(n=signed(track.per_unit)))
        )
    levels = tuple(
        LevelView(str(lv.at), lv.at.low, lv.at.high, lv.label, lv.text, lv.omen, names_level(lv.label, lv.at.low))
        for lv in track.levels
    )
    boxes = track_boxes(track)
    ladder: tuple[tuple[TrackBox, LevelView | None], ...] = ()
    clock = None
    if track.display == "ladder":
        # Each level's text stands beside the first box of its range; levels the ladder shows are not
        # listed again below it.
        first = {lv.low: lv for lv in levels}
        ladder = tuple((rung, first.get(rung.level)) for rung in track_rungs(track))
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
        resets=tuple(ChangeView(_("to {level}").format(level=_reset_level(track, r.to)), r.when) for r in track.resets),
        text=track.text,
    )


def names_level(label: str, level: int) -> bool:
    """Whether a level's label says its number outside brackets: "Alert Level 2 (1 Encounter/1 hour)"
    does for 2; "Forest (2 in 6)" does not, its 2 being a chance."""
    plain = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", label)
    return re.search(rf"(?<![\w\-+]){re.escape(str(level))}(?!\w)", plain) is not None


def _reset_level(track: Track, to: int | None) -> int:
    return track.initial if to is None else to


def _clock(boxes: tuple[TrackBox, ...], radius: float = 30.0) -> ClockView:
    """A clock of one wedge per box, the first starting at twelve o'clock and going clockwise."""
    count = len(boxes)
    wedges = []
    for i, box in enumerate(boxes):
        a0 = 2 * math.pi * i / count
        a1 = 2 * math.pi * (i + 1) / count
        wedges.append(
            Wedge(
                level=box.level,
                x0=round(radius * math.sin(a0), 3),
                y0=round(-radius * math.cos(a0), 3),
                x1=round(radius * math.sin(a1), 3),
                y1=round(-radius * math.cos(a1), 3),
                large_arc=count == 1,
                omen=box.omen,
            )
        )
    return ClockView(radius, tuple(wedges))
