"""Trackers sized to the session: every turns grid covers the hours of play asked for (or the pack's
horizon) and no more, read back from the PDFs of every built-in pack and every test pack, for the GM and
the players, alone and in a packet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf

from sheetgen.cli import cli
from sheetgen.engine.odds import play_hours
from sheetgen.load.files import NotAPack, builtin_pack_ids, load_pack
from sheetgen.model.pack import Pack
from sheetgen.options import A4, Audience, RenderOptions
from sheetgen.render.pdf.trackers import tracker_pdf

DATA = Path(__file__).resolve().parent / "data" / "packs"


def _packs() -> list[Pack]:
    packs = [load_pack(pid) for pid in builtin_pack_ids()]
    for path in sorted(DATA.glob("*.yaml")):
        try:
            packs.append(load_pack(str(path)))
        except NotAPack:  # a site file kept beside the packs it is played with
            continue
    return packs


PACKS = [pytest.param(pack, id=pack.id) for pack in _packs()]
CLOCK = re.compile(r"(?<![\d:])(\d+):([0-5]\d)(?![\d:])")


def _turn_grid_ends(text: str, pack: Pack) -> int | None:
    """The clock time under the last box of the page's turns grid, in seconds, read from the page's text:
    the grid's rows are labelled with their first and last turn ('1–6', '7–12', ...), and the last turn's
    box with the clock at its end; None for a page without a turns grid."""
    shown = re.search(rf"(\d+) (?:{re.escape(pack.time.unit)}|{re.escape(pack.time.plural)}) = .*? shown", text)
    if shown is None:
        return None
    last = 0
    for line in text[shown.end() :].splitlines():
        row = re.fullmatch(r"(\d+)(?:–(\d+))?", line.strip())
        if row and int(row[1]) == last + 1 and last < int(shown[1]):  # a track's levels may follow the grid
            last = int(row[2] or row[1])
    assert last == int(shown[1]), text  # the rows run from turn 1 to the turns the heading says
    seconds = last * pack.time.length
    labels = {int(h) * 3600 + int(m) * 60 for h, m in CLOCK.findall(text[shown.end() :])}
    assert seconds in labels, text  # the last box is labelled with its time
    return seconds


#: The paper and print sizes a turns grid is laid out in.
SIZES = [
    pytest.param(RenderOptions(), id="letter"),
    pytest.param(RenderOptions(paper=A4), id="a4"),
    pytest.param(RenderOptions(large=True), id="large"),
]


@pytest.mark.parametrize("options", SIZES)
@pytest.mark.parametrize("hours", [None, 2, 5])
@pytest.mark.parametrize("pack", PACKS)
def test_every_trackers_last_turn_is_within_the_session_and_an_hour(
    pack: Pack, hours: int | None, options: RenderOptions
) -> None:
    session = play_hours(pack, hours) * 3600
    grids = 0
    for audience in Audience:
        if not any(page.audience == audience for page in pack.trackers):
            continue
        pdf = tracker_pdf(pack, options, audience=audience, hours=hours)
        for text in page_texts(read_pdf(pdf)):
            last = _turn_grid_ends(text, pack)
            if last is None:
                continue
            grids += 1
            # a page too small for a long session shows the whole hours that fit, three at least
            assert min(session, 3 * 3600) <= last <= session + max(3600, pack.time.length - 1), (audience, last)
    has_turns = any(part.kind == "turns" for page in pack.trackers for part in page.parts)
    assert (grids > 0) == has_turns


def test_the_packets_trackers_cover_its_hours(tmp_path: Path) -> None:
    out = tmp_path / "packet.pdf"
    result = CliRunner().invoke(cli, ["packet", "--seed", "3", "--hours", "2", "-q", "-o", str(out)])
    assert result.exit_code == 0, result.output
    texts = page_texts(read_pdf(out.read_bytes()))
    grids = [t for t in texts if "dungeon turns = " in t and " shown" in t]
    assert len(grids) == 2  # the GM's and the players' pages of Dungeon Turns
    for text in grids:
        assert "12 dungeon turns = 2 hours shown" in text
        assert max(int(h) * 60 + int(m) for h, m in CLOCK.findall(text)) == 120


def test_tracker_takes_hours_or_turns_not_both(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "t.pdf"
    result = runner.invoke(cli, ["tracker", "dungeon-turn", "--hours", "4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "24 dungeon turns = 4 hours shown" in page_texts(read_pdf(out.read_bytes()))[0]
    result = runner.invoke(cli, ["tracker", "dungeon-turn", "--hours", "4", "--turns", "5", "-o", str(out)])
    assert result.exit_code == 2
    assert result.output == "error: --turns: give --turns or --hours (or --days), not both\n"
