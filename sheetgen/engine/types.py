"""The engine's results, as plain frozen dataclasses the sheets can print."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class CheckOdds:
    """One scheduled check for a quiet party: when, and the exact chance it brings an encounter."""

    index: int          # 1-based number of the check
    unit: int           # the unit at whose end it is rolled (1-based)
    minute: Fraction    # minutes of play at that moment
    chance: Fraction    # P(this check triggers), counting every earlier history (tracks reset on encounters)
    chance_first: Fraction  # P(no encounter before, and this check triggers)
    rolled: Fraction = Fraction(1)  # P(the check is rolled here at all: a level's cadence, a pool too small)


@dataclass(frozen=True)
class Odds:
    """Exact odds of a pack's check for a quiet party over some hours of play."""

    pack_id: str
    unit_minutes: Fraction
    hours: int
    checks: tuple[CheckOdds, ...]
    by_hour: tuple[Fraction, ...]               # P(at least one encounter by the end of hour 1, 2, ...)
    expected_encounters: Fraction               # expected number of encounters within the hours
    expected_minutes_to_first: Fraction | None  # None when an encounter may never come
    pack_name: str = ""
    result: str = "encounter"                   # what a trigger brings, in the pack's words
