"""The Markdown, Obsidian and CSV exports of a timetable carry what its PDF shows: each card's opening
rolls and the outcomes that foretell it, entries that are not creatures, the spare dice for extra rolls
and when each resource runs out, in the same words (sheetgen.words)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from click.testing import CliRunner
from test_encounter_openings import PACK, SITE

from sheetgen.cli import cli
from sheetgen.engine.timetable import Timetable, build_timetable
from sheetgen.load.files import load_site
from sheetgen.words import NOT_A_CREATURE, opening_texts, runs_out_text, signs_text, spares_text

MORE = PACK.replace(
    """  trigger: {faces: [1]}
""",
    """  trigger: {faces: [1]}
  outcomes:
    - {roll: 1, result: Encounter}
    - {roll: 2, result: Spoor, effects: [{sign: true}]}
    - {roll: 3-6, result: Quiet}
  extra:
    - when: the party makes a loud noise
resources:
  - {id: torch, name: Torch, boxes: 3, every: 1}
""",
)


def timetable(tmp_path: Path) -> Timetable:
    (tmp_path / "ambush.yaml").write_text(MORE, encoding="utf-8")
    (tmp_path / "ford.yaml").write_text(SITE, encoding="utf-8")
    loaded = load_site(str(tmp_path / "ford.yaml"))
    return build_timetable(loaded.pack, site=loaded.site, encounter_pack=None, hours=3, seed=6)


def test_markdown_and_obsidian_carry_openings_signs_spares_and_run_out_times(tmp_path: Path) -> None:
    t = timetable(tmp_path)
    assert t.spares and t.runs_out and any(c.signs for c in t.deck) and any(not c.creature for c in t.deck)
    assert any(c.openings for c in t.deck)
    runner = CliRunner()
    md = tmp_path / "ford.md"
    done = runner.invoke(cli, ["export", str(tmp_path / "ford.yaml"), "--to", "markdown", "-o", str(md), "--seed", "6"])
    assert done.exit_code == 0, done.output
    vault = tmp_path / "vault"
    done = runner.invoke(
        cli, ["export", str(tmp_path / "ford.yaml"), "--to", "obsidian", "-o", f"{vault}/", "--seed", "6"]
    )
    assert done.exit_code == 0, done.output
    notes = "\n".join(p.read_text(encoding="utf-8") for p in sorted(vault.rglob("*.md")))
    assert (vault / "deck.md").exists() and (vault / "timetable.md").exists()
    for text in (md.read_text(encoding="utf-8"), notes):
        assert (
            f"**Spare dice** (the party makes a loud noise), used in order: {spares_text(t.spares, ('**', '**'))}"
            in text
        )
        assert f"**Runs out, quiet party:** {runs_out_text(600, t.runs_out)}" in text
        assert "Torch out at 0:30" in text
        for card in t.deck:
            for name, said in opening_texts(card, ("**", "**")):
                assert f"**{name}:** {said}" in text, (card.index, name)
            if card.signs:
                assert signs_text([(s.outcome, s.seconds) for s in card.signs]) in text
        assert NOT_A_CREATURE in text


def test_csv_carries_openings_signs_spares_and_run_out_times(tmp_path: Path) -> None:
    t = timetable(tmp_path)
    out = tmp_path / "t.csv"
    done = CliRunner().invoke(
        cli, ["timetable", str(tmp_path / "ford.yaml"), "--format", "csv", "-o", str(out), "--seed", "6"]
    )
    assert done.exit_code == 0, done.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    deck = [r for r in rows if r["section"] == "deck"]
    assert [r["openings"] for r in deck] == [" | ".join(f"{n}: {s}" for n, s in opening_texts(c)) for c in t.deck]
    assert [r["foretold_by"] for r in deck] == [signs_text([(s.outcome, s.seconds) for s in c.signs]) for c in t.deck]
    assert [r["creature"] for r in deck] == ["yes" if c.creature else "no" for c in t.deck]
    spares = [r for r in rows if r["section"] == "spare"]
    assert [(r["index"], r["roll"], r["when"]) for r in spares] == [
        (str(s.index), str(s.roll), "the party makes a loud noise") for s in t.spares
    ]
    assert [(r["name"], r["clock"], r["unit"]) for r in rows if r["section"] == "runs-out"] == [("Torch", "0:30", "3")]
