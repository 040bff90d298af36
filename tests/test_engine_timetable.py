"""Pre-rolled timetables: replayable from the seed, decks drawn from the right tables, stable output."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheetgen
from sheetgen.engine.dice import die_faces, parse_dice
from sheetgen.engine.procedure import check_due, initial_state, machine, pass_unit, resolve, step_unit
from sheetgen.engine.timetable import Timetable, build_timetable
from sheetgen.export.timetable_csv import timetable_csv
from sheetgen.export.timetable_json import timetable_json, timetable_json_schema
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack
from sheetgen.words import (
    baseline_text,
    deck_note,
    deck_source,
    omen_text,
    row_clock,
    row_dice,
    row_rule,
    row_when,
    rule_text,
    timetable_note,
)

RULES = Path(sheetgen.__file__).parent / "rules"
PACKS_WITH_CHECK = ["dungeon-turn", "site-alarm", "encounter-clock", "derelict-crawl", "bx-dungeon", "tension-dice"]


def builtin(pack_id: str) -> Pack:
    return load_pack(str(RULES / f"{pack_id}.yaml"))


@pytest.fixture(scope="module")
def chapel() -> LoadedSite:
    return load_site("the-sunken-chapel")


def chapel_timetable(chapel: LoadedSite, pack: Pack | None = None, hours: int = 3, seed: int = 11) -> Timetable:
    return build_timetable(
        pack or chapel.pack, site=chapel.site, encounter_pack=chapel.encounter_pack, hours=hours, seed=seed
    )


def dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, sort_keys=False, indent=2, ensure_ascii=False).encode()


def small_pack(
    check: dict[str, Any],
    tracks: list[dict[str, Any]] | None = None,
    tables: list[dict[str, Any]] | None = None,
    result: str = "encounter",
) -> Pack:
    return Pack.model_validate(
        {
            "kind": "pack",
            "id": "test",
            "name": "Test",
            "time": {"unit": "turn", "length": "10 minutes"},
            "check": {"name": "Check", "when": "each turn", "formula": "roll", "result": result, **check},
            "tracks": tracks or [],
            "tables": tables or [],
            "reference": {"pages": [{"title": "T", "sections": [{"kind": "text", "text": "x"}]}]},
        }
    )


# --- the baseline replays the dice ------------------------------------------------------------------


@pytest.mark.parametrize("pack_id", PACKS_WITH_CHECK)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rows_replay_from_the_seed(pack_id: str, seed: int) -> None:
    pack = builtin(pack_id)
    table = build_timetable(pack, site=None, encounter_pack=None, hours=4, seed=seed)
    rng = random.Random(seed)
    check = pack.check
    assert check is not None
    for row in table.rows:  # the documented order: each row's dice, in time order
        if check.pool is None:
            assert check.roll is not None
            total, faces = parse_dice(check.roll).roll_detail(rng)
            assert (row.roll, row.dice) == (total, faces)
        else:
            sides = die_faces(check.pool.die)
            assert row.dice == tuple(rng.randint(1, sides) for _ in range(table.pool_dice or 0))
    # the baseline is the engine's own procedure run with exactly these dice
    by_unit = {row.unit: row for row in table.rows}
    readings: dict[str, Callable[[Sequence[int]], int]] = {"highest": max, "lowest": min, "sum": sum}
    read = readings[check.pool.read] if check.pool else max
    state = initial_state(pack)
    for unit in range(1, table.units + 1):
        due = by_unit.get(unit)

        def roll(n: int, row: Any = due, unit: int = unit) -> int:
            assert row is not None, f"a check at unit {unit} without a row"
            return int(row.roll) if row.roll is not None else int(read(row.dice[:n]))

        step = step_unit(pack, state, unit, roll)
        state = step.state
        if due is not None:
            assert due.baseline.rolled == step.rolled
            assert due.baseline.encounter == step.encounter
            assert tuple(lv.level for lv in due.baseline.levels) == state.levels


def test_dungeon_turn_baseline_by_hand() -> None:
    table = build_timetable(builtin("dungeon-turn"), site=None, encounter_pack=None, hours=3, seed=5)
    assert len(table.rows) == 18
    for row in table.rows:
        assert row.roll is not None
        assert row.baseline.encounter == (row.roll == 6)  # a quiet party never marks escalation
        said = "danger; Escalation 0" if row.roll == 6 else "no danger; Escalation 0"
        torch = "; Torch out at 1:00" if row.unit == 6 else ""  # 6 boxes, one a turn
        assert baseline_text(table, row) == said + torch


def test_site_alarm_baseline_by_hand() -> None:
    table = build_timetable(builtin("site-alarm"), site=None, encounter_pack=None, hours=12, seed=9)
    alarm = 0
    for row in table.rows:
        alarm = min(10, alarm + 1)
        assert row.roll is not None
        encounter = row.roll <= alarm
        if encounter:
            alarm = 0
        assert (row.baseline.encounter, row.baseline.levels[0].level) == (encounter, alarm)


def test_encounter_clock_baseline_by_hand() -> None:
    table = build_timetable(builtin("encounter-clock"), site=None, encounter_pack=None, hours=6, seed=4)
    assert table.pool_dice == 6
    clock = 0
    for row in table.rows:
        assert row_dice(table, row) == "6d6 (take the first N)"
        assert [p.result for p in row.pool_reads] == [max(row.dice[:n]) for n in range(1, 7)]
        before = clock
        clock += {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}[row.dice[0]]  # a quiet party's pool: one die
        omen = before < 3 <= clock
        encounter = clock >= 6
        if encounter:
            clock = 0
        assert (row.baseline.encounter, row.baseline.levels[0].level) == (encounter, clock)
        assert bool(row.baseline.omens) == omen
        if omen:
            assert [omen_text(table.pack, o) for o in row.baseline.omens] == ["Omen (Encounter Clock 3)"]
            assert "; Omen (Encounter Clock 3)" in baseline_text(table, row)  # the label says omen: said once
            assert "omen: Omen" not in baseline_text(table, row)


def test_derelict_rows_say_at_which_levels_they_are_rolled() -> None:
    table = build_timetable(builtin("derelict-crawl"), site=None, encounter_pack=None, hours=2, seed=1)
    assert [(row_clock(table, r), row_when(table, r)) for r in table.rows] == [
        ("0:30", "rolled at Alert Level 3-4"),
        ("1:00", "rolled at Alert Level 3-4, or on the hour at any level"),
        ("1:30", "rolled at Alert Level 3-4"),
        ("2:00", "rolled at Alert Level 3-4, or on the hour at any level"),
    ]
    assert [r.baseline.rolled for r in table.rows] == [False, True, False, True]
    assert baseline_text(table, table.rows[0]) == "not rolled (Alert Level 1); Alert Level 1"


# --- rule texts --------------------------------------------------------------------------------------


def test_rule_texts_in_the_packs_words() -> None:
    alarm = small_pack(
        {"roll": "d10", "trigger": {"at_most": {"track": "alarm"}}},
        tracks=[{"id": "alarm", "name": "Alarm", "max": 10, "per_unit": 1}],
    )
    assert rule_text(alarm, 4) == "d10 = 4: encounter if Alarm is 4 or more"
    assert rule_text(builtin("dungeon-turn"), 3) == "1d6 = 3: danger if Escalation is 3 or more"
    assert rule_text(builtin("dungeon-turn"), 1) == "1d6 = 1: danger if Escalation is 5"
    assert rule_text(builtin("dungeon-turn"), 6) == "1d6 = 6: danger"
    alert = small_pack(
        {"roll": "1d6", "trigger": {"at_least": {"track": "alert", "levels": {"1-3": 6, "4": 5}}}},
        tracks=[{"id": "alert", "name": "Alert Level", "min": 1, "max": 4}],
    )
    assert rule_text(alert, 5) == "1d6 = 5: encounter if Alert Level is 4"
    assert rule_text(alert, 6) == "1d6 = 6: encounter"
    assert rule_text(alert, 1) == "1d6 = 1: no encounter at any Alert Level"
    assert rule_text(builtin("derelict-crawl"), 5) == "1d6 = 5: random encounter if Alert Level is 4"
    assert rule_text(builtin("site-alarm"), 4) == "d10 = 4: immediate random encounter if Alarm is 4 or more"
    faces = small_pack({"roll": "1d6", "trigger": {"faces": ["1"]}})
    assert (rule_text(faces, 1), rule_text(faces, 2)) == ("1d6 = 1: encounter", "1d6 = 2: no encounter")
    below = small_pack(
        {"roll": "1d6", "add": ["esc"], "trigger": {"at_most": 3}},
        tracks=[{"id": "esc", "name": "Escalation", "max": 5}],
    )
    assert rule_text(below, 2) == "1d6 = 2: encounter if Escalation is 1 or less"
    clock = builtin("encounter-clock")
    assert rule_text(clock, 6) == "highest d6 = 6: +2 segments on Encounter Clock; encounter if it is at 4 or more"
    assert rule_text(clock, 5) == "highest d6 = 5: +1 segment on Encounter Clock; encounter if it is at 5 or more"
    assert rule_text(clock, 2) == "highest d6 = 2: no advance"


def test_rows_carry_the_rule_and_the_outcome_name() -> None:
    pack = small_pack(
        {
            "roll": "1d6",
            "trigger": {"faces": ["6"]},
            "outcomes": [{"roll": "1-5", "result": "Quiet"}, {"roll": "6", "result": "Wandering monster"}],
        }
    )
    table = build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=3)
    for row in table.rows:
        assert row.roll is not None
        assert row_rule(table, row) == rule_text(pack, row.roll)
        assert row.outcome == ("Wandering monster" if row.roll == 6 else "Quiet")


# --- the encounter deck ------------------------------------------------------------------------------


def test_deck_comes_from_the_wandering_table(chapel: LoadedSite) -> None:
    table = chapel_timetable(chapel, hours=3)
    wandering = chapel.site.wandering
    assert wandering is not None
    assert len(table.deck) == 8  # 3 expected dangers in 3 hours: ceil(3 + 2 * sqrt(3)) + 1
    assert deck_source(table) == "The Sunken Chapel: wandering encounters (1d8)"
    assert chapel.encounter_pack is not None
    reaction_rows = chapel.encounter_pack.table("npc-reaction").rows
    stats = {s.id: s for s in chapel.site.statblocks}
    for card in table.deck:
        entry = next(e for e in wandering.entries if card.roll in e.roll)
        assert (card.name, card.range, card.text) == (entry.name, entry.roll.text, entry.text)
        dice = parse_dice(entry.appearing)
        assert dice.minimum <= card.appearing <= dice.maximum
        assert card.reaction is not None and card.distance is not None
        assert 2 <= card.reaction.roll <= 12
        meaning = next(r for r in reaction_rows if r.roll is not None and card.reaction.roll in r.roll)
        assert meaning.roll is not None
        assert (card.reaction.range, card.reaction.cells) == (meaning.roll.text, tuple(meaning.cells))
        assert 1 <= card.distance.roll <= 6 and card.distance.result in ("Close", "Near", "Far")
        stat = stats[entry.stat or ""]
        assert (card.stat_id, card.stat_name, card.morale, card.zone) == (stat.id, stat.name, stat.morale, stat.zone)
        assert card.morale_roll is not None and 2 <= card.morale_roll <= 12
        assert card.morale_fails == (card.morale_roll > (stat.morale or 0))
        assert card.zone_text


def test_deck_rolls_follow_the_rows_in_the_documented_order(chapel: LoadedSite) -> None:
    table = chapel_timetable(chapel, hours=2, seed=77)
    rng = random.Random(77)
    for _ in table.rows:
        parse_dice("1d6").roll_detail(rng)
    for card in table.deck:
        assert parse_dice("1d8").roll_detail(rng) == (card.roll, card.faces)
        assert parse_dice(card.appearing_dice).roll_detail(rng) == (card.appearing, card.appearing_faces)
        assert card.distance is not None and card.reaction is not None
        assert parse_dice("1d6").roll_detail(rng) == (card.distance.roll, card.distance.faces)
        assert parse_dice("2d6").roll_detail(rng) == (card.reaction.roll, card.reaction.faces)
        assert parse_dice("2d6").roll_detail(rng) == (card.morale_roll, card.morale_faces)


def test_a_pack_without_a_check_still_has_a_deck(chapel: LoadedSite) -> None:
    table = chapel_timetable(chapel, pack=builtin("encounter-reaction"))
    assert table.rows == () and table.odds is None
    assert len(table.deck) == 3
    assert timetable_note(table).startswith("Encounters has no exploration check")


def test_no_wandering_table_means_an_empty_deck() -> None:
    table = build_timetable(builtin("dungeon-turn"), site=None, encounter_pack=None, hours=1, seed=1)
    assert table.deck == ()
    assert deck_note(table) == (
        "no encounter deck: no site was given, and the pack has no table with id \u201cwandering\u201d"
    )


def test_a_pack_wandering_table_fills_the_deck() -> None:
    pack = small_pack(
        {"roll": "1d6", "trigger": {"faces": ["6"]}},
        tables=[
            {
                "id": "wandering",
                "name": "Wandering Monsters",
                "roll": "1d4",
                "columns": ["Monster", "Number appearing"],
                "rows": [{"roll": "1-2", "cells": ["Rats", "2d6"]}, {"roll": "3-4", "cells": ["Ghoul", "1"]}],
            }
        ],
    )
    table = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=3)
    assert deck_source(table) == "Test: Wandering Monsters (1d4)"
    assert len(table.deck) == 6  # 2 expected: ceil(2 + 2 * sqrt(2)) + 1 = 5 + 1
    for card in table.deck:
        assert card.name == ("Rats" if card.roll <= 2 else "Ghoul")
        assert 2 <= card.appearing <= 12 if card.name == "Rats" else card.appearing == 1
        assert card.reaction is None and card.distance is None and card.morale_roll is None


# --- output -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pack_id", [*PACKS_WITH_CHECK, "encounter-reaction"])
def test_same_seed_same_bytes_and_other_seed_other_bytes(chapel: LoadedSite, pack_id: str) -> None:
    pack = builtin(pack_id)
    one = chapel_timetable(chapel, pack=pack, seed=123)
    two = chapel_timetable(chapel, pack=pack, seed=123)
    other = chapel_timetable(chapel, pack=pack, seed=124)
    assert dumps(timetable_json(one)) == dumps(timetable_json(two))
    assert timetable_csv(one).encode() == timetable_csv(two).encode()
    assert dumps(timetable_json(one)) != dumps(timetable_json(other))
    assert timetable_csv(one) != timetable_csv(other)


@pytest.mark.parametrize("pack_id", [*PACKS_WITH_CHECK, "encounter-reaction"])
def test_json_matches_its_schema(chapel: LoadedSite, pack_id: str) -> None:
    data = json.loads(dumps(timetable_json(chapel_timetable(chapel, pack=builtin(pack_id)))))
    conform(data, timetable_json_schema(), "$")
    alone = build_timetable(builtin(pack_id), site=None, encounter_pack=None, hours=1, seed=0)
    conform(json.loads(dumps(timetable_json(alone))), timetable_json_schema(), "$")


def test_json_validates_against_its_schema(chapel: LoadedSite) -> None:
    import jsonschema

    data = json.loads(dumps(timetable_json(chapel_timetable(chapel, pack=builtin("encounter-clock")))))
    jsonschema.validate(data, timetable_json_schema())


def test_the_schema_checker_catches_a_wrong_shape(chapel: LoadedSite) -> None:
    data = timetable_json(chapel_timetable(chapel))
    data["rows"][0]["baseline"]["encounter"] = "no"
    with pytest.raises(AssertionError, match=r"\$.rows\[0\].baseline.encounter"):
        conform(data, timetable_json_schema(), "$")


def conform(value: Any, schema: dict[str, Any], where: str) -> None:
    """A small checker for the parts of JSON Schema timetable_json_schema uses."""
    if "anyOf" in schema:
        errors = []
        for option in schema["anyOf"]:
            try:
                conform(value, option, where)
                return
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(f"{where}: matches no option ({'; '.join(errors)})")
    if "const" in schema:
        assert value == schema["const"], f"{where}: {value!r} is not {schema['const']!r}"
    kind = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}
    if kind == "integer":
        assert isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r} is not an integer"
        assert value >= schema.get("minimum", value), f"{where}: below the minimum"
    elif kind == "number":
        assert isinstance(value, int | float) and not isinstance(value, bool), f"{where}: not a number"
    elif kind is not None:
        assert isinstance(value, types[kind]), f"{where}: {value!r} is not a {kind}"
    if kind == "object":
        missing = set(schema["required"]) - set(value)
        assert not missing, f"{where}: missing {sorted(missing)}"
        extra = set(value) - set(schema["properties"])
        assert not extra, f"{where}: unexpected {sorted(extra)}"
        for key, item in value.items():
            conform(item, schema["properties"][key], f"{where}.{key}")
    if kind == "array":
        for i, item in enumerate(value):
            conform(item, schema["items"], f"{where}[{i}]")


@pytest.mark.parametrize("hours", [0, 73, -5])
def test_hours_out_of_range_are_refused(hours: int) -> None:
    with pytest.raises(ValueError) as caught:
        build_timetable(builtin("dungeon-turn"), site=None, encounter_pack=None, hours=hours, seed=1)
    assert str(caught.value) == f"hours must be a whole number from 1 to 72, not {hours}"


def test_csv_sections(chapel: LoadedSite) -> None:
    table = chapel_timetable(chapel, hours=1, seed=2)
    lines = timetable_csv(table).splitlines()
    assert lines[0].startswith("section,index,clock,unit,when,dice,roll,rule")
    sections = [line.split(",")[0] for line in lines[1:]]
    assert table.runs_out and not table.spares  # the torch, out at 1:00; no extra rolls
    assert sections == (["check"] * len(table.rows) + ["deck"] * len(table.deck) + ["runs-out"] * len(table.runs_out))


def test_the_seed_and_names_are_on_the_timetable(chapel: LoadedSite) -> None:
    table = chapel_timetable(chapel, hours=2, seed=4242)
    assert (table.seed, table.pack_id, table.pack_name, table.site_name, table.hours) == (
        4242,
        "dungeon-turn",
        "Dungeon Turns",
        "The Sunken Chapel",
        2,
    )
    assert table.odds is not None and table.odds.hours == 2
    assert [row_clock(table, r) for r in table.rows[:3]] == ["0:10", "0:20", "0:30"]


# --- any small pack ---------------------------------------------------------------------------------


@st.composite
def packs(draw: st.DrawFn) -> Pack:
    tracks = []
    for i in range(draw(st.integers(0, 2))):
        low = draw(st.integers(-2, 2))
        high = low + draw(st.integers(1, 6))
        tracks.append(
            {
                "id": f"t{i}",
                "name": f"Track {i}",
                "min": low,
                "max": high,
                "start": draw(st.integers(low, high)),
                "per_unit": draw(st.integers(-2, 2)),
            }
        )
    sides = draw(st.sampled_from([4, 6, 8, 10]))
    check: dict[str, Any] = {"roll": f"1d{sides}"}
    ids = [t["id"] for t in tracks]
    kind = draw(st.sampled_from(["at_least", "at_most", "faces", "by_track"] if ids else ["at_least", "faces"]))
    if kind == "faces":
        check["trigger"] = {"faces": [str(draw(st.integers(1, sides)))]}
    elif kind == "by_track":
        check["trigger"] = {draw(st.sampled_from(["at_least", "at_most"])): {"track": draw(st.sampled_from(ids))}}
    else:
        check["trigger"] = {kind: draw(st.integers(0, sides + 4))}
    if ids and kind != "by_track":
        check["add"] = draw(st.lists(st.sampled_from(ids), max_size=1))
    if ids:
        check["on_encounter"] = {"reset": draw(st.lists(st.sampled_from(ids), max_size=2, unique=True))}
    check["cadence"] = {"every": draw(st.integers(1, 3)), "offset": draw(st.integers(0, 2))}
    return small_pack(check, tracks=tracks)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pack=packs(), seed=st.integers(0, 2**32), hours=st.integers(1, 3))
def test_any_small_pack(pack: Pack, seed: int, hours: int) -> None:
    table = build_timetable(pack, site=None, encounter_pack=None, hours=hours, seed=seed)
    for row in table.rows:
        for level, track in zip(row.baseline.levels, pack.tracks, strict=True):
            assert track.min <= level.level <= track.max
        assert row.roll is not None and pack.check is not None
        rule = row_rule(table, row)
        assert rule.startswith(f"{pack.check.roll} = {row.roll}: ")
        if row.baseline.rolled and rule.endswith(": encounter"):
            assert row.baseline.encounter
        if row.baseline.rolled and ": no encounter" in rule:
            assert not row.baseline.encounter
    odds = table.odds
    assert odds is not None
    assert len(table.rows) == len(odds.checks)
    for c in odds.checks:
        assert 0 <= c.chance_first <= c.chance <= 1
    assert all(0 <= p <= 1 for p in odds.by_hour)
    assert list(odds.by_hour) == sorted(odds.by_hour)
    assert odds.by_hour[-1] == sum(c.chance_first for c in odds.checks)
    assert odds.expected_encounters == sum(c.chance for c in odds.checks)
    if odds.expected_minutes_to_first is not None:
        assert odds.expected_minutes_to_first > 0
    else:
        assert odds.by_hour[-1] < 1


@pytest.mark.parametrize("name", ["dungeon-turn", "site-alarm", "derelict-crawl"])
def test_a_full_memo_keeps_the_replays_right(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replays' memos stop growing at their bound, and what they hold or no longer take in changes no row:
    with a bound of three entries, each timetable is the one a fresh machine rolls."""
    from sheetgen.engine import timetable as engine

    def rows(pack: Pack) -> list[Any]:
        return [
            json.dumps(
                timetable_json(build_timetable(pack, site=None, encounter_pack=None, hours=6, seed=seed)),
                sort_keys=True,
            )
            for seed in range(12)
        ]

    expected = rows(load_pack(name))
    monkeypatch.setattr(engine, "MAX_REMEMBERED", 3)
    pack = load_pack(name).model_copy()  # a pack of its own, so a machine and memos of their own
    assert rows(pack) == expected
    memo = engine.replay_memo(machine(pack))
    for part in (memo.units, memo.steps, memo.with_left, memo.uses):
        assert len(part._found) <= 3


@pytest.mark.parametrize("pack_id", ["dungeon-turn", "site-alarm", "tension-dice", "wilderness-watches"])
def test_the_public_steps_make_the_unit_step_unit_makes(pack_id: str) -> None:
    """pass_unit, check_due and resolve, one after the other, do what step_unit does with the same dice."""
    pack = builtin(pack_id)
    faces = itertools.cycle([1, 6, 3, 2, 5, 4, 6, 6, 1])
    state = initial_state(pack)
    dues = 0
    for unit in range(1, 40):
        result = next(faces)

        def roll(_dice: int, face: int = result) -> int:
            return face

        step = step_unit(pack, state, unit, roll)
        passed = pass_unit(pack, state, unit)
        assert check_due(pack, passed, unit) == step.due, unit
        if step.rolled:
            dues += 1
            resolved = resolve(pack, passed, result)
            assert (resolved.encounter, resolved.peak, resolved.outcome) == (step.encounter, step.peak, step.outcome)
        state = step.state
    assert dues >= 4
