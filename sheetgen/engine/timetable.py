"""Pre-rolled timetables: a pack (and a site), hours and a seed in, a printable Timetable out.

A timetable has one row per point where the check may be rolled, with its dice rolled in advance and
the outcome for a quiet party (the procedure replayed with exactly these dice:
sheetgen.engine.procedure). It holds numbers only; sheetgen.words puts each row's rule, time and
outcome into words. Then a deck of encounters, each
pre-rolled in full, used one by one whenever a check brings one.

Rows. One at every point of the cadence grid (``offset + g, offset + 2g, ...``; for a cadence by
track ``g`` is the finest cadence, and each row says at which levels it is rolled). A plain roll's
row holds the faces of one roll of the check's dice; a pool's row holds a sequence of dice, used
in order, "take the first N": as many as the largest pool a quiet party can hold at a check, at
least 6 (or ``roll_at``), never more than ``max_dice``.

The deck (sheetgen.engine.deck). ``max(3, ceil(E + 2 * sqrt(E)) + 1)`` cards, where E is the exact
expected number of encounters for a quiet party in the hours (0 for a pack with no check): about two
standard deviations of margin for a party that makes more noise. Cards come from the site's wandering
table, else from the pack table its encounter rules name (``wandering`` by default); with neither, the
deck is empty (sheetgen.words.deck_note says why).

Randomness. One ``random.Random(seed)``, used in this order: for each row in time order, the
check's dice (a plain roll with ``Dice.roll_detail``; a pool die by die with ``randint(1, sides)``);
then for each card in order, the wandering roll, the number appearing, the distance roll, the
reaction roll, the morale roll and the opening rolls, each skipped when its rule is missing; then, for
a check with extra rolls (``check.extra``), the spare rolls, in the same way as the rows; last, the dice
of the resources rolled when they are used (a usage die, a chance), unit by unit
(sheetgen.engine.resources.draw_faces), so a pack without them draws what it always drew. The same
seed and inputs give the same timetable.

A site with a route (sheetgen.engine.route) sets the route's track to each leg's level at the start of
the leg's first unit, before anything else the unit does; its timetable covers the route unless told
how many hours, and its odds are those of a quiet party on the route (sheetgen.engine.odds.route_odds).

Its JSON and CSV forms are written by sheetgen.export.timetable_json and sheetgen.export.timetable_csv.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Generic, TypeVar

from sheetgen.compat.random_draws import die_roller
from sheetgen.engine import resources
from sheetgen.engine.deck import DeckCard, DeckSource, Sign, build_deck, deck_size
from sheetgen.engine.dice import parsed
from sheetgen.engine.due import RestDue, falls_due
from sheetgen.engine.frozen import made
from sheetgen.engine.odds import Kernel, check_hours, play_hours, quiet_odds, route_odds, units_in
from sheetgen.engine.procedure import Machine, State, machine
from sheetgen.engine.resources import ResourceOut
from sheetgen.engine.route import levels_by_unit, route_hours
from sheetgen.engine.types import Odds
from sheetgen.model.pack import Morale, Pack
from sheetgen.model.site import Site

MIN_POOL_DICE = 6
MAX_REMEMBERED = 100_000
"""Most units, steps and resource uses the replays of one pack's machine remember, each (kept while the
machine is in use)."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """What the replays of one machine worked out, by what decided it: at most MAX_REMEMBERED entries,
    after which nothing more is kept (what is kept stays right, so a replay only gets slower)."""

    __slots__ = ("_found", "get")

    def __init__(self) -> None:
        self._found: dict[K, V] = {}
        self.get: Callable[[K], V | None] = self._found.get  # the dictionary's own: looked up most often

    def keep(self, key: K, value: V) -> V:
        if len(self._found) < MAX_REMEMBERED:
            self._found[key] = value
        return value


@dataclass(frozen=True)
class TrackLevel:
    track: str  # the track's id
    name: str
    level: int


@dataclass(frozen=True)
class PoolRead:
    """A pool row read with its first ``dice`` dice."""

    dice: int
    result: int
    outcome: str | None


@dataclass(frozen=True)
class Omen:
    """An omen level reached: the track's id and the index of the level in its ``levels``."""

    track: str
    level: int


@dataclass(frozen=True)
class RollDone:
    """One of the pack's other rolls, pre-rolled, as the quiet party's procedure reads it."""

    roll: str  # its id
    name: str
    unit: int  # the unit at whose end it is rolled
    faces: tuple[int, ...]
    total: int  # the faces added up (before any track is added)
    outcome: str | None  # the outcome it brings, if any
    outcome_index: int = -1  # the outcome's number across the procedure (Pack.all_outcomes; -1: none)
    sign_card: int | None = None  # the encounter card the outcome foretells (1-based)


@dataclass(frozen=True)
class Baseline:
    """What a quiet party's procedure does with this row's dice."""

    due: bool  # the cadence called for a check here
    rolled: bool
    dice: int | None  # the pool's size when rolled (None for a plain roll or no roll)
    pool: int  # the dice in the pool at the check, rolled or not (0 for a plain roll)
    result: int | None
    encounter: bool
    levels: tuple[TrackLevel, ...]  # after the check (and any reset)
    omens: tuple[Omen, ...]  # omen levels reached since the previous row
    outcome: str | None = None  # the named outcome rolled (check.outcomes), if any
    outcome_index: int = -1  # its index in check.outcomes (-1: none)
    sign_card: int | None = None  # the encounter card this outcome foretells (1-based)
    resources: tuple[TrackLevel, ...] = ()  # boxes left of each resource that runs down, after this row
    ran_out: tuple[ResourceOut, ...] = ()  # resources that ran out since the previous row
    rests_due: tuple[RestDue, ...] = ()  # rests and conditions' states that fell due since the previous row
    rolls: tuple[RollDone, ...] = ()  # the pack's other rolls since the previous row, this unit's included


@dataclass(frozen=True)
class CheckRow:
    index: int  # 1-based
    unit: int  # the unit at whose end the check falls
    dice: tuple[int, ...]  # the faces, in the order rolled (for a pool: in the order to use them)
    roll: int | None  # a plain roll's total; None for a pool
    outcome: str | None  # the pack's name for a plain roll's result (check.outcomes)
    pool_reads: tuple[PoolRead, ...]
    baseline: Baseline
    repeat: int = 1  # which roll of the unit's check (a check rolled several times: cadence.rolls)


@dataclass(frozen=True)
class SpareRoll:
    """A roll of the check made in advance for an extra roll (check.extra), used in order."""

    index: int  # 1-based
    dice: tuple[int, ...]  # the faces (for a pool: in the order to take them)
    roll: int | None  # a plain roll's total; None for a pool


@dataclass(frozen=True)
class Timetable:
    pack: Pack
    pack_id: str
    pack_name: str
    site_name: str | None
    encounter_pack_id: str | None
    hours: int
    seed: int
    unit_name: str
    unit_plural: str
    unit_minutes: Fraction
    units: int
    check_name: str | None
    formula: str | None
    result_word: str  # the pack's word for what a check brings: "danger"
    pool_dice: int | None  # dice pre-rolled on each pool row
    tracks: tuple[TrackLevel, ...]  # the tracks the check reads (every track without a check), at their start
    rows: tuple[CheckRow, ...]
    deck: tuple[DeckCard, ...]
    deck_from: DeckSource | None  # where the deck's cards come from; None: there is no deck
    morale: Morale | None  # how a card's morale check is rolled, from the encounter rules
    odds: Odds | None
    runs_out: tuple[ResourceOut, ...] = ()  # when each resource runs out for a quiet party
    spares: tuple[SpareRoll, ...] = ()  # spare rolls for check.extra, rolled after everything else
    spare_when: tuple[str, ...] = ()  # what calls for a spare roll, in the pack's words


def build_timetable(
    pack: Pack, *, site: Site | None, encounter_pack: Pack | None, hours: int | None, seed: int
) -> Timetable:
    """Roll a timetable for ``hours`` hours of play (1..MAX_HOURS; None: the site's route, else the pack's
    horizon) with ``random.Random(seed)``."""
    legs = levels_by_unit(pack, site.route) if site is not None and site.route is not None else None
    if hours is None and site is not None and site.route is not None:
        hours = route_hours(pack, site.route)
    hours = play_hours(pack, hours)
    check_hours(hours)
    rng = random.Random(seed)
    plan = _plan(pack, hours) if legs is None else _Plan.of(pack, hours, legs)
    dice, pool_dice = _roll_rows(pack, plan, rng) if pack.check is not None else ({}, None)
    deck, source, morale = build_deck(pack, site, encounter_pack, plan.deck_size, rng)
    spares = _spares(pack, hours, pool_dice, rng) if pack.check is not None and pack.check.extra else ()
    faces = resources.draw_faces(pack, plan.units, rng) if plan.rolled_resources else {}
    others = _roll_others(pack, plan.units, rng) if pack.rolls and pack.check is not None else {}
    rows, runs_out = _rows(pack, hours, dice, faces, others, legs) if pack.check is not None else ((), ())
    if plan.signs:
        deck = _mark_signs(pack, deck, rows)
    return made(
        Timetable,
        {
            **plan.fields,
            "site_name": site.site if site is not None else None,
            "encounter_pack_id": encounter_pack.id if encounter_pack is not None else None,
            "seed": seed,
            "pool_dice": pool_dice,
            "rows": rows,
            "deck": deck,
            "deck_from": source,
            "morale": morale,
            "runs_out": runs_out,
            "spares": spares,
        },
    )


@dataclass(frozen=True)
class _Plan:
    """What every timetable of a pack over some hours shares, whatever its seed."""

    units: int
    grid: tuple[int, ...]  # the units on the check's grid
    deck_size: int
    rolled_resources: bool  # some resource's dice are rolled when it is used
    signs: bool  # some outcome marks the next encounter card
    fields: dict[str, object]  # the Timetable's fields that follow from the pack and the hours

    @classmethod
    def of(cls, pack: Pack, hours: int, legs: Legs | None) -> _Plan:
        check = pack.check
        odds = quiet_odds(pack, hours) if check is not None else None
        if odds is not None and legs is not None:
            odds = route_odds(pack, hours, *legs)
        expected = odds.expected_encounters if odds is not None else Fraction(0)
        units = units_in(pack, hours)
        m = machine(pack) if check is not None else None
        return cls(
            units=units,
            grid=tuple(u for u in range(1, units + 1) if m.on_grid(u)) if m is not None else (),
            deck_size=deck_size(expected),
            rolled_resources=resources.is_rolled(pack),
            signs=any(e.sign for o in pack.all_outcomes for e in o.effects),
            fields={
                "pack": pack,
                "pack_id": pack.id,
                "pack_name": pack.name,
                "hours": hours,
                "unit_name": pack.time.unit,
                "unit_plural": pack.time.plural,
                "unit_minutes": Fraction(pack.time.length, 60),
                "units": units,
                "check_name": check.name if check is not None else None,
                "formula": check.formula if check is not None else None,
                "result_word": check.result if check is not None else "encounter",
                "tracks": tuple(
                    TrackLevel(t.id, t.name, _start(t.initial, i, legs))
                    for i, t in enumerate(pack.tracks)
                    if m is None or i in m.read
                ),
                "odds": odds,
                "spare_when": tuple(e.when for e in check.extra) if check is not None else (),
            },
        )


_PLANS: weakref.WeakKeyDictionary[Machine, dict[int, _Plan]] = weakref.WeakKeyDictionary()


def _plan(pack: Pack, hours: int) -> _Plan:
    """The plan of a pack's timetables without a route over these hours, made once while its machine is kept."""
    if pack.check is None:
        return _Plan.of(pack, hours, None)
    plans = _PLANS.setdefault(machine(pack), {})
    found = plans.get(hours)
    if found is None:
        found = plans[hours] = _Plan.of(pack, hours, None)
    return found


def _start(initial: int, index: int, legs: Legs | None) -> int:
    """A track's level at the start: its first leg's, for the track a route sets."""
    if legs is None or legs[0] != index:
        return initial
    return legs[1].get(1, initial)


def spare_count(hours: int) -> int:
    """Spare rolls pre-rolled for extra rolls: two an hour, at least 6, at most 24."""
    return max(6, min(24, 2 * hours))


def _spares(pack: Pack, hours: int, pool_dice: int | None, rng: random.Random) -> tuple[SpareRoll, ...]:
    """Rolls of the check for its extra rolls, made after the rows and the deck (so those stay the same)."""
    m = machine(pack)
    plain = parsed(m.check.roll) if m.check.roll is not None else None
    found = []
    for n in range(1, spare_count(hours) + 1):
        if plain is not None:
            value, faces = plain.roll_detail(rng)
            found.append(SpareRoll(n, faces, value))
        else:
            count = pool_dice or MIN_POOL_DICE
            found.append(SpareRoll(n, tuple(rng.randint(1, m.sides) for _ in range(count)), None))
    return tuple(found)


# --- check rows -------------------------------------------------------------------------------------


RowDice = dict[int, tuple[tuple[tuple[int, ...], int | None], ...]]
"""unit -> the check's rolls on its row: (faces, a plain roll's total or None for a pool), one per roll."""

Legs = tuple[int, dict[int, int]]
"""A route's track (its index in pack.tracks) and the level it is set to at the start of the units where a
leg begins."""

OtherDice = dict[int, tuple[tuple[int, tuple[tuple[int, ...], int]], ...]]
"""unit -> the other rolls' dice there: (the roll's index in pack.rolls, (faces, total)), in the order used."""


def _roll_others(pack: Pack, units: int, rng: random.Random) -> OtherDice:
    """The dice of the pack's other rolls, roll by roll in the pack's order, each at every unit of its
    cadence's grid (as many times as its cadence rolls it); a grid point where a cadence by track does not
    call for it keeps its dice unused."""
    found: dict[int, list[tuple[int, tuple[tuple[int, ...], int]]]] = {}
    for r in machine(pack).others:
        roll = parsed(r.roll.roll).roller(rng)
        for unit in range(1, units + 1):
            if r.on_grid(unit):
                for _ in range(r.rolls):
                    total, faces = roll()
                    found.setdefault(unit, []).append((r.index, (faces, total)))
    return {unit: tuple(dice) for unit, dice in found.items()}


def _roll_rows(pack: Pack, plan: _Plan, rng: random.Random) -> tuple[RowDice, int | None]:
    """The check's dice of every row, in time order, and the dice pre-rolled on each pool row."""
    m = machine(pack)
    check = m.check
    grid = plan.grid
    pool_dice = _pool_dice(m, plan.units) if m.pool is not None else None
    count = len(grid) * m.rolls
    rolled: tuple[tuple[tuple[int, ...], int | None], ...]
    below = die_roller(rng)
    if check.roll is not None:
        rolled = tuple((faces, value) for value, faces in parsed(check.roll).draw_many(below, count))
    else:
        assert pool_dice is not None
        sides = m.sides
        rolled = tuple((tuple([1 + below(sides) for _ in range(pool_dice)]), None) for _ in range(count))
    return {u: rolled[k * m.rolls : (k + 1) * m.rolls] for k, u in enumerate(grid)}, pool_dice


def _rows(
    pack: Pack,
    hours: int,
    by_unit: RowDice,
    used: dict[int, resources.Faces],
    others: OtherDice,
    legs: Legs | None = None,
) -> tuple[tuple[CheckRow, ...], tuple[ResourceOut, ...]]:
    """The rows with the quiet party's baselines, and when the resources run out, from these dice (the
    check's, the rolled resources' ``used`` and the other rolls'), a route's ``legs`` setting its track."""
    m = machine(pack)
    units = units_in(pack, hours)
    if _remembers(m):
        return _remembered(m, units, by_unit, used, others, legs)
    baselines, runs_out = _replay(m, units, by_unit, used, others, legs)
    rows: list[CheckRow] = []
    for unit in sorted(by_unit):
        rows += _unit_rows(m, len(rows), unit, by_unit[unit], baselines[unit])
    return tuple(rows), runs_out


def _unit_rows(
    m: Machine,
    before: int,
    unit: int,
    rolls: tuple[tuple[tuple[int, ...], int | None], ...],
    baselines: Sequence[Baseline],
) -> tuple[CheckRow, ...]:
    """The rows of a unit, after ``before`` rows: one for each roll of its check."""
    names = m.outcome_name
    built = replay_memo(m).rows
    found: list[CheckRow] = []
    for repeat, ((faces, total), baseline) in enumerate(zip(rolls, baselines, strict=True), 1):
        # the same place, dice and baseline make the same row: built once (the entry names its baseline,
        # so an id that a later baseline took never answers for it)
        index = before + repeat
        key = (index, unit, repeat, faces, total, id(baseline))
        kept = built.get(key)
        if kept is None or kept[0] is not baseline:
            reads: tuple[PoolRead, ...] = ()
            name: str | None = None
            if total is None:
                assert m.reading is not None
                reads = tuple(
                    PoolRead(n, r, names(r)) for n in range(1, len(faces) + 1) for r in [m.reading.result(faces[:n])]
                )
            else:
                name = names(m.result_of(faces, total))
            kept = built.keep(
                key,
                (
                    baseline,
                    made(
                        CheckRow,
                        {
                            "index": index,
                            "unit": unit,
                            "dice": faces,
                            "roll": total,
                            "outcome": name,
                            "pool_reads": reads,
                            "baseline": baseline,
                            "repeat": repeat,
                        },
                    ),
                ),
            )
        found.append(kept[1])
    return tuple(found)


def _pool_result(m: Machine, faces: tuple[int, ...]) -> int:
    assert m.reading is not None
    return m.reading.result(faces)


@lru_cache(maxsize=4096)
def _pool_dice(m: Machine, units: int) -> int:
    """The largest pool a quiet party can hold at a check, at least 6 (or roll_at), at most max_dice."""
    assert m.pool is not None
    kernel = Kernel(m)
    states: set[State] = {m.initial()}
    largest = 0
    for unit in range(1, units + 1):
        grid, after = m.on_grid(unit), unit > m.offset
        if grid:
            for state in states:
                moved = m.pass_unit(state, after)
                if m.due(moved, True) and m.rolled(moved):
                    largest = max(largest, m.pool_size(moved))
        states = {move.state for state in states for move in kernel.moves(state, m.where(unit))}
    return min(m.pool.max_dice, max(MIN_POOL_DICE, m.pool.roll_at or 0, largest))


class _Replay:
    """What a replay carries from one unit to the next."""

    def __init__(self, m: Machine) -> None:
        self.memo = replay_memo(m)
        self.state = m.initial()
        self.omens: list[Omen] = []  # omen levels reached since the previous row
        self.encounters = 0
        self.stock = resources.tracked(m.pack)
        self.left = resources.full(m.pack)
        self.lit = resources.first_lit(m.pack)
        self.faces: dict[int, resources.Faces] = {}  # the rolled resources' dice, by unit
        self.runs_out: list[ResourceOut] = []
        self.ran_out: list[ResourceOut] = []  # since the previous row
        self.fell_due: list[RestDue] = []  # since the previous row
        self.rolled: list[RollDone] = []  # since the previous row
        self.others: OtherDice = {}
        self.out: dict[int, list[Baseline]] = {}


UnitDone = tuple[
    State,
    tuple[int, ...],
    resources.Lit,
    "tuple[Baseline, ...] | None",
    tuple[ResourceOut, ...],
    tuple[ResourceOut, ...],
    tuple[RestDue, ...],
    "tuple[RollDone, ...]",
]
"""A unit replayed: the state, boxes and lights after it, its row's baselines (None without a row), the
resources that ran out in it, and what is still to be said on the next row."""

UseDone = tuple[tuple[int, ...], resources.Lit, tuple[ResourceOut, ...]]
"""A unit's resources used: the boxes left and the lights after it, and what ran out in it."""


@dataclass
class ReplayMemo:
    """A machine's memos for replays, one per thing worked out. A key that holds an object's id is safe
    because the object is the machine's own, kept while it is (a Resolution), or because the value names
    the object it was made from and is used only for that very object (a baseline)."""

    units: Memo[tuple[object, ...], UnitDone] = field(default_factory=Memo)
    steps: Memo[tuple[object, ...], Baseline] = field(default_factory=Memo)
    with_left: Memo[tuple[object, ...], tuple[Baseline, Baseline]] = field(default_factory=Memo)
    uses: Memo[tuple[object, ...], UseDone] = field(default_factory=Memo)
    rows: Memo[tuple[object, ...], tuple[Baseline, CheckRow]] = field(default_factory=Memo)
    next: Memo[tuple[object, ...], tuple[UnitDone, UnitDone, tuple[CheckRow, ...]]] = field(default_factory=Memo)
    remembers: bool | None = None  # whether the replays remember each unit (worked out on the first)
    _start: UnitDone | None = None

    def start(self, m: Machine) -> UnitDone:
        """What a replay starts from, as a remembered unit (the same for every replay of the machine)."""
        if self._start is None:
            self._start = (m.initial(), resources.full(m.pack), resources.first_lit(m.pack), None, (), (), (), ())
        return self._start


_MEMOS: weakref.WeakKeyDictionary[Machine, ReplayMemo] = weakref.WeakKeyDictionary()


def replay_memo(m: Machine) -> ReplayMemo:
    """The memos of *m*'s replays, made on its first replay."""
    memo = _MEMOS.get(m)
    if memo is None:
        memo = _MEMOS[m] = ReplayMemo()
    return memo


def _remembers(m: Machine) -> bool:
    """Whether the machine's replays remember each unit: without omens and signs, which carry from row to
    row, and without a pool, whose rows hold many dice and so seldom repeat."""
    memo = replay_memo(m)
    if memo.remembers is None:
        memo.remembers = not _has_omens(m) and not any(_signs(m)) and m.pool is None
    return memo.remembers


def _has_omens(m: Machine) -> bool:
    return any(level.omen for track in m.tracks for level in track.levels)


def _signs(m: Machine) -> tuple[bool, ...]:
    """For each outcome of the procedure, whether it marks the next encounter card."""
    return tuple(any(e.sign for e in o.effects) for o in m.pack.all_outcomes)


def _replay(
    m: Machine, units: int, dice: RowDice, used: dict[int, resources.Faces], others: OtherDice, legs: Legs | None = None
) -> tuple[dict[int, list[Baseline]], tuple[ResourceOut, ...]]:
    """The quiet party's procedure with exactly these dice (the check's, the rolled resources' ``used``
    and the other rolls'), unit by unit: the Baselines of every row's unit (one per roll of its check),
    and the resources that run out."""
    r = _Replay(m)
    r.faces = used
    r.others = others
    has_omens, signs = _has_omens(m), _signs(m)
    for unit in range(1, units + 1):
        if legs is not None and unit in legs[1]:
            _set_leg(r, legs, unit)
        _replay_unit(m, r, unit, dice.get(unit), has_omens, signs)
    return r.out, tuple(r.runs_out)


def _set_leg(r: _Replay, legs: Legs, unit: int) -> None:
    levels = list(r.state.levels)
    levels[legs[0]] = legs[1][unit]
    r.state = replace(r.state, levels=tuple(levels))


def _remembered(
    m: Machine, units: int, dice: RowDice, used: dict[int, resources.Faces], others: OtherDice, legs: Legs | None = None
) -> tuple[tuple[CheckRow, ...], tuple[ResourceOut, ...]]:
    """The rows and the resources that run out, as :func:`_replay` and :func:`_rows` make them, for a machine
    that remembers its units (:func:`_remembers`).

    A unit is decided by the state, the boxes left, the lights lit, the unit, its dice and what is still to
    be said: the machine remembers what each such unit did (``memo.units``) and, from what the unit before
    left and the unit's dice, which of those came next and the rows it made (``memo.next``, found by the
    remembered entry itself, kept in the link so that its id stays its own, before any state is hashed). So
    many timetables of one pack replay mostly by lookup, and the replay's own state is brought up to date
    only where a unit must be worked out."""
    memo = replay_memo(m)
    follow = memo.next.get
    r: _Replay | None = None  # made where a unit must be worked out
    rows: list[CheckRow] = []
    runs_out: list[ResourceOut] = []
    before: UnitDone | None = memo.start(m)  # what the unit before left, as remembered
    current = False  # whether the replay's own state is what ``before`` left
    for unit in range(1, units + 1):
        if legs is not None and unit in legs[1]:
            r = _caught_up(m, r, before, used, others, current)
            _set_leg(r, legs, unit)
            before, current = None, True
        rolls = dice.get(unit)
        inputs = (unit, len(rows), rolls, used.get(unit), others.get(unit))
        link = follow((id(before), *inputs)) if before is not None else None
        if link is not None and link[0] is before:
            before, unit_rows, current = link[1], link[2], False
        else:
            r = _caught_up(m, r, before, used, others, current)
            key = ("unit", r.state, r.left, r.lit, *inputs, tuple(r.ran_out), tuple(r.fell_due), tuple(r.rolled))
            found = memo.units.get(key)
            if found is None:
                ran_before = len(r.runs_out)
                _replay_unit(m, r, unit, rolls, False, _signs(m))
                made_here = tuple(r.out[unit]) if rolls is not None else None
                found = memo.units.keep(
                    key,
                    (
                        r.state,
                        r.left,
                        r.lit,
                        made_here,
                        tuple(r.runs_out[ran_before:]),
                        tuple(r.ran_out),
                        tuple(r.fell_due),
                        tuple(r.rolled),
                    ),
                )
            else:
                _catch_up(r, found)
            unit_rows = _unit_rows(m, len(rows), unit, rolls, found[3] or ()) if rolls is not None else ()
            if before is not None:
                memo.next.keep((id(before), *inputs), (before, found, unit_rows))
            before, current = found, True
        rows += unit_rows
        runs_out += before[4]
    return tuple(rows), tuple(runs_out)


def _catch_up(r: _Replay, done: UnitDone | None) -> None:
    """The replay's state set to what a remembered unit left."""
    assert done is not None
    r.state, r.left, r.lit = done[0], done[1], done[2]
    r.ran_out, r.fell_due, r.rolled = list(done[5]), list(done[6]), list(done[7])


def _caught_up(
    m: Machine,
    r: _Replay | None,
    before: UnitDone | None,
    used: dict[int, resources.Faces],
    others: OtherDice,
    current: bool,
) -> _Replay:
    """The replay's own state, made on first use, at what the unit before left."""
    if r is None:
        r = _Replay(m)
        r.faces, r.others = used, others
        current = False
    if not current:
        _catch_up(r, before)
    return r


def _replay_unit(
    m: Machine,
    r: _Replay,
    unit: int,
    rolls: tuple[tuple[tuple[int, ...], int | None], ...] | None,
    has_omens: bool,
    signs: tuple[bool, ...],
) -> None:
    """One unit of the replay: the automatic changes, the check's rolls (if the unit has a row), the
    resources and rests, the row's baselines, then what happens at the unit's very end."""
    pack = m.pack
    memo = r.memo
    stock = r.stock
    state = r.state
    before = state.levels
    state = m.pass_unit(state, unit > m.offset)
    if rolls is None:  # no row here: the cadence cannot call for the check
        state, brought = _play_others(m, r, unit, state, signs)
        if has_omens:
            r.omens.extend(_omens(m, before, state.levels))
        if stock:
            _use(m, r, unit, brought)
        r.fell_due += falls_due(pack, unit)
        r.state = _after_unit(m, state, unit, r.omens if has_omens else None)
        return
    due = m.due(state, True)
    steps: list[tuple[bool, int, int | None, bool, object, int, State, int | None, tuple[Omen, ...]]] = []
    for faces, total in rolls:
        if not due or not m.rolled(state):
            size = m.pool_size(state) if due else 0
            if due:
                state = m.skip(state)
            found = _omens(m, before, state.levels) if has_omens else []
            steps.append((False, size, None, False, None, -1, state, None, tuple(found)))
            before = state.levels
            continue
        size = m.pool_size(state)
        result = m.result_of(faces, total) if total is not None else _pool_result(m, faces[:size])
        res = m.resolve(state, result)
        result = m.total(result)
        found = _omens(m, before, res.peak) if has_omens else []
        r.encounters += res.encounter
        card = r.encounters + 1 if res.outcome >= 0 and signs[res.outcome] else None
        state = res.state
        steps.append((True, size, result, res.encounter, res, res.outcome, state, card, tuple(found)))
        before = state.levels
    state, brought = _play_others(m, r, unit, state, signs)
    if stock:
        _use(m, r, unit, (*(step[5] for step in steps), *brought))
    r.fell_due += falls_due(pack, unit)
    made: list[Baseline] = []
    for was_rolled, dice_n, read, hit, made_by, named, after, sign_card, reached in steps:
        r.omens.extend(reached)
        # a rolled step is decided by its Resolution, which the machine keeps: its id is a cheap key
        key: tuple[object, ...] = (
            ("rolled", id(made_by), tuple(r.omens), sign_card)
            if made_by is not None
            else (due, was_rolled, dice_n, read, hit, after, tuple(r.omens), named, sign_card)
        )
        baseline = memo.steps.get(key)
        if baseline is None:  # the same step gives the same baseline, so a replay builds each once
            levels = tuple(TrackLevel(t.id, t.name, lv) for t, lv in zip(m.tracks, after.levels, strict=True))
            pool_n = dice_n if m.pool is not None and was_rolled else None
            name = m.check.outcomes[named].result if named >= 0 else None
            baseline = memo.steps.keep(
                key,
                Baseline(due, was_rolled, pool_n, dice_n, read, hit, levels, tuple(r.omens), name, named, sign_card),
            )
        if stock or r.fell_due or r.rolled:
            # the baseline's id is a cheaper key than the baseline; the entry names the baseline it was
            # made from, so an id that a later baseline took never answers for it
            left_key = (id(baseline), r.left, tuple(r.ran_out), tuple(r.fell_due), tuple(r.rolled))
            kept = memo.with_left.get(left_key)
            if kept is None or kept[0] is not baseline:
                levels_left = tuple(TrackLevel(res_.id, res_.name, n) for res_, n in zip(stock, r.left, strict=True))
                kept = memo.with_left.keep(
                    left_key,
                    (
                        baseline,
                        replace(
                            baseline,
                            resources=levels_left,
                            ran_out=tuple(r.ran_out),
                            rests_due=tuple(r.fell_due),
                            rolls=tuple(r.rolled),
                        ),
                    ),
                )
            baseline = kept[1]
        r.ran_out, r.fell_due, r.rolled = [], [], []
        made.append(baseline)
        r.omens = []
    r.out[unit] = made
    r.state = _after_unit(m, state, unit, r.omens if has_omens else None)


def _play_others(
    m: Machine,
    r: _Replay,
    unit: int,
    state: State,
    signs: tuple[bool, ...],
) -> tuple[State, tuple[int, ...]]:
    """The other rolls at the end of ``unit`` with their pre-rolled dice: the state after them and the
    outcomes they brought (numbered across the procedure); each is added to what the next row says."""
    if not m.others:
        return state, ()
    dice = iter(faces for _, faces in r.others.get(unit, ()))
    state, done = m.play_sides(state, unit, lambda _: next(dice))
    named = []
    for d in done:
        roll = m.others[d.roll]
        number = roll.first + d.outcome if d.outcome >= 0 else -1
        card = r.encounters + 1 if number >= 0 and signs[number] else None
        r.rolled.append(
            RollDone(
                roll.roll.id,
                roll.roll.name,
                unit,
                d.faces,
                d.total,
                roll.roll.outcomes[d.outcome].result if d.outcome >= 0 else None,
                number,
                card,
            )
        )
        if number >= 0:
            named.append(number)
    return state, tuple(named)


def _after_unit(m: Machine, state: State, unit: int, omens: list[Omen] | None) -> State:
    """The state after the tracks that resources running out at the end of ``unit`` move (the next row
    shows them); omen levels they reach are added to ``omens``."""
    moved = m.after_unit(state, unit)
    if omens is not None and moved is not state:
        omens.extend(_omens(m, state.levels, moved.levels))
    return moved


def _use(m: Machine, r: _Replay, unit: int, outcomes: tuple[int, ...]) -> None:
    """Resources after ``unit``: the outcomes' effects, then the rates (and the rolled resources' dice),
    then the lights lit; what ran out is added to both of the replay's lists."""
    faces = r.faces.get(unit, ())
    key = (r.left, r.lit, unit, outcomes, faces)
    found = r.memo.uses.get(key)
    if found is None:  # the same boxes, lights, unit, outcomes and dice give the same after: worked out once
        after, lit = resources.run_unit(m.pack, r.left, unit, outcomes, r.lit, faces)
        found = r.memo.uses.keep(key, (after, lit, tuple(resources.outs(m.pack, r.left, after, unit))))
    r.left, r.lit, gone = found
    r.runs_out += gone
    r.ran_out += gone


def _mark_signs(pack: Pack, deck: tuple[DeckCard, ...], rows: tuple[CheckRow, ...]) -> tuple[DeckCard, ...]:
    """Each deck card with the outcomes that foretell it for a quiet party."""
    signs: dict[int, list[Sign]] = {}
    for row in rows:
        if row.baseline.sign_card is not None and row.baseline.outcome is not None:
            signs.setdefault(row.baseline.sign_card, []).append(
                Sign(row.baseline.outcome, row.unit, row.unit * pack.time.length)
            )
        for done in row.baseline.rolls:
            if done.sign_card is not None and done.outcome is not None:
                signs.setdefault(done.sign_card, []).append(Sign(done.outcome, done.unit, done.unit * pack.time.length))
    if not signs:
        return deck
    return tuple(replace(card, signs=tuple(signs.get(card.index, ()))) for card in deck)


def _omens(m: Machine, before: tuple[int, ...], peak: tuple[int, ...]) -> list[Omen]:
    found = []
    for track, old, new in zip(m.tracks, before, peak, strict=True):
        for i, level in enumerate(track.levels):
            if level.omen and old < level.at.low <= new:
                found.append(Omen(track.id, i))
    return found
