"""The built-in packs say on their sheets what their rules say: the slips found by reading each seed
against its sheets stay fixed."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.errors import DataError
from sheetgen.layout.trackers import tracker_layout
from sheetgen.load.files import load_pack
from sheetgen.options import LETTER


def tracker_text(pack_id: str, page: int = 0) -> str:
    pack = load_pack(pack_id)
    return " ".join(tracker_layout(pack, pack.trackers[page], LETTER, 12).text().split())


def test_derelict_slow_speed_says_when_it_applies() -> None:
    pack = load_pack("derelict-crawl")
    slow = next(a for a in pack.actions if a.name == "Slow")
    assert slow.summary.startswith("Only while exploring each room, spending no extra time in it")
    movement = pack.table("movement")
    assert "only when exploring each room" in movement.rows[0].cells[1]
    assert "only when exploring each room" in tracker_text("derelict-crawl")


def test_derelict_combat_minutes_have_boxes() -> None:
    pack = load_pack("derelict-crawl")
    turns = next(p for p in pack.trackers[0].parts if p.kind == "turns")
    assert turns.actions == ["Combat"]
    assert "**Normal** move or **Combat** minute (1 minute)" in turns.items[0]
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 12)
    assert [b for b in layout.turn_boxes if b.name.startswith("turn-1-normal-")]


def test_site_alarm_rows_hold_six_rounds() -> None:
    text = tracker_text("site-alarm")
    assert "Each row is one exploration round" not in text
    assert "Each group of three boxes is one exploration round (30 minutes)" in text
    assert "a row holds six rounds" in text


def test_encounter_reaction_gives_the_action_and_move_to_each_being() -> None:
    text = tracker_text("encounter-reaction")
    assert "Each Being in the Group gets an Action and Move during the Group's Turn" in text
    assert "Each Group gets an Action and Move" not in text


def test_a_turns_part_names_only_actions_that_exist(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parent.parent / "sheetgen" / "rules" / "derelict-crawl.yaml").read_text(
        encoding="utf-8"
    )
    path = tmp_path / "derelict.yaml"
    path.write_text(text.replace("actions: [Combat]", "actions: [Combat, Swim]"), encoding="utf-8")
    with pytest.raises(DataError, match='no action named "Swim"'):
        load_pack(str(path))


@pytest.mark.parametrize("page", [0, 1], ids=["gm", "players"])
def test_encounter_reaction_rounds_have_a_move_and_an_action_box_for_each_being(page: int) -> None:
    pack = load_pack("encounter-reaction")
    rounds = next(p for p in pack.trackers[page].parts if p.kind == "rounds")
    assert rounds.beings == 5
    layout = tracker_layout(pack, pack.trackers[page], LETTER, 12)
    first = sorted(b.name for b in layout.boxes if b.name.startswith("round-1-heroes-"))
    assert first == sorted(
        ["round-1-heroes-turn"] + [f"round-1-heroes-{what}-{n}" for n in range(1, 6) for what in ("move", "action")]
    )
    assert len([b for b in layout.boxes if b.name.startswith("round-")]) == 10 * 2 * (1 + 2 * 5)
    assert "M = Move, A = Action: a pair for each of up to 5 Beings in a group" in tracker_text(
        "encounter-reaction", page
    )


def test_one_being_keeps_one_move_and_one_action_box_per_group(tmp_path: Path) -> None:
    text = (
        (Path(__file__).resolve().parent.parent / "sheetgen" / "rules" / "encounter-reaction.yaml")
        .read_text(encoding="utf-8")
        .replace("        beings: 5\n", "")
    )
    path = tmp_path / "er.yaml"
    path.write_text(text, encoding="utf-8")
    pack = load_pack(str(path))
    layout = tracker_layout(pack, pack.trackers[0], LETTER, 12)
    assert sorted(b.name for b in layout.boxes if b.name.startswith("round-1-")) == [
        "round-1-enemies-action",
        "round-1-enemies-move",
        "round-1-enemies-turn",
        "round-1-heroes-action",
        "round-1-heroes-move",
        "round-1-heroes-turn",
    ]
