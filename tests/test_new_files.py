"""`sheetgen new site` and `sheetgen new pack`: starter files that pass `check`, explain their fields and
never replace a file."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.load.yamlread import parse_yaml
from sheetgen.model.site import Room
from sheetgen.starters.pack import NOTES, pack_id_for
from sheetgen.starters.site import leg_units, split, title_for

PACKS = builtin_pack_ids()
DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _new(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(cli, ["new", *args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("pack_id", PACKS)
def test_a_new_site_for_every_pack_passes_check(runner: CliRunner, here: Path, pack_id: str) -> None:
    assert _new(runner, "site", "my-dungeon.yaml", "--system", pack_id) == "my-dungeon.yaml\n"
    result = runner.invoke(cli, ["check", "my-dungeon.yaml"])
    assert result.exit_code == 0, result.output
    assert result.output == f"my-dungeon.yaml: ok (site 'My Dungeon', 3 rooms, pack {pack_id})\n"
    assert os.listdir(here) == ["my-dungeon.yaml"]  # no temporary file left beside it


def test_the_starter_site_shows_every_room_field(here: Path, runner: CliRunner) -> None:
    _new(runner, "site", "tower.yaml", "--system", "dungeon-turn")
    loaded = load_site("tower.yaml")
    first = loaded.site.rooms[0]
    assert first.model_fields_set == set(Room.model_fields)
    assert [room.key for room in loaded.site.rooms] == ["1", "2", "3"]
    assert first.stats == [loaded.site.statblocks[0].id]
    # a detail with a comma, quoted inside [ ]: one detail, as written
    assert loaded.site.rooms[1].details == [
        "A map of the ford scratched into the table, with three crosses on the far bank"
    ]
    text = (here / "tower.yaml").read_text(encoding="utf-8")
    for field in Room.model_fields:
        line = next(i for i, line in enumerate(text.splitlines()) if re.match(rf"\s*(- )?{field}:", line))
        assert text.splitlines()[line - 1].lstrip().startswith("#"), f"no comment above {field}"


@pytest.mark.parametrize(
    ("pack_id", "dice", "rows"),
    [
        ("dungeon-turn", "1d6", ["1-3", "4-5", "6"]),  # the Danger Roll's die
        ("site-alarm", "d10", ["1-5", "6-8", "9-10"]),  # the Alarm Check's
        ("encounter-clock", "d6", ["1-3", "4-5", "6"]),  # one die of the pool
        ("encounter-reaction", "1d6", ["1-3", "4-5", "6"]),  # no check
    ],
)
def test_the_wandering_table_rolls_the_packs_dice(
    runner: CliRunner, here: Path, pack_id: str, dice: str, rows: list[str]
) -> None:
    _new(runner, "site", "s.yaml", "--system", pack_id)
    wandering = load_site("s.yaml").site.wandering
    assert wandering is not None
    assert wandering.roll == dice
    assert [entry.roll.text for entry in wandering.entries] == rows
    assert [entry.creature for entry in wandering.entries] == [True, True, False]


def test_the_statblock_takes_the_packs_own_stats_and_morale(runner: CliRunner, here: Path) -> None:
    _new(runner, "site", "s.yaml", "--system", "encounter-reaction")
    block = load_site("s.yaml").site.statblocks[0]
    assert list(block.stats) == list(load_pack("encounter-reaction").statblocks[0].stats)  # HD, Speed, Armor ...
    assert block.stats["HD"] == "1 (4 HP)"
    assert (block.zone, block.morale) == ("Frontline", 7)  # the first zone of its table; half-way up 2d6
    _new(runner, "site", "t.yaml", "--system", "dungeon-turn")
    assert list(load_site("t.yaml").site.statblocks[0].stats) == ["HD", "Speed"]  # after which Zone ... go


BARE_PACK = """\
kind: pack
id: bare
name: Bare Bones
time: {unit: turn, length: 10 minutes}
tables:
  - id: wandering
    name: Wandering Monsters
    roll: 2d6
    columns: [Encounter]
    rows:
      - {roll: 2-7, cells: [Rats]}
      - {roll: 8-12, cells: [Bats]}
reference:
  pages:
    - title: Bare Bones
      sections: [{kind: text, title: Turns, text: A turn is ten minutes.}]
"""


def test_a_pack_file_without_check_or_encounter_rules(runner: CliRunner, here: Path) -> None:
    (here / "packs").mkdir()
    (here / "packs" / "bare.yaml").write_text(BARE_PACK, encoding="utf-8")
    assert _new(runner, "site", "s.yaml", "--system", "packs/bare.yaml") == "s.yaml\n"
    loaded = load_site("s.yaml")
    assert parse_yaml((here / "s.yaml").read_bytes(), "s.yaml").data["system"] == "packs/bare.yaml"
    assert loaded.pack.id == "bare"
    assert loaded.site.wandering is not None and loaded.site.wandering.roll == "2d6"  # its own table's dice
    assert [e.roll.text for e in loaded.site.wandering.entries] == ["2-7", "8-10", "11-12"]
    result = runner.invoke(cli, ["check", "s.yaml"])
    assert result.exit_code == 0, result.output


def test_a_pack_file_outside_the_sites_folder_is_refused(runner: CliRunner, here: Path) -> None:
    (here / "bare.yaml").write_text(BARE_PACK, encoding="utf-8")
    (here / "sites").mkdir()
    result = runner.invoke(cli, ["new", "site", "sites/s.yaml", "--system", "bare.yaml"])
    assert result.exit_code == 2
    assert result.output == (
        f"error: --system bare.yaml: a site file names only built-in packs and pack files inside its own folder "
        f"({here / 'sites'}); copy the pack there, or write the site file beside the pack\n"
    )
    assert not (here / "sites" / "s.yaml").exists()


def test_running_new_site_twice_keeps_the_first_file(runner: CliRunner, here: Path) -> None:
    _new(runner, "site", "s.yaml", "--system", "dungeon-turn")
    first = (here / "s.yaml").read_bytes()
    result = runner.invoke(cli, ["new", "site", "s.yaml", "--system", "site-alarm"])
    assert result.exit_code == 2
    assert result.output == (
        "error: s.yaml: the file exists and is kept as it is; give another name, or move it away first\n"
    )
    assert (here / "s.yaml").read_bytes() == first
    assert os.listdir(here) == ["s.yaml"]


def test_a_link_or_a_folder_is_never_written_through(runner: CliRunner, here: Path) -> None:
    os.symlink("missing.yaml", here / "link.yaml")  # a broken link: exists() is false, but it is refused
    result = runner.invoke(cli, ["new", "pack", "link.yaml"])
    assert result.exit_code == 2
    assert result.output == (
        "error: link.yaml: is a link; nothing is written through a link. Give the name of a new file\n"
    )
    assert not (here / "missing.yaml").exists()
    (here / "d.yaml").mkdir()
    result = runner.invoke(cli, ["new", "site", "d.yaml", "--system", "dungeon-turn"])
    assert result.exit_code == 2
    assert result.output == (
        f"error: d.yaml: is a folder; give the name of a new file in it, such as {Path('d.yaml') / 'my-file.yaml'}\n"
    )


SHELF = (
    "bx-dungeon, danger-rounds, derelict-crawl, dungeon-turn, encounter-clock, encounter-reaction, site-alarm, "
    "tension-dice, usage-dice, wilderness-watches"
)


def test_bad_paths_and_ids_exit_2(runner: CliRunner, here: Path) -> None:
    cases = {
        (
            "site",
            "s.txt",
            "--system",
            "dungeon-turn",
        ): "error: s.txt: a site file is a YAML file: give a name ending in .yaml, such as s.txt.yaml\n",
        (
            "site",
            "no/s.yaml",
            "--system",
            "dungeon-turn",
        ): "error: no/s.yaml: the folder no does not exist; create it first\n",
        (
            "site",
            "s.yaml",
            "--system",
            "dungeon-trun",
        ): f'error: no built-in pack "dungeon-trun" and no such file (built-in packs: {SHELF}; '
        "`sheetgen systems` lists them)\n",
        (
            "pack",
            "p.yaml",
            "--like",
            "dungeon-trun",
        ): 'error: --like dungeon-trun: no built-in pack "dungeon-trun" (did you mean "dungeon-turn"? built-in '
        f"packs: {SHELF}; `sheetgen systems` lists them)\n",
        ("pack", "p.yaml", "--like", "zzz"): f'error: --like zzz: no built-in pack "zzz" (built-in packs: {SHELF}; '
        "`sheetgen systems` lists them)\n",
        (
            "pack",
            "Dungeon Turn.yaml",
        ): 'error: Dungeon Turn.yaml: its pack would have the id "dungeon-turn" of a built-in pack, which a site '
        "could not tell from it; give the file another name, such as my-dungeon-turn.yaml\n",
    }
    for args, message in cases.items():
        result = runner.invoke(cli, ["new", *args])
        assert (result.exit_code, result.output) == (2, message), args
    assert os.listdir(here) == []


@pytest.mark.parametrize("like", PACKS)
def test_a_new_pack_like_every_built_in_passes_check(runner: CliRunner, here: Path, like: str) -> None:
    assert _new(runner, "pack", "My Game.yml", "--like", like) == "My Game.yml\n"
    result = runner.invoke(cli, ["check", "My Game.yml"])
    assert result.exit_code == 0, result.output
    pack = load_pack("My Game.yml")
    original = load_pack(like)
    assert pack.id == "my-game"
    assert {**vars(pack), "id": like} == vars(original)  # the same rules otherwise
    lines = (here / "My Game.yml").read_text(encoding="utf-8").splitlines()
    top = [m[1] for line in lines if (m := re.match(r"([a-z_]+):", line))]
    noted = [m[1] for line in lines if (m := re.match(r"# ([a-z_]+): ", line))]
    assert noted == top  # one comment for each top-level field, in the file's order


def test_new_pack_copies_dungeon_turn_by_default(runner: CliRunner, here: Path) -> None:
    _new(runner, "pack", "p.yaml")
    text = (here / "p.yaml").read_text(encoding="utf-8")
    assert text.startswith(
        "# A rule pack of your own, copied from dungeon-turn (Dungeon Turns) by `sheetgen new pack`:"
    )
    assert "\n# check: the encounter or danger check: its dice, when it is rolled and which results bring an\n" in text
    assert (
        "\n  # roll: a plain roll: 1d6, d10, 2d6 (or a pool: instead). See docs/pack-format.md#dice-notation.\n" in text
    )
    assert "  # The text's step 4 says" in text  # the pack's own comments stay
    assert "table-facing D&D dungeon-turn reference with print-friendly" not in text  # but not its opening one


def test_every_note_points_to_a_section_of_the_pack_format_page() -> None:
    headings = [
        line.lstrip("#").strip()
        for line in (DOCS / "pack-format.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    ]
    anchors = {re.sub(r"[^a-z0-9 _-]", "", h.lower()).replace(" ", "-") for h in headings}
    assert {anchor for _, anchor in NOTES.values() if anchor} <= anchors


@pytest.mark.parametrize(
    ("low", "high", "ranges"),
    [
        (1, 1, ["1"]),
        (1, 2, ["1", "2"]),
        (1, 3, ["1-2", "3"]),
        (1, 4, ["1-2", "3", "4"]),
        (1, 6, ["1-3", "4-5", "6"]),
        (2, 12, ["2-7", "8-10", "11-12"]),
        (1, 100, ["1-50", "51-75", "76-100"]),
    ],
)
def test_split(low: int, high: int, ranges: list[str]) -> None:
    assert split(low, high) == ranges


@pytest.mark.parametrize(
    ("name", "title", "pack_id"),
    [
        ("my-dungeon.yaml", "My Dungeon", "my-dungeon"),
        ("the_sunken chapel.yaml", "The Sunken Chapel", "the-sunken-chapel"),
        ("Höhle 2.yaml", "Höhle 2", "h-hle-2"),
        ("___.yaml", "New Dungeon", "my-pack"),
    ],
)
def test_names_from_the_file_name(name: str, title: str, pack_id: str) -> None:
    assert title_for(Path(name)) == title
    assert pack_id_for(Path(name)) == pack_id


def test_a_file_that_appears_while_writing_is_kept(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sheetgen import output
    from sheetgen.errors import OutputError

    target = here / "s.yaml"
    unnamed = output._write_unnamed

    def meanwhile(folder: Path, name: str, data: bytes, durable: bool) -> str | None:
        target.write_text("theirs\n")  # another program saves its file here between the check and the link
        return unnamed(folder, name, data, durable)

    monkeypatch.setattr(output, "_write_unnamed", meanwhile)
    with pytest.raises(OutputError) as raised:
        output.write_new(target, b"ours\n")
    assert str(raised.value) == (
        f"{target}: a file of that name appeared while it was being written; it is kept as it is. Give another name"
    )
    assert target.read_text() == "theirs\n"
    assert os.listdir(here) == ["s.yaml"]


CHOSEN = [p for p in PACKS if any(t.chosen for t in load_pack(p).tracks)]


def test_the_packs_with_a_track_the_gm_chooses() -> None:
    assert {"wilderness-watches", "danger-rounds"} <= set(CHOSEN)


@pytest.mark.parametrize(
    ("pack_id", "legs"),
    [
        # the horizon (3 days, 18 watches; 3 hours, 18 rounds) in a third, a half and the rest, over the
        # track's lowest, middle and highest levels
        (
            "wilderness-watches",
            [
                ("1", "Down to the Ford", "Road", 86400),
                ("2", "The Smugglers' Trail", "Hills", 129600),
                ("3", "Back by the High Path", "Mountains", 43200),
            ],
        ),
        (
            "danger-rounds",
            [
                ("1", "Down to the Ford", "Unsafe", 3600),
                ("2", "The Smugglers' Trail", "Risky", 5400),
                ("3", "Back by the High Path", "Deadly", 1800),
            ],
        ),
    ],
)
def test_a_new_site_for_a_pack_with_a_chosen_track_has_a_route(
    runner: CliRunner, here: Path, pack_id: str, legs: list[tuple[str, str, str, int]]
) -> None:
    _new(runner, "site", "trip.yaml", "--system", pack_id)
    route = load_site("trip.yaml").site.route
    assert route is not None
    assert [(leg.key, leg.name, leg.terrain, leg.time) for leg in route.legs] == legs
    assert route.track == next(t.id for t in load_pack(pack_id).tracks if t.chosen)
    result = runner.invoke(cli, ["check", "trip.yaml"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("pack_id", CHOSEN)
def test_the_starter_route_crosses_several_levels_with_a_comment_on_each_field(
    runner: CliRunner, here: Path, pack_id: str
) -> None:
    from sheetgen.engine.route import level_of, route_track

    _new(runner, "site", "trip.yaml", "--system", pack_id)
    loaded = load_site("trip.yaml")
    route = loaded.site.route
    assert route is not None
    track = route_track(loaded.pack, route)
    assert track is not None
    assert len({level_of(track, leg.terrain) for leg in route.legs}) >= 2
    assert sum(leg.time for leg in route.legs) == loaded.pack.time.horizon_hours * 3600
    lines = (here / "trip.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index("route:")
    assert lines[start - 1].startswith("#")
    for field in ("track", "key", "name", "terrain", "time", "notes"):
        at = next(i for i in range(start, len(lines)) if re.match(rf"\s*(- )?{field}:", lines[i]))
        assert lines[at - 1].lstrip().startswith("#"), f"no comment above route's {field}"


def test_a_new_site_for_a_pack_without_a_chosen_track_has_no_route(runner: CliRunner, here: Path) -> None:
    _new(runner, "site", "s.yaml", "--system", "dungeon-turn")
    assert load_site("s.yaml").site.route is None
    assert "route:" not in (here / "s.yaml").read_text(encoding="utf-8")


DEPTH_PACK = BARE_PACK.replace(
    "tables:",
    """\
tracks:
  - {id: noise, name: Noise, min: 0, max: 3, chosen: true}
  - {id: depth, name: Depth, min: 1, max: 2, chosen: true}
tables:""",
).replace("time: {unit: turn, length: 10 minutes}", "time: {unit: turn, length: 1 hour, horizon: 2 hours}")


def test_a_starter_route_for_a_pack_file_of_two_chosen_tracks_and_a_short_horizon(
    runner: CliRunner, here: Path
) -> None:
    (here / "packs").mkdir()
    (here / "packs" / "depth.yaml").write_text(DEPTH_PACK, encoding="utf-8")
    _new(runner, "site", "s.yaml", "--system", "packs/depth.yaml")
    route = load_site("s.yaml").site.route
    assert route is not None
    # the first chosen track, named since there are two; its levels by number, none labelled; two hours: two legs
    assert route.track == "noise"
    assert [(leg.terrain, leg.time) for leg in route.legs] == [("0", 3600), ("1", 3600)]
    result = runner.invoke(cli, ["check", "s.yaml"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("total", "units"),
    [
        (1, [1]),
        (2, [1, 1]),
        (3, [1, 1, 1]),
        (4, [1, 2, 1]),
        (5, [1, 2, 2]),
        (18, [6, 9, 3]),
        (432, [144, 216, 72]),
    ],
)
def test_leg_units(total: int, units: list[int]) -> None:
    assert leg_units(total) == units
    assert sum(units) == total


@pytest.mark.slow
@pytest.mark.parametrize(
    ("pack_id", "levels"),
    [
        ("wilderness-watches", [1] * 6 + [3] * 9 + [6] * 3),
        ("danger-rounds", [1] * 6 + [2] * 9 + [3] * 3),
    ],
)
def test_the_starter_routes_timetable_follows_it_and_the_packet_prints_it(
    runner: CliRunner, here: Path, pack_id: str, levels: list[int]
) -> None:
    import json

    from pdfcheck import page_texts, read_pdf, squeeze

    _new(runner, "site", "trip.yaml", "--system", pack_id)
    track = next(t.id for t in load_pack(pack_id).tracks if t.chosen)
    result = runner.invoke(cli, ["timetable", "trip.yaml", "--format", "json", "-o", "t.json", "--seed", "3"])
    assert result.exit_code == 0, result.output
    rows = json.loads((here / "t.json").read_text(encoding="utf-8"))["rows"]
    assert [next(lv["level"] for lv in row["baseline"]["levels"] if lv["track"] == track) for row in rows] == levels
    result = runner.invoke(cli, ["packet", "trip.yaml", "--seed", "7", "-q", "-o", "packet.pdf"])
    assert result.exit_code == 0, result.output
    front = squeeze(page_texts(read_pdf((here / "packet.pdf").read_bytes()))[1])
    terrain = {"wilderness-watches": "Mountains 12 hours: watches 16-18", "danger-rounds": "Deadly 30 minutes"}
    assert f"3 Back by the High Path {terrain[pack_id]}" in front
