"""One pack's exploration procedure as a state machine: a Pack in, states and steps out (numbers only).

The state is what the rules remember between units: the level of every track, the marks on the
tallies that feed the check's dice pool, the dice the pool has grown by, and the units since the
last check. A unit of play is :func:`pass_unit` (the automatic changes at the end of the unit), then,
when :func:`check_due` says so and the pool (if any) is big enough, the check's result goes through
:func:`resolve`. :func:`step_unit` does both with a roller you hand in.

Everything here is read from the pack; nothing about any one pack is written in Python. Choices the
pack format leaves open, made once here:

- The end of a unit: tracks move by ``per_unit`` (clamped to min..max), tallies gain their
  ``per_unit`` marks, the pool grows by ``grow`` dice (never past ``max_dice``), then the check.
- Cadence: checks fall at the units ``at`` gives (again every ``repeat`` units, if it says so), or on
  a grid, at the end of units ``offset + g, offset + 2g, ...``, where ``g`` is ``every`` or, for a
  cadence by track, the greatest common divisor of the per-level values (the finest cadence). At a grid
  point the check is rolled when at least the current level's number of units has passed since the last
  check (or since ``offset``). For a party whose level holds steady this is "every N units at that
  level"; a level that changes mid-way takes effect at the next grid point. With ``first`` (1 to ``g``)
  the grid is ``offset + first, offset + first + g, ...`` instead, and the first check is rolled
  whatever the level (it counts as if a full cadence had passed).
- A plain roll's total is the roll plus the levels of the ``add`` tracks; ``at_least``, ``at_most``
  and ``faces`` compare that total. A check whose trigger or outcomes are patterns reads its dice one
  by one (sheetgen.engine.faces): its result is then the whole throw, and what compares a number reads
  the throw's total. Outcomes are tried in the pack's order; the first that holds names the result.
  A pool's result is its highest, lowest or summed die. ``advance``
  maps the result before any track is added. A trigger that looks at a track sees it after the
  advance.
- A pool with ``roll_at`` is rolled only when it holds that many dice, and is then emptied back to
  ``base``: its grown dice and the marks on its tallies are removed. A pool with no dice is not
  rolled. An encounter also empties grown dice.
- A cadence with ``rolls: N`` rolls the check N times each time it falls due, one after the other,
  each resolved in turn from the state the one before left (a pool emptied by ``roll_at`` is not
  rolled again).
- On an encounter, the tracks in ``on_encounter.reset`` return to their start and, with
  ``clear_tallies``, the tally marks are cleared. Then the named outcome that covers the result
  (``check.outcomes``; with ``outcomes_read: total``, the total after the advance) moves or resets
  the tracks its effects name; its other effects (resources, a sign on the next card, an effect
  that lasts) do not change the odds and are the timetable's to show.
  Marks on a tally with ``clears: check`` count for one
  roll of the check only and are cleared after it, encounter or not.
- A resource with ``when_out`` runs out by its rate at a unit the pack fixes (the validator refuses one
  that an outcome also ticks), so its track moves are applied at the very end of that unit, after the
  check (:meth:`Machine.after_unit`); the resource itself is not part of the state.
- The pack's other rolls (``rolls``, compiled in sheetgen.engine.rolls) are rolled after the check, in the
  pack's order, each from the state the one before left (:meth:`Machine.side_moves` for the odds,
  :meth:`Machine.play_sides` with real dice), before the moves of resources running out; their outcomes'
  track moves enter the state, and the units waited for a cadence by track are kept in ``State.waits``.
- Only the tallies that feed the pool are kept in the state (no other rule reads a tally), each
  capped at ``max_dice``, so the state space stays finite for the exact odds.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from sheetgen.engine.dice import dice_distribution
from sheetgen.engine.faces import first_outcome, throws
from sheetgen.engine.pool import PoolReading
from sheetgen.engine.rolls import SideRoll, move_levels, side_rolls, value_at
from sheetgen.errors import DataError
from sheetgen.model.pack import ByTrack, Check, Pack, Pool, Track

ZERO = Fraction(0)
ONE = Fraction(1)
BRANCH_COST = 8
"""Steps of the exact odds' work budget (limits.MAX_ODDS_WORK) that one way another roll can go costs: its
chance multiplied and merged with the others' and its outcomes noted take about that many of a state's
one-unit steps."""


@dataclass(frozen=True, slots=True)
class State:
    """What the rules remember between units."""

    levels: tuple[int, ...]  # one per pack.tracks, in the pack's order
    marks: tuple[int, ...]  # one per check.pool.tallies, in that order
    grown: int  # dice the pool has grown by since it was last emptied
    since: int  # units since the last check (capped at the longest cadence)
    waits: tuple[int, ...] = ()  # one per roll besides the check (pack.rolls): units since it was last
    # rolled, for a cadence by track (0 for one whose cadence is a number)


class Resolution(NamedTuple):
    """The outcome of one rolled check."""

    state: State  # after the advance, the trigger, any reset and the outcome's effects
    encounter: bool
    steps: int  # how far the advance moved its track (0 without an advance)
    peak: tuple[int, ...]  # track levels after the advance, before any reset
    outcome: int = -1  # the index of the named outcome in check.outcomes (-1: none)


class UnitStep(NamedTuple):
    """One unit of play for a quiet party."""

    state: State
    due: bool  # the cadence called for a check
    rolled: bool  # ... and the dice were rolled (a pool may be too small)
    dice: int  # dice in the pool when rolled (0 for a plain roll)
    result: int | None
    encounter: bool
    peak: tuple[int, ...]  # track levels at their highest point of this unit, before any reset
    outcome: int = -1  # the index of the named outcome rolled (-1: none, or not rolled)
    later: tuple[Resolution, ...] = ()  # the further rolls of a check rolled several times (cadence.rolls)


Roller = Callable[[int], int]
"""Rolls the check: given the dice in the pool (0 for a plain roll), returns the result."""

SideRoller = Callable[[SideRoll], tuple[tuple[int, ...], int]]
"""Rolls one of the pack's other rolls: returns its faces, in the order rolled, and their total."""


class SideResult(NamedTuple):
    """One of the pack's other rolls, rolled: which, its result and the outcome it brought."""

    roll: int  # its index in pack.rolls
    result: int  # what the rules read: the total, or for dice read one by one the throw
    outcome: int  # the index in the roll's outcomes (-1: none)
    faces: tuple[int, ...] = ()  # the dice, when rolled with real dice
    total: int = 0  # their total (before any track is added)


class SideMove(NamedTuple):
    """One way the unit's other rolls can go from a state."""

    state: State
    chance: Fraction
    outcomes: tuple[int, ...]  # the procedure-wide numbers of the outcomes they brought, each once
    rolled: tuple[int, ...]  # the rolls rolled (indices in pack.rolls)


def require_check(pack: Pack) -> Check:
    if pack.check is None:
        raise DataError(f'pack "{pack.id}" ({pack.name}) has no exploration check')
    return pack.check


# --- the compiled procedure ---------------------------------------------------------------------


class Machine:
    """A pack's procedure with its lookups precomputed and its steps memoised."""

    def __init__(self, pack: Pack) -> None:
        check = require_check(pack)
        self.pack = pack
        self.check = check
        self.tracks: tuple[Track, ...] = tuple(pack.tracks)
        self.index = {t.id: i for i, t in enumerate(self.tracks)}
        self.add = tuple(self.index[t] for t in check.add)
        self.pool: Pool | None = check.pool
        self.cap = self.pool.max_dice if self.pool is not None else 0
        self.pool_tallies = tuple(self.pool.tallies) if self.pool is not None else ()
        per_unit = {t.id: t.per_unit for t in pack.tallies}
        self.tally_per_unit = tuple(per_unit.get(t, 0) for t in self.pool_tallies)
        one_check = {t.id for t in pack.tallies if t.clears == "check"}
        self.clear_after_check = tuple(t in one_check for t in self.pool_tallies)
        self.grid, self.cadence = _cadence(check)
        self.offset = check.cadence.offset
        self.rolls = check.cadence.rolls
        self.first = self.grid if check.cadence.first is None else check.cadence.first
        self.since_cap = max(self.cadence.levels.values()) if self.cadence and self.cadence.levels else 0
        self.since0 = self.since_cap if check.cadence.first is not None else 0
        self.reset = tuple(self.index[t] for t in check.on_encounter.reset)
        self.advance = (self.index[check.advance.track], check.advance.by) if check.advance else None
        self.reading = PoolReading.of(self.pool) if self.pool is not None else None
        self.sides = self.reading.sides if self.reading is not None else 0
        self._pass: dict[tuple[State, bool], State] = {}
        self._resolve: dict[tuple[State, int], Resolution] = {}
        self.read = _read_tracks(check, self.index)
        self.outcome_moves = tuple(
            tuple((self.index[e.track], None if e.reset else e.by) for e in o.effects if e.track is not None)
            for o in check.outcomes
        )
        self.throws = throws(check)
        self.events = run_out_events(pack, self.index)
        self.last_event = max(self.events, default=0)
        self._event: dict[tuple[State, int], State] = {}
        self.others = side_rolls(pack, self.index, len(check.outcomes))
        self.outcome_count = len(check.outcomes) + sum(len(r.outcomes) for r in pack.rolls)
        self.period = math.lcm(check.cadence.period, *(r.roll.cadence.period for r in self.others))
        self.settled = max((check.cadence.settled, *(r.roll.cadence.settled for r in self.others)))
        self.at = check.cadence.at
        self._sides: dict[tuple[State, tuple[bool, ...]], tuple[SideMove, ...]] = {}
        self._names: dict[int, str | None] = {}
        self._chances: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, Fraction], ...]] = {}

    def where(self, unit: int) -> tuple[bool, ...]:
        """What the cadences make of the end of ``unit``: on the check's grid, past its offset, then the
        same for each other roll. From unit ``settled`` on it repeats every ``period`` units."""
        found: tuple[bool, ...] = (self.on_grid(unit), unit > self.offset)
        for r in self.others:
            found += (r.on_grid(unit), r.after(unit))
        return found

    def side_moves(
        self, state: State, where: tuple[bool, ...], spend: Callable[[int], None] | None = None
    ) -> tuple[SideMove, ...]:
        """Every way the other rolls due at a unit (``where[2:]``, as :meth:`where` gives) can go; ``spend``
        is told the work each roll takes, so that a budget can stop it early."""
        if not self.others:
            return (SideMove(state, ONE, (), ()),)
        key = (state, where)
        found = self._sides.get(key)
        if found is None:
            ways: dict[tuple[State, tuple[int, ...], tuple[int, ...]], Fraction] = {(state, (), ()): ONE}
            for r in self.others:
                grid, after = where[2 + 2 * r.index], where[3 + 2 * r.index]
                new: dict[tuple[State, tuple[int, ...], tuple[int, ...]], Fraction] = {}
                for (s, named, rolled), p in ways.items():
                    branches = self._side_ways(r, s, grid, after)
                    if spend is not None:
                        spend(len(branches) * BRANCH_COST)
                    for s2, q, got, did in branches:
                        k = (s2, tuple(sorted(set(named) | set(got))), rolled + did)
                        new[k] = new.get(k, ZERO) + p * q
                ways = new
            found = self._sides[key] = tuple(
                SideMove(s, p, named, rolled) for (s, named, rolled), p in ways.items() if p
            )
        return found

    def _side_ways(
        self,
        r: SideRoll,
        state: State,
        grid: bool,
        after: bool,
    ) -> list[tuple[State, Fraction, tuple[int, ...], tuple[int, ...]]]:
        state = self._wait(r, state, after)
        if not grid or not r.due(state.waits[r.index], state.levels):
            return [(state, ONE, (), ())]
        ways: dict[tuple[State, tuple[int, ...]], Fraction] = {(state, ()): ONE}
        for _ in range(r.rolls):
            new: dict[tuple[State, tuple[int, ...]], Fraction] = {}
            for (s, named), p in ways.items():
                for outcome, q in self._outcome_chances(r, s.levels):
                    got = named if outcome < 0 else tuple(sorted({*named, r.first + outcome}))
                    k = (self._rolled_state(r, s, outcome), got)
                    new[k] = new.get(k, ZERO) + p * q
            ways = new
        return [(s, p, named, (r.index,)) for (s, named), p in ways.items()]

    def _outcome_chances(self, r: SideRoll, levels: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
        """The chance of each outcome of roll ``r`` (-1: none) with the tracks at these levels: its
        distribution grouped by what the rules make of a result, once for each level of its added tracks."""
        key = (r.index, tuple(levels[i] for i in r.add))
        found = self._chances.get(key)
        if found is None:
            chances: dict[int, Fraction] = {}
            for result, q in r.distribution.items():
                n = r.outcome_of(result, levels)
                chances[n] = chances.get(n, ZERO) + q
            found = self._chances[key] = tuple(chances.items())
        return found

    def _wait(self, r: SideRoll, state: State, after: bool) -> State:
        """A unit passed for a roll with a cadence by track: one more unit waited (capped)."""
        if r.by_track is None or not after:
            return state
        waits = list(state.waits)
        waits[r.index] = min(r.wait_cap, waits[r.index] + 1)
        return State(state.levels, state.marks, state.grown, state.since, tuple(waits))

    def _rolled_state(self, r: SideRoll, state: State, outcome: int) -> State:
        """The state after roll ``r`` brought ``outcome`` (-1: none): its track moves, its wait begun again."""
        levels = state.levels if outcome < 0 else move_levels(state.levels, r.moves[outcome], self.tracks)
        waits = state.waits
        if r.by_track is not None:
            waits = (*waits[: r.index], 0, *waits[r.index + 1 :])
        if levels is state.levels and waits is state.waits:
            return state
        return State(levels, state.marks, state.grown, state.since, waits)

    def play_sides(self, state: State, unit: int, roll: SideRoller) -> tuple[State, tuple[SideResult, ...]]:
        """The other rolls at the end of ``unit``, with the dice ``roll`` gives: the state after them and
        what each brought, in the order rolled."""
        done: list[SideResult] = []
        for r in self.others:
            state = self._wait(r, state, r.after(unit))
            if not r.on_grid(unit) or not r.due(state.waits[r.index], state.levels):
                continue
            for _ in range(r.rolls):
                faces, total = roll(r)
                result = r.result_of(faces, total)
                found = SideResult(r.index, result, r.outcome_of(result, state.levels), faces, total)
                state = self._rolled_state(r, state, found.outcome)
                done.append(found)
        return state, tuple(done)

    def after_unit(self, state: State, unit: int) -> State:
        """The state at the very end of ``unit``, after its check: the tracks that resources running out
        by their rate move (``when_out``), if one runs out then."""
        moves = self.events.get(unit)
        if not moves:
            return state
        key = (state, unit)
        found = self._event.get(key)
        if found is None:
            levels = list(state.levels)
            for i, by in moves:
                track = self.tracks[i]
                levels[i] = track.initial if by is None else _clamp(levels[i] + by, track)
            found = self._event[key] = State(tuple(levels), state.marks, state.grown, state.since, state.waits)
        return found

    def initial(self) -> State:
        return self._initial

    @cached_property
    def _initial(self) -> State:
        return State(
            tuple(t.initial for t in self.tracks),
            (0,) * len(self.pool_tallies),
            0,
            self.since0,
            tuple(r.initial_wait() for r in self.others),
        )

    def outcome_name(self, result: int) -> str | None:
        """The check's name for this result (check.outcomes), if it names one whatever the tracks; worked
        out once for each result."""
        if result in self._names:
            return self._names[result]
        found = None  # with outcomes read from the total, it depends on the tracks: the row names it
        if self.check.outcomes_read != "total":
            n = self.outcome_of(result, self._initial.levels)
            found = self.check.outcomes[n].result if n >= 0 else None
        if len(self._names) < 4096:
            self._names[result] = found
        return found

    def on_grid(self, unit: int) -> bool:
        if self.at is not None:
            return self.check.cadence.on_grid(unit)
        elapsed = unit - self.offset
        return elapsed > 0 and (elapsed - self.first) % self.grid == 0

    def pass_unit(self, state: State, after_offset: bool) -> State:
        key = (state, after_offset)
        found = self._pass.get(key)
        if found is None:
            levels = tuple(_clamp(lv + t.per_unit, t) for lv, t in zip(state.levels, self.tracks, strict=True))
            marks = tuple(min(self.cap, m + n) for m, n in zip(state.marks, self.tally_per_unit, strict=True))
            grown = min(self.cap, state.grown + self.pool.grow) if self.pool is not None else 0
            since = min(self.since_cap, state.since + 1) if after_offset else state.since
            found = self._pass[key] = State(levels, marks, grown, since, state.waits)
        return found

    def due(self, state: State, on_grid: bool) -> bool:
        if not on_grid:
            return False
        if self.cadence is None:
            return True
        return state.since >= by_level(self.pack, self.cadence, state.levels[self.index[self.cadence.track]])

    def pool_size(self, state: State) -> int:
        if self.pool is None:
            return 0
        return min(self.pool.max_dice, self.pool.base + sum(state.marks) + state.grown)

    def rolled(self, state: State) -> bool:
        """Whether a due check is actually rolled: a pool must hold dice (and roll_at of them)."""
        if self.pool is None:
            return True
        size = self.pool_size(state)
        return size > 0 and (self.pool.roll_at is None or size >= self.pool.roll_at)

    def skip(self, state: State) -> State:
        """A due check that is not rolled (the pool is too small): the cadence starts again."""
        return State(state.levels, state.marks, state.grown, 0, state.waits)

    def resolve(self, state: State, result: int) -> Resolution:
        key = (state, result)
        found = self._resolve.get(key)
        if found is None:
            found = self._resolve[key] = self._resolve_new(state, result)
        return found

    def _resolve_new(self, state: State, result: int) -> Resolution:
        levels = list(state.levels)
        steps = 0
        if self.advance is not None:
            i, rows = self.advance
            steps = next((row.by for row in rows if self.total(result) in row.roll), 0)
            levels[i] = _clamp(levels[i] + steps, self.tracks[i])
        peak = tuple(levels)
        encounter = self.fires(result, peak)
        marks = tuple(0 if clear else m for m, clear in zip(state.marks, self.clear_after_check, strict=True))
        grown = state.grown
        if self.pool is not None and self.pool.roll_at is not None:
            marks, grown = (0,) * len(marks), 0
        if encounter:
            for i in self.reset:
                levels[i] = self.tracks[i].initial
            if self.check.on_encounter.clear_tallies:
                marks = (0,) * len(marks)
            grown = 0
        outcome = self.outcome_of(result, peak)
        if outcome >= 0:
            for i, by in self.outcome_moves[outcome]:
                track = self.tracks[i]
                levels[i] = track.initial if by is None else _clamp(levels[i] + by, track)
        return Resolution(State(tuple(levels), marks, grown, 0, state.waits), encounter, steps, peak, outcome)

    def result_of(self, faces: tuple[int, ...], total: int) -> int:
        """The result a plain roll gives the rules: its total, or for dice read one by one the throw."""
        return total if self.throws is None else self.throws.encode(faces)

    def total(self, result: int) -> int:
        """A roll's total: the result itself, or for dice read one by one the sum of the throw's faces."""
        return result if self.throws is None else self.throws.total(result)

    def outcome_of(self, result: int, levels: tuple[int, ...]) -> int:
        """The index of the first named outcome that covers this result (its range holds the result, or
        with ``outcomes_read: total`` this result plus the added tracks at these levels; or the throw
        shows its pattern), -1 when none does."""
        value = self.total(result)
        if self.check.outcomes_read == "total":
            value += sum(levels[i] for i in self.add)
        return first_outcome(self.check.outcomes, value, result, self.throws)

    def fires(self, result: int, levels: tuple[int, ...]) -> bool:
        """Whether this result (after any advance) brings an encounter with the tracks at these levels."""
        trigger = self.check.trigger
        if trigger.track_full is not None:
            i = self.index[trigger.track_full]
            return levels[i] >= self.tracks[i].max
        if trigger.pattern is not None:
            assert self.throws is not None
            return self.throws.shows(trigger.pattern, result)
        total = self.total(result) + sum(levels[i] for i in self.add)
        if trigger.at_least is not None:
            return total >= self._threshold(trigger.at_least, levels)
        if trigger.at_most is not None:
            return total <= self._threshold(trigger.at_most, levels)
        assert trigger.faces is not None
        return any(total in face for face in trigger.faces)

    def _threshold(self, value: int | ByTrack, levels: tuple[int, ...]) -> int:
        if isinstance(value, int):
            return value
        level = levels[self.index[value.track]]
        return level if value.levels is None else by_level(self.pack, value, level)

    def extra_roll(self, state: State, result: int) -> Resolution:
        """One extra roll of the check (beyond its cadence): resolved like a check, the cadence count kept."""
        found = self.resolve(state, result)
        kept = found.state
        return found._replace(state=State(kept.levels, kept.marks, kept.grown, state.since, kept.waits))

    def distribution(self, state: State) -> dict[int, Fraction]:
        """The exact distribution of the check's result from this state (before any track is added)."""
        if self.throws is not None:
            return self.throws.distribution
        if self.pool is None:
            assert self.check.roll is not None
            return dice_distribution(self.check.roll)
        assert self.reading is not None
        return self.reading.distribution(self.pool_size(state))


def run_out_events(pack: Pack, index: dict[str, int]) -> dict[int, tuple[tuple[int, int | None], ...]]:
    """unit -> the track moves (track index, steps, or None for back to the start) of the resources that
    run out by their rate at its end: a resource of B boxes using U every N units is out after
    ceil(B / U) * N units, counted from when it is lit (sheetgen.engine.resources.out_unit)."""
    from sheetgen.engine.resources import out_unit

    found: dict[int, list[tuple[int, int | None]]] = {}
    for r in pack.resources:
        unit = out_unit(pack, r) if r.when_out else None
        if unit is None:
            continue
        found.setdefault(unit, []).extend((index[m.track], None if m.reset else m.by) for m in r.when_out)
    return {unit: tuple(moves) for unit, moves in sorted(found.items())}


def _read_tracks(check: Check, index: dict[str, int]) -> tuple[int, ...]:
    """The tracks the check reads (added, compared with, filled, or setting its cadence), in the pack's order."""
    named = set(check.add)
    for value in (check.trigger.at_least, check.trigger.at_most, check.cadence.every):
        if isinstance(value, ByTrack):
            named.add(value.track)
    if check.trigger.track_full is not None:
        named.add(check.trigger.track_full)
    if check.advance is not None:
        named.add(check.advance.track)
    return tuple(sorted(index[t] for t in named if t in index))


def by_level(pack: Pack, value: ByTrack, level: int) -> int:
    """The value a ByTrack with levels gives at a level of its track."""
    found = value_at(value, level)
    if found is not None:
        return found
    assert value.levels is not None
    raise DataError(
        f"{pack.track(value.track).name} level {level} has no value in {{{', '.join(str(r) for r in value.levels)}}}"
    )


def _clamp(level: int, track: Track) -> int:
    return max(track.min, min(track.max, level))


def _cadence(check: Check) -> tuple[int, ByTrack | None]:
    """The cadence grid and, for a cadence by track, its values by level (validated when loaded)."""
    every = check.cadence.every
    return check.cadence.grid, every if isinstance(every, ByTrack) else None


_MACHINES: dict[int, tuple[Pack, Machine]] = {}


def machine(pack: Pack) -> Machine:
    """The compiled procedure of a pack, cached while the pack is in use (by identity)."""
    found = _MACHINES.get(id(pack))
    if found is not None and found[0] is pack:
        return found[1]
    built = Machine(pack)
    if len(_MACHINES) >= 64:
        _MACHINES.pop(next(iter(_MACHINES)))
    _MACHINES[id(pack)] = (pack, built)
    return built


# --- the public steps -----------------------------------------------------------------------------


def initial_state(pack: Pack) -> State:
    """Every track at its start, no tally marks, the pool at its base, no units since the offset."""
    return machine(pack).initial()


def pass_unit(pack: Pack, state: State, unit: int) -> State:
    """The automatic changes at the end of ``unit`` (1-based), before any check."""
    m = machine(pack)
    return m.pass_unit(state, unit > m.offset)


def check_due(pack: Pack, state: State, unit: int) -> bool:
    """Whether the cadence calls for the check at the end of ``unit``, in ``state`` after pass_unit."""
    m = machine(pack)
    return m.due(state, m.on_grid(unit))


def resolve(pack: Pack, state: State, result: int) -> Resolution:
    """Apply a rolled check's result: advance, trigger, and what an encounter resets."""
    return machine(pack).resolve(state, result)


def step_unit(pack: Pack, state: State, unit: int, roll: Roller) -> UnitStep:
    """One whole unit for a quiet party: automatic changes, then the check if it is due and rolled."""
    m = machine(pack)
    state = m.pass_unit(state, unit > m.offset)
    if not m.due(state, m.on_grid(unit)):
        return UnitStep(m.after_unit(state, unit), False, False, 0, None, False, state.levels)
    if not m.rolled(state):
        return UnitStep(m.after_unit(m.skip(state), unit), True, False, m.pool_size(state), None, False, state.levels)
    dice = m.pool_size(state)
    result = roll(dice)
    outcome = m.resolve(state, result)
    later: list[Resolution] = []
    after = outcome.state
    for _ in range(m.rolls - 1):  # a check rolled several times each time it falls due
        if not m.rolled(after):
            break
        again = m.resolve(after, roll(m.pool_size(after)))
        later.append(again)
        after = again.state
    encounter = outcome.encounter or any(r.encounter for r in later)
    return UnitStep(
        m.after_unit(after, unit), True, True, dice, result, encounter, outcome.peak, outcome.outcome, tuple(later)
    )


def outcome_name(pack: Pack, result: int) -> str | None:
    """The pack's name for this result of the check's die (check.outcomes), if it names them."""
    require_check(pack)
    return machine(pack).outcome_name(result)
