"""The floor plan drawn to scale, read back from the PDFs: each room's key at the room's place on the page, at
7 pt or more, the players' plan without keys or secret doors, door kinds in the legend, no dark fill."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, sized_text
from pdfpaint import ink_fills
from watabou_maps import HERE, generate

from sheetgen.cli import cli
from sheetgen.layout.marks import text_width
from sheetgen.load.files import load_site

WATABOU = sorted(HERE.glob("**/*.json"))
TOLL_HOUSE = Path(__file__).parent / "data" / "sites" / "toll-house.yaml"
SITE_WITHOUT_MAP = """site: Two Rooms
system: dungeon-turn
rooms:
  - {key: "1", name: A, exits: ["2"]}
  - {key: "2", name: B, exits: ["1"]}
"""


def run(*args: str) -> None:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output


def imported(source: Path, tmp_path: Path) -> Path:
    out = tmp_path / f"{source.stem}.yaml"
    run("import", "watabou", str(source), "-o", str(out))
    return out


def drawn_map(site: Path, tmp_path: Path, *extra: str) -> bytes:
    out = tmp_path / "map.pdf"
    run("map", str(site), "-o", str(out), *extra)
    return out.read_bytes()


def key_places(pdf: bytes, page: int, keys: set[str]) -> dict[str, tuple[float, float, float]]:
    """Each key's middle on the page and its type size, from the text the page draws in the key's face."""
    found: dict[str, tuple[float, float, float]] = {}
    for x, y, size, text in sized_text(read_pdf(pdf), page):
        if text in keys:
            assert text not in found, f"key {text} printed twice"
            found[text] = (x + text_width(text, "body-bold", size) / 2, y + size * 0.35, size)
    return found


def assert_keys_in_their_rooms(pdf: bytes, page: int, site: Path) -> None:
    """Every room with an area has its key on the page, inside the room's rectangle, the page's squares
    found from the keys themselves: one scale for x and y, y upwards."""
    plan = load_site(str(site)).site.map
    assert plan is not None
    boxes: dict[str, tuple[int, int, int, int]] = {}
    for area in plan.areas:
        if area.room is None or area.rect is None:
            continue
        if area.room not in boxes or area.rect[2] * area.rect[3] > boxes[area.room][2] * boxes[area.room][3]:
            boxes[area.room] = area.rect
    places = key_places(pdf, page, set(boxes))
    assert set(places) == set(boxes)
    assert min(size for _, _, size in places.values()) >= 7.0
    # least squares for px = a * x + b, py = -a * y + c through the rooms' middles
    middles = {k: (x + w / 2, y + h / 2) for k, (x, y, w, h) in boxes.items()}
    n = len(middles)
    mx = sum(m[0] for m in middles.values()) / n
    my = sum(m[1] for m in middles.values()) / n
    px = sum(p[0] for p in places.values()) / n
    py = sum(p[1] for p in places.values()) / n
    top = sum((middles[k][0] - mx) * (places[k][0] - px) - (middles[k][1] - my) * (places[k][1] - py) for k in middles)
    under = sum((middles[k][0] - mx) ** 2 + (middles[k][1] - my) ** 2 for k in middles)
    a = top / under
    assert a > 3.0, "a square drawn at least 3 pt"
    for key, (x, y, w, h) in boxes.items():
        gx = (places[key][0] - px) / a + mx
        gy = -(places[key][1] - py) / a + my
        assert x <= gx <= x + w and y <= gy <= y + h, f"key {key} at square ({gx:.1f}, {gy:.1f}), not in {x, y, w, h}"


@pytest.mark.parametrize("source", WATABOU, ids=[p.stem for p in WATABOU])
def test_each_imported_map_has_every_rooms_key_at_the_room(source: Path, tmp_path: Path) -> None:
    site = imported(source, tmp_path)
    assert_keys_in_their_rooms(drawn_map(site, tmp_path), 0, site)


def test_the_packets_map_page_is_the_floor_plan(tmp_path: Path) -> None:
    site = imported(HERE / "sample-2.json", tmp_path)
    out = tmp_path / "packet.pdf"
    run("packet", str(site), "--seed", "1", "-q", "-o", str(out))
    reader = read_pdf(out.read_bytes())
    page = next(n for n, text in enumerate(page_texts(reader)) if "\nMap\n" in f"\n{text}\n" and "way out" in text)
    assert "Map" in [item.title for item in reader.outline if not isinstance(item, list)]
    assert_keys_in_their_rooms(out.read_bytes(), page, site)


def test_two_hundred_rooms_keep_their_keys_at_seven_points_or_more(tmp_path: Path) -> None:
    source = tmp_path / "big.json"
    source.write_text(json.dumps(generate(5, 20, 10)), encoding="utf-8")
    site = imported(source, tmp_path)
    assert len(load_site(str(site)).site.rooms) == 200
    assert_keys_in_their_rooms(drawn_map(site, tmp_path), 0, site)


def test_the_players_plan_has_no_keys_and_no_secret_doors(tmp_path: Path) -> None:
    gm = drawn_map(TOLL_HOUSE, tmp_path)
    players = drawn_map(TOLL_HOUSE, tmp_path, "--for", "players")
    gm_text, players_text = page_texts(read_pdf(gm))[0], page_texts(read_pdf(players))[0]
    assert "For the DM" in gm_text and "For the players" in players_text
    assert "secret door" in gm_text and "secret door" not in players_text
    drawn = [text for _, _, _, text in sized_text(read_pdf(players), 0)]
    assert not {"1", "2", "3", "4", "S"} & set(drawn)
    assert {"1", "2", "3", "4", "S"} <= {text for _, _, _, text in sized_text(read_pdf(gm), 0)}


def test_the_legend_names_each_kind_of_door_the_plan_has(tmp_path: Path) -> None:
    text = page_texts(read_pdf(drawn_map(TOLL_HOUSE, tmp_path)))[0]
    legend = text[text.index("door") :]
    for name in (
        "door",
        "double door",
        "narrow passage",
        "secret door",
        "locked door",
        "steel door",
        "portcullis",
        "stairs",
        "stairwell",
        "way out",
        "water",
        "column",
        "50 ft (5 squares)",
    ):
        assert name in legend, name
    assert "opening" not in legend


def test_the_scale_bar_says_the_sites_unit(tmp_path: Path) -> None:
    site = tmp_path / "metres.yaml"
    site.write_text(
        TOLL_HOUSE.read_text(encoding="utf-8").replace("square: 10\n  unit: ft", "square: 3\n  unit: m"),
        encoding="utf-8",
    )
    text = page_texts(read_pdf(drawn_map(site, tmp_path)))[0]
    assert "15 m (5 squares)" in text


def test_the_plan_is_drawn_in_the_language_of_the_words(tmp_path: Path) -> None:
    """The header, the legend and the scale bar in German; the site's own unit as its author wrote it."""
    gm = page_texts(read_pdf(drawn_map(TOLL_HOUSE, tmp_path, "--language", "de")))[0]
    for name in (
        "Karte",
        "Doppeltür",
        "enger Durchgang",
        "Geheimtür",
        "Fallgitter",
        "Ausgang",
        "Wasser",
        "Säule",
        "50 ft (5 Felder)",
    ):
        assert name in gm, name
    for english in ("For the DM", "Map", "double door", "secret door", "water", "column", "squares"):
        assert english not in gm, english
    players = page_texts(read_pdf(drawn_map(TOLL_HOUSE, tmp_path, "--language", "pl", "--for", "players")))[0]
    assert "Dla graczy" in players and "50 ft (5 pól)" in players


@pytest.mark.parametrize("ink", ["normal", "saver"])
def test_the_plan_fills_no_dark_area(ink: str, tmp_path: Path) -> None:
    for site in (TOLL_HOUSE, imported(HERE / "sample-3.json", tmp_path)):
        assert ink_fills(read_pdf(drawn_map(site, tmp_path, "--ink", ink))) == []


def test_a_players_map_needs_a_floor_plan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("plain.yaml").write_text(SITE_WITHOUT_MAP, encoding="utf-8")
    result = CliRunner().invoke(cli, ["map", "plain.yaml", "--for", "players", "-o", "m.pdf"])
    assert result.exit_code == 2
    assert result.output == (
        "error: plain.yaml: map: a players' map is drawn from the site's floor plan, "
        "and this site has none (the map of its exits names every room): add a map:, see docs/site-format.md, "
        "or import the dungeon from One Page Dungeon\n"
    )
    assert not Path("m.pdf").exists()
    run("map", "plain.yaml", "-o", "m.pdf")  # the GM's map of its exits
    assert "1\nA" in page_texts(read_pdf(Path("m.pdf").read_bytes()))[0]
