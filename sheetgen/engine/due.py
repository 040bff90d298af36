"""Which units something falls due on: a Pack and a unit in, the check's and the rests' due marks out.

The check is due at the end of the units on its cadence grid (sheetgen.engine.procedure). On a fixed
cadence without a pool that waits to fill, it is rolled there for certain ("C"); with a cadence by track
or a pool rolled when it holds N dice, a grid point is only a possible roll ("c"). A rest with
``every: N`` is due at the end of units N, 2N, ...
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.engine.procedure import machine
from sheetgen.model.pack import Pack, Rest


@dataclass(frozen=True)
class RestDue:
    """A rest that falls due at the end of a unit."""

    rest: str   # its id
    name: str
    unit: int


CERTAIN = "C"
POSSIBLE = "c"


def check_mark(pack: Pack, unit: int) -> str:
    """'C' where the check is rolled for certain, 'c' where it may be, '' where it is not."""
    if pack.check is None:
        return ""
    m = machine(pack)
    if not m.on_grid(unit):
        return ""
    return check_kind(pack)


def check_kind(pack: Pack) -> str:
    """'C' when the check is rolled at every point of its grid, 'c' when only at some."""
    m = machine(pack)
    if m.cadence is not None or (m.pool is not None and m.pool.roll_at is not None):
        return POSSIBLE
    return CERTAIN


def marks_check(pack: Pack) -> bool:
    """Whether the turns grid needs check marks: the check is not simply rolled at the end of every unit."""
    if pack.check is None:
        return False
    m = machine(pack)
    return m.grid != 1 or m.offset != 0 or m.cadence is not None


def periodic(pack: Pack) -> tuple[Rest, ...]:
    """The rests that fall due every N units."""
    return tuple(r for r in pack.rests if r.every is not None)


def rest_mark(rest: Rest) -> str:
    return rest.mark or rest.name[:1].upper()


def rests_due(pack: Pack, unit: int) -> tuple[Rest, ...]:
    """The rests due at the end of ``unit``."""
    return tuple(r for r in periodic(pack) if r.every is not None and unit % r.every == 0)
