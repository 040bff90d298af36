"""The danger-rounds pack: crawling rounds of 10 minutes, a danger level the GM sets that decides how often
the check comes, torches that burn an hour one after another; and its example site, The Ember Vault."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from builtin_pack_checks import builds_every_sheet, check_passes, example_site, starter_site_builds, timetable_json
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack

MISS = Fraction(5, 6)  # "Roll 1d6 when the check is due ... On a 1, an encounter": no encounter 5 in 6


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("danger-rounds")


def test_check_passes_for_the_pack_and_its_site(runner: CliRunner) -> None:
    check_passes(runner, "danger-rounds", "the-ember-vault")


def test_the_pack_says_what_it_is_for(pack: Pack) -> None:
    assert pack.shelf == "dungeon"
    assert "in the style of Shadowdark" in pack.summary and "in the style of Shadowdark" in pack.source
    assert pack.time.length == 600 and pack.time.unit == "crawling round"


def test_each_danger_level_has_its_exact_odds(pack: Pack) -> None:
    odds = quiet_odds(pack)
    assert odds.hours == 3  # 18 crawling rounds of 10 minutes
    (danger,) = odds.chosen
    unsafe, risky, deadly = danger.levels
    assert [lv.label for lv in danger.levels] == ["Unsafe", "Risky", "Deadly"]
    # unsafe: "every 3 rounds": 18 / 3 = 6 checks in 3 hours, 1 in 6 each
    assert unsafe.chances == (Fraction(1, 6),) * 6
    assert unsafe.by_end == 1 - MISS**6
    assert unsafe.expected == 1
    # risky: "every 2 rounds": 9 checks
    assert len(risky.chances) == 9 and risky.by_end == 1 - MISS**9
    assert risky.expected == Fraction(9, 6)
    # deadly: "every round": 18 checks
    assert len(deadly.chances) == 18 and deadly.by_end == 1 - MISS**18
    assert deadly.expected == 3
    # the pack's own odds are those of its start, unsafe: 2 checks by hour 1 (rounds 3 and 6)
    assert [c.unit for c in odds.checks] == [3, 6, 9, 12, 15, 18]
    assert odds.by_hour == (1 - MISS**2, 1 - MISS**4, 1 - MISS**6)


def test_torches_burn_an_hour_each_one_after_another(runner: CliRunner, tmp_path: Path) -> None:
    data = timetable_json(runner, tmp_path, "the-ember-vault")
    # "Each torch burns one hour (6 crawling rounds); the next is lit when it goes out."
    outs = {(r["resource"], r["unit"]) for row in data["rows"] for r in row["baseline"]["ran_out"]}
    assert outs == {("torch-1", 6), ("torch-2", 12), ("torch-3", 18)}
    assert {lv["level"] for row in data["rows"] for lv in row["baseline"]["levels"]} == {1}
    # `sheetgen odds`: each torch uses its 6 boxes, no more, and is out an hour after the one before
    result = runner.invoke(cli, ["odds", "danger-rounds"])
    assert result.exit_code == 0, result.output
    rows = [line.split("  ") for line in result.output.splitlines() if line.startswith("Resource: Torch")]
    assert [[cell.strip() for cell in row if cell.strip()] for row in rows] == [
        [f"Resource: Torch {n}", "3:00", f"all 6 boxes; out at {n}:00", f"6 to a full Torch {n}"] for n in (1, 2, 3)
    ]


def test_the_example_site() -> None:
    loaded = example_site("the-ember-vault", "danger-rounds", "1d6", ["AC", "HP", "ATK", "MV"])  # the check's die
    assert loaded.site.statblocks[0].morale == 6


@pytest.mark.slow
def test_every_sheet_builds(runner: CliRunner, tmp_path: Path) -> None:
    sheets = builds_every_sheet(runner, tmp_path, "danger-rounds", "the-ember-vault")
    reference = sheets["reference"][0]
    assert "Danger Level" in reference and "Unsafe" in reference and "Deadly" in reference
    assert "66.5%" in reference  # 1 - (5/6)^6, unsafe, by 3:00
    assert any("Torch 1 out at 1:00: Torch 2 lit" in page for page in sheets["timetable"])
    assert any("Forge-Keeper" in page for page in sheets["packet"])


@pytest.mark.slow
def test_a_starter_site_for_the_pack(runner: CliRunner, tmp_path: Path) -> None:
    starter_site_builds(runner, tmp_path, "danger-rounds")


def test_a_leg_of_part_of_a_round_is_told_a_time_the_file_can_hold(runner: CliRunner, tmp_path: Path) -> None:
    site = tmp_path / "stair.yaml"
    site.write_text(
        'site: Stair\nsystem: danger-rounds\nrooms:\n  - {key: "1", name: Stair}\nroute:\n  legs:\n'
        "    - {key: A, name: Down, terrain: Risky, time: 85 minutes}\n",
        encoding="utf-8",
    )
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (
        f"error: {site}:7:50: route.legs[0].time: a leg takes a whole number of crawling rounds (10 minutes each): "
        "1 hour 25 minutes is 8.5; write 80 minutes"
    )
    site.write_text(site.read_text(encoding="utf-8").replace("85 minutes", "80 minutes"), encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 0, result.output
