"""The wilderness-watches pack: travel in 4-hour watches, six a day, a chance of an encounter by terrain,
getting lost and the weather each morning, camps and rations; a site's route of legs, each with its
terrain, that the timetable follows; and its example journey, The Salt Road."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from builtin_pack_checks import (
    builds_every_sheet,
    check_passes,
    example_site,
    run,
    starter_site_builds,
    timetable_json,
)
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.pack import Pack

SITE_DOC = Path(__file__).resolve().parent.parent / "docs" / "site-format.md"


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("wilderness-watches")


def terrain_by_unit(data: Any) -> list[int]:
    """The Terrain level each row of a JSON timetable reads, one row a watch."""
    return [next(lv["level"] for lv in row["baseline"]["levels"] if lv["track"] == "terrain") for row in data["rows"]]


def test_check_passes_for_the_pack_and_its_site(runner: CliRunner) -> None:
    check_passes(runner, "wilderness-watches", "the-salt-road")


def test_the_pack_says_what_it_is_for(pack: Pack, runner: CliRunner) -> None:
    assert pack.shelf == "wilderness"
    assert "in the style of old-school hex crawls" in pack.summary and "hex crawls" in pack.source
    assert (pack.time.unit, pack.time.length, pack.time.horizon_hours) == ("watch", 4 * 3600, 72)
    wilderness = run(runner, "systems").split("WILDERNESS")[1].split("\n\n")[0]
    assert "wilderness-watches" in wilderness


def test_the_chance_of_an_encounter_by_terrain(pack: Pack) -> None:
    day = quiet_odds(pack, 24)
    (terrain,) = day.chosen
    assert [lv.label for lv in terrain.levels] == ["Road", "Plains", "Hills", "Forest", "Swamp", "Mountains"]
    by_label = {lv.label: lv for lv in terrain.levels}
    # "an encounter on a 1 on a road or open plains, 1-2 in hills or forest, 1-3 in swamp or mountains",
    # "at the end of every watch": six checks in a day
    assert by_label["Road"].by_end == 1 - Fraction(5, 6) ** 6
    assert by_label["Forest"].by_end == 1 - Fraction(4, 6) ** 6  # 91.2%
    assert by_label["Hills"].chances == (Fraction(2, 6),) * 6
    assert by_label["Mountains"].by_end == 1 - Fraction(3, 6) ** 6
    journey = quiet_odds(pack)  # the pack's horizon: 3 days, 18 watches
    assert [c.unit for c in journey.checks] == list(range(1, 19))
    assert journey.by_hour[23] == 1 - Fraction(5, 6) ** 6 and journey.by_hour[71] == 1 - Fraction(5, 6) ** 18
    swamp = next(lv for lv in journey.chosen[0].levels if lv.label == "Swamp")
    assert swamp.by_end == 1 - Fraction(1, 2) ** 18 and swamp.expected == 9


def test_getting_lost_and_the_weather_each_morning(pack: Pack) -> None:
    odds = quiet_odds(pack)
    lost, weather = odds.rolls
    # "each morning": the end of watches 1, 7 and 13
    assert [t.unit for t in lost.times] == [1, 7, 13] == [t.unit for t in weather.times]
    (strays,) = lost.outcomes
    # "Roll 1d6; on a 1 the party strays": 1 in 6 a day, at least once in three days 1 - (5/6)^3
    assert strays.chances == (Fraction(1, 6),) * 3 and strays.by_hour[71] == 1 - Fraction(5, 6) ** 3
    # the Weather table on 2d6: 2-3 storm (3 throws in 36), 4-5 rain (7), 6-9 fair (20), 10-11 wind (5), 12 fog (1)
    assert {o.name: o.chances[0] for o in weather.outcomes} == {
        "Storm": Fraction(3, 36),
        "Rain": Fraction(7, 36),
        "Fair": Fraction(20, 36),
        "Wind": Fraction(5, 36),
        "Fog": Fraction(1, 36),
    }
    # rations, "tick a box at each camp": one a day, 3 in three days; water only where there is none
    assert {u.resource: u.by_rate for u in odds.resources} == {"rations": 3}


def test_the_timetable_follows_the_route(runner: CliRunner, tmp_path: Path) -> None:
    data = timetable_json(runner, tmp_path, "the-salt-road")
    assert data["hours"] == 72 and len(data["rows"]) == 18  # the route's 72 hours, a row a watch
    # the legs: Road 8 h, Plains 12 h, Forest 12 h, Hills 8 h, Swamp 8 h, Forest 8 h, Mountains 12 h, Road 4 h
    legs = [(1, 2), (2, 3), (4, 3), (3, 2), (5, 2), (4, 2), (6, 3), (1, 1)]
    assert terrain_by_unit(data) == [level for level, watches in legs for _ in range(watches)]
    starts = [1 + sum(w for _, w in legs[:n]) for n in range(len(legs))]
    levels = terrain_by_unit(data)
    changes = [unit for unit in range(2, 19) if levels[unit - 1] != levels[unit - 2]]
    assert changes == starts[1:]  # the terrain changes at each leg, and only there
    assert data["rows"][8]["baseline"]["text"].split("; ")[1] == "Terrain 3 Hills"
    # --hours still says how much to cover: the first leg alone
    assert terrain_by_unit(timetable_json(runner, tmp_path, "the-salt-road", "--hours", "8")) == [1, 1]


def test_the_timetables_odds_follow_the_route() -> None:
    loaded = load_site("the-salt-road")
    odds = build_timetable(loaded.pack, site=loaded.site, encounter_pack=None, hours=None, seed=3).odds
    assert odds is not None
    miss = {
        1: Fraction(5, 6),
        2: Fraction(5, 6),
        3: Fraction(4, 6),
        4: Fraction(4, 6),
        5: Fraction(3, 6),
        6: Fraction(3, 6),
    }  # "1 on a road or open plains, 1-2 in hills or forest, 1-3 in swamp or mountains"
    route = [1, 1, 2, 2, 2, 4, 4, 4, 3, 3, 5, 5, 4, 4, 6, 6, 6, 1]  # the legs' terrain, watch by watch
    assert [c.chance for c in odds.checks] == [1 - miss[t] for t in route]
    # day 1: two watches of road, three of plains, one of forest
    assert odds.by_hour[23] == 1 - Fraction(5, 6) ** 5 * Fraction(4, 6)
    assert odds.by_hour[71] == 1 - Fraction(5, 6) ** 6 * Fraction(4, 6) ** 7 * Fraction(3, 6) ** 5
    assert odds.expected_encounters == 6 * Fraction(1, 6) + 7 * Fraction(2, 6) + 5 * Fraction(3, 6)
    # the wait: the route's watches, then the last leg's road (a 1 in 6 a watch: 6 more on average)
    firsts = [c.chance_first for c in odds.checks]
    left = 1 - sum(firsts, Fraction(0))
    expected = sum((u * p for u, p in enumerate(firsts, 1)), Fraction(0)) + left * (18 + 6)
    assert odds.expected_minutes_to_first == expected * 240


def test_the_site_pages_example_follows_its_route(runner: CliRunner, tmp_path: Path) -> None:
    body = next(
        b
        for b in re.findall(r"```yaml\n(.*?)```", SITE_DOC.read_text(encoding="utf-8"), re.S)
        if "route:" in b and b.startswith("site:")
    )
    site = tmp_path / "errand.yaml"
    site.write_text(body, encoding="utf-8")
    data = timetable_json(runner, tmp_path, str(site))
    # "Its timetable covers 24 hours (six watches): watches 1-2 at Road, 3-5 at Forest, 6 at Hills (level 3)."
    assert data["hours"] == 24 and terrain_by_unit(data) == [1, 1, 4, 4, 4, 3]


BAD_ROUTE = """\
site: Lost Ways
system: wilderness-watches
rooms:
  - {key: "1", name: Camp}
route:
  track: {track}
  legs:
    - {key: "1", name: Jungle path, terrain: Jungle, time: 8 hours}
    - {key: "1", name: Half a watch, terrain: Forest, time: 6 hours}
    - {key: "3", name: Too high, terrain: 7, time: 4 hours}
"""


def test_a_route_that_disagrees_with_its_pack_is_refused_at_each_line(runner: CliRunner, tmp_path: Path) -> None:
    site = tmp_path / "lost.yaml"
    site.write_text(BAD_ROUTE.replace("{track}", "terrain"), encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 2
    levels = "its levels: Road, Plains, Hills, Forest, Swamp, Mountains, or a number 1-6"
    assert result.output.splitlines() == [
        f'error: {site}:8:46: route.legs[0].terrain: "Jungle" is no level of Terrain ({levels})',
        f'error: {site}:9:13: route.legs[1].key: duplicate key "1" (first used by route.legs[0]); each leg\'s key '
        "must be unique",
        f"error: {site}:9:61: route.legs[1].time: a leg takes a whole number of watches (4 hours each): 6 hours is "
        "1.5; write 8 hours",
        f'error: {site}:10:43: route.legs[2].terrain: "7" is no level of Terrain ({levels})',
        "4 problems; nothing was written.",
    ]
    site.write_text(BAD_ROUTE.replace("{track}", "weather"), encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 2
    assert (
        f'error: {site}:6:10: route.track: no track with id "weather" in wilderness-watches (tracks the GM '
        "chooses: terrain)"
    ) in result.output.splitlines()
    site.write_text(
        BAD_ROUTE.replace("{track}", "terrain").replace("wilderness-watches", "dungeon-turn"), encoding="utf-8"
    )
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 2
    assert "route.track: Escalation is not a track" not in result.output
    assert f'{site}:6:10: route.track: no track with id "terrain" in dungeon-turn' in result.output
    assert "Traceback" not in result.output


def test_the_example_journey() -> None:
    loaded = example_site("the-salt-road", "wilderness-watches", "1d6", ["AC", "HD", "Att", "MV"])
    assert loaded.site.route is not None and 6 <= len(loaded.site.route.legs) <= 12


@pytest.mark.slow
def test_every_sheet_builds_and_the_packet_prints_the_route(runner: CliRunner, tmp_path: Path) -> None:
    sheets = builds_every_sheet(runner, tmp_path, "wilderness-watches", "the-salt-road")
    assert "91.2%" not in sheets["reference"][0]  # the reference covers the horizon, three days
    assert "Forest 33.3%" in sheets["reference"][0]
    assert "Pre-rolled encounters: day 1" in sheets["timetable"][0]
    assert "Terrain 4 Forest" in sheets["timetable"][1]
    front = sheets["packet"][1]
    assert "Background, room index and route" in front
    for leg in (
        "1 Kessel to the Ford Inn Road 8 hours: watches 1-2",
        "3 Into the Greywood Forest 12 hours: watches 6-8",
        "8 The Miners' Road Road 4 hours: watch 18 Down to Harrowdeep (7).",
    ):
        assert leg in front


@pytest.mark.slow
def test_a_starter_site_for_the_pack(runner: CliRunner, tmp_path: Path) -> None:
    starter_site_builds(runner, tmp_path, "wilderness-watches")


def test_a_long_route_runs_on_over_pages_with_its_head_on_each(tmp_path: Path) -> None:
    from sheetgen.layout.marks import BoxMark, TextMark
    from sheetgen.layout.site_front import site_front_layout
    from sheetgen.options import LETTER
    from sheetgen.sheets.site_front import site_front

    legs = "".join(
        f'    - {{key: "{n}", name: Hex {n:04d}, terrain: Forest, time: 4 hours, notes: "Notes of hex {n}, '
        'long enough to take a line of their own in the table."}\n'
        for n in range(1, 19)
    )
    site = tmp_path / "long.yaml"
    site.write_text(
        f"site: Long Way\nsystem: wilderness-watches\nrooms:\n  - {{key: '1', name: Camp}}\nroute:\n  legs:\n{legs}",
        encoding="utf-8",
    )
    loaded = load_site(str(site))
    layout = site_front_layout(site_front(loaded.site, "GM", loaded.pack), LETTER, size=30)
    assert len(layout.pages) >= 2
    route_at = dict(layout.entries)["route"]
    for page in layout.pages[route_at:]:
        assert any(isinstance(m, TextMark) and m.text == "Done" for m in page)
    boxes = [m.name for page in layout.pages for m in page if isinstance(m, BoxMark)]
    assert [b for b in boxes if b.startswith("leg-")] == [f"leg-{n}" for n in range(1, 19)]
    assert layout.title == "Room index and route"
