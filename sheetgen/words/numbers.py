"""Numbers in words: moments of play (h:mm), lengths of time, chances, signed moves and spans of
track levels, dice faces. Every other words module builds on these."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from sheetgen.model.pack import Pack, Track

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


def duration(seconds: int, *, short: bool = False) -> str:
    """A length of time: '1 hour 30 minutes', '10 minutes', '30 seconds', '3 days' (whole days only);
    short: '1 hr 30 min'."""
    if seconds >= 86400 and seconds % 86400 == 0 and not short:
        days = seconds // 86400
        return f"{days} day{'s' if days != 1 else ''}"
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    names = (("hr", "min", "s") if short else ("hour", "minute", "second"))
    parts = []
    for n, name in zip((hours, minutes, secs), names, strict=True):
        if n:
            parts.append(f"{n} {name}" if short or n == 1 else f"{n} {name}s")
    return " ".join(parts) or ("0 min" if short else "0 minutes")


def duration_field(seconds: int) -> str:
    """A length of time as a pack or site file writes it, in one unit its reader takes: '2 days',
    '8 hours', '90 minutes', '45 seconds'."""
    size, name = next((size, name) for size, name in ((86400, "day"), (3600, "hour"), (60, "minute"))
                      if seconds % size == 0) if seconds % 60 == 0 else (1, "second")
    n = seconds // size
    return f"{n} {name}{'s' if n != 1 else ''}"


def every(seconds: int) -> str:
    """'every 10 minutes', 'every hour'."""
    text = duration(seconds)
    return f"every {text[2:]}" if text.startswith("1 ") and " " not in text[2:] else f"every {text}"


def about(minutes: Fraction) -> str:
    """An expected wait: 'about 45 minutes', 'about 1 minute', 'under a minute', 'about 2.5 hours' (hours
    from two hours on)."""
    value = float(minutes)
    if value >= 120:
        return f"about {value / 60:.1f} hours".replace(".0 hours", " hours")
    whole = round(value)
    if whole < 1:
        return "under a minute"
    return f"about {whole} minute{'' if whole == 1 else 's'}"


def percent(p: Fraction) -> str:
    """'16.7%', 'under 0.1%', 'over 99.9%'."""
    value = float(p) * 100
    if 0 < value < 0.1:
        return "under 0.1%"
    if 99.9 < value < 100:
        return "over 99.9%"
    return f"{value:.1f}%"


def chance(p: Fraction) -> str:
    """'1 in 6 (16.7%)', '5/36 (13.9%)' or '28.6%'."""
    pct = percent(p)
    if p == 0 or p == 1:
        return pct
    if p.numerator == 1 and p.denominator <= 1000:
        return f"1 in {p.denominator} ({pct})"
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
    """'3-4', '1-2 or 4': levels as ranges."""
    spans: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if spans and spans[-1][1] == v - 1:
            spans[-1] = (spans[-1][0], v)
        else:
            spans.append((v, v))
    parts = [str(a) if a == b else f"{a}-{b}" for a, b in spans]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"


def levels_phrase(hits: list[int], low: int, high: int) -> str:
    """'3 or more', '2 or less', '4', '1-2 or 4': the levels (of low..high) at which a rule fires."""
    if hits == list(range(hits[0], hits[-1] + 1)) and hits[0] != hits[-1]:
        if hits[-1] == high:
            return f"{hits[0]} or more"
        if hits[0] == low:
            return f"{hits[-1]} or less"
    return level_span(hits)


def units_span(pack: Pack, units: int) -> str:
    """'dungeon turn (10 minutes)', '6 rounds (1 hour)'."""
    span = duration(units * pack.time.length)
    return f"{pack.time.unit} ({span})" if units == 1 else f"{units} {pack.time.plural} ({span})"


def leg_time(pack: Pack, first: int, last: int) -> str:
    """How long a leg of a route takes and the units of play it covers, as the timetable counts them:
    '12 hours: watches 3-5', '4 hours: watch 18'."""
    span = f"{pack.time.unit} {first}" if first == last else f"{pack.time.plural} {first}-{last}"
    return f"{duration((last - first + 1) * pack.time.length)}: {span}"


def unit_sentence(pack: Pack) -> str:
    """'A dungeon turn lasts 10 minutes.', 'A round lasts 10 seconds, 2 actions.'"""
    time = pack.time
    article = "An" if time.unit[:1].lower() in "aeiou" else "A"
    actions = f", {time.actions_per_unit} {time.action}s" if time.actions_per_unit > 1 else ""
    return f"{article} {time.unit} lasts {duration(time.length)}{actions}."


def faces_text(faces: tuple[int, ...], total: int) -> str:
    """'4' for one die, '1+5 = 6' for several."""
    return f"{'+'.join(map(str, faces))} = {total}" if len(faces) > 1 else str(total)


def track_range(track: Track) -> str:
    """'0-10', or '-2 to 2' when it starts below 0."""
    return f"{track.min} to {track.max}" if track.min < 0 else f"{track.min}-{track.max}"
