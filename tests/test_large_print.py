"""Large print: every pack's players' tracker pages at a 12 pt body, on as few sheets as hold them (two at
most), each with its header and page number, and the round tracker's groups one under another; a reference
page that runs on to a further sheet spread over its sheets, none of them a stub."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, sized_text, squeeze
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.design import TICK
from sheetgen.errors import RenderError
from sheetgen.layout.header import page_slot
from sheetgen.layout.trackers import MARGIN, TrackerLayout, tracker_layout, tracker_sheets
from sheetgen.load.files import builtin_pack_ids, load_pack
from sheetgen.options import A4, LETTER, Audience, Paper, RenderOptions
from sheetgen.render.pdf.trackers import LARGE_BODY, page_scale, tracker_layouts

PLAYERS_PACKS = [p for p in builtin_pack_ids() if any(t.audience == "players" for t in load_pack(p).trackers)]
LARGE = RenderOptions(large=True, fillable=True)


def _field_names(reader: PdfReader) -> list[str]:
    return [
        str(a.get_object()["/T"])
        for page in reader.pages
        for a in page.get("/Annots") or []
        if a.get_object().get("/FT") == "/Btn"
    ]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return (
        a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5
    )


def _inside_and_apart(layout: TrackerLayout) -> None:
    """Every part inside the margins of the sheet it is laid out on, and no two parts on top of each other."""
    paper = layout.paper
    rects = [(f.x, f.y, f.width, f.height) for f in layout.frames]
    for x, y, w, h in rects:
        assert x >= MARGIN - 0.01 and x + w <= paper.width - MARGIN + 0.01
        assert y >= MARGIN - 0.01 and y + h <= paper.height - MARGIN + 0.01
    for i, a in enumerate(rects):
        assert not any(_overlap(a, b) for b in rects[i + 1 :]), layout.frames[i]
    for box in layout.boxes:
        assert box.x >= MARGIN - 0.01 and box.x + box.size <= paper.width - MARGIN + 0.01
        assert box.y >= MARGIN - 0.01 and box.y + box.size <= paper.height - MARGIN + 0.01


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("pack_id", PLAYERS_PACKS)
def test_every_players_tracker_works_in_large_print(pack_id: str, paper: Paper, tmp_path: Path) -> None:
    out = tmp_path / "large.pdf"
    result = CliRunner().invoke(
        cli, ["tracker", pack_id, "--for", "players", "--large", "--fillable", "--paper", paper.name, "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    layouts = tracker_layouts(load_pack(pack_id), RenderOptions(paper=paper, large=True), audience=Audience.PLAYERS)
    reader = read_pdf(out.read_bytes())
    assert len(reader.pages) == len(layouts)
    for n, layout in enumerate(layouts, 1):
        _inside_and_apart(layout)
        text = squeeze(page_texts(reader)[n - 1])
        assert f"For the players · page {n} of {len(layouts)}" in text
        assert layout.title in text
        assert LARGE_BODY in {size for _, _, size, _ in sized_text(reader, n - 1)}
    names = _field_names(reader)
    assert len(names) == sum(len(layout.boxes) for layout in layouts)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("pack_id", PLAYERS_PACKS)
def test_large_print_enlarges_the_type_not_the_tick_boxes(pack_id: str) -> None:
    """Each box of a large-print sheet is drawn at one of the design system's two sides, centred where the
    box laid out on the smaller sheet stood; the same page at normal size has the same boxes by name."""
    pack = load_pack(pack_id)
    scale = page_scale(LARGE, Audience.PLAYERS)
    assert scale > 1.4
    layouts = tracker_layouts(pack, LARGE, audience=Audience.PLAYERS)
    assert any(layout.boxes for layout in layouts)
    for layout in layouts:
        page = next(t for t in pack.trackers if t.id == layout.page_id)
        laid = {
            box.name: box for sheet in tracker_sheets(pack, page, layout.paper, None, spill=True) for box in sheet.boxes
        }
        for box in layout.boxes:
            assert round(box.size * scale, 6) in {TICK.text, TICK.tracker}, box
            before = laid[box.name]
            assert before.size == pytest.approx(box.size * scale)
            assert box.x + box.size / 2 == pytest.approx(before.x + before.size / 2)
            assert box.y + box.size / 2 == pytest.approx(before.y + before.size / 2)
        omens = [rect for rect in layout.rects if rect.role == "omen"]
        assert all(any(r.rect == b.rect for b in layout.boxes) for r in omens)


def test_a_page_too_long_for_one_large_sheet_continues_on_the_next() -> None:
    pack = load_pack("encounter-reaction")
    sheets = tracker_layouts(pack, LARGE, audience=Audience.PLAYERS)
    page = next(t for t in pack.trackers if t.audience == "players")
    # the round tracker's two groups, its turn order and two tables: two sheets, not three
    assert [(s.sheet, s.sheets) for s in sheets] == [(1, 2), (2, 2)]
    # on each sheet the parts in the pack's order, none left out, none split but the round tracker between
    # its groups; the turn order fills the foot of the first sheet, the two tables stand side by side
    for s in sheets:
        order = [f.index for f in s.frames if f.index >= 0]
        assert order == sorted(order)
    assert {f.index for s in sheets for f in s.frames if f.index >= 0} == set(range(len(page.parts)))
    assert "Heroes" in sheets[0].text() and "Enemies" not in sheets[0].text()
    assert "Turn Order" in sheets[0].text()
    assert "Combat Rounds (about 10 seconds each), continued" in squeeze(sheets[1].text())
    assert "Enemies" in sheets[1].text()
    tables = [f for f in sheets[1].frames if f.kind == "table"]
    assert len(tables) == 2 and abs(tables[0].y + tables[0].height - tables[1].y - tables[1].height) < 0.01
    # box names stay unique across the sheets
    names = [b.name for s in sheets for b in s.boxes]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("pack_id", PLAYERS_PACKS)
def test_no_large_print_tracker_page_takes_more_than_two_sheets(pack_id: str, paper: Paper, tmp_path: Path) -> None:
    out = tmp_path / "large.pdf"
    result = CliRunner().invoke(
        cli, ["tracker", pack_id, "--for", "players", "--large", "--paper", paper.name, "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    layouts = tracker_layouts(load_pack(pack_id), replace(LARGE, paper=paper), audience=Audience.PLAYERS)
    assert len(read_pdf(out.read_bytes()).pages) == len(layouts)
    for page_id in {layout.page_id for layout in layouts}:
        assert sum(1 for layout in layouts if layout.page_id == page_id) <= 2, page_id


def test_the_groups_go_one_under_another_when_they_do_not_fit_across() -> None:
    pack = load_pack("encounter-reaction")
    page = next(t for t in pack.trackers if t.audience == "players")
    rounds = page.parts[0]
    assert rounds.kind == "rounds"
    alone = pack.model_copy(update={"trackers": [page.model_copy(update={"parts": [rounds]})]})
    narrow = Paper("narrow", 400.0, 1100.0, "400pt 1100pt")
    layout = tracker_layout(alone, alone.trackers[0], narrow, None)
    heads = sorted((t.y, t.text) for t in layout.texts if t.text in ("Heroes", "Enemies"))
    assert [text for _, text in heads] == ["Enemies", "Heroes"]  # Enemies lower on the page
    assert len([t for t in layout.texts if t.text == "Round"]) == 2
    heroes = [b for b in layout.boxes if "heroes" in b.name]
    enemies = [b for b in layout.boxes if "enemies" in b.name]
    assert len(heroes) == len(enemies) == rounds.rounds * (1 + 2 * rounds.beings)
    assert max(b.y for b in enemies) < min(b.y for b in heroes)
    # side by side on a wide page
    wide = tracker_layout(alone, alone.trackers[0], LETTER, None)
    assert len([t for t in wide.texts if t.text == "Round"]) == 1
    # one group too wide alone is an error that says how many Beings fit
    with pytest.raises(
        RenderError,
        match=r"trackers\[0\]\.parts\[0\]\.beings: 5 Beings do not fit across the "
        r"round tracker even with each group on its own lines; give [1-4] or fewer",
    ):
        tracker_layout(alone, alone.trackers[0], Paper("slim", 220.0, 1100.0, "220pt 1100pt"), None)


def test_at_normal_size_a_page_is_one_sheet_or_an_error() -> None:
    pack = load_pack("encounter-reaction")
    page = next(t for t in pack.trackers if t.audience == "players")
    small = Paper("small", LETTER.width / 1.4, LETTER.height / 1.4, "small")
    with pytest.raises(
        RenderError,
        match=r'the parts "Combat Rounds \(about 10 seconds each\)".* do not fit on '
        r"the page",
    ):
        tracker_layout(pack, page, small, None)
    assert len(tracker_sheets(pack, page, small, None, spill=True)) > 1
    for pack_id in PLAYERS_PACKS:
        layouts = tracker_layouts(load_pack(pack_id), RenderOptions(), audience=Audience.PLAYERS)
        assert all(s.sheets == 1 for s in layouts)


@pytest.mark.slow
def test_the_players_packet_in_large_print(tmp_path: Path) -> None:
    out = tmp_path / "players.pdf"
    result = CliRunner().invoke(
        cli, ["packet", "the-sunken-chapel", "--for", "players", "--large", "--fillable", "--no-cache", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    reader = read_pdf(out.read_bytes())
    texts = [squeeze(t) for t in page_texts(reader)]
    total = len(texts)
    for n, text in enumerate(texts[1:], 2):  # the cover carries no header
        assert re.search(rf"page {n} of {total}\b", text), (n, text[:200])
    combat = [n for n, text in enumerate(texts) if "Combat Rounds (about 10 seconds each)" in text]
    assert len(combat) == 2 and combat[1] == combat[0] + 1
    tracker_pages = [
        n
        for n, text in enumerate(texts)
        if "Combat Rounds (about 10 seconds each)" in text or "Dungeon Turn Tracker" in text
    ]
    assert len(tracker_pages) >= 3
    # a reference page that runs on to a further sheet says so above its text, in a running line like the
    # first sheet's small line (the page's title, and who it is for just left of the packet's page number,
    # on the same baseline), and its page number is stamped in a band kept for it, over nothing else
    continued = [n for n, text in enumerate(texts) if "(continued)" in text]
    assert continued, "the bundled players' references in large print take more than one sheet"
    slot = page_slot(LETTER, drawn_by="html")
    for n in continued:
        placed = [(x, y, text.strip()) for x, y, _, text in sized_text(reader, n) if "page" not in text]
        running = [(x, y) for x, y, text in placed if text == "For the players"]
        assert len(running) == 1 and running[0][0] < slot.x and abs(running[0][1] - slot.baseline) < 0.5, running
        body = [(x, y, text) for x, y, text in placed if "(continued)" not in text and text != "For the players"]
        assert all(y < slot.baseline - slot.size for x, y, text in body), body[:3]
    for n in tracker_pages:
        assert LARGE_BODY in {size for _, _, size, _ in sized_text(reader, n)}
    names = _field_names(reader)
    assert names and len(set(names)) == len(names)


def test_a_large_print_reference_page_leaves_no_stub_sheet(tmp_path: Path) -> None:
    out = tmp_path / "reference.pdf"
    result = CliRunner().invoke(
        cli, ["reference", "dungeon-turn", "--for", "players", "--large", "--no-cache", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    reader = read_pdf(out.read_bytes())
    texts = [squeeze(t) for t in page_texts(reader)]
    # the actions page runs on to a second sheet; the page at the table fits its one
    assert len(texts) == 3 and "(continued)" in texts[2]
    top = float(reader.pages[0].mediabox.height) - 36.0
    # how far down its sheet each sheet's text runs
    depth = [top - min(y for _, y, _, _ in sized_text(reader, n)) for n in range(len(texts))]
    # spread over its two sheets, neither of them a stub
    assert depth[2] >= 0.5 * depth[1], depth
