"""A resource that runs out by its rate moves a track (``when_out``): when the light goes out the danger
rises, and the exact odds, a 200,000-run simulation and the timetable's rows all follow it."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from simulate import simulate_quiet
from test_engine_odds import RUNS, assert_agrees

from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.load.variants import with_variant
from sheetgen.model.pack import Pack
from sheetgen.options import RenderOptions
from sheetgen.sheets.reference import reference_view
from sheetgen.words import baseline_text

PACK = """\
kind: pack
id: last-light
name: Last Light
time: {unit: turn, length: 10 minutes}
check:
  name: Danger Roll
  when: at the end of every turn
  formula: Roll **1d6 + Dark**; on 6 or more, danger.
  roll: 1d6
  add: [dark]
  trigger: {at_least: 6}
  result: danger
tracks:
  - {id: dark, name: Dark, max: 2}
resources:
  - id: torch
    name: Torch
    boxes: 3
    every: 1
    when_out: [{track: dark, by: 2}]
variants:
  - {id: fast, name: Fast, text: Turns of 20 minutes that burn two boxes., unit_length: 20 minutes, consumption: 2}
reference:
  pages:
    - title: Last Light
      sections: [{kind: check}, {kind: resources}, {kind: odds}]
"""


def load(tmp_path: Path, text: str = PACK) -> Pack:
    path = tmp_path / "last-light.yaml"
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_the_danger_rises_when_the_torch_is_out(tmp_path: Path) -> None:
    pack = load(tmp_path)
    odds = quiet_odds(pack, 2)
    lit, dark = Fraction(1, 6), Fraction(1, 2)  # a 6; then 4-6 with Dark +2
    assert [c.chance for c in odds.checks] == [lit] * 3 + [dark] * 9
    assert odds.by_hour[0] == 1 - (1 - lit) ** 3 * (1 - dark) ** 3
    # the first danger: at turn u <= 3 with (5/6)^(u-1) * 1/6, else 3 turns and then 2 on average
    before = sum((u * (1 - lit) ** (u - 1) * lit for u in (1, 2, 3)), Fraction(0))
    assert odds.expected_minutes_to_first == (before + (1 - lit) ** 3 * (3 + 2)) * 10
    sim = simulate_quiet(pack, 2, RUNS, random.Random(31))
    assert_agrees(odds, sim)


def test_the_timetable_rows_read_the_dark(tmp_path: Path) -> None:
    pack = load(tmp_path)
    t = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=8)
    for row in t.rows:
        assert row.roll is not None
        dark = 2 if row.unit > 3 else 0
        assert row.baseline.encounter == (row.roll + dark >= 6)
        said = baseline_text(t, row)
        assert f"Dark {dark}" in said  # the row shows the track after its check: dark from turn 4
        assert ("Torch out at 0:30: Dark +2" in said) == (row.unit == 3)


def test_a_variant_that_burns_faster_brings_the_dark_sooner(tmp_path: Path) -> None:
    fast = with_variant(load(tmp_path), "fast")  # 20-minute turns, two boxes each: out after turn 2
    odds = quiet_odds(fast, 1)
    assert [c.chance for c in odds.checks] == [Fraction(1, 6), Fraction(1, 6), Fraction(1, 2)]


def test_the_reference_says_what_running_out_does(tmp_path: Path) -> None:
    view = reference_view(load(tmp_path), RenderOptions())
    assert "When it runs out:** Dark +2." in repr(view)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("    every: 1\n", "resources[0].when_out: when_out needs a rate (every)"),
        ("[{track: dark, by: 2}]", 'resources[0].when_out[0].track: no track with id "light" (known: dark)'),
    ],
)
def test_when_out_is_checked(tmp_path: Path, change: str, message: str) -> None:
    text = PACK.replace(change, "") if change.startswith(" ") else PACK.replace(change, "[{track: light, by: 2}]")
    with pytest.raises(DataError) as caught:
        load(tmp_path, text)
    assert any(message in str(p) for p in caught.value.problems), [str(p) for p in caught.value.problems]


def test_a_resource_the_dice_tick_cannot_have_when_out(tmp_path: Path) -> None:
    text = PACK.replace(
        "  result: danger\n",
        "  result: danger\n  outcomes:\n    - {roll: 1, result: Gust, effects: "
        "[{resource: torch, by: -1}]}\n    - {roll: 2-6, result: Still}\n",
    )
    with pytest.raises(DataError) as caught:
        load(tmp_path, text)
    assert any(
        "when_out needs a resource that only its rate uses: check.outcomes[0] ticks or refills it" in str(p)
        for p in caught.value.problems
    )
