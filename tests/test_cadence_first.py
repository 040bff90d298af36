"""A cadence that starts before its first full interval (first: 1), and track levels named below 0."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.words import check_sentence, row_clock

FIRST_PACK = """\
kind: pack
id: odd-turns
name: Odd Turns
time: {unit: turn, length: 10 minutes}
check:
  name: Wandering Monster Check
  when: at the end of turn 1, then every second turn
  formula: Roll **1d6** at the end of turn 1 and every second turn after; on a **1** a monster comes.
  roll: 1d6
  cadence: {every: 2, first: 1}
  trigger: {faces: [1]}
  result: monster
reference:
  pages:
    - title: Odd Turns
      sections: [{kind: check}]
"""

NEGATIVE_PACK = """\
kind: pack
id: mood
name: Mood
time: {unit: round, length: 30 minutes}
check:
  name: Mood Check
  when: every round
  formula: Roll **1d6 + Mood**; on 6 or more, trouble.
  roll: 1d6
  add: [mood]
  cadence:
    every: {track: mood, levels: {"-2 to -1": 1, "0-2": 2}}
    first: 1
  trigger: {at_least: 6}
  result: trouble
tracks:
  - id: mood
    name: Mood
    min: -2
    max: 2
    start: -2
    per_unit: 1
    levels:
      - {at: -2, label: Grim}
      - {at: "-1 to 0", label: Uneasy}
      - {at: "1-2", label: Bold}
reference:
  pages:
    - title: Mood
      sections: [{kind: check}, {kind: track, ref: mood}]
"""


def load_text(tmp_path: Path, text: str, name: str = "pack.yaml") -> Pack:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_first_check_on_turn_one_then_every_second(tmp_path: Path) -> None:
    pack = load_text(tmp_path, FIRST_PACK)
    odds = quiet_odds(pack, 1)
    assert [(c.unit, c.chance) for c in odds.checks] == [(1, Fraction(1, 6)), (3, Fraction(1, 6)), (5, Fraction(1, 6))]
    assert odds.by_hour == (1 - Fraction(5, 6) ** 3,)
    # first check after 1 turn, then a geometric number of 2-turn waits: 10 + 20 * (6 - 1) minutes
    assert odds.expected_minutes_to_first == 10 + 20 * 5
    assert check_sentence(pack).endswith("every 2 turns (20 minutes); the first at the end of turn 1")


def test_first_with_an_offset(tmp_path: Path) -> None:
    pack = load_text(tmp_path, FIRST_PACK.replace("first: 1}", "first: 1, offset: 3}"))
    odds = quiet_odds(pack, 2)
    assert [c.unit for c in odds.checks] == [4, 6, 8, 10, 12]
    assert odds.expected_minutes_to_first == 40 + 20 * 5


@pytest.mark.slow
def test_first_matches_the_simulation(tmp_path: Path) -> None:
    for text in (FIRST_PACK, NEGATIVE_PACK):
        pack = load_text(tmp_path, text)
        odds = quiet_odds(pack, 3)
        sim = simulate_quiet(pack, 3, RUNS, random.Random(7))
        listed = {c.unit for c in odds.checks}
        assert all(sim.rolled[u - 1] == 0 for u in range(1, sim.units + 1) if u not in listed)
        for c in odds.checks:
            assert within(c.rolled, sim.rolled[c.unit - 1], RUNS)
            assert within(c.chance, sim.triggered[c.unit - 1], RUNS)
            assert within(c.chance_first, sim.first[c.unit - 1], RUNS)
        for p, hits in zip(odds.by_hour, sim.by_hour, strict=True):
            assert within(p, hits, RUNS)


def test_timetable_rows_fall_on_the_first_and_then_every_second(tmp_path: Path) -> None:
    pack = load_text(tmp_path, FIRST_PACK)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=3)
    assert [r.unit for r in table.rows] == [1, 3, 5]
    assert [row_clock(table, r) for r in table.rows] == ["0:10", "0:30", "0:50"]
    for row in table.rows:
        assert row.baseline.rolled
        assert row.baseline.encounter == (row.roll == 1)


def test_negative_levels_are_named_and_read(tmp_path: Path) -> None:
    pack = load_text(tmp_path, NEGATIVE_PACK)
    track = pack.track("mood")
    assert [(lv.at.low, lv.at.high, str(lv.at)) for lv in track.levels] == [
        (-2, -2, "-2"),
        (-1, 0, "-1 to 0"),
        (1, 2, "1-2"),
    ]
    # Mood -1 after round 1 (cadence 1: rolled), 0 after round 2 (cadence 2: one round since: not
    # rolled), 1 after round 3 (rolled), 2 after round 4 (not), then every second round
    odds = quiet_odds(pack, 3)
    assert [(c.unit, c.chance) for c in odds.checks] == [(1, Fraction(0)), (3, Fraction(2, 6)), (5, Fraction(3, 6))]
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=5)
    rolled = [r.unit for r in table.rows if r.baseline.rolled]
    assert rolled == [1, 3, 5]
    for row in table.rows:
        if row.baseline.rolled:
            mood = {1: -1, 3: 1, 5: 2}[row.unit]
            assert row.baseline.encounter == (row.dice[0] + mood >= 6)


@pytest.mark.parametrize(
    ("cadence", "message"),
    [
        ("{every: 2, first: 3}", "check.cadence.first: must be from 1 to every (2); for a later start add an offset"),
        ("{every: 2, first: 0}", "check.cadence.first: input should be greater than or equal to 1"),
    ],
)
def test_first_out_of_range(tmp_path: Path, cadence: str, message: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(FIRST_PACK.replace("{every: 2, first: 1}", cadence), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert [str(p) for p in caught.value.problems] == [f"{path}:10:30: {message}"]


def test_a_negative_range_that_runs_backwards(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(NEGATIVE_PACK.replace('"-1 to 0"', '"0 to -1"'), encoding="utf-8")
    with pytest.raises(DataError, match="runs backwards"):
        load_pack(str(path))


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (
            "    cadence: {every: 2, first: 3}\n",
            "variants[0].cadence.first: must be from 1 to every (2); for a later start add an offset",
        ),
        ("    cadence: {every: 0}\n", "variants[0].cadence.every: must be from 1 to 1000 units"),
        ("    cadence: {every: {track: mood}}\n", "variants[0].cadence.every: a cadence by track needs levels"),
        (
            '    cadence: {every: {track: mood, levels: {"-2 to 0": 1}}}\n',
            "variants[0].cadence.every.levels: no row covers 1-2 on Mood (-2-2)",
        ),
        (
            '    cadence: {every: {track: mood, levels: {"-2 to 2": 2}}, first: 3}\n',
            "variants[0].cadence.first: must be from 1 to 2 (the finest of the cadences by level)",
        ),
        (
            "    check:\n      name: Mood Check\n      when: every round\n      formula: Roll **1d6**.\n"
            "      roll: 1d6\n      cadence: {every: 2, offset: 1001}\n      trigger: {at_least: 6}\n",
            "variants[0].check.cadence.offset: must be at most 1000 units",
        ),
    ],
)
def test_a_variants_cadence_is_checked_as_the_checks_is(tmp_path: Path, variant: str, message: str) -> None:
    """One set of rules for every cadence: the check's, a variant's and a variant check's."""
    path = tmp_path / "pack.yaml"
    text = NEGATIVE_PACK.replace(
        "reference:\n", f"variants:\n  - id: fast\n    name: Fast\n    text: Faster.\n{variant}reference:\n", 1
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert any(message in str(p) for p in caught.value.problems), str(caught.value)
