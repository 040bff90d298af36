"""Which units something falls due on: a Pack and a unit in, the check's, the rests' and the conditions'
due marks out.

The check is due at the end of the units on its cadence grid (sheetgen.engine.procedure). On a fixed
cadence without a pool that waits to fill, it is rolled there for certain ("C"); with a cadence by track
or a pool rolled when it holds N dice, a grid point is only a possible roll ("c"). A rest with
``every: N`` is due at the end of units N, 2N, ... A condition with ``every: N`` and K states brings its
k-th state at the end of unit k * N, for k = 1..K, and falls due no more after its last: a quiet party
never clears it (what clears it is the GM's to apply).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.engine.procedure import machine
from sheetgen.model.pack import Condition, Pack, Rest, Roll


@dataclass(frozen=True)
class RestDue:
    """A rest, or a condition's next state, that falls due at the end of a unit."""

    rest: str  # the rest's or the condition's id
    name: str
    unit: int
    state: str | None = None  # for a condition, the state the party reaches ("Exhausted"); None for a rest


CERTAIN = "C"
POSSIBLE = "c"


def check_mark(pack: Pack, unit: int) -> str:
    """'C' where the check is rolled for certain, 'c' where it may be, '' where it is not; 'C×2' where it is
    rolled twice (cadence.rolls). A pool rolled when it holds N dice is marked where a quiet party's pool
    fills."""
    if pack.check is None:
        return ""
    m = machine(pack)
    if not m.on_grid(unit):
        return ""
    fill = pool_fill_units(pack)
    if fill is not None and unit % fill:
        return ""
    return check_kind(pack) + (f"\u00d7{m.rolls}" if m.rolls > 1 else "")


def roll_mark(roll: Roll) -> str:
    """One of the pack's other rolls on the turns grid: its ``mark``, or its name's first letter."""
    return roll.mark or roll.name[:1].upper()


def marked_rolls(pack: Pack) -> tuple[Roll, ...]:
    """The other rolls the turns grid marks: those not simply rolled at the end of every unit."""
    if pack.check is None:
        return ()
    return tuple(r for r in pack.rolls if is_marked(r))


def is_marked(roll: Roll) -> bool:
    """Whether the turns grid marks a roll: it is not simply rolled once at the end of every unit."""
    cadence = roll.cadence
    return cadence.every != 1 or cadence.offset > 0 or cadence.rolls > 1 or cadence.at is not None


def roll_marks(pack: Pack, unit: int) -> list[str]:
    """The marks of the other rolls that fall at the end of ``unit``: 'T' where one is rolled for certain,
    'T?' where its cadence by track may call for it, 'T×2' where it is rolled twice."""
    if pack.check is None or not any(is_marked(r) for r in pack.rolls):
        return []
    return [
        roll_mark(r.roll) + ("?" if r.by_track else "") + (f"\u00d7{r.rolls}" if r.rolls > 1 else "")
        for r in machine(pack).others
        if is_marked(r.roll) and r.on_grid(unit)
    ]


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
    return (
        m.grid != 1
        or m.offset != 0
        or m.cadence is not None
        or pool_fill_units(pack) is not None
        or m.rolls > 1
        or m.at is not None
    )


def pool_fill_units(pack: Pack) -> int | None:
    """Units a quiet party's pool takes to fill from its base to roll_at by growing alone (None: it never does)."""
    check = pack.check
    if check is None or check.pool is None or check.pool.roll_at is None:
        return None
    pool = check.pool
    assert pool.roll_at is not None
    if check.cadence.every != 1 or check.cadence.offset or check.cadence.at is not None:
        return None  # the pool is looked at only on its cadence: no simple count
    grow = pool.grow + sum(t.per_unit for t in pack.tallies if t.id in pool.tallies)
    if pool.base >= pool.roll_at:
        return 1
    if grow <= 0:
        return None
    return -(-(pool.roll_at - pool.base) // grow)


def periodic(pack: Pack) -> tuple[Rest, ...]:
    """The rests that fall due every N units."""
    return tuple(r for r in pack.rests if r.every is not None)


def rest_mark(rest: Rest) -> str:
    return rest.mark or rest.name[:1].upper()


def rests_due(pack: Pack, unit: int) -> tuple[Rest, ...]:
    """The rests due at the end of ``unit``."""
    return tuple(r for r in periodic(pack) if r.every is not None and unit % r.every == 0)


def condition_state(condition: Condition, unit: int) -> str | None:
    """The state a condition brings at the end of ``unit``, or None when it does not fall due then."""
    if unit % condition.every:
        return None
    k = unit // condition.every
    return condition.states[k - 1] if 1 <= k <= len(condition.states) else None


def falls_due(pack: Pack, unit: int) -> tuple[RestDue, ...]:
    """The rests and the conditions' states due at the end of ``unit``, rests first, in the pack's order."""
    found = [RestDue(rest.id, rest.name, unit) for rest in rests_due(pack, unit)]
    for condition in pack.conditions:
        state = condition_state(condition, unit)
        if state is not None:
            found.append(RestDue(condition.id, condition.name, unit, state))
    return tuple(found)


def condition_mark(condition: Condition) -> str:
    return condition.mark or condition.name[:1].upper()
