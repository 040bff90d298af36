"""A variant's multipliers act: ``danger: N`` rolls the check N times each time it falls due
(``cadence.rolls``), ``consumption: N`` uses N boxes where a resource's rate used one (``use``). The
odds, the timetable and the tracker follow, and the pack without the variant is unchanged."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader
from simulate import simulate_quiet
from test_engine_odds import RUNS, assert_agrees, within

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.load.files import load_pack
from sheetgen.load.variants import variant_id, with_variant
from sheetgen.sheets.reference import _variant_changes
from sheetgen.words import baseline_text, check_sentence, row_clock, row_when

ROLLED_TWICE = """\
kind: pack
id: twice
name: Twice
time: {unit: turn, length: 10 minutes}
check:
  name: Omen Die
  when: twice at the end of every second turn
  formula: Roll **1d6 + Dread** twice every second turn; 6 or more is trouble.
  roll: 1d6
  add: [dread]
  cadence: {every: 2, first: 1, rolls: 2}
  trigger: {at_least: 6}
  result: trouble
  on_encounter: {reset: [dread]}
  outcomes:
    - {roll: 1, result: Spoor, effects: [{track: dread, by: 1}]}
    - {roll: 2-5, result: Quiet}
    - {roll: 6, result: Trouble}
tracks:
  - {id: dread, name: Dread, max: 3}
reference:
  pages:
    - title: Twice
      sections: [{kind: check}, {kind: odds}]
"""


def test_fast_turns_rolls_the_danger_roll_twice_each_twenty_minute_turn() -> None:
    pack = load_pack("dungeon-turn")
    assert [variant_id(v) for v in pack.variants] == ["fast-turns"]
    fast = with_variant(pack, "fast-turns")
    assert fast.time.length == 1200 and fast.check is not None and fast.check.cadence.rolls == 2
    odds = quiet_odds(fast, 3)
    once = 1 - Fraction(5, 6) ** 2  # escalation stays 0 for a quiet party: a 6 on either roll
    assert [(c.unit, c.chance) for c in odds.checks] == [(u, once) for u in range(1, 10)]
    assert odds.by_hour == tuple(1 - Fraction(25, 36) ** (3 * h) for h in (1, 2, 3))
    assert odds.expected_encounters == 3  # 18 rolls of 1 in 6: both rolls of a turn can bring danger
    sim = simulate_quiet(fast, 3, RUNS, random.Random(13))
    assert_agrees(odds, sim)
    assert abs(sim.encounters / RUNS - 3) < 4 * (18 * (1 / 6) * (5 / 6) / RUNS) ** 0.5
    assert "twice every dungeon turn (20 minutes)" in check_sentence(fast)


def test_the_default_odds_do_not_change() -> None:
    odds = quiet_odds(load_pack("dungeon-turn"), 3)
    assert [c.chance for c in odds.checks] == [Fraction(1, 6)] * 18
    assert odds.by_hour == tuple(1 - Fraction(5, 6) ** (6 * h) for h in (1, 2, 3))
    assert odds.expected_encounters == 3


def test_the_timetable_rolls_twice_and_burns_two_boxes_a_turn() -> None:
    fast = with_variant(load_pack("dungeon-turn"), "fast-turns")
    table = build_timetable(fast, site=None, encounter_pack=None, hours=2, seed=21)
    assert [(row_clock(table, r), r.repeat) for r in table.rows] == [
        (f"{u * 20 // 60}:{u * 20 % 60:02d}", k) for u in range(1, 7) for k in (1, 2)
    ]
    for row in table.rows:
        assert row.baseline.encounter == (row.roll == 6)  # a quiet party's escalation stays 0
        assert row_when(table, row) == f"roll {row.repeat} of 2"
        # two boxes of the torch's six at the end of each turn: out at the end of the third (1:00)
        assert [lv.level for lv in row.baseline.resources if lv.track == "torch"] == [max(0, 6 - 2 * row.unit)]
    said = [baseline_text(table, r) for r in table.rows]
    assert [n for n, text in enumerate(said) if "Torch out at 1:00" in text] == [4]  # the first row at 1:00
    assert [(o.name, o.unit) for o in table.runs_out] == [("Torch", 3)]


def test_the_tracker_under_fast_turns(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["tracker", "dungeon-turn", "--variant", "fast-turns", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert "2 boxes every dungeon turn" in text and "1 hr / 6 turns" not in text
    assert "0:20" in text and "0:10" not in text
    assert "C\u00d72 Danger Roll, rolled twice" in text  # the turns grid marks the two rolls of each turn
    plain = tmp_path / "p.pdf"
    assert CliRunner().invoke(cli, ["tracker", "dungeon-turn", "-o", str(plain)]).exit_code == 0
    assert "1 hr / 6 turns" in " ".join(page.extract_text() for page in PdfReader(plain).pages)


def test_the_id_derived_from_the_name_still_works() -> None:
    pack = load_pack("dungeon-turn")
    assert with_variant(pack, "optional-variant-fast-turns") == with_variant(pack, "fast-turns")
    result = CliRunner().invoke(cli, ["odds", "encounter-reaction", "--variant", "clockwise"])
    assert result.exit_code == 2 and "its variants are: clockwise-turn" in result.output


def test_a_rate_the_variant_gives_uses_its_consumption(tmp_path: Path) -> None:
    """A resource used only by actions (no rate of its own) that a variant gives a rate burns that
    variant's consumption each time the rate comes round; with no rate at all it keeps its use."""
    path = tmp_path / "rated.yaml"
    path.write_text(
        ROLLED_TWICE.replace(
            "reference:\n",
            "resources:\n  - {id: oil, name: Oil, boxes: 6, every: null}\n"
            "  - {id: rope, name: Rope, boxes: 6, every: null}\n"
            "variants:\n  - {id: hard, name: Hard, text: Oil burns., consumption: 3, rates: {oil: 2}}\nreference:\n",
        ),
        encoding="utf-8",
    )
    pack = load_pack(str(path))
    hard = with_variant(pack, "hard")
    assert [(r.id, r.every, r.use) for r in pack.resources] == [("oil", None, 1), ("rope", None, 1)]
    assert [(r.id, r.every, r.use) for r in hard.resources] == [("oil", 2, 3), ("rope", None, 1)]


def test_a_check_rolled_twice_matches_a_simulation(tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text(ROLLED_TWICE, encoding="utf-8")
    pack = load_pack(str(path))
    odds = quiet_odds(pack, 3)
    assert [c.unit for c in odds.checks] == [1, 3, 5, 7, 9, 11, 13, 15, 17]
    # a 6 on the first roll; or a 1 (Dread +1) then 5-6; or 2-5 then a 6
    assert odds.checks[0].chance == Fraction(1, 6) + Fraction(1, 6) * Fraction(2, 6) + Fraction(4, 6) * Fraction(1, 6)
    sim = simulate_quiet(pack, 3, RUNS, random.Random(7))
    assert_agrees(odds, sim)
    for n, outcome in enumerate(odds.outcomes):  # each outcome's chance of at least once at a check
        for c, p in zip(odds.checks, outcome.chances, strict=True):
            assert within(p, sim.outcomes[n][c.unit - 1], RUNS), (outcome.name, c.unit)
        for p, hits in zip(outcome.by_hour, sim.outcome_by_hour[n], strict=True):
            assert within(p, hits, RUNS), outcome.name
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=3)
    dread = 0
    for row in table.rows:  # the second roll of a turn reads the Dread the first left
        assert row.roll is not None
        fires = row.roll + dread >= 6
        assert row.baseline.encounter == fires
        dread = 0 if fires else min(3, dread + (row.roll == 1))
        assert row.baseline.levels[0].level == dread
    assert [r.unit for r in table.rows] == [u for u in range(1, 19, 2) for _ in (1, 2)]


def test_a_variant_says_how_often_the_check_is_rolled_with_its_danger(tmp_path: Path) -> None:
    """danger multiplies the rolls the check already has, at most 10: the reference says the rolls played."""
    path = tmp_path / "twice.yaml"
    variants = (
        "variants:\n"
        "  - {name: Doubled, text: Twice the danger., danger: 2}\n"
        "  - {name: Sixfold, text: Six times the danger., danger: 6}\n"
        "  - {name: Plain, text: One roll., danger: 2, cadence: {every: 2, first: 1}}\n"
    )
    path.write_text(ROLLED_TWICE.replace("reference:\n", variants + "reference:\n"), encoding="utf-8")
    pack = load_pack(str(path))
    played = {variant_id(v): with_variant(pack, variant_id(v)).check for v in pack.variants}
    assert {name: check.cadence.rolls for name, check in played.items() if check is not None} == {
        "doubled": 4,
        "sixfold": 10,
        "plain": 2,
    }
    said = {v.name: _variant_changes(pack, v) for v in pack.variants}
    assert said == {
        "Doubled": ("danger chances ×2: the check rolled 4 times each time it falls due",),
        "Sixfold": ("danger chances ×6: the check rolled 10 times each time it falls due",),
        "Plain": ("danger chances ×2: the check rolled twice each time it falls due",),
    }
