"""How a dice pool's dice make its result: a Pool in, a PoolReading that reads faces and knows its odds.

A pool is read by its highest die, its lowest, their sum, or the count of dice showing some faces
(``read`` and ``count_on``); another roll of one kind of die (``rolls:``, ``3d6`` read highest) is
read the same way. This is the one place that tells those apart: the procedure's exact distribution,
the timetable's reading of pre-rolled dice, the results the loader checks tables against, and the
simulation all ask a PoolReading; sheetgen.words says each reading in words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from sheetgen.engine.dice import die_faces, parse_dice, pool_highest, pool_lowest
from sheetgen.model.common import RollRange
from sheetgen.model.pack import Pool


@dataclass(frozen=True)
class PoolReading:
    """A pool's kind of die and how its dice are read."""

    read: str  # highest, lowest, sum or count
    sides: int
    counted: tuple[int, int]  # for count: the faces that count, low and high; else (0, 0)

    @classmethod
    def of(cls, pool: Pool) -> PoolReading:
        return cls.reading(pool.read, die_faces(pool.die), pool.count_on)

    @classmethod
    def reading(cls, read: str, sides: int, count_on: RollRange | None) -> PoolReading:
        """The reading of dice of ``sides`` sides: a pool's, or another roll's of one kind of die."""
        return cls(read, sides, (count_on.low, count_on.high) if count_on is not None else (0, 0))

    def result(self, faces: Sequence[int]) -> int:
        """The result these faces give."""
        if self.read == "highest":
            return max(faces)
        if self.read == "lowest":
            return min(faces)
        if self.read == "count":
            low, high = self.counted
            return sum(1 for f in faces if low <= f <= high)
        return sum(faces)

    def results(self, most: int) -> range:
        """Every result a pool of at most ``most`` dice can give (0 for a sum or a count of no dice)."""
        if self.read == "sum":
            return range(0, self.sides * most + 1)
        if self.read == "count":
            return range(0, most + 1)
        return range(1, self.sides + 1)

    def distribution(self, count: int) -> dict[int, Fraction]:
        """The exact distribution of the result of ``count`` dice (cached: callers must not change it)."""
        return _distribution(self, count)


@lru_cache(maxsize=1024)
def _distribution(reading: PoolReading, count: int) -> dict[int, Fraction]:
    sides = reading.sides
    if reading.read == "count":
        low, high = reading.counted
        hit = Fraction(max(0, min(high, sides) - max(low, 1) + 1), sides)
        return {k: math.comb(count, k) * hit**k * (1 - hit) ** (count - k) for k in range(count + 1)}
    if reading.read == "highest":
        return pool_highest(count, sides)
    if reading.read == "lowest":
        return pool_lowest(count, sides)
    return parse_dice(f"{count}d{sides}").distribution()
