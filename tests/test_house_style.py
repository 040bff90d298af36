"""The house style read back from the PDFs of every sheet kind: no fill under ink saver, every tick box one
of the design system's two sizes, no text within the margin, the banner's one design."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import char_boxes, read_pdf, sized_text
from pdfpaint import ink_fills, paint

from sheetgen.cli import cli
from sheetgen.design import SPACE, TICK, TYPE
from sheetgen.load.files import builtin_pack_ids, load_pack
from sheetgen.options import RenderOptions

SITE = "sheetgen/sites/the-sunken-chapel.yaml"
PACKS = ("derelict-crawl", "dungeon-turn", "encounter-clock", "encounter-reaction", "site-alarm")
TRACKED = tuple(pack for pack in builtin_pack_ids() if load_pack(pack).trackers)
"""The built-in packs with tracker pages."""

#: Every sheet kind, as the command line makes it.
SHEETS: dict[str, tuple[str, ...]] = {
    "packet": ("packet", SITE, "--seed", "1"),
    "packet-players": ("packet", SITE, "--seed", "1", "--for", "players"),
    "packet-players-large": ("packet", SITE, "--seed", "1", "--for", "players", "--large"),
    **{f"reference-{pack}": ("reference", pack) for pack in PACKS},
    "tracker": ("tracker", "dungeon-turn", "--for", "gm"),
    "tracker-players": ("tracker", "dungeon-turn", "--for", "players"),
    **{f"tracker-{pack}": ("tracker", pack) for pack in TRACKED if pack != "dungeon-turn"},
    **{f"tracker-large-{pack}": ("tracker", pack, "--large") for pack in TRACKED},
    "tracker-a4": ("tracker", "dungeon-turn", "--paper", "a4"),
    "tracker-large-a4": ("tracker", "encounter-reaction", "--large", "--paper", "a4"),
    "timetable": ("timetable", SITE, "--seed", "1"),
    "cards-poker": ("cards", SITE, "--backs"),
    "cards-index": ("cards", SITE, "--size", "index"),
    "cards-bleed": ("cards", SITE, "--bleed", "--backs"),
    "cards-shop": ("cards", SITE, "--layout", "shop", "--bleed"),
    "map": ("map", SITE),
}
#: The calibration sheet has no ink option: it draws no fill at all.
CALIBRATE = ("calibrate",)


def _make(tmp: Path, name: str, args: tuple[str, ...]) -> bytes:
    out = tmp / f"{name}.pdf"
    result = CliRunner().invoke(cli, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


@pytest.fixture(scope="module")
def saver_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Every sheet kind on letter under --ink saver, and the calibration sheet on letter and A4."""
    tmp = tmp_path_factory.mktemp("saver")
    pdfs = {name: _make(tmp, name, (*args, "--ink", "saver")) for name, args in SHEETS.items()}
    pdfs["calibrate"] = _make(tmp, "calibrate", CALIBRATE)
    pdfs["calibrate-a4"] = _make(tmp, "calibrate-a4", (*CALIBRATE, "--paper", "a4"))
    return pdfs


@pytest.fixture(scope="module")
def normal_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The packets in normal ink, on letter and A4, the players' in large print too."""
    tmp = tmp_path_factory.mktemp("normal")
    return {
        "packet": _make(tmp, "packet", SHEETS["packet"]),
        "packet-a4": _make(tmp, "packet-a4", (*SHEETS["packet"], "--paper", "a4")),
        "packet-players": _make(tmp, "packet-players", SHEETS["packet-players"]),
        "packet-players-a4": _make(tmp, "packet-players-a4", (*SHEETS["packet-players"], "--paper", "a4")),
        "packet-players-large": _make(tmp, "packet-players-large", SHEETS["packet-players-large"]),
    }


def _every(saver: dict[str, bytes], normal: dict[str, bytes]) -> Iterator[tuple[str, bytes]]:
    yield from ((f"{name} (saver)", data) for name, data in saver.items())
    yield from normal.items()


# --- ink saver ------------------------------------------------------------------------------------------


def test_ink_saver_fills_no_area_on_any_sheet_kind(saver_pdfs: dict[str, bytes]) -> None:
    found = {name: [(f.page, f.colour, f.what) for f in ink_fills(read_pdf(data))] for name, data in saver_pdfs.items()}
    assert {name: fills for name, fills in found.items() if fills} == {}


def test_normal_ink_fills_the_banner_and_the_cover(normal_pdfs: dict[str, bytes]) -> None:
    """What the saver test would find if ink saver did nothing: the banner's fill on the cover (page 1),
    the references and the timetable."""
    fills = ink_fills(read_pdf(normal_pdfs["packet"]))
    light = {f.page for f in fills if f.colour is not None and all(abs(c - 0.925) < 0.002 for c in f.colour)}
    assert {1, 4, 5, 6, 11} <= light


def test_ink_reader_tells_a_border_from_an_area() -> None:
    """A 1 pt frame and a 1.5 pt rule are lines; a 4 pt bar and a grey band are areas."""
    from sheetgen.options import LETTER
    from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas

    doc = PdfCanvas(LETTER, DocInfo("fills", ""))
    canvas = doc.canvas
    canvas.setFillGray(0)
    canvas.rect(100, 100, 200, 1.5, stroke=0, fill=1)  # a rule
    path = canvas.beginPath()
    path.rect(100, 200, 200, 50)
    path.rect(101, 201, 198, 48)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0)  # a 1 pt frame, filled even-odd
    canvas.rect(100, 300, 4, 60, stroke=0, fill=1)  # a bar
    canvas.setFillGray(0.86)
    canvas.rect(100, 400, 200, 20, stroke=0, fill=1)  # a band
    canvas.setFillGray(1)
    canvas.rect(100, 500, 200, 20, stroke=0, fill=1)  # white
    canvas.setFillGray(0)
    canvas.drawString(100, 600, "black text is no fill")
    doc.end_page()
    fills = ink_fills(read_pdf(doc.finish()))
    assert sorted((f.box[1], round(f.thickness, 1)) for f in fills) == [(300, 4.0), (400, 20.0)]


# --- tick boxes -----------------------------------------------------------------------------------------


def test_tick_box_sizes_are_written_once_and_big_enough() -> None:
    assert TICK.text / 72 >= 0.15
    assert TICK.tracker / 72 >= 0.22


def test_square_reader_tells_a_disc_from_a_box() -> None:
    """A square filled through a round clip (a step's number, as WeasyPrint paints its disc) is no box; a
    square filled or stroked, or filled under a round clip larger than itself (a rounded frame), is."""
    from sheetgen.options import LETTER
    from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas

    doc = PdfCanvas(LETTER, DocInfo("squares", ""))
    canvas = doc.canvas
    canvas.rect(100, 100, 16, 16, stroke=1, fill=0)
    canvas.saveState()
    disc = canvas.beginPath()
    disc.circle(208, 108, 8)
    canvas.clipPath(disc, stroke=0, fill=0)
    canvas.rect(200, 100, 16, 16, stroke=0, fill=1)
    canvas.restoreState()
    canvas.saveState()
    frame = canvas.beginPath()
    frame.roundRect(290, 90, 100, 100, 10)
    canvas.clipPath(frame, stroke=0, fill=0)
    canvas.rect(300, 100, 11, 11, stroke=0, fill=1)
    canvas.restoreState()
    canvas.rect(400, 100, 11, 11, stroke=0, fill=1)
    doc.end_page()
    _, squares = paint(read_pdf(doc.finish()))
    assert sorted((s.x, s.side) for s in squares) == [(100, 16), (300, 11), (400, 11)]


def test_every_tick_box_is_one_of_two_sizes(saver_pdfs: dict[str, bytes], normal_pdfs: dict[str, bytes]) -> None:
    sizes = {TICK.text, TICK.tracker}
    seen: set[float] = set()
    odd: dict[str, set[float]] = {}
    for name, data in _every(saver_pdfs, normal_pdfs):
        _, squares = paint(read_pdf(data))
        for square in squares:
            if square.side > 36:  # not a box to tick (half an inch or more)
                continue
            side = round(square.side, 1)
            seen.add(side)
            if not any(abs(side - size) < 0.3 for size in sizes):
                odd.setdefault(name, set()).add(side)
    assert odd == {}
    assert seen == {round(TICK.text, 1), round(TICK.tracker, 1)}


# --- the margin -----------------------------------------------------------------------------------------


def _text_in_margin(data: bytes) -> list[tuple[int, str, float]]:
    """Characters closer to the paper's edge than the margin, as (page, character, distance), from the
    boxes of the drawn characters (text in a form XObject, such as a chart's labels, included)."""
    reader = read_pdf(data)
    edge = SPACE.margin - 1.5  # a glyph's box may overhang its origin (an italic j) by a point
    found: list[tuple[int, str, float]] = []
    for number, page in enumerate(reader.pages):
        box = page.mediabox
        left, bottom, right, top = float(box.left), float(box.bottom), float(box.right), float(box.top)
        for char, (x0, y0, x1, y1) in char_boxes(data, number):
            near = min(x0 - left, y0 - bottom, right - x1, top - y1)
            if near < edge:
                found.append((number + 1, char, round(near, 1)))
    return found


def test_no_text_within_half_an_inch_of_the_edge(saver_pdfs: dict[str, bytes], normal_pdfs: dict[str, bytes]) -> None:
    # a print shop's page is one card at its trim size: its text keeps to the card's own safe area
    near = {
        name: _text_in_margin(data)[:6]
        for name, data in _every(saver_pdfs, normal_pdfs)
        if not name.startswith("cards-shop")
    }
    assert {name: found for name, found in near.items() if found} == {}


# --- house style: numbers, titles, the calibration sheet ------------------------------------------------


def _titles(data: bytes) -> list[str]:
    """Each page's title: the text set in the header's title size."""
    reader = read_pdf(data)
    return [
        " ".join(
            "".join(text for _, _, size, text in sized_text(reader, n) if abs(size - TYPE.header_title) < 0.01).split()
        )
        for n in range(len(reader.pages))
    ]


def test_a_tracker_file_counts_its_pages_within_itself(tmp_path: Path) -> None:
    texts = [page.extract_text() or "" for page in read_pdf(_make(tmp_path, "t", ("tracker", "dungeon-turn"))).pages]
    assert [("page 1 of 2" in t, "page 2 of 2" in t) for t in texts] == [(True, False), (False, True)]
    assert "For the DM" in texts[0] and "For the players" in texts[1]


@pytest.mark.parametrize("pack", PACKS)
def test_players_pages_are_titled_apart_from_the_gms(pack: str) -> None:
    from sheetgen.load.files import load_pack
    from sheetgen.sheets.reference import reference_view

    loaded = load_pack(pack)
    gm = {page.title for page in reference_view(loaded, RenderOptions()).pages}
    gm |= {page.title for page in loaded.trackers if page.audience == "gm"}
    players = {page.title for page in reference_view(loaded, RenderOptions(), players=True).pages}
    players |= {page.title for page in loaded.trackers if page.audience == "players"}
    assert players and not gm & players


def test_the_packets_titles_differ_for_gm_and_players(saver_pdfs: dict[str, bytes]) -> None:
    # the GM's packet holds the players' tracker pages too: told apart by their header's audience
    reader = read_pdf(saver_pdfs["packet"])
    titles = _titles(saver_pdfs["packet"])
    audiences = [(page.extract_text() or "").split("\n")[0] for page in reader.pages]
    gm = {t for t, who in zip(titles, audiences, strict=True) if t and "For the DM" in who}
    players = {t for t, who in zip(titles, audiences, strict=True) if t and "For the players" in who}
    players |= {t for t in _titles(saver_pdfs["packet-players"])[1:] if t}
    assert "Party Turn and Light Tracker" in players and "Dungeon Turn Tracking Tables" in gm
    assert not gm & players


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_calibration_sheet_is_under_the_house_header(saver_pdfs: dict[str, bytes], paper: str) -> None:
    reader = read_pdf(saver_pdfs["calibrate" if paper == "letter" else "calibrate-a4"])
    texts = [page.extract_text() or "" for page in reader.pages]
    assert [t.split("\n")[1] for t in texts] == ["Calibration sheet", "Back of the calibration sheet"]
    assert "page 1 of 2" in texts[0] and "page 2 of 2" in texts[1]
    for number in range(2):
        placed = sized_text(reader, number)
        assert min(size for _, _, size, _ in placed) >= 8.0
        assert min(x for x, _, _, _ in placed) == pytest.approx(SPACE.margin, abs=0.01)


def test_the_docs_example_titles_its_players_page_apart(tmp_path: Path) -> None:
    """pack-format.md's full example pack gives its page a players' title; the players' PDF prints it."""
    import yaml
    from test_docs import PACK_DOC, _data, _first, examples

    part = next(e for e in examples(PACK_DOC) if e.kind == "pack part" and "players_title:" in e.body)
    pack = tmp_path / "pack.yaml"
    merged = {**_data(_first(PACK_DOC, "pack")), **_data(part)}
    pack.write_text(yaml.safe_dump(merged, sort_keys=False, allow_unicode=True), encoding="utf-8")
    gm = _titles(_make(tmp_path, "gm", ("reference", str(pack))))
    players = _titles(_make(tmp_path, "players", ("reference", str(pack), "--for", "players")))
    assert gm == ["The Tension Pool"]
    assert players == ["Turns and the Pool"]
