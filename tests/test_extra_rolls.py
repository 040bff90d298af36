"""Extra rolls: a rule that rolls the check once more when the party takes a risk; odds with N extra rolls
an hour against a simulation, spare dice pre-rolled on the timetable, the rule on the reference."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.cli import cli
from sheetgen.engine.odds import extra_odds, extra_units, quiet_odds
from sheetgen.engine.timetable import build_timetable, spare_count
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.sheets.mechanics import check_view
from sheetgen.words import baseline_text

RISKY_PACK = """\
kind: pack
id: risky
name: Risky
time: {unit: turn, length: 10 minutes}
check:
  name: Danger Check
  when: at the end of every turn
  formula: Roll **1d6 + Escalation**; 6 or more is danger. Roll again when the party is loud.
  roll: 1d6
  add: [esc]
  trigger: {at_least: 6}
  result: danger
  on_encounter: {reset: [esc]}
  extra:
    - when: the party fights or makes a loud noise
    - when: a bright light is lit
tracks:
  - {id: esc, name: Escalation, max: 3, per_unit: 1}
reference:
  pages:
    - title: Risky
      sections: [{kind: check}, {kind: odds}]
"""


def load_text(tmp_path: Path, text: str = RISKY_PACK, name: str = "risky.yaml") -> Pack:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_one_extra_roll_an_hour_by_hand(tmp_path: Path) -> None:
    plain = load_text(
        tmp_path, RISKY_PACK.replace("add: [esc]", "add: []").replace("at_least: 6", "faces: [6]"), "plain.yaml"
    )
    odds = extra_odds(plain, 2, 1)
    assert odds.by_hour == (1 - Fraction(5, 6) ** 7, 1 - Fraction(5, 6) ** 14)
    assert odds.expected_encounters == Fraction(14, 6)
    assert extra_odds(plain, 2, 0).by_hour == quiet_odds(plain, 2).by_hour


def test_extra_rolls_are_spread_through_each_hour(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    assert extra_units(pack, 2, 1) == {6: 1, 12: 1}  # one an hour: at the hour's end
    assert extra_units(pack, 1, 3) == {2: 1, 4: 1, 6: 1}  # three: at 0:20, 0:40 and 1:00
    assert extra_units(pack, 1, 4) == {2: 1, 3: 1, 5: 1, 6: 1}
    rounds = load_text(tmp_path, RISKY_PACK.replace("length: 10 minutes", "length: 30 minutes"), "rounds.yaml")
    assert extra_units(rounds, 1, 3) == {1: 1, 2: 2}  # more rolls than units: a unit takes two
    # where the rolls fall matters when a track rises: the simulation plays them where the odds put them
    first = extra_odds(pack, 1, 2).by_hour[0]
    sim = simulate_quiet(pack, 1, RUNS, random.Random(11), extra=2)
    assert within(first, sim.by_hour[0], RUNS)


@pytest.mark.slow
@pytest.mark.parametrize("extra", [1, 3])
def test_extra_rolls_match_the_simulation(tmp_path: Path, extra: int) -> None:
    pack = load_text(tmp_path)
    odds = extra_odds(pack, 3, extra)
    sim = simulate_quiet(pack, 3, RUNS, random.Random(5 + extra), extra=extra)
    for hour, (p, hits) in enumerate(zip(odds.by_hour, sim.by_hour, strict=True), start=1):
        assert within(p, hits, RUNS), f"hour {hour}"
    # the mean number of encounters: within 4 standard errors (at most one per roll, so variance <= rolls/4)
    rolls = 18 + 3 * extra
    assert abs(sim.encounters / RUNS - float(odds.expected_encounters)) <= 4 * (rolls / 4 / RUNS) ** 0.5
    assert odds.by_hour[-1] > quiet_odds(pack, 3).by_hour[-1]


def test_spare_dice_are_rolled_after_everything_else(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    without = load_text(
        tmp_path, RISKY_PACK.split("  extra:")[0] + "tracks:" + RISKY_PACK.split("tracks:")[1], "quiet.yaml"
    )
    table = build_timetable(pack, site=None, encounter_pack=None, hours=4, seed=12)
    same = build_timetable(without, site=None, encounter_pack=None, hours=4, seed=12)
    assert [r.dice for r in table.rows] == [r.dice for r in same.rows]
    assert [baseline_text(table, r) for r in table.rows] == [baseline_text(same, r) for r in same.rows]
    assert len(table.spares) == spare_count(4) == 8
    assert [s.index for s in table.spares] == list(range(1, 9))
    assert all(s.roll is not None and 1 <= s.roll <= 6 and s.dice == (s.roll,) for s in table.spares)
    assert table.spare_when == ("the party fights or makes a loud noise", "a bright light is lit")
    assert not same.spares


def test_the_reference_states_the_rule(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    assert pack.check is not None
    facts = {f.label: f.text for f in check_view(pack, pack.check).facts}
    assert facts["Extra roll"] == (
        "the check is rolled once more when the party fights or makes a loud noise; or when a bright light is lit"
    )


def test_odds_command_takes_extra(tmp_path: Path) -> None:
    path = tmp_path / "risky.yaml"
    path.write_text(RISKY_PACK, encoding="utf-8")
    result = CliRunner().invoke(cli, ["odds", str(path), "--extra", "2"])
    assert result.exit_code == 0, result.output
    assert "With 2 extra rolls an hour" in result.output
    assert "quiet baseline" in result.output
    bad = CliRunner().invoke(cli, ["odds", str(path), "--extra", "11"])
    assert bad.exit_code == 2
    assert "--extra must be a whole number from 0 to 10, not 11" in bad.output
    with pytest.raises(ValueError):
        extra_odds(load_text(tmp_path), 1, -1)


def test_the_odds_chart_gives_the_line_with_one_extra_roll(tmp_path: Path) -> None:
    from sheetgen.sheets.odds_chart import odds_chart

    pack = load_text(tmp_path)
    facts = {f.label: f.text for f in odds_chart(pack, quiet_odds(pack, 3), 300.0).facts}
    extra = extra_odds(pack, 1, 1).by_hour[0]
    assert facts["One extra roll an hour"] == (
        f"{float(extra) * 100:.1f}% by hour 1 ({float(quiet_odds(pack, 1).by_hour[0]) * 100:.1f}% quiet)"
    )
