"""Exact phrases: what each of sheetgen.words says for given values and for every built-in pack, word for
word, as a proofreader would check them. A wrong word said the same way on every sheet fails here."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen import words
from sheetgen.cli import cli
from sheetgen.engine.timetable import build_timetable
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.model.pack import Pattern
from sheetgen.words import checks, language, mechanics, numbers, resources

F = Fraction
PACKS_DIR = Path(__file__).parent / "data" / "packs"

CLOCKS = {  # seconds: clock, duration, short duration, every
    1: ("0:00:01", "1 second", "1 s", "every second"),
    59: ("0:00:59", "59 seconds", "59 s", "every 59 seconds"),
    60: ("0:01", "1 minute", "1 min", "every minute"),
    61: ("0:01:01", "1 minute 1 second", "1 min 1 s", "every 1 minute 1 second"),
    600: ("0:10", "10 minutes", "10 min", "every 10 minutes"),
    3599: ("0:59:59", "59 minutes 59 seconds", "59 min 59 s", "every 59 minutes 59 seconds"),
    3600: ("1:00", "1 hour", "1 hr", "every hour"),
    3660: ("1:01", "1 hour 1 minute", "1 hr 1 min", "every 1 hour 1 minute"),
    5400: ("1:30", "1 hour 30 minutes", "1 hr 30 min", "every 1 hour 30 minutes"),
    86400: ("24:00", "1 day", "24 hr", "every day"),
    90000: ("25:00", "25 hours", "25 hr", "every 25 hours"),
    172800: ("48:00", "2 days", "48 hr", "every 2 days"),
}


@pytest.mark.parametrize("seconds", sorted(CLOCKS))
def test_times_and_durations(seconds: int) -> None:
    said = (
        numbers.clock(seconds),
        numbers.duration(seconds),
        numbers.duration(seconds, short=True),
        numbers.every(seconds),
    )
    assert said == CLOCKS[seconds]


@pytest.mark.parametrize(
    ("minutes", "said"),
    [
        (F(0), "under a minute"),
        (F(2, 5), "under a minute"),
        (F(3, 5), "about 1 minute"),
        (F(1), "about 1 minute"),
        (F(5), "about 5 minutes"),
        (F(119), "about 119 minutes"),
        (F(120), "about 2 hours"),
        (F(150), "about 2.5 hours"),
        (F(1441), "about 24 hours"),
    ],
)
def test_an_expected_wait(minutes: Fraction, said: str) -> None:
    assert numbers.about(minutes) == said


@pytest.mark.parametrize(
    ("p", "pct", "chance"),
    [
        (F(0), "0.0%", "0.0%"),
        (F(1, 2000), "under 0.1%", "under 0.1%"),
        (F(1, 1000), "0.1%", "1 in 1000 (0.1%)"),
        (F(1, 6), "16.7%", "1 in 6 (16.7%)"),
        (F(1, 2), "50.0%", "1 in 2 (50.0%)"),
        (F(5, 6), "83.3%", "5/6 (83.3%)"),
        (F(5, 36), "13.9%", "5/36 (13.9%)"),
        (F(999, 1000), "99.9%", "99.9%"),
        (F(9999, 10000), "over 99.9%", "over 99.9%"),
        (F(1), "100.0%", "100.0%"),
    ],
)
def test_percentages_and_chances(p: Fraction, pct: str, chance: str) -> None:
    assert (numbers.percent(p), numbers.chance(p)) == (pct, chance)


def test_signs_spans_and_faces() -> None:
    assert [numbers.signed(b) for b in (0, 1, -1, 3, "1d4")] == ["+0", "+1", "\u22121", "+3", "+1d4"]
    assert [numbers.signed(b, "down") for b in (1, -1, "1d4")] == ["\u22121", "+1", "\u22121d4"]
    assert [numbers.level_span(v) for v in ([1], [1, 2], [1, 2, 3], [1, 3], [1, 2, 4, 5], [2, 3, 4, 6])] == [
        "1",
        "1-2",
        "1-3",
        "1 or 3",
        "1-2 or 4-5",
        "2-4 or 6",
    ]
    assert [numbers.levels_phrase(h, 1, 6) for h in ([1], [6], [5, 6], [1, 2, 3, 4, 5, 6], [2, 4])] == [
        "1",
        "6",
        "5 or more",
        "1 or more",
        "2 or 4",
    ]
    assert [numbers.faces_text(f, sum(f)) for f in ((6,), (1, 2), (1, 3, 5))] == ["6", "1+2 = 3", "1+3+5 = 9"]


PACKS: dict[str, dict[str, str]] = {
    "bx-dungeon": {
        "unit": "A turn lasts 10 minutes.",
        "check": "1d6: wandering monster on a 1; every 2 turns (20 minutes)",
        "dice": "1d6",
        "after": "",
        "resource torch-1": "1 box every turn",
        "resource torch-2": "when Torch 1 is out, 1 box every turn",
        "resource lantern-oil": "1 box every 6 turns",
    },
    "danger-rounds": {
        "unit": "A crawling round lasts 10 minutes.",
        "check": "1d6: encounter on a 1; every 3 crawling rounds (30 minutes) at Danger Level 1, every 2 crawling "
        "rounds (20 minutes) at Danger Level 2 and every crawling round (10 minutes) at Danger Level 3",
        "dice": "1d6",
        "after": "",
        "resource torch-1": "1 box every crawling round",
        "resource torch-2": "when Torch 1 is out, 1 box every crawling round",
        "resource torch-3": "when Torch 2 is out, 1 box every crawling round",
    },
    "derelict-crawl": {
        "unit": "A round lasts 10 minutes.",
        "check": "1d6: random encounter on a 6 at Alert Level 1-3 and on 5-6 at Alert Level 4; every 6 rounds "
        "(1 hour) at Alert Level 1-2 and every 3 rounds (30 minutes) at Alert Level 3-4",
        "dice": "1d6",
        "after": "",
    },
    "dungeon-turn": {
        "unit": "A dungeon turn lasts 10 minutes.",
        "check": "1d6 + Escalation: danger on a total of 6 or higher; every dungeon turn (10 minutes)",
        "dice": "1d6 + Escalation",
        "after": "Escalation returns to 0",
        "resource torch": "1 box every dungeon turn",
    },
    "encounter-clock": {
        "unit": "A dungeon round lasts 10 minutes.",
        "check": "highest die of a pool of d6: encounter when the Encounter Clock is full (6); every dungeon round "
        "(10 minutes)",
        "dice": "d6, plus one d6 for each mark of Loud Noise, Stolen Coin, Round in the same room, Discarded Supply "
        "and Limited scout check; the highest die counts",
        "after": "Encounter Clock returns to 0; every tally mark is cleared",
        "pool": "take the first N dice, N = the dice in the pool (1 + one per mark of Loud Noise, Stolen Coin, "
        "Round in the same room, Discarded Supply and Limited scout check); highest die: 1-3 no advance, "
        "4-5 +1 segment, 6 +2 segments on Encounter Clock; encounter when the Encounter Clock is full (6)",
    },
    "encounter-reaction": {
        "unit": "A Round lasts 10 seconds.",
    },
    "site-alarm": {
        "unit": "An exploration round lasts 30 minutes, 3 actions.",
        "check": "d10: immediate random encounter on a result at or below the Alarm value; every exploration round "
        "(30 minutes)",
        "dice": "d10",
        "after": "Alarm returns to 0",
    },
    "tension-dice": {
        "unit": "A turn lasts 10 minutes.",
        "check": "lowest die of a pool of d6: complication on a 1; when the pool holds 6 dice (every 6 turns for a "
        "quiet party)",
        "dice": "one d6 for each mark of Turn die and Extra die; rolled when the pool holds 6 dice, then emptied; "
        "at most 6 dice; the lowest die counts",
        "after": "",
        "pool": "take the first N dice, N = the dice in the pool (one per mark of Turn die and Extra die); lowest "
        "die: complication on a 1",
        "resource torch": "1 box every turn",
    },
    "usage-dice": {
        "unit": "A turn lasts 10 minutes.",
        "check": "1d6: wandering encounter on a 1; every 3 turns (30 minutes)",
        "dice": "1d6",
        "after": "",
        "resource torch-1": "roll its die every turn: on 1-2 down a die (d6, d4, then gone)",
        "resource torch-2": "when Torch 1 is out, roll its die every turn: on 1-2 down a die (d6, d4, then gone)",
        "resource lantern": "when Torch 2 is out, roll its die every turn: on 1-2 down a die (d8, d6, d4, then gone)",
        "resource rations": "roll its die every 6 turns: on 1-2 down a die (d10, d8, d6, d4, then gone)",
    },
    "wilderness-watches": {
        "unit": "A watch lasts 4 hours.",
        "check": "1d6: encounter on a 1 at Terrain 1-2, on 1-2 at Terrain 3-4 and on 1-3 at Terrain 5-6; every "
        "watch (4 hours)",
        "dice": "1d6",
        "after": "",
        "roll lost": "1d6: Lost on a 1; every 6 watches (1 day); the first at the end of watch 1",
        "roll weather": "2d6: Storm on 2-3, Rain on 4-5, Fair on 6-9, Wind on 10-11 and Fog on a 12; every 6 watches "
        "(1 day); the first at the end of watch 1",
        "resource rations": "1 box every 6 watches",
    },
}


def test_every_built_in_pack_is_in_the_table() -> None:
    assert sorted(PACKS) == sorted(builtin_pack_ids())


@pytest.mark.parametrize("pack_id", sorted(PACKS))
def test_the_rules_of_each_built_in_pack_in_words(pack_id: str) -> None:
    pack = load_pack(pack_id)
    said = {"unit": numbers.unit_sentence(pack)}
    if pack.check is not None:
        said |= {
            "check": words.check_sentence(pack),
            "dice": words.dice_text(pack, pack.check),
            "after": words.after_text(pack, pack.check),
        }
        if pack.check.pool is not None:
            said["pool"] = words.pool_rule(pack)
    said |= {f"roll {roll.id}": words.roll_sentence(pack, roll) for roll in pack.rolls}
    said |= {f"resource {r.id}": text for r in pack.resources if (text := resources.running_down(pack, r))}
    assert said == PACKS[pack_id]


def test_the_rows_of_a_pre_rolled_hour_in_words() -> None:
    loaded = load_site("the-sunken-chapel")
    t = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=1, seed=2026)
    rows = [
        (
            words.row_clock(t, row),
            words.row_rule(t, row),
            words.row_when(t, row),
            words.baseline_text(t, row),
            words.quiet_text(t, row),
        )
        for row in t.rows
    ]
    assert rows == [
        ("0:10", "1d6 = 1: danger if Escalation is 5", "", "no danger; Escalation 0", ""),
        ("0:20", "1d6 = 3: danger if Escalation is 3 or more", "", "no danger; Escalation 0", ""),
        ("0:30", "1d6 = 5: danger if Escalation is 1 or more", "", "no danger; Escalation 0", ""),
        ("0:40", "1d6 = 5: danger if Escalation is 1 or more", "", "no danger; Escalation 0", ""),
        ("0:50", "1d6 = 6: danger", "", "danger; Escalation 0", "danger; Escalation 0"),
        (
            "1:00",
            "1d6 = 1: danger if Escalation is 5",
            "",
            "no danger; Escalation 0; Torch out at 1:00",
            "Torch out at 1:00",
        ),
    ]
    assert words.deck_note(t) == "4 encounters, used in order, one for each check that brings one"
    assert words.morale_rule(t) == "roll 2d6: above Morale, the group fails"
    assert words.deck_source(t) == "The Sunken Chapel: wandering encounters (1d8)"


def test_lists_and_decimals() -> None:
    assert [numbers.or_list(p) for p in (["a"], ["a", "b"], ["a", "b", "c"])] == ["a", "a or b", "a, b or c"]
    assert [numbers.and_list(p) for p in (["a"], ["a", "b"], ["a", "b", "c"])] == ["a", "a and b", "a, b and c"]
    assert (language.decimal(2.5), language.decimal(2.256, 2), language.decimal(3.4, 0)) == ("2.5", "2.26", "3")
    with language.using("de"):
        said = (
            language.decimal(2.5),
            language.decimal(2.456),
            language.decimal(2.25, 2),
            language.decimal(3.0, 0),
            language.percent_number(66.5),
        )
    assert said == ("2,5", "2,5", "2,25", "3", "66,5\u00a0%")


def test_the_units_a_cadence_falls_at() -> None:
    pack = load_pack("dungeon-turn")
    cadences: list[tuple[list[int], int | None]] = [([], None), ([3], None), ([1, 4, 9], 6)]
    assert [checks.at_units_text(pack, units, repeat) for units, repeat in cadences] == [
        "never",
        "at dungeon turn 3",
        "at dungeon turns 1, 4 and 9 of every 6",
    ]


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"doubles": "any"}, "doubles"),
        ({"doubles": 6}, "double 6s"),
        ({"any": 1}, "a 1 on any die"),
        ({"any": 8}, "an 8 on any die"),
        ({"any": "5-6"}, "5-6 on any die"),
        ({"die": {"red": 1}}, "red 1"),
        ({"die": {"red": "1-2", "blue": 6}}, "red 1-2 and blue 6"),
        ({"count": {"faces": "5-6"}}, "1 die or more showing 5-6"),
        ({"count": {"faces": 6, "at_least": 2}}, "2 or more dice showing 6"),
        ({"total": "10-12"}, "a total of 10-12"),
        ({"doubles": "any", "total": 7}, "doubles and a total of 7"),
    ],
)
def test_what_a_pattern_of_the_dice_looks_for(fields: dict[str, object], said: str) -> None:
    check = load_pack("dungeon-turn").check
    assert check is not None
    assert checks.pattern_text(check, Pattern.model_validate(fields)) == said


def test_what_another_roll_is_read_from() -> None:
    pooled = load_pack(str(PACKS_DIR / "pooled-rolls.yaml"))
    watches = load_pack("wilderness-watches")
    assert [checks.roll_read_name(r) for r in (*pooled.rolls, *watches.rolls)] == [
        "highest die",
        "dice showing 5-6",
        None,
        None,
    ]


def test_another_rolls_dice_and_what_its_outcomes_move() -> None:
    pack = load_pack(str(PACKS_DIR / "travel-watches.yaml"))
    assert [checks.roll_dice(pack, roll) for roll in pack.rolls] == ["2d6", "1d6 + Lost"]
    assert [
        mechanics.effect_phrase(pack, effect)
        for roll in pack.rolls
        for outcome in roll.outcomes
        for effect in outcome.effects
    ] == ["Weariness +1", "Weariness −1", "Lost +1", "Lost back to 0"]
    # the first named outcome (index 0) has its effects; -1 is a row with none rolled
    assert [mechanics.outcome_effect_phrases(pack, i, 1, None) for i in (0, -1)] == [["Weariness +1"], []]
    assert [mechanics.outcome_phrase(pack, "Storm", e) for e in ([], ["Weariness +1", "Lost +1"])] == [
        "Storm",
        "Storm: Weariness +1, Lost +1",
    ]


@pytest.mark.parametrize(
    ("pack_id", "said"),
    [
        ("wilderness-watches", ["for 6 watches"] * 10),
        ("pooled-rolls.yaml", ["Dread +1"] * 2),
        ("several-rolls.yaml", ["Torches −1 box"] * 2 + ["Fatigue +1"] * 2 + ["Noise +1"] * 2 + ["Fatigue +1"] * 2),
        ("wandering-dice.yaml", ["foretells the next encounter", "foretells encounter 2"]),
    ],
)
def test_what_each_named_outcome_does(pack_id: str, said: list[str]) -> None:
    """Each effect of each named outcome, said without a card and with card 2."""
    pack = load_pack(str(PACKS_DIR / pack_id) if pack_id.endswith(".yaml") else pack_id)
    assert [
        mechanics.effect_phrase(pack, effect, card=card)
        for outcome in pack.all_outcomes
        for effect in outcome.effects
        for card in (None, 2)
    ] == said


def test_the_note_beside_a_pools_boxes() -> None:
    assert mechanics.pool_rule_note(load_pack("tension-dice")) == "tick a box per die; roll when it holds 6"


def test_a_capital_first_letter() -> None:
    assert language.capitalised("a dungeon TURN") == "A dungeon turn"
    with language.using("de"):
        assert language.capitalised("würfel ABC") == "Würfel ABC"


ODDS_TABLES: dict[tuple[str, ...], list[str]] = {  # `sheetgen odds`: each line's cells, two spaces apart
    ("wilderness-watches", "--days", "2"): [
        "Check | Time | Chance of encounter | First encounter",
        "1 | 4:00 | 1 in 6 (16.7%) | 1 in 6 (16.7%)",
        "2 | 8:00 | 1 in 6 (16.7%) | 5/36 (13.9%)",
        "3 | 12:00 | 1 in 6 (16.7%) | 11.6%",
        "4 | 16:00 | 1 in 6 (16.7%) | 9.6%",
        "5 | 20:00 | 1 in 6 (16.7%) | 8.0%",
        "6 | 24:00 | 1 in 6 (16.7%) | 6.7%",
        "7 | 28:00 | 1 in 6 (16.7%) | 5.6%",
        "8 | 32:00 | 1 in 6 (16.7%) | 4.7%",
        "9 | 36:00 | 1 in 6 (16.7%) | 3.9%",
        "10 | 40:00 | 1 in 6 (16.7%) | 3.2%",
        "11 | 44:00 | 1 in 6 (16.7%) | 2.7%",
        "12 | 48:00 | 1 in 6 (16.7%) | 2.2%",
        "By day 1 | 24:00 | at least one: 66.5%",
        "By day 2 | 48:00 | at least one: 88.8%",
        "Expected number | 48:00 | 2.00 by then",
        "First expected | after 24:00 (about 24 hours)",
        "Roll: Getting Lost | 48:00 | rolled 2 times",
        "Lost | each roll: 1 in 6 (16.7%) | at least once by day 1 16.7%, day 2 30.6%; expected 0.33",
        "Roll: Weather | 48:00 | rolled 2 times",
        "Storm | each roll: 1 in 12 (8.3%) | at least once by day 1 8.3%, day 2 16.0%; expected 0.17",
        "Rain | each roll: 7/36 (19.4%) | at least once by day 1 19.4%, day 2 35.1%; expected 0.39",
        "Fair | each roll: 5/9 (55.6%) | at least once by day 1 55.6%, day 2 80.2%; expected 1.11",
        "Wind | each roll: 5/36 (13.9%) | at least once by day 1 13.9%, day 2 25.8%; expected 0.28",
        "Fog | each roll: 1 in 36 (2.8%) | at least once by day 1 2.8%, day 2 5.5%; expected 0.06",
        "Terrain 1 Road | each check: 1 in 6 (16.7%) | by 48:00: 88.8%; expected 2.00",
        "Terrain 2 Plains | each check: 1 in 6 (16.7%) | by 48:00: 88.8%; expected 2.00",
        "Terrain 3 Hills | each check: 1 in 3 (33.3%) | by 48:00: 99.2%; expected 4.00",
        "Terrain 4 Forest | each check: 1 in 3 (33.3%) | by 48:00: 99.2%; expected 4.00",
        "Terrain 5 Swamp | each check: 1 in 2 (50.0%) | by 48:00: over 99.9%; expected 6.00",
        "Terrain 6 Mountains | each check: 1 in 2 (50.0%) | by 48:00: over 99.9%; expected 6.00",
        "Resource: Rations | 48:00 | boxes used: 2 by its rate | 7 to a full Rations",
    ],
    ("usage-dice", "--hours", "3"): [
        "Check | Time | Chance of wandering encounter | First wandering encounter",
        "1 | 0:30 | 1 in 6 (16.7%) | 1 in 6 (16.7%)",
        "2 | 1:00 | 1 in 6 (16.7%) | 5/36 (13.9%)",
        "3 | 1:30 | 1 in 6 (16.7%) | 11.6%",
        "4 | 2:00 | 1 in 6 (16.7%) | 9.6%",
        "5 | 2:30 | 1 in 6 (16.7%) | 8.0%",
        "6 | 3:00 | 1 in 6 (16.7%) | 6.7%",
        "By hour 1 | 1:00 | at least one: 30.6%",
        "By hour 2 | 2:00 | at least one: 51.8%",
        "By hour 3 | 3:00 | at least one: 66.5%",
        "Expected number | 3:00 | 1.00 by then",
        "First expected | after 3:00 (about 3 hours)",
        "Resource: Torch 1 | 3:00 | boxes used: 2.00 expected by the dice | 2 to a full Torch 1",
        "Torch 1 gone by hour 1 | 1:00 | 76.8%",
        "Torch 1 gone by hour 2 | 2:00 | 97.7%",
        "Torch 1 gone by hour 3 | 3:00 | 99.8%",
        "Torch 1 lasts | 0:50 on average (about 50 minutes)",
        "Resource: Torch 2 | 3:00 | boxes used: 1.95 expected by the dice | 2 to a full Torch 2",
        "Torch 2 gone by hour 1 | 1:00 | 18.8%",
        "Torch 2 gone by hour 2 | 2:00 | 77.3%",
        "Torch 2 gone by hour 3 | 3:00 | 96.3%",
        "Torch 2 lasts | 0:50 on average (about 50 minutes) once lit | gone after 1:40 on average (about 100 minutes)",
        "Resource: Lantern oil | 3:00 | boxes used: 2.00 expected by the dice | 3 to a full Lantern oil",
        "Lantern oil gone by hour 1 | 1:00 | 0.0%",
        "Lantern oil gone by hour 2 | 2:00 | 11.9%",
        "Lantern oil gone by hour 3 | 3:00 | 52.5%",
        "Lantern oil lasts | 1:30 on average (about 90 minutes) once lit | "
        "gone after 3:10 on average (about 3.2 hours)",
        "Resource: Rations | 3:00 | boxes used: 0.63 expected by the dice | 4 to a full Rations",
        "Rations gone by hour 1 | 1:00 | 0.0%",
        "Rations gone by hour 2 | 2:00 | 0.0%",
        "Rations gone by hour 3 | 3:00 | 0.0%",
        "Rations lasts | 14:00 on average (about 14 hours)",
    ],
    ("dungeon-turn", "--hours", "2", "--extra", "1"): [
        "Check | Time | Chance of danger | First danger",
        "1 | 0:10 | 1 in 6 (16.7%) | 1 in 6 (16.7%)",
        "2 | 0:20 | 1 in 6 (16.7%) | 5/36 (13.9%)",
        "3 | 0:30 | 1 in 6 (16.7%) | 11.6%",
        "4 | 0:40 | 1 in 6 (16.7%) | 9.6%",
        "5 | 0:50 | 1 in 6 (16.7%) | 8.0%",
        "6 | 1:00 | 1 in 6 (16.7%) | 6.7%",
        "7 | 1:10 | 1 in 6 (16.7%) | 5.6%",
        "8 | 1:20 | 1 in 6 (16.7%) | 4.7%",
        "9 | 1:30 | 1 in 6 (16.7%) | 3.9%",
        "10 | 1:40 | 1 in 6 (16.7%) | 3.2%",
        "11 | 1:50 | 1 in 6 (16.7%) | 2.7%",
        "12 | 2:00 | 1 in 6 (16.7%) | 2.2%",
        "By hour 1 | 1:00 | at least one: 66.5%",
        "By hour 2 | 2:00 | at least one: 88.8%",
        "Expected number | 2:00 | 2.00 by then",
        "First expected | after 1:00 (about 60 minutes)",
        "Resource: Torch | 2:00 | all 6 boxes; out at 1:00 | 6 to a full Torch",
        "With one extra roll an hour | Chance of danger | quiet baseline",
        "By hour 1 | 1:00 | at least one: 72.1% | 66.5%",
        "By hour 2 | 2:00 | at least one: 92.2% | 88.8%",
        "Expected number | 2:00 | 2.33 by then | 2.00",
    ],
    ("wandering-dice.yaml", "--hours", "2", "--extra", "2"): [
        "Check | Time | Chance of encounter | First encounter",
        "1 | 0:10 | 1 in 6 (16.7%) | 1 in 6 (16.7%)",
        "2 | 0:20 | 1 in 6 (16.7%) | 5/36 (13.9%)",
        "3 | 0:30 | 1 in 6 (16.7%) | 11.6%",
        "4 | 0:40 | 1 in 6 (16.7%) | 9.6%",
        "5 | 0:50 | 1 in 6 (16.7%) | 8.0%",
        "6 | 1:00 | 1 in 6 (16.7%) | 6.7%",
        "7 | 1:10 | 1 in 6 (16.7%) | 5.6%",
        "8 | 1:20 | 1 in 6 (16.7%) | 4.7%",
        "9 | 1:30 | 1 in 6 (16.7%) | 3.9%",
        "10 | 1:40 | 1 in 6 (16.7%) | 3.2%",
        "11 | 1:50 | 1 in 6 (16.7%) | 2.7%",
        "12 | 2:00 | 1 in 6 (16.7%) | 2.2%",
        "By hour 1 | 1:00 | at least one: 66.5%",
        "By hour 2 | 2:00 | at least one: 88.8%",
        "Expected number | 2:00 | 2.00 by then",
        "First expected | after 1:00 (about 60 minutes)",
        "Outcome: Ambush | each check: 1 in 36 (2.8%) | by 2:00: 28.7%; expected 0.33",
        "Outcome: Encounter | each check: 5/36 (13.9%) | by 2:00: 83.4%; expected 1.67",
        "Outcome: Spoor | each check: 5/18 (27.8%) | by 2:00: 98.0%; expected 3.33",
        "Outcome: Echo | each check: 1 in 9 (11.1%) | by 2:00: 75.7%; expected 1.33",
        "With 2 extra rolls an hour | Chance of encounter | quiet baseline",
        "By hour 1 | 1:00 | at least one: 76.7% | 66.5%",
        "By hour 2 | 2:00 | at least one: 94.6% | 88.8%",
        "Expected number | 2:00 | 2.67 by then | 2.00",
    ],
    ("several-rolls.yaml", "--hours", "2"): [
        "Check | Time | Chance of encounter | First encounter",
        "1 | 0:20 | 1 in 6 (16.7%) | 1 in 6 (16.7%)",
        "2 | 0:40 | 17.1% | 14.3%",
        "3 | 1:00 | 17.0% | 11.8%",
        "4 | 1:20 | 17.5% | 10.1%",
        "5 | 1:40 | 18.0% | 8.6%",
        "6 | 2:00 | 17.5% | 6.9%",
        "By hour 1 | 1:00 | at least one: 42.7%",
        "By hour 2 | 2:00 | at least one: 68.3%",
        "Expected number | 2:00 | 1.04 by then",
        "First expected | after 1:50:57 (about 111 minutes)",
        "Roll: Torch | 2:00 | rolled 12 times",
        "Torch gutters | each roll: 1 in 6 (16.7%) | at least once by hour 1 66.5%, hour 2 88.8%; expected 2.00",
        "Roll: Fatigue | 2:00 | rolled 4 times",
        "Worn out | each roll: 2.8% to 6.3% | at least once by hour 1 6.2%, hour 2 15.3%; expected 0.18",
        "Tired | each roll: 13.9% to 17.0% | at least once by hour 1 26.0%, hour 2 45.7%; expected 0.62",
        "Resource: Torches | 2:00 | boxes used: 2.00 expected from outcomes | 6 to a full Torches",
    ],
    ("tension-dice", "--hours", "1"): [
        "Check | Time | Chance of complication | First complication",
        "1 | 1:00 | 66.5% | 66.5%",
        "By hour 1 | 1:00 | at least one: 66.5%",
        "Expected number | 1:00 | 0.67 by then",
        "First expected | after 1:30:12 (about 90 minutes)",
        "Resource: Torch | 1:00 | all 6 boxes; out at 1:00 | 6 to a full Torch",
    ],
}


@pytest.mark.parametrize("args", sorted(ODDS_TABLES))
def test_the_odds_table_line_by_line(runner: CliRunner, args: tuple[str, ...]) -> None:
    """Every row of `sheetgen odds`: the checks, the milestones, the outcomes, the other rolls, the tracks the GM
    chooses, the resources and the extra rolls."""
    system = str(PACKS_DIR / args[0]) if args[0].endswith(".yaml") else args[0]
    result = runner.invoke(cli, ["odds", system, *args[1:]])
    assert result.exit_code == 0, result.output
    lines = [" | ".join(re.split(r"\s{2,}", line.strip())) for line in result.output.splitlines()]
    assert lines == ODDS_TABLES[args]
