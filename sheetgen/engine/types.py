"""The engine's results, as plain frozen dataclasses the sheets can print."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class CheckOdds:
    """One scheduled check for a quiet party: when, and the exact chance it brings an encounter."""

    index: int  # 1-based number of the check
    unit: int  # the unit at whose end it is rolled (1-based)
    minute: Fraction  # minutes of play at that moment
    chance: Fraction  # P(this check triggers), counting every earlier history (tracks reset on encounters)
    chance_first: Fraction  # P(no encounter before, and this check triggers)
    rolled: Fraction = Fraction(1)  # P(the check is rolled here at all: a level's cadence, a pool too small)


@dataclass(frozen=True)
class OutcomeOdds:
    """One named outcome of the check (check.outcomes) for a quiet party."""

    name: str
    chances: tuple[Fraction, ...]  # P(this outcome at each check), aligned with Odds.checks
    by_hour: tuple[Fraction, ...]  # P(at least once by the end of hour 1, 2, ...)
    expected: Fraction  # expected number of times within the hours


@dataclass(frozen=True)
class RollTime:
    """A unit at whose end one of the pack's other rolls may be rolled, for a quiet party."""

    unit: int
    minute: Fraction
    rolled: Fraction  # P(it is rolled here: 1 but for a cadence by track)


@dataclass(frozen=True)
class RollOdds:
    """One of the pack's other rolls (``rolls:``) for a quiet party: when it is rolled, and its outcomes."""

    id: str
    name: str
    times: tuple[RollTime, ...]
    outcomes: tuple[OutcomeOdds, ...]  # one per outcome of the roll; chances aligned with ``times``


@dataclass(frozen=True)
class ResourceUse:
    """How much of a resource a quiet party uses within the hours: by its rate, and expected from outcomes."""

    resource: str  # its id
    name: str
    boxes: int  # boxes when full
    by_rate: int  # boxes its rate uses within the hours (refills aside; at most its boxes if none)
    by_outcomes: Fraction  # expected boxes ticked by the check's outcomes within the hours
    # for a resource that runs down by its own rules (a rate, and no outcome acts on it):
    by_rolls: Fraction = Fraction(0)  # expected boxes its rolls use within the hours (dice or chance)
    gone_by_hour: tuple[Fraction, ...] = ()  # P(gone by the end of hour 1, 2, ...)
    lasts_units: Fraction | None = None  # expected units it lasts once lit (None: not worked out, or no end)
    out_units: Fraction | None = None  # expected units of play until it is gone, from the start
    after: str | None = None  # the resource it is lit after, if any
    rolled: bool = False  # it runs down by a roll (a usage die, or a chance)
    by_dice: bool = False  # when it runs out depends on dice: its own, or a light's before it


@dataclass(frozen=True)
class LevelOdds:
    """The odds for a party that stays at one level of a track the GM chooses (``chosen: true``)."""

    level: int
    label: str | None  # the track's label for the level ("Forest (2 in 6)"), if it has one
    chances: tuple[Fraction, ...]  # P(the check's result at each check), aligned with that level's checks
    by_end: Fraction  # P(at least one within the hours)
    expected: Fraction  # expected number within the hours


@dataclass(frozen=True)
class ChosenOdds:
    """A track the GM sets to the party's situation, and the odds at each of its levels."""

    track: str  # its id
    name: str
    levels: tuple[LevelOdds, ...]


@dataclass(frozen=True)
class Odds:
    """Exact odds of a pack's check for a quiet party over some hours of play."""

    pack_id: str
    unit_minutes: Fraction
    unit: str  # the unit's name: "dungeon turn", "watch"
    hours: int
    checks: tuple[CheckOdds, ...]
    by_hour: tuple[Fraction, ...]  # P(at least one encounter by the end of hour 1, 2, ...)
    expected_encounters: Fraction  # expected number of encounters within the hours
    expected_minutes_to_first: Fraction | None  # None when an encounter may never come
    pack_name: str = ""
    result: str = "encounter"  # what a trigger brings, in the pack's words
    outcomes: tuple[OutcomeOdds, ...] = ()  # one per named outcome of the check, in the pack's order
    resources: tuple[ResourceUse, ...] = ()  # one per resource with a rate or ticked by an outcome
    chosen: tuple[ChosenOdds, ...] = ()  # one per track the GM chooses, in the pack's order
    rolls: tuple[RollOdds, ...] = ()  # one per roll besides the check (pack.rolls), in order


@dataclass(frozen=True)
class ExtraOdds:
    """The odds with ``extra`` more rolls of the check at the end of every hour (a party that takes risks)."""

    extra: int
    by_hour: tuple[Fraction, ...]  # P(at least one encounter by the end of hour 1, 2, ...)
    expected_encounters: Fraction  # expected encounters within the hours, extra rolls included
