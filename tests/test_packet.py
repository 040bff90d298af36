"""The session packet: parts in order, outline, page labels, page numbers, metadata, players' packet, rebuilds."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any, Literal

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.layout.cards import card_layout
from sheetgen.load.files import load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import A4, LETTER, Audience, Paper, RenderOptions
from sheetgen.packet.build import Packet, PacketOptions, build_packet
from sheetgen.words import check_sentence

SEED = 2024
ROOT = Path(__file__).resolve().parent.parent

# Every test here builds whole packets.
pytestmark = pytest.mark.slow


def options(
    paper: Paper = LETTER,
    *,
    size: Literal["poker", "index"] = "poker",
    backs: bool = False,
    audience: Audience = Audience.GM,
) -> PacketOptions:
    return PacketOptions(
        render=RenderOptions(paper=paper, seed=SEED),
        seed=SEED,
        audience=audience,
        card_size=size,
        backs=backs,
        made_on=date(2026, 11, 29),
    )


def pages_of(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    """(depth, title, 1-based page) for every outline entry, in order."""
    found: list[tuple[int, str, int]] = []

    def walk(items: list[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                number = reader.get_destination_page_number(item)
                assert number is not None
                found.append((depth, item.title, number + 1))

    walk(reader.outline, 0)
    return found


@pytest.fixture(scope="module")
def built() -> tuple[LoadedSite, Packet]:
    loaded = load_site("the-sunken-chapel")
    return loaded, build_packet(loaded, options())


def test_parts_in_order_with_contents_outline_and_labels(built: tuple[LoadedSite, Packet]) -> None:
    loaded, packet = built
    reader = PdfReader(io.BytesIO(packet.pdf))
    assert len(reader.pages) == packet.pages
    titles = [title for title, _ in packet.contents]
    assert titles == [
        "Background and room index",
        "Map",
        "Reference: Dungeon Turns",
        "Reference: Encounters",
        "Trackers: Dungeon Turns",
        "Trackers: Encounters",
        "Timetable and encounter deck",
        "Room and stat cards",
    ]
    top = [(title, page) for depth, title, page in outline(reader) if depth == 0]
    assert top == [("Cover", 1), *packet.contents]
    rooms = [title for depth, title, _ in outline(reader) if depth == 1 and title.startswith("Room ") and ": " in title]
    assert rooms == [f"Room {room.key}: {room.name}" for room in loaded.site.rooms]
    assert reader.page_labels == [str(n) for n in range(1, packet.pages + 1)]
    map_page = dict(packet.contents)["Map"] - 1
    for n, page in enumerate(reader.pages):
        size = (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        assert size == ((792, 612) if n == map_page else (612, 792))  # the chapel's map is wide: landscape
    cover = reader.pages[0].extract_text()
    for title, number in packet.contents:
        assert f"{title} {number}" in " ".join(cover.replace(".", " ").split())
    assert f"Seed\n{SEED}" in cover or f"Seed {SEED}" in cover
    # the cover also holds the rules in brief, in the words every sheet uses, and no paper size
    flat = " ".join(cover.split())
    assert "At the table" in flat and check_sentence(loaded.pack) in flat
    assert "Letter" not in flat


def _header_runs(page: Any) -> list[tuple[str, float, float]]:
    """(text, x, baseline) of every text run near the page's top (the top 80 pt), in points."""
    runs: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: Any, _size: float) -> None:
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        if text.strip() and y > float(page.mediabox.height) - 80:
            runs.append((text.strip(), round(x, 2), round(y, 2)))

    page.extract_text(visitor_text=visit)
    return runs


def test_one_page_number_a_page_the_packets_in_the_header(built: tuple[LoadedSite, Packet]) -> None:
    _, packet = built
    reader = PdfReader(io.BytesIO(packet.pdf))
    cards_from = dict(packet.contents)["Room and stat cards"]
    total = packet.pages
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        numbers = re.findall(r"(?<!from )page \d+(?: of \d+)?", text)
        if number == 1 or number >= cards_from:
            assert numbers == [], number  # the cover and the cards carry no page number
            continue
        # the packet's number, once, and no part's own count within itself
        assert numbers == [f"page {number} of {total}"], (number, numbers)
        runs = _header_runs(page)
        stamp = next(run for run in runs if run[0] == f"· page {number} of {total}")
        who = next(run for run in runs if run[0].startswith("For the"))
        # in the header's slot: on the audience's baseline, right after it, ending near the right margin
        assert stamp[2] == pytest.approx(who[2], abs=0.05), (number, runs)
        assert who[1] < stamp[1] < float(page.mediabox.width) - 36 - 30
        # no footer under the page any more
        assert "The Sunken Chapel · " not in text


def test_a_packets_parts_carry_no_page_number_of_their_own() -> None:
    """What is cached is the same wherever the part falls in a packet: its headers' page slots are empty."""
    from sheetgen.packet.build import render_parts
    from sheetgen.render.pdf.trackers import tracker_pdf

    loaded = load_site("the-sunken-chapel")
    parts = render_parts(loaded, options(), lambda _: None)
    for part in parts[:-1]:  # the cards have no header
        for page in PdfReader(io.BytesIO(part.pdf)).pages:
            text = " ".join(page.extract_text().split())
            assert "For the" in text and not re.search(r"page \d", text), part.title
    # drawn on their own, the same sheets count their own pages
    alone = PdfReader(io.BytesIO(tracker_pdf(loaded.pack, RenderOptions(), audience=Audience.PLAYERS)))
    assert "For the players · page 1 of 1" in alone.pages[0].extract_text()


def test_the_slot_of_a_large_print_page_is_where_its_header_leaves_it() -> None:
    from sheetgen.layout.header import page_slot
    from sheetgen.load.files import load_pack
    from sheetgen.render.pdf.trackers import page_scale, tracker_pdf

    large = RenderOptions(paper=A4, large=True, page_numbers=False)
    page = PdfReader(io.BytesIO(tracker_pdf(load_pack("dungeon-turn"), large, audience=Audience.PLAYERS))).pages[0]
    who = next(run for run in _header_runs(page) if run[0] == "For the players")
    slot = page_slot(A4, drawn_by="reportlab", scale=page_scale(large, Audience.PLAYERS))
    assert slot.baseline == pytest.approx(who[2], abs=0.05)
    assert slot.size == pytest.approx(12.0)


def _blank_run(png: bytes, paper: Paper) -> float:
    """The tallest band of the page between its margins with nothing drawn in it, as a share of the page."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    inset = round(36 / paper.width * width)
    pixels = image.tobytes()
    longest = run = 0
    for y in range(inset, height - inset):
        if min(pixels[y * width + inset : (y + 1) * width - inset]) > 245:
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest / height


@pytest.mark.parametrize("audience", list(Audience))
@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_the_cover_is_a_working_sheet(paper: Paper, audience: Audience) -> None:
    from sheetgen.preview import render_png

    loaded = load_site("the-sunken-chapel")
    packet = build_packet(loaded, options(paper, audience=audience))
    cover = PdfReader(io.BytesIO(packet.pdf)).pages[0]
    text = " ".join(cover.extract_text().split())
    # no band of the sheet is left empty (the ruled log takes what the rest leaves)
    assert _blank_run(render_png(packet.pdf, page=1, dpi=40), paper) < 0.05
    for title, page in packet.contents:
        assert f"{title} {page}" in text.replace(".", " ").replace("  ", " ") or title in text
    if audience == "gm":
        # the check in its banner's lines, the tracks' starting levels, the deck's first cards, the log
        assert "Danger Roll" in text and check_sentence(loaded.pack) in text and "Escalation" in text
        assert "starts at 0" in text and "1. " in text and "Session log" in text
        assert f"Seed {SEED}" in text
    else:
        assert "Seed" not in text and str(SEED) not in text and "Danger Roll" not in text
        assert "The party" in text and "Notes" in text


def test_one_word_for_the_game_master_on_every_page(built: tuple[LoadedSite, Packet]) -> None:
    """The bundled site's packs call the game master "DM" (dungeon-turn) and "GM" (encounter-reaction);
    one packet says "For the DM" on every page, as its site's own pack does."""
    loaded, packet = built
    assert loaded.encounter_pack is not None and loaded.encounter_pack.words.gm != loaded.pack.words.gm
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(packet.pdf)).pages]
    assert sum("For the DM" in t for t in texts) >= 6
    assert not any("For the GM" in t for t in texts)


def test_metadata(built: tuple[LoadedSite, Packet]) -> None:
    _, packet = built
    meta = PdfReader(io.BytesIO(packet.pdf)).metadata
    assert meta is not None
    assert meta.title == "The Sunken Chapel: session packet"
    assert meta.subject == f"Session packet: Dungeon Turns, Encounters; seed {SEED}"
    assert meta.author == "sheetgen example"
    assert meta.keywords is not None
    assert "dungeon-turn" in meta.keywords and f"seed {SEED}" in meta.keywords


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("size", ["poker", "index"])
@pytest.mark.parametrize("backs", [False, True], ids=["fronts", "backs"])
def test_page_count_is_the_sum_of_its_parts(paper: Paper, size: Literal["poker", "index"], backs: bool) -> None:
    loaded = load_site("the-sunken-chapel")
    packet = build_packet(loaded, options(paper, size=size, backs=backs))
    cards = len(card_layout(loaded, paper, size=size, backs=backs).pages)
    first_card_page = dict(packet.contents)["Room and stat cards"]
    assert packet.pages == first_card_page - 1 + cards
    sizes = {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(packet.pdf)).pages
    }
    # every page on the paper, the map turned to landscape
    assert sizes == {(round(paper.width), round(paper.height)), (round(paper.height), round(paper.width))}


def test_players_packet_shows_nothing_secret() -> None:
    loaded = load_site("the-sunken-chapel")
    packet = build_packet(loaded, options(audience=Audience.PLAYERS))
    reader = PdfReader(io.BytesIO(packet.pdf))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert [title for title, _ in packet.contents] == [
        "Reference: Dungeon Turns",
        "Reference: Encounters",
        "Trackers: Dungeon Turns",
        "Trackers: Encounters",
    ]
    secrets = [room.description for room in loaded.site.rooms]
    secrets += [text for room in loaded.site.rooms for text in (room.trap, room.treasure, room.encounter) if text]
    secrets += [entry.name for entry in loaded.site.wandering.entries] if loaded.site.wandering else []
    secrets += [block.name for block in loaded.site.statblocks]
    for secret in secrets:
        assert " ".join(secret.split())[:40] not in text, secret
    assert "Escalation" not in text.split("Trackers: Dungeon Turns")[-1] or "Danger Escalation Tracker" not in text
    # no seed (it reproduces the GM's timetable) on any page or in the metadata, no check on the cover
    assert loaded.pack.check is not None and check_sentence(loaded.pack) not in " ".join(text.split())
    assert reader.metadata is not None
    assert "Seed" not in text and str(SEED) not in (reader.metadata.subject or "")


def test_rebuild_in_two_processes_is_byte_identical(tmp_path: Path) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1790000000", "PYTHONHASHSEED": "random"}
    outputs = []
    for name in ("a.pdf", "b.pdf"):
        out = tmp_path / name
        done = subprocess.run(
            [sys.executable, "-m", "sheetgen", "packet", "--seed", "99", "-o", str(out)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"{out}\n"
        assert done.stderr == ""  # not a terminal: nothing but the path
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]


def test_cli_packet_defaults_and_previews(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["packet", "--seed", "5", "--previews", "-q"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "output" / "the-sunken-chapel-packet.pdf"
    assert result.output == f"{Path('output') / 'the-sunken-chapel-packet.pdf'}\n"
    count = pages_of(pdf.read_bytes())
    pngs = sorted((tmp_path / "output").glob("the-sunken-chapel-packet-page*.png"))
    assert len(pngs) == count
    result = runner.invoke(cli, ["packet", "--hours", "0"])
    assert result.exit_code == 2
    assert result.stderr == "error: --hours must be a whole number from 1 to 72, not 0\n"


def test_a_fillable_packet_keeps_every_checkbox_of_its_parts() -> None:
    from dataclasses import replace

    loaded = load_site("the-sunken-chapel")
    base = options()
    packet = build_packet(loaded, replace(base, render=replace(base.render, fillable=True)))
    reader = PdfReader(io.BytesIO(packet.pdf))
    fields = reader.get_fields() or {}
    widgets = [a.get_object() for page in reader.pages for a in (page.get("/Annots") or [])]
    assert len(fields) == len(widgets) > 100
    assert any(name.startswith("dungeon-turn/") for name in fields)
    assert any(name.startswith("timetable-") for name in fields)
