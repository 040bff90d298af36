"""Due turns: the turns grid marks the units a check is rolled on and the units a rest falls due on;
a rest every N units with a penalty for skipping it, printed on the reference and in the timetable."""

from __future__ import annotations

import random
from pathlib import Path

from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.engine.due import check_mark, rests_due
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.layout.trackers import TrackerLayout, tracker_layout
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.options import LETTER
from sheetgen.words import baseline_text

MARCH_PACK = """\
kind: pack
id: march
name: March
time: {unit: turn, length: 10 minutes}
check:
  name: Wandering Check
  when: at the end of turn 1 and every second turn after
  formula: Roll **1d6** on turn 1 and every second turn; on a **1** a monster comes.
  roll: 1d6
  cadence: {every: 2, first: 1}
  trigger: {faces: [1]}
  result: monster
rests:
  - id: breather
    name: Rest
    time: 10 minutes
    every: 6
    risk: A check is rolled as usual.
    penalty: Each rest skipped gives one level of fatigue.
reference:
  pages:
    - title: March
      sections: [{kind: check}, {kind: rests}, {kind: odds}]
trackers:
  - id: gm
    title: March
    audience: gm
    parts: [{kind: turns}]
"""

WATCH_PACK = """\
kind: pack
id: watch
name: Watch
time: {unit: round, length: 10 minutes}
check:
  name: Alert Check
  when: every 4 rounds, every 2 once the guards are alert
  formula: Roll **1d6**; a **6** brings the guards.
  roll: 1d6
  cadence:
    every: {track: alert, levels: {"0": 4, "1": 2}}
  trigger: {at_least: 6}
  result: guards
tracks:
  - {id: alert, name: Alert, max: 1}
reference:
  pages:
    - title: Watch
      sections: [{kind: check}]
trackers:
  - id: gm
    title: Watch
    audience: gm
    parts: [{kind: turns}]
"""


def load_text(tmp_path: Path, text: str, name: str = "pack.yaml") -> Pack:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def grid_marks(layout: TrackerLayout) -> dict[int, str]:
    """The due marks printed beside each turn's time, by turn."""
    found: dict[int, str] = {}
    for box in layout.turn_boxes:
        assert box.turn is not None
        beside = [
            t.text
            for t in layout.texts
            if t.role == "label-bold" and box.x < t.x < box.x + 40.0 and box.y - 20.0 < t.y < box.y
        ]
        if beside:
            found[box.turn] = " ".join(beside)
    return found


def test_the_grid_marks_check_turns_and_rests(tmp_path: Path) -> None:
    pack = load_text(tmp_path, MARCH_PACK)
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 24)
    marks = grid_marks(layout)
    for turn in range(1, 25):
        expected = " ".join(m for m in ["C" if turn % 2 == 1 else "", "R" if turn % 6 == 0 else ""] if m)
        assert marks.get(turn, "") == expected, turn
    text = layout.text()
    assert "Due at the end of the turn: C Wandering Check; R Rest due (skipped: Each rest skipped gives one" in text


def test_a_cadence_by_track_marks_the_possible_turns(tmp_path: Path) -> None:
    pack = load_text(tmp_path, WATCH_PACK)
    assert [u for u in range(1, 13) if check_mark(pack, u)] == [2, 4, 6, 8, 10, 12]
    assert {check_mark(pack, u) for u in (2, 4)} == {"c"}
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 12)
    assert grid_marks(layout) == {u: "c" for u in (2, 4, 6, 8, 10, 12)}
    assert "c Alert Check, if its cadence has come round" in layout.text()
    odds = quiet_odds(pack, 2)
    sim = simulate_quiet(pack, 2, RUNS, random.Random(3))
    for c in odds.checks:
        assert within(c.rolled, sim.rolled[c.unit - 1], RUNS)
        assert within(c.chance, sim.triggered[c.unit - 1], RUNS)


def test_a_plain_pack_has_no_marks(tmp_path: Path) -> None:
    pack = load_text(
        tmp_path,
        MARCH_PACK.replace("cadence: {every: 2, first: 1}", "cadence: {every: 1}").replace("    every: 6\n", ""),
    )
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 12)
    assert grid_marks(layout) == {}
    assert "Due at the end" not in layout.text()


def test_timetable_rows_say_when_the_rest_fell_due(tmp_path: Path) -> None:
    pack = load_text(tmp_path, MARCH_PACK)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=8)
    assert [r.unit for r in table.rows] == list(range(1, 19, 2))
    previous = 0
    for row in table.rows:
        due = [u for u in range(previous + 1, row.unit + 1) if rests_due(pack, u)]
        assert [d.unit for d in row.baseline.rests_due] == due
        for u in due:
            assert f"Rest due at {u // 6}:00" in baseline_text(table, row)
        previous = row.unit
    odds = quiet_odds(pack, 3)  # a rest changes no odds: every second turn from turn 1
    assert [c.unit for c in odds.checks] == list(range(1, 19, 2))


def test_what_fell_due_is_said_in_time_order(tmp_path: Path) -> None:
    text = (
        MARCH_PACK.replace("rests:", "resources:\n  - {id: torch, name: Torch, boxes: 6, every: 1}\nrests:")
        .replace("cadence: {every: 2, first: 1}", "cadence: {every: 2}")
        .replace("every: 6", "every: 5")
    )
    pack = load_text(tmp_path, text, "torch.yaml")
    table = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=1)
    row = next(r for r in table.rows if r.unit == 6)  # the rest fell due at 0:50, the torch went out at 1:00
    assert baseline_text(table, row).endswith("Rest due at 0:50; Torch out at 1:00")
    assert [(d.name, d.unit) for d in row.baseline.rests_due] == [("Rest", 5)]
    assert [(o.name, o.unit) for o in row.baseline.ran_out] == [("Torch", 6)]


def test_the_grid_marks_a_resource_used_every_few_turns(tmp_path: Path) -> None:
    text = MARCH_PACK.replace(
        "rests:",
        "resources:\n  - {id: oil, name: Lantern oil, boxes: 4, every: 3}\n"
        "  - {id: torch, name: Torch, boxes: 6, every: 1}\nrests:",
    )
    pack = load_text(tmp_path, text, "oil.yaml")
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 12)
    marks = grid_marks(layout)
    for turn in range(1, 13):
        parts = ["C" if turn % 2 == 1 else "", "R" if turn % 6 == 0 else "", "L\u2212" if turn % 3 == 0 else ""]
        assert marks.get(turn, "") == " ".join(p for p in parts if p), turn
    assert "L\u2212 a box of Lantern oil is used" in layout.text()
    assert "Torch is used" not in layout.text()  # a box every turn needs no mark
