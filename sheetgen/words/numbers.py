"""Numbers in words: moments of play (h:mm), lengths of time, chances, signed moves and spans of
track levels, dice faces. Every other words module builds on these."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from sheetgen.model.pack import Pack, Track
from sheetgen.words.language import N_, _, after_colon, decimal, ngettext, percent_number, takes_an

MINUS = "\u2212"
TIMES = "\u00d7"


@lru_cache(maxsize=4096)
def clock(seconds: int | Fraction) -> str:
    """A moment of play as a clock: '0:10', '1:30', '0:00:10' when it falls between minutes."""
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    mins, secs = divmod(rest, 60)
    if secs or whole != seconds:
        return f"{hours}:{mins:02d}:{secs:02d}"
    return f"{hours}:{mins:02d}"


_SHORT = (N_("{n} hr"), N_("{n} min"), N_("{n} s"))
_EVERY_ONE = {86400: N_("every day"), 3600: N_("every hour"), 60: N_("every minute"), 1: N_("every second")}


def _count(unit: int, n: int) -> str:
    """'1 hour', '30 minutes': *n* of the unit (0 days, 1 hours, 2 minutes, 3 seconds)."""
    if unit == 0:
        return ngettext("{n} day", "{n} days", n).format(n=n)
    if unit == 1:
        return ngettext("{n} hour", "{n} hours", n).format(n=n)
    if unit == 2:
        return ngettext("{n} minute", "{n} minutes", n).format(n=n)
    return ngettext("{n} second", "{n} seconds", n).format(n=n)


def duration(seconds: int, *, short: bool = False) -> str:
    """A length of time: '1 hour 30 minutes', '10 minutes', '30 seconds', '3 days' (whole days only);
    short: '1 hr 30 min'."""
    if seconds >= 86400 and seconds % 86400 == 0 and not short:
        return _count(0, seconds // 86400)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    for i, n in enumerate((hours, minutes, secs)):
        if n:
            parts.append(_(_SHORT[i]).format(n=n) if short else _count(i + 1, n))
    return " ".join(parts) or (_(_SHORT[1]).format(n=0) if short else _count(2, 0))


def every(seconds: int) -> str:
    """'every 10 minutes', 'every hour'."""
    one = next((word for length, word in _EVERY_ONE.items() if seconds == length), None)
    return _(one) if one is not None else _("every {duration}").format(duration=duration(seconds))


def about(minutes: Fraction) -> str:
    """An expected wait: 'about 45 minutes', 'about 1 minute', 'under a minute', 'about 2.5 hours' (hours
    from two hours on)."""
    value = float(minutes)
    if value >= 120:
        hours = f"{value / 60:.1f}"
        shown = hours[:-2] if hours.endswith(".0") else decimal(value / 60, 1)
        return _("about {hours} hours").format(hours=shown)
    whole = round(value)
    if whole < 1:
        return _("under a minute")
    return ngettext("about {n} minute", "about {n} minutes", whole).format(n=whole)


def percent(p: Fraction) -> str:
    """'16.7%', 'under 0.1%', 'over 99.9%' (in German '16,7 %')."""
    value = float(p) * 100
    if 0 < value < 0.1:
        return _("under {percent}").format(percent=percent_number(0.1))
    if 99.9 < value < 100:
        return _("over {percent}").format(percent=percent_number(99.9))
    return percent_number(value)


def chance(p: Fraction) -> str:
    """'1 in 6 (16.7%)', '5/36 (13.9%)' or '28.6%'."""
    pct = percent(p)
    if p == 0 or p == 1:
        return pct
    if p.numerator == 1 and p.denominator <= 1000:
        return _("1 in {n} ({percent})").format(n=p.denominator, percent=pct)
    if p.denominator <= 100:
        return f"{p.numerator}/{p.denominator} ({pct})"
    return pct


def signed(by: int | str, direction: Literal["up", "down"] = "up") -> str:
    """'+1', '+1d4', and for a fall the same with a minus sign (U+2212) for the plus."""
    if isinstance(by, int):
        number = -by if direction == "down" else by
        return f"{number:+d}".replace("-", MINUS)
    return (MINUS if direction == "down" else "+") + by


def level_span(values: list[int]) -> str:
    """'3-4', '1-2 or 4', '-2 to -1': levels as ranges."""
    spans: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if spans and spans[-1][1] == v - 1:
            spans[-1] = (spans[-1][0], v)
        else:
            spans.append((v, v))
    parts = [str(a) if a == b else _span(a, b) for a, b in spans]
    return parts[0] if len(parts) == 1 else or_list(parts)


def _span(low: int, high: int) -> str:
    """'3-4', and '-2 to -1' from below 0, where a hyphen between the two would read as a minus sign (as a
    pack writes such a range)."""
    return _("{low} to {high}").format(low=low, high=high) if low < 0 else f"{low}-{high}"


def or_list(parts: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(parts) == 1:
        return parts[0]
    return _("{first} or {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def and_list(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def levels_phrase(hits: list[int], low: int, high: int) -> str:
    """'3 or more', '2 or less', '4', '1-2 or 4': the levels (of low..high) at which a rule fires."""
    if hits == list(range(hits[0], hits[-1] + 1)) and hits[0] != hits[-1]:
        if hits[-1] == high:
            return _("{n} or more").format(n=hits[0])
        if hits[0] == low:
            return _("{n} or less").format(n=hits[-1])
    return level_span(hits)


def units_span(pack: Pack, units: int) -> str:
    """'dungeon turn (10 minutes)', '6 rounds (1 hour)'."""
    span = duration(units * pack.time.length)
    return f"{pack.time.unit} ({span})" if units == 1 else f"{units} {pack.time.plural} ({span})"


def leg_time(pack: Pack, first: int, last: int) -> str:
    """How long a leg of a route takes and the units of play it covers, as the timetable counts them:
    '12 hours: watches 3-5', '4 hours: watch 18'."""
    span = f"{pack.time.unit} {first}" if first == last else f"{pack.time.plural} {first}-{last}"
    return after_colon(duration((last - first + 1) * pack.time.length), span)


def unit_sentence(pack: Pack) -> str:
    """'A dungeon turn lasts 10 minutes.', 'A round lasts 10 seconds, 2 actions.', 'An hour lasts 1 hour.'"""
    time = pack.time
    lasts = duration(time.length)
    an = takes_an(time.unit)
    if time.actions_per_unit > 1:
        return (
            _("An {unit} lasts {duration}, {n} {actions}.") if an else _("A {unit} lasts {duration}, {n} {actions}.")
        ).format(unit=time.unit, duration=lasts, n=time.actions_per_unit, actions=time.action_plural)
    return (_("An {unit} lasts {duration}.") if an else _("A {unit} lasts {duration}.")).format(
        unit=time.unit, duration=lasts
    )


def faces_text(faces: tuple[int, ...], total: int) -> str:
    """'4' for one die, '1+5 = 6' for several."""
    return f"{'+'.join(map(str, faces))} = {total}" if len(faces) > 1 else str(total)


def track_range(track: Track) -> str:
    """'0-10', or '-2 to 2' when it starts below 0."""
    return _("{low} to {high}").format(low=track.min, high=track.max) if track.min < 0 else f"{track.min}-{track.max}"
