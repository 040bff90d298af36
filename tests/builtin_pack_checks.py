"""What every built-in pack with an example site of its own must do, for the tests of each pack: pass
`check`, build its reference, trackers (GM and players), timetable and packet from the CLI, and give a
starter site (`sheetgen new site`) that passes `check` and builds a packet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, squeeze
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.load.files import builtin_dir, load_pack, load_site
from sheetgen.model.loaded import LoadedSite


def run(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def check_passes(runner: CliRunner, pack_id: str, site: str) -> None:
    pack_file = builtin_dir("rules") / f"{pack_id}.yaml"
    site_file = builtin_dir("sites") / f"{site}.yaml"
    output = run(runner, "check", str(pack_file), str(site_file))
    assert f"ok (pack {pack_id}: " in output
    assert f"pack {pack_id})" in output.splitlines()[1]


def built(runner: CliRunner, tmp_path: Path, command: str, source: str, *options: str) -> PdfReader:
    out = tmp_path / f"{command}.pdf"
    run(runner, command, source, "-o", str(out), *options)
    return read_pdf(out.read_bytes())


def texts(reader: PdfReader) -> list[str]:
    return [squeeze(t) for t in page_texts(reader)]


def builds_every_sheet(runner: CliRunner, tmp_path: Path, pack_id: str, site: str) -> dict[str, list[str]]:
    """Every sheet of the pack and its site, built by the CLI: the text of each PDF's pages, by command."""
    pack = load_pack(pack_id)
    reference = texts(built(runner, tmp_path, "reference", pack_id))
    assert len(reference) == len(pack.reference.pages)
    trackers = texts(built(runner, tmp_path, "tracker", pack_id))
    assert len(trackers) == len(pack.trackers)
    audiences = [t.audience for t in pack.trackers]
    assert "gm" in audiences and "players" in audiences
    for text, page in zip(trackers, pack.trackers, strict=True):
        assert page.title in text
        assert ("For the players" if page.audience == "players" else f"For the {pack.words.gm}") in text
    timetable = texts(built(runner, tmp_path, "timetable", site, "--seed", "3"))
    assert timetable and "Pre-rolled encounters" in timetable[0]
    packet = texts(built(runner, tmp_path, "packet", site, "--seed", "3"))
    assert len(packet) > len(reference) + len(trackers) + len(timetable)
    return {"reference": reference, "tracker": trackers, "timetable": timetable, "packet": packet}


def timetable_json(runner: CliRunner, tmp_path: Path, source: str, *options: str) -> Any:
    out = tmp_path / "timetable.json"
    run(runner, "timetable", source, "--format", "json", "-o", str(out), "--seed", "3", *options)
    return json.loads(out.read_text(encoding="utf-8"))


def starter_site_builds(runner: CliRunner, tmp_path: Path, pack_id: str) -> None:
    """`sheetgen new site x.yaml --system ID` passes check and builds a packet; a second run refuses."""
    site = tmp_path / "x.yaml"
    run(runner, "new", "site", str(site), "--system", pack_id)
    assert run(runner, "check", str(site)).endswith(f"3 rooms, pack {pack_id})\n")
    again = runner.invoke(cli, ["new", "site", str(site), "--system", pack_id])
    assert again.exit_code == 2
    reader = built(runner, tmp_path, "packet", str(site), "--seed", "7")
    assert len(reader.pages) > 4


def example_site(site: str, pack_id: str, dice: str, stat_order: list[str]) -> LoadedSite:
    """The pack's bundled site: 6-12 rooms or places, a wandering table on *dice* whose creatures are
    statblocks of the site, each statblock's stats opening in *stat_order*."""
    loaded = load_site(site)
    assert loaded.pack.id == pack_id
    assert 6 <= len(loaded.site.rooms) <= 12
    assert loaded.site.wandering is not None and loaded.site.wandering.roll == dice
    assert {e.stat for e in loaded.site.wandering.entries if e.stat} <= {s.id for s in loaded.site.statblocks}
    assert loaded.site.statblocks
    for block in loaded.site.statblocks:
        assert list(block.stats)[: len(stat_order)] == stat_order, block.id
    return loaded
