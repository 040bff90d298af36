"""Resources rolled when they are used (a usage die, boxes lost on a roll) and lights lit one after another:
the model and its checks, exact odds worked by hand, a simulation, the timetable and the tracker."""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from simulate import simulate_lights
from test_engine_odds import within

from sheetgen import limits
from sheetgen.cli import cli
from sheetgen.engine import resources
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.resource_odds import expected_uses, own_rules_odds
from sheetgen.engine.timetable import MAX_REMEMBERED, build_timetable
from sheetgen.engine.types import ResourceUse
from sheetgen.errors import DataError
from sheetgen.export.timetable_json import timetable_json
from sheetgen.load.files import builtin_pack_ids, load_pack
from sheetgen.model.pack import Pack
from sheetgen.options import RenderOptions
from sheetgen.sheets.reference import reference_view
from sheetgen.sheets.views import ResourcesBody
from sheetgen.words import baseline_text, mechanics_rows, running_down

HEAD = """\
kind: pack
id: lights
name: Lights
time: {unit: turn, length: 10 minutes}
check:
  name: Encounter Roll
  when: at the end of every turn
  formula: Roll **1d6** each turn; a 1 is an encounter.
  roll: 1d6
  trigger: {faces: [1]}
"""
TAIL = """\
reference:
  pages:
    - title: Lights
      sections: [{kind: check}, {kind: resources}, {kind: odds}]
trackers:
  - id: gm
    title: Light
    audience: gm
    parts: [{kind: turns}, {kind: resources}]
"""
LIGHTS = (
    HEAD
    + """\
resources:
  - {id: torch, name: Torch, dice: [d8, d6, d4], every: 1}
  - {id: lantern, name: Lantern, dice: [d6, d4], on: 1, every: 1, after: torch}
  - {id: rations, name: Rations, boxes: 2, every: 1, chance: {roll: 1d6, on: 1}}
"""
    + TAIL
)


def load(tmp_path: Path, resources_yaml: str | None = None, text: str | None = None) -> Pack:
    text = text if text is not None else HEAD + "resources:\n" + (resources_yaml or "") + TAIL
    path = tmp_path / f"lights-{hashlib.sha256(text.encode()).hexdigest()[:8]}.yaml"  # one file per text
    path.write_text(text, encoding="utf-8")
    return load_pack(str(path))


def use_of(pack: Pack, hours: int, rid: str) -> ResourceUse:
    return next(u for u in quiet_odds(pack, hours).resources if u.resource == rid)


# --- the model and its checks -------------------------------------------------------------------------


def test_a_usage_die_has_one_box_per_die(tmp_path: Path) -> None:
    pack = load(tmp_path, text=LIGHTS)
    torch = pack.resources[0]
    assert (torch.boxes, torch.dice, str(torch.steps_on), torch.rolled) == (3, ["d8", "d6", "d4"], "1-2", True)
    assert str(pack.resources[1].steps_on) == "1"


@pytest.mark.parametrize(
    ("resource", "where", "message"),
    [
        (
            "  - {id: torch, name: Torch, dice: [d8, 2d6], every: 1}\n",
            "14:41",
            'resources[0].dice[1]: a usage die steps through single dice such as d8: "2d6" is not one',
        ),
        (
            "  - {id: torch, name: Torch, dice: [d4, d8], every: 1}\n",
            "14:41",
            "resources[0].dice[1]: the steps go from the largest die down: d8 comes after d4",
        ),
        (
            "  - {id: torch, name: Torch, dice: [d6, d4], on: 5-6, every: 1}\n",
            "14:50",
            "resources[0].on: no face of d4 is in on (5-6), so it could never step down: give on faces every die "
            "has, such as 1-2",
        ),
        (
            "  - {id: torch, name: Torch, dice: [d6, d4]}\n",
            "14:36",
            "resources[0].dice: a rolled resource needs a rate (every): it is rolled each time the rate comes round "
            "(every: 1 rolls it at the end of every unit)",
        ),
        (
            "  - {id: torch, name: Torch, boxes: 2, every: 1, chance: {roll: d6, on: 7}}\n",
            "14:73",
            "resources[0].chance.on: d6 never rolls 7, so no box would ever be used: give on results from 1 to 6",
        ),
        (
            "  - {id: torch, name: Torch, boxes: 2, every: 1, after: lamp}\n",
            "14:57",
            'resources[0].after: no resource with id "lamp": the file defines none'.replace(
                ": the file defines none", " (known: torch)"
            ),
        ),
        (
            "  - {id: a, name: A, boxes: 2, every: 1, after: b}\n  - {id: b, name: B, boxes: 2, every: 1, after: a}\n",
            "14:49",
            "resources[0].after: the lights go round in a circle (a → b → a): one of them must be lit at the "
            "start (no after)",
        ),
        (
            "  - {id: a, name: A, boxes: 2, every: 1}\n  - {id: b, name: B, boxes: 2, after: a}\n",
            "15:39",
            "resources[1].after: after needs a rate (every): the rate starts the unit after the one before it runs out",
        ),
        (
            "  - {id: a, name: A, boxes: 2}\n  - {id: b, name: B, boxes: 2, every: 1, after: a}\n",
            "15:49",
            'resources[1].after: "a" has no rate (every), so it never runs out by the rules and this one would never '
            "be lit: give it a rate",
        ),
        (
            "  - {id: a, name: A, boxes: 2, every: 1}\n  - {id: b, name: B, boxes: 2, every: 1, after: a}\n"
            "  - {id: c, name: C, boxes: 2, every: 1, after: a}\n",
            "16:49",
            'resources[2].after: "b" is lit after "a" already: one light is lit at a time, so give this one after '
            "the last of them",
        ),
        (
            "  - {id: torch, name: Torch, dice: [d6], every: 1, when_out: [{track: dark, by: 1}]}\n",
            "14:62",
            "resources[0].when_out: when_out needs a resource that runs out at a time the rules fix: this one is "
            "rolled when it is used, or lit after one that is, so when it runs out depends on the dice; say what its "
            "running out does in its text",
        ),
    ],
)
def test_bad_rolled_resources_are_refused_at_their_line(
    tmp_path: Path, runner: CliRunner, resource: str, where: str, message: str
) -> None:
    path = tmp_path / "lights.yaml"
    tracks = "tracks:\n  - {id: dark, name: Dark, max: 2}\n"
    path.write_text(
        HEAD.replace("  trigger: {faces: [1]}\n", "  trigger: {faces: [1]}\n" + tracks)
        + "resources:\n"
        + resource
        + TAIL,
        encoding="utf-8",
    )
    result = runner.invoke(cli, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:{where}: {message}" in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("resource", "message"),
    [
        (
            "{id: t, name: T, dice: [d8, d6], boxes: 3, every: 1}",
            "a usage die has one box per die: boxes is 2 with these dice, or leave boxes out",
        ),
        (
            "{id: t, name: T, dice: [d8, d6], use: 2, every: 1}",
            "a usage die steps down one die at a time: leave use out",
        ),
        ("{id: t, name: T, boxes: 3, on: 1-2, every: 1}", "on is the faces that step a usage die down"),
        ("{id: t, name: T, dice: [d8], chance: {roll: d6, on: 1}, every: 1}", "give dice (a usage die) or chance"),
    ],
)
def test_the_model_refuses_what_a_usage_die_cannot_be(tmp_path: Path, resource: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        load(tmp_path, f"  - {resource}\n")
    assert any(f":12:5: resources[0]: {message}" in str(p) for p in caught.value.problems), [
        str(p) for p in caught.value.problems
    ]


def test_the_last_allowed_usage_die_and_the_first_refused(tmp_path: Path) -> None:
    most = ", ".join(["d12"] * limits.MAX_USAGE_STEPS)
    assert load(tmp_path, f"  - {{id: t, name: T, dice: [{most}], every: 1}}\n").resources[0].boxes == 12
    with pytest.raises(DataError) as caught:
        load(tmp_path, f"  - {{id: t, name: T, dice: [{most}, d4], every: 1}}\n")
    assert [str(p).split("/")[-1].split(":", 1)[1] for p in caught.value.problems] == [
        f"12:28: resources[0].dice: {limits.MAX_USAGE_STEPS + 1} entries; at most {limits.MAX_USAGE_STEPS} are allowed"
    ]


def test_an_outcome_cannot_tick_a_rolled_or_chained_light(tmp_path: Path) -> None:
    text = LIGHTS.replace(
        "  trigger: {faces: [1]}\n",
        "  trigger: {faces: [1]}\n  outcomes:\n"
        "    - {roll: 1, result: Gust, effects: [{resource: torch, by: -1}]}\n"
        "    - {roll: 2-6, result: Still}\n",
    )
    with pytest.raises(DataError) as caught:
        load(tmp_path, text=text)
    assert [str(p).split(": ", 1)[1] for p in caught.value.problems] == [
        'check.outcomes[0].effects[0].resource: "torch" is rolled when it is used, so it runs down by its own '
        "rules, worked out apart from the check: an outcome cannot tick or refill it (write that rule in the "
        "outcome's text, or tick a resource without dice, chance or after)"
    ]


# --- exact odds, by hand ----------------------------------------------------------------------------


def test_a_d6_usage_die_is_gone_after_k_uses_with_one_minus_two_thirds_to_the_k(tmp_path: Path) -> None:
    pack = load(tmp_path, "  - {id: torch, name: Torch, dice: [d6], every: 1}\n")
    use = use_of(pack, 3, "torch")
    # a turn is 10 minutes: six uses an hour; each use steps it down (gone) on 1-2, a chance of 1/3
    assert use.gone_by_hour == tuple(1 - Fraction(2, 3) ** (6 * h) for h in (1, 2, 3))
    assert use.lasts_units == 3 and use.out_units == 3
    assert use.by_rolls == 1 - Fraction(2, 3) ** 18  # its one box, used when it is gone
    assert (use.by_rate, use.rolled) == (0, True)


def test_two_steps_are_two_waits_one_after_the_other(tmp_path: Path) -> None:
    pack = load(tmp_path, "  - {id: torch, name: Torch, dice: [d6, d4], on: 1, every: 1}\n")
    use = use_of(pack, 1, "torch")

    def geometric(p: Fraction, n: int) -> Fraction:  # P(the n-th use is the first to hit)
        return (1 - p) ** (n - 1) * p

    # gone by use 6: the d6 stepped down at use a (1 to 5), then the d4 within the 6 - a uses left
    by_hand = sum((geometric(Fraction(1, 6), a) * (1 - Fraction(3, 4) ** (6 - a)) for a in range(1, 6)), Fraction(0))
    assert use.gone_by_hour == (by_hand,)
    assert use.lasts_units == 6 + 4


def test_boxes_lost_on_a_roll_are_a_count_of_successes(tmp_path: Path) -> None:
    pack = load(tmp_path, "  - {id: rations, name: Rations, boxes: 2, every: 1, chance: {roll: 1d6, on: 1}}\n")
    use = use_of(pack, 1, "rations")
    p, q = Fraction(1, 6), Fraction(5, 6)
    assert use.gone_by_hour == (1 - q**6 - 6 * p * q**5,)  # at least two 1s in six rolls
    assert use.lasts_units == 12


def test_three_torches_in_turn_are_out_at_six_twelve_and_eighteen(tmp_path: Path) -> None:
    pack = load(
        tmp_path,
        "  - {id: t1, name: Torch 1, boxes: 6, every: 1}\n"
        "  - {id: t2, name: Torch 2, boxes: 6, every: 1, after: t1}\n"
        "  - {id: t3, name: Torch 3, boxes: 3, every: 2, after: t2}\n",
    )
    odds = quiet_odds(pack, 3)
    by = {u.resource: u for u in odds.resources}
    none, all_ = Fraction(0), Fraction(1)
    assert [by[r].gone_by_hour for r in ("t1", "t2", "t3")] == [
        (all_, all_, all_),
        (none, all_, all_),
        (none, none, all_),
    ]
    assert [(by[r].lasts_units, by[r].out_units) for r in ("t1", "t2", "t3")] == [
        (Fraction(6), Fraction(6)),
        (Fraction(6), Fraction(12)),
        (Fraction(6), Fraction(18)),
    ]
    # from when each is lit, and never more than its boxes: nothing fills a light again
    assert [by[r].by_rate for r in ("t1", "t2", "t3")] == [6, 6, 3]
    assert [resources.out_unit(pack, r) for r in pack.resources] == [6, 12, 18]
    rows = mechanics_rows(odds)
    assert [row for row in rows if row[0].startswith("Resource:")] == [
        ("Resource: Torch 1", "3:00", "all 6 boxes; out at 1:00", "6 to a full Torch 1"),
        ("Resource: Torch 2", "3:00", "all 6 boxes; out at 2:00", "6 to a full Torch 2"),
        ("Resource: Torch 3", "3:00", "all 3 boxes; out at 3:00", "3 to a full Torch 3"),
    ]
    two = {u.resource: u for u in quiet_odds(pack, 2).resources}
    assert [two[r].by_rate for r in ("t1", "t2", "t3")] == [6, 6, 0]
    assert [row[2] for row in mechanics_rows(quiet_odds(pack, 2)) if row[0].startswith("Resource:")] == [
        "all 6 boxes; out at 1:00",
        "all 6 boxes; out at 2:00",
        "boxes used: none",
    ]
    early = {u.resource: u for u in quiet_odds(pack, 1).resources}
    assert [early[r].by_rate for r in ("t1", "t2", "t3")] == [6, 0, 0]
    assert not any(row[0].startswith("Torch 2 gone") for row in rows)  # fixed times: the timetable says them


def test_a_light_after_a_rolled_one_waits_for_its_dice(tmp_path: Path) -> None:
    pack = load(
        tmp_path,
        "  - {id: torch, name: Torch, dice: [d6], every: 1}\n"
        "  - {id: lamp, name: Lamp, boxes: 2, every: 1, after: torch}\n",
    )
    use = use_of(pack, 1, "lamp")
    # the lamp is gone by turn 6 when the torch went out by turn 4: two turns of lamp after it
    assert use.gone_by_hour == (1 - Fraction(2, 3) ** 4,)
    assert (use.by_rate, use.lasts_units, use.out_units, use.after) == (0, Fraction(2), Fraction(5), "torch")
    assert (use.rolled, use.by_dice) == (False, True)
    assert ("Lamp gone by hour 1", "1:00", "80.2%", "") in mechanics_rows(quiet_odds(pack, 1))


def test_expected_uses_in_closed_form(tmp_path: Path) -> None:
    pack = load(tmp_path, text=LIGHTS)
    assert [expected_uses(r) for r in pack.resources] == [4 + 3 + 2, 6 + 4, 12]


def test_too_many_states_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = load(tmp_path, text=LIGHTS)
    assert own_rules_odds(pack, 18, (6, 12, 18))["lantern"].gone_by  # 18 turns: 58 steps of work
    monkeypatch.setattr(limits, "MAX_ODDS_WORK", 57)
    with pytest.raises(DataError, match=r"its resources torch, lantern have too many states .*more than 57 steps"):
        own_rules_odds(pack, 18, (6, 12, 18))


@pytest.mark.slow
def test_the_exact_odds_agree_with_a_simulation(tmp_path: Path) -> None:
    pack = load(tmp_path, text=LIGHTS)
    odds = quiet_odds(pack, 3)
    runs = 20_000
    sim = simulate_lights(pack, 18, runs, random.Random(2024))
    for use in odds.resources:
        for hour, exact in enumerate(use.gone_by_hour, 1):
            assert within(exact, sim[use.resource][6 * hour - 1], runs), (use.resource, hour)


def test_the_odds_and_the_reference_say_it(tmp_path: Path) -> None:
    pack = load(tmp_path, text=LIGHTS)
    odds = quiet_odds(pack, 3)
    rows = mechanics_rows(odds)
    assert rows[:5] == [
        ("Resource: Torch", "3:00", "boxes used: 2.93 expected by the dice", "3 to a full Torch"),
        ("Torch gone by hour 1", "1:00", "33.5%", ""),
        ("Torch gone by hour 2", "2:00", "81.5%", ""),
        ("Torch gone by hour 3", "3:00", "96.1%", ""),
        ("Torch lasts", "", "1:30 on average (about 90 minutes)", ""),
    ]
    assert (
        "Lantern lasts",
        "",
        "1:40 on average (about 100 minutes) once lit",
        "gone after 3:10 on average (about 3.2 hours)",
    ) in rows
    view = reference_view(pack, RenderOptions(), odds)
    body = next(s.body for p in view.pages for s in p.sections if s.kind == "resources")
    assert isinstance(body, ResourcesBody)
    torch, lantern, _ = body.resources
    assert torch.lasts == "roll its die every turn: on 1-2 down a die (d8, d6, d4, then gone)"
    assert torch.text == "Lasts about 90 minutes on average; gone by 1:00: 33.5%, by 2:00: 81.5%, by 3:00: 96.1%."
    assert lantern.lasts == "when Torch is out, roll its die every turn: on 1 down a die (d6, d4, then gone)"


@pytest.mark.parametrize(
    ("resource", "said"),
    [
        (
            "{id: r, name: R, boxes: 4, every: 6, use: 2, chance: {roll: 2d6, on: 2-4}}",
            "roll 2d6 every 6 turns: 2 boxes on 2-4",
        ),
        (
            "{id: r, name: R, dice: [d10, d8], every: 3}",
            "roll its die every 3 turns: on 1-2 down a die (d10, d8, then gone)",
        ),
        ("{id: r, name: R, boxes: 6, every: 1}", "1 box every turn"),
        ("{id: r, name: R, boxes: 6}", ""),
    ],
)
def test_how_a_resource_runs_down_in_words(tmp_path: Path, resource: str, said: str) -> None:
    pack = load(tmp_path, f"  - {resource}\n")
    assert running_down(pack, pack.resources[0]) == said


# --- the timetable ----------------------------------------------------------------------------------


def test_the_timetable_rolls_the_lights_and_says_when_each_goes(tmp_path: Path) -> None:
    pack = load(tmp_path, text=LIGHTS)
    one = build_timetable(pack, site=None, encounter_pack=None, hours=6, seed=7)
    again = build_timetable(pack.model_copy(), site=None, encounter_pack=None, hours=6, seed=7)
    assert timetable_json(one) == timetable_json(again)
    # the dice come after everything else the timetable draws: rolled again by hand, they give its run-outs
    rng = random.Random(7)
    plain = build_timetable(pack.model_copy(update={"resources": []}), site=None, encounter_pack=None, hours=6, seed=7)
    assert [r.dice for r in one.rows] == [r.dice for r in plain.rows] and one.deck == plain.deck
    assert plain.deck == () and plain.spares == ()  # no encounter tables, no extra rolls: nothing more drawn
    for _ in plain.rows:
        rng.randint(1, 6)
    by_hand = replay_lights(rng, 36)
    assert [(o.resource, o.unit) for o in one.runs_out] == by_hand
    torch_out = next(o.unit for o in one.runs_out if o.resource == "torch")
    row = next(r for r in one.rows if r.unit == torch_out)
    assert f"Torch out at {torch_out // 6}:{torch_out % 6}0: Lantern lit" in baseline_text(one, row)


def replay_lights(rng: random.Random, units: int) -> list[tuple[str, int]]:
    """LIGHTS's resources written out again: each unit, in the pack's order, each lit resource rolls."""
    torch, lantern, rations = [8, 6, 4], [6, 4], 2
    lit_lantern: int | None = None
    outs = []
    for unit in range(1, units + 1):
        if torch and rng.randint(1, torch[0]) <= 2:
            torch.pop(0)
            if not torch:
                outs.append(("torch", unit))
        if lantern and lit_lantern is not None and unit > lit_lantern and rng.randint(1, lantern[0]) == 1:
            lantern.pop(0)
            if not lantern:
                outs.append(("lantern", unit))
        if rations and rng.randint(1, 6) == 1:
            rations -= 1
            if not rations:
                outs.append(("rations", unit))
        if not torch and lit_lantern is None:
            lit_lantern = unit
    return sorted(outs, key=lambda o: o[1])


def test_other_seeds_roll_other_lights(tmp_path: Path) -> None:
    pack = load(tmp_path, text=LIGHTS)
    outs = {
        tuple(o.unit for o in build_timetable(pack, site=None, encounter_pack=None, hours=6, seed=seed).runs_out)
        for seed in range(8)
    }
    assert len(outs) > 1


@pytest.mark.parametrize("every", [1, 3])
def test_the_replay_memo_keys_the_lights_dice(tmp_path: Path, every: int) -> None:
    """One machine replays many seeds; each timetable is the one a fresh machine rolls (with a rate of 3, a
    unit is decided by when the lantern was lit too)."""
    pack = load(tmp_path, text=LIGHTS.replace("on: 1, every: 1, after: torch", f"on: 1, every: {every}, after: torch"))
    shared = [timetable_json(build_timetable(pack, site=None, encounter_pack=None, hours=4, seed=s)) for s in range(10)]
    fresh = [
        timetable_json(build_timetable(pack.model_copy(), site=None, encounter_pack=None, hours=4, seed=s))
        for s in range(10)
    ]  # each seed a pack of its own: a machine and memos of its own
    assert shared == fresh and MAX_REMEMBERED > 0


BUILT_IN = {
    "derelict-crawl": "ee1d2247618dfe8f131c",
    "dungeon-turn": "c7c9575ef5c06a75e941",
    "encounter-clock": "37283074f3fd3870eb9d",
    "encounter-reaction": "a003d59e02f4fc3dc7b0",
    "site-alarm": "13809601a04b48b1acea",
}
"""The rows, deck, run-outs and spares of each built-in pack's 6-hour timetable with seed 2026, as rolled
before resources could be rolled: a pack without rolled resources draws exactly what it drew (the words
of encounter-clock's rows since an omen labelled Omen is said once and its tallies are listed with "and",
and the deck's note since it quotes the table's id in the language's quotation marks: “wandering”)."""


@pytest.mark.parametrize("pack_id", sorted(BUILT_IN))
def test_the_built_in_timetables_are_unchanged(pack_id: str) -> None:
    assert pack_id in builtin_pack_ids()
    data = timetable_json(build_timetable(load_pack(pack_id), site=None, encounter_pack=None, hours=6, seed=2026))
    kept = json.dumps({k: data.get(k) for k in ("rows", "deck", "runs_out", "spares")}, sort_keys=True)
    assert hashlib.sha256(kept.encode()).hexdigest()[:20] == BUILT_IN[pack_id]


# --- the tracker ------------------------------------------------------------------------------------


def test_the_tracker_draws_each_die_and_the_order_of_the_lights(tmp_path: Path, runner: CliRunner) -> None:
    path = tmp_path / "lights.yaml"
    path.write_text(
        HEAD + "resources:\n  - {id: torch, name: Torch, dice: [d8, d6, d4], every: 1}\n"
        "  - {id: t2, name: Spare Torch, boxes: 3, every: 1, after: torch}\n"
        "  - {id: t3, name: Last Torch, boxes: 2, every: 1, after: t4}\n"
        "  - {id: t4, name: Lamp, boxes: 2, every: 1}\n" + TAIL,
        encoding="utf-8",
    )
    out = tmp_path / "t.pdf"
    result = runner.invoke(cli, ["tracker", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "roll its die every turn: on 1-2 down a die (d8, d6, d4, then gone)" in text
    assert "d8 d6 d4" in text
    assert "when Torch is out, 1 box every turn" in text
    # a light after one with a fixed end: its boxes' times count from then (Lamp out at 0:20)
    assert "when Lamp is out, 1 box every turn" in text and "0:30 0:40" in text


def test_the_json_carries_the_lights_odds(tmp_path: Path) -> None:
    import jsonschema

    from sheetgen.export.timetable_json import timetable_json_schema

    pack = load(tmp_path, text=LIGHTS)
    data = json.loads(
        json.dumps(timetable_json(build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=3)))
    )
    jsonschema.validate(data, timetable_json_schema())
    torch, lantern, _ = data["odds"]["resources"]
    assert [h["chance"]["approx"] for h in torch["gone_by_hour"]] == [0.335045, 0.815467]
    assert (torch["lasts_units"]["exact"], lantern["out_units"]["exact"], lantern["after"]) == ("9", "19", "torch")


def test_the_turns_grid_marks_when_each_light_is_used_or_rolled(tmp_path: Path) -> None:
    from sheetgen.layout.tracker_parts import due_legend, due_marks

    pack = load(
        tmp_path,
        "  - {id: oil, name: Oil, boxes: 2, every: 2}\n"
        "  - {id: wick, name: Wick, boxes: 2, every: 2, after: oil}\n"
        "  - {id: rations, name: Rations, boxes: 3, every: 3, chance: {roll: 1d6, on: 1}}\n"
        "  - {id: candle, name: Candle, dice: [d6], every: 2}\n"
        "  - {id: stub, name: Stub, boxes: 2, every: 2, after: candle}\n",
    )
    marks = {unit: due_marks(pack, unit, gm=False) for unit in range(1, 13)}
    # oil is used at 2 and 4 (and marked on as far as the grid goes), the wick from 6 to 8 only; the
    # rations rolled every 3 turns and the candle's die every 2; the stub's start is the candle's dice's
    assert marks == {
        1: "",
        2: "O\u2212 C?",
        3: "R?",
        4: "O\u2212 C?",
        5: "",
        6: "O\u2212 W\u2212 R? C?",
        7: "",
        8: "O\u2212 W\u2212 C?",
        9: "R?",
        10: "O\u2212 C?",
        11: "",
        12: "O\u2212 R? C?",
    }
    assert due_legend(pack, gm=False) == (
        "Due at the end of the turn: **O\u2212** a box of Oil is used; **W\u2212** a box of Wick is used; "
        "**R?** roll for Rations; **C?** roll for Candle"
    )


DIE = st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d20"])


def largest_first(dice: list[str]) -> str:
    return ", ".join(sorted(dice, key=lambda d: int(d[1:]), reverse=True))


@settings(max_examples=40, deadline=None)
@given(
    first=st.lists(DIE, min_size=1, max_size=4),
    second=st.lists(DIE, min_size=1, max_size=3),
    every=st.integers(1, 3),
    boxes=st.integers(1, 4),
)
def test_any_chain_of_lights_is_a_chance_that_only_grows(
    first: list[str], second: list[str], every: int, boxes: int
) -> None:
    """Gone by each hour is a chance that never falls; a light is never gone before the one it follows; no
    light uses more boxes than it has; and the pre-rolled timetable's run-outs come in the chain's order."""
    text = (
        HEAD
        + (
            "resources:\n"
            f"  - {{id: a, name: A, dice: [{largest_first(first)}], every: {every}}}\n"
            f"  - {{id: b, name: B, dice: [{largest_first(second)}], every: 1, after: a}}\n"
            f"  - {{id: c, name: C, boxes: {boxes}, every: {every}, after: b}}\n"
        )
        + TAIL
    )
    pack = Pack.model_validate(yaml.safe_load(text))
    odds = quiet_odds(pack, 3)
    by = {u.resource: u for u in odds.resources}
    for use in odds.resources:
        assert all(0 <= p <= q <= 1 for p, q in zip(use.gone_by_hour, use.gone_by_hour[1:], strict=False))
        assert 0 <= use.by_rolls <= use.boxes
    assert all(b <= a for a, b in zip(by["a"].gone_by_hour, by["b"].gone_by_hour, strict=True))
    assert all(c <= b for b, c in zip(by["b"].gone_by_hour, by["c"].gone_by_hour, strict=True))
    outs = [o.resource for o in build_timetable(pack, site=None, encounter_pack=None, hours=3, seed=1).runs_out]
    assert outs == ["a", "b", "c"][: len(outs)]


def test_sheetgen_odds_prints_how_long_the_lights_last(tmp_path: Path, runner: CliRunner) -> None:
    path = tmp_path / "lights.yaml"
    path.write_text(LIGHTS, encoding="utf-8")
    result = runner.invoke(cli, ["odds", str(path), "--hours", "2"])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    assert "Torch gone by hour 2 2:00 81.5%" in lines
    assert (
        "Lantern lasts 1:40 on average (about 100 minutes) once lit gone after 3:10 on average (about 3.2 hours)"
    ) in lines


def test_the_last_torch_of_a_chain_moves_the_dark_when_it_goes_out(tmp_path: Path) -> None:
    text = (
        """\
kind: pack
id: three-torches
name: Three Torches
time: {unit: turn, length: 10 minutes}
check:
  name: Danger Roll
  when: at the end of every turn
  formula: Roll **1d6 + Dark**; on 6 or more, danger.
  roll: 1d6
  add: [dark]
  trigger: {at_least: 6}
tracks:
  - {id: dark, name: Dark, max: 2}
resources:
  - {id: torch-1, name: Torch 1, boxes: 6, every: 1}
  - {id: torch-2, name: Torch 2, boxes: 6, every: 1, after: torch-1}
  - {id: torch-3, name: Torch 3, boxes: 6, every: 1, after: torch-2, when_out: [{track: dark, by: 2}]}
"""
        + TAIL
    )
    pack = load(tmp_path, text=text)
    chances = [c.chance for c in quiet_odds(pack, 4).checks]
    # the dark rises at the very end of turn 18, after its check: from turn 19 on, 1d6 + 2 >= 6 is 1 in 2
    assert chances[:18] == [Fraction(1, 6)] * 18 and chances[18:] == [Fraction(1, 2)] * 6
    table = build_timetable(pack, site=None, encounter_pack=None, hours=4, seed=5)
    row = next(r for r in table.rows if r.unit == 18)
    assert "Torch 3 out at 3:00: Dark +2" in baseline_text(table, row)


def test_a_variant_that_burns_faster_keeps_a_usage_die_stepping_one_die_at_a_time(tmp_path: Path) -> None:
    from sheetgen.load.variants import with_variant

    pack = load(
        tmp_path,
        text=LIGHTS.replace(
            "reference:\n",
            "variants:\n  - {id: hungry, name: Hungry, text: More is eaten., consumption: 2}\nreference:\n",
            1,
        ),
    )
    hungry = with_variant(pack, "hungry")
    assert [r.use for r in hungry.resources] == [1, 1, 2]
