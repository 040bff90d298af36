"""Several rolls in one procedure (``rolls:``): the odds worked out by hand, a simulation that agrees, the
timetable's pre-rolled dice, the reference's words and the loader's errors at their lines."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.engine.dice import parse_dice
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.procedure import machine
from sheetgen.engine.rolls import SideRoll
from sheetgen.engine.timetable import build_timetable
from sheetgen.engine.types import Odds, RollOdds
from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack
from sheetgen.sheets.mechanics import check_banner
from sheetgen.words import mechanics_rows, roll_sentence
from sheetgen.words.timetable import baseline_text

PACK = Path(__file__).parent / "data" / "packs" / "several-rolls.yaml"


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack(str(PACK))


def _roll(odds: Odds, rid: str) -> RollOdds:
    return next(r for r in odds.rolls if r.id == rid)


def test_a_roll_on_its_own_has_the_odds_of_its_dice(pack: Pack) -> None:
    odds = quiet_odds(pack, 3)
    torch = _roll(odds, "torch")
    assert [t.unit for t in torch.times] == list(range(1, 19))
    (gutters,) = torch.outcomes
    assert set(gutters.chances) == {Fraction(1, 6)}
    for hour in (1, 2, 3):
        assert gutters.by_hour[hour - 1] == 1 - Fraction(5, 6) ** (6 * hour)
    assert gutters.expected == 3
    torches = next(u for u in odds.resources if u.resource == "torches")
    assert torches.by_outcomes == 3  # one box for each expected gutter


def test_a_roll_with_a_track_added_reads_the_track_it_moves(pack: Pack) -> None:
    fatigue = _roll(quiet_odds(pack, 3), "fatigue")
    assert [t.unit for t in fatigue.times] == [3, 6, 9, 12, 15, 18]
    worn, tired = fatigue.outcomes
    # the first roll, at Fatigue 0: 12 on 2d6, and 10-11
    assert worn.chances[0] == Fraction(1, 36)
    assert tired.chances[0] == Fraction(5, 36)
    # the second: Fatigue 1 after either outcome (6 in 36), else 0
    up = Fraction(6, 36)
    assert worn.chances[1] == up * Fraction(3, 36) + (1 - up) * Fraction(1, 36)
    assert tired.chances[1] == up * Fraction(3 + 4, 36) + (1 - up) * Fraction(5, 36)


def test_an_outcome_that_moves_a_track_moves_the_check(pack: Pack) -> None:
    odds = quiet_odds(pack, 3)
    first, second = odds.checks[0], odds.checks[1]
    assert first.chance == Fraction(1, 6)
    # Noise resets on an encounter at 0:20; Worn out at 0:30 (1 in 36) makes the 0:40 check 2 in 6
    assert second.chance == Fraction(35, 36) * Fraction(1, 6) + Fraction(1, 36) * Fraction(2, 6)


def test_packs_without_rolls_keep_their_odds() -> None:
    pack = load_pack("dungeon-turn")
    assert pack.rolls == []
    assert quiet_odds(pack, 3).rolls == ()


def _simulate(pack: Pack, hours: int, runs: int, rng: random.Random) -> list[list[int]]:
    """Runs in which each named outcome (numbered across the procedure) came up by each hour."""
    m = machine(pack)
    units = hours * 3600 // pack.time.length
    check = pack.check
    assert check is not None
    counts = [[0] * hours for _ in pack.all_outcomes]
    others = {r.index: r for r in m.others}

    def draw(r: SideRoll) -> tuple[tuple[int, ...], int]:
        total, faces = parse_dice(r.roll.roll).roll_detail(rng)
        return faces, total

    for _ in range(runs):
        state = m.initial()
        seen: dict[int, int] = {}
        for unit in range(1, units + 1):
            state = m.pass_unit(state, unit > m.offset)
            if m.due(state, m.on_grid(unit)):
                assert check.roll == "1d6"
                state = m.resolve(state, rng.randint(1, 6)).state
            state, done = m.play_sides(state, unit, draw)
            for d in done:
                if d.outcome >= 0:
                    seen.setdefault(others[d.roll].first + d.outcome, unit)
            state = m.after_unit(state, unit)
        for n, unit in seen.items():
            for hour in range(hours):
                if unit * pack.time.length <= (hour + 1) * 3600:
                    counts[n][hour] += 1
    return counts


def test_a_simulation_agrees_with_the_exact_odds(pack: Pack) -> None:
    runs = 4000
    counts = _simulate(pack, 3, runs, random.Random(11))
    odds = quiet_odds(pack, 3)
    exact = [o for r in odds.rolls for o in r.outcomes]
    for outcome, count in zip(exact, counts[len(odds.outcomes) :], strict=True):
        for hour in range(3):
            p = float(outcome.by_hour[hour])
            error = math.sqrt(p * (1 - p) / runs)
            assert abs(count[hour] / runs - p) <= 4 * error + 1e-9, (outcome.name, hour)


def test_the_timetable_prints_each_roll_with_its_dice(pack: Pack) -> None:
    t = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=3)
    assert build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=3).rows == t.rows
    done = [d for row in t.rows for d in row.baseline.rolls]
    assert [d.unit for d in done if d.roll == "torch"] == list(range(1, 13))
    assert [d.unit for d in done if d.roll == "fatigue"] == [3, 6, 9, 12]
    for d in done:
        assert len(d.faces) == (1 if d.roll == "torch" else 2)
        assert all(1 <= f <= 6 for f in d.faces)
        assert d.total == sum(d.faces)
        if d.roll == "torch":
            assert (d.outcome == "Torch gutters") == (d.faces == (1,))
    text = baseline_text(t, t.rows[0])
    first = [d for d in t.rows[0].baseline.rolls if d.roll == "torch"]
    assert f"Torch 1d6: 0:10 {first[0].faces[0]}, 0:20 {first[1].faces[0]}" in text


def test_adding_a_roll_changes_no_check_dice_nor_card(pack: Pack) -> None:
    without = pack.model_copy(update={"rolls": []})
    a = build_timetable(pack, site=None, encounter_pack=None, hours=2, seed=9)
    b = build_timetable(without, site=None, encounter_pack=None, hours=2, seed=9)
    assert [r.dice for r in a.rows] == [r.dice for r in b.rows]
    # a Worn out raises Noise, so more encounters are expected and the deck may be longer; its cards are the same
    shared = min(len(a.deck), len(b.deck))
    assert a.deck[:shared] == b.deck[:shared]


def test_the_reference_says_each_roll(pack: Pack) -> None:
    torch = pack.rolls[0]
    assert roll_sentence(pack, torch) == "1d6: Torch gutters on a 1; every turn (10 minutes)"
    fatigue = pack.rolls[1]
    assert roll_sentence(pack, fatigue) == (
        "2d6 + Fatigue: Worn out on 12-20 and Tired on 10-11; every 3 turns (30 minutes)"
    )
    banner = check_banner(pack)
    assert banner is not None
    assert [f.label for f in banner.facts][-2:] == ["Torch", "Fatigue"]


def test_the_odds_table_has_a_row_for_each_outcome(pack: Pack) -> None:
    rows = mechanics_rows(quiet_odds(pack, 1))
    assert ("Roll: Torch", "1:00", "rolled 6 times", "") in rows
    gutters = next(r for r in rows if r[0] == "  Torch gutters")
    assert gutters[2] == "each roll: 1 in 6 (16.7%)"
    assert "hour 1 66.5%" in gutters[3]


BASE = PACK.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        ("add: [fatigue]", "add: [fatigeu]", "rolls[1].add[0]", 'no track with id "fatigeu" (did you mean "fatigue"?)'),
        (
            "  - id: fatigue\n    name: Fatigue",
            "  - id: torch\n    name: Fatigue",
            "rolls[1].id",
            "two rolls share the id",
        ),
        (
            "      - roll: 10-11",
            "      - roll: 21-22",
            "rolls[1].outcomes[1].roll",
            "21-22 cannot come up on 2d6 with the tracks added (2-15)",
        ),
        (
            "      - roll: 10-11",
            "      - roll: 12-13",
            "rolls[1].outcomes[1].roll",
            "every result it holds is taken by an outcome above it",
        ),
        (
            "{resource: torches, by: -1}",
            "{resource: torch, by: -1}",
            "rolls[0].outcomes[0].effects[0].resource",
            'no resource with id "torch"',
        ),
        ("cadence: {every: 3}", "cadence: {every: 0}", "rolls[1].cadence.every", "must be from 1 to"),
    ],
)
def test_a_mistake_in_a_roll_is_named_at_its_line(tmp_path: Path, old: str, new: str, field: str, message: str) -> None:
    assert old in BASE
    path = tmp_path / "pack.yaml"
    path.write_text(BASE.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2, result.output
    line = BASE[: BASE.index(old)].count("\n") + 1
    assert f"{path}:{line}:" in result.output
    assert field in result.output and message in result.output
    assert "Traceback" not in result.output


def test_rolls_need_a_check(tmp_path: Path) -> None:
    text = BASE.split("check:\n", 1)[0] + "rolls:" + BASE.split("\nrolls:", 1)[1]
    text = text.replace(
        "reference:\n  pages:\n    - title: Several Rolls\n      sections:\n        - kind: check\n"
        "        - kind: odds",
        "reference:\n  pages:\n    - title: Several Rolls\n      sections:\n        - kind: tracks",
    )
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert "rolls: other rolls are rolled beside the check" in result.output


def test_a_roll_read_one_by_one_on_a_cadence_by_track(tmp_path: Path) -> None:
    text = BASE.replace(
        """    formula: Roll **1d6**; on a 1 the torch gutters out.
    roll: 1d6
    outcomes:
      - roll: 1
        result: Torch gutters
        effects: [{resource: torches, by: -1}]""",
        """    roll: 2d6
    cadence: {every: {track: fatigue, levels: {0: 2, 1-3: 1}}}
    outcomes:
      - {pattern: {doubles: any}, result: Omen}""",
    )
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    pack = load_pack(str(path))
    torch = _roll(quiet_odds(pack, 1), "torch")
    # every other turn while Fatigue is 0; the fatigue roll at 0:30 raises it (6 in 36), then every turn
    up = Fraction(6, 36)
    rolled = {t.unit: t.rolled for t in torch.times}
    assert 1 not in rolled and 3 not in rolled
    assert rolled[2] == rolled[4] == 1
    assert rolled[5] == up
    (omen,) = torch.outcomes  # each time, the chance it is rolled there and shows doubles
    assert [c / rolled[t.unit] for c, t in zip(omen.chances, torch.times, strict=True)] == [Fraction(1, 6)] * len(
        torch.times
    )
    t = build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=5)
    for d in (d for row in t.rows for d in row.baseline.rolls if d.roll == "torch"):
        assert (d.outcome == "Omen") == (d.faces[0] == d.faces[1])


def test_the_json_carries_each_roll_and_its_odds(pack: Pack) -> None:
    import json

    import jsonschema

    from sheetgen.export.timetable_json import timetable_json, timetable_json_schema

    data = json.loads(
        json.dumps(timetable_json(build_timetable(pack, site=None, encounter_pack=None, hours=1, seed=3)))
    )
    jsonschema.validate(data, timetable_json_schema())
    torch, fatigue = data["odds"]["rolls"]
    assert [t["unit"] for t in fatigue["times"]] == [3, 6]
    assert torch["outcomes"][0]["by_hour"][0]["chance"]["exact"] == str(1 - Fraction(5, 6) ** 6)
    made = [r for row in data["rows"] for r in row["baseline"]["rolls"]]
    assert [(r["roll"], r["unit"]) for r in made if r["roll"] == "fatigue"] == [("fatigue", 3), ("fatigue", 6)]
    assert all(r["total"] == sum(r["faces"]) for r in made)


def test_the_turns_grid_marks_each_roll_and_a_results_part_names_one(pack: Pack, tmp_path: Path) -> None:
    from sheetgen.engine.due import roll_marks

    assert roll_marks(pack, 3) == ["F"] and roll_marks(pack, 2) == []  # the torch, every turn, is not marked
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["tracker", str(PACK), "-o", str(out)])
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "F Fatigue: 2d6 + Fatigue" in text and "every turn: Torch" in text
    assert "Fatigue: results" in text and "first 12 rolls" in text


def test_a_roll_whose_mark_is_taken_is_named(tmp_path: Path) -> None:
    path = tmp_path / "pack.yaml"
    path.write_text(BASE.replace("    name: Fatigue\n", "    name: Fatigue\n    mark: C\n"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2
    assert 'rolls[1].mark: its mark on the turns grid, "C", is also the check\'s' in result.output
    # a roll made every turn is not marked on the grid, so its mark takes no other's
    path.write_text(BASE.replace("    name: Torch\n", "    name: Torch\n    mark: C\n"), encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0


def test_rolls_too_many_to_work_out_are_refused_at_their_line(tmp_path: Path) -> None:
    rolls = "".join(
        f"""  - id: r{i}
    name: Roll {i}
    when: every turn
    roll: 3d6
    outcomes:
      - {{roll: 3-6, result: Up {i}, effects: [{{track: t{i % 4}, by: 1}}]}}
      - {{roll: 15-18, result: Down {i}, effects: [{{track: t{i % 4}, by: -1}}]}}
"""
        for i in range(8)
    )
    tracks = "".join(f"  - {{id: t{i}, name: T{i}, max: 10}}\n" for i in range(4))
    text = BASE[: BASE.index("rolls:\n")] + "rolls:\n" + rolls + BASE[BASE.index("tracks:\n") :]
    text = text.replace("tracks:\n", "tracks:\n" + tracks, 1).replace("  add: [noise]\n", "  add: [noise, t0, t1]\n", 1)
    text = text.replace("      - kind: results\n        ref: fatigue\n", "")
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    for command in (["check", str(path)], ["odds", str(path)]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 2, result.output
        line = text[: text.index("rolls:\n")].count("\n") + 2  # the list's first item
        assert f"{path}:{line}:3: rolls: Several Rolls" in result.output
        assert "its check and its 8 other rolls have too many states" in result.output
        assert "fewer rolls or outcomes" in result.output


def test_systems_lists_packs_by_what_they_are_for(tmp_path: Path) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    source = Path(__file__).parent / "data" / "packs" / "travel-watches.yaml"
    (folder / "watches.yaml").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["systems", "--rules", str(folder)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("DUNGEONS") < out.index("dungeon-turn") < out.index("WILDERNESS") < out.index("travel-watches")
    assert out.index("ENCOUNTER RULES") < out.index("encounter-reaction")
    assert "    Any meeting between the Heroes and NPCs is an Encounter." in out
    shelved = load_pack(str(folder / "watches.yaml")).model_copy(update={"shelf": "dungeon"})
    assert shelved.shelf_name == "dungeon"
