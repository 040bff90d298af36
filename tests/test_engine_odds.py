"""Exact quiet-party odds: against a seeded simulation for every built-in pack, and by hand for each trigger."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from simulate import SimulatedOdds, simulate_quiet

import sheetgen
from sheetgen.engine import procedure
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.types import Odds
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.words import odds_rows

RULES = Path(sheetgen.__file__).parent / "rules"
PACK_FILES = sorted(RULES.glob("*.yaml"))
RUNS = 200_000
HOURS = 3


def builtin(pack_id: str) -> Pack:
    return load_pack(str(RULES / f"{pack_id}.yaml"))


def within(exact: Fraction, hits: int, runs: int) -> bool:
    """A simulated frequency within four standard errors of the exact probability."""
    p = float(exact)
    if p in (0.0, 1.0):
        return hits == round(p * runs)
    return abs(hits / runs - p) <= 4 * math.sqrt(p * (1 - p) / runs)


def assert_agrees(odds: Odds, sim: SimulatedOdds) -> None:
    """Each check's chance and chance of being the first, and each hour's chance of at least one, within
    four standard errors of the simulated frequencies."""
    for c in odds.checks:
        assert within(c.chance, sim.triggered[c.unit - 1], RUNS), c
        assert within(c.chance_first, sim.first[c.unit - 1], RUNS), c
    for p, hits in zip(odds.by_hour, sim.by_hour, strict=True):
        assert within(p, hits, RUNS)


# --- every built-in pack against a simulation -----------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("path", PACK_FILES, ids=[p.stem for p in PACK_FILES])
def test_exact_odds_match_a_simulation(path: Path) -> None:
    pack = load_pack(str(path))
    if pack.check is None:
        with pytest.raises(DataError, match="has no exploration check"):
            quiet_odds(pack, HOURS)
        return
    hours = HOURS if pack.time.length <= 3600 else 3 * pack.time.length // 3600  # three watches of 4 hours
    odds = quiet_odds(pack, hours)
    sim = simulate_quiet(pack, hours, RUNS, random.Random(20240601))
    assert odds.checks, "a pack with a check has at least one check in three hours (or three units)"
    listed = {c.unit for c in odds.checks}
    for unit in range(1, sim.units + 1):
        if unit not in listed:
            assert sim.rolled[unit - 1] == 0, f"unit {unit} rolled in the simulation but not in the odds"
    for c in odds.checks:
        assert within(c.rolled, sim.rolled[c.unit - 1], RUNS), f"check {c.index}: rolled"
        assert within(c.chance, sim.triggered[c.unit - 1], RUNS), f"check {c.index}: chance {c.chance}"
        assert within(c.chance_first, sim.first[c.unit - 1], RUNS), f"check {c.index}: first {c.chance_first}"
    for hour, (p, hits) in enumerate(zip(odds.by_hour, sim.by_hour, strict=True), start=1):
        assert within(p, hits, RUNS), f"hour {hour}: {p}"


@pytest.mark.parametrize("path", PACK_FILES, ids=[p.stem for p in PACK_FILES])
def test_odds_are_consistent_for_eight_hours(path: Path) -> None:
    """(Their speed is measured by tests/benchmarks/run.py, not here.)"""
    pack = load_pack(str(path))
    if pack.check is None:
        pytest.skip("no check")
    procedure._MACHINES.clear()  # nothing cached from other tests: the real work
    odds = quiet_odds(pack, 8)
    assert_consistent(odds)


def assert_consistent(odds: Odds) -> None:
    for c in odds.checks:
        assert 0 <= c.chance_first <= c.chance <= c.rolled <= 1
    assert all(0 <= p <= 1 for p in odds.by_hour)
    assert list(odds.by_hour) == sorted(odds.by_hour)
    assert odds.expected_encounters == sum((c.chance for c in odds.checks), Fraction(0))
    assert odds.by_hour[-1] == sum((c.chance_first for c in odds.checks), Fraction(0))
    if odds.expected_minutes_to_first is not None:
        assert odds.expected_minutes_to_first >= odds.checks[0].minute


# --- the built-in packs by hand ---------------------------------------------------------------------


def test_dungeon_turn_by_hand() -> None:
    odds = quiet_odds(builtin("dungeon-turn"), 3)
    assert [c.chance for c in odds.checks] == [Fraction(1, 6)] * 18
    assert [c.minute for c in odds.checks[:3]] == [10, 20, 30]
    assert odds.checks[1].chance_first == Fraction(5, 36)
    assert odds.by_hour[0] == 1 - Fraction(5, 6) ** 6
    assert odds.by_hour[2] == 1 - Fraction(5, 6) ** 18
    assert odds.expected_encounters == 3
    assert odds.expected_minutes_to_first == 60


def test_site_alarm_by_hand() -> None:
    odds = quiet_odds(builtin("site-alarm"), 3)
    first, second = odds.checks[:2]
    assert (first.unit, first.minute) == (1, Fraction(30))
    assert first.chance == Fraction(1, 10)
    # no encounter in round 1 (Alarm 2 now) or an encounter that reset it (Alarm 1 now)
    assert second.chance == Fraction(2, 10) * Fraction(9, 10) + Fraction(1, 10) * Fraction(1, 10)
    assert second.chance_first == Fraction(9, 10) * Fraction(2, 10)
    assert odds.by_hour[0] == 1 - Fraction(9, 10) * Fraction(8, 10)
    # first encounter at round k: k/10 after k-1 quiet rounds; rounds are 30 minutes
    expected = Fraction(0)
    quiet = Fraction(1)
    for k in range(1, 11):
        expected += 30 * k * quiet * Fraction(k, 10)
        quiet *= 1 - Fraction(k, 10)
    assert odds.expected_minutes_to_first == expected


def test_derelict_crawl_by_hand() -> None:
    odds = quiet_odds(builtin("derelict-crawl"), 3)
    # Alert Level 1 for a quiet party: one roll an hour, a random encounter on a 6
    assert [(c.unit, c.chance) for c in odds.checks] == [
        (6, Fraction(1, 6)),
        (12, Fraction(1, 6)),
        (18, Fraction(1, 6)),
    ]
    assert odds.by_hour == (Fraction(1, 6), 1 - Fraction(5, 6) ** 2, 1 - Fraction(5, 6) ** 3)
    assert odds.expected_minutes_to_first == 360


def test_encounter_clock_by_hand() -> None:
    odds = quiet_odds(builtin("encounter-clock"), 3)
    # one die a round: 1-3 nothing, 4-5 one segment, 6 two segments; the sixth segment is an encounter
    step = {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    assert odds.checks[0].chance == 0 and odds.checks[1].chance == 0
    assert odds.checks[2].chance == Fraction(1, 6) ** 3
    expected = rounds_to_fill(6, step)
    assert odds.expected_minutes_to_first == 10 * expected


def rounds_to_fill(size: int, step: dict[int, Fraction], per_round: int = 1) -> Fraction:
    """Expected checks until a clock of ``size`` segments fills, one advance per check."""
    wait: dict[int, Fraction] = {}
    for level in range(size - 1, -1, -1):
        stay = step.get(0, Fraction(0))
        rest = sum((p * wait[level + n] for n, p in step.items() if n and level + n < size), Fraction(0))
        wait[level] = (per_round + rest) / (1 - stay)
    return wait[0]


def test_no_check_is_refused_with_a_message() -> None:
    with pytest.raises(DataError) as caught:
        quiet_odds(small_pack(check=None), 3)
    assert str(caught.value) == (
        'Test ("test") has no exploration check, so there are no odds to compute (its encounter rules '
        "can still fill in a timetable's encounter deck)"
    )


@pytest.mark.parametrize("hours", [0, -1, 73])
def test_hours_out_of_range(hours: int) -> None:
    with pytest.raises(ValueError) as caught:
        quiet_odds(builtin("dungeon-turn"), hours)
    assert str(caught.value) == f"hours must be a whole number from 1 to 72, not {hours}"


def test_odds_table_rows() -> None:
    rows = odds_rows(quiet_odds(builtin("dungeon-turn"), 1))
    assert rows[0] == ("Check", "Time", "Chance of danger", "First danger")
    assert rows[1] == ("1", "0:10", "1 in 6 (16.7%)", "1 in 6 (16.7%)")
    assert rows[2] == ("2", "0:20", "1 in 6 (16.7%)", "5/36 (13.9%)")
    assert rows[7] == ("By hour 1", "1:00", "at least one: 66.5%", "")
    assert rows[-2][0] == "Expected number"
    assert rows[-1] == ("First expected", "", "after 1:00 (about 60 minutes)", "")


# --- one small pack per kind of trigger -------------------------------------------------------------


def small_pack(
    check: dict[str, Any] | None,
    tracks: list[dict[str, Any]] | None = None,
    tallies: list[dict[str, Any]] | None = None,
    length: str = "10 minutes",
) -> Pack:
    data: dict[str, Any] = {
        "kind": "pack",
        "id": "test",
        "name": "Test",
        "time": {"unit": "turn", "length": length},
        "check": None if check is None else {"name": "Check", "when": "each turn", "formula": "roll", **check},
        "tracks": tracks or [],
        "tallies": tallies or [],
        "reference": {"pages": [{"title": "T", "sections": [{"kind": "text", "text": "x"}]}]},
    }
    return Pack.model_validate(data)


def chances(pack: Pack, hours: int = 1) -> list[tuple[int, Fraction]]:
    return [(c.unit, c.chance) for c in quiet_odds(pack, hours).checks]


def test_trigger_on_faces() -> None:
    pack = small_pack({"roll": "1d6", "trigger": {"faces": ["1", "5-6"]}})
    odds = quiet_odds(pack, 1)
    assert [c.chance for c in odds.checks] == [Fraction(1, 2)] * 6
    assert odds.by_hour == (1 - Fraction(1, 2) ** 6,)
    assert odds.expected_minutes_to_first == 20


def test_sum_against_a_threshold_with_a_track_added() -> None:
    pack = small_pack(
        {"roll": "1d6", "add": ["esc"], "trigger": {"at_least": 6}, "on_encounter": {"reset": ["esc"]}},
        tracks=[{"id": "esc", "name": "Escalation", "max": 3, "per_unit": 1}],
    )
    odds = quiet_odds(pack, 1)
    first, second, third = odds.checks[:3]
    assert first.chance == Fraction(2, 6)  # Escalation 1: a 5 or 6
    # no danger (Escalation 2: 4-6), or danger that cleared it (Escalation 1 again: 5-6)
    assert second.chance == Fraction(4, 6) * Fraction(3, 6) + Fraction(2, 6) * Fraction(2, 6)
    assert second.chance_first == Fraction(4, 6) * Fraction(3, 6)
    assert third.chance_first == Fraction(4, 6) * Fraction(3, 6) * Fraction(4, 6)  # Escalation 3: 3-6
    # first danger at turn 1 (1/3), 2 (2/3 * 1/2) or later (1/3 left, 2/3 each turn at Escalation 3)
    assert odds.expected_minutes_to_first == 10 * (
        Fraction(1, 3) * 1 + Fraction(1, 3) * 2 + Fraction(1, 3) * (3 + Fraction(1, 2))
    )


def test_roll_against_a_track() -> None:
    pack = small_pack(
        {"roll": "d10", "trigger": {"at_most": {"track": "alarm"}}, "on_encounter": {"reset": ["alarm"]}},
        tracks=[{"id": "alarm", "name": "Alarm", "max": 10, "per_unit": 1}],
        length="30 minutes",
    )
    assert chances(pack) == [(1, Fraction(1, 10)), (2, Fraction(19, 100))]


def test_threshold_by_track_level() -> None:
    pack = small_pack(
        {"roll": "1d6", "trigger": {"at_least": {"track": "alert", "levels": {"1": 6, "2": 5, "3": 4}}}},
        tracks=[{"id": "alert", "name": "Alert", "min": 1, "max": 3, "per_unit": 1}],
    )
    # Alert 2 after the first turn, 3 from the second on
    assert chances(pack)[:3] == [(1, Fraction(2, 6)), (2, Fraction(3, 6)), (3, Fraction(3, 6))]


def test_cadence_by_track_level() -> None:
    def pack(start: int, per_unit: int = 0) -> Pack:
        return small_pack(
            {
                "roll": "1d6",
                "trigger": {"at_least": 6},
                "cadence": {"every": {"track": "alert", "levels": {"1-2": 4, "3": 2}}},
            },
            tracks=[{"id": "alert", "name": "Alert", "min": 1, "max": 3, "start": start, "per_unit": per_unit}],
        )

    assert [u for u, _ in chances(pack(1), 2)] == [4, 8, 12]
    assert [u for u, _ in chances(pack(3), 1)] == [2, 4, 6]
    # rising by one a turn: Alert 3 from turn 2, so the check falls every 2 turns from then on
    assert [u for u, _ in chances(pack(1, per_unit=1), 1)] == [2, 4, 6]
    assert quiet_odds(pack(1), 1).expected_minutes_to_first == 4 * 6 * 10
    assert quiet_odds(pack(3), 1).expected_minutes_to_first == 2 * 6 * 10


def test_pool_highest_advances_a_clock_with_an_omen() -> None:
    pack = small_pack(
        {
            "pool": {"die": "d6", "base": 2, "read": "highest"},
            "advance": {
                "track": "clock",
                "by": [{"roll": "1-3", "by": 0}, {"roll": "4-5", "by": 1}, {"roll": "6", "by": 2}],
            },
            "trigger": {"track_full": "clock"},
            "on_encounter": {"reset": ["clock"]},
        },
        tracks=[
            {
                "id": "clock",
                "name": "Clock",
                "max": 4,
                "display": "clock",
                "levels": [{"at": 2, "label": "Omen", "omen": True}],
            }
        ],
    )
    six = Fraction(11, 36)  # the highest of 2d6 is a 6
    four_five = Fraction(25, 36) - Fraction(9, 36)
    odds = quiet_odds(pack, 1)
    assert odds.checks[0].chance == 0
    assert odds.checks[1].chance == six * six
    step = {0: Fraction(9, 36), 1: four_five, 2: six}
    # the clock fills (4) for the first time at the third check: every way of getting there
    third = sum(
        (step[a] * step[b] * step[c] for a in step for b in step for c in step if a + b < 4 <= a + b + c), Fraction(0)
    )
    assert odds.checks[2].chance_first == third
    assert odds.expected_minutes_to_first == 10 * rounds_to_fill(4, step)


def test_tension_pool_grows_and_is_rolled_when_full() -> None:
    pack = small_pack(
        {"pool": {"die": "d6", "base": 0, "grow": 1, "roll_at": 3, "read": "lowest"}, "trigger": {"faces": ["1"]}},
    )
    any_one = 1 - Fraction(5, 6) ** 3
    odds = quiet_odds(pack, 1)
    assert [(c.unit, c.chance, c.rolled) for c in odds.checks] == [(3, any_one, Fraction(1)), (6, any_one, Fraction(1))]
    assert odds.by_hour == (1 - (1 - any_one) ** 2,)
    assert odds.expected_minutes_to_first == 10 * 3 / any_one


def test_tension_pool_with_tally_marks() -> None:
    pack = small_pack(
        {
            "pool": {"die": "d6", "base": 1, "tallies": ["noise"], "roll_at": 3, "read": "lowest"},
            "trigger": {"faces": ["1"]},
        },
        tallies=[{"id": "noise", "name": "Noise", "per_unit": 1}],
    )
    # 1 die + 1 mark (turn 1), + 2 marks: rolled at turn 2 with 3 dice, then emptied to 1 die
    assert [(u, p) for u, p in chances(pack)] == [
        (2, 1 - Fraction(5, 6) ** 3),
        (4, 1 - Fraction(5, 6) ** 3),
        (6, 1 - Fraction(5, 6) ** 3),
    ]


def test_a_check_every_second_unit() -> None:
    pack = small_pack({"roll": "1d6", "trigger": {"at_least": 6}, "cadence": {"every": 2}})
    odds = quiet_odds(pack, 1)
    assert [(c.unit, c.chance) for c in odds.checks] == [(2, Fraction(1, 6)), (4, Fraction(1, 6)), (6, Fraction(1, 6))]
    assert odds.by_hour == (1 - Fraction(5, 6) ** 3,)
    assert odds.expected_minutes_to_first == 120
    late = small_pack({"roll": "1d6", "trigger": {"at_least": 6}, "cadence": {"every": 2, "offset": 1}})
    assert [c.unit for c in quiet_odds(late, 1).checks] == [3, 5]
    assert quiet_odds(late, 1).expected_minutes_to_first == 130


def test_a_trigger_that_cannot_fire_never_brings_an_encounter() -> None:
    pack = small_pack({"roll": "1d6", "trigger": {"at_least": 7}})
    odds = quiet_odds(pack, 2)
    assert odds.by_hour == (Fraction(0), Fraction(0))
    assert odds.expected_minutes_to_first is None


def test_an_encounter_that_stops_being_possible() -> None:
    # Hope falls by one a turn and an encounter needs 1d6 + Hope of 7 or more: once it is gone, never
    pack = small_pack(
        {"roll": "1d6", "add": ["hope"], "trigger": {"at_least": 7}},
        tracks=[{"id": "hope", "name": "Hope", "max": 2, "start": 2, "per_unit": -1}],
    )
    odds = quiet_odds(pack, 1)
    assert [c.chance for c in odds.checks[:3]] == [Fraction(1, 6), 0, 0]
    assert odds.expected_minutes_to_first is None


def test_tally_marks_that_count_for_one_check_only() -> None:
    def pack(clears: str) -> Pack:
        return small_pack(
            {"pool": {"die": "d6", "base": 1, "tallies": ["noise"], "read": "highest"}, "trigger": {"faces": ["6"]}},
            tallies=[{"id": "noise", "name": "Noise", "per_unit": 1, "clears": clears}],
        )

    # a mark each turn, erased after each check: always two dice
    assert chances(pack("check"))[:3] == [(u, 1 - Fraction(5, 6) ** 2) for u in (1, 2, 3)]
    # marks kept until an encounter (none clears them here): the pool grows by a die a turn
    assert chances(pack("encounter"))[:3] == [(u, 1 - Fraction(5, 6) ** (u + 1)) for u in (1, 2, 3)]
