"""A track the GM chooses (terrain, light, zone): the odds at each of its levels, in `sheetgen odds` and on
the reference page, and nothing in the rules that moves it by itself."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack

PACK = """\
kind: pack
id: hex-terrain
name: Hex Travel
time: {unit: watch, length: 4 hours, horizon: 1 day}
check:
  name: Encounter Check
  when: at the end of each watch
  formula: Roll **1d6**; an encounter on 1 on a road, 1-2 in forest, 1-3 in swamp.
  roll: 1d6
  trigger:
    at_most: {track: terrain}
tracks:
  - id: terrain
    name: Terrain
    min: 1
    max: 3
    display: ladder
    chosen: true
    levels:
      - {at: 1, label: Road}
      - {at: 2, label: Forest}
      - {at: 3, label: Swamp}
reference:
  pages:
    - title: Hex Travel
      sections:
        - kind: check
        - kind: tracks
        - kind: odds
trackers:
  - id: gm
    title: Watch Tracker
    audience: gm
    parts:
      - kind: turns
"""


def pack_file(tmp_path: Path, text: str = PACK) -> Path:
    path = tmp_path / "hex.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_each_level_has_its_own_exact_odds(tmp_path: Path) -> None:
    odds = quiet_odds(load_pack(str(pack_file(tmp_path))))
    (terrain,) = odds.chosen
    assert terrain.name == "Terrain" and [lv.label for lv in terrain.levels] == ["Road", "Forest", "Swamp"]
    for level, per_watch in zip(terrain.levels, (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)), strict=True):
        assert level.chances == (per_watch,) * 6
        assert level.by_end == 1 - (1 - per_watch) ** 6
        assert level.expected == 6 * per_watch
    # the odds of the pack as written are those of its start, the road
    assert odds.by_hour[-1] == terrain.levels[0].by_end


def test_odds_command_prints_a_row_a_level(tmp_path: Path) -> None:
    done = CliRunner().invoke(cli, ["odds", str(pack_file(tmp_path))])
    assert done.exit_code == 0, done.output
    lines = [" ".join(line.split()) for line in done.output.splitlines()]
    assert "Terrain 1 Road each check: 1 in 6 (16.7%) by 24:00: 66.5%; expected 1.00" in lines
    assert "Terrain 2 Forest each check: 1 in 3 (33.3%) by 24:00: 91.2%; expected 2.00" in lines
    assert "Terrain 3 Swamp each check: 1 in 2 (50.0%) by 24:00: 98.4%; expected 3.00" in lines


def test_the_reference_prints_the_odds_of_every_level(tmp_path: Path) -> None:
    out = tmp_path / "hex.pdf"
    done = CliRunner().invoke(cli, ["reference", str(pack_file(tmp_path)), "--no-cache", "-o", str(out)])
    assert done.exit_code == 0, done.output
    text = " ".join(" ".join(page_texts(read_pdf(out.read_bytes()))).split())
    for row in ("Road 16.7% 66.5%", "Forest 33.3% 91.2%", "Swamp 50.0% 98.4%"):
        assert row in text, text
    assert "watch 6" in text and "66.5%" in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("    chosen: true\n", "    chosen: true\n    per_unit: 1\n"),
            "tracks[0].per_unit: Terrain is chosen by the GM, so it cannot also move every unit",
        ),
        (
            ("    max: 3\n", "    max: 13\n"),
            "a chosen track has at most 12 levels, one row of odds each; this one has 13",
        ),
    ],
)
def test_a_chosen_track_that_moves_by_itself_or_is_too_long_is_refused(
    change: tuple[str, str], message: str, tmp_path: Path
) -> None:
    with pytest.raises(DataError) as caught:
        load_pack(str(pack_file(tmp_path, PACK.replace(*change))))
    assert "hex.yaml:" in str(caught.value) and message in str(caught.value), str(caught.value)


def test_the_check_cannot_advance_a_chosen_track(tmp_path: Path) -> None:
    text = PACK.replace(
        "  trigger:\n    at_most: {track: terrain}\n",
        """\
  trigger: {faces: [1]}
  advance:
    track: terrain
    by:
      - {roll: 1-6, by: 0}
""",
    )
    with pytest.raises(
        DataError,
        match=r"check.advance.track: Terrain is chosen by the GM, so the check cannot "
        r"advance it",
    ):
        load_pack(str(pack_file(tmp_path, text)))
