"""Dice read one by one: a check whose trigger or outcomes are patterns (doubles, a face on any die, a face
on a named die, a count of dice, a total), with exact odds worked out by hand, the simulation, the
timetable's faces and the loader's errors at their lines."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf
from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.load.variants import with_variant
from sheetgen.model.pack import Pack
from sheetgen.words import check_sentence, row_rule

PACK = (Path(__file__).resolve().parent / "data" / "packs" / "wandering-dice.yaml").read_text(encoding="utf-8")

CHECK_TAIL = PACK[PACK.index("  trigger:") : PACK.index("tables:")]


def load_text(tmp_path: Path, text: str = PACK) -> Pack:
    path = tmp_path / "dice.yaml"
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def with_check(roll: str, rest: str) -> str:
    """The pack with its roll and everything from its trigger to its outcomes replaced (and without its
    tracker's results part when the check names no outcomes)."""
    text = PACK.replace("  roll: 2d6\n  dice_names: [red, white]\n", f"  roll: {roll}\n").replace(CHECK_TAIL, rest)
    return text if "outcomes:" in rest else text.replace("      - kind: results\n", "")


def test_doubles_and_the_outcomes_below_them_have_the_odds_worked_out_by_hand(tmp_path: Path) -> None:
    odds = quiet_odds(load_text(tmp_path), 1)
    assert [c.chance for c in odds.checks] == [Fraction(1, 6)] * 6
    assert odds.by_hour[-1] == 1 - Fraction(5, 6) ** 6
    by_name = {o.name: o.chances[0] for o in odds.outcomes}
    # a 1 without doubles: the 11 throws with a 1 less (1, 1); a red 6 with neither doubles nor a 1
    assert by_name == {
        "Ambush": Fraction(1, 36),
        "Encounter": Fraction(5, 36),
        "Spoor": Fraction(10, 36),
        "Echo": Fraction(4, 36),
    }


@pytest.mark.parametrize(
    ("roll", "rest", "chance"),
    [
        ("3d6", "  trigger: {pattern: {count: {faces: 6, at_least: 2}}}\n", Fraction(16, 216)),
        ("3d6", "  trigger: {pattern: {doubles: 1}}\n", Fraction(16, 216)),
        ("2d6", "  trigger: {pattern: {doubles: any, total: 8+}}\n", Fraction(3, 36)),
        ("1d6+1d8", "  dice_names: [small, big]\n  trigger: {pattern: {die: {big: 7-8}, any: 1}}\n", Fraction(2, 48)),
        ("2d10", "  trigger: {pattern: {any: 10}}\n", Fraction(19, 100)),
    ],
)
def test_each_kind_of_pattern_has_its_exact_chance(tmp_path: Path, roll: str, rest: str, chance: Fraction) -> None:
    odds = quiet_odds(load_text(tmp_path, with_check(roll, rest)), 1)
    assert odds.checks[0].chance == chance


def test_what_reads_a_number_reads_the_dice_total(tmp_path: Path) -> None:
    """A threshold with a pattern outcome beside it: the trigger reads the total, the outcome the faces."""
    text = with_check(
        "2d6",
        "  trigger: {at_least: 10}\n  outcomes:\n"
        "    - {pattern: {doubles: any}, result: Doubles}\n"
        "    - {roll: 2-6, result: Low}\n",
    )
    odds = quiet_odds(load_text(tmp_path, text), 1)
    assert odds.checks[0].chance == Fraction(6, 36)
    assert [o.chances[0] for o in odds.outcomes] == [Fraction(6, 36), Fraction(15 - 3, 36)]


@pytest.mark.slow
def test_the_exact_odds_agree_with_the_simulation(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    odds = quiet_odds(pack, 1)
    sim = simulate_quiet(pack, 1, RUNS, random.Random(11))
    for c in odds.checks:
        assert within(c.chance, sim.triggered[c.unit - 1], RUNS)
        assert within(c.chance_first, sim.first[c.unit - 1], RUNS)
    for n, outcome in enumerate(odds.outcomes):
        for p, hits in zip(outcome.by_hour, sim.outcome_by_hour[n], strict=True):
            assert within(p, hits, RUNS)


def test_the_timetable_prints_each_rows_faces_and_reads_them(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=5)
    assert all(len(row.dice) == 2 for row in table.rows)
    for row in table.rows:
        red, white = row.dice
        assert row.roll == red + white
        assert row.baseline.encounter == (red == white)
        expected = (
            "Ambush"
            if red == white == 6
            else "Encounter"
            if red == white
            else "Spoor"
            if 1 in row.dice
            else "Echo"
            if red == 6
            else None
        )
        assert row.outcome == row.baseline.outcome == expected
        rule = row_rule(table, row)
        assert rule.startswith(f"2d6 = {red}, {white}")
        assert rule.endswith("(doubles): encounter" if red == white else ": no encounter")
    spoor = [row for row in table.rows if row.outcome == "Spoor"]
    assert spoor and all(row.baseline.sign_card is not None for row in spoor)
    assert build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=5) == table


def test_the_sheets_say_the_patterns(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    assert check_sentence(pack) == "2d6: encounter on doubles; every turn (10 minutes)"
    path = tmp_path / "dice.yaml"
    result = CliRunner().invoke(cli, ["reference", str(path), "-o", str(tmp_path / "ref.pdf")])
    assert result.exit_code == 0, result.output
    text = " ".join(page_texts(read_pdf((tmp_path / "ref.pdf").read_bytes())))
    for said in ("double 6s", "Ambush", "a 1 on any die", "red 6", "encounter on doubles"):
        assert said in text, said
    result = CliRunner().invoke(
        cli, ["timetable", str(path), "--hours", "1", "--seed", "5", "-o", str(tmp_path / "tt.pdf")]
    )
    assert result.exit_code == 0, result.output
    text = " ".join(page_texts(read_pdf((tmp_path / "tt.pdf").read_bytes())))
    assert "2d6 = 5, 3: no encounter" in text


@pytest.mark.parametrize(
    ("roll", "rest", "message"),
    [
        (
            "2d6+1",
            "  trigger: {pattern: {doubles: any}}\n",
            "check.roll: patterns read each die of a roll made of dice only, added up, such as 2d6 or 1d6+1d8; "
            "2d6+1 is not",
        ),
        ("4d6kh3", "  trigger: {pattern: {doubles: any}}\n", "4d6kh3 is not"),
        ("9d6", "  trigger: {pattern: {doubles: any}}\n", "patterns read at most 8 dice"),
        ("1d6", "  trigger: {pattern: {doubles: any}}\n", "check.trigger.pattern: no throw of 1d6 shows this pattern"),
        ("2d6", "  trigger: {pattern: {die: {red: 1}}}\n", '"red" names a die, but the check names none'),
        (
            "2d6",
            "  dice_names: [red]\n  trigger: {pattern: {doubles: any}}\n",
            "check.dice_names: give one name for each die of 2d6: 2",
        ),
        ("2d6", "  dice_names: [red, red]\n  trigger: {pattern: {doubles: any}}\n", '"red" names two dice'),
        ("2d6", "  dice_names: [red, white]\n  trigger: {pattern: {die: {blue: 1}}}\n", "blue"),
        (
            "2d6",
            "  dice_names: [red, white]\n  trigger: {at_least: 7}\n",
            "check.dice_names: dice names are for patterns",
        ),
        (
            "2d6",
            "  trigger: {pattern: {doubles: any}}\n  outcomes:\n    - {pattern: {doubles: any}, result: A}\n"
            "    - {pattern: {doubles: 6}, result: B}\n",
            "check.outcomes[1].pattern: every throw that shows it is taken by an outcome above it",
        ),
        (
            "2d6",
            "  trigger: {pattern: {doubles: any}}\n  outcomes:\n    - {roll: 13, result: A}\n",
            "check.outcomes[0].roll: no throw of 2d6 shows it",
        ),
        (
            "2d6",
            "  trigger: {pattern: {doubles: any}}\n  outcomes:\n    - {roll: 2, pattern: {any: 1}, result: A}\n",
            "give either roll",
        ),
        ("2d6", "  trigger: {pattern: {}}\n", "give at least one of doubles, any, die, count and total"),
        ("2d6", "  trigger: {pattern: {doubles: any}, at_least: 3}\n", "give exactly one of"),
    ],
)
def test_a_pattern_that_cannot_be_read_is_refused_at_its_line(
    tmp_path: Path, roll: str, rest: str, message: str
) -> None:
    with pytest.raises(DataError) as caught:
        load_text(tmp_path, with_check(roll, rest))
    assert "dice.yaml:" in str(caught.value) and message in str(caught.value), str(caught.value)


def test_a_bad_pattern_is_exit_2_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "dice.yaml"
    path.write_text(with_check("1d6", "  trigger: {pattern: {doubles: any}}\n"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "pattern" in text)
    assert f"dice.yaml:{line}:" in result.output, result.output


def test_a_variants_check_is_read_the_same_way(tmp_path: Path) -> None:
    variant = """\
variants:
  - id: deep
    name: Deep Levels
    text: A 6 on either die.
    check:
      name: Wandering Dice
      when: at the end of every turn
      formula: Roll **2d6**; a 6 on either die is an encounter.
      roll: 2d6
      trigger: {pattern: {any: 6}}
      outcomes:
        - {pattern: {doubles: any}, result: Encounter}
        - {pattern: {doubles: 6}, result: Never}
reference:
"""
    with pytest.raises(DataError) as caught:
        load_text(tmp_path, PACK.replace("reference:\n", variant, 1))
    assert "variants[0].check.outcomes[1].pattern: every throw that shows it is taken" in str(caught.value)
    pack = load_text(
        tmp_path,
        PACK.replace("reference:\n", variant.replace("        - {pattern: {doubles: 6}, result: Never}\n", ""), 1),
    )
    deep = quiet_odds(with_variant(pack, "deep"), 1)
    assert deep.checks[0].chance == Fraction(11, 36)
    assert deep.outcomes[0].chances[0] == Fraction(6, 36)
