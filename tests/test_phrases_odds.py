"""Exact phrases of sheetgen.words.odds and sheetgen.words.resources: each row of the odds table for odds made
here (every branch, whatever a pack gives), how a resource runs down and how long one that dice run down
lasts, in English and German."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from phrasing import in_german, pack_of

from sheetgen.engine.types import (
    CheckOdds,
    ChosenOdds,
    ExtraOdds,
    LevelOdds,
    Odds,
    OutcomeOdds,
    ResourceUse,
    RollOdds,
    RollTime,
)
from sheetgen.model.pack import Resource
from sheetgen.words import odds as words_odds
from sheetgen.words import resources

F = Fraction
NBSP = "\u00a0"


def odds_of(hours: int = 2, unit_minutes: int = 10, **fields: Any) -> Odds:
    """Odds of danger over *hours* of 10-minute turns: 1 in 4 by hour 1, 1 in 3 by hour 2 (then 1 in 2, 2 in 3 and
    so on), 0.25 expected, the first after 45 minutes; *fields* over them."""
    by_hour = tuple(F(1, 4) + F(h, 12) for h in range(hours))
    base: dict[str, Any] = {
        "pack_id": "p",
        "unit_minutes": F(unit_minutes),
        "unit": "watch" if unit_minutes == 240 else "turn",
        "hours": hours,
        "checks": (),
        "by_hour": by_hour,
        "expected_encounters": F(1, 4),
        "expected_minutes_to_first": F(45),
        "result": "danger",
    }
    return Odds(**(base | fields))


CHECKS = (
    CheckOdds(1, 3, F(30), F(1, 6), F(1, 6)),
    CheckOdds(2, 6, F(60), F(1, 12), F(5, 72), rolled=F(1, 2)),
    CheckOdds(3, 9, F(90), F(0), F(0), rolled=F(0)),
)


# --- the check's odds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "said"),
    [
        (F(45), "after 0:45 (about 45 minutes)"),
        (F(271, 3), "after 1:30:20 (about 90 minutes)"),
        (F(150), "after 2:30 (about 2.5 hours)"),
        (None, "never certain"),
    ],
)
def test_the_odds_of_the_check_row_by_row(first: Fraction | None, said: str) -> None:
    assert words_odds.odds_rows(odds_of(checks=CHECKS, expected_minutes_to_first=first)) == [
        ("Check", "Time", "Chance of danger", "First danger"),
        ("1", "0:30", "1 in 6 (16.7%)", "1 in 6 (16.7%)"),
        ("2", "1:00", "1 in 12 (8.3%), rolled 50.0%", "5/72 (6.9%)"),
        ("3", "1:30", "0.0%, rolled 0.0%", "0.0%"),
        ("By hour 1", "1:00", "at least one: 25.0%", ""),
        ("By hour 2", "2:00", "at least one: 33.3%", ""),
        ("Expected number", "2:00", "0.25 by then", ""),
        ("First expected", "", said, ""),
    ]


def test_the_odds_of_the_check_in_german() -> None:
    said = in_german(lambda: words_odds.odds_rows(odds_of(checks=CHECKS[1:2], hours=1, expected_minutes_to_first=None)))
    assert said == [
        ("Wurf", "Zeit", "Chance auf danger", "Erstes danger"),
        ("2", "1:00", f"1 zu 12 (8,3{NBSP}%), gewürfelt 50,0{NBSP}%", f"5/72 (6,9{NBSP}%)"),
        ("Bis Stunde 1", "1:00", f"mindestens eins: 25,0{NBSP}%", ""),
        ("Erwartete Anzahl", "1:00", "0,25 bis dahin", ""),
        ("Erstes erwartet", "", "nie sicher", ""),
    ]


@pytest.mark.parametrize(
    ("hours", "unit_minutes", "told"),
    [
        (1, 10, (("Stunde 1", 1),)),
        (3, 10, (("Stunde 1", 1), ("Stunde 2", 2), ("Stunde 3", 3))),
        (12, 240, (("watch 1", 4), ("watch 2", 8), ("watch 3", 12))),
        (48, 10, (("Tag 1", 24), ("Tag 2", 48))),
    ],
)
def test_the_times_the_odds_are_told_by_in_german(
    hours: int, unit_minutes: int, told: tuple[tuple[str, int], ...]
) -> None:
    odds = odds_of(hours=hours, unit_minutes=unit_minutes)
    assert in_german(lambda: words_odds.milestones(odds)) == told


@pytest.mark.parametrize(
    ("extra", "english", "german"),
    [
        (
            ExtraOdds(1, (F(1, 3), F(1, 2)), F(1, 3)),
            [
                ("With one extra roll an hour", "", "Chance of danger", "quiet baseline"),
                ("By hour 1", "1:00", "at least one: 33.3%", "25.0%"),
                ("By hour 2", "2:00", "at least one: 50.0%", "33.3%"),
                ("Expected number", "2:00", "0.33 by then", "0.25"),
            ],
            ("Mit einem Zusatzwurf pro Stunde", "", "Chance auf danger", "ruhige Gruppe"),
        ),
        (
            ExtraOdds(2, (F(2, 5), F(3, 5)), F(2, 3)),
            [
                ("With 2 extra rolls an hour", "", "Chance of danger", "quiet baseline"),
                ("By hour 1", "1:00", "at least one: 40.0%", "25.0%"),
                ("By hour 2", "2:00", "at least one: 60.0%", "33.3%"),
                ("Expected number", "2:00", "0.67 by then", "0.25"),
            ],
            ("Mit 2 Zusatzwürfen pro Stunde", "", "Chance auf danger", "ruhige Gruppe"),
        ),
    ],
)
def test_the_odds_with_extra_rolls_beside_the_quiet_baseline(
    extra: ExtraOdds, english: list[tuple[str, ...]], german: tuple[str, ...]
) -> None:
    odds = odds_of()
    assert words_odds.extra_rows(odds, extra) == english
    assert in_german(lambda: words_odds.extra_rows(odds, extra))[0] == german


# --- named outcomes, other rolls and chosen tracks ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("chances", "english", "german"),
    [
        ((), "none rolled", "kein Wurf"),
        ((F(1, 6),), "1 in 6 (16.7%)", f"1 zu 6 (16,7{NBSP}%)"),
        ((F(1, 6), F(1, 6)), "1 in 6 (16.7%)", f"1 zu 6 (16,7{NBSP}%)"),
        ((F(1, 6), F(1, 20), F(1, 12)), "5.0% to 16.7%", f"5,0{NBSP}% bis 16,7{NBSP}%"),
        ((F(0), F(0)), "0.0%", f"0,0{NBSP}%"),
        ((F(1),), "100.0%", f"100,0{NBSP}%"),
    ],
)
def test_a_chance_or_the_span_of_several(chances: tuple[Fraction, ...], english: str, german: str) -> None:
    assert (words_odds.chance_span(chances), in_german(lambda: words_odds.chance_span(chances))) == (english, german)


OUTCOMES = (
    OutcomeOdds("Spoor", (F(1, 6), F(1, 6)), (F(1, 6), F(11, 36)), F(1, 3)),
    OutcomeOdds("Ambush", (F(1, 36), F(1, 12)), (F(1, 36), F(1, 9)), F(1, 9)),
    OutcomeOdds("Never", (), (), F(0)),
)


def test_the_named_outcomes_of_the_check() -> None:
    odds = odds_of(outcomes=OUTCOMES)
    assert words_odds.outcome_rows(odds) == [
        ("Outcome: Spoor", "", "each check: 1 in 6 (16.7%)", "by 2:00: 30.6%; expected 0.33"),
        ("Outcome: Ambush", "", "each check: 2.8% to 8.3%", "by 2:00: 11.1%; expected 0.11"),
        ("Outcome: Never", "", "each check: 0.0%", "by 2:00: 0.0%; expected 0.00"),
    ]
    assert in_german(lambda: words_odds.outcome_rows(odds))[1] == (
        "Ergebnis: Ambush",
        "",
        f"jeder Wurf: 2,8{NBSP}% bis 8,3{NBSP}%",
        f"bis 2:00: 11,1{NBSP}%; erwartet 0,11",
    )


EVERY_TURN = (RollTime(1, F(10), F(1)), RollTime(2, F(20), F(1)))
ROLLS = (
    RollOdds(
        "torch",
        "Torch",
        EVERY_TURN,
        (OutcomeOdds("Torch gutters", (F(1, 6), F(1, 6)), (F(1, 6), F(11, 36), F(91, 216)), F(1, 3)),),
    ),
    RollOdds(
        "lost",
        "Getting Lost",
        (RollTime(6, F(60), F(1)),),
        (OutcomeOdds("Lost", (F(1, 6),), (F(1, 6), F(1, 6)), F(1, 6)),),
    ),
    RollOdds(
        "fatigue",
        "Fatigue",
        (RollTime(6, F(60), F(1, 2)), RollTime(12, F(120), F(1, 2))),
        (OutcomeOdds("Worn out", (F(1, 12), F(1, 24)), (F(1, 12), F(1, 8)), F(1, 6)),),
    ),
    RollOdds(
        "weather",
        "Weather",
        (RollTime(6, F(60), F(3, 4)), RollTime(12, F(120), F(1, 2))),
        (OutcomeOdds("Storm", (F(1, 8), F(1, 8)), (F(1, 8), F(7, 32)), F(1, 4)),),
    ),
    RollOdds("idle", "Idle", (), (OutcomeOdds("Nothing", (), (F(0), F(0)), F(0)),)),
)


def test_the_other_rolls_of_the_pack() -> None:
    """A roll rolled at every time it may be is rolled so many times; one rolled at some only by a track's level
    is rolled an expected number of times, even where that number is whole."""
    assert words_odds.roll_rows(odds_of(rolls=ROLLS)) == [
        ("Roll: Torch", "2:00", "rolled 2 times", ""),
        (
            "  Torch gutters",
            "",
            "each roll: 1 in 6 (16.7%)",
            "at least once by hour 1 16.7%, hour 2 30.6%; expected 0.33",
        ),
        ("Roll: Getting Lost", "2:00", "rolled 1 time", ""),
        ("  Lost", "", "each roll: 1 in 6 (16.7%)", "at least once by hour 1 16.7%, hour 2 16.7%; expected 0.17"),
        ("Roll: Fatigue", "2:00", "rolled 1.00 expected times", ""),
        ("  Worn out", "", "each roll: 8.3% to 16.7%", "at least once by hour 1 8.3%, hour 2 12.5%; expected 0.17"),
        ("Roll: Weather", "2:00", "rolled 1.25 expected times", ""),
        ("  Storm", "", "each roll: 16.7% to 25.0%", "at least once by hour 1 12.5%, hour 2 21.9%; expected 0.25"),
        ("Roll: Idle", "2:00", "rolled 0 times", ""),
        ("  Nothing", "", "each roll: none rolled", "at least once by hour 1 0.0%, hour 2 0.0%; expected 0.00"),
    ]


def test_the_other_rolls_of_the_pack_in_german() -> None:
    said = in_german(lambda: words_odds.roll_rows(odds_of(rolls=ROLLS[:3])))
    assert [row[2] for row in said[::2]] == ["2-mal gewürfelt", "1-mal gewürfelt", "erwartet 1,00-mal gewürfelt"]
    assert said[:2] == [
        ("Wurf: Torch", "2:00", "2-mal gewürfelt", ""),
        (
            "  Torch gutters",
            "",
            f"jeder Wurf: 1 zu 6 (16,7{NBSP}%)",
            f"mindestens einmal bis Stunde 1 16,7{NBSP}%, Stunde 2 30,6{NBSP}%; erwartet 0,33",
        ),
    ]


TERRAIN = ChosenOdds(
    "terrain",
    "Terrain",
    (
        LevelOdds(1, "Road", (F(1, 6),), F(11, 36), F(1, 3)),
        LevelOdds(2, None, (F(1, 3), F(1, 6)), F(5, 9), F(2, 3)),
        LevelOdds(3, "Forest (2 in 6)", (), F(0), F(0)),
    ),
)


@pytest.mark.parametrize(
    ("level", "said"),
    [
        (TERRAIN.levels[0], "1 Road"),
        (TERRAIN.levels[1], "2"),
        (TERRAIN.levels[2], "3 Forest (2 in 6)"),
        (LevelOdds(-1, "Grim", (), F(0), F(0)), "-1 Grim"),
    ],
)
def test_a_level_of_a_chosen_track(level: LevelOdds, said: str) -> None:
    assert words_odds.level_name(level) == said


def test_the_odds_at_each_level_of_a_chosen_track() -> None:
    odds = odds_of(chosen=(TERRAIN,))
    assert words_odds.chosen_rows(odds) == [
        ("Terrain 1 Road", "", "each check: 1 in 6 (16.7%)", "by 2:00: 30.6%; expected 0.33"),
        ("Terrain 2", "", "each check: 16.7% to 33.3%", "by 2:00: 55.6%; expected 0.67"),
        ("Terrain 3 Forest (2 in 6)", "", "each check: none rolled", "by 2:00: 0.0%; expected 0.00"),
    ]
    assert in_german(lambda: words_odds.chosen_rows(odds))[1] == (
        "Terrain 2",
        "",
        f"jeder Wurf: 16,7{NBSP}% bis 33,3{NBSP}%",
        f"bis 2:00: 55,6{NBSP}%; erwartet 0,67",
    )


# --- resources ------------------------------------------------------------------------------------------------


BOXES_USED: list[tuple[ResourceUse, str, str]] = [  # the use within 2 hours of 10-minute turns; in English, German
    (
        ResourceUse("torch", "Torch", 1, 1, F(0), out_units=F(1)),
        "1 box; out at 0:10",
        "das 1 Kästchen; leer um 0:10",
    ),
    (
        ResourceUse("torch", "Torch", 6, 6, F(0), out_units=F(6)),
        "all 6 boxes; out at 1:00",
        "alle 6 Kästchen; leer um 1:00",
    ),
    (
        ResourceUse("torch", "Torch", 6, 6, F(0), out_units=F(12)),
        "all 6 boxes; out at 2:00",
        "alle 6 Kästchen; leer um 2:00",
    ),
    (
        ResourceUse("torch", "Torch", 6, 6, F(0), out_units=F(13)),
        "boxes used: all 6 by its rate",
        "verbrauchte Kästchen: alle 6 nach der Rate",
    ),
    (
        ResourceUse("oil", "Lantern oil", 24, 12, F(0)),
        "boxes used: 12 by its rate",
        "verbrauchte Kästchen: 12 nach der Rate",
    ),
    (ResourceUse("oil", "Lantern oil", 24, 0, F(0)), "boxes used: none", "verbrauchte Kästchen: keine"),
    (
        ResourceUse("torches", "Torches", 6, 0, F(2)),
        "boxes used: 2.00 expected from outcomes",
        "verbrauchte Kästchen: 2,00 erwartet durch Ergebnisse",
    ),
    (
        ResourceUse("torches", "Torches", 6, 6, F(1, 3), out_units=F(6)),
        "boxes used: all 6 by its rate + 0.33 expected from outcomes",
        "verbrauchte Kästchen: alle 6 nach der Rate + 0,33 erwartet durch Ergebnisse",
    ),
    (
        ResourceUse("rations", "Rations", 4, 0, F(0), by_rolls=F(2, 3), rolled=True, by_dice=True, out_units=F(6)),
        "boxes used: 0.67 expected by the dice",
        "verbrauchte Kästchen: 0,67 erwartet durch die Würfel",
    ),
    (
        ResourceUse("rations", "Rations", 4, 2, F(1, 3), by_rolls=F(2, 3), rolled=True, by_dice=True),
        "boxes used: 2 by its rate + 0.67 expected by the dice + 0.33 expected from outcomes",
        "verbrauchte Kästchen: 2 nach der Rate + 0,67 erwartet durch die Würfel + 0,33 erwartet durch Ergebnisse",
    ),
]


@pytest.mark.parametrize(("use", "english", "german"), BOXES_USED)
def test_the_boxes_a_quiet_party_uses(use: ResourceUse, english: str, german: str) -> None:
    odds = odds_of()
    assert (words_odds.boxes_used(odds, use), in_german(lambda: words_odds.boxes_used(odds, use))) == (english, german)


RATIONS = ResourceUse(
    "rations",
    "Rations",
    4,
    0,
    F(0),
    by_rolls=F(2, 3),
    gone_by_hour=(F(0), F(1, 10), F(1, 2)),
    lasts_units=F(84),
    rolled=True,
    by_dice=True,
)
LANTERN = ResourceUse(
    "lantern",
    "Lantern",
    3,
    0,
    F(0),
    by_rolls=F(2),
    gone_by_hour=(F(0), F(1, 8), F(1, 2)),
    lasts_units=F(9),
    out_units=F(19),
    after="torch",
    rolled=True,
    by_dice=True,
)
ENDLESS = ResourceUse(
    "lantern",
    "Lantern",
    3,
    0,
    F(0),
    by_rolls=F(2),
    gone_by_hour=(F(0), F(1, 8), F(1, 2)),
    after="torch",
    rolled=True,
    by_dice=True,
)
TORCH = ResourceUse("torch", "Torch", 6, 6, F(0), out_units=F(6))

GONE = [
    ("Rations gone by hour 1", "1:00", "0.0%", ""),
    ("Rations gone by hour 2", "2:00", "10.0%", ""),
    ("Rations gone by hour 3", "3:00", "50.0%", ""),
]


@pytest.mark.parametrize(
    ("use", "said"),
    [
        (TORCH, []),
        (ResourceUse("r", "Rations", 4, 0, F(0), by_dice=True), []),
        (RATIONS, [*GONE, ("Rations lasts", "", "14:00 on average (about 14 hours)", "")]),
        (
            LANTERN,
            [
                ("Lantern gone by hour 1", "1:00", "0.0%", ""),
                ("Lantern gone by hour 2", "2:00", "12.5%", ""),
                ("Lantern gone by hour 3", "3:00", "50.0%", ""),
                (
                    "Lantern lasts",
                    "",
                    "1:30 on average (about 90 minutes) once lit",
                    "gone after 3:10 on average (about 3.2 hours)",
                ),
            ],
        ),
        (
            ENDLESS,
            [
                ("Lantern gone by hour 1", "1:00", "0.0%", ""),
                ("Lantern gone by hour 2", "2:00", "12.5%", ""),
                ("Lantern gone by hour 3", "3:00", "50.0%", ""),
                ("Lantern lasts", "", "no end once lit", ""),
            ],
        ),
    ],
)
def test_how_long_a_resource_that_dice_run_down_lasts(use: ResourceUse, said: list[tuple[str, ...]]) -> None:
    assert words_odds.resource_odds_rows(odds_of(hours=3), use) == said


def test_how_long_a_resource_lasts_in_german() -> None:
    odds = odds_of(hours=3)
    assert in_german(lambda: words_odds.resource_odds_rows(odds, LANTERN)[1:]) == [
        ("Lantern aufgebraucht bis Stunde 2", "2:00", f"12,5{NBSP}%", ""),
        ("Lantern aufgebraucht bis Stunde 3", "3:00", f"50,0{NBSP}%", ""),
        (
            "Lantern hält",
            "",
            "1:30 im Schnitt (etwa 90 Minuten) ab dem Anzünden",
            "aufgebraucht nach 3:10 im Schnitt (etwa 3,2 Stunden)",
        ),
    ]
    assert in_german(lambda: words_odds.resource_odds_rows(odds, ENDLESS)[-1]) == (
        "Lantern hält",
        "",
        "kein Ende ab dem Anzünden",
        "",
    )


def test_the_rows_of_each_resource() -> None:
    odds = odds_of(hours=3, resources=(TORCH, RATIONS))
    assert words_odds.resource_rows(odds) == [
        ("Resource: Torch", "3:00", "all 6 boxes; out at 1:00", "6 to a full Torch"),
        ("Resource: Rations", "3:00", "boxes used: 0.67 expected by the dice", "4 to a full Rations"),
        *GONE,
        ("Rations lasts", "", "14:00 on average (about 14 hours)", ""),
    ]
    assert in_german(lambda: words_odds.resource_rows(odds)[0]) == (
        "Vorrat: Torch",
        "3:00",
        "alle 6 Kästchen; leer um 1:00",
        "6 für vollen Vorrat Torch",
    )


def test_the_rows_the_odds_table_gains_from_the_newer_mechanics() -> None:
    odds = odds_of(hours=3, outcomes=OUTCOMES[:1], rolls=ROLLS[:1], chosen=(TERRAIN,), resources=(TORCH,))
    assert words_odds.mechanics_rows(odds) == [
        ("Outcome: Spoor", "", "each check: 1 in 6 (16.7%)", "by 3:00: 30.6%; expected 0.33"),
        ("Roll: Torch", "3:00", "rolled 2 times", ""),
        (
            "  Torch gutters",
            "",
            "each roll: 1 in 6 (16.7%)",
            "at least once by hour 1 16.7%, hour 2 30.6%, hour 3 42.1%; expected 0.33",
        ),
        ("Terrain 1 Road", "", "each check: 1 in 6 (16.7%)", "by 3:00: 30.6%; expected 0.33"),
        ("Terrain 2", "", "each check: 16.7% to 33.3%", "by 3:00: 55.6%; expected 0.67"),
        ("Terrain 3 Forest (2 in 6)", "", "each check: none rolled", "by 3:00: 0.0%; expected 0.00"),
        ("Resource: Torch", "3:00", "all 6 boxes; out at 1:00", "6 to a full Torch"),
    ]
    assert words_odds.mechanics_rows(odds_of()) == []


@pytest.mark.parametrize(
    ("hours", "use", "english", "german"),
    [
        (3, TORCH, "", ""),
        (3, ResourceUse("r", "Rations", 4, 0, F(0), by_dice=True), "", ""),
        (
            3,
            RATIONS,
            "Lasts about 14 hours on average; gone by 1:00: 0.0%, by 2:00: 10.0%, by 3:00: 50.0%",
            f"Hält im Mittel etwa 14 Stunden; aufgebraucht bis 1:00: 0,0{NBSP}%, bis 2:00: 10,0{NBSP}%, bis 3:00: "
            f"50,0{NBSP}%",
        ),
        (
            3,
            LANTERN,
            "Lasts about 90 minutes on average once lit; gone by 1:00: 0.0%, by 2:00: 12.5%, by 3:00: 50.0%",
            f"Hält angezündet im Mittel etwa 90 Minuten; aufgebraucht bis 1:00: 0,0{NBSP}%, bis 2:00: 12,5{NBSP}%, "
            f"bis 3:00: 50,0{NBSP}%",
        ),
        (
            3,
            ENDLESS,
            "gone by 1:00: 0.0%, by 2:00: 12.5%, by 3:00: 50.0%",
            f"aufgebraucht bis 1:00: 0,0{NBSP}%, bis 2:00: 12,5{NBSP}%, bis 3:00: 50,0{NBSP}%",
        ),
        (
            1,
            ResourceUse("r", "Rations", 4, 0, F(0), gone_by_hour=(F(1, 4),), lasts_units=F(3), by_dice=True),
            "Lasts about 30 minutes on average; gone by 1:00: 25.0%",
            f"Hält im Mittel etwa 30 Minuten; aufgebraucht bis 1:00: 25,0{NBSP}%",
        ),
        (
            2,
            ResourceUse("r", "Rations", 4, 0, F(0), gone_by_hour=(F(1, 4), F(1, 2)), lasts_units=F(1), by_dice=True),
            "Lasts about 10 minutes on average; gone by 1:00: 25.0%, by 2:00: 50.0%",
            f"Hält im Mittel etwa 10 Minuten; aufgebraucht bis 1:00: 25,0{NBSP}%, bis 2:00: 50,0{NBSP}%",
        ),
        (
            4,
            ResourceUse("r", "Rations", 4, 0, F(0), gone_by_hour=(F(1, 8), F(1, 4), F(3, 8), F(1, 2)), by_dice=True),
            "gone by 1:00: 12.5%, by 3:00: 37.5%, by 4:00: 50.0%",
            f"aufgebraucht bis 1:00: 12,5{NBSP}%, bis 3:00: 37,5{NBSP}%, bis 4:00: 50,0{NBSP}%",
        ),
    ],
)
def test_how_long_a_resource_lasts_on_the_reference(hours: int, use: ResourceUse, english: str, german: str) -> None:
    odds = odds_of(hours=hours)
    assert (resources.lasting_text(odds, use), in_german(lambda: resources.lasting_text(odds, use))) == (
        english,
        german,
    )


RESOURCES: list[tuple[dict[str, Any], str, str]] = [  # the resource; how it runs down in English and German
    ({"id": "rations", "name": "Rations"}, "", ""),
    ({"id": "torch", "name": "Torch", "every": 1}, "1 box every turn", "1 Kästchen je turn"),
    ({"id": "oil", "name": "Lantern oil", "every": 6, "use": 2}, "2 boxes every 6 turns", "2 Kästchen alle 6 turns"),
    (
        {"id": "torch", "name": "Torch", "every": 1, "dice": ["d6", "d4"]},
        "roll its die every turn: on 1-2 down a die (d6, d4, then gone)",
        "den Würfel je turn werfen: bei 1-2 einen Würfel kleiner (d6, d4, dann aufgebraucht)",
    ),
    (
        {"id": "oil", "name": "Lantern oil", "every": 3, "dice": ["d8", "d6", "d4"], "on": 1},
        "roll its die every 3 turns: on 1 down a die (d8, d6, d4, then gone)",
        "den Würfel alle 3 turns werfen: bei 1 einen Würfel kleiner (d8, d6, d4, dann aufgebraucht)",
    ),
    (
        {"id": "rations", "name": "Rations", "every": 6, "chance": {"roll": "1d6", "on": "1-3"}},
        "roll 1d6 every 6 turns: 1 box on 1-3",
        "1d6 alle 6 turns werfen: 1 Kästchen bei 1-3",
    ),
    (
        {"id": "rations", "name": "Rations", "every": 1, "use": 2, "chance": {"roll": "1d20", "on": 1}},
        "roll 1d20 every turn: 2 boxes on 1",
        "1d20 je turn werfen: 2 Kästchen bei 1",
    ),
    (
        {"id": "lantern", "name": "Lantern", "every": 1, "after": "torch"},
        "when Torch is out, 1 box every turn",
        "wenn Torch aus ist, 1 Kästchen je turn",
    ),
    (
        {"id": "lantern", "name": "Lantern", "every": 2, "after": "torch", "dice": ["d8", "d6"]},
        "when Torch is out, roll its die every 2 turns: on 1-2 down a die (d8, d6, then gone)",
        "wenn Torch aus ist, den Würfel alle 2 turns werfen: bei 1-2 einen Würfel kleiner (d8, d6, dann aufgebraucht)",
    ),
]


@pytest.mark.parametrize(("resource", "english", "german"), RESOURCES)
def test_how_a_resource_runs_down(resource: dict[str, Any], english: str, german: str) -> None:
    torch = {"id": "torch", "name": "Torch", "every": 1}
    pack = pack_of(resources=[resource] if resource["id"] == "torch" else [torch, resource])
    r = next(r for r in pack.resources if r.id == resource["id"])
    assert (resources.running_down(pack, r), in_german(lambda: resources.running_down(pack, r))) == (english, german)


@pytest.mark.parametrize(
    ("resource", "english", "german"),
    [
        ({"every": 1}, "a box of Lantern oil is used", "ein Kästchen Lantern oil wird verbraucht"),
        ({}, "a box of Lantern oil is used", "ein Kästchen Lantern oil wird verbraucht"),
        ({"every": 1, "dice": ["d8", "d6"]}, "roll for Lantern oil", "für Lantern oil würfeln"),
        ({"every": 6, "chance": {"roll": "1d6", "on": 1}}, "roll for Lantern oil", "für Lantern oil würfeln"),
    ],
)
def test_what_a_resources_mark_on_the_turns_grid_means(resource: dict[str, Any], english: str, german: str) -> None:
    r = Resource.model_validate({"id": "oil", "name": "Lantern oil", **resource})
    assert (resources.rate_due_phrase(r), in_german(lambda: resources.rate_due_phrase(r))) == (english, german)
