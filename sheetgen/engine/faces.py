"""A roll read one by one: a check's dice and patterns in, whether a throw shows each pattern out.

A check whose trigger or outcomes are patterns (doubles, a face on any die, a face on a named die, a
count of dice showing some faces, a total) reads every die of its roll. The roll is then made of dice
only (``2d6``, ``1d6+1d8``), rolled left to right as sheetgen.engine.dice rolls them, and each throw is
one whole number, its *code*: the faces in mixed radix, the first die lowest. The engine passes codes
where a plain roll passes its total, and everything that reads a total (ranges, thresholds, advances)
asks :meth:`Throws.total`.

For the exact odds the throws are grouped by what the rules can tell apart (their total and which
patterns they show): one code stands for each group with the group's whole chance, so 2d6 read for
doubles and a 1 costs a handful of entries, not 36.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import product

from sheetgen import limits
from sheetgen.dice_notation import Roll
from sheetgen.engine.dice import parse_dice
from sheetgen.errors import DataError
from sheetgen.model.pack import Check, Outcome, Pattern
from sheetgen.model.pack import Roll as PackRoll


@dataclass(frozen=True)
class Throws:
    """The dice of a roll read one by one: each die's sides, in the order rolled, and their names."""

    sides: tuple[int, ...]
    names: tuple[str, ...]  # one per die, or none
    patterns: tuple[Pattern, ...]  # every pattern the check reads: its trigger's, then its outcomes'

    def encode(self, faces: Sequence[int]) -> int:
        code = 0
        for face, sides in zip(reversed(faces), reversed(self.sides), strict=True):
            code = code * sides + face - 1
        return code

    def decode(self, code: int) -> tuple[int, ...]:
        faces = []
        for sides in self.sides:
            code, face = divmod(code, sides)
            faces.append(face + 1)
        return tuple(faces)

    def total(self, code: int) -> int:
        return sum(self.decode(code))

    def shows(self, pattern: Pattern, code: int) -> bool:
        return shows(pattern, self.decode(code), self.names)

    def all(self) -> Iterator[tuple[int, ...]]:
        return product(*(range(1, s + 1) for s in self.sides))

    @cached_property
    def distribution(self) -> dict[int, Fraction]:
        """One code for each group of throws that the rules cannot tell apart, with the group's chance."""
        chance = Fraction(1, math.prod(self.sides))
        groups: dict[tuple[object, ...], tuple[int, Fraction]] = {}
        for faces in self.all():
            key = (sum(faces), *(shows(p, faces, self.names) for p in self.patterns))
            code, p = groups.get(key, (self.encode(faces), Fraction(0)))
            groups[key] = (code, p + chance)
        return dict(groups.values())


def first_outcome(outcomes: Sequence[Outcome], value: int, result: int, read: Throws | None) -> int:
    """The index of the first outcome that holds, -1 when none does: its range holds *value* (the total the
    rules compare), or the throw *result* shows its pattern (for dice read one by one, *read*)."""
    for n, o in enumerate(outcomes):
        if o.roll is not None and value in o.roll:
            return n
        if o.pattern is not None and read is not None and read.shows(o.pattern, result):
            return n
    return -1


def throws(check: Check | PackRoll) -> Throws | None:
    """The dice of the check (or of one of the pack's other rolls) read one by one, when its trigger or an
    outcome is a pattern; else None.

    Raises DataError for a roll that cannot be read so (the loader reports it first, at its line)."""
    if not check.patterns:
        return None
    return Throws(pattern_sides(check), tuple(check.dice_names), check.read_patterns)


def pattern_sides(check: Check | PackRoll) -> tuple[int, ...]:
    """Each die's sides, in the order rolled, of a roll whose dice are read one by one."""
    if check.roll is None:
        raise DataError("patterns read the dice of a plain roll (roll: 2d6), not of a pool")
    dice = parse_dice(check.roll)
    sides: list[int] = []
    for term in dice.terms:
        if not isinstance(term, Roll) or term.sign < 0 or term.keep is not None:
            raise DataError(
                f"patterns read each die of a roll made of dice only, added up, such as 2d6 or 1d6+1d8; {dice} is not"
            )
        sides.extend([term.sides] * term.count)
    if len(sides) > limits.MAX_PATTERN_DICE or math.prod(sides) > limits.MAX_THROWS:
        raise DataError(
            f"patterns read at most {limits.MAX_PATTERN_DICE} dice with at most "
            f"{limits.MAX_THROWS:,} different throws; {dice} has {len(sides)} dice and {math.prod(sides):,} throws"
        )
    return tuple(sides)


def shows(pattern: Pattern, faces: Sequence[int], names: Sequence[str]) -> bool:
    """Whether these faces (with these dice names) show the pattern: every field it gives holds."""
    if pattern.doubles is not None:
        counts: dict[int, int] = {}
        for face in faces:
            counts[face] = counts.get(face, 0) + 1
        if pattern.doubles == "any":
            if max(counts.values()) < 2:
                return False
        elif counts.get(pattern.doubles, 0) < 2:
            return False
    if pattern.any is not None and not any(face in pattern.any for face in faces):
        return False
    if pattern.die is not None:
        for name, wanted in pattern.die.items():
            if faces[names.index(name)] not in wanted:
                return False
    if pattern.count is not None and sum(face in pattern.count.faces for face in faces) < pattern.count.at_least:
        return False
    return pattern.total is None or sum(faces) in pattern.total
