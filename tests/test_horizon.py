"""Any horizon: a pack's own span of play (`time.horizon`), --hours and --days, and units from seconds to
days, with odds told by hour, by unit or by day, and no crash at any length within the limits."""

from __future__ import annotations

import io
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError, RenderError, UsageError
from sheetgen.layout.timetable_pages import timetable_layout
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.options import LETTER
from sheetgen.words import milestones

ROOT = Path(__file__).resolve().parent.parent


def watch_pack(length: str = "4 hours", horizon: str | None = None, unit: str = "watch") -> str:
    time = f"{{unit: {unit}, length: {length}" + (f", horizon: {horizon}" if horizon else "") + "}"
    return f"""\
kind: pack
id: wilderness
name: Wilderness
time: {time}
check:
  name: Encounter Check
  when: at the end of each {unit}
  formula: Roll **1d6**; on 1, an encounter.
  roll: 1d6
  trigger: {{faces: [1]}}
reference:
  pages:
    - title: Wilderness
      sections:
        - kind: check
        - kind: odds
trackers:
  - id: gm
    title: Watch Tracker
    audience: gm
    parts:
      - kind: turns
"""


def write(tmp_path: Path, text: str, name: str = "wilderness.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def site(tmp_path: Path, pack_text: str) -> Path:
    write(tmp_path, pack_text)
    return write(
        tmp_path,
        "site: The Moor\nsystem: wilderness.yaml\nrooms:\n  - {key: '1', name: Camp}\n"
        "wandering:\n  roll: 1d6\n  entries:\n    - {roll: 1-6, name: Wolves}\n",
        "moor.yaml",
    )


def test_built_in_packs_keep_their_three_hours() -> None:
    """Built-in packs without a horizon of their own cover three hours; those with one, what it says."""
    own = {"usage-dice": 6, "wilderness-watches": 72}
    for name in builtin_pack_ids():
        pack = load_pack(name)
        assert (pack.time.horizon is not None) == (name in own), name
        assert pack.time.horizon_hours == own.get(name, 1 if pack.time.length < 3600 * 3 / 500 else 3), name


def test_a_pack_of_watches_covers_three_watches_by_default(tmp_path: Path) -> None:
    pack = load_pack(str(write(tmp_path, watch_pack())))
    assert pack.time.horizon_hours == 12
    odds = quiet_odds(pack)
    assert odds.hours == 12 and [c.unit for c in odds.checks] == [1, 2, 3]
    assert odds.by_hour[-1] == 1 - Fraction(5, 6) ** 3
    assert milestones(odds) == (("watch 1", 4), ("watch 2", 8), ("watch 3", 12))


def test_the_pack_says_its_horizon_in_days(tmp_path: Path) -> None:
    pack = load_pack(str(write(tmp_path, watch_pack(horizon="3 days"))))
    assert pack.time.horizon_hours == 72
    odds = quiet_odds(pack)
    assert len(odds.checks) == 18
    assert milestones(odds) == (("day 1", 24), ("day 2", 48), ("day 3", 72))
    assert odds.by_hour[23] == 1 - Fraction(5, 6) ** 6


@pytest.mark.parametrize(
    ("unit_minutes", "hours", "told"),
    [
        (10, 3, [("hour 1", 1), ("hour 2", 2), ("hour 3", 3)]),
        (10, 30, [(f"hour {h}", h) for h in range(3, 31, 3)]),
        (240, 30, [*((f"watch {n}", 4 * n) for n in range(1, 8)), ("hour 30", 30)]),
        (30, 48, [("day 1", 24), ("day 2", 48)]),
        (1440, 50, [("watch 1", 24), ("watch 2", 48), ("hour 50", 50)]),
    ],
)
def test_the_odds_are_told_at_most_twelve_times_and_at_the_end(
    unit_minutes: int, hours: int, told: list[tuple[str, int]]
) -> None:
    from sheetgen.engine.types import Odds

    odds = Odds("p", Fraction(unit_minutes), "watch", hours, (), (Fraction(0),) * hours, Fraction(0), None)
    assert list(milestones(odds)) == told


def test_odds_cli_by_watch_by_day_and_refusals(tmp_path: Path) -> None:
    pack = str(write(tmp_path, watch_pack()))
    runner = CliRunner()
    done = runner.invoke(cli, ["odds", pack])
    assert done.exit_code == 0, done.output
    assert "By watch 3       12:00  at least one: 42.1%" in done.output
    done = runner.invoke(cli, ["odds", pack, "--days", "3"])
    assert done.exit_code == 0 and "By day 3" in done.output and "Expected number  72:00  3.00 by then" in done.output
    for args, message in (
        (["--days", "1", "--hours", "3"], "give --hours or --days, not both"),
        (["--days", "4"], "--days must be a whole number from 1 to 3, not 4"),
        (["--hours", "73"], "--hours must be a whole number from 1 to 72, not 73"),
    ):
        done = runner.invoke(cli, ["odds", pack, *args])
        assert done.exit_code == 2 and message in done.output, done.output


LENGTHS = ["10 seconds", "1 minute", "10 minutes", "30 minutes", "1 hour", "90 minutes", "4 hours", "8 hours", "1 day"]


@pytest.mark.parametrize("length", LENGTHS)
def test_no_unit_length_and_no_hours_within_the_limits_crashes(length: str, tmp_path: Path) -> None:
    loaded = load_site(str(site(tmp_path, watch_pack(length))))
    pack = loaded.pack
    for hours in (None, 1, 2, 3, 5, 8, 24, 25, 72):
        try:
            t = build_timetable(pack, site=loaded.site, encounter_pack=None, hours=hours, seed=1)
        except UsageError as refused:  # too many units for exact odds: said, with what to change
            assert "ask for fewer hours" in str(refused)
            continue
        layout = timetable_layout(t, LETTER)  # the site's deck fills a page even where no check falls
        assert [row.unit for row in t.rows] == list(range(1, t.units + 1))
        assert layout.pages and all(page.marks for page in layout.pages)
        assert quiet_odds(pack, t.hours).hours == t.hours


def test_a_span_with_no_check_says_so_and_exits_2(tmp_path: Path) -> None:
    pack = load_pack(str(write(tmp_path, watch_pack())))
    # no deck and no check in 3 hours of 4-hour watches: a clear refusal, naming what to do
    t = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=1)
    with pytest.raises(
        RenderError,
        match=r"no Encounter Check of Wilderness \(wilderness\) falls due within 3 "
        r"hours.*ask for more hours of play",
    ):
        timetable_layout(t, LETTER)


def test_timetable_pages_of_watches_hold_a_day_each(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    done = CliRunner().invoke(
        cli, ["timetable", str(site(tmp_path, watch_pack())), "--days", "3", "--seed", "4", "-o", str(out)]
    )
    assert done.exit_code == 0, done.output
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    texts = [page.extract_text() for page in reader.pages]
    assert "Pre-rolled encounters: day 1" in texts[0] and "3 days of play" in texts[0]
    assert any("Pre-rolled encounters: day 3" in text for text in texts)
    assert "by watch 3" in " ".join(texts[0].split())


def test_packet_with_days_in_a_subprocess(tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sheetgen",
            "packet",
            str(site(tmp_path, watch_pack())),
            "--days",
            "1",
            "--seed",
            "3",
            "--no-cache",
            "-o",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    cover = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert "1 day of play, pre-rolled" in cover


@pytest.mark.parametrize(
    ("horizon", "message"),
    [
        ("90 minutes", "time.horizon: 1.5 hours is not a whole number of hours from 1 to 72 (3 days)"),
        ("4 days", "time.horizon: 96 hours is not a whole number of hours from 1 to 72 (3 days)"),
        ("2 hours", "time.horizon: 2 hours is shorter than one watch (4 hours); make it at least 4 hours"),
        ("3 fortnights", "time.horizon: '3 fortnights' is not a duration"),
    ],
)
def test_a_bad_horizon_is_refused_where_it_is_written(horizon: str, message: str, tmp_path: Path) -> None:
    path = write(tmp_path, watch_pack(horizon=horizon))
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert "wilderness.yaml:4:" in str(caught.value) and message in str(caught.value), str(caught.value)
