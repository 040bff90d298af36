"""Pages that do not fit: `check` lays them out and finds them, and `check`, `reference` and `tracker`
report each at the line and column of the pack file where the part that ran over is written."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.errors import Location, Problem, RenderError
from sheetgen.load.files import load_pack, located
from sheetgen.load.yamlread import format_path, parse_path

CASES = Path(__file__).resolve().parent / "bad_inputs"

REFERENCE = (
    "error: reference-too-long.yaml:42:11: reference.pages[0].sections[6]: Long Turns: reference page 1 "
    '"Far Too Much" does not fit on one letter page in 8.5 pt type (2 pages); section 7 "Chronicle 7" '
    "(text) is the first part that runs onto a second page. Shorten the page's text or move sections to "
    "another reference page."
)
TRACKER = (
    "error: tracker-too-many-parts.yaml:35:11: trackers[0].parts[12]: Many Parts (many-parts), tracker page "
    '"crowded" on letter paper: the parts "Notes 13", "Notes 14" do not fit on the page (69 pt too tall); '
    "take parts off the page or shorten them"
)


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the two packs, as the working folder (so that messages name them as given)."""
    for name in ("reference-too-long.yaml", "tracker-too-many-parts.yaml"):
        shutil.copy(CASES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def written(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()} - {"reference-too-long.yaml", "tracker-too-many-parts.yaml"}


@pytest.mark.slow
def test_check_finds_both_pages_that_do_not_fit(runner: CliRunner, packs: Path) -> None:
    result = runner.invoke(cli, ["check", "--no-cache", "reference-too-long.yaml", "tracker-too-many-parts.yaml"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [REFERENCE, TRACKER, "2 problems; nothing was written."]
    assert written(packs) == set()


@pytest.mark.slow
def test_the_reference_command_reports_the_page_in_the_file(runner: CliRunner, packs: Path) -> None:
    result = runner.invoke(cli, ["reference", "reference-too-long.yaml", "--no-cache", "-o", "out.pdf"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [REFERENCE]
    assert written(packs) == set()


def test_the_tracker_command_reports_the_part_in_the_file(runner: CliRunner, packs: Path) -> None:
    result = runner.invoke(cli, ["tracker", "tracker-too-many-parts.yaml", "-o", "out.pdf"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [TRACKER]
    assert written(packs) == set()


def test_check_passes_a_pack_whose_pages_fit(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(CASES / "good-pack.yaml", tmp_path / "good-pack.yaml")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["check", "good-pack.yaml", "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "good-pack.yaml: ok (pack tiny-turns: Tiny Turns)\n"


@pytest.mark.parametrize(
    "field", ["rooms[2].exits[0]", "reference.pages[1].sections[3]", "name", "trackers[0].parts[7].groups[1]"]
)
def test_a_field_path_reads_back_as_it_was_written(field: str) -> None:
    assert format_path(parse_path(field)) == field


def test_only_problems_without_a_line_are_located_in_the_pack_file() -> None:
    pack = load_pack("dungeon-turn")
    error = RenderError(
        [
            Problem(Location("dungeon-turn", field="reference.pages[1]"), "too long"),
            Problem(Location("site.yaml", 3, 5, "rooms[0]"), "elsewhere"),
            Problem(Location("dungeon-turn", field="no_such_field"), "not in the file"),
        ]
    )
    problems = [str(p) for p in located(error, pack).problems]
    assert re.fullmatch(r".*dungeon-turn\.yaml:\d+:\d+: reference\.pages\[1\]: too long", problems[0])
    assert problems[1:] == ["site.yaml:3:5: rooms[0]: elsewhere", "dungeon-turn: no_such_field: not in the file"]
    assert isinstance(located(error, pack), RenderError)
