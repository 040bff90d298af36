"""`sheetgen import watabou`: generated and hand-shaped One Page Dungeon maps in, site files that pass `check`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader
from watabou_maps import HERE, fixtures, generate

from sheetgen import limits
from sheetgen.cli import cli
from sheetgen.load.files import load_site

FIXTURES = sorted(HERE.glob("*.json"))


def write_json(tmp_path: Path, data: Any, name: str = "map.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run_import(runner: CliRunner, source: Path, out: Path, *extra: str) -> dict[str, Any]:
    result = runner.invoke(cli, ["import", "watabou", str(source), "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    assert result.output == f"{out}\n"
    checked = runner.invoke(cli, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    data: dict[str, Any] = yaml.safe_load(out.read_text(encoding="utf-8"))
    return data


def test_the_fixtures_are_what_the_script_makes() -> None:
    assert sorted(p.stem for p in FIXTURES) == sorted(fixtures())
    for path in FIXTURES:
        assert json.loads(path.read_text()) == fixtures()[path.stem], f"run python tests/watabou_maps.py ({path.name})"


@pytest.mark.parametrize("source", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_every_fixture_imports_to_a_site_that_passes_check(runner: CliRunner, tmp_path: Path, source: Path) -> None:
    site = run_import(runner, source, tmp_path / "site.yaml")
    dungeon = json.loads(source.read_text())
    assert site["site"] == dungeon["title"]
    assert site["text"].startswith(dungeon["story"])
    keys = [room["key"] for room in site["rooms"]]
    assert len(keys) == len(set(keys))
    exits = {room["key"]: set(room["exits"]) for room in site["rooms"]}
    for key, targets in exits.items():  # every passage leads both ways
        assert all(key in exits[t] for t in targets), key
    reached, todo = {keys[0]}, [keys[0]]  # the generator joins every room to every other
    while todo:
        for nxt in exits[todo.pop()] - reached:
            reached.add(nxt)
            todo.append(nxt)
    assert reached == set(keys)
    for note in dungeon["notes"]:
        room = next((r for r in site["rooms"] if r["key"] == note["ref"]), None)
        if room is not None:
            assert room["description"] == note["text"]
        else:  # a second note in a room
            assert any(f"Note {note['ref']}: {note['text']}" in r.get("details", []) for r in site["rooms"])


def test_a_sample_map_in_detail(runner: CliRunner, tmp_path: Path) -> None:
    source = write_json(
        tmp_path,
        {
            "version": "1.2.4b",
            "title": "Manor of the Test King",
            "story": "A story.",
            "rects": [
                {"x": -1, "y": 1, "w": 3, "h": 5},
                {"x": 3, "y": 2, "w": 4, "h": 3},
                {"x": -6, "y": 2, "w": 4, "h": 3},
                {"x": 0, "y": 0, "w": 1, "h": 1},
                {"x": 2, "y": 3, "w": 1, "h": 1},
                {"x": -2, "y": 3, "w": 1, "h": 1},
                {"x": 4, "y": 6, "w": 2, "h": 2, "rotunda": True, "ending": True},
                {"x": 4, "y": 5, "w": 1, "h": 1},
            ],
            "doors": [
                {"x": 0, "y": 0, "dir": {"x": 0, "y": 1}, "type": 3},
                {"x": 2, "y": 3, "dir": {"x": 1, "y": 0}, "type": 1},
                {"x": -2, "y": 3, "dir": {"x": -1, "y": 0}, "type": 6},
                {"x": 4, "y": 5, "dir": {"x": 0, "y": 1}, "type": 7},
            ],
            "notes": [
                {"text": 'A rear entrance: "mind the step" # not a comment', "ref": "1", "pos": {"x": 5, "y": 3.5}},
                {"text": "A dying knight.\nHe whispers.", "ref": "2", "pos": {"x": -4, "y": 3.5}},
            ],
            "columns": [{"x": 4, "y": 3}, {"x": 5, "y": 3}],
            "water": [{"x": 0, "y": 2}, {"x": 0, "y": 3}],
        },
    )
    out = tmp_path / "manor.yaml"
    site = run_import(runner, source, out, "--square", "5")
    assert [(r["key"], r["name"], r["size"], r["exits"]) for r in site["rooms"]] == [
        ("1", "Chamber", "20 x 15 ft", ["3", "4"]),
        ("2", "Chamber", "20 x 15 ft", ["3"]),
        ("3", "Chamber", "15 x 25 ft", ["1", "2"]),
        ("4", "Round chamber", "10 ft across", ["1"]),
    ]
    rooms = {r["key"]: r for r in site["rooms"]}
    assert rooms["1"]["description"] == 'A rear entrance: "mind the step" # not a comment'
    assert rooms["1"]["details"] == ["Steel door (south) to 4.", "2 columns."]
    assert rooms["2"]["description"] == "A dying knight.\nHe whispers."
    assert rooms["2"]["details"] == ["Secret door (east) to 3."]
    assert rooms["3"]["description"] == ""
    assert rooms["3"]["details"] == [
        "Secret door (west) to 2.",
        "Way out (north) leads out of the dungeon.",
        "Water covers 2 of its 15 squares.",
    ]
    assert rooms["4"]["details"] == ["Steel door (north) to 1.", "The map marks this room as the end of the dungeon."]
    text = out.read_text()
    assert "# Scale: a square of the map is 5 ft" in text
    assert '  # not keyed on the map: describe it\n  - key: "3"' in text
    assert "# wandering:\n#   roll: 1d6" in text
    assert load_site(str(out)).site.rooms[0].description.startswith("A rear entrance")


def test_doors_that_stand_in_corridors_are_kept(runner: CliRunner, tmp_path: Path) -> None:
    """A secret door half-way down a corridor, and a stairwell at the end of a dead-end passage: next to
    no room, each is a detail of the nearest room it leads to."""
    source = write_json(
        tmp_path,
        {
            "version": "1.2.4b",
            "title": "Corridor Doors",
            "story": "A story.",
            "rects": [
                {"x": 0, "y": 0, "w": 3, "h": 3},
                {"x": 10, "y": 0, "w": 3, "h": 3},
                {"x": 3, "y": 1, "w": 1, "h": 1},
                {"x": 4, "y": 1, "w": 2, "h": 1},
                {"x": 6, "y": 1, "w": 1, "h": 1},
                {"x": 7, "y": 1, "w": 2, "h": 1},
                {"x": 9, "y": 1, "w": 1, "h": 1},
                {"x": 1, "y": 3, "w": 1, "h": 1},
                {"x": 1, "y": 4, "w": 1, "h": 3},
                {"x": 1, "y": 7, "w": 1, "h": 1},
            ],
            "doors": [
                {"x": 3, "y": 1, "dir": {"x": 1, "y": 0}, "type": 1},
                {"x": 6, "y": 1, "dir": {"x": 1, "y": 0}, "type": 6},
                {"x": 9, "y": 1, "dir": {"x": 1, "y": 0}, "type": 1},
                {"x": 1, "y": 3, "dir": {"x": 0, "y": 1}, "type": 1},
                {"x": 1, "y": 7, "dir": {"x": 0, "y": 1}, "type": 9},
            ],
            "notes": [
                {"text": "West hall.", "ref": "1", "pos": {"x": 1.5, "y": 1.5}},
                {"text": "East hall.", "ref": "2", "pos": {"x": 11.5, "y": 1.5}},
            ],
            "columns": [],
            "water": [],
        },
    )
    site = run_import(runner, source, tmp_path / "site.yaml")
    rooms = {r["key"]: r for r in site["rooms"]}
    assert rooms["1"]["exits"] == ["2"] and rooms["2"]["exits"] == ["1"]
    assert "Secret door in the corridor (east), on the way to 2." in rooms["1"]["details"]
    assert "Stairwell in the corridor (south), at the end of a passage from this room." in rooms["1"]["details"]
    assert not any("corridor" in d for d in rooms["2"].get("details", []))


def test_every_noteworthy_door_of_the_fixtures_is_in_the_site(runner: CliRunner, tmp_path: Path) -> None:
    kinds = {3: "Way out", 4: "Portcullis", 6: "Secret door", 7: "Steel door", 8: "Stairs down", 9: "Stairwell"}
    for source in FIXTURES:
        dungeon = json.loads(source.read_text())
        site = run_import(runner, source, tmp_path / f"{source.stem}.yaml")
        details = [d for r in site["rooms"] for d in r.get("details", [])]
        for kind, word in kinds.items():
            doors = sum(1 for d in dungeon["doors"] if d["type"] == kind)
            assert sum(1 for d in details if d.startswith(word)) >= doors, (source.name, word)


def test_no_notes_gives_every_chamber_a_key_in_map_order(runner: CliRunner, tmp_path: Path) -> None:
    site = run_import(runner, HERE / "no-notes.json", tmp_path / "site.yaml")
    rooms = site["rooms"]
    assert [r["key"] for r in rooms] == ["1", "2", "3", "4", "5", "6"]
    assert all(r["description"] == "" for r in rooms)
    assert "rooms 1, 2, 3, 4, 5, 6 had none" in (tmp_path / "site.yaml").read_text()


def test_a_note_outside_every_rect_goes_to_the_nearest_room(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "site.yaml"
    site = run_import(runner, HERE / "note-outside.json", out)
    first = site["rooms"][0]
    assert "Note 99: Scratched on the outer wall: TURN BACK." in first["details"]
    assert (
        f'  # note 99 lay outside every rect of the map; this is the nearest\n  - key: "{first["key"]}"'
        in out.read_text()
    )
    passage = next(r for r in site["rooms"] if r["key"] == "98")  # a note in a corridor makes it a room
    assert passage["name"] == "Passage"
    assert passage["description"] == "A dead torch in the passage."
    assert len(passage["exits"]) == 2


def test_doors_at_the_maps_edge_lead_out(runner: CliRunner, tmp_path: Path) -> None:
    site = run_import(runner, HERE / "edge-doors.json", tmp_path / "site.yaml")
    details = [d for r in site["rooms"] for d in r.get("details", [])]
    for line in (
        "Stairs down (west) leads out of the dungeon.",
        "Secret door (east) leads out of the dungeon.",
        "Portcullis (south) leads out of the dungeon.",
        "Way out (north) leads out of the dungeon.",
    ):
        assert line in details


def test_a_200_room_map(runner: CliRunner, tmp_path: Path) -> None:
    source = write_json(tmp_path, generate(5, 20, 10, title="The Endless Warren"))
    site = run_import(runner, source, tmp_path / "warren.yaml")
    assert len(site["rooms"]) == 200


def test_a_pack_file_is_named_from_the_site_files_folder(runner: CliRunner, tmp_path: Path) -> None:
    packs = tmp_path / "sites" / "packs"
    packs.mkdir(parents=True)
    (packs / "mine.yaml").write_text((Path(__file__).parents[1] / "sheetgen/rules/site-alarm.yaml").read_text())
    out = tmp_path / "sites" / "site.yaml"
    site = run_import(runner, HERE / "sample-1.json", out, "--system", str(packs / "mine.yaml"))
    assert site["system"] == "packs/mine.yaml"


def test_a_pack_file_outside_the_site_files_folder_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    """A site may name only pack files inside its own folder, so the importer will not write one it cannot use."""
    (tmp_path / "packs").mkdir()
    pack = tmp_path / "packs" / "mine.yaml"
    pack.write_text((Path(__file__).parents[1] / "sheetgen/rules/site-alarm.yaml").read_text())
    (tmp_path / "sites").mkdir()
    out = tmp_path / "sites" / "site.yaml"
    result = runner.invoke(
        cli, ["import", "watabou", str(HERE / "sample-1.json"), "-o", str(out), "--system", str(pack)]
    )
    assert result.exit_code == 2
    assert result.output == (
        f"error: --system {pack}: a site file names only built-in packs and pack files inside "
        f"its own folder ({tmp_path / 'sites'}); copy the pack there, or write the site file "
        "beside the pack\n"
    )
    assert not out.exists()


def test_an_existing_file_is_kept_without_force(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "site.yaml"
    out.write_text("mine\n")
    result = runner.invoke(cli, ["import", "watabou", str(HERE / "sample-1.json"), "-o", str(out)])
    assert result.exit_code == 2
    assert result.output == f"error: {out} exists; give --force to replace it, or another -o\n"
    assert out.read_text() == "mine\n"
    forced = runner.invoke(cli, ["import", "watabou", str(HERE / "sample-1.json"), "-o", str(out), "--force"])
    assert forced.exit_code == 0, forced.output


def test_without_o_the_site_goes_to_output(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    source = write_json(tmp_path, generate(3, 2, 1), "crypt of ash.json")
    result = runner.invoke(cli, ["import", "watabou", str(source)])
    assert result.exit_code == 0, result.output
    assert result.output == "output/crypt-of-ash.yaml\n"


BAD = [
    ("[1, 2]", "map.json: expected a JSON object with rects, doors and notes at the top, found a list"),
    ('{"rects": [', "map.json:1:12: not JSON: Expecting value; expected Watabou's JSON export (Export > JSON)"),
    (
        '{"title": "x"}',
        "map.json: rects: missing; this is not a One Page Dungeon export (it has rects, doors and notes)",
    ),
    (
        '{"rects": [{"x": 0, "y": 0, "w": 3, "h": 3}], "notes": [{"text": "a", "ref": "1", "pos": {"x": 1, "y": 1}},'
        '{"text": "b", "ref": "2", "pos": {"x": 1, "y": 1}}, {"text": "c", "ref": "3", "pos": {"x": 1, "y": 1}},'
        '{"text": "d", "ref": "4", "pos": "middle"}]}',
        'map.json: notes[3].pos: expected an object, found the text "middle"',
    ),
    (
        '{"rects": [{"x": 0, "y": 0, "w": 0, "h": 3}, {"x": 0.5, "y": 0, "w": 3, "h": 3}]}',
        "map.json: rects[0].w: a rect is at least 1 square wide, not 0\n"
        "error: map.json: rects[1].x: expected a whole number of squares, found 0.5",
    ),
    (
        '{"rects": [{"x": 0, "y": 0, "w": 3, "h": 3}], "doors": [{"x": 1, "y": true, "type": "oak"}]}',
        'map.json: doors[0].type: expected a door type 0-9, found the text "oak"\n'
        "error: map.json: doors[0].y: expected a number, found true",
    ),
    (
        '{"rects": [{"x": 0, "y": 0, "w": 3, "h": 3}], "notes": [{"text": "a", "ref": "1", "pos": {"x": 1, "y": 1}},'
        '{"text": "b", "ref": 1, "pos": {"x": 1, "y": NaN}}]}',
        "map.json: not JSON: NaN is not a number JSON allows",
    ),
    (
        '{"rects": [{"x": 0, "y": 0, "w": 3, "h": 3}], "notes": [{"text": "a", "ref": "1", "pos": {"x": 1, "y": 1}},'
        '{"text": "b", "ref": 1, "pos": {"x": 1, "y": 2}}]}',
        'map.json: notes[1].ref: "1" is already the ref of notes[0]; every note needs a ref of its own',
    ),
    (
        '{"rects": [{"x": 0, "y": 0, "w": 1, "h": 5}]}',
        "map.json: rects: the map has no rooms: no notes and no rect at least two squares wide both ways",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[str(i) for i in range(len(BAD))])
def test_a_bad_file_says_where_in_the_json(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("map.json").write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["import", "watabou", "map.json", "-o", "site.yaml"])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert "\n".join(lines[: len(message.splitlines())]) == f"error: {message}"
    assert not Path("site.yaml").exists()


@pytest.mark.slow
@pytest.mark.parametrize("stem", ["sample-1", "no-notes", "note-outside", "edge-doors", "warren-200"])
def test_an_imported_site_makes_a_packet(runner: CliRunner, tmp_path: Path, stem: str) -> None:
    source = HERE / f"{stem}.json" if stem != "warren-200" else write_json(tmp_path, generate(5, 20, 10))
    site = run_import(runner, source, tmp_path / "site.yaml")
    result = runner.invoke(
        cli, ["packet", str(tmp_path / "site.yaml"), "--seed", "1", "-q", "-o", str(tmp_path / "packet.pdf")]
    )
    assert result.exit_code == 0, result.output
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "packet.pdf").pages)
    assert site["site"] in text
    assert all(room["key"] in text for room in site["rooms"])


def test_a_map_too_large_for_a_site_file_is_refused_at_the_json(runner: CliRunner, tmp_path: Path) -> None:
    """The JSON's own limits let through more columns than a site's map holds (limits.MAX_MAP_ITEMS): the
    refusal names the JSON file, which is what the GM has, and no site file is written."""
    data = generate(1, 2, 2)
    data["columns"] = [{"x": n % 50, "y": n // 50} for n in range(limits.MAX_MAP_ITEMS + 1)]
    out = tmp_path / "site.yaml"
    source = write_json(tmp_path, data)
    result = runner.invoke(cli, ["import", "watabou", str(source), "-o", str(out)])
    assert result.exit_code == 2
    assert result.output == (
        f"error: {source}: this map makes a site file that sheetgen refuses: map.columns: "
        f"{limits.MAX_MAP_ITEMS + 1} entries; at most {limits.MAX_MAP_ITEMS} are allowed; "
        "import a smaller map\n"
    )
    assert not out.exists()
