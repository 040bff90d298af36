"""A cadence at given units (``at``), repeated or not: odds worked out by hand, the timetable's rows, the
turns grid's marks, the reference's words and the loader's errors at their lines."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from sheetgen.engine.due import check_mark, roll_marks
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.words import at_units_text, cadence_text, check_sentence, roll_sentence

PACK = Path(__file__).parent / "data" / "packs" / "given-turns.yaml"


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(str(PACK))


def test_the_check_falls_at_its_units_of_every_repeat(pack: Pack) -> None:
    odds = quiet_odds(pack, 3)
    assert [(c.unit, c.chance) for c in odds.checks] == [(u, Fraction(1, 6)) for u in (3, 5, 9, 11, 15, 17)]
    q = Fraction(5, 6)
    assert odds.by_hour == (1 - q**2, 1 - q**4, 1 - q**6)
    # first at 6j + 3 with chance q^2j / 6, at 6j + 5 with q^(2j+1) / 6: the sum over j is 193/11 turns
    assert odds.expected_minutes_to_first == Fraction(1930, 11)


def test_a_roll_at_units_without_a_repeat_stops_after_the_last(pack: Pack) -> None:
    draught = next(r for r in quiet_odds(pack, 3).rolls if r.id == "draught")
    assert [t.unit for t in draught.times] == [1, 4, 9]
    (blown,) = draught.outcomes
    assert blown.chances == (Fraction(1, 3),) * 3
    stays = Fraction(2, 3)
    assert blown.by_hour == (1 - stays**2, 1 - stays**3, 1 - stays**3)


def test_the_timetable_has_a_row_at_each_unit(pack: Pack) -> None:
    table = build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=3)
    assert [r.unit for r in table.rows] == [3, 5, 9, 11, 15, 17]
    assert [d.unit for r in table.rows for d in r.baseline.rolls] == [1, 4, 9]


def test_the_turns_grid_marks_the_units(pack: Pack) -> None:
    assert [u for u in range(1, 25) if check_mark(pack, u)] == [3, 5, 9, 11, 15, 17, 21, 23]
    assert {check_mark(pack, u) for u in (3, 5)} == {"C"}
    assert [u for u in range(1, 25) if roll_marks(pack, u)] == [1, 4, 9]
    assert roll_marks(pack, 4) == ["D"]


def test_the_reference_says_the_units(pack: Pack) -> None:
    assert pack.check is not None
    assert cadence_text(pack, pack.check) == "at turns 3 and 5 of every 6"
    assert check_sentence(pack) == "1d6: monster on a 1; at turns 3 and 5 of every 6"
    assert roll_sentence(pack, pack.rolls[0]) == "1d6: Torch blown out on 1-2; at turns 1, 4 and 9"


@pytest.mark.parametrize(
    ("units", "repeat", "text"),
    [
        ([3], None, "at turn 3"),
        ([3], 6, "at turn 3 of every 6"),
        ([1, 4], None, "at turns 1 and 4"),
        ([1, 4, 9], None, "at turns 1, 4 and 9"),
    ],
)
def test_the_words_for_units(pack: Pack, units: list[int], repeat: int | None, text: str) -> None:
    assert at_units_text(pack, units, repeat) == text


@pytest.mark.parametrize(
    ("cadence", "problems"),
    [
        ("{at: [3, 3]}", ["11:21: check.cadence.at[1]: the units must increase: 3 comes after 3"]),
        ("{at: [4, 2]}", ["11:21: check.cadence.at[1]: the units must increase: 2 comes after 4"]),
        ("{at: [0, 2]}", ["11:18: check.cadence.at[0]: must be from 1 to 1000 (a unit, counted from the start)"]),
        ("{at: [-1]}", ["11:18: check.cadence.at[0]: must be from 1 to 1000 (a unit, counted from the start)"]),
        ("{at: [1001]}", ["11:18: check.cadence.at[0]: must be from 1 to 1000 (a unit, counted from the start)"]),
        ("{at: []}", ["11:17: check.cadence.at: give at least one unit: at: [1, 4, 9]"]),
        (
            "{at: [2, 4], every: 2}",
            ["11:32: check.cadence.every: give either at (the units themselves) or every, not both"],
        ),
        (
            "{at: [2], offset: 1, first: 1}",
            [
                "11:30: check.cadence.offset: give either at (the units themselves) or offset, not both",
                "11:40: check.cadence.first: give either at (the units themselves) or first, not both",
            ],
        ),
        (
            "{repeat: 6}",
            [
                "11:21: check.cadence.repeat: repeat says how often the units of at fall again; give at "
                "with it: {at: [3, 5], repeat: 6}"
            ],
        ),
        (
            "{at: [3, 7], repeat: 6}",
            ["11:21: check.cadence.at[1]: must be at most the repeat (6): the units fall within each repeat"],
        ),
        ("{at: [1], repeat: 0}", ["11:30: check.cadence.repeat: must be from 1 to 1000 units"]),
        ("{at: [1], repeat: 1001}", ["11:30: check.cadence.repeat: must be from 1 to 1000 units"]),
    ],
)
def test_a_wrong_cadence_at_units_is_named_at_its_line(tmp_path: Path, cadence: str, problems: list[str]) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(PACK.read_text(encoding="utf-8").replace("{at: [3, 5], repeat: 6}", cadence), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert [str(p) for p in caught.value.problems] == [f"{path}:{p}" for p in problems]


@pytest.mark.parametrize("cadence", ["{at: [1000]}", "{at: [1, 1000], repeat: 1000}", "{at: [1], repeat: 1}"])
def test_the_last_allowed_units_load(tmp_path: Path, cadence: str) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(PACK.read_text(encoding="utf-8").replace("{at: [3, 5], repeat: 6}", cadence), encoding="utf-8")
    assert load_pack(str(path)).check is not None


def test_a_rolls_cadence_at_units_is_checked_too(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(PACK.read_text(encoding="utf-8").replace("{at: [1, 4, 9]}", "{at: [1, 9, 4]}"), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:19:26: rolls[0].cadence.at[2]: the units must increase: 4 comes after 9"
    ]
