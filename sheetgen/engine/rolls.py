"""The procedure's other rolls (``rolls:``): each roll's dice, cadence and outcomes compiled for the engine.

A roll besides the check is rolled at the end of a unit, after the check, in the pack's order, each from
the state the one before it left. Its cadence works as the check's (sheetgen.engine.procedure): the units
``at`` gives, or a grid of ``offset + first, offset + first + g, ...`` units, and for a cadence by track
the units since it was last rolled, kept in the state (``State.waits``, one per roll; 0 for a roll whose
cadence is a number). Its result is its total (the dice plus the levels of its ``add`` tracks; dice of
one kind may be read as a pool's are, by ``read``: the highest die, the lowest, or how many show
``count_on``), or for a roll read one by one the whole throw (sheetgen.engine.faces); its outcomes are
tried in order and the first that holds names the result; a result no outcome holds brings nothing. An
outcome's track moves are applied at once; what else its effects do (resources ticked, a sign) is the
timetable's to show.

Outcomes are numbered across the procedure, the check's first, then each roll's in order, so the odds and
the timetable count every named outcome in one way (:attr:`SideRoll.first`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheetgen.engine.dice import one_kind, parse_dice
from sheetgen.engine.faces import Throws, first_outcome, throws
from sheetgen.engine.pool import PoolReading
from sheetgen.model.pack import ByTrack, Pack, Roll, Track

Moves = tuple[tuple[int, int | None], ...]
"""Track moves: (track index, steps, or None for back to the start)."""


@dataclass(frozen=True)
class SideRoll:
    """One of the pack's rolls besides the check, with its lookups worked out."""

    roll: Roll
    index: int  # in pack.rolls
    first: int  # the procedure-wide number of its first outcome
    grid: int
    offset: int
    start: int  # the unit after the offset of its first roll (1 to grid)
    by_track: ByTrack | None  # its cadence by track, if it has one
    track: int  # the index of that track (-1 without)
    wait_cap: int  # the longest wait its cadence by track asks for (0 without)
    add: tuple[int, ...]
    throws: Throws | None
    reading: PoolReading | None  # how its dice make its result, for one read as a pool (not summed)
    distribution: dict[int, Fraction]
    moves: tuple[Moves, ...]  # one per outcome

    @classmethod
    def of(cls, pack: Pack, roll: Roll, index: int, first: int, tracks: dict[str, int]) -> SideRoll:
        cadence = roll.cadence
        every = cadence.every
        by_track = every if isinstance(every, ByTrack) else None
        read = throws(roll)
        reading, distribution = _reading(roll)
        if reading is None:
            distribution = read.distribution if read is not None else distribution
        return cls(
            roll=roll,
            index=index,
            first=first,
            grid=cadence.grid,
            offset=cadence.offset,
            start=cadence.grid if cadence.first is None else cadence.first,
            by_track=by_track,
            track=tracks[by_track.track] if by_track is not None else -1,
            wait_cap=max(by_track.levels.values()) if by_track is not None and by_track.levels else 0,
            add=tuple(tracks[t] for t in roll.add),
            throws=read,
            reading=reading,
            distribution=distribution,
            moves=tuple(
                tuple((tracks[e.track], None if e.reset else e.by) for e in o.effects if e.track is not None)
                for o in roll.outcomes
            ),
        )

    @property
    def rolls(self) -> int:
        return self.roll.cadence.rolls

    def on_grid(self, unit: int) -> bool:
        if self.roll.cadence.at is not None:
            return self.roll.cadence.on_grid(unit)
        elapsed = unit - self.offset
        return elapsed > 0 and (elapsed - self.start) % self.grid == 0

    def after(self, unit: int) -> bool:
        return unit > self.offset

    def initial_wait(self) -> int:
        """Units counted as waited at the start: a full cadence with ``first``, else none."""
        return self.wait_cap if self.roll.cadence.first is not None else 0

    def due(self, wait: int, levels: tuple[int, ...]) -> bool:
        """At a grid point, whether the roll is due: always, or for a cadence by track when the units
        waited reach the current level's."""
        if self.by_track is None:
            return True
        needed = value_at(self.by_track, levels[self.track])
        assert needed is not None  # the loader checks that a cadence's levels cover its track
        return wait >= needed

    def result_of(self, faces: tuple[int, ...], total: int) -> int:
        """The result the rules read: the total, for dice read as a pool their reading (the highest die, ...),
        or for dice read one by one the throw."""
        if self.reading is not None:
            return self.reading.result(faces)
        return total if self.throws is None else self.throws.encode(faces)

    def total(self, result: int) -> int:
        return result if self.throws is None else self.throws.total(result)

    def outcome_of(self, result: int, levels: tuple[int, ...]) -> int:
        """The index (in the roll's outcomes) of the first outcome that holds, -1 when none does: a range
        holds the total with the added tracks' levels, a pattern the throw."""
        value = self.total(result) + sum(levels[i] for i in self.add)
        return first_outcome(self.roll.outcomes, value, result, self.throws)


def _reading(roll: Roll) -> tuple[PoolReading | None, dict[int, Fraction]]:
    """A roll's reading as a pool (None for one whose dice are summed) and the distribution of its result
    before any track is added (its sum's, for dice read one by one)."""
    if roll.read == "sum":
        return None, parse_dice(roll.roll).distribution()
    count, sides = one_kind(roll.roll)
    reading = PoolReading.reading(roll.read, sides, roll.count_on)
    return reading, reading.distribution(count)


def roll_results(roll: Roll) -> list[int]:
    """Every result a roll's dice can give before any track is added, in order (its sum's, or for dice read
    as a pool, their reading's)."""
    return sorted(_reading(roll)[1])


def value_at(value: ByTrack, level: int) -> int | None:
    """The value a ByTrack with levels gives at a level of its track, None where its levels give none."""
    assert value.levels is not None
    return next((number for span, number in value.levels.items() if level in span), None)


def side_rolls(pack: Pack, tracks: dict[str, int], first: int) -> tuple[SideRoll, ...]:
    """The pack's rolls besides the check, their outcomes numbered from ``first`` on."""
    found = []
    for i, roll in enumerate(pack.rolls):
        found.append(SideRoll.of(pack, roll, i, first, tracks))
        first += len(roll.outcomes)
    return tuple(found)


def move_levels(levels: tuple[int, ...], moves: Moves, tracks: tuple[Track, ...]) -> tuple[int, ...]:
    """The levels after these moves, each clamped to its track."""
    new = list(levels)
    for i, by in moves:
        track = tracks[i]
        new[i] = track.initial if by is None else max(track.min, min(track.max, new[i] + by))
    return tuple(new)
