"""No game in generic code: the deck's table and columns, the morale range, the stat order and the side
names come from the pack (declared, with the defaults the built-in packs use)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.engine.deck import DeckSource, build_deck
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.layout.cards import stat_lines
from sheetgen.layout.trackers import tracker_layout
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.pack import EncounterRules, encounter_rules
from sheetgen.options import LETTER, RenderOptions
from sheetgen.sheets.reference import reference_view
from sheetgen.words import deck_source, morale_rule

Write = Callable[[str, str], Path]

PACK = """
kind: pack
id: hex-crawl
name: Hex Crawl
words: {gm: referee, party: company, foes: monsters}
time: {unit: watch, length: 4 hours}
check:
  name: Encounter
  when: every watch
  formula: Roll 1d6; on a 1, an encounter
  roll: 1d6
  trigger: {faces: ["1"]}
tables:
  - id: monsters
    name: Monsters of the Moor
    roll: 1d6
    columns: [Who, How many, Block]
    rows:
      - {roll: 1-3, cells: [Bog hounds, 2d4, hound]}
      - {roll: 4-6, cells: [Moor troll, "1", troll]}
statblocks:
  - {id: hound, name: Bog Hound, morale: 15, stats: {AC: "12", Move: "40", HD: "2"}}
  - {id: troll, name: Moor Troll, morale: 3}
encounter:
  wandering: monsters
  appearing_columns: [how many]
  stat_columns: [Block]
  morale: {roll: 1d20}
  stats_after: [Move]
reference:
  pages:
    - title: Hex Crawl
      sections:
        - {kind: text, title: The watch, text: Roll every watch.}
trackers:
  - id: fight
    title: Fight
    audience: gm
    parts:
      - {kind: rounds, rounds: 6}
"""


def test_the_deck_draws_from_the_table_and_columns_the_pack_names(write: Write) -> None:
    pack = load_pack(str(write("hex.yaml", PACK)))
    cards, source, morale = build_deck(pack, None, None, 12, random.Random(3))
    assert source == DeckSource("Hex Crawl", "Monsters of the Moor", "1d6")
    assert {c.name for c in cards} == {"Bog hounds", "Moor troll"}
    for card in cards:
        hound = card.name == "Bog hounds"
        assert card.appearing_dice == ("2d4" if hound else "1")
        assert card.stat_id == ("hound" if hound else "troll")
        assert card.morale == (15 if hound else 3)  # a d20 morale: 15 is in reach
        assert card.morale_roll is not None and 1 <= card.morale_roll <= 20
        assert card.text == ""  # the columns it read are not repeated as notes
    assert morale is not None and (morale.roll, morale.fails) == ("1d20", "above")
    table = build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=3)
    assert deck_source(table) == "Hex Crawl: Monsters of the Moor (1d6)"
    assert morale_rule(table) == "roll 1d20: above Morale, the group fails"


def test_without_declared_columns_the_defaults_are_read(write: Write) -> None:
    text = PACK.replace("  appearing_columns: [how many]\n  stat_columns: [Block]\n", "").replace(
        "[Who, How many, Block]", "[Who, Appearing, Stat]"
    )
    pack = load_pack(str(write("hex.yaml", text)))
    assert (pack.encounter or EncounterRules()).appearing_columns[0] == "Appearing"
    cards, _, _ = build_deck(pack, None, None, 6, random.Random(1))
    assert {c.stat_id for c in cards} <= {"hound", "troll"} and all(c.stat_id for c in cards)


def test_a_pack_without_encounter_rules_uses_the_table_called_wandering(write: Write) -> None:
    head, tail = PACK.split("encounter:\n")
    # without encounter rules the morale roll is 2d6, so the hound's 15 would be out of reach
    text = (
        head.replace("id: monsters", "id: wandering").replace("morale: 15", "morale: 8")
        + tail.split("  stats_after: [Move]\n")[1]
    )
    pack = load_pack(str(write("hex.yaml", text)))
    assert pack.encounter is None
    assert encounter_rules(pack, None)[1].wandering == "wandering"
    cards, source, _ = build_deck(pack, None, None, 3, random.Random(1))
    assert source is not None and source.table == "Monsters of the Moor" and len(cards) == 3


def test_a_wandering_table_that_is_not_there_is_reported_where_it_is_named(write: Write) -> None:
    path = write("hex.yaml", PACK.replace("wandering: monsters", "wandering: monster"))
    with pytest.raises(DataError) as info:
        load_pack(str(path))
    assert [str(p).rsplit("/", 1)[-1] for p in info.value.problems] == [
        'hex.yaml:24:14: encounter.wandering: no table with id "monster" (did you mean "monsters"?)'
    ]


def test_a_morale_the_roll_cannot_reach_is_refused_for_the_packs_dice(write: Write) -> None:
    path = write("hex.yaml", PACK.replace("morale: 15", "morale: 21"))
    with pytest.raises(DataError) as info:
        load_pack(str(path))
    assert [str(p).rsplit("/", 1)[-1] for p in info.value.problems] == [
        "hex.yaml:21:42: statblocks[0].morale: 21 cannot be reached by the morale roll 1d20 (1-20, from hex-crawl)"
    ]


def test_a_site_statblock_is_checked_against_the_rules_that_fill_its_encounters(write: Write) -> None:
    pack = write("hex.yaml", PACK)
    site = write(
        "moor.yaml",
        f"""
site: The Moor
system: {pack.name}
rooms:
  - {{key: "1", name: Cairn}}
statblocks:
  - {{id: wisp, name: Wisp, morale: 18}}
""",
    )
    assert load_site(str(site)).site.statblocks[0].morale == 18  # 2-12 was the rule of 2d6 only
    refused = write(
        "moor2.yaml",
        f"""
site: The Moor
system: {pack.name}
encounters: encounter-reaction
rooms:
  - {{key: "1", name: Cairn}}
statblocks:
  - {{id: wisp, name: Wisp, morale: 18}}
""",
    )
    with pytest.raises(DataError) as info:
        load_site(str(refused))
    assert [str(p).rsplit("/", 1)[-1] for p in info.value.problems] == [
        "moor2.yaml:7:36: statblocks[0].morale: 18 cannot be reached by the morale roll 2d6 "
        "(2-12, from encounter-reaction)"
    ]


def test_stats_go_after_the_stat_the_rules_name(write: Write) -> None:
    pack = load_pack(str(write("hex.yaml", PACK)))
    hound = pack.statblocks[0]
    rules = encounter_rules(pack, None)[1]
    assert [label for label, _ in stat_lines(hound, rules)] == ["AC", "Move", "Morale", "HD"]
    assert [label for label, _ in stat_lines(hound)] == ["AC", "Move", "HD", "Morale"]  # the default: after HD


def test_the_sides_of_a_fight_and_the_reference_subject_use_the_packs_words(write: Write) -> None:
    pack = load_pack(str(write("hex.yaml", PACK)))
    layout = tracker_layout(pack, pack.trackers[0], LETTER, None)
    texts = [t.text for t in layout.texts]
    assert "Company" in texts and "Monsters" in texts and "Enemies" not in texts
    assert reference_view(pack, RenderOptions()).subject.startswith("Referee's reference for Hex Crawl")
