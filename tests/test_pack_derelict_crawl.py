"""The derelict-crawl pack holds every fact of its source text (Derelict Crawling and Alert Levels)."""

from __future__ import annotations

import pytest

from sheetgen.load.files import load_pack
from sheetgen.model.pack import ByTrack, Pack


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("derelict-crawl")


def test_identity_and_words(pack: Pack) -> None:
    assert pack.id == "derelict-crawl"
    assert pack.words.gm == "Narrator"


def test_ten_minute_rounds(pack: Pack) -> None:
    assert pack.time.unit == "round"
    assert pack.time.length == 600
    assert pack.time.actions_per_unit == 1
    assert "simultaneously" in pack.time.text
    single_roll = "features or psionic powers that give a bonus to a single roll are not applicable"
    assert single_roll in pack.time.text


def test_round_procedure(pack: Pack) -> None:
    (proc,) = pack.procedures
    assert proc.id == "round"
    assert [s.title for s in proc.steps] == [
        "Declare",
        "Ability Checks",
        "Same action",
        "Check simultaneously",
    ]
    assert "Narrator determines if a check is appropriate" in proc.steps[1].text
    assert "ability score and skill combination" in proc.steps[1].text
    assert "**Help** action" in proc.steps[2].text and "**group check**" in proc.steps[2].text
    assert "simultaneously" in proc.steps[3].text


def test_group_check_table(pack: Pack) -> None:
    table = pack.table("group-check")
    assert table.roll is None and table.player_safe
    assert [list(r.cells) for r in table.rows] == [
        ["All players pass", "Critical success"],
        ["The majority of players pass", "Success"],
        ["The majority of players fail, or there are an equal amount of failures and successes", "Failure"],
        ["All players fail", "Critical failure"],
    ]


def test_combat_counts_as_one_minute(pack: Pack) -> None:
    (combat,) = [a for a in pack.actions if a.group == "combat"]
    assert combat.name == "Combat"
    assert combat.time == 60
    assert "6-30 seconds" in combat.text


def test_movement_speeds(pack: Pack) -> None:
    moves = {a.name: a for a in pack.actions if a.group == "movement"}
    assert list(moves) == ["Slow", "Normal", "Fast"]
    assert {n: a.time for n, a in moves.items()} == {"Slow": 600, "Normal": 60, "Fast": 30}

    assert "Exploration of the room takes 10 minutes" in moves["Slow"].text
    assert "movement to the following room is included" in moves["Slow"].text
    assert moves["Slow"].effects == []

    assert "unexplored" in moves["Normal"].text and "-2 to passive" in moves["Normal"].text
    assert "do not notice any traps" in moves["Normal"].text
    (normal,) = moves["Normal"].effects
    assert (normal.track, normal.by) == ("alert", 1)
    assert normal.chance is not None and normal.chance.roll == "1d6"
    assert (normal.chance.on.low, normal.chance.on.high) == (5, 6)

    assert "30 seconds" in moves["Fast"].text and "-5 to passive" in moves["Fast"].text
    assert "do not" in moves["Fast"].text and "disadvantage on any saving throws" in moves["Fast"].text
    (fast,) = moves["Fast"].effects
    assert (fast.track, fast.by) == ("alert", 1)
    assert fast.chance is not None and fast.chance.roll == "1d6"
    assert (fast.chance.on.low, fast.chance.on.high) == (4, 6)


def test_movement_table(pack: Pack) -> None:
    table = pack.table("movement")
    assert table.columns == ["Speed", "Time", "Passive Perception", "Traps", "Alert roll"]
    cells = [list(r.cells) for r in table.rows]
    assert [c[0] for c in cells] == ["Slow", "Normal", "Fast"]
    assert cells[0][1].startswith("10 minutes")
    assert cells[1][1].startswith("1 minute") and cells[1][2] == "-2" and cells[1][3] == "Not noticed"
    assert cells[1][4] == "1d6: 5-6, Alert Level +1"
    assert cells[2][1] == "30 seconds" and cells[2][2] == "-5"
    assert "disadvantage on saving throws" in cells[2][3]
    assert cells[2][4] == "1d6: 4-6, Alert Level +1"


def test_random_encounter_check(pack: Pack) -> None:
    check = pack.check
    assert check is not None
    assert check.roll == "1d6" and check.add == [] and check.pool is None
    every = check.cadence.every
    assert isinstance(every, ByTrack) and every.track == "alert" and every.levels is not None
    # units are 10-minute rounds: every hour = 6, every 30 minutes = 3
    assert {str(k): v for k, v in every.levels.items()} == {"1-2": 6, "3-4": 3}
    assert check.cadence.offset == 0
    at_least = check.trigger.at_least
    assert isinstance(at_least, ByTrack) and at_least.track == "alert" and at_least.levels is not None
    assert {str(k): v for k, v in at_least.levels.items()} == {"1-3": 6, "4": 5}
    assert check.on_encounter.reset == []
    assert "every hour" in check.formula and "**6**" in check.formula


def test_alert_level_track(pack: Pack) -> None:
    alert = pack.track("alert")
    assert alert.name == "Alert Level"
    assert (alert.min, alert.max, alert.initial, alert.per_unit) == (1, 4, 1, 0)
    assert alert.display == "ladder"
    assert alert.player_safe is False
    assert [(lv.at.low, lv.at.high, lv.label) for lv in alert.levels] == [
        (1, 1, "Alert Level 1 (1 Encounter/1 hour)"),
        (2, 2, "Alert Level 2 (1 Encounter/1 hour)"),
        (3, 3, "Alert Level 3 (1 Encounter/30 minutes)"),
        (4, 4, "Alert Level 4 (1 Encounter/30 minutes)"),
    ]
    texts = [lv.text for lv in alert.levels]
    assert "unaware" in texts[0] and "passive Perception" in texts[0]
    assert "actively searching" in texts[1] and "contested roll" in texts[1]
    assert "high alert" in texts[2] and "double" in texts[2]
    assert "increase the success range to 5-6" in texts[3]


def test_what_raises_the_alert_level(pack: Pack) -> None:
    raises = pack.track("alert").raises
    assert [r.by for r in raises] == [1] * 6
    assert [None if r.chance is None else (r.chance.roll, str(r.chance.on)) for r in raises] == [
        ("1d6", "5-6"),
        ("1d6", "4-6"),
        None,
        None,
        None,
        None,
    ]
    whens = [r.when for r in raises]
    assert whens[0].startswith("Normal movement") and whens[1].startswith("Fast movement")
    assert whens[2:] == [
        "Breaking down doors",
        "Using thunder damage",
        "Failing an Intelligence (hacking tools) check",
        "Any other action that would bring attention to the party",
    ]


def test_what_lowers_the_alert_level(pack: Pack) -> None:
    lowers = pack.track("alert").lowers
    assert [lo.by for lo in lowers] == [1, 1, 1]
    assert "hacking maneuver implant data" in lowers[0].when
    assert "Disabling the security system" in lowers[1].when
    assert "one movement speed slower" in lowers[1].when and "advantage on Stealth checks" in lowers[1].when
    assert lowers[2].when.startswith("Persuade, intimidate, bribe")
    assert "default" not in lowers[0].when


def test_higher_alert_consequences_and_reference(pack: Pack) -> None:
    first, second = pack.reference.pages
    sections = [*first.sections, *second.sections]
    by_title = {s.title: s for s in sections}
    higher = by_title["Higher Alert Levels"].text
    for fact in ("doors", "turrets", "traps", "Alert Levels 3 and 4"):
        assert fact in higher
    kinds = [(s.kind, s.ref or s.group) for s in sections]
    assert kinds.index(("procedure", "round")) < kinds.index(("table", "movement"))
    assert ("check", None) in kinds and ("track", "alert") in kinds and ("odds", None) in kinds
    assert {s.ref for s in sections if s.kind == "table"} == {t.id for t in pack.tables}
    secret = [s for s in sections if s.kind in ("check", "track", "odds") or s.title == "Higher Alert Levels"]
    assert secret and not any(s.player_safe for s in secret)


def test_narrator_tracker(pack: Pack) -> None:
    tracker, _players = pack.trackers
    assert tracker.audience == "gm"
    assert [(p.kind, p.ref) for p in tracker.parts] == [("turns", None), ("track", "alert"), ("table", "movement")]
    turns, track, _ = tracker.parts
    assert "1 minute" in turns.items[0] and "30 seconds" in turns.items[0]
    assert track.items[:4] == [
        "1: 1 Encounter/1 hour, on a 6",
        "2: 1 Encounter/1 hour, on a 6",
        "3: 1 Encounter/30 minutes, on a 6",
        "4: 1 Encounter/30 minutes, on a 5-6",
    ]


def test_sections_resolve(pack: Pack) -> None:
    ids = {
        "procedure": {p.id for p in pack.procedures},
        "table": {t.id for t in pack.tables},
        "statblock": {s.id for s in pack.statblocks},
        "track": {t.id for t in pack.tracks},
    }
    for page in pack.reference.pages:
        for s in page.sections:
            if s.kind in ids:
                assert s.ref in ids[s.kind], (s.kind, s.ref)
    assert all(t.roll is None for t in pack.tables)  # reference tables only: nothing to cover
    for tracker in pack.trackers:
        for part in tracker.parts:
            if part.kind in ("table", "track"):
                assert part.ref in ids[part.kind], (part.kind, part.ref)
