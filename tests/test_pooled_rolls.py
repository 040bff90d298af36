"""Other rolls read as a pool is (``read: highest``, ``lowest``, ``count``): odds worked out by hand, the
timetable's dice and what they read, the reference's words and the loader's errors at their lines."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.engine.types import Odds, RollOdds
from sheetgen.errors import DataError
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.words import roll_sentence, rolls_text

PACK = Path(__file__).parent / "data" / "packs" / "pooled-rolls.yaml"
TEXT = PACK.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(str(PACK))


def _roll(odds: Odds, rid: str) -> RollOdds:
    return next(r for r in odds.rolls if r.id == rid)


def test_the_highest_die_of_three(pack: Pack) -> None:
    (found,) = _roll(quiet_odds(pack, 1), "search").outcomes
    no_six = Fraction(5, 6) ** 3
    assert found.chances == (1 - no_six,) * 6  # 91 in 216
    assert found.by_hour == (1 - no_six**6,)


def test_dice_counted_and_what_they_move(pack: Pack) -> None:
    odds = quiet_odds(pack, 1)
    (omen,) = _roll(odds, "omen").outcomes
    # two or more of 4d6 on 5-6: 1 - (2/3)^4 - 4 (1/3) (2/3)^3 = 33/81
    assert omen.chances == (Fraction(11, 27), Fraction(11, 27))
    # an omen at 0:30 raises Dread, which the check at 0:40 adds
    assert odds.checks[3].chance == Fraction(16, 27) * Fraction(1, 6) + Fraction(11, 27) * Fraction(2, 6)


def test_lowest(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(
        TEXT.replace(
            "roll: 3d6\n    read: highest\n    outcomes:\n      - roll: 6",
            "roll: 2d6\n    read: lowest\n    outcomes:\n      - roll: 1",
        ),
        encoding="utf-8",
    )
    (found,) = _roll(quiet_odds(load_pack(str(path)), 1), "search").outcomes
    assert found.chances[0] == Fraction(11, 36)


def test_the_timetable_reads_the_faces(pack: Pack) -> None:
    t = build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=3)
    done = [d for row in t.rows for d in row.baseline.rolls]
    for d in done:
        if d.roll == "search":
            assert len(d.faces) == 3 and (d.outcome == "Way found") == (max(d.faces) == 6)
        else:
            assert len(d.faces) == 4
            assert (d.outcome == "Omen") == (sum(1 for f in d.faces if f >= 5) >= 2)
    row = next(r for r in t.rows if r.unit == 3)
    search = next(d for d in row.baseline.rolls if d.roll == "search" and d.unit == 3)
    omen = next(d for d in row.baseline.rolls if d.roll == "omen")
    faces = ", ".join(map(str, search.faces))
    counted = sum(1 for f in omen.faces if f >= 5)
    assert f"Search 3d6, highest die: 0:30 {faces} = {max(search.faces)}" in rolls_text(t, row)
    assert f"Omen 4d6, dice showing 5-6: 0:30 {', '.join(map(str, omen.faces))} = {counted}" in rolls_text(t, row)


def test_the_reference_says_how_the_dice_are_read(pack: Pack) -> None:
    search, omen = pack.rolls
    assert roll_sentence(pack, search) == "3d6 (the highest die counts): Way found on a 6; every turn (10 minutes)"
    assert roll_sentence(pack, omen) == (
        "4d6 (the result is how many dice show 5-6): Omen on 2-4; every 3 turns (30 minutes)"
    )


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            "roll: 3d6\n",
            "roll: 3d6+1\n",
            '19:11: rolls[0].roll: dice "3d6+1": expected dice of one kind such as '
            '"3d6", with nothing kept or added, to read them as a pool',
        ),
        (
            "roll: 3d6\n",
            "roll: 1d6+1d8\n",
            '19:11: rolls[0].roll: dice "1d6+1d8": expected dice of one kind such as '
            '"3d6", with nothing kept or added, to read them as a pool',
        ),
        (
            "      - roll: 6\n",
            "      - roll: 7\n",
            "22:15: rolls[0].outcomes[0].roll: 7 cannot come up on 3d6 read by its highest (1-6)",
        ),
        (
            "      - roll: 2-4\n",
            "      - roll: 5\n",
            "33:15: rolls[1].outcomes[0].roll: 5 cannot come up on 4d6 read by its count (0-4)",
        ),
        (
            "      - roll: 6\n        result: Way found\n",
            "      - pattern: {doubles: any}\n        result: Way found\n",
            "20:11: rolls[0].read: a roll read by its highest reads no patterns: give its outcomes ranges of that "
            "result, or leave read out",
        ),
        (
            "    count_on: 5-6\n",
            "",
            "24:5: rolls[1]: give count_on (the faces that count) with read: count, and only then",
        ),
    ],
)
def test_a_wrong_pooled_roll_is_named_at_its_line(tmp_path: Path, old: str, new: str, problem: str) -> None:
    assert old in TEXT
    path = tmp_path / "pack.yaml"
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_pack(str(path))
    assert [str(p) for p in caught.value.problems] == [f"{path}:{problem}"]
