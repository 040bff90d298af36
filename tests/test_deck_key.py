"""A timetable's encounter deck says once what its cards would each repeat: what a distance, a reaction and a
zone mean in the deck's key, and a fact every card shares in its head."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.engine.timetable import Timetable, build_timetable
from sheetgen.layout.timetable_parts import card_lines, deck_key, shared_lines
from sheetgen.load.files import load_site


def _chapel() -> Timetable:
    loaded = load_site("the-sunken-chapel")
    return build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=7)


def test_the_key_says_each_gloss_once_and_the_cards_their_names() -> None:
    t = _chapel()
    key = deck_key(t)
    distance = next(line for line in key if line.startswith("**Distance:**"))
    zone = next(line for line in key if line.startswith("**Zone:**"))
    assert distance.count("Within reach of Melee Attacks") == 1
    assert "Frontline: Moves Close for Melee Attacks; Backline: " in zone
    for card in t.deck:
        lines = card_lines(card, glosses=False)
        assert f"**Zone:** {card.zone}" in lines
        assert not any("Melee Attacks" in line for line in lines)


def test_a_fact_on_every_card_is_said_once() -> None:
    t = _chapel()
    assert shared_lines(t) == ()  # the chapel's cards differ in every fact
    same = replace(t, deck=tuple(replace(card, zone="Frontline") for card in t.deck))
    assert shared_lines(same) == ("**Zone:** Frontline",)
    assert shared_lines(replace(t, deck=t.deck[:1])) == ()  # a single card keeps its facts


def test_the_deck_page_prints_each_gloss_once(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["timetable", "the-sunken-chapel", "--seed", "7", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(out).pages).split())
    assert text.count("Moves Close for Melee Attacks") == 1
    assert text.count("Zone: Frontline") >= 2
