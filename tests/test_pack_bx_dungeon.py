"""The built-in bx-dungeon pack and its example site, the-mill-cellars: the rules it holds, its exact odds
worked out by hand, and every sheet built from it, read back from the PDFs."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import command_texts

import sheetgen
from sheetgen.cli import cli
from sheetgen.engine.dice import parse_dice, probability
from sheetgen.engine.odds import quiet_odds
from sheetgen.load.files import builtin_site_names, load_pack, load_site
from sheetgen.model.common import RollRange
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack

SITE = "the-mill-cellars"
BX_ORDER = ["AC", "HD", "Att", "THAC0", "MV", "SV", "ML", "AL", "XP", "NA", "TT"]
"""The B/X statblock line: armour class, hit dice, attacks, THAC0, movement, saves, morale, alignment,
then experience, number appearing and treasure type."""


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("bx-dungeon")


@pytest.fixture(scope="module")
def site() -> LoadedSite:
    return load_site(SITE)


def _labels(text: str, name: str) -> list[str]:
    """The stat labels printed under the statblock *name*, in print order, up to its notes or the next
    statblock."""
    start = text.index(name) + len(name)
    end = min([i for i in (text.find("NOTES", start), text.find("ACTIONS", start)) if i >= 0] or [len(text)])
    return re.findall(r"(?:^|\s)([A-Za-z0-9]+):", text[start:end])


def test_check_passes_for_the_pack_and_its_site(runner: CliRunner) -> None:
    package = Path(sheetgen.__file__).parent
    result = runner.invoke(
        cli, ["check", str(package / "rules" / "bx-dungeon.yaml"), str(package / "sites" / f"{SITE}.yaml")]
    )
    assert result.exit_code == 0, result.output
    assert "ok (pack bx-dungeon: B/X Dungeon Turns)" in result.output
    assert "ok (site 'The Mill Cellars', 8 rooms, pack bx-dungeon)" in result.output
    assert SITE in builtin_site_names()


def test_it_names_its_game_family_and_shelf(pack: Pack) -> None:
    assert "B/X-style games" in pack.summary and "B/X-style games" in pack.source
    assert pack.shelf_name == "dungeon"


def test_the_rules(pack: Pack) -> None:
    assert (pack.time.unit, pack.time.length) == ("turn", 600)
    check = pack.check
    assert check is not None and check.roll == "1d6" and check.cadence.every == 2
    assert [(r.low, r.high) for r in check.trigger.faces or []] == [(1, 1)]
    resources = {r.id: r for r in pack.resources}
    assert (resources["torch-1"].boxes, resources["torch-1"].every) == (6, 1)  # a torch: 6 turns
    assert resources["torch-2"].after == "torch-1"
    assert (resources["lantern-oil"].boxes, resources["lantern-oil"].every) == (4, 6)  # a box an hour, 4 hours
    (rest,) = pack.rests
    assert (rest.time, rest.every) == (600, 6)  # one turn in six
    rules = pack.encounter
    assert rules is not None and rules.morale is not None
    assert (rules.morale.roll, rules.morale.fails) == ("2d6", "above")
    assert [(o.side, o.roll, str(o.on), o.result) for o in rules.openings] == [
        ("party", "1d6", "1-2", "surprised"),
        ("monsters", "1d6", "1-2", "surprised"),
    ]
    assert rules.statblock is not None
    assert [slot.printed for slot in rules.statblock.stats] == BX_ORDER


def test_exact_odds_of_the_wandering_check(pack: Pack) -> None:
    odds = quiet_odds(pack, 3)
    # "Roll 1d6 every second turn; on a 1, wandering monsters appear": turns 2, 4 ... 18, each 1 in 6
    assert [c.unit for c in odds.checks] == list(range(2, 19, 2))
    assert {c.chance for c in odds.checks} == {Fraction(1, 6)}
    # the first at check n: n-1 quiet checks, then a 1: (5/6)^(n-1) x 1/6
    assert [c.chance_first for c in odds.checks] == [Fraction(5, 6) ** (n - 1) / 6 for n in range(1, 10)]
    # three checks an hour: at least one wandering monster in 1 hour = 1 - (5/6)^3, in 2 = 1 - (5/6)^6 ...
    assert odds.by_hour == (1 - Fraction(5, 6) ** 3, 1 - Fraction(5, 6) ** 6, 1 - Fraction(5, 6) ** 9)
    assert odds.by_hour[0] == Fraction(91, 216)
    # nine checks of 1 in 6 in three hours: 9/6 expected
    assert odds.expected_encounters == Fraction(3, 2)
    # the wait is geometric: 6 checks on average, 20 minutes apart
    assert odds.expected_minutes_to_first == 6 * 20


def test_exact_odds_of_light(pack: Pack) -> None:
    used = {r.resource: r for r in quiet_odds(pack, 3).resources}
    # "a torch burns for 6 turns": the first is out at 1:00, the second, lit after it, at 2:00
    assert used["torch-1"].out_units == 6 and used["torch-2"].out_units == 12
    none, all_ = Fraction(0), Fraction(1)
    assert used["torch-1"].gone_by_hour == (all_, all_, all_) and used["torch-2"].gone_by_hour == (none, all_, all_)
    # "a flask of oil keeps a lantern burning for 4 hours": 24 turns, 3 of its 4 boxes in three hours
    assert used["lantern-oil"].lasts_units == 24 and used["lantern-oil"].by_rate == 3


def test_exact_odds_of_the_encounter_rolls(pack: Pack) -> None:
    two_d6 = parse_dice("2d6").distribution()
    reaction = pack.table("reaction")

    def rolled_on(roll: RollRange | None) -> Callable[[int], bool]:
        return lambda total: roll is not None and total in roll

    chances = [probability(two_d6, rolled_on(row.roll)) for row in reaction.rows]
    # 2d6: a 2 or a 12 is 1 way in 36; 3-5 and 9-11 are 2+3+4 = 9 ways; 6-8 is 5+6+5 = 16 ways
    assert chances == [Fraction(1, 36), Fraction(9, 36), Fraction(16, 36), Fraction(9, 36), Fraction(1, 36)]
    # "each side rolls 1d6; on a 1-2 that side is surprised": 1 in 3 each, both 1 in 9
    surprise = parse_dice("1d6").distribution()
    assert probability(surprise, lambda v: v <= 2) == Fraction(1, 3)
    # "a roll above the score means they flee": morale 7 breaks on 8-12, 5+4+3+2+1 = 15 ways in 36
    assert probability(two_d6, lambda v: v > 7) == Fraction(15, 36)


def test_odds_command_prints_the_figures(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["odds", "bx-dungeon"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.search(r"^1\s+0:20\s+1 in 6 \(16\.7%\)\s+1 in 6 \(16\.7%\)$", lines[1])
    assert any(re.search(r"^By hour 1\s+1:00\s+at least one: 42\.1%$", line) for line in lines)  # 91/216
    assert any(re.search(r"^By hour 3\s+3:00\s+at least one: 80\.6%$", line) for line in lines)  # 1 - (5/6)^9


def test_reference_prints_the_statblock_in_bx_order(runner: CliRunner, tmp_path: Path) -> None:
    (text,) = command_texts(tmp_path, "reference", "bx-dungeon", "--no-cache")
    for fact in (
        "Wandering Monster Check",
        "1d6: wandering monster on a 1; every 2 turns (20 minutes)",
        "Monster Reaction",
        "Torch 1",
        "Lantern Oil",
        "Rest",
    ):
        assert fact in text
    # the file gives morale and number appearing as fields; the layout puts them at ML and NA
    assert _labels(text, "Cave Goblin") == ["AC", "HD", "Att", "THAC0", "MV", "SV", "ML", "AL", "XP", "NA"]


def test_trackers_for_the_referee_and_the_players(runner: CliRunner, tmp_path: Path) -> None:
    (gm,) = command_texts(tmp_path, "tracker", "bx-dungeon", "--for", "gm")
    (players,) = command_texts(tmp_path, "tracker", "bx-dungeon", "--for", "players")
    assert "For the Referee" in gm and "Monster Reaction (2d6)" in gm and "C Wandering Monster Check" in gm
    assert "For the players" in players and "Monster Reaction" not in players
    for text in (gm, players):
        assert "Torch 1" in text and "Lantern Oil" in text and "R Rest due" in text


def test_timetable_of_its_site(runner: CliRunner, tmp_path: Path) -> None:
    texts = command_texts(tmp_path, "timetable", SITE, "--seed", "7")
    text = " ".join(texts)
    assert "Wandering Monster Check" in text and "Seed 7" in text
    assert "Torch 1 out at 1:00: Torch 2 lit" in text
    assert "Surprise: party 1d6" in text and "Reaction:" in text


def test_packet_prints_the_sites_statblocks_in_bx_order(runner: CliRunner, tmp_path: Path, site: LoadedSite) -> None:
    texts = command_texts(tmp_path, "packet", SITE, "--seed", "7", "-q", "--no-cache")
    cards = " ".join(t for t in texts if "THAC0:" in t and "For the Referee" not in t)
    assert len(site.site.statblocks) == 4
    for block in site.site.statblocks:
        given = {name for name in block.stats} | {"ML", "NA"}
        assert _labels(cards, block.name) == [label for label in BX_ORDER if label in given], block.name
