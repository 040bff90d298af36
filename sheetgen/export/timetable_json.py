"""A pre-rolled Timetable in, its JSON data (and the JSON Schema of that data) out.

``timetable_json``; ``timetable_json_schema`` is its JSON Schema. Exact fractions are strings
such as "1/6"; ``approx`` is the same number rounded to 6 places::

    {"format": "sheetgen-timetable", "version": 1, "seed": int, "hours": int,
     "pack": {"id", "name"}, "site": str|null, "encounters_pack": str|null,
     "unit": {"name", "plural", "minutes": "10", "count": int},
     "check": null | {"name", "formula", "result", "roll", "pool_dice": int|null},
     "tracks": [{"id", "name", "start"}],
     "odds": null | {"checks": [{"index", "unit", "clock", "chance", "chance_first", "rolled"}],
                     "by_hour": [{"hour", "chance"}], "expected_encounters",
                     "expected_minutes_to_first": {...}|null,       # each chance: {"exact", "approx"}; exact
                     "outcomes"?: [{"name", "chances": [...], "by_hour": [...], "expected"}],  # is null past
                                                                    # 1,000 digits; ? only when there are some
                     "rolls"?: [{"id", "name", "times": [{"unit", "clock", "rolled"}],  # the other rolls;
                                 "outcomes": [...]}],       # their outcomes' chances match "times"
                     "resources"?: [{"id", "name", "boxes", "by_rate", "by_outcomes",
                                     "by_rolls"?, "gone_by_hour"?: [...], "lasts_units"?, "out_units"?,
                                     "after"?}]},  # the ? fields: for a resource that dice run down
     "rows": [{"index", "unit", "clock", "when", "dice_text", "dice": [int], "roll": int|null,
               "rule", "outcome": str|null,
               "pool_reads": [{"dice", "result", "rule", "outcome"}],
               "baseline": {"rolled", "dice": int|null, "result": int|null, "encounter",
                            "levels": [{"track", "name", "level"}], "omens": [str], "text",
                            "named_outcome"?: {"name", "index", "sign_card": int|null}}}],
     "deck": {"source": str|null, "note", "size_rule", "morale_rule": str|null,
              "cards": [{"index", "dice", "roll", "faces", "range", "name", "text",
                         "appearing": {"dice", "roll", "faces"},
                         "distance": table-roll|null, "reaction": table-roll|null,
                         "morale": int|null, "morale_check": {"roll", "faces", "fails": bool|null}|null,
                         "zone": str|null, "zone_text": str|null,
                         "stat": {"id", "name"}|null, "signs"?: [{"outcome", "unit"}],
                         "openings"?: [{"name", "side", "dice", "roll", "faces", "result": str|null}],
                         "creature"?: false}]},
     "note": str, "runs_out"?: [{"resource", "name", "unit"}],
     # runs_out, and a row's baseline "resources"?, "ran_out"? and "due"? (lists of {"rest", "name",
     # "unit"}, or for a condition's state {"condition", "name", "unit", "state"}): only for resources
     # that run down and rests and conditions that fall due; a baseline's "rolls"? ([{"roll", "name",
     # "unit", "faces", "total", "outcome": str|null, "sign_card": int|null}]): the other rolls since the
     # row before, only for a pack with other rolls
     "spares"?: {"when": [str], "rolls": [{"index", "dice": [int], "roll": int|null}]}}  # with check.extra
    table-roll: {"table", "name", "dice", "roll", "faces", "range", "columns": [str], "cells": [str]}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sheetgen.engine.deck import TableRoll
from sheetgen.engine.timetable import CheckRow, Timetable, TrackLevel
from sheetgen.engine.types import Odds, OutcomeOdds, ResourceUse
from sheetgen.words import (
    SIZE_RULE,
    baseline_text,
    clock,
    deck_note,
    deck_source,
    morale_rule,
    omen_text,
    read_rule,
    row_clock,
    row_dice,
    row_rule,
    row_when,
    timetable_note,
    timetable_roll,
)

#: An exact fraction longer than this is written as null: past it, turning it into digits costs more
#: than the rest of the timetable (Python refuses integers of more than 4,300 digits by default).
MAX_EXACT_DIGITS = 1_000


def _chance(p: Fraction) -> dict[str, Any]:
    if max(p.numerator.bit_length(), p.denominator.bit_length()) > MAX_EXACT_DIGITS * 3.32:
        return {"exact": None, "approx": round(float(p), 6)}
    return {
        "exact": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
        "approx": round(float(p), 6),
    }


def _odds_json(odds: Odds | None) -> dict[str, Any] | None:
    if odds is None:
        return None
    first = odds.expected_minutes_to_first
    return {
        "checks": [
            {
                "index": c.index,
                "unit": c.unit,
                "clock": clock(c.minute * 60),
                "chance": _chance(c.chance),
                "chance_first": _chance(c.chance_first),
                "rolled": _chance(c.rolled),
            }
            for c in odds.checks
        ],
        "by_hour": [{"hour": h, "chance": _chance(p)} for h, p in enumerate(odds.by_hour, start=1)],
        "expected_encounters": _chance(odds.expected_encounters),
        "expected_minutes_to_first": None if first is None else _chance(first),
        **({"outcomes": [_outcome_json(o) for o in odds.outcomes]} if odds.outcomes else {}),
        **(
            {
                "rolls": [
                    {
                        "id": r.id,
                        "name": r.name,
                        "times": [
                            {"unit": t.unit, "clock": clock(t.minute * 60), "rolled": _chance(t.rolled)}
                            for t in r.times
                        ],
                        "outcomes": [_outcome_json(o) for o in r.outcomes],
                    }
                    for r in odds.rolls
                ]
            }
            if odds.rolls
            else {}
        ),
        **({"resources": [_resource_json(u) for u in odds.resources]} if odds.resources else {}),
    }


def _outcome_json(o: OutcomeOdds) -> dict[str, Any]:
    return {
        "name": o.name,
        "chances": [_chance(p) for p in o.chances],
        "by_hour": [{"hour": h, "chance": _chance(p)} for h, p in enumerate(o.by_hour, start=1)],
        "expected": _chance(o.expected),
    }


def _resource_json(u: ResourceUse) -> dict[str, Any]:
    """A resource's use; for one that dice run down, also its chance of being gone by each hour and the
    units it is expected to last (once lit) and to be gone after."""
    data: dict[str, Any] = {
        "id": u.resource,
        "name": u.name,
        "boxes": u.boxes,
        "by_rate": u.by_rate,
        "by_outcomes": _chance(u.by_outcomes),
    }
    if u.by_dice:
        data.update(
            {
                "by_rolls": _chance(u.by_rolls),
                "gone_by_hour": [{"hour": h, "chance": _chance(p)} for h, p in enumerate(u.gone_by_hour, start=1)],
                "lasts_units": None if u.lasts_units is None else _chance(u.lasts_units),
                "out_units": None if u.out_units is None else _chance(u.out_units),
                "after": u.after,
            }
        )
    return data


def _baseline_json(t: Timetable, r: CheckRow) -> dict[str, Any]:
    b = r.baseline
    data: dict[str, Any] = {
        "rolled": b.rolled,
        "dice": b.dice,
        "result": b.result,
        "encounter": b.encounter,
        "levels": _levels_json(b.levels),
        "omens": [omen_text(t.pack, o) for o in b.omens],
        "text": baseline_text(t, r),
    }
    if b.outcome is not None:  # only for a check with named outcomes: older files keep their shape
        data["named_outcome"] = {"name": b.outcome, "index": b.outcome_index, "sign_card": b.sign_card}
    if b.resources:  # only for resources that run down
        data["resources"] = _levels_json(b.resources)
        data["ran_out"] = [{"resource": o.resource, "name": o.name, "unit": o.unit} for o in b.ran_out]
    if b.rolls:  # only for a pack with other rolls
        data["rolls"] = [
            {
                "roll": d.roll,
                "name": d.name,
                "unit": d.unit,
                "faces": list(d.faces),
                "total": d.total,
                "outcome": d.outcome,
                "sign_card": d.sign_card,
            }
            for d in b.rolls
        ]
    if b.rests_due:  # only for rests that fall due every N units and conditions
        data["due"] = [
            {"rest": d.rest, "name": d.name, "unit": d.unit}
            if d.state is None
            else {"condition": d.rest, "name": d.name, "unit": d.unit, "state": d.state}
            for d in b.rests_due
        ]
    return data


def _table_roll_json(t: TableRoll | None) -> dict[str, Any] | None:
    if t is None:
        return None
    return {
        "table": t.table,
        "name": t.name,
        "dice": t.dice,
        "roll": t.roll,
        "faces": list(t.faces),
        "range": t.range,
        "columns": list(t.columns),
        "cells": list(t.cells),
    }


def _levels_json(levels: tuple[TrackLevel, ...]) -> list[dict[str, Any]]:
    return [{"track": lv.track, "name": lv.name, "level": lv.level} for lv in levels]


def timetable_json(t: Timetable) -> dict[str, Any]:
    """The timetable as plain JSON data, in the shape the module docstring shows."""
    minutes = t.unit_minutes
    return {
        "format": "sheetgen-timetable",
        "version": 1,
        "seed": t.seed,
        "hours": t.hours,
        "pack": {"id": t.pack_id, "name": t.pack_name},
        "site": t.site_name,
        "encounters_pack": t.encounter_pack_id,
        "unit": {
            "name": t.unit_name,
            "plural": t.unit_plural,
            "minutes": str(minutes) if minutes.denominator != 1 else str(minutes.numerator),
            "count": t.units,
        },
        "check": None
        if t.check_name is None
        else {
            "name": t.check_name,
            "formula": t.formula,
            "result": t.result_word,
            "roll": timetable_roll(t),
            "pool_dice": t.pool_dice,
        },
        "tracks": [{"id": lv.track, "name": lv.name, "start": lv.level} for lv in t.tracks],
        "odds": _odds_json(t.odds),
        "rows": [
            {
                "index": r.index,
                "unit": r.unit,
                "clock": row_clock(t, r),
                "when": row_when(t, r),
                "dice_text": row_dice(t, r),
                "dice": list(r.dice),
                "roll": r.roll,
                "rule": row_rule(t, r),
                "outcome": r.outcome,
                "pool_reads": [
                    {"dice": p.dice, "result": p.result, "rule": read_rule(t, p), "outcome": p.outcome}
                    for p in r.pool_reads
                ],
                "baseline": _baseline_json(t, r),
            }
            for r in t.rows
        ],
        "deck": {
            "source": deck_source(t),
            "note": deck_note(t),
            "size_rule": SIZE_RULE,
            "morale_rule": morale_rule(t),
            "cards": [
                {
                    "index": c.index,
                    "dice": c.dice,
                    "roll": c.roll,
                    "faces": list(c.faces),
                    "range": c.range,
                    "name": c.name,
                    "text": c.text,
                    "appearing": {"dice": c.appearing_dice, "roll": c.appearing, "faces": list(c.appearing_faces)},
                    "distance": _table_roll_json(c.distance),
                    "reaction": _table_roll_json(c.reaction),
                    "morale": c.morale,
                    "morale_check": None
                    if c.morale_roll is None
                    else {"roll": c.morale_roll, "faces": list(c.morale_faces), "fails": c.morale_fails},
                    "zone": c.zone,
                    "zone_text": c.zone_text,
                    "stat": None if c.stat_id is None else {"id": c.stat_id, "name": c.stat_name},
                    **({"signs": [{"outcome": g.outcome, "unit": g.unit} for g in c.signs]} if c.signs else {}),
                    **(
                        {
                            "openings": [
                                {
                                    "name": o.name,
                                    "side": o.side,
                                    "dice": o.dice,
                                    "roll": o.roll,
                                    "faces": list(o.faces),
                                    "result": o.result,
                                }
                                for o in c.openings
                            ]
                        }
                        if c.openings
                        else {}
                    ),
                    **({"creature": False} if not c.creature else {}),
                }
                for c in t.deck
            ],
        },
        "note": timetable_note(t),
        **(
            {"runs_out": [{"resource": o.resource, "name": o.name, "unit": o.unit} for o in t.runs_out]}
            if t.runs_out
            else {}
        ),
        **(
            {
                "spares": {
                    "when": list(t.spare_when),
                    "rolls": [{"index": sp.index, "dice": list(sp.dice), "roll": sp.roll} for sp in t.spares],
                }
            }
            if t.spares
            else {}
        ),
    }


def timetable_json_schema() -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of :func:`timetable_json`'s output."""
    string, integer, boolean = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}

    def nullable(schema: dict[str, Any]) -> dict[str, Any]:
        return {"anyOf": [schema, {"type": "null"}]}

    def obj(**props: Any) -> dict[str, Any]:
        return {"type": "object", "required": list(props), "properties": props, "additionalProperties": False}

    def array(items: dict[str, Any]) -> dict[str, Any]:
        return {"type": "array", "items": items}

    def optional(schema: dict[str, Any], **props: Any) -> dict[str, Any]:
        return {**schema, "properties": {**schema["properties"], **props}}

    chance = obj(exact=nullable({"type": "string", "pattern": r"^-?[0-9]+(/[0-9]+)?$"}), approx={"type": "number"})
    level = obj(track=string, name=string, level=integer)
    outcome = obj(name=string, chances=array(chance), by_hour=array(obj(hour=integer, chance=chance)), expected=chance)
    table_roll = obj(
        table=string,
        name=string,
        dice=string,
        roll=integer,
        faces=array(integer),
        range=string,
        columns=array(string),
        cells=array(string),
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "sheetgen pre-rolled timetable",
        **optional(
            obj(
                format={"const": "sheetgen-timetable"},
                version={"const": 1},
                seed=integer,
                hours={"type": "integer", "minimum": 1},
                pack=obj(id=string, name=string),
                site=nullable(string),
                encounters_pack=nullable(string),
                unit=obj(name=string, plural=string, minutes=string, count=integer),
                check=nullable(
                    obj(name=string, formula=string, result=string, roll=string, pool_dice=nullable(integer))
                ),
                tracks=array(obj(id=string, name=string, start=integer)),
                odds=nullable(
                    optional(
                        obj(
                            checks=array(
                                obj(
                                    index=integer,
                                    unit=integer,
                                    clock=string,
                                    chance=chance,
                                    chance_first=chance,
                                    rolled=chance,
                                )
                            ),
                            by_hour=array(obj(hour=integer, chance=chance)),
                            expected_encounters=chance,
                            expected_minutes_to_first=nullable(chance),
                        ),
                        outcomes=array(outcome),
                        rolls=array(
                            obj(
                                id=string,
                                name=string,
                                times=array(obj(unit=integer, clock=string, rolled=chance)),
                                outcomes=array(outcome),
                            )
                        ),
                        resources=array(
                            optional(
                                obj(id=string, name=string, boxes=integer, by_rate=integer, by_outcomes=chance),
                                by_rolls=chance,
                                gone_by_hour=array(obj(hour=integer, chance=chance)),
                                lasts_units=nullable(chance),
                                out_units=nullable(chance),
                                after=nullable(string),
                            )
                        ),
                    )
                ),
                rows=array(
                    obj(
                        index=integer,
                        unit=integer,
                        clock=string,
                        when=string,
                        dice_text=string,
                        dice=array(integer),
                        roll=nullable(integer),
                        rule=string,
                        outcome=nullable(string),
                        pool_reads=array(obj(dice=integer, result=integer, rule=string, outcome=nullable(string))),
                        baseline=optional(
                            obj(
                                rolled=boolean,
                                dice=nullable(integer),
                                result=nullable(integer),
                                encounter=boolean,
                                levels=array(level),
                                omens=array(string),
                                text=string,
                            ),
                            named_outcome=obj(name=string, index=integer, sign_card=nullable(integer)),
                            resources=array(level),
                            ran_out=array(obj(resource=string, name=string, unit=integer)),
                            due=array(
                                {
                                    "oneOf": [
                                        obj(rest=string, name=string, unit=integer),
                                        obj(condition=string, name=string, unit=integer, state=string),
                                    ]
                                }
                            ),
                            rolls=array(
                                obj(
                                    roll=string,
                                    name=string,
                                    unit=integer,
                                    faces=array(integer),
                                    total=integer,
                                    outcome=nullable(string),
                                    sign_card=nullable(integer),
                                )
                            ),
                        ),
                    )
                ),
                deck=obj(
                    source=nullable(string),
                    note=string,
                    size_rule=string,
                    morale_rule=nullable(string),
                    cards=array(
                        optional(
                            obj(
                                index=integer,
                                dice=string,
                                roll=integer,
                                faces=array(integer),
                                range=string,
                                name=string,
                                text=string,
                                appearing=obj(dice=string, roll=integer, faces=array(integer)),
                                distance=nullable(table_roll),
                                reaction=nullable(table_roll),
                                morale=nullable(integer),
                                morale_check=nullable(obj(roll=integer, faces=array(integer), fails=nullable(boolean))),
                                zone=nullable(string),
                                zone_text=nullable(string),
                                stat=nullable(obj(id=string, name=nullable(string))),
                            ),
                            signs=array(obj(outcome=string, unit=integer)),
                            openings=array(
                                obj(
                                    name=string,
                                    side=string,
                                    dice=string,
                                    roll=integer,
                                    faces=array(integer),
                                    result=nullable(string),
                                )
                            ),
                            creature=boolean,
                        )
                    ),
                ),
                note=string,
            ),
            runs_out=array(obj(resource=string, name=string, unit=integer)),
            spares=obj(
                when=array(string), rolls=array(obj(index=integer, dice=array(integer), roll=nullable(integer)))
            ),
        ),
    }
