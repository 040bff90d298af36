"""A site's floor plan (`map:`): read and checked like every site field, and written by `sheetgen import watabou`
from the One Page Dungeon's rects, doors, water and columns, every door of the JSON kept with its kind."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from watabou_maps import HERE

from sheetgen import limits
from sheetgen.cli import cli
from sheetgen.errors import DataError
from sheetgen.load.files import load_site
from sheetgen.model.loaded import LoadedSite

WATABOU = sorted(HERE.glob("**/*.json"))
#: The One Page Dungeon's door types as the site map's kinds (docs/site-format.md).
KINDS = {
    0: "open",
    1: "door",
    2: "narrow",
    3: "way-out",
    4: "portcullis",
    5: "double",
    6: "secret",
    7: "steel",
    8: "stairs",
    9: "stairwell",
}
NOTEWORTHY = {"secret", "stairwell", "stairs", "steel", "portcullis", "way-out"}

TWO_ROOMS = """site: Edges
system: dungeon-turn
rooms:
  - {key: "1", name: A, exits: ["2"]}
  - {key: "2", name: B, exits: ["1"]}
"""


def imported(path: Path, tmp_path: Path) -> LoadedSite:
    out = tmp_path / f"{path.stem}.yaml"
    result = CliRunner().invoke(cli, ["import", "watabou", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return load_site(str(out))


@pytest.mark.parametrize("path", WATABOU, ids=[p.stem for p in WATABOU])
def test_every_door_of_the_json_is_in_the_site_map_with_its_kind(path: Path, tmp_path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    plan = imported(path, tmp_path).site.map
    assert plan is not None
    wanted = Counter((d["x"], d["y"], KINDS.get(d.get("type", 1), "door")) for d in data["doors"])
    kept = Counter((d.at[0], d.at[1], d.kind) for d in plan.doors)
    assert kept == wanted
    noteworthy = [k for k in wanted if k[2] in NOTEWORTHY]
    assert noteworthy, "every sample has doors a GM must know of"


@pytest.mark.parametrize("path", WATABOU, ids=[p.stem for p in WATABOU])
def test_every_rect_water_and_column_is_kept(path: Path, tmp_path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    loaded = imported(path, tmp_path)
    plan = loaded.site.map
    assert plan is not None
    doors = {(d["x"], d["y"]) for d in data["doors"]}
    rects = Counter(
        (r["x"], r["y"], r["w"], r["h"])
        for r in data["rects"]
        if not (r["w"] == r["h"] == 1 and (r["x"], r["y"]) in doors)
    )
    assert Counter(a.rect for a in plan.areas) == rects
    assert {a.room for a in plan.areas if a.room is not None} == {room.key for room in loaded.site.rooms}
    assert set(plan.water) == {(w["x"], w["y"]) for w in data["water"]}
    assert set(plan.columns) == {(round(c["x"], 3), round(c["y"], 3)) for c in data["columns"]}
    rotundas = {(r["x"], r["y"], r["w"], r["h"]) for r in data["rects"] if r.get("rotunda")}
    assert {a.rect for a in plan.areas if a.round} == rotundas


def _site(tmp_path: Path, areas: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(TWO_ROOMS + "map:\n  areas:\n" + areas, encoding="utf-8")
    return path


def test_a_map_spans_at_most_max_map_squares(tmp_path: Path) -> None:
    last = limits.MAX_MAP_SQUARES
    load_site(str(_site(tmp_path, f"    - {{room: '1', rect: [0, 0, 1, 1]}}\n    - {{rect: [{last - 1}, 0, 1, 1]}}\n")))
    with pytest.raises(DataError) as info:
        load_site(str(_site(tmp_path, f"    - {{room: '1', rect: [0, 0, 1, 1]}}\n    - {{rect: [{last}, 0, 1, 1]}}\n")))
    assert [str(p).split("/")[-1] for p in info.value.problems] == [
        f"s.yaml:7:3: map: the map spans {last + 1} x 1 squares; at most {last:,} each way fit on a page "
        "(draw it with larger squares, or split the site)"
    ]


@pytest.mark.parametrize("squares", ["doors: [{at: [0, {y}], kind: door, facing: south}]", "water: [[0, {y}]]"])
def test_a_door_or_water_square_spans_the_square_it_stands_on(tmp_path: Path, squares: str) -> None:
    """A door or water at (x, y) fills the square to (x + 1, y + 1): one in the map's last row fits, one
    a row further does not."""
    last = limits.MAX_MAP_SQUARES
    area = "    - {room: '1', rect: [0, 0, 1, 1]}\n"
    load_site(str(_site(tmp_path, area + "  " + squares.replace("{y}", str(last - 1)) + "\n")))
    with pytest.raises(DataError) as info:
        load_site(str(_site(tmp_path, area + "  " + squares.replace("{y}", str(last)) + "\n")))
    assert [str(p).split("/")[-1] for p in info.value.problems] == [
        f"s.yaml:7:3: map: the map spans 1 x {last + 1} squares; at most {last:,} each way fit on a page "
        "(draw it with larger squares, or split the site)"
    ]


@pytest.mark.parametrize(
    ("area", "said"),
    [
        ("{room: '1'}", "neither"),
        ("{room: '1', rect: [0, 0, 1, 1], polygon: [[0, 0], [1, 0], [1, 1]]}", "both"),
    ],
)
def test_an_area_is_a_rect_or_a_polygon(tmp_path: Path, area: str, said: str) -> None:
    with pytest.raises(DataError) as info:
        load_site(str(_site(tmp_path, f"    - {area}\n")))
    assert [str(p).split("/")[-1] for p in info.value.problems] == [
        f"s.yaml:8:7: map.areas[0]: give an area either rect: [x, y, width, height] or polygon: [[x, y], ...], "
        f"not {said}"
    ]


def test_a_polygon_has_at_most_max_polygon_corners(tmp_path: Path) -> None:
    def corners(n: int) -> str:
        return ", ".join(f"[{i % 7}, {i // 7}]" for i in range(n))

    load_site(str(_site(tmp_path, f"    - {{room: '1', polygon: [{corners(limits.MAX_POLYGON)}]}}\n")))
    with pytest.raises(DataError) as info:
        load_site(str(_site(tmp_path, f"    - {{room: '1', polygon: [{corners(limits.MAX_POLYGON + 1)}]}}\n")))
    (problem,) = info.value.problems
    assert str(problem).endswith(
        f"s.yaml:8:28: map.areas[0].polygon: {limits.MAX_POLYGON + 1} entries; at most {limits.MAX_POLYGON} are allowed"
    )


def test_a_map_lists_at_most_max_map_items_columns(tmp_path: Path) -> None:
    def columns(n: int) -> str:
        return "  columns: [" + ", ".join(f"[{i % 100}, {i // 100}]" for i in range(n)) + "]\n"

    area = "    - {room: '1', rect: [0, 0, 100, 201]}\n"
    load_site(str(_site(tmp_path, area + columns(limits.MAX_MAP_ITEMS))))
    with pytest.raises(DataError) as info:
        load_site(str(_site(tmp_path, area + columns(limits.MAX_MAP_ITEMS + 1))))
    (problem,) = info.value.problems
    assert str(problem).endswith(
        f"s.yaml:9:12: map.columns: {limits.MAX_MAP_ITEMS + 1} entries; at most {limits.MAX_MAP_ITEMS} are allowed"
    )
