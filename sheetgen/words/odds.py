"""The odds table of `sheetgen odds` in rows: the check's chances by hour, then the outcomes,
resources and extra rolls of the newer mechanics."""

from __future__ import annotations

from fractions import Fraction

from sheetgen.engine.types import ExtraOdds, LevelOdds, Odds, ResourceUse
from sheetgen.words.language import _, decimal, ngettext
from sheetgen.words.numbers import about, chance, clock, percent


def odds_rows(odds: Odds) -> list[tuple[str, ...]]:
    """Rows for the terminal: a header, one row per check, then the totals."""
    rows: list[tuple[str, ...]] = [
        (
            _("Check"),
            _("Time"),
            _("Chance of {result}").format(result=odds.result),
            _("First {result}").format(result=odds.result),
        )
    ]
    for c in odds.checks:
        text = chance(c.chance)
        if c.rolled != 1:
            text = _("{chance}, rolled {percent}").format(chance=text, percent=percent(c.rolled))
        rows.append((str(c.index), clock(c.minute * 60), text, chance(c.chance_first)))
    for label, hour in milestones(odds):
        rows.append((_by(label), clock(hour * 3600), _at_least_one(odds.by_hour[hour - 1]), ""))
    rows.append((_("Expected number"), clock(odds.hours * 3600), _by_then(odds.expected_encounters), ""))
    first = odds.expected_minutes_to_first
    wait = (
        _("never certain")
        if first is None
        else _("after {time} ({wait})").format(time=clock(first * 60), wait=about(first))
    )
    rows.append((_("First expected"), "", wait, ""))
    return rows


def _by(label: str) -> str:
    return _("By {time}").format(time=label)


def _at_least_one(p: Fraction) -> str:
    return _("at least one: {percent}").format(percent=percent(p))


def _by_then(expected: Fraction) -> str:
    return _("{n} by then").format(n=decimal(float(expected), 2))


def _expected(value: Fraction) -> str:
    return _("expected {n}").format(n=decimal(float(value), 2))


def _span(low: Fraction, high: Fraction) -> str:
    return _("{low} to {high}").format(low=percent(low), high=percent(high))


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
    marks = [
        (f"{odds.unit} {h // step}" if by_unit else _("hour {n}").format(n=h), h) for h in range(step, hours + 1, step)
    ]
    if hours % step:
        marks.append((_("hour {n}").format(n=hours), hours))
    return tuple(marks)


# --- the odds table's rows for the newer mechanics -----------------------------------------------


def outcome_rows(odds: Odds) -> list[tuple[str, ...]]:
    """One row per named outcome: its chance at each check, and of at least once by the last hour."""
    rows: list[tuple[str, ...]] = []
    for outcome in odds.outcomes:
        low, high = min(outcome.chances, default=Fraction(0)), max(outcome.chances, default=Fraction(0))
        each = chance(low) if low == high else _span(low, high)
        by_end = outcome.by_hour[-1] if outcome.by_hour else Fraction(0)
        rows.append(
            (
                _("Outcome: {name}").format(name=outcome.name),
                "",
                _("each check: {chance}").format(chance=each),
                _by_end(clock(odds.hours * 3600), by_end, outcome.expected),
            )
        )
    return rows


def roll_rows(odds: Odds) -> list[tuple[str, ...]]:
    """For each of the pack's other rolls: how many times a quiet party rolls it within the hours, then
    each outcome's chance at each roll and of at least once by each milestone."""
    rows: list[tuple[str, ...]] = []
    for roll in odds.rolls:
        expected = sum((t.rolled for t in roll.times), Fraction(0))
        many = (
            ngettext("rolled {n} time", "rolled {n} times", len(roll.times)).format(n=len(roll.times))
            if all(t.rolled == 1 for t in roll.times)
            else _("rolled {n} expected times").format(n=decimal(float(expected), 2))
        )
        rows.append((_("Roll: {name}").format(name=roll.name), clock(odds.hours * 3600), many, ""))
        for outcome in roll.outcomes:
            by = ", ".join(
                _("{time} {percent}").format(time=label, percent=percent(outcome.by_hour[hour - 1]))
                for label, hour in milestones(odds)
            )
            each = tuple(c / t.rolled for c, t in zip(outcome.chances, roll.times, strict=True))
            rows.append(
                (
                    f"  {outcome.name}",
                    "",
                    _("each roll: {chance}").format(chance=chance_span(each)),
                    _("at least once by {times}; {expected}").format(times=by, expected=_expected(outcome.expected)),
                )
            )
    return rows


def chance_span(chances: tuple[Fraction, ...]) -> str:
    """'1 in 6 (16.7%)' for one chance, '5.0% to 16.7%' for several, 'none rolled' for no check."""
    if not chances:
        return _("none rolled")
    low, high = min(chances), max(chances)
    return chance(low) if low == high else _span(low, high)


def level_name(level: LevelOdds) -> str:
    """'2' or '2 Forest (2 in 6)': a level of a chosen track, with its label."""
    return f"{level.level} {level.label}" if level.label else str(level.level)


def chosen_rows(odds: Odds) -> list[tuple[str, ...]]:
    """One row per level of each track the GM chooses: the chance at each check there, and of at least one
    by the end."""
    return [
        (
            f"{track.name} {level_name(level)}",
            "",
            _("each check: {chance}").format(chance=chance_span(level.chances)),
            _by_end(clock(odds.hours * 3600), level.by_end, level.expected),
        )
        for track in odds.chosen
        for level in track.levels
    ]


def _by_end(time: str, p: Fraction, expected: Fraction) -> str:
    """'by 3:00: 42.1%; expected 0.55'."""
    return _("by {time}: {percent}; {expected}").format(time=time, percent=percent(p), expected=_expected(expected))


def resource_rows(odds: Odds) -> list[tuple[str, ...]]:
    """One row per resource that runs down: boxes used within the hours by its rate, its rolls and its
    outcomes (:func:`boxes_used`); for one that dice run down, then the chance it is gone by each milestone
    and how long it lasts."""
    rows: list[tuple[str, ...]] = []
    for use in odds.resources:
        rows.append(
            (
                _("Resource: {name}").format(name=use.name),
                clock(odds.hours * 3600),
                boxes_used(odds, use),
                _("{n} to a full {resource}").format(n=use.boxes, resource=use.name),
            )
        )
        rows += resource_odds_rows(odds, use)
    return rows


def boxes_used(odds: Odds, use: ResourceUse) -> str:
    """The boxes a quiet party uses within the hours, as a GM says it: 'all 6 boxes; out at 1:00' (or '1 box;
    out at 0:10') for one that the rules run out by then, else 'boxes used: 4 by its rate + 1.50 expected
    from outcomes' (a rate's figure is never more than the boxes, unless a roll can fill it again)."""
    out = use.out_units
    if not use.by_dice and out is not None and not use.by_outcomes and out * odds.unit_minutes <= odds.hours * 60:
        return ngettext("{n} box; out at {time}", "all {n} boxes; out at {time}", use.boxes).format(
            n=use.boxes, time=clock(int(out * odds.unit_minutes * 60))
        )
    parts = []
    if use.by_rate:
        parts.append(
            (_("all {n} by its rate") if use.by_rate == use.boxes else _("{n} by its rate")).format(n=use.by_rate)
        )
    if use.by_rolls:
        parts.append(_("{n} expected by the dice").format(n=decimal(float(use.by_rolls), 2)))
    if use.by_outcomes:
        parts.append(_("{n} expected from outcomes").format(n=decimal(float(use.by_outcomes), 2)))
    return _("boxes used: {parts}").format(parts=" + ".join(parts) or _("none"))


def resource_odds_rows(odds: Odds, use: ResourceUse) -> list[tuple[str, ...]]:
    """The rows of `sheetgen odds` for a resource that dice run down: the chance it is gone by each
    milestone, then how long it lasts and when it is gone, on average."""
    if not use.by_dice or not use.gone_by_hour:
        return []
    rows: list[tuple[str, ...]] = [
        (
            _("{resource} gone by {time}").format(resource=use.name, time=label),
            clock(hour * 3600),
            percent(use.gone_by_hour[hour - 1]),
            "",
        )
        for label, hour in milestones(odds)
    ]
    lasts = _("no end") if use.lasts_units is None else _average(odds, use.lasts_units)
    if use.after:
        lasts = _("{lasts} once lit").format(lasts=lasts)
    out = (
        ""
        if use.out_units is None or use.after is None
        else _("gone after {wait}").format(wait=_average(odds, use.out_units))
    )
    rows.append((_("{resource} lasts").format(resource=use.name), "", lasts, out))
    return rows


def _average(odds: Odds, units: Fraction) -> str:
    minutes = units * odds.unit_minutes
    return _("{time} on average ({wait})").format(time=clock(minutes * 60), wait=about(minutes))


def extra_rows(odds: Odds, extra: ExtraOdds) -> list[tuple[str, ...]]:
    """Rows for the terminal: the quiet baseline beside the odds with extra rolls each hour."""
    rolls = ngettext("With one extra roll an hour", "With {n} extra rolls an hour", extra.extra).format(n=extra.extra)
    rows: list[tuple[str, ...]] = [(rolls, "", _("Chance of {result}").format(result=odds.result), _("quiet baseline"))]
    for label, hour in milestones(odds):
        rows.append(
            (_by(label), clock(hour * 3600), _at_least_one(extra.by_hour[hour - 1]), percent(odds.by_hour[hour - 1]))
        )
    rows.append(
        (
            _("Expected number"),
            clock(odds.hours * 3600),
            _by_then(extra.expected_encounters),
            decimal(float(odds.expected_encounters), 2),
        )
    )
    return rows


def mechanics_rows(odds: Odds) -> list[tuple[str, ...]]:
    """The rows the odds table gains from named outcomes, the pack's other rolls, tracks the GM chooses and
    resources that run down."""
    return [*outcome_rows(odds), *roll_rows(odds), *chosen_rows(odds), *resource_rows(odds)]
