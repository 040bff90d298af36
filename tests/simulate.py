"""A seeded Monte Carlo of a pack's quiet-party procedure: a Pack, hours, runs and a Random in, counts out.

Each run plays the procedure unit by unit with real dice, as a pre-rolled timetable would, through
the same rule steps as the exact odds (sheetgen.engine.procedure) but with dice rolled one face at a
time instead of exact distributions, so the two can check each other. All randomness comes from the
``random.Random`` handed in; the faces are drawn as ``1 + int(rng.random() * sides)``, which is
faster than ``randint`` and just as fair.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from sheetgen.dice_notation import Constant
from sheetgen.engine.dice import parse_dice
from sheetgen.engine.odds import check_hours, no_check_error, units_in
from sheetgen.engine.procedure import Machine, State, machine
from sheetgen.model.pack import Pack, Resource


@dataclass(frozen=True)
class SimulatedOdds:
    """Counts over ``runs`` simulated sessions of ``units`` units each; index u - 1 is unit u."""

    runs: int
    hours: int
    units: int
    rolled: tuple[int, ...]  # runs in which the check was rolled at the end of this unit
    triggered: tuple[int, ...]  # runs in which it brought an encounter
    first: tuple[int, ...]  # runs in which that encounter was the first
    by_hour: tuple[int, ...]  # runs with at least one encounter by the end of hour 1, 2, ...
    encounters: int  # encounters in all runs together (every roll that brought one)
    outcomes: tuple[tuple[int, ...], ...] = ()  # per named outcome: runs in which it came up, by unit
    outcome_by_hour: tuple[tuple[int, ...], ...] = ()  # per named outcome: runs with it by hour 1, 2, ...

    def chance(self, unit: int) -> float:
        return self.triggered[unit - 1] / self.runs

    def chance_first(self, unit: int) -> float:
        return self.first[unit - 1] / self.runs


def simulate_quiet(pack: Pack, hours: int, runs: int, rng: random.Random, extra: int = 0) -> SimulatedOdds:
    """Play ``runs`` sessions of ``hours`` hours for a quiet party and count the encounters.

    With ``extra``, the check is rolled that many more times in every hour, spread evenly through it (the
    k-th of N at the end of the hour's ceil(k * U / N)-th unit of U, after that unit's own check)
    check); those encounters count in ``encounters`` and ``by_hour``, not in the per-unit counts.
    """
    check_hours(hours)
    if pack.check is None:
        raise no_check_error(pack)
    m = machine(pack)
    units = units_in(pack, hours)
    roll = _roller(pack, rng)
    grid = [False] + [m.on_grid(u) for u in range(1, units + 1)]
    after = [False] + [u > m.offset for u in range(1, units + 1)]
    hour_of = [0] * (units + 1)
    for hour in range(hours, 0, -1):
        for u in range(1, units_in(pack, hour) + 1):
            hour_of[u] = hour
    extra_at = [0] * (units + 1)
    for hour in range(1, hours + 1):
        start, end = units_in(pack, hour - 1), units_in(pack, hour)
        for k in range(1, extra + 1) if end > start else ():
            extra_at[start + math.ceil(k * (end - start) / extra)] += 1
    extra_first = [0] * (units + 1)
    extra_hits = 0
    rolled_hits = 0
    repeats = m.rolls
    event_at = [u in m.events for u in range(units + 1)]
    rolled = [0] * (units + 1)
    triggered = [0] * (units + 1)
    first = [0] * (units + 1)
    table = _Table(m)
    moved = table.moved
    named = len(m.check.outcomes)
    outcome_at = [[0] * (units + 1) for _ in range(named)]
    outcome_first = [[0] * (units + 1) for _ in range(named)]
    for _ in range(runs):
        sid = 0
        seen = False
        seen_outcome = [False] * named
        for unit in range(1, units + 1):
            nxt = moved[after[unit]]
            target = nxt[sid]
            sid = target if target >= 0 else table.fill_move(sid, after[unit])
            if grid[unit]:
                dice = table.dice[sid]
                if dice == _UNKNOWN:
                    dice = table.fill_check(sid)
                if dice == _SKIP:
                    sid = table.skipped[sid]
                elif dice != _NOT_DUE:
                    rolled[unit] += 1
                    key = (sid, roll(dice))
                    found = table.resolved.get(key)
                    if found is None:
                        found = table.fill_resolve(key)
                    sid, hit, outcome = found
                    names: tuple[int, ...] = (outcome,) if outcome >= 0 else ()
                    hits = 1 if hit else 0
                    if repeats > 1:  # a check rolled several times each time it falls due
                        sid, hits, names = table.repeat_rolls(sid, repeats - 1, roll, hits, names)
                        hit = hits > 0
                    rolled_hits += hits
                    for outcome in names:
                        outcome_at[outcome][unit] += 1
                        if not seen_outcome[outcome]:
                            outcome_first[outcome][unit] += 1
                            seen_outcome[outcome] = True
                    if hit:
                        triggered[unit] += 1
                        if not seen:
                            first[unit] += 1
                            seen = True
            if extra_at[unit]:
                sid, hits, fresh = table.extra_rolls(sid, extra_at[unit], roll, seen)
                extra_hits += hits
                if fresh:
                    extra_first[unit] += 1
                    seen = True
            if event_at[unit]:  # tracks that a resource running out moves, at the unit's very end
                sid = table.intern(m.after_unit(table.states[sid], unit))
    by_hour = []
    for hour in range(1, hours + 1):
        last = units_in(pack, hour) + 1
        by_hour.append(sum(first[1:last]) + sum(extra_first[1:last]))
    outcome_by_hour = tuple(
        tuple(sum(row[1 : units_in(pack, hour) + 1]) for hour in range(1, hours + 1)) for row in outcome_first
    )
    return SimulatedOdds(
        runs,
        hours,
        units,
        tuple(rolled[1:]),
        tuple(triggered[1:]),
        tuple(first[1:]),
        tuple(by_hour),
        rolled_hits + extra_hits,
        tuple(tuple(row[1:]) for row in outcome_at),
        outcome_by_hour,
    )


_UNKNOWN, _NOT_DUE, _SKIP = -3, -2, -1


class _Table:
    """The procedure's steps over states numbered as they are met (0 is the start), filled in lazily."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.states: list[State] = []
        self.ids: dict[State, int] = {}
        self.moved: tuple[list[int], list[int]] = ([], [])  # next state after a unit, before/after offset
        self.dice: list[int] = []  # on a grid point: dice to roll (0: plain roll), or _NOT_DUE, _SKIP
        self.skipped: list[int] = []
        self.resolved: dict[tuple[int, int], tuple[int, bool, int]] = {}
        self.extra_resolved: dict[tuple[int, int], tuple[int, bool]] = {}
        self.intern(m.initial())

    def intern(self, state: State) -> int:
        found = self.ids.get(state)
        if found is None:
            found = self.ids[state] = len(self.states)
            self.states.append(state)
            for row in (*self.moved, self.dice, self.skipped):
                row.append(_UNKNOWN)
        return found

    def fill_move(self, sid: int, after: bool) -> int:
        target = self.intern(self.m.pass_unit(self.states[sid], after))
        self.moved[after][sid] = target
        return target

    def fill_check(self, sid: int) -> int:
        state = self.states[sid]
        if not self.m.due(state, True):
            dice = _NOT_DUE
        elif not self.m.rolled(state):
            dice = _SKIP
            self.skipped[sid] = self.intern(self.m.skip(state))
        else:
            dice = self.m.pool_size(state)
        self.dice[sid] = dice
        return dice

    def repeat_rolls(
        self, sid: int, more: int, roll: Callable[[int], int], hits: int, names: tuple[int, ...]
    ) -> tuple[int, int, tuple[int, ...]]:
        """``more`` further rolls of a check rolled several times where it falls due, from state ``sid``:
        the state after, the encounters so far (``hits`` and these), the named outcomes seen (each once)."""
        for _ in range(more):
            state = self.states[sid]
            if not self.m.rolled(state):
                break
            key = (sid, roll(self.m.pool_size(state)))
            found = self.resolved.get(key)
            if found is None:
                found = self.fill_resolve(key)
            sid, encounter, outcome = found
            hits += encounter
            if outcome >= 0 and outcome not in names:
                names += (outcome,)
        return sid, hits, names

    def extra_rolls(self, sid: int, extra: int, roll: Callable[[int], int], seen: bool) -> tuple[int, int, bool]:
        """``extra`` more rolls of the check from state ``sid``: the state after, the encounters, and whether
        the first encounter of the run came among them."""
        hits = 0
        fresh = False
        for _ in range(extra):
            state = self.states[sid]
            if not self.m.rolled(state):
                continue
            key = (sid, roll(self.m.pool_size(state)))
            found = self.extra_resolved.get(key)
            if found is None:
                outcome = self.m.extra_roll(state, key[1])
                found = self.extra_resolved[key] = (self.intern(outcome.state), outcome.encounter)
            sid, encounter = found
            if encounter:
                hits += 1
                if not seen and not fresh:
                    fresh = True
        return sid, hits, fresh

    def fill_resolve(self, key: tuple[int, int]) -> tuple[int, bool, int]:
        outcome = self.m.resolve(self.states[key[0]], key[1])
        found = self.resolved[key] = (self.intern(outcome.state), outcome.encounter, outcome.outcome)
        return found


def _roller(pack: Pack, rng: random.Random) -> Callable[[int], int]:
    """A fast roll of the check: a plain dice expression, or a pool of ``n`` dice read as the pack says."""
    check = pack.check
    assert check is not None
    rand = rng.random
    reading = machine(pack).reading
    if reading is not None:
        sides = reading.sides
        read = reading.result

        def pool(n: int) -> int:
            if n == 1 and reading.read != "count":
                return 1 + int(rand() * sides)
            return read([1 + int(rand() * sides) for _ in range(n)])

        return pool
    assert check.roll is not None
    throws = machine(pack).throws
    if throws is not None:  # dice read one by one: the throw's code
        each = throws.sides

        def faces(_: int) -> int:
            return throws.encode([1 + int(rand() * s) for s in each])

        return faces
    terms = parse_dice(check.roll).terms
    if len(terms) == 1 and not isinstance(terms[0], Constant) and terms[0].count == 1 and terms[0].sign == 1:
        sides = terms[0].sides

        def single(_: int) -> int:
            return 1 + int(rand() * sides)

        return single

    def expression(_: int) -> int:
        total = 0
        for term in terms:
            if isinstance(term, Constant):
                total += term.sign * term.value
                continue
            faces = [1 + int(rand() * term.sides) for _ in range(term.count)]
            if term.keep is not None:
                faces = sorted(faces, reverse=term.keep_highest)[: term.keep]
            total += term.sign * sum(faces)
        return total

    return expression


def simulate_lights(pack: Pack, units: int, runs: int, rng: random.Random) -> dict[str, tuple[int, ...]]:
    """Runs in which each resource with a rate (and no outcome acting on it) is gone by the end of each unit
    (index u - 1 is unit u), played out afresh from the pack's rules: a resource lit at the start, or at the
    end of the unit its ``after`` runs out, is used every ``every`` units from then; a usage die rolls the
    die it is at and steps down on ``on`` (1-2 by default), a ``chance`` loses ``use`` boxes on its roll,
    a rate alone loses ``use`` boxes."""
    own = [r for r in pack.resources if r.every is not None]
    gone = {r.id: [0] * units for r in own}
    for _ in range(runs):
        left = {r.id: r.boxes for r in own}
        lit: dict[str, int | None] = {r.id: 0 if r.after is None else None for r in own}
        for unit in range(1, units + 1):
            for r in own:
                start, every = lit[r.id], r.every
                if start is None or every is None or unit <= start or (unit - start) % every or left[r.id] == 0:
                    continue
                left[r.id] -= _one_use(r, left[r.id], rng)
            for r in own:
                if lit[r.id] is None and r.after is not None and left[r.after] == 0:
                    lit[r.id] = unit
            for r in own:
                if left[r.id] == 0:
                    gone[r.id][unit - 1] += 1
    return {rid: tuple(counts) for rid, counts in gone.items()}


def _one_use(resource: Resource, left: int, rng: random.Random) -> int:
    if resource.dice is not None:
        sides = int(resource.dice[len(resource.dice) - left].lstrip("1").lstrip("d"))
        face = 1 + int(rng.random() * sides)
        low, high = (resource.on.low, resource.on.high) if resource.on is not None else (1, 2)
        return 1 if low <= face <= high else 0
    if resource.chance is not None:
        total = parse_dice(resource.chance.roll).roll(rng)
        return min(left, resource.use) if total in resource.chance.on else 0
    return min(left, resource.use)
