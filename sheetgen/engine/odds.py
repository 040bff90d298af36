"""Exact odds of a pack's check for a quiet party: a Pack and a number of hours in, an Odds out.

The procedure (sheetgen.engine.procedure) is a Markov chain over its finite states. :func:`quiet_odds`
carries the exact probability of every state forward one unit at a time, with fractions.Fraction,
twice: over every history (encounters reset their tracks and play goes on), which gives each
check's chance and the expected number of encounters, and over the histories with no encounter
yet, which gives the chance that each check brings the first one and the chance of at least one
by the end of each hour. The expected time to the first encounter is exact too: the expected
number of units left from each state solves a linear system over the states that can occur
before the first encounter, taken one strongly connected component at a time.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from sheetgen import limits
from sheetgen.engine.procedure import Machine, State, machine
from sheetgen.engine.types import CheckOdds, ChosenOdds, ExtraOdds, LevelOdds, Odds, OutcomeOdds, RollOdds, RollTime
from sheetgen.errors import DataError, Location, UsageError
from sheetgen.model.pack import Pack, Track

ZERO = Fraction(0)
ONE = Fraction(1)


@dataclass(frozen=True, slots=True)
class Move:
    """One way a unit can go from a state: where it leads, how likely, and what happened."""

    state: State
    chance: Fraction
    rolled: bool
    encounter: bool
    outcomes: tuple[int, ...] = ()  # the named outcomes rolled (none, or one per roll of a check rolled
    # several times: cadence.rolls), each index once
    hits: int = 0  # how many of its rolls brought an encounter (more than 1 only then)
    sides: tuple[int, ...] = ()  # the pack's other rolls rolled (indices in pack.rolls); their outcomes
    # are in ``outcomes``, numbered after the check's


def check_hours(hours: int) -> None:
    """Refuse hours outside 1..MAX_HOURS (the command line refuses them before they get here)."""
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= limits.MAX_HOURS:
        raise ValueError(f"hours must be a whole number from 1 to {limits.MAX_HOURS}, not {hours!r}")


def play_hours(pack: Pack, hours: int | None) -> int:
    """The hours asked for, or the pack's own horizon (``time.horizon``) when none were."""
    return pack.time.horizon_hours if hours is None else hours


def check_units(pack: Pack, hours: int) -> None:
    """Refuse more units of play than MAX_UNITS: exact odds cost at least a step per unit."""
    units = units_in(pack, hours)
    if units > limits.MAX_UNITS:
        raise UsageError(
            f"--hours {hours} is {units:,} {pack.time.plural} of {pack.name}; odds and timetables cover at most "
            f"{limits.MAX_UNITS:,} {pack.time.plural}: ask for fewer hours"
        )


def no_check_error(pack: Pack) -> DataError:
    return DataError(
        f'{pack.name} ("{pack.id}") has no exploration check, so there are no odds to compute '
        "(its encounter rules can still fill in a timetable's encounter deck)"
    )


def units_in(pack: Pack, hours: int) -> int:
    """Whole units of play in that many hours."""
    return hours * 3600 // pack.time.length


_CACHE: weakref.WeakKeyDictionary[Machine, dict[int, Odds]] = weakref.WeakKeyDictionary()


def quiet_odds(pack: Pack, hours: int | None = None) -> Odds:
    """The exact odds of the pack's check for a quiet party over ``hours`` hours of play (by default
    the pack's horizon)."""
    hours = play_hours(pack, hours)
    check_hours(hours)
    if pack.check is None:
        raise no_check_error(pack)
    check_units(pack, hours)
    m = machine(pack)
    known = _CACHE.setdefault(m, {})
    if hours not in known:
        odds = _quiet_odds(pack, m, hours)
        chosen = tuple(_chosen_odds(pack, track, hours) for track in pack.tracks if track.chosen)
        known[hours] = replace(odds, chosen=chosen) if chosen else odds
    return known[hours]


def _chosen_odds(pack: Pack, track: Track, hours: int) -> ChosenOdds:
    """The odds at each level of a track the GM chooses: the pack played with the track set there (and the
    other chosen tracks at their start, whose own rows are not worked out again for each level)."""
    levels = []
    others = [t.model_copy(update={"chosen": False}) if t.chosen else t for t in pack.tracks]
    for level in range(track.min, track.max + 1):
        fixed = track.model_copy(update={"start": level, "chosen": False})
        at = pack.model_copy(
            update={"tracks": [fixed if t is track else o for t, o in zip(pack.tracks, others, strict=True)]}
        )
        odds = quiet_odds(at, hours)
        levels.append(
            LevelOdds(
                level,
                track.label_at(level),
                tuple(c.chance for c in odds.checks),
                odds.by_hour[-1],
                odds.expected_encounters,
            )
        )
    return ChosenOdds(track.id, track.name, tuple(levels))


def route_odds(pack: Pack, hours: int, track: int, levels: dict[int, int]) -> Odds:
    """The odds of the check for a quiet party that follows a route: the track at index *track* set to
    ``levels[u]`` at the start of each unit u where a leg begins (sheetgen.engine.route). Each check's
    chance, the chance of at least one encounter by each hour and the expected number follow the route;
    the expected wait counts the route's units, then the last leg's terrain kept (None where tracks move
    at fixed times after the route, which that wait cannot follow). The named outcomes, other rolls and
    resources are those of the pack's own odds."""
    base = quiet_odds(pack, hours)
    m = machine(pack)
    kernel = Kernel(m)
    units = units_in(pack, hours)
    walk = _walk(kernel, units, (track, levels))
    firsts, quiet = walk.firsts, walk.quiet
    left = sum(quiet.values(), ZERO)
    waited: Fraction | None = sum((u * p for u, p in enumerate(firsts, 1)), ZERO)
    if left and (units < m.offset or max(m.last_event, m.settled) > units):
        waited = None
    elif left and waited is not None:
        rest = expected_units_to_first(kernel, {s: p / left for s, p in quiet.items()}, units)
        waited = None if rest is None else waited + left * (units + rest)
    return replace(
        base,
        checks=walk.checks,
        by_hour=by_hours(pack, hours, firsts),
        expected_encounters=walk.count,
        expected_minutes_to_first=None if waited is None else waited * Fraction(pack.time.length, 60),
    )


@dataclass(frozen=True)
class _Walked:
    """A quiet party's play walked unit by unit."""

    checks: tuple[CheckOdds, ...]
    firsts: list[Fraction]  # P(the first encounter in unit u), index u - 1
    count: Fraction  # expected encounters
    quiet: dict[State, Fraction]  # the histories without an encounter, after the last unit
    after_offset: dict[State, Fraction] | None  # those at the end of the check's offset, if it was reached


def _walk(kernel: Kernel, units: int, route: tuple[int, dict[int, int]] | None = None) -> _Walked:
    """Every history of a quiet party over *units* units, and those without an encounter; with *route*
    (a track's index and its level by unit), the track set at the start of those units."""
    m = kernel.m
    unit_minutes = Fraction(m.pack.time.length, 60)
    every: dict[State, Fraction] = {m.initial(): ONE}
    quiet: dict[State, Fraction] = {m.initial(): ONE}
    checks: list[CheckOdds] = []
    firsts: list[Fraction] = []
    after_offset: dict[State, Fraction] | None = dict(quiet) if m.offset == 0 else None
    count = [ZERO]
    for unit in range(1, units + 1):
        if route is not None and unit in route[1]:
            every, quiet = (_set_level(every, route[0], route[1][unit]), _set_level(quiet, route[0], route[1][unit]))
        where = m.where(unit)
        every, rolled, chance = _advance(kernel, every, where, keep_encounters=True, count=count)
        quiet, _, first = _advance(kernel, quiet, where, keep_encounters=False)
        every, quiet = _after_unit(m, every, unit), _after_unit(m, quiet, unit)
        if rolled and not checks:
            kernel.forecast(units, units // unit, len(every) + len(quiet))
        firsts.append(first)
        if rolled:
            checks.append(CheckOdds(len(checks) + 1, unit, unit * unit_minutes, chance, first, rolled))
        if unit == m.offset:
            after_offset = dict(quiet)
    return _Walked(tuple(checks), firsts, count[0], quiet, after_offset)


def _set_level(dist: dict[State, Fraction], track: int, level: int) -> dict[State, Fraction]:
    """*dist* with the track at index *track* set to *level* in every state."""
    new: dict[State, Fraction] = {}
    for state, p in dist.items():
        levels = list(state.levels)
        levels[track] = level
        moved = replace(state, levels=tuple(levels))
        new[moved] = new.get(moved, ZERO) + p
    return new


def _quiet_odds(pack: Pack, m: Machine, hours: int) -> Odds:
    assert pack.check is not None
    kernel = Kernel(m)
    units = units_in(pack, hours)
    unit_minutes = Fraction(pack.time.length, 60)
    walk = _walk(kernel, units)
    checks, start_after_offset = walk.checks, walk.after_offset
    by_hour = by_hours(pack, hours, walk.firsts)
    if max(m.last_event, m.settled) > m.offset:  # a fixed time after the offset changes the units: solve
        expected_units = _expected_after_events(kernel, m)  # from after it
    else:
        if start_after_offset is None:  # the offset is longer than the hours asked for
            start_after_offset = _carry(kernel, m, {m.initial(): ONE}, m.offset)
        found = expected_units_to_first(kernel, start_after_offset, m.offset)
        expected_units = None if found is None else m.offset + found
    outcomes, rolls = outcome_odds(pack, m, kernel, hours, tuple(c.unit for c in checks))
    from sheetgen.engine.resource_odds import resource_use

    resources = resource_use(
        pack,
        units,
        (*outcomes, *(o for r in rolls for o in r.outcomes)),
        tuple(units_in(pack, hour) for hour in range(1, hours + 1)),
    )
    return Odds(
        pack_id=pack.id,
        unit_minutes=unit_minutes,
        unit=pack.time.unit,
        hours=hours,
        checks=checks,
        by_hour=tuple(by_hour),
        expected_encounters=walk.count,
        expected_minutes_to_first=(None if expected_units is None else expected_units * unit_minutes),
        pack_name=pack.name,
        result=pack.check.result,
        outcomes=outcomes,
        resources=resources,
        rolls=rolls,
    )


BIG = 4096
"""Denominators up to this many bits cost what any number does; longer ones are counted by their size."""
BITS_PER_STEP = 4_000_000
"""Squared bits of a denominator that cost about what one step of MAX_ODDS_WORK does."""


def by_hours(pack: Pack, hours: int, per_unit: list[Fraction]) -> tuple[Fraction, ...]:
    """The chances of a first time in each unit (index u - 1 for unit u), added up to the end of each hour:
    one running sum, since the numbers of exact odds over many units can run to thousands of digits."""
    totals = []
    total = ZERO
    done = 0
    for hour in range(1, hours + 1):
        last = units_in(pack, hour)
        for chance in per_unit[done:last]:
            total += chance
        done = max(done, last)
        totals.append(total)
    return tuple(totals)


class Kernel:
    """The one-unit transitions of a procedure, memoised by state and by where the unit falls."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self._moves: dict[tuple[State, tuple[bool, ...]], tuple[Move, ...]] = {}
        self.work = 0
        self.bits = 0  # the longest denominator met so far, in bits

    def spend(self, steps: int, bits: int = 0) -> None:
        """Count work against MAX_ODDS_WORK, so that no pack can keep sheetgen busy for minutes; *bits*,
        for work that the length of the numbers makes, is the length they reach."""
        self.work += steps
        if self.work > limits.MAX_ODDS_WORK:
            pack = self.m.pack
            if bits > BIG:
                raise DataError(
                    f'{pack.name} ("{pack.id}"): its exact odds over these hours run to numbers of '
                    f"{int(bits * 0.30103):,} digits, too long to work out in a few seconds (more than "
                    f"{limits.MAX_ODDS_WORK:,} steps); use smaller dice, or fewer hours",
                    Location(field="check"),
                )
            rolls = f" and its {len(pack.rolls)} other rolls have" if pack.rolls else " has"
            raise DataError(
                f'{pack.name} ("{pack.id}"): its check{rolls} too many states to work out the odds exactly '
                f"(more than {limits.MAX_ODDS_WORK:,} steps); use fewer or shorter tracks, smaller dice or pools, "
                f"{'fewer rolls or outcomes, ' if pack.rolls else ''}or fewer hours",
                Location(field="rolls" if pack.rolls else "check"),
            )

    def forecast(self, units: int, checks: int, states: int) -> None:
        """Refuse at once odds whose numbers would grow past the budget: after the first check the
        denominators hold its dice's ``bits`` and grow by as many at each of the ``checks`` to come, so the
        ``units`` units cost about units * (checks * bits)^2 / 3 for each state."""
        reach = self.bits * checks
        self.spend(states * units * reach * reach // (3 * BITS_PER_STEP), reach)

    def spend_on_numbers(self, dist: dict[State, Fraction]) -> None:
        """Count the cost of the numbers themselves: exact chances over many units of large dice (394d6)
        have denominators of thousands of digits, and adding two of them costs about the square of
        their length, however few the states."""
        if not dist:
            return
        bits = max(p.denominator.bit_length() for p in dist.values())
        self.bits = max(self.bits, bits)
        if bits > BIG:
            self.spend(len(dist) * bits * bits // BITS_PER_STEP, bits)

    def moves(self, state: State, where: tuple[bool, ...]) -> tuple[Move, ...]:
        """Every way a unit can go from ``state``, where the unit falls as Machine.where says."""
        key = (state, where)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = self._build(state, where)
        return found

    def _build(self, state: State, where: tuple[bool, ...]) -> tuple[Move, ...]:
        checked = self._check(state, where[0], where[1])
        if not self.m.others:
            return checked
        merged: dict[tuple[State, bool, bool, int, tuple[int, ...], tuple[int, ...]], Fraction] = {}
        for move in checked:
            sides = self.m.side_moves(move.state, where, self.spend)
            self.spend(len(sides))
            for side in sides:
                named = tuple(sorted({*move.outcomes, *side.outcomes}))
                key = (side.state, move.rolled, move.encounter, move.hits, named, side.rolled)
                merged[key] = merged.get(key, ZERO) + move.chance * side.chance
        return tuple(
            Move(s, p, rolled, hit, named, hits, sides)
            for (s, rolled, hit, hits, named, sides), p in merged.items()
            if p
        )

    def _check(self, state: State, grid: bool, after: bool) -> tuple[Move, ...]:
        """The unit's automatic changes and its check."""
        m = self.m
        state = m.pass_unit(state, after)
        if not m.due(state, grid):
            return (Move(state, ONE, False, False),)
        if not m.rolled(state):
            return (Move(m.skip(state), ONE, False, False),)
        merged: dict[tuple[State, int, tuple[int, ...]], Fraction] = {}
        self._roll(state, m.rolls, ONE, 0, (), merged)
        return tuple(Move(s, p, True, hits > 0, named, hits) for (s, hits, named), p in merged.items() if p)

    def _roll(
        self,
        state: State,
        left: int,
        chance: Fraction,
        hits: int,
        named: tuple[int, ...],
        merged: dict[tuple[State, int, tuple[int, ...]], Fraction],
    ) -> None:
        """Roll the check ``left`` more times from ``state`` (a check rolled several times where it is due),
        adding each way it can end to ``merged``."""
        m = self.m
        distribution = m.distribution(state)
        self.spend(len(distribution))
        for result, p in distribution.items():
            outcome = m.resolve(state, result)
            hit = hits + outcome.encounter
            seen = (
                named if outcome.outcome < 0 or outcome.outcome in named else tuple(sorted((*named, outcome.outcome)))
            )
            if left > 1 and m.rolled(outcome.state):
                self._roll(outcome.state, left - 1, chance * p, hit, seen, merged)
                continue
            key = (outcome.state, hit, seen)
            merged[key] = merged.get(key, ZERO) + chance * p


def _forward(
    kernel: Kernel, dist: dict[State, Fraction], where: tuple[bool, ...], goes_on: Callable[[Move, Fraction], bool]
) -> dict[State, Fraction]:
    """One unit forward: each move of each state, with its probability, is shown to ``goes_on``, which
    adds up what it counts and says whether that history is carried on to the next unit."""
    new: dict[State, Fraction] = {}
    kernel.spend(len(dist))
    for state, p in dist.items():
        moves = kernel.moves(state, where)
        kernel.spend(len(moves))
        for move in moves:
            q = p * move.chance
            if goes_on(move, q):
                new[move.state] = new.get(move.state, ZERO) + q
    kernel.spend_on_numbers(new)
    return new


def _advance(
    kernel: Kernel,
    dist: dict[State, Fraction],
    where: tuple[bool, ...],
    keep_encounters: bool,
    by_outcome: list[Fraction] | None = None,
    count: list[Fraction] | None = None,
    others: list[Fraction] | None = None,
) -> tuple[dict[State, Fraction], Fraction, Fraction]:
    """One unit forward: the new distribution, P(the check was rolled) and P(it brought an encounter).

    With ``by_outcome``, the chance of each named outcome this unit is added to it; with ``count``, the
    expected number of encounters this unit is added to its one item (more than the chance of one when
    the check is rolled several times each time it falls due); with ``others``, the chance that each of
    the pack's other rolls is rolled this unit. Without ``keep_encounters``, histories end at their first
    encounter.
    """
    rolled = ZERO
    encounter = ZERO

    def goes_on(move: Move, q: Fraction) -> bool:
        nonlocal rolled, encounter
        if move.rolled:
            rolled += q
        if by_outcome is not None:
            for named in move.outcomes:
                by_outcome[named] += q
        if others is not None:
            for roll in move.sides:
                others[roll] += q
        if not move.encounter:
            return True
        encounter += q
        if count is not None:
            count[0] += q * move.hits
        return keep_encounters

    return _forward(kernel, dist, where, goes_on), rolled, encounter


def _advance_until(
    kernel: Kernel, dist: dict[State, Fraction], where: tuple[bool, ...], outcome: int
) -> tuple[dict[State, Fraction], Fraction]:
    """One unit forward over the histories in which ``outcome`` has not come up: the new distribution
    and P(it comes up for the first time this unit). Encounters do not stop play here."""
    first = ZERO

    def goes_on(move: Move, q: Fraction) -> bool:
        nonlocal first
        if outcome in move.outcomes:
            first += q
            return False
        return True

    return _forward(kernel, dist, where, goes_on), first


def outcome_odds(
    pack: Pack, m: Machine, kernel: Kernel, hours: int, check_units: tuple[int, ...]
) -> tuple[tuple[OutcomeOdds, ...], tuple[RollOdds, ...]]:
    """Exact odds of each named outcome, the check's and each other roll's: its chance each time its roll
    is rolled and of at least once by each hour; and when each other roll is rolled."""
    named = pack.all_outcomes
    if not named:
        return (), ()
    units = units_in(pack, hours)
    per_unit: list[list[Fraction]] = []
    rolled_at: list[list[Fraction]] = []
    every: dict[State, Fraction] = {m.initial(): ONE}
    for unit in range(1, units + 1):
        found = [ZERO] * len(named)
        rolled = [ZERO] * len(m.others)
        every, _, _ = _advance(kernel, every, m.where(unit), True, found, others=rolled)
        every = _after_unit(m, every, unit)
        per_unit.append(found)
        rolled_at.append(rolled)
    result = []
    for n, outcome in enumerate(named):
        dist: dict[State, Fraction] = {m.initial(): ONE}
        firsts: list[Fraction] = []
        for unit in range(1, units + 1):
            dist, first = _advance_until(kernel, dist, m.where(unit), n)
            dist = _after_unit(m, dist, unit)
            firsts.append(first)
        by_hour = by_hours(pack, hours, firsts)
        roll = next((r for r in m.others if r.first <= n < r.first + len(r.roll.outcomes)), None)
        at = check_units if roll is None else tuple(u for u in range(1, units + 1) if rolled_at[u - 1][roll.index])
        chances = tuple(per_unit[u - 1][n] for u in at)
        result.append(OutcomeOdds(outcome.result, chances, by_hour, sum(chances, ZERO)))
    minutes = Fraction(pack.time.length, 60)
    rolls = tuple(
        RollOdds(
            r.roll.id,
            r.roll.name,
            tuple(
                RollTime(u, u * minutes, rolled_at[u - 1][r.index])
                for u in range(1, units + 1)
                if rolled_at[u - 1][r.index]
            ),
            tuple(result[r.first : r.first + len(r.roll.outcomes)]),
        )
        for r in m.others
    )
    return tuple(result[: len(m.check.outcomes)]), rolls


def _carry(kernel: Kernel, m: Machine, dist: dict[State, Fraction], units: int) -> dict[State, Fraction]:
    for unit in range(1, units + 1):
        dist, _, _ = _advance(kernel, dist, m.where(unit), keep_encounters=False)
        dist = _after_unit(m, dist, unit)
    return dist


def _after_unit(m: Machine, dist: dict[State, Fraction], unit: int) -> dict[State, Fraction]:
    """The distribution after the track moves of resources that run out at the end of ``unit``."""
    if unit not in m.events:
        return dist
    new: dict[State, Fraction] = {}
    for state, p in dist.items():
        moved = m.after_unit(state, unit)
        new[moved] = new.get(moved, ZERO) + p
    return new


def _expected_after_events(kernel: Kernel, m: Machine) -> Fraction | None:
    """Expected units to the first encounter when tracks move at fixed times (resources running out) or
    another roll starts after the check: the histories are followed unit by unit up to the last such time
    T, and from T on, where the units repeat, solved as usual: the sum of u * P(first at u) for u <= T,
    plus T + E(from T) for each state."""
    last = max(m.last_event, m.settled)
    dist: dict[State, Fraction] = {m.initial(): ONE}
    before = ZERO
    for unit in range(1, last + 1):
        dist, _, first = _advance(kernel, dist, m.where(unit), keep_encounters=False)
        dist = _after_unit(m, dist, unit)
        before += unit * first
    rest = expected_units_to_first(kernel, dist, last)
    if rest is None:
        return None
    return before + last * sum(dist.values(), ZERO) + rest


# --- extra rolls ------------------------------------------------------------------------------------


"""Most extra rolls per hour that `sheetgen odds --extra` takes."""


def extra_units(pack: Pack, hours: int, extra: int) -> dict[int, int]:
    """Where ``extra`` rolls an hour fall: unit -> how many, spread evenly through each hour. The k-th of
    the hour's N falls at the end of its ceil(k * U / N)-th unit (U units in that hour): one an hour at the
    hour's end, three in an hour of six 10-minute turns at 0:20, 0:40 and 1:00; in an hour of fewer units
    than rolls, some units take more than one."""
    found: dict[int, int] = {}
    for hour in range(1, hours + 1):
        start, end = units_in(pack, hour - 1), units_in(pack, hour)
        if end == start:
            continue  # a unit longer than an hour: this hour holds no unit's end
        for k in range(1, extra + 1):
            unit = start + -(-k * (end - start) // extra)
            found[unit] = found.get(unit, 0) + 1
    return found


def extra_odds(pack: Pack, hours: int | None, extra: int) -> ExtraOdds:
    """The odds with ``extra`` more rolls of the check an hour, spread through it (:func:`extra_units`),
    each after the check of the unit it falls in, over ``hours`` (None: the pack's horizon)."""
    hours = play_hours(pack, hours)
    check_hours(hours)
    if pack.check is None:
        raise no_check_error(pack)
    if isinstance(extra, bool) or not 0 <= extra <= limits.MAX_EXTRA:
        raise ValueError(f"extra must be a whole number from 0 to {limits.MAX_EXTRA}, not {extra!r}")
    check_units(pack, hours)
    m = machine(pack)
    kernel = Kernel(m)
    hour_ends = {units_in(pack, h) for h in range(1, hours + 1)}
    at = extra_units(pack, hours, extra)
    every: dict[State, Fraction] = {m.initial(): ONE}
    quiet: dict[State, Fraction] = {m.initial(): ONE}
    expected = ZERO
    first_total = ZERO
    by_hour = []
    for unit in range(1, units_in(pack, hours) + 1):
        where = m.where(unit)
        count = [ZERO]
        every, _, _ = _advance(kernel, every, where, keep_encounters=True, count=count)
        quiet, _, first = _advance(kernel, quiet, where, keep_encounters=False)
        expected += count[0]
        first_total += first
        for _ in range(at.get(unit, 0)):
            every, chance = _extra(kernel, every, keep_encounters=True)
            quiet, first = _extra(kernel, quiet, keep_encounters=False)
            expected += chance
            first_total += first
        every, quiet = _after_unit(m, every, unit), _after_unit(m, quiet, unit)
        if unit in hour_ends:
            by_hour.append(first_total)
    return ExtraOdds(extra, tuple(by_hour), expected)


def _extra(
    kernel: Kernel,
    dist: dict[State, Fraction],
    keep_encounters: bool,
) -> tuple[dict[State, Fraction], Fraction]:
    """One extra roll of the check from every state: the new distribution and P(an encounter)."""
    m = kernel.m
    new: dict[State, Fraction] = {}
    encounter = ZERO
    for state, p in dist.items():
        if not m.rolled(state):
            new[state] = new.get(state, ZERO) + p
            continue
        distribution = m.distribution(state)
        kernel.spend(len(distribution))
        for result, chance in distribution.items():
            outcome = m.extra_roll(state, result)
            q = p * chance
            if outcome.encounter:
                encounter += q
                if not keep_encounters:
                    continue
            new[outcome.state] = new.get(outcome.state, ZERO) + q
    return new, encounter


# --- expected time to the first encounter -------------------------------------------------------

Node = tuple[State, int]  # a state and the units since the start, modulo the period of the cadences


def expected_units_to_first(kernel: Kernel, start: dict[State, Fraction], at_unit: int) -> Fraction | None:
    """Expected units from the start to the first encounter, weighted by the start's chances (which sum
    to 1 at the offset, where no check has been possible before); None if it may never come.

    ``start`` is the distribution at the end of unit ``at_unit``, the check's offset or later, from which
    on the units repeat every ``period`` units (Machine.where), so a state and its place in the period
    decide what is to come.
    """
    m = kernel.m
    period = m.period

    def successors(node: Node) -> tuple[list[tuple[Node, Fraction]], Fraction]:
        state, phase = node
        nxt = (phase + 1) % period
        out: list[tuple[Node, Fraction]] = []
        absorbed = ZERO
        for move in kernel.moves(state, m.where(at_unit + phase + 1)):
            if move.encounter:
                absorbed += move.chance
            else:
                out.append(((move.state, nxt), move.chance))
        return out, absorbed

    starts = [(state, 0) for state, p in start.items() if p]
    edges: dict[Node, list[tuple[Node, Fraction]]] = {}
    absorbing: set[Node] = set()
    frontier = list(starts)
    while frontier:
        node = frontier.pop()
        if node in edges:
            continue
        out, absorbed = successors(node)
        kernel.spend(1 + len(out))
        edges[node] = out
        if absorbed:
            absorbing.add(node)
        frontier.extend(n for n, _ in out if n not in edges)
        if len(edges) > 200_000:
            raise DataError("the procedure has too many states to compute the expected time exactly")
    if not _all_reach(edges, absorbing):
        return None
    expected: dict[Node, Fraction] = {}
    for component in _components(edges):
        _solve(component, edges, expected, kernel.spend)
    return sum((p * expected[(state, 0)] for state, p in start.items() if p), ZERO)


def _all_reach(edges: dict[Node, list[tuple[Node, Fraction]]], absorbing: set[Node]) -> bool:
    """Whether every state can still lead to an encounter (so one comes with probability 1)."""
    back: dict[Node, list[Node]] = {node: [] for node in edges}
    for node, out in edges.items():
        for target, _ in out:
            back[target].append(node)
    seen = set(absorbing)
    frontier = list(absorbing)
    while frontier:
        for source in back[frontier.pop()]:
            if source not in seen:
                seen.add(source)
                frontier.append(source)
    return len(seen) == len(edges)


def _components(edges: dict[Node, list[tuple[Node, Fraction]]]) -> list[list[Node]]:
    """Strongly connected components, each after every component it leads to (Tarjan, no recursion)."""
    index: dict[Node, int] = {}
    low: dict[Node, int] = {}
    on_stack: set[Node] = set()
    stack: list[Node] = []
    found: list[list[Node]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work: list[tuple[Node, Iterable[tuple[Node, Fraction]]]] = [(root, iter(edges[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child, _ in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(component)
    return found


def _solve(
    component: list[Node],
    edges: dict[Node, list[tuple[Node, Fraction]]],
    expected: dict[Node, Fraction],
    spend: Callable[[int], None],
) -> None:
    """E(x) = 1 + sum P(x, y) E(y) for the nodes of one component, the later components known."""
    position = {node: i for i, node in enumerate(component)}
    size = len(component)
    if size == 1:
        node = component[0]
        stay = sum((p for target, p in edges[node] if target == node), ZERO)
        rest = sum((p * expected[target] for target, p in edges[node] if target != node), ZERO)
        expected[node] = (1 + rest) / (1 - stay)
        return
    matrix = [[ZERO] * (size + 1) for _ in range(size)]
    for i, node in enumerate(component):
        row = matrix[i]
        row[i] += ONE
        row[size] = ONE
        for target, p in edges[node]:
            j = position.get(target)
            if j is None:
                row[size] += p * expected[target]
            else:
                row[j] -= p
    for col in range(size):
        pivot = next(r for r in range(col, size) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        head = matrix[col]
        inverse = 1 / head[col]
        for c in range(col, size + 1):
            head[c] *= inverse
        for r in range(size):
            if r != col and matrix[r][col] != 0:
                spend(size + 1 - col)
                factor = matrix[r][col]
                row = matrix[r]
                for c in range(col, size + 1):
                    if head[c]:
                        row[c] -= factor * head[c]
    for i, node in enumerate(component):
        expected[node] = matrix[i][size]
