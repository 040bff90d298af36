"""The map of a site's exits: its layout's boxes, `sheetgen map`, and the packet's map page."""

from __future__ import annotations

import io
import itertools
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.layout.exit_map import MIN_TEXT, exit_map_layout, place_rooms
from sheetgen.layout.marks import RectMark, TextMark
from sheetgen.load.files import load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import A4, LETTER
from sheetgen.sheets.exit_map import MapExit, exit_map

ROOT = Path(__file__).resolve().parent.parent
WORDS = [
    "Flooded",
    "Crypt",
    "Hall",
    "of",
    "the",
    "Old",
    "King",
    "Bone",
    "Gallery",
    "Well",
    "Shrine",
    "Narrow",
    "Stair",
    "Guard",
    "Room",
    "Fungus",
    "Garden",
    "Collapsed",
    "Vault",
    "Kitchen",
    "Barracks",
    "Idol",
]


def generated_site(rooms: int, seed: int = 7) -> str:
    """A site file of *rooms* rooms: a branching tree of exits with a few loops, a few one-way exits,
    and a last part of three rooms that no exit joins to the rest."""
    rng = random.Random(seed)
    main = rooms - 3
    exits: dict[int, set[int]] = {n: set() for n in range(1, rooms + 1)}
    for n in range(2, main + 1):
        parent = rng.randint(max(1, n - 6), n - 1)
        exits[n].add(parent)
        exits[parent].add(n)
    for _ in range(main // 8):
        a, b = rng.randint(1, main), rng.randint(1, main)
        if a != b:
            exits[a].add(b)
            exits[b].add(a)
    for _ in range(max(1, main // 20)):
        a = rng.randint(2, main)
        b = rng.randint(1, main)
        if a != b and b not in exits[a]:
            exits[a].add(b)  # one way: b does not list a
    exits[main + 1] |= {main + 2}
    exits[main + 2] |= {main + 1, main + 3}
    exits[main + 3] |= {main + 2}
    lines = ["site: Generated Depths", "system: dungeon-turn", "rooms:"]
    for n in range(1, rooms + 1):
        name = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
        lines += [
            f'  - key: "{n}"',
            f'    name: "{name}"',
            f"    exits: [{', '.join(repr(str(k)) for k in sorted(exits[n]))}]",
        ]
        if n % 5 == 0:
            lines.append("    trap: A pit.")
        if n % 7 == 0:
            lines.append("    treasure: Coins.")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[int, LoadedSite]:
    folder = tmp_path_factory.mktemp("sites")
    out = {}
    for rooms in (60, 200):
        path = folder / f"generated-{rooms}.yaml"
        path.write_text(generated_site(rooms), encoding="utf-8")
        out[rooms] = load_site(str(path))
    return out


def test_exits_read_both_ways_and_one_way(chapel: LoadedSite, sites: dict[int, LoadedSite]) -> None:
    plan = exit_map(chapel.site, "DM")
    assert [room.key for room in plan.rooms] == [room.key for room in chapel.site.rooms]
    assert MapExit("1", "2", one_way=False) in plan.exits
    assert len({frozenset((e.start, e.end)) for e in plan.exits}) == len(plan.exits)
    generated = exit_map(sites[60].site, "GM")
    one_way = [e for e in generated.exits if e.one_way]
    assert one_way
    listed = {room.key: room.exits for room in sites[60].site.rooms}
    assert all(e.start not in listed[e.end] and e.end in listed[e.start] for e in one_way)


@pytest.mark.parametrize("rooms", [13, 60, 200])
def test_no_two_room_boxes_overlap(rooms: int, chapel: LoadedSite, sites: dict[int, LoadedSite]) -> None:
    loaded = chapel if rooms == 13 else sites[rooms]
    placed = place_rooms(exit_map(loaded.site, "GM"))
    assert len(placed.boxes) == len(loaded.site.rooms)
    for (a, one), (b, other) in itertools.combinations(placed.boxes.items(), 2):
        assert not one.overlaps(other), (a, b)


def test_paths_cross_no_box(sites: dict[int, LoadedSite]) -> None:
    placed = place_rooms(exit_map(sites[60].site, "GM"))
    for path, (start, end) in zip(placed.paths, placed.ends, strict=True):
        for (x1, y1), (x2, y2) in itertools.pairwise(path):
            middle = ((x1 + x2) / 2, (y1 + y2) / 2)
            for key, box in placed.boxes.items():
                inside = box.x + 0.5 < middle[0] < box.right - 0.5 and box.y + 0.5 < middle[1] < box.top - 0.5
                assert not inside, (start, end, key)


def test_parts_that_no_exit_joins_stand_side_by_side(sites: dict[int, LoadedSite]) -> None:
    placed = place_rooms(exit_map(sites[60].site, "GM"))
    apart = [placed.boxes[str(n)] for n in (58, 59, 60)]
    rest = [placed.boxes[str(n)] for n in range(1, 58)]
    assert min(box.x for box in apart) > max(box.right for box in rest)


@pytest.mark.parametrize("rooms", [13, 60, 200])
def test_text_stays_in_its_box_and_never_under_7_pt(
    rooms: int, chapel: LoadedSite, sites: dict[int, LoadedSite]
) -> None:
    loaded = chapel if rooms == 13 else sites[rooms]
    layout = exit_map_layout(exit_map(loaded.site, "GM"), LETTER)
    assert layout.scale * 8.0 >= MIN_TEXT - 1e-9
    for page in layout.pages:
        assert all(m.rect.x >= 0 and m.rect.right <= page.paper.width for m in page.marks)
        boxes = [m.rect for m in page.marks if isinstance(m, RectMark) and m.role == "room"]
        texts = [m for m in page.marks if isinstance(m, TextMark)]
        for box in boxes:
            inside = [t for t in texts if box.overlaps(t.rect)]
            assert inside
            assert all(box.contains(t.rect, tolerance=0.5) for t in inside)


def test_the_bundled_site_fits_one_landscape_page(chapel: LoadedSite) -> None:
    for paper in (LETTER, A4):
        layout = exit_map_layout(exit_map(chapel.site, "DM"), paper)
        assert len(layout.pages) == 1
        assert layout.pages[0].paper.size == (paper.height, paper.width)


def test_200_rooms_lay_out_in_reasonable_time(sites: dict[int, LoadedSite]) -> None:
    start = time.perf_counter()
    layout = exit_map_layout(exit_map(sites[200].site, "GM"), LETTER)
    assert time.perf_counter() - start < 10.0
    shown = {m.text for page in layout.pages for m in page.marks if isinstance(m, TextMark)}
    assert {room.key for room in sites[200].site.rooms} <= shown


def test_cli_map_writes_one_page_with_every_key(runner: CliRunner, tmp_path: Path, chapel: LoadedSite) -> None:
    out = tmp_path / "map.pdf"
    result = runner.invoke(cli, ["map", "the-sunken-chapel", "-o", str(out), "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert result.output == f"{out}\n"
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx(
        (A4.height, A4.width)
    )
    words = reader.pages[0].extract_text().split()
    assert all(room.key in words for room in chapel.site.rooms)


def test_cli_map_of_a_large_site_takes_several_pages(runner: CliRunner, tmp_path: Path) -> None:
    site = tmp_path / "big.yaml"
    site.write_text(generated_site(200), encoding="utf-8")
    out = tmp_path / "map.pdf"
    result = runner.invoke(cli, ["map", str(site), "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) > 1
    assert "Map, part 1 of" in reader.pages[0].extract_text()


def test_cli_map_user_errors_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["map", str(tmp_path / "none.yaml"), "-o", str(tmp_path / "m.pdf")])
    assert result.exit_code == 2
    assert not (tmp_path / "m.pdf").exists()
    result = runner.invoke(cli, ["map", "the-sunken-chapel", "--paper", "legal"])
    assert result.exit_code == 2


def test_map_is_byte_identical_in_two_processes(tmp_path: Path) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1790000000", "PYTHONHASHSEED": "random"}
    site = tmp_path / "big.yaml"
    site.write_text(generated_site(60), encoding="utf-8")
    outputs = []
    for name in ("a.pdf", "b.pdf"):
        out = tmp_path / name
        done = subprocess.run(
            [sys.executable, "-m", "sheetgen", "map", str(site), "-o", str(out)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert len(PdfReader(io.BytesIO(outputs[0])).pages) >= 1


@pytest.mark.slow
def test_the_packet_has_the_map_after_the_room_index_and_the_players_none(
    runner: CliRunner, tmp_path: Path, chapel: LoadedSite
) -> None:
    out = tmp_path / "packet.pdf"
    result = runner.invoke(cli, ["packet", "--seed", "3", "-q", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert titles[:3] == ["Cover", "Background and room index", "Map"]
    page = reader.get_destination_page_number(
        next(item for item in reader.outline if not isinstance(item, list) and item.title == "Map")
    )
    assert page == 2
    map_page = reader.pages[page]
    assert float(map_page.mediabox.width) > float(map_page.mediabox.height)  # turned to landscape
    text = map_page.extract_text()
    assert f"page {page + 1} of {len(reader.pages)}" in text
    assert all(room.key in text.split() for room in chapel.site.rooms)
    assert "\nMap 3\n" in reader.pages[0].extract_text()  # the cover's contents
    players = tmp_path / "players.pdf"
    result = runner.invoke(cli, ["packet", "--seed", "3", "-q", "--for", "players", "-o", str(players)])
    assert result.exit_code == 0, result.output
    assert "Map" not in [item.title for item in PdfReader(players).outline if not isinstance(item, list)]
