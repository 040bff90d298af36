"""A timetable row shows only the tracks the check reads, and the resources and rests that change then."""

from __future__ import annotations

from pathlib import Path

from sheetgen.engine.timetable import build_timetable
from sheetgen.load.files import load_pack
from sheetgen.words import baseline_text

PACK = """\
kind: pack
id: tidy
name: Tidy
time: {unit: turn, length: 10 minutes}
check:
  name: Danger Roll
  when: every turn
  formula: Roll **1d6 + Escalation**; 6 or more is danger.
  roll: 1d6
  add: [esc]
  trigger: {at_least: 6}
  result: danger
  on_encounter: {reset: [esc]}
tracks:
  - {id: esc, name: Escalation, max: 3, per_unit: 1}
  - {id: since-rest, name: Turns Since Rest, max: 6, per_unit: 1}
resources:
  - {id: torch, name: Torch, boxes: 3, every: 2}
rests:
  - {id: rest, name: Rest, time: 10 minutes, every: 4}
reference:
  pages:
    - title: Tidy
      sections: [{kind: check}]
"""


def test_rows_hold_only_what_matters(tmp_path: Path) -> None:
    path = tmp_path / "tidy.yaml"
    path.write_text(PACK, encoding="utf-8")
    pack = load_pack(str(path))
    table = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=3)
    assert [lv.name for lv in table.tracks] == ["Escalation"]
    for row in table.rows:
        text = baseline_text(table, row)
        assert "Escalation" in text
        assert "Turns Since Rest" not in text
        assert ("Rest due at" in text) == (row.unit % 4 == 0)
        assert ("Torch out at" in text) == (row.unit == 6)
        assert "Torch" not in text or row.unit == 6
    # the data keeps every track, for other tools
    assert {lv.track for lv in table.rows[0].baseline.levels} == {"esc", "since-rest"}
