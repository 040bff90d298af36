"""Exact phrases of sheetgen.words.checks: what a check and the pack's other rolls roll, what brings their
results, how often they are rolled and the rule that decides a pre-rolled result, in English and German."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from phrasing import check_of, checked_pack, in_german, pack_of

from sheetgen.load.files import load_pack
from sheetgen.model.pack import Outcome, Pattern, Roll
from sheetgen.words import checks

PACKS_DIR = Path(__file__).parent / "data" / "packs"
TRACKS = [
    {"id": "esc", "name": "Escalation", "max": 5},
    {"id": "alarm", "name": "Alarm", "max": 10, "start": 2},
    {"id": "alert", "name": "Alert Level", "min": 1, "max": 4},
    {"id": "clock", "name": "Encounter Clock", "max": 6},
]
TALLIES = [
    {"id": "noise", "name": "Loud Noise"},
    {"id": "coin", "name": "Stolen Coin"},
    {"id": "turn", "name": "Turn die", "per_unit": 1},
]


# --- what is rolled and what its result is read from ---------------------------------------------------


@pytest.mark.parametrize(
    ("check", "english", "german"),
    [
        ({"roll": "1d6"}, "1d6", "1d6"),
        ({"roll": "d10"}, "d10", "d10"),
        ({"roll": "1d6", "add": ["esc"]}, "1d6 + Escalation", "1d6 + Escalation"),
        ({"roll": "2d6", "add": ["esc", "alarm"]}, "2d6 + Escalation + Alarm", "2d6 + Escalation + Alarm"),
        ({"pool": {}}, "d6; the highest die counts", "d6; der höchste Würfel zählt"),
        (
            {"pool": {"base": 0, "tallies": ["noise"]}},
            "one d6 for each mark of Loud Noise; the highest die counts",
            "ein d6 je Strich von Loud Noise; der höchste Würfel zählt",
        ),
        (
            {"pool": {"tallies": ["noise"]}},
            "d6, plus one d6 for each mark of Loud Noise; the highest die counts",
            "d6, plus ein d6 je Strich von Loud Noise; der höchste Würfel zählt",
        ),
        (
            {"pool": {"base": 2, "tallies": ["noise", "coin"], "read": "lowest"}},
            "2 × d6, plus one d6 for each mark of Loud Noise and Stolen Coin; the lowest die counts",
            "2 × d6, plus ein d6 je Strich von Loud Noise und Stolen Coin; der niedrigste Würfel zählt",
        ),
        (
            {"pool": {"grow": 1, "read": "sum"}},
            "d6, plus 1 × d6 more every turn; the dice are added",
            "d6, plus 1 × d6 mehr je turn; die Würfel werden addiert",
        ),
        (
            {"pool": {"base": 0, "tallies": ["turn"], "roll_at": 6, "max_dice": 6}},
            "one d6 for each mark of Turn die; rolled when the pool holds 6 dice, then emptied; at most 6 dice; "
            "the highest die counts",
            "ein d6 je Strich von Turn die; gewürfelt, wenn der Pool 6 Würfel enthält, dann geleert; höchstens 6 "
            "Würfel; der höchste Würfel zählt",
        ),
        (
            {"pool": {"die": "d8", "read": "count", "count_on": "7-8", "max_dice": 19}},
            "d8; at most 19 dice; the result is how many dice show 7-8",
            "d8; höchstens 19 Würfel; das Ergebnis ist die Zahl der Würfel mit 7-8",
        ),
        (
            {"pool": {"base": 0, "grow": 1, "read": "sum"}},
            "1 × d6 added every turn; the dice are added",
            "1 × d6 kommen je turn hinzu; die Würfel werden addiert",
        ),
        (
            {"pool": {"base": 0, "tallies": ["turn"], "roll_at": 1, "max_dice": 1}},
            "one d6 for each mark of Turn die; rolled when the pool holds 1 die, then emptied; at most 1 die; "
            "the highest die counts",
            "ein d6 je Strich von Turn die; gewürfelt, wenn der Pool 1 Würfel enthält, dann geleert; höchstens 1 "
            "Würfel; der höchste Würfel zählt",
        ),
        (
            {"pool": {"max_dice": 20}},
            "d6; the highest die counts",
            "d6; der höchste Würfel zählt",
        ),
    ],
)
def test_the_dice_of_a_check(check: dict[str, Any], english: str, german: str) -> None:
    pack = pack_of(
        tracks=TRACKS,
        tallies=TALLIES,
        check={"name": "C", "when": "w", "formula": "f", "trigger": {"faces": [1]}, **check},
    )
    assert pack.check is not None
    c = pack.check
    assert (checks.dice_text(pack, c), in_german(lambda: checks.dice_text(pack, c))) == (english, german)


@pytest.mark.parametrize(
    ("check", "head", "name", "german"),
    [
        ({"roll": "1d6"}, "1d6", "roll", ("1d6", "Wurf")),
        ({"roll": "d10", "add": ["esc"]}, "d10", "roll", ("d10", "Wurf")),
        ({"pool": {}}, "highest d6", "highest die", ("höchster d6", "höchster Würfel")),
        (
            {"pool": {"die": "d8", "read": "lowest"}},
            "lowest d8",
            "lowest die",
            ("niedrigster d8", "niedrigster Würfel"),
        ),
        ({"pool": {"die": "d10", "read": "sum"}}, "d10 total", "total", ("d10-Summe", "Summe")),
        (
            {"pool": {"read": "count", "count_on": "5-6"}},
            "d6 showing 5-6",
            "dice showing 5-6",
            ("d6 mit 5-6", "Würfel mit 5-6"),
        ),
    ],
)
def test_what_a_checks_result_is_read_from(
    check: dict[str, Any], head: str, name: str, german: tuple[str, str]
) -> None:
    c = check_of(trigger={"faces": [1]}, **check)
    said = (checks.roll_head(c), checks.read_name(c))
    assert (said, in_german(lambda: (checks.roll_head(c), checks.read_name(c)))) == ((head, name), german)


@pytest.mark.parametrize(
    ("read", "english", "german"),
    [
        ({}, None, None),
        ({"read": "sum"}, None, None),
        ({"read": "highest"}, "highest die", "höchster Würfel"),
        ({"read": "lowest"}, "lowest die", "niedrigster Würfel"),
        ({"read": "count", "count_on": 6}, "dice showing 6", "Würfel mit 6"),
    ],
)
def test_what_another_rolls_result_is_read_from(read: dict[str, Any], english: str | None, german: str | None) -> None:
    roll = Roll.model_validate(
        {"id": "search", "name": "Search", "when": "w", "roll": "3d6", "outcomes": [{"roll": 6, "result": "Found"}]}
        | read
    )
    assert (checks.roll_read_name(roll), in_german(lambda: checks.roll_read_name(roll))) == (english, german)


@pytest.mark.parametrize(
    ("advance", "steps"),
    [
        (None, []),
        (
            {"track": "clock", "by": [{"roll": "1-3", "by": 0}, {"roll": "4-5", "by": 1}, {"roll": 6, "by": 2}]},
            [("1-3", "+0"), ("4-5", "+1"), ("6", "+2")],
        ),
        (
            {
                "track": "clock",
                "by": [
                    {"roll": "1-2", "by": 0, "label": "no advance"},
                    {"roll": "3-6", "by": 1, "label": "+1 segment"},
                ],
            },
            [("1-2", "no advance"), ("3-6", "+1 segment")],
        ),
    ],
)
def test_how_each_result_moves_the_advance_track(advance: dict[str, Any] | None, steps: list[tuple[str, str]]) -> None:
    check = check_of(pool={}, trigger={"track_full": "clock"}, advance=advance)
    assert checks.advance_steps(check) == steps


# --- what brings the result -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "value", "at_least", "english", "german"),
    [
        ("1d6", 7, True, "never", "nie"),
        ("1d6", 6, True, "on a 6", "bei einer 6"),
        ("1d6", 5, True, "on 5-6", "bei 5-6"),
        ("1d6", 1, True, "on 1-6", "bei 1-6"),
        ("1d6", 0, True, "on 1-6", "bei 1-6"),
        ("1d6", 0, False, "never", "nie"),
        ("1d6", 1, False, "on a 1", "bei einer 1"),
        ("1d6", 3, False, "on 1-3", "bei 1-3"),
        ("1d6", 6, False, "on 1-6", "bei 1-6"),
        ("1d6", 9, False, "on 1-6", "bei 1-6"),
        ("1d8", 8, True, "on an 8", "bei einer 8"),
        ("3d6", 18, True, "on an 18", "bei einer 18"),
        ("1d20", 18, True, "on 18-20", "bei 18-20"),
        ("2d6", 1, False, "never", "nie"),
        ("2d6", 2, False, "on a 2", "bei einer 2"),
        ("2d6", 12, True, "on a 12", "bei einer 12"),
        ("2d6", 11, True, "on 11-12", "bei 11-12"),
    ],
)
def test_the_faces_a_threshold_takes(roll: str, value: int, at_least: bool, english: str, german: str) -> None:
    check = check_of(roll=roll, trigger={"at_least": 1})
    said = checks.threshold_text(check, value, at_least)
    assert (said, in_german(lambda: checks.threshold_text(check, value, at_least))) == (english, german)


@pytest.mark.parametrize(
    ("check", "at_least", "english", "german"),
    [
        ({"roll": "1d6", "add": ["esc"]}, True, "on a total of 6 or higher", "bei einer Summe von 6 oder mehr"),
        ({"roll": "1d6", "add": ["esc"]}, False, "on a total of 6 or lower", "bei einer Summe von 6 oder weniger"),
        ({"pool": {}}, True, "on 6 or higher", "bei 6 oder mehr"),
        ({"pool": {}}, False, "on 6 or lower", "bei 6 oder weniger"),
    ],
)
def test_a_threshold_on_a_total_or_a_pool(check: dict[str, Any], at_least: bool, english: str, german: str) -> None:
    c = check_of(trigger={"at_least": 6}, **check)
    said = checks.threshold_text(c, 6, at_least)
    assert (said, in_german(lambda: checks.threshold_text(c, 6, at_least))) == (english, german)


TRIGGERS: list[tuple[dict[str, Any], str, str, str]] = [  # the check; with table, without, without in German
    (
        {"roll": "1d6", "trigger": {"at_least": 6}},
        "encounter on a 6",
        "encounter on a 6",
        "encounter bei einer 6",
    ),
    (
        {"roll": "1d6", "trigger": {"at_most": 2}, "result": "danger"},
        "danger on 1-2",
        "danger on 1-2",
        "danger bei 1-2",
    ),
    (
        {"roll": "1d6", "add": ["esc"], "trigger": {"at_least": 6}, "result": "danger"},
        "danger on a total of 6 or higher",
        "danger on a total of 6 or higher",
        "danger bei einer Summe von 6 oder mehr",
    ),
    (
        {"roll": "d10", "trigger": {"at_most": {"track": "alarm"}}},
        "encounter on a result at or below the Alarm value",
        "encounter on a result at or below the Alarm value",
        "encounter bei einem Ergebnis bis zum Wert von Alarm",
    ),
    (
        {"roll": "d10", "trigger": {"at_least": {"track": "alarm"}}},
        "encounter on a result at or above the Alarm value",
        "encounter on a result at or above the Alarm value",
        "encounter bei einem Ergebnis ab dem Wert von Alarm",
    ),
    (
        {"roll": "1d6", "trigger": {"at_least": {"track": "alert", "levels": {"1-3": 6, "4": 5}}}},
        "encounter by Alert Level: see the table below",
        "encounter on a 6 at Alert Level 1-3 and on 5-6 at Alert Level 4",
        "encounter bei einer 6 (bei Alert Level 1-3) und bei 5-6 (bei Alert Level 4)",
    ),
    (
        {"roll": "1d6", "trigger": {"at_most": {"track": "alert", "levels": {"1": 1, "2": 2, "3-4": 3}}}},
        "encounter by Alert Level: see the table below",
        "encounter on a 1 at Alert Level 1, on 1-2 at Alert Level 2 and on 1-3 at Alert Level 3-4",
        "encounter bei einer 1 (bei Alert Level 1), bei 1-2 (bei Alert Level 2) und bei 1-3 (bei Alert Level 3-4)",
    ),
    ({"roll": "1d6", "trigger": {"faces": [1]}}, "encounter on a 1", "encounter on a 1", "encounter bei einer 1"),
    ({"roll": "1d8", "trigger": {"faces": [8]}}, "encounter on an 8", "encounter on an 8", "encounter bei einer 8"),
    (
        {"roll": "1d20", "trigger": {"faces": [11]}},
        "encounter on an 11",
        "encounter on an 11",
        "encounter bei einer 11",
    ),
    ({"roll": "1d6", "trigger": {"faces": ["5-6"]}}, "encounter on 5-6", "encounter on 5-6", "encounter bei 5-6"),
    (
        {"roll": "1d6", "trigger": {"faces": [1, 6]}},
        "encounter on 1 or 6",
        "encounter on 1 or 6",
        "encounter bei 1 oder 6",
    ),
    (
        {"roll": "1d8", "trigger": {"faces": [1, "3-4", 8]}},
        "encounter on 1, 3-4 or 8",
        "encounter on 1, 3-4 or 8",
        "encounter bei 1, 3-4 oder 8",
    ),
    (
        {"roll": "2d6", "trigger": {"pattern": {"doubles": "any"}}, "result": "monster"},
        "monster on doubles",
        "monster on doubles",
        "monster bei Pasch",
    ),
    (
        {"roll": "2d6", "trigger": {"pattern": {"doubles": 6}}},
        "encounter on double 6s",
        "encounter on double 6s",
        "encounter bei Doppel-6",
    ),
    (
        {
            "pool": {},
            "trigger": {"track_full": "clock"},
            "advance": {"track": "clock", "by": [{"roll": "1-3", "by": 0}, {"roll": "4-6", "by": 1}]},
        },
        "encounter when the Encounter Clock is full (6)",
        "encounter when the Encounter Clock is full (6)",
        "encounter, wenn Encounter Clock voll ist (6)",
    ),
]


@pytest.mark.parametrize(("check", "table", "solved", "german"), TRIGGERS)
def test_what_brings_a_checks_result(check: dict[str, Any], table: str, solved: str, german: str) -> None:
    pack = checked_pack(TRACKS, **check)
    assert pack.check is not None
    c = pack.check
    said = (checks.trigger_text(pack, c), checks.trigger_text(pack, c, table=False))
    assert (*said, in_german(lambda: checks.trigger_text(pack, c, table=False))) == (table, solved, german)


@pytest.mark.parametrize(
    ("pattern", "outcome", "said"),
    [
        (None, {"roll": "1-2"}, "1-2"),
        (None, {"roll": 6}, "6"),
        (None, {"roll": "10-12"}, "10-12"),
        ({"doubles": "any"}, {"pattern": {"doubles": 6}}, "double 6s"),
        ({"doubles": "any"}, {"pattern": {"any": 1}}, "a 1 on any die"),
        ({"doubles": "any"}, {"pattern": {"count": {"faces": "5-6", "at_least": 2}}}, "2 or more dice showing 5-6"),
    ],
)
def test_what_brings_a_named_outcome(pattern: dict[str, Any] | None, outcome: dict[str, Any], said: str) -> None:
    check = check_of(roll="2d6", trigger={"pattern": pattern} if pattern else {"at_least": 12})
    assert checks.outcome_when(check, Outcome.model_validate({"result": "Spoor", **outcome})) == said


def test_a_pattern_in_german() -> None:
    check = check_of(roll="2d6", trigger={"pattern": {"doubles": "any"}})
    patterns = [
        {"doubles": "any"},
        {"doubles": 6},
        {"any": 1},
        {"die": {"red": "1-2", "blue": 6}},
        {"doubles": "any", "total": 7},
    ]
    said = in_german(lambda: [checks.pattern_text(check, Pattern.model_validate(p)) for p in patterns])
    assert said == [
        "Pasch",
        "Doppel-6",
        "einer 1 auf einem beliebigen Würfel",
        "red 1-2 und blue 6",
        "Pasch und einer Summe von 7",
    ]


# --- how often it is rolled ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "english", "german"),
    [(1, "once", "einmal"), (2, "twice", "zweimal"), (3, "3 times", "3-mal"), (10, "10 times", "10-mal")],
)
def test_how_many_times(n: int, english: str, german: str) -> None:
    assert (checks.times(n), in_german(lambda: checks.times(n))) == (english, german)


@pytest.mark.parametrize(
    ("time", "n", "english", "german"),
    [
        ({"unit": "turn", "length": "10 minutes"}, 1, "every turn (10 minutes)", "je turn (10 Minuten)"),
        ({"unit": "turn", "length": "10 minutes"}, 2, "every 2 turns (20 minutes)", "alle 2 turns (20 Minuten)"),
        ({"unit": "turn", "length": "10 minutes"}, 6, "every 6 turns (1 hour)", "alle 6 turns (1 Stunde)"),
        (
            {"unit": "watch", "units": "watches", "length": "4 hours"},
            6,
            "every 6 watches (1 day)",
            "alle 6 watches (1 Tag)",
        ),
    ],
)
def test_every_so_many_units(time: dict[str, Any], n: int, english: str, german: str) -> None:
    pack = pack_of(time=time)
    assert (checks.every_units(pack, n), in_german(lambda: checks.every_units(pack, n))) == (english, german)


CADENCES: list[tuple[dict[str, Any], str, str, str]] = [  # the cadence; with a table, without, without in German
    ({}, "every turn (10 minutes)", "every turn (10 minutes)", "je turn (10 Minuten)"),
    ({"every": 2}, "every 2 turns (20 minutes)", "every 2 turns (20 minutes)", "alle 2 turns (20 Minuten)"),
    (
        {"every": 1, "rolls": 2},
        "twice every turn (10 minutes)",
        "twice every turn (10 minutes)",
        "zweimal je turn (10 Minuten)",
    ),
    (
        {"every": 3, "rolls": 3},
        "3 times every 3 turns (30 minutes)",
        "3 times every 3 turns (30 minutes)",
        "3-mal alle 3 turns (30 Minuten)",
    ),
    (
        {"every": 2, "first": 1},
        "every 2 turns (20 minutes); the first at the end of turn 1",
        "every 2 turns (20 minutes); the first at the end of turn 1",
        "alle 2 turns (20 Minuten); der erste am Ende von turn 1",
    ),
    (
        {"every": 2, "offset": 1},
        "every 2 turns (20 minutes); the first after 1 turn more",
        "every 2 turns (20 minutes); the first after 1 turn more",
        "alle 2 turns (20 Minuten); der erste nach 1 weiteren turn",
    ),
    (
        {"every": 2, "offset": 2},
        "every 2 turns (20 minutes); the first after 2 turns more",
        "every 2 turns (20 minutes); the first after 2 turns more",
        "alle 2 turns (20 Minuten); der erste nach 2 weiteren turns",
    ),
    (
        {"every": 2, "offset": 1, "first": 1},
        "every 2 turns (20 minutes); the first at the end of turn 2",
        "every 2 turns (20 minutes); the first at the end of turn 2",
        "alle 2 turns (20 Minuten); der erste am Ende von turn 2",
    ),
    (
        {"every": {"track": "alert", "levels": {"1-2": 6, "3": 3, "4": 1}}},
        "by Alert Level: see the table below",
        "every 6 turns (1 hour) at Alert Level 1-2, every 3 turns (30 minutes) at Alert Level 3 and every turn "
        "(10 minutes) at Alert Level 4",
        "alle 6 turns (1 Stunde) bei Alert Level 1-2, alle 3 turns (30 Minuten) bei Alert Level 3 und je turn "
        "(10 Minuten) bei Alert Level 4",
    ),
    (
        {"every": {"track": "alert", "levels": {"1-2": 6, "3-4": 3}}, "rolls": 2},
        "twice by Alert Level: see the table below",
        "twice every 6 turns (1 hour) at Alert Level 1-2 and every 3 turns (30 minutes) at Alert Level 3-4",
        "zweimal alle 6 turns (1 Stunde) bei Alert Level 1-2 und alle 3 turns (30 Minuten) bei Alert Level 3-4",
    ),
    ({"at": []}, "never", "never", "nie"),
    ({"at": [3]}, "at turn 3", "at turn 3", "bei turn 3"),
    ({"at": [1, 4, 9]}, "at turns 1, 4 and 9", "at turns 1, 4 and 9", "bei turns 1, 4 und 9"),
    (
        {"at": [3, 5], "repeat": 6},
        "at turns 3 and 5 of every 6",
        "at turns 3 and 5 of every 6",
        "bei turns 3 und 5 von je 6",
    ),
    (
        {"at": [3, 5], "repeat": 6, "rolls": 2},
        "twice at turns 3 and 5 of every 6",
        "twice at turns 3 and 5 of every 6",
        "zweimal bei turns 3 und 5 von je 6",
    ),
]


@pytest.mark.parametrize(("cadence", "table", "solved", "german"), CADENCES)
def test_how_often_a_check_is_rolled(cadence: dict[str, Any], table: str, solved: str, german: str) -> None:
    pack = checked_pack(TRACKS, roll="1d6", trigger={"faces": [1]}, cadence=cadence)
    assert pack.check is not None
    c = pack.check
    said = (checks.cadence_text(pack, c), checks.cadence_text(pack, c, table=False))
    assert (*said, in_german(lambda: checks.cadence_text(pack, c, table=False))) == (table, solved, german)


@pytest.mark.parametrize(
    ("pool", "english", "german"),
    [
        (
            {"base": 0, "tallies": ["turn"], "roll_at": 6},
            "when the pool holds 6 dice (every 6 turns for a quiet company)",
            "wenn der Pool 6 Würfel enthält (je 6 turns für eine ruhige Gruppe)",
        ),
        (
            {"base": 6, "roll_at": 6},
            "when the pool holds 6 dice (every turn for a quiet company)",
            "wenn der Pool 6 Würfel enthält (je turn für eine ruhige Gruppe)",
        ),
        (
            {"base": 2, "tallies": ["noise"], "roll_at": 6},
            "when the pool holds 6 dice",
            "wenn der Pool 6 Würfel enthält",
        ),
        (
            {"base": 0, "tallies": ["noise"], "roll_at": 1},
            "when the pool holds 1 die",
            "wenn der Pool 1 Würfel enthält",
        ),
        (
            {"base": 1, "roll_at": 1},
            "when the pool holds 1 die (every turn for a quiet company)",
            "wenn der Pool 1 Würfel enthält (je turn für eine ruhige Gruppe)",
        ),
    ],
)
def test_how_often_a_pool_is_rolled(pool: dict[str, Any], english: str, german: str) -> None:
    pack = pack_of(
        tallies=TALLIES,
        words={"party": "company"},
        check={"name": "C", "when": "w", "formula": "f", "pool": pool, "trigger": {"faces": [1]}},
    )
    assert pack.check is not None
    c = pack.check
    assert (checks.cadence_text(pack, c), in_german(lambda: checks.cadence_text(pack, c))) == (english, german)


def test_a_pool_rolled_at_a_size_on_a_cadence_of_its_own_says_the_cadence() -> None:
    pack = pack_of(
        tallies=TALLIES,
        check={
            "name": "C",
            "when": "w",
            "formula": "f",
            "pool": {"base": 0, "tallies": ["turn"], "roll_at": 6},
            "cadence": {"every": 2},
            "trigger": {"faces": [1]},
        },
    )
    assert pack.check is not None
    assert checks.cadence_text(pack, pack.check) == "every 2 turns (20 minutes)"


# --- what an encounter resets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("on_encounter", "english", "german"),
    [
        ({}, "", ""),
        ({"reset": ["alarm"]}, "Alarm returns to 2", "Alarm fällt auf 2 zurück"),
        ({"clear_tallies": True}, "every tally mark is cleared", "alle Striche werden gelöscht"),
        (
            {"reset": ["esc", "alarm"], "clear_tallies": True},
            "Escalation returns to 0; Alarm returns to 2; every tally mark is cleared",
            "Escalation fällt auf 0 zurück; Alarm fällt auf 2 zurück; alle Striche werden gelöscht",
        ),
    ],
)
def test_what_an_encounter_resets(on_encounter: dict[str, Any], english: str, german: str) -> None:
    pack = checked_pack(TRACKS, roll="1d6", trigger={"faces": [1]}, on_encounter=on_encounter)
    assert pack.check is not None
    c = pack.check
    assert (checks.after_text(pack, c), in_german(lambda: checks.after_text(pack, c))) == (english, german)


@pytest.mark.parametrize(
    ("word", "english", "german"),
    [
        ("encounter", "no encounter", "ohne encounter"),
        ("Wandering Monster", "no Wandering Monster", "ohne Wandering Monster"),
    ],
)
def test_a_result_that_did_not_come(word: str, english: str, german: str) -> None:
    assert (checks.no_result(word), in_german(lambda: checks.no_result(word))) == (english, german)


# --- the pack's other rolls -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "english", "german"),
    [
        (
            {"roll": "1d8", "outcomes": [{"roll": 8, "result": "Gust"}, {"roll": 1, "result": "Calm"}]},
            "1d8: Gust on an 8 and Calm on a 1; every turn (10 minutes)",
            "1d8: Gust bei einer 8 und Calm bei einer 1; je turn (10 Minuten)",
        ),
        (
            {"roll": "1d6", "add": ["esc"], "cadence": {"every": 3}, "outcomes": [{"roll": "6-11", "result": "Tired"}]},
            "1d6 + Escalation: Tired on 6-11; every 3 turns (30 minutes)",
            "1d6 + Escalation: Tired bei 6-11; alle 3 turns (30 Minuten)",
        ),
        (
            {
                "roll": "2d6",
                "cadence": {"every": 6, "first": 1},
                "outcomes": [
                    {"pattern": {"doubles": 6}, "result": "Storm"},
                    {"pattern": {"doubles": "any"}, "result": "Rain"},
                ],
            },
            "2d6: Storm on double 6s and Rain on doubles; every 6 turns (1 hour); the first at the end of turn 1",
            "2d6: Storm bei Doppel-6 und Rain bei Pasch; alle 6 turns (1 Stunde); der erste am Ende von turn 1",
        ),
        (
            {"roll": "4d6", "read": "count", "count_on": "5-6", "outcomes": [{"roll": "2-4", "result": "Omen"}]},
            "4d6 (the result is how many dice show 5-6): Omen on 2-4; every turn (10 minutes)",
            "4d6 (das Ergebnis ist die Zahl der Würfel mit 5-6): Omen bei 2-4; je turn (10 Minuten)",
        ),
    ],
)
def test_another_roll_in_one_line(roll: dict[str, Any], english: str, german: str) -> None:
    pack = pack_of(tracks=TRACKS, rolls=[{"id": "r", "name": "R", "when": "w", **roll}])
    r = pack.rolls[0]
    assert (checks.roll_sentence(pack, r), in_german(lambda: checks.roll_sentence(pack, r))) == (english, german)


# --- the rule that decides a pre-rolled result ---------------------------------------------------------------


RULES: list[tuple[dict[str, Any], list[str]]] = [  # the check; its rule for the results 1 to 6
    (
        {"roll": "1d6", "add": ["esc"], "trigger": {"at_least": {"track": "alarm"}}},
        [f"1d6 = {n}: encounter if {n} + Escalation is at least Alarm" for n in range(1, 7)],
    ),
    (
        {"roll": "1d6", "add": ["esc"], "trigger": {"at_most": {"track": "alarm"}}},
        [f"1d6 = {n}: encounter if {n} + Escalation is at most Alarm" for n in range(1, 7)],
    ),
    (
        {"roll": "1d6", "add": ["esc"], "trigger": {"at_least": {"track": "alarm", "levels": {"0-5": 6, "6-10": 4}}}},
        [f"1d6 = {n}: encounter if {n} + Escalation is at least the value for the Alarm" for n in range(1, 7)],
    ),
    (
        {"roll": "1d6", "add": ["esc", "clock"], "trigger": {"at_least": 12}},
        [
            "1d6 = 1: encounter if Escalation + Encounter Clock is 11",
            "1d6 = 2: encounter if Escalation + Encounter Clock is 10 or more",
            "1d6 = 3: encounter if Escalation + Encounter Clock is 9 or more",
            "1d6 = 4: encounter if Escalation + Encounter Clock is 8 or more",
            "1d6 = 5: encounter if Escalation + Encounter Clock is 7 or more",
            "1d6 = 6: encounter if Escalation + Encounter Clock is 6 or more",
        ],
    ),
    (
        {
            "roll": "1d6",
            "trigger": {"track_full": "clock"},
            "advance": {"track": "alarm", "by": [{"roll": "1-3", "by": 0}, {"roll": "4-6", "by": 1}]},
        },
        [
            "1d6 = 1: Alarm does not move",
            "1d6 = 2: Alarm does not move",
            "1d6 = 3: Alarm does not move",
            "1d6 = 4: Alarm +1",
            "1d6 = 5: Alarm +1",
            "1d6 = 6: Alarm +1",
        ],
    ),
    (
        {
            "roll": "1d6",
            "trigger": {"track_full": "clock"},
            "advance": {
                "track": "clock",
                "by": [
                    {"roll": 1, "by": 0, "label": "all quiet"},
                    {"roll": "2-3", "by": 0},
                    {"roll": "4-5", "by": 1},
                    {"roll": 6, "by": 6},
                ],
            },
        },
        [
            "1d6 = 1: all quiet",
            "1d6 = 2: Encounter Clock does not move",
            "1d6 = 3: Encounter Clock does not move",
            "1d6 = 4: Encounter Clock +1; encounter if it is at 5 or more",
            "1d6 = 5: Encounter Clock +1; encounter if it is at 5 or more",
            "1d6 = 6: Encounter Clock +6; encounter",
        ],
    ),
    (
        {
            "roll": "1d6",
            "trigger": {"track_full": "clock"},
            "advance": {
                "track": "clock",
                "by": [{"roll": "1-5", "by": 1, "label": "+1 segment"}, {"roll": 6, "by": 2, "label": "+2 segments"}],
            },
        },
        [f"1d6 = {n}: +1 segment on Encounter Clock; encounter if it is at 5 or more" for n in range(1, 6)]
        + ["1d6 = 6: +2 segments on Encounter Clock; encounter if it is at 4 or more"],
    ),
]


@pytest.mark.parametrize(("check", "rules"), RULES)
def test_the_rule_that_decides_a_pre_rolled_result(check: dict[str, Any], rules: list[str]) -> None:
    pack = checked_pack(TRACKS, **check)
    assert [checks.rule_text(pack, n) for n in range(1, 7)] == rules


def test_the_rule_over_a_track_below_zero() -> None:
    mood = [{"id": "mood", "name": "Mood", "min": -2, "max": 2}]
    levels = {"-2": 1, "-1 to 0": 3, "1-2": 1}
    pack = checked_pack(mood, roll="1d6", trigger={"at_most": {"track": "mood", "levels": levels}}, result="trouble")
    assert [checks.rule_text(pack, n) for n in range(1, 5)] == [
        "1d6 = 1: trouble",
        "1d6 = 2: trouble if Mood is -1 to 0",
        "1d6 = 3: trouble if Mood is -1 to 0",
        "1d6 = 4: no trouble at any Mood",
    ]
    assert in_german(lambda: checks.rule_text(pack, 2)) == "1d6 = 2: trouble, wenn Mood -1 bis 0 ist"


def test_the_rule_for_a_pre_rolled_result_in_german() -> None:
    added = checked_pack(TRACKS, roll="1d6", add=["esc"], trigger={"at_least": {"track": "alarm"}})
    clock = checked_pack(
        TRACKS,
        roll="1d6",
        trigger={"track_full": "clock"},
        advance={"track": "clock", "by": [{"roll": "1-3", "by": 0}, {"roll": "4-6", "by": 2, "label": "+2 segments"}]},
    )
    said = in_german(lambda: [checks.rule_text(added, 4), checks.rule_text(clock, 1), checks.rule_text(clock, 5)])
    assert said == [
        "1d6 = 4: encounter, wenn 4 + Escalation mindestens Alarm ist",
        "1d6 = 1: Encounter Clock bleibt stehen",
        "1d6 = 5: +2 segments auf Encounter Clock; encounter, wenn der Stand 4 oder mehr ist",
    ]


@pytest.mark.parametrize(
    ("result", "english", "german"),
    [
        (0, "2d6 = 1, 1 (doubles): encounter", "2d6 = 1, 1 (Pasch): encounter"),
        (1, "2d6 = 2, 1: no encounter", "2d6 = 2, 1: ohne encounter"),
        (6, "2d6 = 1, 2: no encounter", "2d6 = 1, 2: ohne encounter"),
        (35, "2d6 = 6, 6 (doubles): encounter", "2d6 = 6, 6 (Pasch): encounter"),
    ],
)
def test_the_rule_for_a_pattern_names_the_faces_and_what_they_show(result: int, english: str, german: str) -> None:
    """tests/data/packs/wandering-dice.yaml: 2d6, red and white, doubles bring an encounter; a result numbers
    the faces of the two dice, the red one first."""
    pack = load_pack(str(PACKS_DIR / "wandering-dice.yaml"))
    assert (checks.rule_text(pack, result), in_german(lambda: checks.rule_text(pack, result))) == (english, german)
