"""The session packet: parts in order, outline, page labels, footers, metadata, players' packet, rebuilds."""

from __future__ import annotations

import io
import os
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
from sheetgen.load.files import LoadedSite, load_site
from sheetgen.options import A4, LETTER, Paper, RenderOptions
from sheetgen.packet.build import Packet, PacketOptions, build_packet
from sheetgen.words import check_sentence

SEED = 2024
ROOT = Path(__file__).resolve().parent.parent

# Every test here builds whole packets.
pytestmark = pytest.mark.slow


def options(paper: Paper = LETTER, *, size: Literal["poker", "index"] = "poker", backs: bool = False,
            audience: Literal["gm", "players"] = "gm") -> PacketOptions:
    return PacketOptions(render=RenderOptions(paper=paper, seed=SEED), seed=SEED, audience=audience,
                         card_size=size, backs=backs, made_on=date(2026, 11, 29))


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
                found.append((depth, item.title, reader.get_destination_page_number(item) + 1))

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
    assert titles == ["Reference: Dungeon Turns", "Reference: Encounters", "Trackers: Dungeon Turns",
                      "Trackers: Encounters", "Timetable and encounter deck", "Room and stat cards"]
    top = [(title, page) for depth, title, page in outline(reader) if depth == 0]
    assert top == [("Cover", 1), *packet.contents]
    rooms = [title for depth, title, _ in outline(reader) if depth == 1 and title.startswith("Room ")]
    assert rooms == [f"Room {room.key}: {room.name}" for room in loaded.site.rooms]
    assert reader.page_labels == [str(n) for n in range(1, packet.pages + 1)]
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)
    cover = reader.pages[0].extract_text()
    for title, page in packet.contents:
        assert f"{title} {page}" in " ".join(cover.replace(".", " ").split())
    assert f"Seed\n{SEED}" in cover or f"Seed {SEED}" in cover
    # the cover also holds the rules in brief, in the words every sheet uses, and no paper size
    flat = " ".join(cover.split())
    assert "At the table" in flat and check_sentence(loaded.pack) in flat
    assert "Letter" not in flat


def test_footers_on_every_page_but_the_cards(built: tuple[LoadedSite, Packet]) -> None:
    _, packet = built
    reader = PdfReader(io.BytesIO(packet.pdf))
    cards_from = dict(packet.contents)["Room and stat cards"]
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        if number < cards_from:
            assert f"page {number}" in text, number
            assert "The Sunken Chapel · " in text
        else:
            assert "The Sunken Chapel · " not in text


def test_metadata(built: tuple[LoadedSite, Packet]) -> None:
    _, packet = built
    meta = PdfReader(io.BytesIO(packet.pdf)).metadata
    assert meta is not None
    assert meta.title == "The Sunken Chapel: session packet"
    assert meta.subject == f"Session packet: Dungeon Turns, Encounters; seed {SEED}"
    assert meta.author == "sheetgen example"
    assert "dungeon-turn" in meta["/Keywords"] and f"seed {SEED}" in meta["/Keywords"]


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("size", ["poker", "index"])
@pytest.mark.parametrize("backs", [False, True], ids=["fronts", "backs"])
def test_page_count_is_the_sum_of_its_parts(paper: Paper, size: Literal["poker", "index"], backs: bool) -> None:
    loaded = load_site("the-sunken-chapel")
    packet = build_packet(loaded, options(paper, size=size, backs=backs))
    cards = len(card_layout(loaded, paper, size=size, backs=backs).pages)
    first_card_page = dict(packet.contents)["Room and stat cards"]
    assert packet.pages == first_card_page - 1 + cards
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
             for p in PdfReader(io.BytesIO(packet.pdf)).pages}
    assert sizes == {(round(paper.width), round(paper.height))}


def test_players_packet_shows_nothing_secret() -> None:
    loaded = load_site("the-sunken-chapel")
    packet = build_packet(loaded, options(audience="players"))
    reader = PdfReader(io.BytesIO(packet.pdf))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert [title for title, _ in packet.contents] == [
        "Reference: Dungeon Turns", "Reference: Encounters", "Trackers: Dungeon Turns", "Trackers: Encounters"]
    secrets = [room.description for room in loaded.site.rooms]
    secrets += [text for room in loaded.site.rooms for text in (room.trap, room.treasure, room.encounter) if text]
    secrets += [entry.name for entry in loaded.site.wandering.entries] if loaded.site.wandering else []
    secrets += [block.name for block in loaded.site.statblocks]
    for secret in secrets:
        assert " ".join(secret.split())[:40] not in text, secret
    assert "Escalation" not in text.split("Trackers: Dungeon Turns")[-1] or "Danger Escalation Tracker" not in text
    # no seed (it reproduces the GM's timetable) on any page or in the metadata, no check on the cover
    assert loaded.pack.check is not None and check_sentence(loaded.pack) not in " ".join(text.split())
    assert "Seed" not in text and str(SEED) not in reader.metadata.get("/Subject", "")


def test_rebuild_in_two_processes_is_byte_identical(tmp_path: Path) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1790000000", "PYTHONHASHSEED": "random"}
    outputs = []
    for name in ("a.pdf", "b.pdf"):
        out = tmp_path / name
        done = subprocess.run([sys.executable, "-m", "sheetgen", "packet", "--seed", "99", "-o", str(out)],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=False)
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
