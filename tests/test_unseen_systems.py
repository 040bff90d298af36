"""Two packs for published exploration systems that the docs' recipes do not show, written from
docs/pack-format.md alone (tests/data/packs): Basic/Expert dungeon turns and Shadowdark-style crawling
rounds. They pass check, their odds are the rules' by hand, their timetables' rows follow the rules, and
every sheet draws; what the format could not say is in docs/pack-format.md ("What the format cannot say")."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.load.files import load_pack, load_site
from sheetgen.load.variants import with_variant
from sheetgen.words import baseline_text

DATA = Path(__file__).resolve().parent / "data" / "packs"


def test_they_pass_check() -> None:
    files = [str(DATA / name) for name in ("bx-dungeon.yaml", "bx-crypt.yaml", "dark-crawl.yaml", "dark-vault.yaml")]
    result = CliRunner().invoke(cli, ["check", *files])
    assert result.exit_code == 0, result.output


def test_bx_odds_and_timetable_follow_the_rules() -> None:
    pack = load_pack(str(DATA / "bx-dungeon.yaml"))
    odds = quiet_odds(pack, 3)
    assert [c.unit for c in odds.checks] == list(range(2, 19, 2))  # every second 10-minute turn
    assert all(c.chance == Fraction(1, 6) for c in odds.checks)
    assert odds.by_hour == tuple(1 - Fraction(5, 6) ** (3 * h) for h in (1, 2, 3))
    loaded = load_site(str(DATA / "bx-crypt.yaml"))
    t = build_timetable(loaded.pack, site=loaded.site, encounter_pack=None, hours=3, seed=3)
    for row in t.rows:
        assert row.unit % 2 == 0 and row.baseline.encounter == (row.roll == 1)
        said = baseline_text(t, row)
        assert ("Rest due at" in said) == (row.unit % 6 == 0)  # a rest falls due every six turns
        assert ("Torch out at 1:00" in said) == (row.unit == 6)
    assert len(t.spares) == 6 and t.deck
    for card in t.deck:  # surprise for each side and initiative on every card
        assert [(o.name, o.side) for o in card.openings] == [
            ("Surprise", "party"),
            ("Surprise", "monsters"),
            ("Initiative", "party"),
            ("Initiative", "monsters"),
        ]


def test_dark_crawl_danger_levels_are_variants() -> None:
    pack = load_pack(str(DATA / "dark-crawl.yaml"))
    for variant, every in ((None, 3), ("risky", 2), ("deadly", 1)):
        odds = quiet_odds(with_variant(pack, variant), 1)
        assert [c.unit for c in odds.checks] == list(range(every, 7, every))
        assert odds.by_hour == (1 - Fraction(5, 6) ** (6 // every),)


@pytest.mark.slow
@pytest.mark.parametrize(("pack", "site"), [("bx-dungeon", "bx-crypt"), ("dark-crawl", "dark-vault")])
def test_every_sheet_draws(tmp_path: Path, pack: str, site: str) -> None:
    runner = CliRunner()
    for args in (
        ["reference", str(DATA / f"{pack}.yaml")],
        ["tracker", str(DATA / f"{pack}.yaml")],
        ["timetable", str(DATA / f"{site}.yaml"), "--seed", "3"],
        ["packet", str(DATA / f"{site}.yaml"), "--seed", "3", "-q"],
    ):
        out = tmp_path / f"{args[0]}.pdf"
        result = runner.invoke(cli, [*args, "-o", str(out)])
        assert result.exit_code == 0, (args, result.output)
        assert len(PdfReader(out).pages) >= 1


def test_a_timetable_without_tracks_says_to_use_the_spare_dice() -> None:
    from sheetgen.layout.timetable_pages import _use_text

    loaded = load_site(str(DATA / "bx-crypt.yaml"))
    t = build_timetable(loaded.pack, site=loaded.site, encounter_pack=None, hours=3, seed=3)
    assert not t.tracks and t.spares
    said = _use_text(t)
    assert "use the next spare die" in said and "track's real level" not in said
