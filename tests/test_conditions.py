"""Conditions: named states the party reaches one after another at fixed times, marked on the turns grid,
said in the timetable's rows and the JSON export, and listed on the reference page."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from test_due_turns import grid_marks, load_text

from sheetgen.cli import cli
from sheetgen.engine.due import condition_state, falls_due
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.export.timetable_json import timetable_json, timetable_json_schema
from sheetgen.layout.trackers import tracker_layout
from sheetgen.options import LETTER, RenderOptions
from sheetgen.render.html.reference import reference_html
from sheetgen.words import baseline_text, condition_phrase, conditions_order_text

GRIND_PACK = """\
kind: pack
id: grind-crawl
name: Grind Crawl
time: {unit: turn, length: 10 minutes}
check:
  name: Wandering Check
  when: at the end of every second turn
  formula: Roll **1d6** every second turn; on a **1** a monster comes.
  roll: 1d6
  cadence: {every: 2}
  trigger: {faces: [1]}
  result: monster
rests:
  - {id: breather, name: Rest, time: 10 minutes, every: 6}
conditions:
  - id: grind
    name: The Grind
    every: 4
    states: [Hungry and Thirsty, Exhausted, Angry]
    mark: G
    cleared: Camping clears every state.
reference:
  pages:
    - title: Grind Crawl
      sections: [{kind: check}, {kind: conditions}]
trackers:
  - id: gm
    title: Grind Crawl
    audience: gm
    parts: [{kind: turns}]
"""


def test_each_state_falls_due_in_turn_and_none_after_the_last(tmp_path: Path) -> None:
    pack = load_text(tmp_path, GRIND_PACK)
    (grind,) = pack.conditions
    assert {u: condition_state(grind, u) for u in range(1, 17) if condition_state(grind, u)} == {
        4: "Hungry and Thirsty",
        8: "Exhausted",
        12: "Angry",
    }
    assert [(d.rest, d.state) for d in falls_due(pack, 12)] == [("breather", None), ("grind", "Angry")]
    assert falls_due(pack, 16) == ()


def test_conditions_in_words() -> None:
    assert condition_phrase("The Grind", "Exhausted", "1:20") == "The Grind at 1:20: Exhausted"


def test_the_order_is_said_with_and_without_times(tmp_path: Path) -> None:
    pack = load_text(tmp_path, GRIND_PACK)
    (grind,) = pack.conditions
    assert conditions_order_text(pack, grind) == "Hungry and Thirsty (0:40), then Exhausted (1:20), then Angry (2:00)"
    assert conditions_order_text(pack, grind, at_times=False) == "Hungry and Thirsty, then Exhausted, then Angry"


def test_the_grid_marks_each_state_and_keys_the_order(tmp_path: Path) -> None:
    pack = load_text(tmp_path, GRIND_PACK)
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 18)
    marks = grid_marks(layout)
    for turn in range(1, 19):
        parts = ["C" if turn % 2 == 0 else "", "R" if turn % 6 == 0 else "", "G" if turn in (4, 8, 12) else ""]
        assert marks.get(turn, "") == " ".join(p for p in parts if p), turn
    assert (
        "Due at the end of the turn: C Wandering Check; R Rest due; G The Grind: Hungry and Thirsty, then "
        "Exhausted, then Angry"
    ) in " ".join(layout.text().split())


def test_timetable_rows_and_json_say_which_state_fell_due(tmp_path: Path) -> None:
    pack = load_text(tmp_path, GRIND_PACK)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=5)
    said = {row.unit: [(d.name, d.state, d.unit) for d in row.baseline.rests_due] for row in table.rows}
    assert said[4] == [("The Grind", "Hungry and Thirsty", 4)]
    assert said[6] == [("Rest", None, 6)]
    assert said[8] == [("The Grind", "Exhausted", 8)]
    assert said[12] == [("Rest", None, 12), ("The Grind", "Angry", 12)]
    assert not any(said[u] for u in (2, 10, 14, 16))
    row = next(r for r in table.rows if r.unit == 12)
    assert baseline_text(table, row).endswith("Rest due at 2:00; The Grind at 2:00: Angry")
    data = timetable_json(table)
    jsonschema.validate(data, timetable_json_schema())
    (twelve,) = [r for r in data["rows"] if r["unit"] == 12]
    assert twelve["baseline"]["due"] == [
        {"rest": "breather", "name": "Rest", "unit": 12},
        {"condition": "grind", "name": "The Grind", "unit": 12, "state": "Angry"},
    ]
    # conditions change nothing computed: the odds are the check's alone
    assert quiet_odds(pack, 3) == quiet_odds(pack.model_copy(update={"conditions": []}), 3)


def test_the_reference_lists_each_condition_with_its_times(tmp_path: Path) -> None:
    html = " ".join(reference_html(load_text(tmp_path, GRIND_PACK), RenderOptions()).split())
    assert (
        "<strong>Due every 4 turns:</strong> Hungry and Thirsty (0:40), then Exhausted (1:20), then Angry (2:00)"
    ) in html
    assert "<strong>Cleared:</strong> Camping clears every state." in html


@pytest.mark.parametrize("message", ["    mark: R\n", "    mark: C\n"])
def test_a_mark_taken_by_the_check_or_a_rest_is_refused(tmp_path: Path, message: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(GRIND_PACK.replace("    mark: G\n", message), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2
    taken = 'rest "breather"' if "R" in message else "the check"
    assert result.output == (
        f'error: {path}:20:11: conditions[0].mark: its mark on the turns grid, "{message.split()[-1]}", is '
        f"also {taken}'s: give it a mark of its own (mark: up to 3 letters)\n"
    )


def test_a_conditions_section_needs_conditions(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    text = GRIND_PACK.split("conditions:")[0] + "reference:" + GRIND_PACK.split("reference:")[1]
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2
    assert result.output == (
        f"error: {path}:18:40: reference.pages[0].sections[1].kind: a conditions section lists the pack's "
        "conditions, and it has none: add conditions or remove the section\n"
    )


@pytest.mark.parametrize(("every", "ok"), [(1, True), (1000, True), (0, False), (1001, False)])
def test_every_is_from_1_to_1000_units(tmp_path: Path, every: int, ok: bool) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(GRIND_PACK.replace("    every: 4\n", f"    every: {every}\n"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == (0 if ok else 2), result.output
    if not ok:
        assert f"{path}:18:12: conditions[0].every:" in result.output


def test_a_condition_needs_a_state(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(GRIND_PACK.replace("[Hungry and Thirsty, Exhausted, Angry]", "[]"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}:19:13: conditions[0].states:" in result.output
