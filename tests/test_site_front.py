"""The dungeon's front pages: its background and a room index, on the game master's packet only."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetgen.design import SPACE
from sheetgen.layout.marks import BoxMark, TextMark
from sheetgen.layout.site_front import MARK, site_front_layout
from sheetgen.load.files import load_site
from sheetgen.model.site import Room
from sheetgen.options import A4, LETTER, Paper
from sheetgen.render.pdf.site_front import site_front_pdf
from sheetgen.sheets.site_front import paragraphs, room_places, site_front


def rooms(exits: dict[str, list[str]]) -> list[Room]:
    return [Room(key=key, name=f"Room {key}", exits=to) for key, to in exits.items()]


def test_dead_ends_and_loops_read_from_the_exits_both_ways() -> None:
    # 1-2-3-1 is a circuit; 3-4 a bridge to 4, which goes on to 5 (a dead end) and 6 (one way in, listed
    # only on 6's side); 7 stands alone
    places = room_places(rooms({"1": ["2"], "2": ["3"], "3": ["1", "4"], "4": ["5"], "5": [], "6": ["4"], "7": []}))
    assert places == {"1": "loop", "2": "loop", "3": "loop", "4": "", "5": "dead end", "6": "dead end", "7": ""}


def test_a_room_between_two_circuits_is_on_a_loop_and_a_bridge_is_not() -> None:
    places = room_places(
        rooms({"a": ["b", "c"], "b": ["c"], "c": ["d"], "d": ["e", "f"], "e": ["f"], "f": [], "g": ["a"]})
    )
    assert places == {"a": "loop", "b": "loop", "c": "loop", "d": "loop", "e": "loop", "f": "loop", "g": "dead end"}


def test_a_long_corridor_of_rooms_is_read_without_recursion() -> None:
    keys = [str(n) for n in range(5000)]
    places = room_places(rooms({k: [keys[i + 1]] if i + 1 < len(keys) else [] for i, k in enumerate(keys)}))
    assert places["0"] == places["4999"] == "dead end"
    assert {places[k] for k in keys[1:-1]} == {""}
    ring = room_places(rooms({k: [keys[(i + 1) % len(keys)]] for i, k in enumerate(keys)}))
    assert set(ring.values()) == {"loop"}


def test_paragraphs_part_at_blank_lines_and_run_their_lines_on() -> None:
    assert paragraphs("One line\nand the next.\n\n\n  Second **bold**.\n\n") == (
        "One line and the next.",
        "Second **bold**.",
    )
    assert paragraphs("") == ()


def test_the_bundled_site_indexes_every_room_with_what_it_holds() -> None:
    loaded = load_site("the-sunken-chapel")
    front = site_front(loaded.site, loaded.pack.words.gm)
    assert front.who == f"For the {loaded.pack.words.gm}"
    assert [row.key for row in front.rooms] == [room.key for room in loaded.site.rooms]
    by_key = {row.key: row for row in front.rooms}
    assert by_key["7a"].place == "dead end" and by_key["1"].place == "loop"
    assert "trap" in by_key["2"].markers and "treasure" not in by_key["2"].markers
    assert by_key["12"].stats == ("The Drowned Abbot", "Drowned Acolyte")
    assert front.background[0].startswith("The chapel of Saint Aldwen")


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_the_bundled_site_fits_one_page_with_both_parts(paper: Paper) -> None:
    loaded = load_site("the-sunken-chapel")
    front = site_front(loaded.site, loaded.pack.words.gm)
    layout = site_front_layout(front, paper)
    assert len(layout.pages) == 1
    assert layout.entries == (("background", 0), ("room index", 0))
    assert layout.title == "Background and room index"
    text = " ".join(m.text for m in layout.pages[0] if isinstance(m, TextMark))
    for room in loaded.site.rooms:
        assert room.name in text
    assert "Bone Crab" in text and MARK in text
    boxes = [m.name for m in layout.pages[0] if isinstance(m, BoxMark)]
    assert boxes == [f"visited-{room.key}" for room in loaded.site.rooms]


def big_site(tmp_path: Path, count: int, name: str = "Hall of the Long Name Number {n}") -> Path:
    lines = ["site: The Warrens", "system: dungeon-turn", "text: |"]
    for n in range(14):  # near the longest text a site may have
        lines += [f"  Paragraph {n} of the background. " + "The warrens run on under the hill. " * 10, ""]
    lines += ["rooms:"]
    for n in range(1, count + 1):
        near = [str(m) for m in (n - 1, n + 1) if 1 <= m <= count]
        lines.append(
            f'  - {{key: "{n}", name: "{name.format(n=n)}", size: "30 x 40 ft", '
            f"exits: [{', '.join(repr(k) for k in near)}], stats: [rat]"
            + (", trap: A pit." if n % 3 == 0 else "")
            + "}"
        )
    lines += ["statblocks:", "  - {id: rat, name: Giant Rat}"]
    path = tmp_path / "warrens.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_long_background_and_many_rooms_run_on_over_pages_inside_the_margins(tmp_path: Path) -> None:
    loaded = load_site(str(big_site(tmp_path, 200)))
    front = site_front(loaded.site, loaded.pack.words.gm)
    layout = site_front_layout(front, LETTER)
    assert len(layout.pages) >= 4
    (_, background_at), (_, index_at) = layout.entries
    assert background_at == 0
    left, right = SPACE.margin - 0.5, LETTER.width - SPACE.margin + 0.5
    bottom, top = SPACE.margin - 0.5, LETTER.height - SPACE.margin + 0.5
    for page in layout.pages:
        for mark in page:
            rect = mark.rect
            assert left <= rect.x and rect.right <= right, mark
            assert bottom <= rect.y and rect.top <= top, mark
    # the index repeats its head on every page it runs over, and ticks every room once
    for page in layout.pages[index_at:]:
        assert any(isinstance(m, TextMark) and m.text == "Visited" for m in page)
    boxes = [m.name for page in layout.pages for m in page if isinstance(m, BoxMark)]
    assert boxes == [f"visited-{n}" for n in range(1, 201)]

    pdf = PdfReader(io.BytesIO(site_front_pdf(layout, front.site, fillable=True)))
    assert len(pdf.pages) == len(layout.pages)
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Paragraph 13 of the background" in text
    for n in range(1, 201):
        assert f"Hall of the Long Name Number {n}," in text
    assert "dead end" in text and "Giant Rat" in text
    fields = pdf.get_fields() or {}
    assert {name for name in fields if name.startswith("rooms-visited-")} == {
        f"rooms-visited-{n}" for n in range(1, 201)
    }
    # each page says which part it holds
    assert "Background" in pdf.pages[0].extract_text()
    assert "Room index" in pdf.pages[-1].extract_text()


def test_an_index_of_short_rows_goes_in_two_columns_and_of_long_rows_across_the_page(tmp_path: Path) -> None:
    def columns(name: str) -> set[float]:
        loaded = load_site(str(big_site(tmp_path, 150, name)))
        layout = site_front_layout(site_front(loaded.site, "GM"), LETTER)
        return {round(m.x) for page in layout.pages for m in page if isinstance(m, BoxMark)}

    assert len(columns("Cave")) == 2
    assert len(columns("Hall of the Long Name Number {n}")) == 1


def test_a_site_without_background_starts_with_the_index(tmp_path: Path) -> None:
    path = tmp_path / "cellar.yaml"
    path.write_text('site: Cellar\nsystem: dungeon-turn\nrooms:\n  - {key: "1", name: Stair}\n', encoding="utf-8")
    loaded = load_site(str(path))
    layout = site_front_layout(site_front(loaded.site, "GM"), A4)
    assert layout.entries == (("room index", 0),)
    assert layout.title == "Room index"


def test_the_index_cells_are_hyphenated_in_the_sites_language() -> None:
    """A room's name in a narrow cell breaks where its own language allows, not where sheetgen's words'
    language would."""
    from sheetgen.layout.site_front import _Column, _table_row

    columns = [_Column("Room", 70.0)]
    german = [
        m.text
        for m in _table_row(columns, ["Schatzkammertürschloss"], 9.0, "b", "b", "de").marks
        if isinstance(m, TextMark)
    ]
    assert german[0].endswith("-") and "".join(t.rstrip("-") for t in german) == "Schatzkammertürschloss"
    unknown = [
        m.text
        for m in _table_row(columns, ["Schatzkammertürschloss"], 9.0, "b", "b", "zz").marks
        if isinstance(m, TextMark)
    ]
    assert not any(t.endswith("-") for t in unknown)
