"""The rules in words (sheetgen.words): each formatter, and every sheet stating a rule the same way."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, squeeze

from sheetgen.cli import cli
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.options import LETTER, Audience, RenderOptions
from sheetgen.render.html.reference import reference_html
from sheetgen.render.pdf.trackers import tracker_pdf
from sheetgen.words import (
    about,
    advance_steps,
    chance,
    check_sentence,
    clock,
    duration,
    duration_field,
    every,
    level_span,
    levels_phrase,
    percent,
    signed,
)

CHECKED_PACKS = ["derelict-crawl", "dungeon-turn", "encounter-clock", "site-alarm"]


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0:00"),
        (600, "0:10"),
        (5400, "1:30"),
        (36000, "10:00"),
        (10, "0:00:10"),
        (Fraction(121, 2), "0:01:00"),
    ],
)
def test_a_clock_time_is_hours_and_minutes(seconds: int | Fraction, text: str) -> None:
    assert clock(seconds) == text


@pytest.mark.parametrize(
    ("seconds", "long", "short"),
    [
        (600, "10 minutes", "10 min"),
        (3600, "1 hour", "1 hr"),
        (5400, "1 hour 30 minutes", "1 hr 30 min"),
        (10, "10 seconds", "10 s"),
        (7260, "2 hours 1 minute", "2 hr 1 min"),
    ],
)
def test_a_duration_reads_the_same_long_or_short(seconds: int, long: str, short: str) -> None:
    assert duration(seconds) == long
    assert duration(seconds, short=True) == short


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (1, "1 second"),
        (45, "45 seconds"),
        (61, "61 seconds"),
        (60, "1 minute"),
        (5400, "90 minutes"),
        (3600, "1 hour"),
        (129600, "36 hours"),
        (86400, "1 day"),
        (172800, "2 days"),
    ],
)
def test_a_duration_as_a_file_writes_it_reads_back(seconds: int, text: str) -> None:
    from sheetgen.model.common import parse_duration

    assert duration_field(seconds) == text
    assert parse_duration(text) == seconds


def test_every_and_about_build_on_the_duration() -> None:
    assert every(3600) == "every hour"
    assert every(600) == "every 10 minutes"
    assert every(5400) == "every 1 hour 30 minutes"
    assert about(Fraction(45)) == "about 45 minutes"
    assert about(Fraction(150)) == "about 2.5 hours"
    assert about(Fraction(180)) == "about 3 hours"


def test_one_way_to_write_a_chance() -> None:
    assert percent(Fraction(1, 6)) == "16.7%"
    assert percent(Fraction(1, 10_000)) == "under 0.1%"
    assert percent(Fraction(9_999, 10_000)) == "over 99.9%"
    assert percent(Fraction(0)) == "0.0%"
    assert chance(Fraction(1, 6)) == "1 in 6 (16.7%)"
    assert chance(Fraction(5, 36)) == "5/36 (13.9%)"
    assert chance(Fraction(2827, 10_000)) == "28.3%"


def test_levels_and_moves_of_a_track() -> None:
    assert signed(2) == "+2" and signed(2, "down") == "\u22122" and signed("1d4", "down") == "\u22121d4"
    assert level_span([1, 2, 4]) == "1-2 or 4"
    assert levels_phrase([3, 4, 5], 0, 5) == "3 or more"
    assert levels_phrase([0, 1], 0, 5) == "1 or less"
    assert levels_phrase([2], 0, 5) == "2"


# --- every sheet says the check the same way -----------------------------------------------------------


def without_track_items(pack: Pack) -> Pack:
    pages = [
        page.model_copy(
            update={
                "parts": [
                    part.model_copy(update={"items": []}) if part.kind == "track" else part for part in page.parts
                ]
            }
        )
        for page in pack.trackers
    ]
    return pack.model_copy(update={"trackers": pages})


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    """For each pack with a check: the text of `systems`, its reference HTML, its GM tracker PDF and its
    timetable PDF, whitespace squeezed."""
    runner = CliRunner()
    out: Path = tmp_path_factory.mktemp("words")
    systems = runner.invoke(cli, ["systems"])
    assert systems.exit_code == 0, systems.output
    found: dict[str, dict[str, str]] = {}
    for pack_id in CHECKED_PACKS:
        texts = {"systems": squeeze(systems.output)}
        texts["reference"] = squeeze(html.unescape(reference_html(load_pack(pack_id), RenderOptions(LETTER))))
        for sheet, args in (
            ("tracker", ["tracker", pack_id, "--for", "gm"]),
            ("timetable", ["timetable", pack_id, "--seed", "1"]),
        ):
            path = out / f"{pack_id}-{sheet}.pdf"
            result = runner.invoke(cli, [*args, "-o", str(path)])
            assert result.exit_code == 0, result.output
            texts[sheet] = squeeze(" ".join(page_texts(read_pdf(path.read_bytes()))))
        # the built-in packs give every track part lines of their own; without them, a track the check
        # reads carries the check on the GM's tracker
        bare = tracker_pdf(without_track_items(load_pack(pack_id)), RenderOptions(LETTER), audience=Audience.GM)
        texts["bare tracker"] = squeeze(" ".join(page_texts(read_pdf(bare))))
        found[pack_id] = texts
    return found


@pytest.mark.parametrize("pack_id", CHECKED_PACKS)
@pytest.mark.parametrize("sheet", ["systems", "reference", "tracker", "timetable"])
def test_every_sheet_states_the_check_in_the_same_words(
    sheets: dict[str, dict[str, str]], pack_id: str, sheet: str
) -> None:
    sentence = squeeze(check_sentence(load_pack(pack_id)))
    assert ":" in sentence and ";" in sentence  # dice: trigger; cadence
    if sheet == "tracker":  # the built-in packs' own lines for their tracks stand in for it
        assert "Rule:" not in sheets[pack_id][sheet]
        sheet = "bare tracker"
    assert sentence in sheets[pack_id][sheet]


def test_the_check_sentence_solves_levels_rather_than_pointing_at_a_table() -> None:
    assert check_sentence(load_pack("derelict-crawl")) == (
        "1d6: random encounter on a 6 at Alert Level 1-3 and on 5-6 at Alert Level 4; every 6 rounds (1 hour) "
        "at Alert Level 1-2 and every 3 rounds (30 minutes) at Alert Level 3-4"
    )
    assert check_sentence(load_pack("encounter-reaction")) == "no exploration check"


@pytest.mark.parametrize("sheet", ["reference", "tracker", "timetable"])
def test_every_sheet_moves_the_encounter_clock_the_same_way(sheets: dict[str, dict[str, str]], sheet: str) -> None:
    check = load_pack("encounter-clock").check
    assert check is not None
    steps = advance_steps(check)
    assert steps == [("1-3", "no advance"), ("4-5", "+1 segment"), ("6", "+2 segments")]
    text = re.sub(r"\s*<[^>]+>\s*", " ", sheets["encounter-clock"][sheet])  # the reference's table cells
    for roll, moves in steps:
        assert squeeze(f"{roll} {moves}") in squeeze(text)


def test_the_engine_returns_numbers_and_leaves_the_words_to_this_module() -> None:
    import ast

    import sheetgen.engine

    engine = Path(sheetgen.engine.__file__).parent
    for module in sorted(engine.glob("*.py")):
        tree = ast.parse(module.read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        later = ("sheetgen.words", "sheetgen.sheets", "sheetgen.layout")
        assert not any(name.startswith(later) for name in imported), (module.name, imported)
