"""Exact phrases: what each of sheetgen.words says for given values and for every built-in pack, word for
word, as a proofreader would check them. A wrong word said the same way on every sheet fails here."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetgen import words
from sheetgen.engine.timetable import build_timetable
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.words import numbers, resources

F = Fraction

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
    said = (numbers.clock(seconds), numbers.duration(seconds), numbers.duration(seconds, short=True),
            numbers.every(seconds))
    assert said == CLOCKS[seconds]


@pytest.mark.parametrize(("minutes", "said"), [
    (F(0), "under a minute"), (F(2, 5), "under a minute"), (F(3, 5), "about 1 minute"), (F(1), "about 1 minute"),
    (F(5), "about 5 minutes"), (F(119), "about 119 minutes"), (F(120), "about 2 hours"),
    (F(150), "about 2.5 hours"), (F(1441), "about 24 hours"),
])
def test_an_expected_wait(minutes: Fraction, said: str) -> None:
    assert numbers.about(minutes) == said


@pytest.mark.parametrize(("p", "pct", "chance"), [
    (F(0), "0.0%", "0.0%"), (F(1, 2000), "under 0.1%", "under 0.1%"), (F(1, 1000), "0.1%", "1 in 1000 (0.1%)"),
    (F(1, 6), "16.7%", "1 in 6 (16.7%)"), (F(1, 2), "50.0%", "1 in 2 (50.0%)"), (F(5, 6), "83.3%", "5/6 (83.3%)"),
    (F(5, 36), "13.9%", "5/36 (13.9%)"), (F(999, 1000), "99.9%", "99.9%"),
    (F(9999, 10000), "over 99.9%", "over 99.9%"), (F(1), "100.0%", "100.0%"),
])
def test_percentages_and_chances(p: Fraction, pct: str, chance: str) -> None:
    assert (numbers.percent(p), numbers.chance(p)) == (pct, chance)


def test_signs_spans_and_faces() -> None:
    assert [numbers.signed(b) for b in (0, 1, -1, 3, "1d4")] == ["+0", "+1", "\u22121", "+3", "+1d4"]
    assert [numbers.signed(b, "down") for b in (1, -1, "1d4")] == ["\u22121", "+1", "\u22121d4"]
    assert [numbers.level_span(v) for v in ([1], [1, 2], [1, 2, 3], [1, 3], [1, 2, 4, 5], [2, 3, 4, 6])] == [
        "1", "1-2", "1-3", "1 or 3", "1-2 or 4-5", "2-4 or 6"]
    assert [numbers.levels_phrase(h, 1, 6) for h in ([1], [6], [5, 6], [1, 2, 3, 4, 5, 6], [2, 4])] == [
        "1", "6", "5 or more", "1 or more", "2 or 4"]
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
        "resource lantern": "when Torch 2 is out, roll its die every turn: on 1-2 down a die (d8, d6, d4, then "
                            "gone)",
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
        said |= {"check": words.check_sentence(pack), "dice": words.dice_text(pack, pack.check),
                 "after": words.after_text(pack, pack.check)}
        if pack.check.pool is not None:
            said["pool"] = words.pool_rule(pack)
    said |= {f"roll {roll.id}": words.roll_sentence(pack, roll) for roll in pack.rolls}
    said |= {f"resource {r.id}": text for r in pack.resources if (text := resources.running_down(pack, r))}
    assert said == PACKS[pack_id]


def test_the_rows_of_a_pre_rolled_hour_in_words() -> None:
    loaded = load_site("the-sunken-chapel")
    t = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=1, seed=2026)
    rows = [(words.row_clock(t, row), words.row_rule(t, row), words.row_when(t, row), words.baseline_text(t, row),
             words.quiet_text(t, row)) for row in t.rows]
    assert rows == [
        ("0:10", "1d6 = 1: danger if Escalation is 5", "", "no danger; Escalation 0", ""),
        ("0:20", "1d6 = 3: danger if Escalation is 3 or more", "", "no danger; Escalation 0", ""),
        ("0:30", "1d6 = 5: danger if Escalation is 1 or more", "", "no danger; Escalation 0", ""),
        ("0:40", "1d6 = 5: danger if Escalation is 1 or more", "", "no danger; Escalation 0", ""),
        ("0:50", "1d6 = 6: danger", "", "danger; Escalation 0", "danger; Escalation 0"),
        ("1:00", "1d6 = 1: danger if Escalation is 5", "", "no danger; Escalation 0; Torch out at 1:00",
         "Torch out at 1:00"),
    ]
    assert words.deck_note(t) == "4 encounters, used in order, one for each check that brings one"
    assert words.morale_rule(t) == "roll 2d6: above Morale, the group fails"
    assert words.deck_source(t) == "The Sunken Chapel: wandering encounters (1d8)"
