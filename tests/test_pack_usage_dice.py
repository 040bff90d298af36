"""The usage-dice pack: torches, lantern oil and rations that run down by usage dice (a 1-2 steps the die
down, d20 to d4, then it is gone), lights lit one after another; and its example site, The Lampless Mine."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from builtin_pack_checks import builds_every_sheet, check_passes, example_site, starter_site_builds, timetable_json
from click.testing import CliRunner

from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.types import ResourceUse
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("usage-dice")


def steps(*sides: int) -> list[Fraction]:
    """ "On a 1-2, the die steps down": each roll of a dN steps it down with chance 2 in N."""
    return [Fraction(2, n) for n in sides]


def lasts_at_most(chances: list[Fraction], rolls: int) -> Fraction:
    """P(every step of the ladder is taken within `rolls` rolls): the dice are rolled one roll a time, and
    the die in use steps down with its own chance, so the rolls each die lasts are added (a sum of
    geometric counts, worked out roll by roll)."""
    # at[k]: the chance of being on step k (len(chances): gone) after the rolls so far
    at = [Fraction(1)] + [Fraction(0)] * len(chances)
    for _ in range(rolls):
        nxt = [Fraction(0)] * len(at)
        nxt[-1] = at[-1]
        for k, p in enumerate(chances):
            nxt[k] += at[k] * (1 - p)
            nxt[k + 1] += at[k] * p
        at = nxt
    return at[-1]


def used(pack: Pack, resource: str) -> ResourceUse:
    (use,) = [u for u in quiet_odds(pack).resources if u.resource == resource]
    return use


def test_check_passes_for_the_pack_and_its_site(runner: CliRunner) -> None:
    check_passes(runner, "usage-dice", "the-lampless-mine")


def test_the_pack_says_what_it_is_for(pack: Pack) -> None:
    assert pack.shelf == "dungeon"
    assert "in the style of The Black Hack" in pack.summary and "The Black Hack" in pack.source
    assert [(r.id, r.dice, r.after) for r in pack.resources] == [
        ("torch-1", ["d6", "d4"], None),
        ("torch-2", ["d6", "d4"], "torch-1"),
        ("lantern", ["d8", "d6", "d4"], "torch-2"),
        ("rations", ["d10", "d8", "d6", "d4"], None),
    ]


def test_the_wandering_check_every_third_turn(pack: Pack) -> None:
    odds = quiet_odds(pack)
    assert odds.hours == 6
    # "Roll 1d6 every third turn (every 30 minutes); on a 1, a wandering encounter": two checks an hour
    assert [c.unit for c in odds.checks] == list(range(3, 37, 3))
    assert odds.by_hour == tuple(1 - Fraction(5, 6) ** (2 * h) for h in range(1, 7))
    assert odds.expected_encounters == 2


def test_a_torch_lasts_by_its_usage_die(pack: Pack) -> None:
    torch = used(pack, "torch-1")
    # "Roll at the end of every turn it burns" on a d6 then a d4: 6 rolls in the first hour
    assert torch.gone_by_hour[0] == lasts_at_most(steps(6, 4), 6)
    # by hand: P(d6 steps on roll a) = (2/3)^(a-1)/3; the d4 must then step within 6 - a rolls
    by_hand = sum((Fraction(2, 3) ** (a - 1) / 3 * (1 - Fraction(1, 2) ** (6 - a)) for a in range(1, 6)), Fraction(0))
    assert torch.gone_by_hour[0] == by_hand == Fraction(5971, 7776)  # 76.8%, as the reference prints
    # on average 3 rolls on the d6 (1 in 3) and 2 on the d4 (1 in 2): 5 turns
    assert torch.lasts_units == 5


def test_the_lights_are_lit_one_after_another(pack: Pack) -> None:
    second, lantern = used(pack, "torch-2"), used(pack, "lantern")
    # Torch 2 is lit when Torch 1 is out: gone by 2:00 when both ladders are used within 12 turns
    assert second.gone_by_hour[1] == lasts_at_most(steps(6, 4, 6, 4), 12)
    assert second.out_units == 10 and second.lasts_units == 5
    # the lantern (d8, d6, d4) after both torches: 4 + 3 + 2 turns once lit, 19 from the start
    assert lantern.lasts_units == 9 and lantern.out_units == 19
    assert lantern.gone_by_hour[5] == lasts_at_most(steps(6, 4, 6, 4, 8, 6, 4), 36)


def test_rations_are_rolled_at_each_rest(pack: Pack) -> None:
    rations = used(pack, "rations")
    # "roll the die then", once an hour, on d10, d8, d6, d4: 5 + 4 + 3 + 2 = 14 rolls on average
    assert rations.lasts_units == 14 * 6
    assert rations.gone_by_hour[5] == lasts_at_most(steps(10, 8, 6, 4), 6)
    assert rations.gone_by_hour[2] == 0  # four steps cannot be taken in three rolls


def test_the_timetable_says_when_each_light_goes_out(runner: CliRunner, tmp_path: Path) -> None:
    data = timetable_json(runner, tmp_path, "the-lampless-mine")
    outs = [(r["resource"], r["unit"]) for row in data["rows"] for r in row["baseline"]["ran_out"]]
    order = [name for name, _ in outs]
    assert order[:3] == ["torch-1", "torch-2", "lantern"]
    units = [unit for _, unit in outs[:3]]
    assert units == sorted(units) and units[0] >= 2  # a torch takes two rolls at the least


def test_the_example_site() -> None:
    loaded = example_site("the-lampless-mine", "usage-dice", "1d6", ["HD", "AC", "ATK", "MV"])
    assert loaded.site.rooms[0].treasure is not None and "Torch die" in loaded.site.rooms[0].treasure


@pytest.mark.slow
def test_every_sheet_builds(runner: CliRunner, tmp_path: Path) -> None:
    sheets = builds_every_sheet(runner, tmp_path, "usage-dice", "the-lampless-mine")
    reference = sheets["reference"][0]
    assert "d20" in reference and "steps down to d12" in reference
    assert "Lasts about 50 minutes on average" in reference
    assert any("Lampless Mine" in page for page in sheets["packet"])


@pytest.mark.slow
def test_a_starter_site_for_the_pack(runner: CliRunner, tmp_path: Path) -> None:
    starter_site_builds(runner, tmp_path, "usage-dice")
