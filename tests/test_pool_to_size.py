"""Pools drawn to size: a pool rolled when it holds N dice has N boxes with the roll point marked, and
its cadence reads "when the pool holds N dice" on the reference, in `systems` and beside the odds."""

from __future__ import annotations

import random
from pathlib import Path

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
    assert ("c Tension Pool, when the pool holds 6 dice (every 6 turns for a quiet party)"
            in " ".join(layout.text().split()))
