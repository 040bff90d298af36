"""Exact phrases of sheetgen.words.timetable: a pre-rolled timetable's rows (made here, one for each way a row
can read), when each is rolled, and the encounter deck's notes and cards, in English and German."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from phrasing import card_of, checked_pack, in_german, pack_of

from sheetgen.engine.deck import DeckSource, TableRoll
from sheetgen.engine.resources import ResourceOut
from sheetgen.engine.timetable import (
    Baseline,
    CheckRow,
    Omen,
    PoolRead,
    RollDone,
    Timetable,
    TrackLevel,
    build_timetable,
)
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Morale, Pack
from sheetgen.words import timetable
from sheetgen.words.language import using

NNBSP = "\u202f"


def table_of(pack: Pack | str, rows: Sequence[CheckRow] = (), **fields: Any) -> Timetable:
    """A timetable of *pack* (a built-in's id, or a pack) with *rows* for its own, and *fields* over it."""
    rules = load_pack(pack) if isinstance(pack, str) else pack
    made = build_timetable(rules, site=None, encounter_pack=None, hours=1, seed=1)
    return dataclasses.replace(made, rows=tuple(rows), **fields)


def row_of(unit: int, faces: tuple[int, ...], roll: int | None, repeat: int = 1, **baseline: Any) -> CheckRow:
    """The row at the end of *unit* with the dice *faces*: the check rolled, bringing nothing and moving
    nothing, unless *baseline* says otherwise."""
    quiet: dict[str, Any] = {
        "due": True,
        "rolled": True,
        "dice": None,
        "pool": 0,
        "result": roll,
        "encounter": False,
        "levels": (),
        "omens": (),
    }
    return CheckRow(unit, unit, faces, roll, None, (), Baseline(**(quiet | baseline)), repeat)


# --- the rows of a plain roll ---------------------------------------------------------------------------------

ESC_0 = (TrackLevel("escalation", "Escalation", 0),)
ESC_2 = (TrackLevel("escalation", "Escalation", 2),)
DUNGEON_ROWS = [
    row_of(1, (3,), 3, levels=ESC_0),
    row_of(2, (6,), 6, levels=ESC_0, encounter=True),
    row_of(3, (2,), 2, levels=ESC_2),
    row_of(6, (4,), 4, levels=ESC_2, ran_out=(ResourceOut("torch", "Torch", 6),)),
]


def test_the_rows_of_a_plain_roll() -> None:
    """dungeon-turn: 1d6 + Escalation, danger on 6 or more; the torch runs out at 1:00."""
    t = table_of("dungeon-turn", DUNGEON_ROWS)
    said = [
        (
            timetable.row_clock(t, row),
            timetable.row_dice(t, row),
            timetable.row_rule(t, row),
            timetable.row_when(t, row),
            timetable.baseline_text(t, row),
            timetable.quiet_text(t, row),
            timetable.quiet_text(t, row, fresh=True),
        )
        for row in t.rows
    ]
    assert said == [
        (
            "0:10",
            "1d6",
            "1d6 = 3: danger if Escalation is 3 or more",
            "",
            "no danger; Escalation 0",
            "",
            "Escalation 0",
        ),
        ("0:20", "1d6", "1d6 = 6: danger", "", "danger; Escalation 0", "danger; Escalation 0", "danger; Escalation 0"),
        (
            "0:30",
            "1d6",
            "1d6 = 2: danger if Escalation is 4 or more",
            "",
            "no danger; Escalation 2",
            "Escalation 2",
            "Escalation 2",
        ),
        (
            "1:00",
            "1d6",
            "1d6 = 4: danger if Escalation is 2 or more",
            "",
            "no danger; Escalation 2; Torch out at 1:00",
            "Torch out at 1:00",
            "Escalation 2; Torch out at 1:00",
        ),
    ]


def test_the_rows_of_a_plain_roll_in_german() -> None:
    t = table_of("dungeon-turn", DUNGEON_ROWS)
    said = in_german(lambda: [(timetable.baseline_text(t, row), timetable.quiet_text(t, row)) for row in t.rows])
    assert said == [
        ("ohne danger; Escalation 0", ""),
        ("danger; Escalation 0", "danger; Escalation 0"),
        ("ohne danger; Escalation 2", "Escalation 2"),
        ("ohne danger; Escalation 2; Torch aus um 1:00", "Torch aus um 1:00"),
    ]


def test_a_row_with_the_packs_other_rolls() -> None:
    """wilderness-watches: the terrain is the GM's to choose, so a row names its level's label; the weather's
    Rain lasts 6 watches."""
    rolls = (
        RollDone("lost", "Getting Lost", 1, (3,), 3, None),
        RollDone("weather", "Weather", 1, (1, 4), 5, "Rain", 2),
    )
    t = table_of("wilderness-watches", [row_of(1, (2,), 2, levels=(TrackLevel("terrain", "Terrain", 1),), rolls=rolls)])
    (row,) = t.rows
    rolled = "Getting Lost 1d6: 4:00 3; Weather 2d6: 4:00 1, 4 Rain (for 6 watches, until 28:00)"
    assert (
        timetable.baseline_text(t, row),
        timetable.baseline_text(t, row, rolls=False),
        timetable.quiet_text(t, row),
        timetable.quiet_text(t, row, rolls=False),
        timetable.quiet_text(t, row, fresh=True),
        timetable.rolls_text(t, row),
    ) == (
        f"no encounter; Terrain 1 Road; {rolled}",
        "no encounter; Terrain 1 Road",
        rolled,
        "",
        f"Terrain 1 Road; {rolled}",
        rolled,
    )
    assert in_german(lambda: timetable.rolls_text(t, row)) == (
        "Getting Lost 1d6: 4:00 3; Weather 2d6: 4:00 1, 4 Rain (für 6 watches, bis 28:00)"
    )


def test_a_row_without_other_rolls_has_none_to_say() -> None:
    t = table_of("wilderness-watches", [row_of(1, (2,), 2, levels=(TrackLevel("terrain", "Terrain", 4),))])
    assert (timetable.rolls_text(t, t.rows[0]), timetable.baseline_text(t, t.rows[0])) == (
        "",
        "no encounter; Terrain 4 Forest",
    )


# --- the rows of a pool --------------------------------------------------------------------------------------

CLOCK_0 = (TrackLevel("encounter-clock", "Encounter Clock", 0),)
CLOCK_2 = (TrackLevel("encounter-clock", "Encounter Clock", 2),)


@pytest.mark.parametrize(
    ("baseline", "full", "quiet", "german"),
    [
        (
            {"dice": 3, "pool": 3, "result": 5, "levels": CLOCK_2},
            "first 3: highest 5, no encounter; Encounter Clock 2",
            "first 3: highest 5; Encounter Clock 2",
            "erste 3: höchster 5, ohne encounter; Encounter Clock 2",
        ),
        (
            {"dice": 4, "pool": 4, "result": 6, "encounter": True, "levels": CLOCK_0},
            "first 4: highest 6, encounter; Encounter Clock 0",
            "first 4: highest 6, encounter; Encounter Clock 0",
            "erste 4: höchster 6, encounter; Encounter Clock 0",
        ),
        (
            {
                "dice": 4,
                "pool": 4,
                "result": 6,
                "levels": (TrackLevel("encounter-clock", "Encounter Clock", 4),),
                "omens": (Omen("encounter-clock", 0),),
            },
            "first 4: highest 6, no encounter; Encounter Clock 4; Omen (Encounter Clock 3)",
            "first 4: highest 6; Encounter Clock 4; Omen (Encounter Clock 3)",
            "erste 4: höchster 6, ohne encounter; Encounter Clock 4; Omen (Encounter Clock 3)",
        ),
        (
            {"rolled": False, "pool": 2, "result": None, "levels": CLOCK_2},
            "not rolled (pool of 2); Encounter Clock 2",
            "not rolled (pool of 2); Encounter Clock 2",
            "nicht gewürfelt (Pool von 2); Encounter Clock 2",
        ),
    ],
)
def test_a_row_of_a_pool(baseline: dict[str, Any], full: str, quiet: str, german: str) -> None:
    """encounter-clock: the highest die of a pool of d6 advances the Encounter Clock (from 0), an encounter when
    it is full; at 3, an omen. The dice 5, 2, 4, 6, 1, 3: the first 3 show 5 at most, the first 4 a 6."""
    t = table_of("encounter-clock", [row_of(1, (5, 2, 4, 6, 1, 3), None, **baseline)])
    (row,) = t.rows
    said = (timetable.baseline_text(t, row), timetable.quiet_text(t, row))
    assert (*said, in_german(lambda: timetable.baseline_text(t, row))) == (full, quiet, german)


def test_a_pools_row_gives_the_pools_rule_and_each_reading_its_own() -> None:
    reads = (PoolRead(1, 5, None), PoolRead(2, 5, None), PoolRead(3, 6, "Encounter"))
    row = dataclasses.replace(row_of(1, (5, 2, 6, 1, 1, 3), None, dice=1, pool=1, result=5), pool_reads=reads)
    t = table_of("encounter-clock", [row])
    assert timetable.row_dice(t, row) == "6d6 (take the first N)"
    assert timetable.row_rule(t, row) == timetable.pool_rule(t.pack)
    assert [timetable.read_rule(t, read) for read in reads] == [
        "highest d6 = 5: +1 segment on Encounter Clock; encounter if it is at 5 or more",
        "highest d6 = 5: +1 segment on Encounter Clock; encounter if it is at 5 or more",
        "highest d6 = 6: +2 segments on Encounter Clock; encounter if it is at 4 or more",
    ]
    assert in_german(lambda: (timetable.row_dice(t, row), timetable.read_rule(t, reads[2]))) == (
        "6d6 (die ersten N nehmen)",
        "höchster d6 = 6: +2 segments auf Encounter Clock; encounter, wenn der Stand 4 oder mehr ist",
    )


@pytest.mark.parametrize(
    ("faces", "baseline", "said", "german"),
    [
        (
            (4, 6, 2, 5, 4, 3),
            {"rolled": False, "pool": 3, "result": None},
            "not rolled (pool of 3, rolled at 6)",
            "nicht gewürfelt (Pool von 3, gewürfelt bei 6)",
        ),
        (
            (4, 6, 1, 5, 4, 3),
            {"dice": 6, "pool": 6, "result": 1, "encounter": True},
            "first 6: lowest 1, complication",
            "erste 6: niedrigster 1, complication",
        ),
        (
            (4, 6, 5, 5, 4, 6),
            {"dice": 6, "pool": 6, "result": 4},
            "first 6: lowest 4, no complication",
            "erste 6: niedrigster 4, ohne complication",
        ),
    ],
)
def test_a_row_of_a_pool_rolled_when_it_holds_six(
    faces: tuple[int, ...], baseline: dict[str, Any], said: str, german: str
) -> None:
    """tension-dice: a pool of d6 rolled when it holds 6, a complication on a lowest die of 1."""
    t = table_of("tension-dice", [row_of(1, faces, None, **baseline)])
    (row,) = t.rows
    assert (timetable.baseline_text(t, row), in_german(lambda: timetable.baseline_text(t, row))) == (said, german)
    assert [timetable.read_rule(t, PoolRead(2, 1, None)), timetable.read_rule(t, PoolRead(2, 4, None))] == [
        "lowest d6 = 1: complication",
        "lowest d6 = 4: no complication",
    ]


@pytest.mark.parametrize(
    ("pack", "trigger", "english", "german"),
    [
        (
            "encounter-clock",
            False,
            "take the first N dice, N = the dice in the pool (1 + one per mark of Loud Noise, Stolen Coin, Round in "
            "the same room, Discarded Supply and Limited scout check); highest die: 1-3 no advance, 4-5 +1 segment, "
            "6 +2 segments on Encounter Clock",
            "die ersten N Würfel nehmen, N = Würfel im Pool (1 + einer je Strich von Loud Noise, Stolen Coin, Round "
            "in the same room, Discarded Supply und Limited scout check); höchster Würfel: 1-3 no advance, 4-5 +1 "
            "segment, 6 +2 segments auf Encounter Clock",
        ),
        (
            "tension-dice",
            True,
            "take the first N dice, N = the dice in the pool (one per mark of Turn die and Extra die); lowest die: "
            "complication on a 1",
            "die ersten N Würfel nehmen, N = Würfel im Pool (einer je Strich von Turn die und Extra die); niedrigster "
            "Würfel: complication bei einer 1",
        ),
        (
            "tension-dice",
            False,
            "take the first N dice, N = the dice in the pool (one per mark of Turn die and Extra die)",
            "die ersten N Würfel nehmen, N = Würfel im Pool (einer je Strich von Turn die und Extra die)",
        ),
        (
            "grows",
            True,
            "take the first N dice, N = the dice in the pool; total: encounter on 10 or higher",
            "die ersten N Würfel nehmen, N = Würfel im Pool; Summe: encounter bei 10 oder mehr",
        ),
    ],
)
def test_a_pools_rule(pack: str, trigger: bool, english: str, german: str) -> None:
    rules = (
        checked_pack(pool={"base": 2, "grow": 1, "read": "sum"}, trigger={"at_least": 10})
        if pack == "grows"
        else load_pack(pack)
    )
    said = timetable.pool_rule(rules, trigger=trigger)
    assert (said, in_german(lambda: timetable.pool_rule(rules, trigger=trigger))) == (english, german)


# --- when a row's check is rolled ------------------------------------------------------------------------------

ALERT = [{"id": "alert", "name": "Alert Level", "min": 1, "max": 4}]


def by_alert(levels: dict[str, int], **cadence: Any) -> Pack:
    return checked_pack(
        ALERT, roll="1d6", trigger={"faces": [1]}, cadence={"every": {"track": "alert", "levels": levels}, **cadence}
    )


def by_mood() -> Pack:
    """A check every turn while Mood (-2 to 2) is below 0, else every 2 turns."""
    mood = [{"id": "mood", "name": "Mood", "min": -2, "max": 2}]
    every = {"track": "mood", "levels": {"-2 to -1": 1, "0-2": 2}}
    return checked_pack(mood, roll="1d6", trigger={"faces": [1]}, cadence={"every": every})


# the pack; the row's unit and repeat; when the row's check is rolled, in English and German
WHEN: list[tuple[Pack | str, int, int, str, str]] = [
    ("dungeon-turn", 1, 1, "", ""),
    (
        "tension-dice",
        1,
        1,
        "rolled when the pool holds 6 dice or more",
        "gewürfelt, wenn der Pool 6 oder mehr Würfel enthält",
    ),
    (
        checked_pack([], pool={"base": 1, "roll_at": 1}, trigger={"faces": [1]}),
        1,
        1,
        "rolled when the pool holds 1 die or more",
        "gewürfelt, wenn der Pool 1 oder mehr Würfel enthält",
    ),
    ("derelict-crawl", 3, 1, "rolled at Alert Level 3-4", "gewürfelt bei Alert Level 3-4"),
    (
        "derelict-crawl",
        6,
        1,
        "rolled at Alert Level 3-4, or on the hour at any level",
        "gewürfelt bei Alert Level 3-4, oder zur vollen Stunde bei jedem Stand",
    ),
    (
        "derelict-crawl",
        1,
        1,
        "rolled only if Alert Level's cadence has passed since the last check",
        "nur gewürfelt, wenn der Takt von Alert Level seit dem letzten Wurf verstrichen ist",
    ),
    (by_alert({"1-2": 2, "3-4": 2}), 2, 1, "rolled at any Alert Level", "gewürfelt bei jedem Stand von Alert Level"),
    (by_alert({"1": 4, "2-4": 2}), 2, 1, "rolled at Alert Level 2-4", "gewürfelt bei Alert Level 2-4"),
    (
        by_alert({"1": 4, "2-4": 2}),
        4,
        1,
        "rolled at Alert Level 2-4, or every 40 minutes at any level",
        "gewürfelt bei Alert Level 2-4, oder alle 40 Minuten bei jedem Stand",
    ),
    (
        by_alert({"1": 6, "2-3": 3, "4": 1}),
        6,
        1,
        "rolled at Alert Level 4, or every 30 minutes at Alert Level 2-3, or on the hour at any level",
        "gewürfelt bei Alert Level 4, oder alle 30 Minuten bei Alert Level 2-3, oder zur vollen Stunde bei jedem Stand",
    ),
    (
        by_alert({"1-2": 6, "3-4": 3}, first=1),
        7,
        1,
        "rolled at Alert Level 3-4, or every hour at any level",
        "gewürfelt bei Alert Level 3-4, oder jede Stunde bei jedem Stand",
    ),
    (
        by_alert({"1-2": 6, "3-4": 3}, offset=2),
        8,
        1,
        "rolled at Alert Level 3-4, or every hour at any level",
        "gewürfelt bei Alert Level 3-4, oder jede Stunde bei jedem Stand",
    ),
    (by_mood(), 1, 1, "rolled at Mood -2 to -1", "gewürfelt bei Mood -2 bis -1"),
    (
        by_mood(),
        2,
        1,
        "rolled at Mood -2 to -1, or every 20 minutes at any level",
        "gewürfelt bei Mood -2 bis -1, oder alle 20 Minuten bei jedem Stand",
    ),
    (checked_pack(roll="1d6", trigger={"faces": [1]}, cadence={"rolls": 2}), 1, 1, "roll 1 of 2", "Wurf 1 von 2"),
    (checked_pack(roll="1d6", trigger={"faces": [1]}, cadence={"rolls": 3}), 1, 3, "roll 3 of 3", "Wurf 3 von 3"),
    (
        by_alert({"1-2": 6, "3-4": 3}, rolls=2),
        3,
        2,
        "roll 2 of 2; rolled at Alert Level 3-4",
        "Wurf 2 von 2; gewürfelt bei Alert Level 3-4",
    ),
]


@pytest.mark.parametrize(("pack", "unit", "repeat", "english", "german"), WHEN)
def test_when_a_rows_check_is_rolled(pack: Pack | str, unit: int, repeat: int, english: str, german: str) -> None:
    t = table_of(pack, [row_of(unit, (4,), 4, repeat)])
    (row,) = t.rows
    assert (timetable.row_when(t, row), in_german(lambda: timetable.row_when(t, row))) == (english, german)


@pytest.mark.parametrize(
    ("baseline", "full", "quiet", "german"),
    [
        (
            {"due": False, "rolled": False, "result": None, "levels": (TrackLevel("alert", "Alert Level", 1),)},
            "not rolled (Alert Level 1); Alert Level 1",
            "not rolled (Alert Level 1)",
            "nicht gewürfelt (Alert Level 1); Alert Level 1",
        ),
        (
            {"due": False, "rolled": False, "result": None, "levels": (TrackLevel("alert", "Alert Level", 3),)},
            "not rolled (Alert Level 3); Alert Level 3",
            "not rolled (Alert Level 3); Alert Level 3",
            "nicht gewürfelt (Alert Level 3); Alert Level 3",
        ),
    ],
)
def test_a_row_whose_check_is_not_rolled_at_the_partys_level(
    baseline: dict[str, Any], full: str, quiet: str, german: str
) -> None:
    t = table_of("derelict-crawl", [row_of(3, (4,), 4, **baseline)])
    (row,) = t.rows
    said = (timetable.baseline_text(t, row), timetable.quiet_text(t, row))
    assert (*said, in_german(lambda: timetable.baseline_text(t, row))) == (full, quiet, german)


def test_a_row_whose_check_does_not_fall_due() -> None:
    t = table_of("bx-dungeon", [row_of(1, (4,), 4, due=False, rolled=False, result=None)])
    (row,) = t.rows
    assert (timetable.baseline_text(t, row), in_german(lambda: timetable.baseline_text(t, row))) == (
        "not rolled",
        "nicht gewürfelt",
    )


@pytest.mark.parametrize(
    ("when", "said"),
    [
        ("when the round ends, after the last action", "the round ends, after the last action"),
        ("When a door is forced", "a door is forced"),
        ("WHEN the bell tolls", "the bell tolls"),
        ("when", "when"),
        ("whenever it rains", "whenever it rains"),
        ("every turn", "every turn"),
        ("", ""),
    ],
)
def test_a_packs_when_after_the_label_when(when: str, said: str) -> None:
    assert timetable.when_clause(when) == said


# --- omens ----------------------------------------------------------------------------------------------------

DOOM = pack_of(
    tracks=[
        {
            "id": "doom",
            "name": "Doom",
            "max": 6,
            "levels": [
                {"at": 3, "label": "Dread", "omen": True},
                {"at": "4-5", "label": "Omen of the end", "omen": True},
                {"at": 6, "label": "OMENS"},
            ],
        }
    ]
)


@pytest.mark.parametrize(
    ("level", "text", "phrase", "german"),
    [
        (0, "Dread (Doom 3)", "omen: Dread (Doom 3)", "Omen: Dread (Doom 3)"),
        (1, "Omen of the end (Doom 4-5)", "Omen of the end (Doom 4-5)", "Omen of the end (Doom 4-5)"),
        (2, "OMENS (Doom 6)", "OMENS (Doom 6)", "OMENS (Doom 6)"),
    ],
)
def test_an_omen_reached(level: int, text: str, phrase: str, german: str) -> None:
    omen = Omen("doom", level)
    said = (timetable.omen_text(DOOM, omen), timetable.omen_phrase(DOOM, omen))
    assert (*said, in_german(lambda: timetable.omen_phrase(DOOM, omen))) == (text, phrase, german)


# --- what a timetable says of its check and its deck --------------------------------------------------------------


@pytest.mark.parametrize(
    ("pack", "roll", "note", "german"),
    [
        ("dungeon-turn", "1d6", "", ""),
        ("site-alarm", "d10", "", ""),
        ("encounter-clock", "highest d6", "", ""),
        ("tension-dice", "lowest d6", "", ""),
        (
            "encounter-reaction",
            None,
            "Encounters has no exploration check: draw from the deck when the GM calls for an encounter.",
            "Encounters hat keinen Erkundungswurf: vom Stapel ziehen, wenn der GM eine Begegnung verlangt.",
        ),
        (
            "judged",
            None,
            "Phrases has no exploration check: draw from the deck when the Judge calls for an encounter.",
            "Phrases hat keinen Erkundungswurf: vom Stapel ziehen, wenn der Judge eine Begegnung verlangt.",
        ),
    ],
)
def test_what_a_timetable_says_of_its_check(pack: str, roll: str | None, note: str, german: str) -> None:
    t = table_of(pack_of(words={"gm": "Judge"}) if pack == "judged" else pack)
    said = (timetable.timetable_roll(t), timetable.timetable_note(t))
    assert (*said, in_german(lambda: timetable.timetable_note(t))) == (roll, note, german)


@pytest.mark.parametrize(
    ("fields", "english", "german"),
    [
        (
            {"deck": (card_of(),)},
            "1 encounter, used in order, one for each check that brings one",
            "1 Begegnung, der Reihe nach genutzt, eine für jeden Wurf, der eine bringt",
        ),
        (
            {"deck": (card_of(), card_of(index=2), card_of(index=3))},
            "3 encounters, used in order, one for each check that brings one",
            "3 Begegnungen, der Reihe nach genutzt, eine für jeden Wurf, der eine bringt",
        ),
        (
            {"deck": ()},
            "no encounter deck: no site was given, and the pack has no table with id “wandering”",
            "kein Begegnungsstapel: kein Ort angegeben, und das Regelpaket hat keine Tabelle mit der Kennung "
            "„wandering“",
        ),
        (
            {"deck": (), "site_name": "The Moor"},
            "no encounter deck: the site has none, and the pack has no table with id “wandering”",
            "kein Begegnungsstapel: der Ort hat keinen, und das Regelpaket hat keine Tabelle mit der Kennung "
            "„wandering“",
        ),
    ],
)
def test_how_the_deck_is_used_or_why_there_is_none(fields: dict[str, Any], english: str, german: str) -> None:
    t = table_of("dungeon-turn", **fields)
    assert (timetable.deck_note(t), in_german(lambda: timetable.deck_note(t))) == (english, german)


def test_the_deck_names_the_table_the_pack_draws_from() -> None:
    pack = pack_of(
        tables=[
            {
                "id": "monsters",
                "name": "Monsters",
                "roll": "1d6",
                "columns": ["Who"],
                "rows": [{"roll": "1-6", "cells": ["Rats"]}],
            }
        ],
        encounter={"wandering": "monsters"},
    )
    t = table_of(pack, deck=())
    assert (
        timetable.deck_note(t) == "no encounter deck: no site was given, and the pack has no table with id “monsters”"
    )


@pytest.mark.parametrize(
    ("source", "english", "german", "french"),
    [
        (None, None, None, None),
        (
            DeckSource("The Sunken Chapel", None, "1d8"),
            "The Sunken Chapel: wandering encounters (1d8)",
            "The Sunken Chapel: Zufallsbegegnungen (1d8)",
            f"The Sunken Chapel{NNBSP}: rencontres aléatoires (1d8)",
        ),
        (
            DeckSource("Hex Crawl", "Monsters of the Moor", "1d6"),
            "Hex Crawl: Monsters of the Moor (1d6)",
            "Hex Crawl: Monsters of the Moor (1d6)",
            f"Hex Crawl{NNBSP}: Monsters of the Moor (1d6)",
        ),
    ],
)
def test_where_the_decks_cards_come_from(
    source: DeckSource | None, english: str | None, german: str | None, french: str | None
) -> None:
    t = table_of("dungeon-turn", deck_from=source)
    with using("fr"):
        said = timetable.deck_source(t)
    assert (timetable.deck_source(t), in_german(lambda: timetable.deck_source(t)), said) == (english, german, french)


@pytest.mark.parametrize(
    ("morale", "english", "german"),
    [
        (None, None, None),
        (Morale(), "roll 2d6: above Morale, the group fails", "2d6 werfen: über der Moral bricht die Gruppe"),
        (
            Morale(roll="1d20", fails="at_or_above"),
            "roll 1d20: at or above Morale, the group fails",
            "1d20 werfen: ab der Moral bricht die Gruppe",
        ),
    ],
)
def test_how_a_cards_morale_is_rolled(morale: Morale | None, english: str | None, german: str | None) -> None:
    t = table_of("dungeon-turn", morale=morale)
    assert (timetable.morale_rule(t), in_german(lambda: timetable.morale_rule(t))) == (english, german)


# --- a card of the deck ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "english", "french"),
    [
        ({"appearing_dice": "1", "appearing": 1, "appearing_faces": ()}, "1", "1"),
        ({"appearing_dice": "3", "appearing": 3, "appearing_faces": ()}, "3", "3"),
        ({"appearing_dice": "d4", "appearing": 3, "appearing_faces": (3,)}, "3 (d4)", "3 (d4)"),
        ({"appearing_dice": "1D6", "appearing": 4, "appearing_faces": (4,)}, "4 (1D6)", "4 (1D6)"),
        ({}, "5 (2d4: 1+4)", f"5 (2d4{NNBSP}: 1+4)"),
        (
            {"appearing_dice": "3d6", "appearing": 11, "appearing_faces": (2, 4, 5)},
            "11 (3d6: 2+4+5)",
            f"11 (3d6{NNBSP}: 2+4+5)",
        ),
    ],
)
def test_the_number_appearing(card: dict[str, Any], english: str, french: str) -> None:
    c = card_of(**card)
    with using("fr"):
        said = timetable.appearing_text(c)
    assert (timetable.appearing_text(c), said) == (english, french)


CLOSE = TableRoll(
    "distance", "Close", "1d6", 2, (2,), "1-2", ("Distance", "Reach"), ("Close", "Within reach of Melee Attacks")
)


@pytest.mark.parametrize(
    ("roll", "gloss", "text", "bare"),
    [
        (CLOSE, "Within reach of Melee Attacks", "Close (1d6: 2): Within reach of Melee Attacks", "Close (1d6: 2)"),
        (dataclasses.replace(CLOSE, cells=("Close",)), "", "Close (1d6: 2)", "Close (1d6: 2)"),
        (dataclasses.replace(CLOSE, cells=("Close", "")), "", "Close (1d6: 2)", "Close (1d6: 2)"),
        (
            dataclasses.replace(
                CLOSE, name="Hostile", dice="2d6", roll=3, cells=("Hostile", "", "attacks at once", "no parley")
            ),
            "attacks at once \u2014 no parley",
            "Hostile (2d6: 3): attacks at once \u2014 no parley",
            "Hostile (2d6: 3)",
        ),
    ],
)
def test_a_table_rolled_for_a_card(roll: TableRoll, gloss: str, text: str, bare: str) -> None:
    said = (
        timetable.table_roll_gloss(roll),
        timetable.table_roll_text(roll),
        timetable.table_roll_text(roll, gloss=False),
    )
    assert said == (gloss, text, bare)


def test_a_table_rolled_for_a_card_in_french() -> None:
    with using("fr"):
        said = timetable.table_roll_text(CLOSE)
    assert said == f"Close (1d6{NNBSP}: 2){NNBSP}: Within reach of Melee Attacks"


@pytest.mark.parametrize(
    ("card", "english", "german"),
    [
        ({}, None, None),
        ({"morale": 8}, "8", "8"),
        (
            {"morale": 8, "morale_roll": 8, "morale_faces": (3, 5), "morale_fails": False},
            "8; rolled 3+5 = 8, holds",
            "8; gewürfelt 3+5 = 8, hält",
        ),
        (
            {"morale": 8, "morale_roll": 9, "morale_faces": (4, 5), "morale_fails": True},
            "8; rolled 4+5 = 9, fails",
            "8; gewürfelt 4+5 = 9, bricht",
        ),
        (
            {"morale": 12, "morale_roll": 12, "morale_faces": (12,), "morale_fails": True},
            "12; rolled 12, fails",
            "12; gewürfelt 12, bricht",
        ),
        (
            {"morale_roll": 9, "morale_faces": (9,)},
            "rolled 9, compare with the stat card's Morale",
            "gewürfelt 9, mit der Moral auf der Wertekarte vergleichen",
        ),
    ],
)
def test_a_cards_morale(card: dict[str, Any], english: str | None, german: str | None) -> None:
    c = card_of(**card)
    assert (timetable.morale_text(c), in_german(lambda: timetable.morale_text(c))) == (english, german)
