"""Exact phrases of sheetgen.words.mechanics: what outcomes do, the other rolls of a row, resources running
out, rests and conditions falling due, spare dice, signs, pools' notes, encounter openings and the round
tracker's key, in English and German."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from phrasing import card_of, in_german, pack_of

from sheetgen.engine.deck import OpeningRoll
from sheetgen.engine.due import RestDue
from sheetgen.engine.resources import ResourceOut
from sheetgen.engine.timetable import RollDone, SpareRoll
from sheetgen.model.pack import Condition, OutcomeEffect, Pack, Pool, Roll
from sheetgen.words import mechanics
from sheetgen.words.language import using

BOLD = ("**", "**")


PACK = pack_of(
    tracks=[{"id": "danger", "name": "Danger", "max": 5, "start": 1}, {"id": "alarm", "name": "Alarm", "max": 10}],
    resources=[
        {
            "id": "torches",
            "name": "Torches",
            "every": 1,
            "when_out": [{"track": "danger", "by": 2}, {"track": "alarm", "reset": True}],
        },
        {
            "id": "lantern",
            "name": "Lantern",
            "every": 1,
            "after": "torches",
            "when_out": [{"track": "danger", "by": -1}],
        },
        {"id": "rations", "name": "Rations"},
    ],
    rests=[{"id": "rest", "name": "Rest", "time": "10 minutes", "every": 6}],
    conditions=[{"id": "grind", "name": "The Grind", "every": 4, "states": ["Hungry", "Exhausted"]}],
    check={
        "name": "Wandering Monsters",
        "when": "every turn",
        "formula": "Roll 1d6.",
        "roll": "1d6",
        "trigger": {"faces": [1]},
        "outcomes": [
            {"roll": 1, "result": "Encounter"},
            {"roll": 2, "result": "Spoor", "effects": [{"sign": True}]},
            {"roll": 3, "result": "Echo"},
            {"roll": 4, "result": "Draught", "effects": [{"resource": "torches", "by": -1}, {"lasts": 2}]},
        ],
    },
    rolls=[
        {
            "id": "torch",
            "name": "Torch",
            "when": "every turn",
            "roll": "1d6",
            "outcomes": [{"roll": 1, "result": "Torch gutters", "effects": [{"resource": "torches", "by": -1}]}],
        },
        {
            "id": "search",
            "name": "Search",
            "when": "every turn",
            "roll": "3d6",
            "read": "highest",
            "outcomes": [{"roll": 6, "result": "Way found"}],
        },
    ],
)
"""A pack of 10-minute turns whose check names four outcomes (numbered 0-3; the Torch roll's is 4, the
Search roll's 5), with a light lit after another, a rest due every 6 turns and a condition every 4."""

GUTTERS = RollDone("torch", "Torch", 2, (1,), 1, "Torch gutters", 4)
FLICKERS = RollDone("torch", "Torch", 1, (4,), 4, None)
FOUND = RollDone("search", "Search", 3, (2, 6, 3), 11, "Way found", 5)
UNFOUND = RollDone("search", "Search", 4, (1, 5, 2), 8, None)
TORCHES_OUT = ResourceOut("torches", "Torches", 6)
LANTERN_OUT = ResourceOut("lantern", "Lantern", 12)
RATIONS_OUT = ResourceOut("rations", "Rations", 3)
REST = RestDue("rest", "Rest", 6)
HUNGRY = RestDue("grind", "The Grind", 4, "Hungry")


# --- a moment of play ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("time", "unit", "said"),
    [
        ({"unit": "turn", "length": "10 minutes"}, 0, "0:00"),
        ({"unit": "turn", "length": "10 minutes"}, 1, "0:10"),
        ({"unit": "turn", "length": "10 minutes"}, 6, "1:00"),
        ({"unit": "turn", "length": "10 minutes"}, 25, "4:10"),
        ({"unit": "round", "length": "10 seconds"}, 1, "0:00:10"),
        ({"unit": "round", "length": "10 seconds"}, 6, "0:01"),
        ({"unit": "watch", "length": "4 hours"}, 6, "24:00"),
        ({"unit": "watch", "length": "4 hours"}, 7, "28:00"),
    ],
)
def test_the_end_of_a_unit_as_a_clock(time: dict[str, Any], unit: int, said: str) -> None:
    assert mechanics.clock_at(pack_of(time=time), unit) == said


# --- what an outcome does ------------------------------------------------------------------------------------

EFFECTS: list[tuple[dict[str, Any], str, str, str]] = [  # the effect; alone; with card 2 until 0:40; in German
    ({"track": "danger", "by": 1}, "Danger +1", "Danger +1", "Danger +1"),
    ({"track": "danger", "by": -2}, "Danger −2", "Danger −2", "Danger −2"),
    ({"track": "alarm", "reset": True}, "Alarm back to 0", "Alarm back to 0", "Alarm zurück auf 0"),
    ({"track": "danger", "reset": True}, "Danger back to 1", "Danger back to 1", "Danger zurück auf 1"),
    ({"resource": "torches", "by": -1}, "Torches −1 box", "Torches −1 box", "Torches −1 Kästchen"),
    ({"resource": "torches", "by": -2}, "Torches −2 boxes", "Torches −2 boxes", "Torches −2 Kästchen"),
    ({"resource": "torches", "by": 1}, "Torches +1 box", "Torches +1 box", "Torches +1 Kästchen"),
    ({"resource": "torches", "by": 3}, "Torches +3 boxes", "Torches +3 boxes", "Torches +3 Kästchen"),
    ({"resource": "torches", "reset": True}, "Torches refilled", "Torches refilled", "Torches aufgefüllt"),
    ({"sign": True}, "foretells the next encounter", "foretells encounter 2", "kündigt Begegnung 2 an"),
    ({"lasts": 1}, "for 1 turn", "for 1 turn, until 0:40", "für 1 turn, bis 0:40"),
    ({"lasts": 3}, "for 3 turns", "for 3 turns, until 0:40", "für 3 turns, bis 0:40"),
]


@pytest.mark.parametrize(("effect", "alone", "dated", "german"), EFFECTS)
def test_what_an_outcomes_effect_does(effect: dict[str, Any], alone: str, dated: str, german: str) -> None:
    e = OutcomeEffect.model_validate(effect)
    said = (mechanics.effect_phrase(PACK, e), mechanics.effect_phrase(PACK, e, card=2, until="0:40"))
    assert (*said, in_german(lambda: mechanics.effect_phrase(PACK, e, card=2, until="0:40"))) == (alone, dated, german)


def test_the_next_encounter_is_foretold_in_german() -> None:
    sign = OutcomeEffect.model_validate({"sign": True})
    assert in_german(lambda: mechanics.effect_phrase(PACK, sign)) == "kündigt die nächste Begegnung an"


@pytest.mark.parametrize(
    ("outcome", "unit", "card", "said"),
    [
        (-1, 1, None, []),
        (0, 1, None, []),
        (1, 1, None, ["foretells the next encounter"]),
        (1, 1, 3, ["foretells encounter 3"]),
        (3, 3, None, ["Torches −1 box", "for 2 turns, until 0:50"]),
        (3, 6, None, ["Torches −1 box", "for 2 turns, until 1:20"]),
        (4, 2, None, ["Torches −1 box"]),
        (5, 2, None, []),
    ],
)
def test_what_a_named_outcome_rolled_at_the_end_of_a_unit_does(
    outcome: int, unit: int, card: int | None, said: list[str]
) -> None:
    assert mechanics.outcome_effect_phrases(PACK, outcome, unit, card) == said


@pytest.mark.parametrize(
    ("lang", "name", "effects", "said"),
    [
        ("en", "Echo", [], "Echo"),
        ("en", "Spoor", ["foretells encounter 2"], "Spoor: foretells encounter 2"),
        ("en", "Draught", ["Torches −1 box", "for 2 turns"], "Draught: Torches −1 box, for 2 turns"),
        ("fr", "Spoor", ["x"], "Spoor\u202f: x"),
    ],
)
def test_a_named_outcome_and_what_it_does(lang: str, name: str, effects: list[str], said: str) -> None:
    with using(lang):
        assert mechanics.outcome_phrase(PACK, name, effects) == said


# --- what a timetable row adds -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolls", "bold", "said"),
    [
        ([], ("", ""), []),
        ([FLICKERS], ("", ""), ["Torch 1d6: 0:10 4"]),
        ([FLICKERS, GUTTERS], ("", ""), ["Torch 1d6: 0:10 4, 0:20 1 Torch gutters (Torches −1 box)"]),
        ([UNFOUND], ("", ""), ["Search 3d6, highest die: 0:40 1, 5, 2 = 5"]),
        (
            [FLICKERS, FOUND, GUTTERS, UNFOUND],
            ("", ""),
            [
                "Torch 1d6: 0:10 4, 0:20 1 Torch gutters (Torches −1 box)",
                "Search 3d6, highest die: 0:30 2, 6, 3 = 6 Way found, 0:40 1, 5, 2 = 5",
            ],
        ),
        ([GUTTERS], BOLD, ["**Torch** 1d6: 0:20 1 Torch gutters (Torches −1 box)"]),
    ],
)
def test_the_other_rolls_of_a_row(rolls: list[RollDone], bold: tuple[str, str], said: list[str]) -> None:
    assert mechanics.rolls_phrases(PACK, rolls, bold) == said


def test_the_other_rolls_of_a_row_in_german() -> None:
    assert in_german(lambda: mechanics.rolls_phrases(PACK, [GUTTERS, FOUND])) == [
        "Torch 1d6: 0:20 1 Torch gutters (Torches −1 Kästchen)",
        "Search 3d6, höchster Würfel: 0:30 2, 6, 3 = 6 Way found",
    ]


ROWS: list[
    tuple[tuple[int, int, int | None], Sequence[ResourceOut], Sequence[RestDue], Sequence[RollDone], list[str]]
] = [
    ((1, -1, None), [], [], [], []),
    ((1, 0, None), [], [], [], []),
    ((1, 1, None), [], [], [], ["Spoor: foretells the next encounter"]),
    ((1, 1, 2), [], [], [], ["Spoor: foretells encounter 2"]),
    ((1, 2, None), [], [], [], ["Echo"]),
    ((3, 3, None), [], [], [], ["Draught: Torches −1 box, for 2 turns, until 0:50"]),
    ((3, -1, None), [RATIONS_OUT], [], [], ["Rations out at 0:30"]),
    ((6, -1, None), [TORCHES_OUT], [], [], ["Torches out at 1:00: Lantern lit, Danger +2, Alarm back to 0"]),
    ((12, -1, None), [LANTERN_OUT], [], [], ["Lantern out at 2:00: Danger −1"]),
    ((6, -1, None), [], [REST], [], ["Rest due at 1:00"]),
    ((4, -1, None), [], [HUNGRY], [], ["The Grind at 0:40: Hungry"]),
    (
        (6, 1, 3),
        [TORCHES_OUT],
        [REST, HUNGRY],
        [GUTTERS],
        [
            "Spoor: foretells encounter 3",
            "Torch 1d6: 0:20 1 Torch gutters (Torches −1 box)",
            "The Grind at 0:40: Hungry",
            "Torches out at 1:00: Lantern lit, Danger +2, Alarm back to 0",
            "Rest due at 1:00",
        ],
    ),
]


@pytest.mark.parametrize(("row", "ran_out", "due", "rolls", "said"), ROWS)
def test_what_a_row_adds_after_the_quiet_partys_result(
    row: tuple[int, int, int | None],
    ran_out: Sequence[ResourceOut],
    due: Sequence[RestDue],
    rolls: Sequence[RollDone],
    said: list[str],
) -> None:
    unit, outcome, card = row
    assert mechanics.row_extras(PACK, unit, outcome, card, ran_out, due, rolls) == said


def test_what_a_row_adds_in_german() -> None:
    said = in_german(lambda: mechanics.row_extras(PACK, 6, 3, None, [TORCHES_OUT], [REST, HUNGRY]))
    assert said == [
        "Draught: Torches −1 Kästchen, für 2 turns, bis 1:20",
        "The Grind um 0:40: Hungry",
        "Torches aus um 1:00: Lantern angezündet, Danger +2, Alarm zurück auf 0",
        "Rest fällig um 1:00",
    ]


# --- resources running out ---------------------------------------------------------------------------------


def test_the_light_lit_after_another() -> None:
    assert [mechanics.lit_after(PACK, r) for r in ("torches", "lantern", "rations", "nothing")] == [
        "Lantern",
        None,
        None,
        None,
    ]


@pytest.mark.parametrize(
    ("resource", "english", "german"),
    [
        ("torches", "Danger +2, Alarm back to 0", "Danger +2, Alarm zurück auf 0"),
        ("lantern", "Danger −1", "Danger −1"),
        ("rations", "", ""),
    ],
)
def test_what_a_resource_running_out_moves(resource: str, english: str, german: str) -> None:
    r = next(r for r in PACK.resources if r.id == resource)
    assert (mechanics.when_out_phrase(PACK, r), in_german(lambda: mechanics.when_out_phrase(PACK, r))) == (
        english,
        german,
    )


@pytest.mark.parametrize(
    ("seconds", "outs", "english", "german"),
    [
        (600, [], "", ""),
        (600, [TORCHES_OUT], "Torches out at 1:00", "Torches aus um 1:00"),
        (
            600,
            [TORCHES_OUT, LANTERN_OUT],
            "Torches out at 1:00, Lantern out at 2:00",
            "Torches aus um 1:00, Lantern aus um 2:00",
        ),
        (14400, [RATIONS_OUT], "Rations out at 12:00", "Rations aus um 12:00"),
    ],
)
def test_what_runs_out_and_when(seconds: int, outs: list[ResourceOut], english: str, german: str) -> None:
    said = mechanics.runs_out_text(seconds, outs)
    assert (said, in_german(lambda: mechanics.runs_out_text(seconds, outs))) == (english, german)


@pytest.mark.parametrize(
    ("outs", "strong", "english", "german"),
    [
        (
            [TORCHES_OUT],
            ("", ""),
            "Runs out, quiet party: Torches out at 1:00",
            "Geht aus, ruhige Gruppe: Torches aus um 1:00",
        ),
        (
            [TORCHES_OUT, LANTERN_OUT],
            BOLD,
            "**Runs out, quiet party:** Torches out at 1:00, Lantern out at 2:00",
            "**Geht aus, ruhige Gruppe:** Torches aus um 1:00, Lantern aus um 2:00",
        ),
    ],
)
def test_the_line_of_what_runs_out(outs: list[ResourceOut], strong: tuple[str, str], english: str, german: str) -> None:
    said = mechanics.runs_out_line(600, outs, strong)
    assert (said, in_german(lambda: mechanics.runs_out_line(600, outs, strong))) == (english, german)


@pytest.mark.parametrize(
    ("name", "clock", "out", "due", "german"),
    [
        ("Torch", "1:00", "Torch out at 1:00", "Torch due at 1:00", ("Torch aus um 1:00", "Torch fällig um 1:00")),
        (
            "Short Rest",
            "0:00:30",
            "Short Rest out at 0:00:30",
            "Short Rest due at 0:00:30",
            ("Short Rest aus um 0:00:30", "Short Rest fällig um 0:00:30"),
        ),
    ],
)
def test_a_resource_out_and_a_rest_due(name: str, clock: str, out: str, due: str, german: tuple[str, str]) -> None:
    said = (mechanics.out_phrase(name, clock), mechanics.due_phrase(name, clock))
    assert (*said, in_german(lambda: (mechanics.out_phrase(name, clock), mechanics.due_phrase(name, clock)))) == (
        out,
        due,
        german,
    )


# --- rates, rests and conditions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "english", "german"), [(0, "0 boxes", "0 Kästchen"), (1, "1 box", "1 Kästchen"), (2, "2 boxes", "2 Kästchen")]
)
def test_a_count_of_boxes(n: int, english: str, german: str) -> None:
    assert (mechanics.boxes(n), in_german(lambda: mechanics.boxes(n))) == (english, german)


@pytest.mark.parametrize(
    ("every", "use", "rate", "due", "german"),
    [
        (1, 1, "1 box every turn", "due every turn", ("1 Kästchen je turn", "fällig je turn")),
        (1, 2, "2 boxes every turn", "due every turn", ("2 Kästchen je turn", "fällig je turn")),
        (2, 1, "1 box every 2 turns", "due every 2 turns", ("1 Kästchen alle 2 turns", "fällig alle 2 turns")),
        (6, 3, "3 boxes every 6 turns", "due every 6 turns", ("3 Kästchen alle 6 turns", "fällig alle 6 turns")),
    ],
)
def test_a_rate_and_a_rest_every_so_many_units(
    every: int, use: int, rate: str, due: str, german: tuple[str, str]
) -> None:
    pack = pack_of()
    said = (mechanics.rate_phrase(pack, every, use), mechanics.due_every_text(pack, every))
    assert (
        *said,
        in_german(lambda: (mechanics.rate_phrase(pack, every, use), mechanics.due_every_text(pack, every))),
    ) == (
        rate,
        due,
        german,
    )


@pytest.mark.parametrize(
    ("time", "every", "english", "german"),
    [
        ({"unit": "turn", "length": "10 minutes"}, 1, "every turn", "je turn"),
        ({"unit": "turn", "length": "10 minutes"}, 6, "every 6 turns", "alle 6 turns"),
        ({"unit": "watch", "units": "watches", "length": "4 hours"}, 2, "every 2 watches", "alle 2 watches"),
    ],
)
def test_every_unit_or_so_many(time: dict[str, Any], every: int, english: str, german: str) -> None:
    pack = pack_of(time=time)
    assert (mechanics.every_unit(pack, every), in_german(lambda: mechanics.every_unit(pack, every))) == (
        english,
        german,
    )


@pytest.mark.parametrize(
    ("states", "timed", "untimed", "german"),
    [
        (["Hungry"], "Hungry (0:40)", "Hungry", "Hungry (0:40)"),
        (
            ["Hungry", "Exhausted"],
            "Hungry (0:40), then Exhausted (1:20)",
            "Hungry, then Exhausted",
            "Hungry (0:40), dann Exhausted (1:20)",
        ),
        (
            ["Hungry", "Weary", "Exhausted"],
            "Hungry (0:40), then Weary (1:20), then Exhausted (2:00)",
            "Hungry, then Weary, then Exhausted",
            "Hungry (0:40), dann Weary (1:20), dann Exhausted (2:00)",
        ),
    ],
)
def test_a_conditions_states_in_order(states: list[str], timed: str, untimed: str, german: str) -> None:
    grind = Condition.model_validate({"id": "grind", "name": "The Grind", "every": 4, "states": states})
    said = (mechanics.conditions_order_text(PACK, grind), mechanics.conditions_order_text(PACK, grind, at_times=False))
    assert (*said, in_german(lambda: mechanics.conditions_order_text(PACK, grind))) == (timed, untimed, german)


def test_a_conditions_next_state_falling_due() -> None:
    said = mechanics.condition_phrase("The Grind", "Exhausted", "0:40")
    assert (said, in_german(lambda: mechanics.condition_phrase("The Grind", "Exhausted", "0:40"))) == (
        "The Grind at 0:40: Exhausted",
        "The Grind um 0:40: Exhausted",
    )


# --- spare dice and signs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "when", "strong", "said"),
    [
        ("en", ["the party fights"], ("", ""), "Spare dice (the party fights), used in order"),
        (
            "en",
            ["the party fights or makes a loud noise", "a bright light is lit"],
            BOLD,
            "**Spare dice** (the party fights or makes a loud noise; a bright light is lit), used in order",
        ),
        ("de", ["the party fights"], BOLD, "**Ersatzwürfel** (the party fights), der Reihe nach genutzt"),
        ("fr", ["a", "b"], ("", ""), "Dés de réserve (a\u202f; b), utilisés dans l’ordre"),
    ],
)
def test_the_heading_of_the_spare_dice(lang: str, when: list[str], strong: tuple[str, str], said: str) -> None:
    with using(lang):
        assert mechanics.spares_heading(when, strong) == said


SPARES = [SpareRoll(1, (4,), 4), SpareRoll(2, (3, 3), 6), SpareRoll(3, (1, 3, 5), None)]


@pytest.mark.parametrize(
    ("lang", "spares", "strong", "said"),
    [
        ("en", [], ("", ""), ""),
        ("en", SPARES[:1], ("", ""), "1: 4"),
        ("en", SPARES, ("", ""), "1: 4 · 2: 6 · 3: 1 3 5"),
        ("en", SPARES, BOLD, "1: **4** · 2: **6** · 3: **1 3 5**"),
        ("fr", SPARES[1:], ("", ""), "2\u202f: 6 · 3\u202f: 1 3 5"),
    ],
)
def test_the_spare_rolls(lang: str, spares: list[SpareRoll], strong: tuple[str, str], said: str) -> None:
    with using(lang):
        assert mechanics.spares_text(spares, strong) == said


@pytest.mark.parametrize(
    ("lang", "signs", "said"),
    [
        ("en", [], ""),
        ("en", [("Spoor", 1800)], "Spoor (0:30)"),
        ("en", [("Spoor", 1800), ("Echo", 4200), ("Tracks", 30)], "Spoor (0:30); Echo (1:10); Tracks (0:00:30)"),
        ("fr", [("Spoor", 1800), ("Echo", 4200)], "Spoor (0:30)\u202f; Echo (1:10)"),
    ],
)
def test_the_outcomes_that_foretell_a_card(lang: str, signs: list[tuple[str, int]], said: str) -> None:
    with using(lang):
        assert mechanics.signs_text(signs) == said


def test_a_cards_mark() -> None:
    assert mechanics.sign_phrase("Spoor", "0:30") == "Spoor (0:30)"


# --- pools ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pool", "english", "german"),
    [
        (
            Pool(),
            ("highest die", "highest d6", "the highest die counts"),
            ("höchster Würfel", "höchster d6", "der höchste Würfel zählt"),
        ),
        (
            Pool(die="d8", read="lowest"),
            ("lowest die", "lowest d8", "the lowest die counts"),
            ("niedrigster Würfel", "niedrigster d8", "der niedrigste Würfel zählt"),
        ),
        (
            Pool(die="d10", read="sum"),
            ("total", "d10 total", "the dice are added"),
            ("Summe", "d10-Summe", "die Würfel werden addiert"),
        ),
        (
            Pool.model_validate({"read": "count", "count_on": "5-6"}),
            ("dice showing 5-6", "d6 showing 5-6", "the result is how many dice show 5-6"),
            ("Würfel mit 5-6", "d6 mit 5-6", "das Ergebnis ist die Zahl der Würfel mit 5-6"),
        ),
        (
            Roll.model_validate(
                {"id": "r", "name": "R", "when": "w", "roll": "3d6", "outcomes": [{"roll": 1, "result": "x"}]}
            ),
            ("total", "3d6 total", "the dice are added"),
            ("Summe", "3d6-Summe", "die Würfel werden addiert"),
        ),
        (
            Roll.model_validate(
                {
                    "id": "r",
                    "name": "R",
                    "when": "w",
                    "roll": "4d6",
                    "read": "count",
                    "count_on": 6,
                    "outcomes": [{"roll": 1, "result": "x"}],
                }
            ),
            ("dice showing 6", "4d6 showing 6", "the result is how many dice show 6"),
            ("Würfel mit 6", "4d6 mit 6", "das Ergebnis ist die Zahl der Würfel mit 6"),
        ),
    ],
)
def test_a_pools_reading(pool: Pool | Roll, english: tuple[str, str, str], german: tuple[str, str, str]) -> None:
    assert (mechanics.reading_words(pool), in_german(lambda: mechanics.reading_words(pool))) == (english, german)


@pytest.mark.parametrize(
    ("pool", "english", "german"),
    [
        (
            {"base": 0, "tallies": ["turn"], "roll_at": 6},
            "tick a box per die; roll when it holds 6",
            "ein Kästchen je Würfel abhaken; würfeln, wenn er 6 enthält",
        ),
        (
            {"base": 1, "tallies": ["turn"], "roll_at": 6},
            "starts with 1; tick a box per die; roll when it holds 6",
            "beginnt mit 1; ein Kästchen je Würfel abhaken; würfeln, wenn er 6 enthält",
        ),
        (
            {"base": 2, "grow": 2, "roll_at": 10},
            "starts with 2; tick a box per die; roll when it holds 10",
            "beginnt mit 2; ein Kästchen je Würfel abhaken; würfeln, wenn er 10 enthält",
        ),
    ],
)
def test_the_note_beside_a_pools_boxes(pool: dict[str, Any], english: str, german: str) -> None:
    pack = pool_pack(pool)
    assert (mechanics.pool_rule_note(pack), in_german(lambda: mechanics.pool_rule_note(pack))) == (english, german)


@pytest.mark.parametrize(
    ("pool", "english", "german"),
    [
        (
            {"base": 0, "tallies": ["turn"], "roll_at": 6},
            "when the pool holds 6 dice (every 6 turns for a quiet company)",
            "wenn der Pool 6 Würfel enthält (je 6 turns für eine ruhige Gruppe)",
        ),
        (
            {"base": 1, "grow": 2, "roll_at": 6},
            "when the pool holds 6 dice (every 3 turns for a quiet company)",
            "wenn der Pool 6 Würfel enthält (je 3 turns für eine ruhige Gruppe)",
        ),
        (
            {"base": 5, "grow": 1, "roll_at": 6},
            "when the pool holds 6 dice (every turn for a quiet company)",
            "wenn der Pool 6 Würfel enthält (je turn für eine ruhige Gruppe)",
        ),
        ({"base": 2, "roll_at": 6}, "when the pool holds 6 dice", "wenn der Pool 6 Würfel enthält"),
    ],
)
def test_when_a_pool_is_rolled(pool: dict[str, Any], english: str, german: str) -> None:
    pack = pool_pack(pool)
    assert (mechanics.pool_cadence_text(pack), in_german(lambda: mechanics.pool_cadence_text(pack))) == (
        english,
        german,
    )


def pool_pack(pool: dict[str, Any]) -> Pack:
    return pack_of(
        tallies=[{"id": "turn", "name": "Turn die", "per_unit": 1}],
        words={"party": "company"},
        check={"name": "Tension", "when": "every turn", "formula": "f", "pool": pool, "trigger": {"faces": [1]}},
    )


# --- encounter openings and round trackers ------------------------------------------------------------------------


SURPRISED = OpeningRoll("Surprise", "party", "1d6", 2, (2,), "surprised")
UNSURPRISED = OpeningRoll("Surprise", "monsters", "1d6", 5, (5,), None)
INITIATIVE = OpeningRoll("Initiative", "each side", "2d6", 7, (3, 4), None)


@pytest.mark.parametrize(
    ("openings", "strong", "said"),
    [
        ((), ("", ""), []),
        ((UNSURPRISED,), ("", ""), [("Surprise", "monsters 1d6 = 5")]),
        (
            (SURPRISED, UNSURPRISED, INITIATIVE),
            ("", ""),
            [("Surprise", "party 1d6 = 2, surprised · monsters 1d6 = 5"), ("Initiative", "each side 2d6 = 3+4 = 7")],
        ),
        ((SURPRISED,), BOLD, [("Surprise", "party 1d6 = 2, **surprised**")]),
    ],
)
def test_the_opening_rolls_of_a_card(
    openings: tuple[OpeningRoll, ...], strong: tuple[str, str], said: list[tuple[str, str]]
) -> None:
    assert mechanics.opening_texts(card_of(openings=openings), strong) == said


@pytest.mark.parametrize(
    ("beings", "action", "english", "german"),
    [
        (
            2,
            "Action",
            "**M** = Move, **A** = Action: a pair for each of up to 2 Beings in a group; tick each as that Being "
            "uses it.",
            "**B** = Bewegung, **A** = Action: ein Paar für jedes von bis zu 2 Wesen einer Gruppe; abhaken, sobald "
            "das Wesen es nutzt.",
        ),
        (
            8,
            "Attack",
            "**M** = Move, **A** = Attack: a pair for each of up to 8 Beings in a group; tick each as that Being "
            "uses it.",
            "**B** = Bewegung, **A** = Attack: ein Paar für jedes von bis zu 8 Wesen einer Gruppe; abhaken, sobald "
            "das Wesen es nutzt.",
        ),
        (
            4,
            "Deed",
            "**M** = Move, **D** = Deed: a pair for each of up to 4 Beings in a group; tick each as that Being "
            "uses it.",
            "**B** = Bewegung, **D** = Deed: ein Paar für jedes von bis zu 4 Wesen einer Gruppe; abhaken, sobald "
            "das Wesen es nutzt.",
        ),
    ],
)
def test_the_key_of_a_round_tracker_for_several_beings(beings: int, action: str, english: str, german: str) -> None:
    said = mechanics.beings_key(beings, action)
    assert (said, in_german(lambda: mechanics.beings_key(beings, action))) == (english, german)
