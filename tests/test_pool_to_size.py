"""Pools drawn to size: a pool rolled when it holds N dice has N boxes with the roll point marked, and
its cadence reads "when the pool holds N dice" on the reference, in `systems` and beside the odds."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.layout.trackers import tracker_layout
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.options import LETTER
from sheetgen.sheets.mechanics import check_view
from sheetgen.words import check_sentence

TENSION_PACK = """\
kind: pack
id: tension-pool
name: Tension Pool
time: {unit: turn, length: 10 minutes}
check:
  name: Tension Pool
  when: when the pool holds six dice
  formula: Add a die each turn; at six dice roll them all; any **1** is a complication.
  pool: {die: d6, base: 0, grow: 1, tallies: [haste], roll_at: 6, read: lowest}
  trigger: {faces: [1]}
  result: complication
tallies:
  - {id: haste, name: Haste, text: A die for each hasty action.}
reference:
  pages:
    - title: Tension Pool
      sections: [{kind: check}, {kind: tallies}, {kind: odds}]
trackers:
  - id: gm
    title: Tension Pool
    audience: gm
    parts: [{kind: turns}, {kind: tallies}]
"""


def load_text(tmp_path: Path, text: str = TENSION_PACK) -> Pack:
    (tmp_path / "packs").mkdir(exist_ok=True)
    path = tmp_path / "packs" / "tension-pool.yaml"
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_the_pool_has_a_box_per_die_and_its_roll_point(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 12)
    pool = sorted((b for b in layout.boxes if b.name.startswith("pool-")), key=lambda b: b.x)
    assert len(pool) == 6
    haste = [b for b in layout.boxes if b.name.startswith("haste-")]
    assert len(haste) == 6  # a mark beyond the sixth die never counts
    text = layout.text()
    assert "6: roll" in text and "roll when it holds 6" in text


def test_the_cadence_says_when_the_pool_holds_n(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    assert pack.check is not None
    wording = "when the pool holds 6 dice (every 6 turns for a quiet party)"
    assert check_sentence(pack).endswith(wording)
    facts = {f.label: f.text for f in check_view(pack, pack.check).facts}
    assert facts["Rule"].endswith(wording)
    result = CliRunner().invoke(cli, ["systems", "--rules", str(tmp_path / "packs")])
    assert result.exit_code == 0, result.output
    assert wording in result.output


def test_pool_odds_and_timetable_follow_the_rule(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    odds = quiet_odds(pack, 3)
    assert [c.unit for c in odds.checks] == [6, 12, 18]
    sim = simulate_quiet(pack, 3, RUNS, random.Random(21))
    for c in odds.checks:
        assert within(c.chance, sim.triggered[c.unit - 1], RUNS)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=9)
    for row in table.rows:
        assert row.baseline.rolled == (row.unit % 6 == 0)
        if row.baseline.rolled:
            assert row.baseline.dice == 6
            assert row.baseline.result == min(row.dice[:6])
            assert row.baseline.encounter == (1 in row.dice[:6])


def test_the_turns_grid_marks_where_a_quiet_party_s_pool_fills(tmp_path: Path) -> None:
    from test_due_turns import grid_marks

    pack = load_text(tmp_path)
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 18)
    assert grid_marks(layout) == {6: "c", 12: "c", 18: "c"}
    assert "c Tension Pool, when the pool holds 6 dice (every 6 turns for a quiet party)" in " ".join(
        layout.text().split()
    )


COUNT_PACK = """\
kind: pack
id: count-pool
name: Count Pool
time: {unit: turn, length: 10 minutes}
check:
  name: Peril Dice
  when: every turn
  formula: Roll **4d6**; each **1** is a peril. One is a complication, two or more a disaster.
  pool: {die: d6, base: 4, read: count, count_on: 1}
  trigger: {at_least: 1}
  result: complication
  outcomes:
    - {roll: 0, result: Quiet}
    - {roll: 1, result: Complication}
    - {roll: 2-20, result: Disaster}
reference:
  pages:
    - title: Count Pool
      sections: [{kind: check}, {kind: odds}]
"""


def test_a_pool_read_as_a_count_of_dice(tmp_path: Path) -> None:
    from fractions import Fraction
    from math import comb

    from sheetgen.words import baseline_text

    pack = load_text(tmp_path, COUNT_PACK)
    odds = quiet_odds(pack, 1)
    none = Fraction(5, 6) ** 4
    one = comb(4, 1) * Fraction(1, 6) * Fraction(5, 6) ** 3
    assert odds.checks[0].chance == 1 - none
    assert [o.chances[0] for o in odds.outcomes] == [none, one, 1 - none - one]
    sim = simulate_quiet(pack, 1, RUNS, random.Random(19))
    for n, outcome in enumerate(odds.outcomes):
        for c, p in zip(odds.checks, outcome.chances, strict=True):
            assert within(p, sim.outcomes[n][c.unit - 1], RUNS), outcome.name
    table = build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=6)
    for row in table.rows:
        ones = sum(1 for face in row.dice[:4] if face == 1)
        assert row.baseline.result == ones
        assert row.baseline.encounter == (ones >= 1)
        assert row.baseline.outcome == ("Quiet" if ones == 0 else "Complication" if ones == 1 else "Disaster")
        assert f"count {ones}" in baseline_text(table, row)


def test_count_needs_its_faces(tmp_path: Path) -> None:
    from sheetgen.errors import DataError

    path = tmp_path / "packs" / "bad.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(COUNT_PACK.replace(", count_on: 1", ""), encoding="utf-8")
    with pytest.raises(DataError, match="give count_on"):
        load_pack(str(path))
