"""Encounter openings: surprise and initiative for each side, pre-rolled on every deck card; entries that
are not creatures get no reaction, morale or openings."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from sheetgen.engine.deck import build_deck
from sheetgen.engine.dice import parse_dice
from sheetgen.engine.timetable import build_timetable
from sheetgen.export.timetable_json import timetable_json, timetable_json_schema
from sheetgen.layout.timetable_parts import card_lines
from sheetgen.load.files import load_site
from sheetgen.model.loaded import LoadedSite

PACK = """\
kind: pack
id: ambush
name: Ambush
time: {unit: turn, length: 10 minutes}
check:
  name: Wandering Check
  when: every turn
  formula: Roll **1d6**; on a **1** something comes.
  roll: 1d6
  trigger: {faces: [1]}
tables:
  - id: reaction
    name: Reaction
    roll: 2d6
    columns: [Reaction]
    rows:
      - {roll: "2-6", cells: [Hostile]}
      - {roll: "7-12", cells: [Wary]}
encounter:
  reaction: reaction
  morale: {roll: 2d6}
  openings:
    - {name: Surprise, side: party, roll: 1d6, on: "1-2", result: surprised}
    - {name: Surprise, side: monsters, roll: 1d6, on: "1-2", result: surprised}
    - {name: Initiative, side: party, roll: 1d6}
    - {name: Initiative, side: monsters, roll: 1d8}
reference:
  pages:
    - title: Ambush
      sections: [{kind: check}]
"""

SITE = """\
kind: site
site: The Ford
system: ambush.yaml
rooms:
  - {key: "1", name: Ford, description: A shallow ford.}
wandering:
  roll: 1d4
  entries:
    - {roll: "1-2", name: Wolves, appearing: 2d4}
    - {roll: 3, name: Howling in the hills, creature: false, text: A sign that wolves are near.}
    - {roll: 4, name: Rockfall, creature: false}
"""


def load(tmp_path: Path) -> LoadedSite:
    (tmp_path / "ambush.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "ford.yaml").write_text(SITE, encoding="utf-8")
    return load_site(str(tmp_path / "ford.yaml"))


def test_each_card_carries_its_opening_rolls(tmp_path: Path) -> None:
    loaded = load(tmp_path)
    table = build_timetable(loaded.pack, site=loaded.site, encounter_pack=None, hours=3, seed=6)
    assert table.deck
    for card in table.deck:
        if card.name == "Wolves":
            assert card.creature
            assert [(o.name, o.side, o.dice) for o in card.openings] == [
                ("Surprise", "party", "1d6"),
                ("Surprise", "monsters", "1d6"),
                ("Initiative", "party", "1d6"),
                ("Initiative", "monsters", "1d8"),
            ]
            for o in card.openings:
                hit = o.name == "Surprise" and o.roll <= 2
                assert o.result == ("surprised" if hit else None)
            assert card.reaction is not None and card.morale_roll is not None
            lines = card_lines(card)
            assert any(line.startswith("**Surprise:** party 1d6 = ") for line in lines)
            assert any(line.startswith("**Initiative:** party 1d6 = ") and "monsters 1d8 = " in line for line in lines)
        else:
            assert not card.creature
            assert card.openings == () and card.reaction is None and card.morale_roll is None
            assert "_Not a creature: no reaction or morale._" in card_lines(card)


@pytest.mark.slow
def test_pre_rolled_surprise_has_the_exact_chance(tmp_path: Path) -> None:
    loaded = load(tmp_path)
    runs = 200_000
    cards, _, _ = build_deck(loaded.pack, loaded.site, None, runs, random.Random(31))
    wolves = [c for c in cards if c.creature]
    p_wolves = Fraction(1, 2)
    assert abs(len(wolves) / runs - float(p_wolves)) <= 4 * math.sqrt(0.25 / runs)
    surprised = sum(1 for c in wolves if c.openings[0].result == "surprised")
    p = float(Fraction(2, 6))
    assert abs(surprised / len(wolves) - p) <= 4 * math.sqrt(p * (1 - p) / len(wolves))
    mean_init = sum(c.openings[3].roll for c in wolves) / len(wolves)
    d8 = parse_dice("1d8").distribution()
    exact = float(sum(v * q for v, q in d8.items()))
    spread = math.sqrt(float(sum((v - exact) ** 2 * q for v, q in d8.items())) / len(wolves))
    assert abs(mean_init - exact) <= 4 * spread


def test_json_carries_the_openings(tmp_path: Path) -> None:
    import jsonschema

    loaded = load(tmp_path)
    data = timetable_json(build_timetable(loaded.pack, site=loaded.site, encounter_pack=None, hours=3, seed=6))
    jsonschema.validate(data, timetable_json_schema())
    cards = data["deck"]["cards"]
    assert any(c.get("creature") is False and "openings" not in c for c in cards)
    assert any(len(c.get("openings", [])) == 4 for c in cards)
