"""Resources that run down at a rate and are ticked or refilled by the check's outcomes."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from simulate import simulate_quiet
from test_engine_odds import RUNS

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.resources import rate_units
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.words import baseline_text, mechanics_rows, runs_out_text

TORCH_PACK = """\
kind: pack
id: torchlight
name: Torchlight
time: {unit: turn, length: 10 minutes}
check:
  name: Encounter Die
  when: at the end of every turn
  formula: Roll **1d6** each turn; a 1 is an encounter, a 2 makes the torch gutter.
  roll: 1d6
  trigger: {faces: [1]}
  outcomes:
    - {roll: 1, result: Encounter}
    - roll: 2
      result: Gutter
      effects: [{resource: torch, by: -1}]
    - roll: 3
      result: Fresh torch
      effects: [{resource: torch, reset: true}]
    - {roll: 4-6, result: Quiet}
resources:
  - {id: torch, name: Torch, boxes: 6, every: 1}
  - {id: oil, name: Lantern oil, boxes: 4, every: 6}
  - {id: rations, name: Rations, boxes: 7}
reference:
  pages:
    - title: Torchlight
      sections: [{kind: check}, {kind: resources}, {kind: odds}]
trackers:
  - id: gm
    title: Light
    audience: gm
    parts: [{kind: turns}, {kind: resources}]
"""


def load_text(tmp_path: Path, text: str = TORCH_PACK) -> Pack:
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_boxes_used_within_the_hours(tmp_path: Path) -> None:
    odds = quiet_odds(load_text(tmp_path), 3)
    use = {u.resource: u for u in odds.resources}
    assert set(use) == {"torch", "oil"}  # rations have no rate and no outcome ticks them
    assert (use["torch"].by_rate, use["torch"].by_outcomes) == (18, Fraction(18, 6))
    assert (use["oil"].by_rate, use["oil"].by_outcomes) == (3, Fraction(0))
    rows = mechanics_rows(odds)
    assert (
        "Resource: Torch",
        "3:00",
        "boxes used: 18 by its rate + 3.00 expected from outcomes",
        "6 to a full Torch",
    ) in rows


def test_a_rate_uses_no_more_than_the_boxes_when_no_roll_fills_them_again(tmp_path: Path) -> None:
    unfilled = TORCH_PACK.replace(
        """    - roll: 3
      result: Fresh torch
      effects: [{resource: torch, reset: true}]
    - {roll: 4-6, result: Quiet}""",
        "    - {roll: 3-6, result: Quiet}",
    )
    assert unfilled != TORCH_PACK
    odds = quiet_odds(load_text(tmp_path, unfilled), 3)
    use = {u.resource: u for u in odds.resources}
    assert (use["torch"].by_rate, use["torch"].by_outcomes) == (6, Fraction(18, 6))
    assert (
        "Resource: Torch",
        "3:00",
        "boxes used: all 6 by its rate + 3.00 expected from outcomes",
        "6 to a full Torch",
    ) in mechanics_rows(odds)
    one_hour = {u.resource: u for u in quiet_odds(load_text(tmp_path, unfilled), 1).resources}
    assert one_hour["oil"].by_rate == 1


@pytest.mark.slow
def test_expected_ticks_match_the_simulation(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    odds = quiet_odds(pack, 3)
    sim = simulate_quiet(pack, 3, RUNS, random.Random(17))
    gutter = 1  # the outcome that ticks the torch
    ticks = sum(sim.outcomes[gutter]) / RUNS
    exact = float(odds.resources[0].by_outcomes)
    spread = math.sqrt(18 * (1 / 6) * (5 / 6) / RUNS)  # 18 independent checks
    assert abs(ticks - exact) <= 4 * spread


def replay_torch(rolls: dict[int, int], units: int) -> tuple[dict[int, int], list[int]]:
    """The rule written out again: each turn the outcome's effect, then one box for the turn."""
    left, out, by_unit = 6, [], {}
    for unit in range(1, units + 1):
        before = left
        roll = rolls[unit]
        if roll == 2:
            left = max(0, left - 1)
        elif roll == 3:
            left = 6
        left = max(0, left - 1)
        if before > 0 and left == 0:
            out.append(unit)
        by_unit[unit] = left
    return by_unit, out


def test_timetable_shows_when_each_runs_out(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=6, seed=4)
    rolls = {r.unit: r.roll for r in table.rows}
    assert all(v is not None for v in rolls.values())
    torch, out = replay_torch({u: int(v or 0) for u, v in rolls.items()}, 36)
    oil_out = 4 * 60  # 4 boxes, one an hour: out at 4:00
    expected_outs = sorted([(u * 10, "Torch") for u in out] + [(oil_out, "Lantern oil")])
    clocks = [f"{name} out at {m // 60}:{m % 60:02d}" for m, name in expected_outs]
    assert sorted((o.unit * 10, o.name) for o in table.runs_out) == expected_outs
    assert sorted(runs_out_text(600, table.runs_out).split(", ")) == sorted(clocks)
    for row in table.rows:
        levels = {lv.track: lv.level for lv in row.baseline.resources}
        assert levels["torch"] == torch[row.unit]
        assert levels["oil"] == max(0, 4 - row.unit // 6)
        for gone in row.baseline.ran_out:
            assert gone.unit == row.unit  # a row at every turn
            assert f"{gone.name} out at {gone.unit // 6}:{gone.unit % 6 * 10:02d}" in baseline_text(table, row)


def test_tracker_ties_the_boxes_to_turns(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(TORCH_PACK, encoding="utf-8")
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["tracker", str(tmp_path / "t.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = PdfReader(out).pages[0].extract_text()
    assert "1 box every turn" in text and "1 box every 6 turns" in text
    # the torch's boxes are used at 0:10 ... 1:00, the oil's at 1:00 ... 4:00
    for clock in ("0:10", "0:50", "1:00", "2:00", "4:00"):
        assert clock in text


def test_an_action_refills_a_resource(tmp_path: Path) -> None:
    from sheetgen.sheets.reference import _action

    text = TORCH_PACK.replace(
        "reference:",
        """actions:
  - name: Light a torch
    time: 1 minute
    effects: [{track: torch, refill: true, text: A fresh torch burns for an hour.}]
reference:""",
        1,
    )
    pack = load_text(tmp_path, text)
    view = _action(pack, pack.actions[0])
    assert [(c.amount, c.when) for c in view.effects] == [("Torch refilled", "A fresh torch burns for an hour.")]
    from sheetgen.words.language import using

    with using("de"):
        assert _action(pack, pack.actions[0]).effects[0].amount == "Torch aufgefüllt"
    with using("fr"):
        assert _action(pack, pack.actions[0]).effects[0].amount == "Torch rempli"
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("track: torch, refill", "track: torches, refill"), encoding="utf-8")
    with pytest.raises(DataError, match='no track, tally or resource with id "torches"'):
        load_pack(str(bad))


def test_the_units_a_rate_comes_round_at_up_to_the_last_unit_asked_for(tmp_path: Path) -> None:
    """Lantern oil (4 boxes, one every 6 units) from the start; a second lantern lit when the first is out
    (at 24) burns its 4 boxes to unit 48; rations have no rate at all."""
    pack = load_text(
        tmp_path,
        TORCH_PACK.replace(
            "  - {id: rations, name: Rations, boxes: 7}\n",
            "  - {id: rations, name: Rations, boxes: 7}\n"
            "  - {id: spare, name: Spare oil, boxes: 4, every: 6, after: oil}\n",
        ),
    )
    oil, rations, spare = (next(r for r in pack.resources if r.id == i) for i in ("oil", "rations", "spare"))
    assert rate_units(pack, oil, 17) == (6, 12)
    assert rate_units(pack, oil, 18) == (6, 12, 18)
    assert rate_units(pack, spare, 36) == (30, 36)
    assert rate_units(pack, spare, 60) == (30, 36, 42, 48)  # out at 48: no rate after it
    assert rate_units(pack, rations, 60) == ()
