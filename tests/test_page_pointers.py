"""Every page pointer a packet prints (the cover's contents, the deck's page on the GM's cover) names the
page, counted in the packet as merged, where what it points to is: read back from the merged PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf

from sheetgen.cli import cli
from sheetgen.load.files import load_site


def _packet(tmp_path: Path, *args: str) -> list[str]:
    out = tmp_path / "packet.pdf"
    result = CliRunner().invoke(cli, ["packet", "--seed", "7", "-q", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return page_texts(read_pdf(out.read_bytes()))


def _starts(title: str, *, players: bool) -> str:
    """What the first page of the part the cover names by *title* says, wherever the part falls."""
    loaded = load_site("the-sunken-chapel")
    packs = {p.name: p for p in (loaded.pack, loaded.encounter_pack) if p is not None}
    kind, _, name = title.partition(": ")
    if kind == "Reference":
        first = packs[name].reference.pages[0]
        return (first.players_title or first.title) if players else first.title
    if kind == "Trackers":
        return next(t.title for t in packs[name].trackers if t.audience == "players" or not players)
    return {
        "Background and room index": "Background",
        "Map": "Map",
        "Timetable and encounter deck": "Pre-rolled encounters",
        "Room and stat cards": loaded.site.rooms[0].name,
    }[title]


def _contents(cover: str) -> list[tuple[str, int]]:
    block = cover.split("Contents", 1)[1]
    block = block.split("This session", 1)[0].split("The party", 1)[0]
    return [(title.strip(), int(page)) for title, page in re.findall(r"^(.+?) (\d+)$", block, flags=re.M)]


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("--hours", "8"),
        ("--paper", "a4"),
        ("--for", "players"),
        ("--for", "players", "--large"),
        ("--for", "players", "--paper", "a4"),
    ],
    ids=["gm", "gm-8-hours", "gm-a4", "players", "players-large", "players-a4"],
)
def test_every_page_pointer_names_the_page_it_points_to(tmp_path: Path, args: tuple[str, ...]) -> None:
    pages = _packet(tmp_path, *args)
    contents = _contents(pages[0])
    assert len(contents) >= 3, pages[0]
    for (title, page), following in zip(contents, [*contents[1:], ("", len(pages) + 1)], strict=True):
        assert page < following[1] <= len(pages) + 1, (title, page)
        marker = _starts(title, players="--for" in args)
        assert marker in pages[page - 1], (title, page)  # the part starts on the page named
        assert page == 2 or marker not in pages[page - 2], (title, page)  # and not before it (the cover)
    pointer = re.search(r"more in the encounter deck, from page (\d+)\.", pages[0])
    if "--for" in args:
        assert pointer is None
        return
    assert pointer is not None, pages[0]
    first = int(pointer[1])
    shown = len(re.findall(r"^\d+\. ", pages[0].split("The first encounters of the deck", 1)[1], flags=re.M))
    card = re.compile(rf"^{shown + 1}\. ", flags=re.M)
    deck = dict(contents)["Timetable and encounter deck"]
    # the first card the cover does not sum up is on the page it names, and on no page before it
    assert "Encounter deck" in pages[first - 1] and card.search(pages[first - 1])
    assert not any(card.search(p) and "Encounter deck" in p for p in pages[deck - 1 : first - 1])
