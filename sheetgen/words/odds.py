"""The odds table of `sheetgen odds` in rows: the check's chances by hour, then the outcomes,
resources and extra rolls of the newer mechanics."""

from __future__ import annotations

from fractions import Fraction

from sheetgen.engine.types import ExtraOdds, LevelOdds, Odds, ResourceUse
from sheetgen.words.language import _
from sheetgen.words.numbers import about, chance, clock, percent


def odds_rows(odds: Odds) -> list[tuple[str, ...]]:
    """Rows for the terminal: a header, one row per check, then the totals."""
    rows: list[tuple[str, ...]] = [("Check", "Time", f"Chance of {odds.result}", f"First {odds.result}")]
    for c in odds.checks:
        text = chance(c.chance)
        if c.rolled != 1:
            text += f", rolled {percent(c.rolled)}"
        rows.append((str(c.index), clock(c.minute * 60), text, chance(c.chance_first)))
    for label, hour in milestones(odds):
        rows.append((f"By {label}", clock(hour * 3600), f"at least one: {percent(odds.by_hour[hour - 1])}", ""))
    rows.append(("Expected number", clock(odds.hours * 3600), f"{float(odds.expected_encounters):.2f} by then", ""))
    first = odds.expected_minutes_to_first
    wait = "never certain" if first is None else f"{clock(first * 60)} ({about(first)})"
    rows.append(("First expected", "", f"after {wait}", ""))
    return rows


_STEPS = (1, 2, 3, 4, 6, 8, 12, 24)
"""Hours between two of the times the odds are told by, the finest that gives at most twelve."""


def milestones(odds: Odds, hours: int | None = None) -> tuple[tuple[str, int], ...]:
    """The times in the first *hours* (all of the odds' hours by default) that the chance of at least
    one is told by, as (label, hour): each hour up to twelve hours
    ("hour 2"); over longer play every few hours and never more often than a unit ends ("watch 3" where
    that is a unit of whole hours), by day from two whole days on ("day 1"); the last hour always."""
    hours, unit_hours = odds.hours if hours is None else hours, odds.unit_minutes / 60
    if hours >= 48 and hours % 24 == 0:
        return tuple((_("day {n}").format(n=h // 24), h) for h in range(24, hours + 1, 24))
    step = next((n for n in _STEPS if n * 12 >= hours and n >= unit_hours), hours)
    by_unit = unit_hours == step and step > 1
    marks = [(f"{odds.unit} {h // step}" if by_unit else _("hour {n}").format(n=h), h)
             for h in range(step, hours + 1, step)]
    if hours % step:
        marks.append((_("hour {n}").format(n=hours), hours))
    return tuple(marks)


# --- the odds table's rows for the newer mechanics -----------------------------------------------


def outcome_rows(odds: Odds) -> list[tuple[str, ...]]:
    """One row per named outcome: its chance at each check, and of at least once by the last hour."""
    rows: list[tuple[str, ...]] = []
    for outcome in odds.outcomes:
        low, high = min(outcome.chances, default=Fraction(0)), max(outcome.chances, default=Fraction(0))
        each = chance(low) if low == high else f"{percent(low)} to {percent(high)}"
        by_end = outcome.by_hour[-1] if outcome.by_hour else Fraction(0)
        rows.append((f"Outcome: {outcome.name}", "", f"each check: {each}",
                     f"by {odds.hours}:00: {percent(by_end)}; expected {float(outcome.expected):.2f}"))
    return rows


def roll_rows(odds: Odds) -> list[tuple[str, ...]]:
    """For each of the pack's other rolls: how many times a quiet party rolls it within the hours, then
    each outcome's chance at each roll and of at least once by each milestone."""
    rows: list[tuple[str, ...]] = []
    for roll in odds.rolls:
        expected = sum((t.rolled for t in roll.times), Fraction(0))
        many = str(expected) if expected.denominator == 1 else f"{float(expected):.2f} expected"
        rows.append((f"Roll: {roll.name}", clock(odds.hours * 3600), f"rolled {many} times", ""))
        for outcome in roll.outcomes:
            by = ", ".join(f"{label} {percent(outcome.by_hour[hour - 1])}" for label, hour in milestones(odds))
            each = tuple(c / t.rolled for c, t in zip(outcome.chances, roll.times, strict=True))
            rows.append((f"  {outcome.name}", "", f"each roll: {chance_span(each)}",
                         f"at least once by {by}; expected {float(outcome.expected):.2f}"))
    return rows


def chance_span(chances: tuple[Fraction, ...]) -> str:
    """'1 in 6 (16.7%)' for one chance, '5.0% to 16.7%' for several, 'none rolled' for no check."""
    if not chances:
        return "none rolled"
    low, high = min(chances), max(chances)
    return chance(low) if low == high else f"{percent(low)} to {percent(high)}"


def level_name(level: LevelOdds) -> str:
    """'2' or '2 Forest (2 in 6)': a level of a chosen track, with its label."""
    return f"{level.level} {level.label}" if level.label else str(level.level)


def chosen_rows(odds: Odds) -> list[tuple[str, ...]]:
    """One row per level of each track the GM chooses: the chance at each check there, and of at least one
    by the end."""
    return [(f"{track.name} {level_name(level)}", "", f"each check: {chance_span(level.chances)}",
             f"by {clock(odds.hours * 3600)}: {percent(level.by_end)}; expected {float(level.expected):.2f}")
            for track in odds.chosen for level in track.levels]


def resource_rows(odds: Odds) -> list[tuple[str, ...]]:
    """One row per resource that runs down: boxes used within the hours by its rate, its rolls and its
    outcomes (:func:`boxes_used`); for one that dice run down, then the chance it is gone by each milestone
    and how long it lasts."""
    rows: list[tuple[str, ...]] = []
    for use in odds.resources:
        rows.append((f"Resource: {use.name}", f"{odds.hours}:00", boxes_used(odds, use),
                     f"{use.boxes} to a full {use.name}"))
        rows += resource_odds_rows(odds, use)
    return rows


def boxes_used(odds: Odds, use: ResourceUse) -> str:
    """The boxes a quiet party uses within the hours, as a GM says it: 'all 6 boxes; out at 1:00' for one
    that the rules run out by then, else 'boxes used: 4 by its rate + 1.50 expected from outcomes' (a
    rate's figure is never more than the boxes, unless a roll can fill it again)."""
    out = use.out_units
    if not use.by_dice and out is not None and not use.by_outcomes and out * odds.unit_minutes <= odds.hours * 60:
        return f"all {use.boxes} boxes; out at {clock(int(out * odds.unit_minutes * 60))}"
    parts = []
    if use.by_rate:
        parts.append(f"{'all ' if use.by_rate == use.boxes else ''}{use.by_rate} by its rate")
    if use.by_rolls:
        parts.append(f"{float(use.by_rolls):.2f} expected by the dice")
    if use.by_outcomes:
        parts.append(f"{float(use.by_outcomes):.2f} expected from outcomes")
    return f"boxes used: {' + '.join(parts) or 'none'}"


def resource_odds_rows(odds: Odds, use: ResourceUse) -> list[tuple[str, ...]]:
    """The rows of `sheetgen odds` for a resource that dice run down: the chance it is gone by each
    milestone, then how long it lasts and when it is gone, on average."""
    if not use.by_dice or not use.gone_by_hour:
        return []
    rows: list[tuple[str, ...]] = [(f"{use.name} gone by {label}", clock(hour * 3600),
                                    percent(use.gone_by_hour[hour - 1]), "")
                                   for label, hour in milestones(odds)]
    lasts = "no end" if use.lasts_units is None else _average(odds, use.lasts_units)
    out = "" if use.out_units is None or use.after is None else f"gone after {_average(odds, use.out_units)}"
    rows.append((f"{use.name} lasts", "", f"{lasts}{' once lit' if use.after else ''}", out))
    return rows


def _average(odds: Odds, units: Fraction) -> str:
    minutes = units * odds.unit_minutes
    return f"{clock(minutes * 60)} on average ({about(minutes)})"




def extra_rows(odds: Odds, extra: ExtraOdds) -> list[tuple[str, ...]]:
    """Rows for the terminal: the quiet baseline beside the odds with extra rolls each hour."""
    rolls = "one extra roll" if extra.extra == 1 else f"{extra.extra} extra rolls"
    rows: list[tuple[str, ...]] = [(f"With {rolls} an hour", "", f"Chance of {odds.result}", "quiet baseline")]
    for label, hour in milestones(odds):
        rows.append((f"By {label}", clock(hour * 3600), f"at least one: {percent(extra.by_hour[hour - 1])}",
                     percent(odds.by_hour[hour - 1])))
    rows.append(("Expected number", f"{odds.hours}:00", f"{float(extra.expected_encounters):.2f} by then",
                 f"{float(odds.expected_encounters):.2f}"))
    return rows


def mechanics_rows(odds: Odds) -> list[tuple[str, ...]]:
    """The rows the odds table gains from named outcomes, the pack's other rolls, tracks the GM chooses and
    resources that run down."""
    return [*outcome_rows(odds), *roll_rows(odds), *chosen_rows(odds), *resource_rows(odds)]
