"""The odds chart of a reference page: a Pack and its quiet-party Odds in, an :class:`OddsBody` out.

The chart shows the chance that each check brings the check's result, as a bar at the minute it is
rolled, and the chance of at least one so far as a stepped line, over the hours the odds cover; the
numbers beside it say the same exactly. Lengths are in points, y growing downwards, ready for SVG.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheetgen.engine.types import CheckOdds, Odds
from sheetgen.model.pack import Pack
from sheetgen.options import POINTS_PER_INCH
from sheetgen.sheets.mechanics import Fact
from sheetgen.words import about, chance, clock, duration, every, milestones, percent
from sheetgen.words.language import _


@dataclass(frozen=True)
class Bar:
    """One check in the odds chart: its place and size in points, and the numbers it stands for."""

    x: float
    y: float
    width: float
    height: float
    minute: float
    chance: float


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True)
class OddsBody:
    """A chart of the chance that each check brings the check's result, for a quiet party, with the
    chance of at least one so far as a stepped line; all lengths in points, y growing downwards."""

    width: float
    height: float
    plot_left: float
    plot_top: float
    plot_right: float
    plot_bottom: float
    bars: tuple[Bar, ...]
    line: tuple[tuple[float, float], ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    x_label: str
    y_label: str
    legend_x: float
    legend_y: float
    facts: tuple[Fact, ...]
    at_least: str
    by_hour: tuple[Fact, ...]
    quiet: str
    beside: bool
    outcomes: tuple[OutcomeLine, ...] = ()  # one per named outcome of the check
    outcomes_head: tuple[str, str, str] = ("Outcome", "Each check", "At least once")  # English; set in odds_chart
    chosen: tuple[ChosenTable, ...] = ()  # one per track the GM chooses


@dataclass(frozen=True)
class OutcomeLine:
    """A named outcome's odds (or a chosen level's): its chance at each check and of at least once within
    the hours."""

    name: str
    each: str
    at_least: str


@dataclass(frozen=True)
class ChosenTable:
    """The odds at each level of a track the GM chooses: a head and a line a level."""

    head: tuple[str, str, str]
    lines: tuple[OutcomeLine, ...]


# --- the odds chart ---------------------------------------------------------------------------------

CHART_HEIGHT = 76.0
# Room for the axis labels: left for the percentages, below for the hours.
_PLOT_LEFT = 26.0
_PLOT_RIGHT_PAD = 8.0
_PLOT_TOP = 6.0
_PLOT_BOTTOM_PAD = 24.0
# A column at least this wide has the chart and its numbers side by side.
_BESIDE_WIDTH = 3.2 * POINTS_PER_INCH
_CHART_SHARE = 0.6


def odds_chart(pack: Pack, odds: Odds, width: float) -> OddsBody:
    """The odds chart for a section *width* points wide."""
    beside = width >= _BESIDE_WIDTH
    chart_width = round(width * _CHART_SHARE if beside else width, 2)
    left, top = _PLOT_LEFT, _PLOT_TOP
    right, bottom = chart_width - _PLOT_RIGHT_PAD, CHART_HEIGHT - _PLOT_BOTTOM_PAD
    total = float(odds.hours * 60)

    def x_at(minute: float) -> float:
        return round(left + (right - left) * minute / total, 2)

    def y_at(chance: float) -> float:
        return round(bottom - (bottom - top) * chance, 2)

    minutes = [float(c.minute) for c in odds.checks]
    gaps = [b - a for a, b in zip([0.0, *minutes], minutes, strict=False) if b > a]
    spacing = (right - left) * (min(gaps) if gaps else total) / total
    bar_width = round(max(1.5, min(8.0, spacing * 0.55)), 2)
    bars = tuple(
        Bar(
            x=round(x_at(m) - bar_width / 2, 2),
            y=y_at(float(c.chance)),
            width=bar_width,
            height=round(bottom - y_at(float(c.chance)), 2),
            minute=m,
            chance=float(c.chance),
        )
        for m, c in zip(minutes, odds.checks, strict=True)
    )
    line = [(x_at(0), y_at(0))]
    so_far = Fraction(0)
    for m, c in zip(minutes, odds.checks, strict=True):
        line.append((x_at(m), y_at(float(so_far))))
        so_far += c.chance_first
        line.append((x_at(m), y_at(float(so_far))))
    line.append((x_at(total), y_at(float(so_far))))
    told = milestones(odds)
    x_ticks = (Tick(x_at(0), "0 h"), *(Tick(x_at(h * 60), f"{h} h") for _, h in told))
    y_ticks = tuple(Tick(y_at(p / 100), f"{p}%") for p in (0, 25, 50, 75, 100))
    return OddsBody(
        width=chart_width,
        height=CHART_HEIGHT,
        plot_left=left,
        plot_top=top,
        plot_right=right,
        plot_bottom=bottom,
        bars=bars,
        line=tuple(line),
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        x_label=_("hours of play"),
        y_label=_("chance"),
        # The key sits below the hour labels, where neither bars nor line can cover it.
        legend_x=round(left, 2),
        legend_y=round(CHART_HEIGHT - 2, 2),
        facts=odds_facts(pack, odds) + extra_roll_facts(pack, odds),
        at_least=_("At least one by"),
        by_hour=tuple(Fact(label, percent(odds.by_hour[h - 1])) for label, h in told),
        quiet=_("Quiet {party}: only the rules move the tracks.").format(party=pack.words.party),
        beside=beside,
        outcomes=outcome_lines(odds),
        outcomes_head=(_("Outcome"), _("Each check"), _("By {clock}").format(clock=f"{odds.hours}:00")),
        chosen=tuple(
            ChosenTable(
                (track.name, _("Each check"), _("By {clock}").format(clock=f"{odds.hours}:00")),
                tuple(
                    OutcomeLine(lv.label or str(lv.level), _each(lv.chances), percent(lv.by_end)) for lv in track.levels
                ),
            )
            for track in odds.chosen
        ),
    )


def extra_roll_facts(pack: Pack, odds: Odds) -> tuple[Fact, ...]:
    """For a check with extra rolls: the chance of at least one by the first hour with one extra roll
    in it, beside the quiet figure."""
    if pack.check is None or not pack.check.extra:
        return ()
    from sheetgen.engine.odds import extra_odds

    extra = extra_odds(pack, 1, 1)
    return (
        Fact(
            _("One extra roll an hour"),
            _("{percent} by hour 1 ({quiet} quiet)").format(
                percent=percent(extra.by_hour[0]), quiet=percent(odds.by_hour[0])
            ),
        ),
    )


def outcome_lines(odds: Odds) -> tuple[OutcomeLine, ...]:
    """Each named outcome: '16.7%' (or '5.0%-16.7%') per check, and at least once by the last hour."""
    lines = []
    for outcome in odds.outcomes:
        by_end = outcome.by_hour[-1] if outcome.by_hour else Fraction(0)
        lines.append(OutcomeLine(outcome.name, _each(outcome.chances), percent(by_end)))
    return tuple(lines)


def _each(chances: tuple[Fraction, ...]) -> str:
    """'16.7%' for one chance at every check, '5.0%-16.7%' for several."""
    low, high = min(chances, default=Fraction(0)), max(chances, default=Fraction(0))
    return percent(low) if low == high else f"{percent(low)}-{percent(high)}"


def odds_facts(pack: Pack, odds: Odds) -> tuple[Fact, ...]:
    """The numbers printed beside the chart, besides the chance of at least one by each hour: the
    chance at each check and the expected wait for the first."""
    result = _result(pack, odds)
    facts: list[Fact] = []
    checks = odds.checks
    if not checks:
        none = {1: _("none is rolled in the first hour"), 24: _("none is rolled in the first day")}.get(odds.hours)
        facts.append(
            Fact(
                _("Each check"),
                none or _("none is rolled in the first {span}").format(span=duration(odds.hours * 3600)),
            )
        )
    elif len({c.chance for c in checks}) == 1:
        minutes = [c.minute for c in checks]
        gaps = {b - a for a, b in zip([Fraction(0), *minutes], minutes, strict=False)}
        per = _("{chance} per check")
        gap = min(gaps) if len(gaps) == 1 else Fraction(0)
        if len(gaps) == 1:
            per = _("{chance} per {unit}") if gap == odds.unit_minutes else _("{chance} a check {every}")
        facts.append(
            Fact(
                _("Each check"),
                per.format(chance=chance(checks[0].chance), unit=pack.time.unit, every=every(int(gap * 60))),
            )
        )
    else:
        facts.append(Fact(_("Each check"), _varying(checks)))
    wait = odds.expected_minutes_to_first
    if wait is not None:
        facts.append(Fact(_("Average wait"), about(wait)))
    else:
        facts.append(
            Fact(
                _("Average wait"),
                _("a quiet {party} may never meet {result}").format(party=pack.words.party, result=result),
            )
        )
    return tuple(facts)


def _result(pack: Pack, odds: Odds) -> str:
    return pack.check.result if pack.check is not None else odds.result


def _varying(checks: tuple[CheckOdds, ...]) -> str:
    """'none before 0:30; 0.5% at 0:30, highest 12.9% at 1:20, 10.8% at 3:00'."""
    possible = [c for c in checks if c.chance > 0]
    if not possible:
        return _("0% at every check")
    first, last = possible[0], possible[-1]
    peak = max(possible, key=lambda c: (c.chance, -c.minute))
    at = _("{percent} at {clock}")
    parts = [at.format(percent=percent(first.chance), clock=clock(first.minute * 60))]
    if peak is not first:
        parts.append(
            _("highest {percent} at {clock}").format(percent=percent(peak.chance), clock=clock(peak.minute * 60))
        )
    if last is not peak and last is not first:
        parts.append(at.format(percent=percent(last.chance), clock=clock(last.minute * 60)))
    text = ", ".join(parts)
    if first is not checks[0]:
        text = _("none before {clock}; {chances}").format(clock=clock(first.minute * 60), chances=text)
    return text
