"""Outcomes that act: each named outcome of the check moves a track, ticks a resource, marks the next
encounter card or starts an effect that lasts; exact odds for each, against a simulation."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.export.timetable_json import timetable_json, timetable_json_schema
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.words import baseline_text, outcome_effect_phrases, signs_text

OMENS_PACK = """\
kind: pack
id: omens
name: Omens
time: {unit: watch, units: watches, length: 1 hour}
check:
  name: Omen Die
  when: at the end of every watch
  formula: Roll **1d6** each watch and read the face.
  roll: 1d6
  trigger: {faces: [1]}
  result: encounter
  outcomes:
    - {roll: 1, result: Encounter}
    - roll: 2
      result: Spoor
      effects: [{sign: true}]
    - roll: 3
      result: Weariness
      effects: [{track: fatigue, by: 1}]
    - roll: 4
      result: Light burns
      effects: [{resource: torch, by: -1}]
    - roll: 5
      result: Lost
      effects: [{lasts: 2, text: "Navigation rolls fail."}]
    - {roll: 6, result: Quiet}
tracks:
  - {id: fatigue, name: Fatigue, max: 6}
resources:
  - {id: torch, name: Torch, boxes: 6}
tables:
  - id: wandering
    name: Wandering
    roll: 1d4
    columns: [Encounter]
    rows:
      - {roll: "1-2", cells: [Wolves]}
      - {roll: "3-4", cells: [Bandits]}
reference:
  pages:
    - title: Omens
      sections: [{kind: check}, {kind: odds}]
trackers:
  - id: gm
    title: Watches
    audience: gm
    parts: [{kind: turns}, {kind: results}, {kind: track, ref: fatigue}, {kind: resources}]
"""

DREAD_PACK = """\
kind: pack
id: dread
name: Dread
time: {unit: turn, length: 10 minutes}
check:
  name: Dread Check
  when: every turn
  formula: Roll **1d6 + Dread**; 7 or more brings the horror. A 5 or 6 deepens the dread.
  roll: 1d6
  add: [dread]
  trigger: {at_least: 7}
  result: horror
  on_encounter: {reset: [dread]}
  outcomes:
    - {roll: "1-4", result: Calm}
    - roll: "5-6"
      result: Dread deepens
      effects: [{track: dread, by: 1}]
tracks:
  - {id: dread, name: Dread, max: 4}
reference:
  pages:
    - title: Dread
      sections: [{kind: check}, {kind: odds}]
"""


def load_text(tmp_path: Path, text: str, name: str = "pack.yaml") -> Pack:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_each_named_outcome_has_exact_odds(tmp_path: Path) -> None:
    odds = quiet_odds(load_text(tmp_path, OMENS_PACK), 6)
    assert [o.name for o in odds.outcomes] == ["Encounter", "Spoor", "Weariness", "Light burns", "Lost", "Quiet"]
    for outcome in odds.outcomes:
        assert outcome.chances == (Fraction(1, 6),) * 6
        assert outcome.by_hour == tuple(1 - Fraction(5, 6) ** h for h in range(1, 7))
        assert outcome.expected == 1


def test_an_outcome_that_moves_a_track_changes_the_odds(tmp_path: Path) -> None:
    odds = quiet_odds(load_text(tmp_path, DREAD_PACK), 1)
    # check 1: Dread 0, 1d6 >= 7 never; a 5-6 raises Dread to 1, so check 2 brings horror on a 6
    assert odds.checks[0].chance == 0
    assert odds.checks[1].chance == Fraction(1, 3) * Fraction(1, 6)
    deepens = odds.outcomes[1]
    assert deepens.chances == (Fraction(1, 3),) * 6
    assert deepens.by_hour == (1 - Fraction(2, 3) ** 6,)


@pytest.mark.parametrize("text", [OMENS_PACK, DREAD_PACK], ids=["omens", "dread"])
def test_outcome_odds_match_the_simulation(tmp_path: Path, text: str) -> None:
    pack = load_text(tmp_path, text)
    hours = 6 if pack.id == "omens" else 2
    odds = quiet_odds(pack, hours)
    sim = simulate_quiet(pack, hours, RUNS, random.Random(13))
    for c in odds.checks:
        assert within(c.chance, sim.triggered[c.unit - 1], RUNS), f"check {c.index}"
        assert within(c.chance_first, sim.first[c.unit - 1], RUNS), f"check {c.index}: first"
    for n, outcome in enumerate(odds.outcomes):
        for c, p in zip(odds.checks, outcome.chances, strict=True):
            assert within(p, sim.outcomes[n][c.unit - 1], RUNS), f"{outcome.name} at check {c.index}"
        for hour, p in enumerate(outcome.by_hour, start=1):
            assert within(p, sim.outcome_by_hour[n][hour - 1], RUNS), f"{outcome.name} by hour {hour}"


def test_timetable_rows_print_each_outcome_and_its_effect(tmp_path: Path) -> None:
    pack = load_text(tmp_path, OMENS_PACK)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=24, seed=2)
    names = {1: "Encounter", 2: "Spoor", 3: "Weariness", 4: "Light burns", 5: "Lost", 6: "Quiet"}
    encounters = 0
    fatigue = 0
    signs: dict[int, list[tuple[int, str]]] = {}
    for row in table.rows:
        assert row.roll is not None
        base = row.baseline
        assert base.outcome == names[row.roll]
        assert base.outcome_index == row.roll - 1
        effects = outcome_effect_phrases(pack, base.outcome_index, row.unit, base.sign_card)
        said = base.outcome if not effects else f"{base.outcome}: {', '.join(effects)}"
        if row.roll == 1:  # "Encounter" is the trigger's own word: not said twice
            text = baseline_text(table, row)
            assert text.split(";")[0] == "encounter" and not text.endswith(said)
        else:
            assert said in baseline_text(table, row)
        encounters += row.roll == 1
        if row.roll == 2:
            assert base.sign_card == encounters + 1
            assert effects == [f"foretells encounter {encounters + 1}"]
            signs.setdefault(encounters + 1, []).append((row.unit, f"Spoor ({row.unit}:00)"))
        else:
            assert base.sign_card is None
        if row.roll == 3:
            fatigue = min(6, fatigue + 1)
            assert effects == ["Fatigue +1"]
        if row.roll == 4:
            assert effects == ["Torch −1 box"]
        if row.roll == 5:
            h = row.unit + 2
            assert effects == [f"for 2 watches, until {h}:00"]
        assert {lv.track: lv.level for lv in base.levels} == {"fatigue": fatigue}
    assert signs, "24 watches with seed 2 hold a Spoor"
    for card in table.deck:
        assert [s.unit for s in card.signs] == [u for u, _ in signs.get(card.index, [])]
        if card.signs:
            said = signs_text([(s.outcome, s.seconds) for s in card.signs])
            assert said == "; ".join(text for _, text in signs[card.index])


def test_timetable_json_carries_the_outcomes(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    pack = load_text(tmp_path, OMENS_PACK)
    data = timetable_json(build_timetable(pack, site=None, encounter_pack=None, hours=6, seed=2))
    jsonschema.validate(data, timetable_json_schema())
    assert [o["name"] for o in data["odds"]["outcomes"]][:2] == ["Encounter", "Spoor"]
    assert all(r["baseline"]["named_outcome"]["name"] for r in data["rows"])
    json.dumps(data)


def test_odds_command_lists_the_outcomes(tmp_path: Path) -> None:
    (tmp_path / "omens.yaml").write_text(OMENS_PACK, encoding="utf-8")
    result = CliRunner().invoke(cli, ["odds", str(tmp_path / "omens.yaml"), "--hours", "6"])
    assert result.exit_code == 0, result.output
    assert "Outcome: Spoor" in result.output
    assert "each check: 1 in 6 (16.7%)" in result.output
    assert "by 6:00: 66.5%" in result.output


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "{track: fatigue, by: 1}",
            "{track: fatigu, by: 1}",
            'check.outcomes[2].effects[0].track: no track with id "fatigu" (did you mean "fatigue"?)',
        ),
        (
            "{resource: torch, by: -1}",
            "{resource: torches, by: -1}",
            'check.outcomes[3].effects[0].resource: no resource with id "torches" (did you mean "torch"?)',
        ),
        (
            "{sign: true}",
            "{sign: true, track: fatigue}",
            "check.outcomes[1].effects[0]: give exactly one of track, resource, sign and lasts",
        ),
    ],
)
def test_bad_effects(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(OMENS_PACK.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert [str(p).split(": ", 1)[1] for p in caught.value.problems] == [message]


def test_tracker_has_a_place_for_each_result(tmp_path: Path) -> None:
    from pypdf import PdfReader

    (tmp_path / "omens.yaml").write_text(OMENS_PACK, encoding="utf-8")
    out = tmp_path / "tracker.pdf"
    result = CliRunner().invoke(cli, ["tracker", str(tmp_path / "omens.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = PdfReader(out).pages[0]
    text = page.extract_text()
    assert "Omen Die: results" in text
    for name in ("Encounter", "Spoor", "Weariness", "Light burns", "Lost", "Quiet"):
        assert name in text
    assert "12:00" in text  # one row for each of the first 12 watches' checks


def test_a_results_part_needs_outcomes(tmp_path: Path) -> None:
    page = "trackers:\n  - {id: gm, title: T, audience: gm, parts: [{kind: results}]}\n"
    path = tmp_path / "pack.yaml"
    path.write_text(DREAD_PACK + page, encoding="utf-8")
    load_pack(str(path))  # the dread check names its outcomes
    without = DREAD_PACK.split("  outcomes:")[0] + "tracks:" + DREAD_PACK.split("tracks:")[1]
    other = tmp_path / "without.yaml"
    other.write_text(without + page, encoding="utf-8")
    with pytest.raises(DataError, match="a results part needs a check with outcomes"):
        load_pack(str(other))


TOTAL_PACK = """\
kind: pack
id: panic
name: Panic
time: {unit: turn, length: 10 minutes}
check:
  name: Nerve Check
  when: every turn
  formula: Roll **1d6 + Dread**; 8 or more is a scare. Read the total.
  roll: 1d6
  add: [dread]
  trigger: {at_least: 8}
  result: scare
  on_encounter: {reset: [dread]}
  outcomes_read: total
  outcomes:
    - {roll: 1-3, result: Calm}
    - roll: 4-7
      result: Uneasy
      effects: [{track: dread, by: 1}]
    - {roll: 8-9, result: Panic}
tracks:
  - {id: dread, name: Dread, max: 3}
reference:
  pages:
    - title: Panic
      sections: [{kind: check}, {kind: odds}]
"""


def test_outcomes_read_from_the_total(tmp_path: Path) -> None:
    pack = load_text(tmp_path, TOTAL_PACK, "panic.yaml")
    odds = quiet_odds(pack, 1)
    # check 1 at Dread 0: Uneasy on 4-6 (1/2), Calm on 1-3, never Panic
    assert [o.chances[0] for o in odds.outcomes] == [Fraction(1, 2), Fraction(1, 2), Fraction(0)]
    # check 2: Dread 1 half the time: Calm on 1-2 (1/3), Uneasy on 3-6, and no Panic yet (7 at most)
    assert odds.outcomes[0].chances[1] == Fraction(1, 2) * Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 3)
    sim = simulate_quiet(pack, 2, RUNS, random.Random(4))
    full = quiet_odds(pack, 2)
    for n, outcome in enumerate(full.outcomes):
        for c, p in zip(full.checks, outcome.chances, strict=True):
            assert within(p, sim.outcomes[n][c.unit - 1], RUNS), f"{outcome.name} at check {c.index}"
        for hour, p in enumerate(outcome.by_hour, start=1):
            assert within(p, sim.outcome_by_hour[n][hour - 1], RUNS)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=3)
    dread = 0
    for row in table.rows:
        assert row.roll is not None
        total = row.roll + dread
        expected = "Calm" if total <= 3 else "Uneasy" if total <= 7 else "Panic"
        assert row.baseline.outcome == expected
        if total >= 8:
            dread = 0
        if expected == "Uneasy":
            dread = min(3, dread + 1)
        assert {lv.track: lv.level for lv in row.baseline.levels}["dread"] == dread


def test_outcomes_on_the_total_must_cover_every_total(tmp_path: Path) -> None:
    path = tmp_path / "gap.yaml"
    path.write_text(TOTAL_PACK.replace("{roll: 8-9, result: Panic}", "{roll: 8, result: Panic}"), encoding="utf-8")
    with pytest.raises(DataError, match="no row covers 9 on the check's total"):
        load_pack(str(path))
