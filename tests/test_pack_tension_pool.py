"""The built-in tension-dice pack and its example site, the-salt-tunnels: the rules it holds, its exact odds
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
from sheetgen.engine.dice import parse_dice, pool_lowest, probability
from sheetgen.engine.odds import quiet_odds
from sheetgen.load.files import builtin_site_names, load_pack, load_site
from sheetgen.model.common import RollRange
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack

SITE = "the-salt-tunnels"
ORDER = ["Level", "AC", "HP", "Speed", "Attack", "Damage", "Morale", "Appearing"]
"""The pack's statblock line, as its layout gives it."""


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("tension-dice")


@pytest.fixture(scope="module")
def site() -> LoadedSite:
    return load_site(SITE)


def _labels(text: str, name: str) -> list[str]:
    """The stat labels printed under the statblock *name*, in print order, up to its last line (Appearing)
    or its notes."""
    start = text.index(name) + len(name)
    end = min([i for i in (text.find("NOTES", start), text.find("Appearing:", start)) if i >= 0] or [len(text)])
    return [
        *re.findall(r"(?:^|\s)([A-Za-z0-9]+):", text[start:end]),
        *(["Appearing"] if text.startswith("Appearing:", end) else []),
    ]


def test_check_passes_for_the_pack_and_its_site(runner: CliRunner) -> None:
    package = Path(sheetgen.__file__).parent
    result = runner.invoke(
        cli, ["check", str(package / "rules" / "tension-dice.yaml"), str(package / "sites" / f"{SITE}.yaml")]
    )
    assert result.exit_code == 0, result.output
    assert "ok (pack tension-dice: Tension Dice)" in result.output
    assert "ok (site 'The Salt Tunnels', 7 rooms, pack tension-dice)" in result.output
    assert SITE in builtin_site_names()


def test_it_names_its_game_family_and_shelf(pack: Pack) -> None:
    assert "tension pool" in pack.summary and "tension-pool procedure" in pack.source
    assert pack.shelf_name == "dungeon"


def test_the_rules(pack: Pack) -> None:
    assert (pack.time.unit, pack.time.length) == ("turn", 600)
    check = pack.check
    assert check is not None and check.roll is None and check.pool is not None
    pool = check.pool
    # the pool starts empty, gains a die a turn (a tally marked every turn) and one per extra mark
    assert (pool.die, pool.base, pool.roll_at, pool.max_dice, pool.read) == ("d6", 0, 6, 6, "lowest")
    assert pool.tallies == ["pool-die", "extra-die"]
    assert [(t.id, t.per_unit) for t in pack.tallies] == [("pool-die", 1), ("extra-die", 0)]
    assert [(r.low, r.high) for r in check.trigger.faces or []] == [(1, 1)]  # any 1: the lowest die is 1
    (torch, _spares) = pack.resources
    assert (torch.boxes, torch.every) == (6, 1)
    rules = pack.encounter
    assert rules is not None and rules.statblock is not None
    assert [slot.printed for slot in rules.statblock.stats] == ORDER


def test_exact_odds_of_the_tension_roll(pack: Pack) -> None:
    odds = quiet_odds(pack, 3)
    any_one = 1 - Fraction(5, 6) ** 6  # six d6, at least one 1: 31031/46656
    # "when the pool holds 6 dice, roll them all and empty it": a quiet party's pool fills on turns 6, 12, 18
    assert [c.unit for c in odds.checks] == [6, 12, 18]
    # "any 1 is a complication": 1 - (5/6)^6 each time
    assert {c.chance for c in odds.checks} == {any_one}
    assert any_one == Fraction(31031, 46656)
    assert probability(pool_lowest(6, 6), lambda v: v == 1) == any_one  # the engine's pool, by hand
    # the first at roll n: n-1 rolls without a 1, (5/6)^6 each, then one with a 1
    assert [c.chance_first for c in odds.checks] == [Fraction(5, 6) ** (6 * (n - 1)) * any_one for n in (1, 2, 3)]
    # one roll an hour: at least one complication in h hours = 1 - (5/6)^(6h)
    assert odds.by_hour == tuple(1 - Fraction(5, 6) ** (6 * h) for h in (1, 2, 3))
    assert odds.expected_encounters == 3 * any_one
    # the wait is geometric in rolls an hour apart: 60 minutes / (1 - (5/6)^6), about 90 minutes
    assert odds.expected_minutes_to_first == 60 / any_one


def test_exact_odds_of_a_complication(pack: Pack) -> None:
    d6 = parse_dice("1d6").distribution()
    table = pack.table("complications")

    def rolled_on(roll: RollRange | None) -> Callable[[int], bool]:
        return lambda total: roll is not None and total in roll

    chances = {row.cells[0]: probability(d6, rolled_on(row.roll)) for row in table.rows}
    # "1-2: Encounter" is 2 in 6, each other row 1 in 6
    assert chances == {
        "Encounter": Fraction(1, 3),
        "Sign": Fraction(1, 6),
        "Light": Fraction(1, 6),
        "Hazard": Fraction(1, 6),
        "Fatigue": Fraction(1, 6),
    }
    used = {r.resource: r for r in quiet_odds(pack, 3).resources}
    assert used["torch"].out_units == 6  # "a torch lasts 6 turns"


def test_odds_command_prints_the_figures(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["odds", "tension-dice"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert re.search(r"^1\s+1:00\s+66\.5%\s+66\.5%$", lines[1])  # 31031/46656
    assert any(re.search(r"^By hour 2\s+2:00\s+at least one: 88\.8%$", line) for line in lines)  # 1 - (5/6)^12
    assert any(re.search(r"^By hour 3\s+3:00\s+at least one: 96\.2%$", line) for line in lines)  # 1 - (5/6)^18


def test_reference_prints_the_statblock_in_the_packs_order(runner: CliRunner, tmp_path: Path) -> None:
    (text,) = command_texts(tmp_path, "reference", "tension-dice", "--no-cache")
    for fact in (
        "Tension Roll",
        "when the pool holds 6 dice (every 6 turns for a quiet party)",
        "Complications",
        "Extra die",
        "Torch",
        "Short Rest",
    ):
        assert fact in text
    assert _labels(text, "Cave Bat Swarm") == ORDER


def test_trackers_for_the_gm_and_the_players(runner: CliRunner, tmp_path: Path) -> None:
    (gm,) = command_texts(tmp_path, "tracker", "tension-dice", "--for", "gm")
    (players,) = command_texts(tmp_path, "tracker", "tension-dice", "--for", "players")
    assert "For the GM" in gm and "The Pool" in gm and "6: roll" in gm and "Complications (1d6)" in gm
    assert "For the players" in players and "Complications" not in players and "6: roll" not in players
    for text in (gm, players):
        assert "Torch" in text and "Short Rest" in text


def test_timetable_of_its_site(runner: CliRunner, tmp_path: Path) -> None:
    text = " ".join(command_texts(tmp_path, "timetable", SITE, "--seed", "7"))
    assert "Tension Roll" in text and "Seed 7" in text
    assert "not rolled (pool of 5, rolled at 6)" in text and "Torch out at 1:00" in text
    assert "wandering encounters (1d6)" in text


def test_packet_prints_the_sites_statblocks_in_the_packs_order(
    runner: CliRunner, tmp_path: Path, site: LoadedSite
) -> None:
    texts = command_texts(tmp_path, "packet", SITE, "--seed", "7", "-q", "--no-cache")
    cards = " ".join(t for t in texts if "Level:" in t and "For the GM" not in t)
    assert len(site.site.statblocks) == 4
    for block in site.site.statblocks:
        assert _labels(cards, f"{block.name} {block.description}") == ORDER, block.name
