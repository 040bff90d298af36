"""Variants that change the mechanics: --variant ID plays the variant's unit, check and rates, and the
odds, timetables and sheets follow it."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, squeeze
from simulate import simulate_quiet
from test_engine_odds import RUNS, within

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError, UsageError
from sheetgen.load.files import load_pack
from sheetgen.load.variants import printed_texts, variant_id, with_variant
from sheetgen.model.pack import Pack
from sheetgen.words import baseline_text, row_clock

PACK = """\
kind: pack
id: pace
name: Pace
time: {unit: turn, length: 10 minutes}
check:
  name: Wandering Check
  when: every turn
  formula: Roll **1d6**; on a **1** a monster comes.
  roll: 1d6
  trigger: {faces: [1]}
  result: monster
resources:
  - {id: torch, name: Torch, boxes: 6, every: 6}
variants:
  - id: fast
    name: Fast Turns
    text: Turns of 20 minutes; a monster comes on a 1 or 2, and a torch burns a box a turn.
    unit_length: 20 minutes
    check:
      name: Wandering Check
      when: every fast turn
      formula: Roll **1d6**; on a **1-2** a monster comes.
      roll: 1d6
      trigger: {faces: ["1-2"]}
      result: monster
    rates: {torch: 1}
  - name: Careful Search
    text: Nothing changes but the time it takes.
reference:
  pages:
    - title: Pace
      sections: [{kind: check}, {kind: variants}, {kind: odds}]
trackers:
  - id: gm
    title: Pace
    audience: gm
    parts: [{kind: turns}, {kind: resources}]
"""


def load_text(tmp_path: Path, text: str = PACK, name: str = "pace.yaml") -> Pack:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def test_a_variant_changes_the_unit_the_check_and_the_rates(tmp_path: Path) -> None:
    pack = load_text(tmp_path)
    assert [variant_id(v) for v in pack.variants] == ["fast", "careful-search"]
    fast = with_variant(pack, "fast")
    assert fast.time.length == 1200 and fast.name == "Pace (Fast Turns)"
    odds = quiet_odds(fast, 1)
    assert [(c.unit, c.chance) for c in odds.checks] == [(1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3))]
    assert odds.by_hour == (1 - Fraction(2, 3) ** 3,)
    assert [r.by_rate for r in odds.resources] == [3]
    assert quiet_odds(pack, 1).by_hour == (1 - Fraction(5, 6) ** 6,)  # the pack itself is unchanged
    sim = simulate_quiet(fast, 3, RUNS, random.Random(2))
    for p, hits in zip(quiet_odds(fast, 3).by_hour, sim.by_hour, strict=True):
        assert within(p, hits, RUNS)


def test_the_timetable_follows_the_variant(tmp_path: Path) -> None:
    fast = with_variant(load_text(tmp_path), "fast")
    table = build_timetable(fast, site=None, encounter_pack=None, hours=2, seed=4)
    assert [row_clock(table, r) for r in table.rows] == ["0:20", "0:40", "1:00", "1:20", "1:40", "2:00"]
    for row in table.rows:
        assert row.baseline.encounter == (row.roll in (1, 2))
    torch = [lv.level for r in table.rows for lv in r.baseline.resources]
    assert torch == [5, 4, 3, 2, 1, 0]
    assert [(o.name, o.unit) for o in table.runs_out] == [("Torch", 6)]
    assert "Torch out at 2:00" in baseline_text(table, table.rows[-1])


def test_an_unknown_variant_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match='has no variant "slow"; its variants are: fast, careful-search'):
        with_variant(load_text(tmp_path), "slow")


def test_every_command_that_draws_or_rolls_takes_variant(tmp_path: Path) -> None:
    path = tmp_path / "pace.yaml"
    path.write_text(PACK, encoding="utf-8")
    runner = CliRunner()
    for command in ("odds", "timetable", "reference", "tracker", "packet", "export"):
        assert "--variant" in runner.invoke(cli, [command, "--help"]).output, command
    result = runner.invoke(cli, ["odds", str(path), "--variant", "fast", "--hours", "1"])
    assert result.exit_code == 0, result.output
    assert "0:20" in result.output and "1 in 3 (33.3%)" in result.output
    out = tmp_path / "t.json"
    result = runner.invoke(
        cli, ["timetable", str(path), "--variant", "fast", "--format", "json", "-o", str(out), "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert '"minutes": "20"' in out.read_text(encoding="utf-8")
    bad = runner.invoke(cli, ["tracker", str(path), "--variant", "slow", "-o", str(tmp_path / "x.pdf")])
    assert bad.exit_code == 2 and 'has no variant "slow"' in bad.output
    builtin = runner.invoke(cli, ["odds", "dungeon-turn", "--variant", "optional-variant-fast-turns", "--hours", "1"])
    assert builtin.exit_code == 0, builtin.output
    assert "0:20" in builtin.output and "0:10" not in builtin.output


def test_a_rate_for_a_resource_that_does_not_exist(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(PACK.replace("rates: {torch: 1}", "rates: {torches: 1}"), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert [str(p).split(": ", 1)[1] for p in caught.value.problems] == [
        'variants[0].rates.torches: no resource with id "torches" (did you mean "torch"?)'
    ]


def test_a_variant_that_changes_only_the_cadence_keeps_the_rest_of_the_check(tmp_path: Path) -> None:
    text = PACK.split("  - name: Careful Search")[0].replace(
        "variants:\n",
        "variants:\n  - id: risky\n    name: Risky\n    text: Check every second turn.\n"
        "    cadence: {every: 2, first: 1}\n",
    )
    pack = load_text(
        tmp_path, text + "reference:\n  pages:\n    - title: Pace\n      sections: [{kind: check}]\n", "risky.yaml"
    )
    risky = with_variant(pack, "risky")
    assert risky.check is not None and pack.check is not None
    assert risky.check.trigger == pack.check.trigger and risky.check.cadence.every == 2
    odds = quiet_odds(risky, 1)
    assert [(c.unit, c.chance) for c in odds.checks] == [(1, Fraction(1, 6)), (3, Fraction(1, 6)), (5, Fraction(1, 6))]
    sim = simulate_quiet(risky, 2, RUNS, random.Random(8))
    for p, hits in zip(quiet_odds(risky, 2).by_hour, sim.by_hour, strict=True):
        assert within(p, hits, RUNS)
    table = build_timetable(risky, site=None, encounter_pack=None, hours=1, seed=2)
    assert [r.unit for r in table.rows] == [1, 3, 5]


def test_a_variant_rewords_the_pack_text_it_says(tmp_path: Path) -> None:
    """fast-turns' `says` turns the pack's own "10 minutes" into 20 on every sheet it draws, and
    leaves the pack as written without the variant."""
    pack = load_pack("dungeon-turn")
    fast = with_variant(pack, "fast-turns")
    before, after = "\n".join(printed_texts(pack)), "\n".join(printed_texts(fast))
    assert "one dungeon turn (10 minutes)" in before and "one dungeon turn (10 minutes)" not in after
    assert "1 hour (3 turns)" in after and "1 hour (6 turns)" not in after
    assert [v.text for v in fast.variants] == [v.text for v in pack.variants]
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["tracker", "dungeon-turn", "--variant", "fast-turns", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = squeeze(" ".join(page_texts(read_pdf(out.read_bytes()))))
    assert "one dungeon turn (20 minutes)" in text and "(10 minutes)" not in text
