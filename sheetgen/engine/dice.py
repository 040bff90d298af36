"""Dice notation in, a Dice out that rolls with a given Random and knows its exact odds.

The notation, its parser and the limits on what it reads are in :mod:`sheetgen.dice_notation` (a leaf
that the model uses to check what a file says); here the parsed terms roll and are counted exactly.
A sum of whole dice is counted here, one die at a time; icepool, which is kept up, computes the exact
distributions of pools that keep some of their dice. The odds tables need both.

An exact distribution is refused with a :class:`~sheetgen.errors.DiceError` when its estimated work
(:func:`exact_work`) passes :data:`MAX_EXACT_WORK`, so that none takes much more than a second. Sums of up
to 394d6, 152d20, 36d100 or 4d1000 pass, and pools such as 4d6kh3, 202d6kh101, 86d20kh43 or 21d100kh10,
and keeping the single highest or lowest die of any pool. Such expressions still parse and roll:
1000d1000 rolls in a millisecond but has no exact distribution.
"""

from __future__ import annotations

import itertools
import math
import operator
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from sheetgen.compat.random_draws import die_roller
from sheetgen.dice_notation import MAX_DICE, MAX_SIDES, Constant, Roll, Term, parse_notation, quoted, shortened
from sheetgen.errors import DiceError, Location

if TYPE_CHECKING:
    import icepool

# In units of about 0.15 microseconds of icepool arithmetic (see exact_work): about a second at most.
MAX_EXACT_WORK = 7_000_000
FEW_THROWS = 1296
"""Throws of a few dice of one kind whose results :meth:`Dice.draw` makes once each (4d6 has 1,296)."""


@dataclass(frozen=True)
class Dice:
    """A parsed dice expression; build one with :func:`parse_dice`."""

    text: str
    terms: tuple[Term, ...] = field(repr=False, compare=False)

    def __str__(self) -> str:
        return self.text

    @property
    def minimum(self) -> int:
        return sum(_term_range(term)[0] for term in self.terms)

    @property
    def maximum(self) -> int:
        return sum(_term_range(term)[1] for term in self.terms)

    def roll(self, rng: random.Random) -> int:
        """Roll once with ``rng``; see :meth:`roll_detail` for the order in which dice are rolled."""
        return self.roll_detail(rng)[0]

    def roll_detail(self, rng: random.Random) -> tuple[int, tuple[int, ...]]:
        """Roll once with ``rng`` and return the total and every face rolled.

        Dice are rolled one at a time, left to right, each with ``rng.randint(1, sides)``, and the faces
        come back in that order, dropped dice included, so a seed always gives the same faces.
        """
        return self.draw(die_roller(rng))

    def draw(self, below: Callable[[int], int]) -> tuple[int, tuple[int, ...]]:
        """:meth:`roll_detail` with the dice drawn by ``below`` (``compat.random_draws.die_roller`` of the
        Random), made once for many rolls from one Random."""
        single = self._single
        if single is not None:  # one die (and constants), the common case: each result made once
            return single[below(len(single))]
        few = self._few
        if few is not None:  # a few dice of one kind (2d6, 3d6, 4d6kh3): each result made once too
            count, sides, made = few
            index = below(sides)
            for _ in range(count - 1):
                index = index * sides + below(sides)
            return made[index]
        total, rolls = self._plan
        faces: list[int] = []
        for sign, count, sides, keep, highest in rolls:
            if count == 1:
                face = 1 + below(sides)
                faces.append(face)
                total += sign * face
                continue
            rolled = [1 + below(sides) for _ in range(count)]
            faces.extend(rolled)
            kept = rolled if keep is None else sorted(rolled, reverse=highest)[:keep]
            total += sign * sum(kept)
        return total, tuple(faces)

    def draw_many(self, below: Callable[[int], int], times: int) -> list[tuple[int, tuple[int, ...]]]:
        """``times`` rolls, one after the other, as ``times`` calls of :meth:`draw` make them."""
        single = self._single
        if single is None:
            return [self.draw(below) for _ in range(times)]
        sides = len(single)
        return [single[below(sides)] for _ in range(times)]

    def roller(self, rng: random.Random) -> Callable[[], tuple[int, tuple[int, ...]]]:
        """:meth:`roll_detail` with ``rng`` as a function of nothing, for many rolls of the same dice."""
        single = self._single
        if single is None:
            drawn = die_roller(rng)
            return lambda: self.draw(drawn)
        below, sides = die_roller(rng), len(single)
        return lambda: single[below(sides)]

    @cached_property
    def _single(self) -> tuple[tuple[int, tuple[int, ...]], ...] | None:
        """For one die and constants, what :meth:`roll_detail` returns for each face (index face - 1)."""
        total, rolls = self._plan
        if len(rolls) != 1 or rolls[0][1] != 1:
            return None
        sign, _, sides, _, _ = rolls[0]
        return tuple((total + sign * face, (face,)) for face in range(1, sides + 1))

    @cached_property
    def _few(self) -> tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...]] | None:
        """For a few dice of one kind (and constants), their count, their sides and what :meth:`draw` returns
        for each throw, by the throw's faces less 1 read as the digits of a number in base ``sides``; None
        for other dice or more than FEW_THROWS throws."""
        total, rolls = self._plan
        if len(rolls) != 1 or rolls[0][1] < 2 or rolls[0][2] ** rolls[0][1] > FEW_THROWS:
            return None
        sign, count, sides, keep, highest = rolls[0]
        made = []
        for throw in itertools.product(range(1, sides + 1), repeat=count):
            kept = throw if keep is None else sorted(throw, reverse=highest)[:keep]
            made.append((total + sign * sum(kept), throw))
        return count, sides, tuple(made)

    @cached_property
    def _plan(self) -> tuple[int, tuple[tuple[int, int, int, int | None, bool], ...]]:
        """The constants' sum, and each roll as (sign, count, sides, keep, keep highest), left to right."""
        constant = sum(t.sign * t.value for t in self.terms if isinstance(t, Constant))
        rolls = tuple((t.sign, t.count, t.sides, t.keep, t.keep_highest) for t in self.terms if isinstance(t, Roll))
        return constant, rolls

    def distribution(self) -> dict[int, Fraction]:
        """The exact probability of each total, in increasing order of total.

        Raises DiceError when the expression is too large to compute exactly (see :data:`MAX_EXACT_WORK`).
        """
        return dict(self._distribution)

    def totals(self) -> range:
        """Every total the dice can roll, from :attr:`minimum` to :attr:`maximum`: each term rolls every whole
        number between its least and greatest, and so does a sum of such terms. Raises DiceError where
        :meth:`distribution` would, so that what passes a check is what the odds can be computed for."""
        if exact_work(self.terms) > MAX_EXACT_WORK:
            raise self._too_large()
        return range(self.minimum, self.maximum + 1)

    def _too_large(self) -> DiceError:
        return DiceError(
            f"dice {quoted(self.text)}: too large to compute exactly (it can still be rolled)",
            Location(column=1),
        )

    @cached_property
    def _distribution(self) -> tuple[tuple[int, Fraction], ...]:
        if exact_work(self.terms) > MAX_EXACT_WORK:
            raise self._too_large()
        try:
            return _exact_distribution(self.terms)
        except (RecursionError, MemoryError):
            # exact_work is an estimate; should it ever let through too much, that is still a dice problem.
            raise self._too_large() from None


def parse_dice(text: str | int) -> Dice:
    """Parse dice notation (see the module docstring); a whole number is a constant, 3 meaning "3"."""
    return Dice(*parse_notation(text))


@lru_cache(maxsize=256)
def parsed(text: str) -> Dice:
    """Cached parse of a dice expression."""
    return parse_dice(text)


@lru_cache(maxsize=256)
def dice_distribution(text: str) -> dict[int, Fraction]:
    """Cached exact distribution of a dice expression (callers must not change it)."""
    return parse_dice(text).distribution()


def die_faces(text: str) -> int:
    """The number of sides of a single die such as "d6", "1d6" or "d%"; DiceError for anything else."""
    dice = parse_dice(text)
    match dice.terms:
        case (Roll(sign=1, count=1, sides=sides),):
            return sides
    raise DiceError(f'dice {quoted(text)}: expected a single die such as "d6"', Location(column=1))


def one_kind(text: str) -> tuple[int, int]:
    """The number of dice and their sides of dice of one kind such as "3d6" or "d8" (no keep, nothing added),
    which can be read as a pool is; DiceError for anything else."""
    match parse_dice(text).terms:
        case (Roll(sign=1, count=count, sides=sides, keep=None),):
            return count, sides
    raise DiceError(
        f'dice {quoted(text)}: expected dice of one kind such as "3d6", with nothing kept or added, '
        f"to read them as a pool",
        Location(column=1),
    )


def probability(dist: dict[int, Fraction], predicate: Callable[[int], bool]) -> Fraction:
    """The total probability of the outcomes of ``dist`` for which ``predicate`` is true."""
    return sum((p for outcome, p in dist.items() if predicate(outcome)), Fraction(0))


def pool_highest(count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the highest of ``count`` dice with ``sides`` sides."""
    _check_pool(count, sides)
    return _to_fractions(_icepool().d(sides).highest(count), 0)


def pool_lowest(count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the lowest of ``count`` dice with ``sides`` sides."""
    _check_pool(count, sides)
    return _to_fractions(_icepool().d(sides).lowest(count), 0)


def exact_work(terms: tuple[Term, ...]) -> int:
    """An estimate of the cost of an exact distribution, in the units of :data:`MAX_EXACT_WORK`.

    A unit is one product of two counts inside icepool, about 0.15 microseconds; every total a step
    makes costs about 12 more. Measured against icepool 2.1.3 to within a factor of two, erring high:

    - a sum of N dice with M sides adds one die at a time to a running sum of i dice with i * (M - 1) + 1
      totals;
    - a pool that keeps K of N dice is evaluated one face at a time over how many dice show that face,
      about 2 * M * (M + 12) * N * K, more when only a few dice are dropped and when the counts grow
      long (they reach N * log2(M) bits);
    - keeping the single highest or lowest die costs about N * M;
    - each further term is added to the running total like one more die, half as dear again because
      the running total's counts are long.
    """
    work = 0.0
    span = 1  # how many totals the terms added so far can make
    for term in terms:
        if isinstance(term, Constant):
            continue
        n, m, k = term.count, term.sides, term.kept
        if k == n:
            work += ((m - 1) * (n - 1) * n / 2 + n - 1) * (m + 12)
        elif k == 1:
            work += n * m
        else:
            few_dropped = 1 + math.log2(n) / (2 * (n - k))
            long_counts = 1 + n * math.log2(m) / 1000
            work += 2 * m * (m + 12) * n * k * few_dropped * long_counts
        term_span = k * (m - 1) + 1
        if span > 1:
            work += 1.5 * span * (term_span + 12)  # the running total's counts are long
        span += term_span - 1
    return math.ceil(work)


def _term_range(term: Term) -> tuple[int, int]:
    if isinstance(term, Constant):
        low = high = term.value
    else:
        low, high = term.kept, term.kept * term.sides
    return (low, high) if term.sign > 0 else (-high, -low)


def _exact_distribution(terms: tuple[Term, ...]) -> tuple[tuple[int, Fraction], ...]:
    offset = sum(term.sign * term.value for term in terms if isinstance(term, Constant))
    rolls = [term for term in terms if isinstance(term, Roll)]
    if not rolls:
        return ((offset, Fraction(1)),)
    if all(term.kept == term.count for term in rolls):
        return _counted_sum(rolls, offset)
    return _icepool_distribution(rolls, offset)


def _icepool_distribution(rolls: list[Roll], offset: int) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of *rolls* plus *offset* as icepool works it out (pools that keep some dice)."""
    total: icepool.Die | None = None
    for term in rolls:
        die = _roll_die(term)
        if term.sign < 0:
            die = -die
        # One term at a time in a loop: icepool's own n @ die recurses once per die.
        total = die if total is None else total + die
    assert total is not None
    return tuple(_to_fractions(total, offset).items())


def _counted_sum(rolls: list[Roll], offset: int) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of a sum (and difference) of whole dice plus *offset*: the ways to roll each
    total, counted one die at a time, without icepool (whose import takes about 20 ms). A die of M sides
    adds to the ways of each total those of the M totals below it: a difference of two running sums of the
    ways so far, so that a die costs as many steps as there are totals, not that many times its faces
    (394d6 in a tenth of a second, not two)."""
    low, ways, outcomes = offset, [1], 1
    for term in rolls:
        sides = term.sides
        for _ in range(term.count):
            sums = list(itertools.accumulate(ways, initial=0))
            # the ways of total t are sums[t + 1] - sums[t + 1 - sides], each index kept within the sums
            ways = list(map(operator.sub, sums[1:] + [sums[-1]] * (sides - 1), [0] * (sides - 1) + sums[:-1]))
            # a die taken away is a die added, then its sides and one more taken away
            low += 1 if term.sign > 0 else -sides
            outcomes *= sides
    return tuple((low + index, Fraction(count, outcomes)) for index, count in enumerate(ways) if count)


def _icepool() -> Any:
    """icepool, imported where a distribution is computed (parsing and rolling dice need none of it: its
    import, about 20 ms, was a third of reading a site)."""
    import icepool

    return icepool


def _roll_die(term: Roll) -> icepool.Die:
    die = _icepool().d(term.sides)
    if term.kept == 1 and term.count > 1:
        return die.highest(term.count) if term.keep_highest else die.lowest(term.count)
    if term.kept < term.count:
        # icepool evaluates a pool recursing once per face, so a d1000 pool needs about 1,000 more frames
        # than Python's default allows; the limit goes back as soon as the pool is done.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(limit + term.sides + 100)
        try:
            if term.keep_highest:
                return die.highest(term.count, term.kept)
            return die.lowest(term.count, term.kept)
        finally:
            sys.setrecursionlimit(limit)
    total = die
    for _ in range(term.count - 1):
        total = total + die
    return total


def _to_fractions(die: icepool.Die, offset: int) -> dict[int, Fraction]:
    denominator = die.denominator()
    return {
        int(outcome) + offset: Fraction(quantity, denominator) for outcome, quantity in sorted(die.items()) if quantity
    }


def _check_pool(count: int, sides: int) -> None:
    if not 1 <= count <= MAX_DICE:
        raise DiceError(f"a pool needs from 1 to {MAX_DICE} dice, not {shortened(count)}", Location())
    if not 1 <= sides <= MAX_SIDES:
        raise DiceError(f"a die needs from 1 to {MAX_SIDES} sides, not {shortened(sides)}", Location())
