"""Validation: every problem at once, each with file:line:column, field path and a message to act on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.errors import DataError
from sheetgen.load.files import load_pack, load_site

Write = Callable[[str, str], Path]

SITE = """
site: Test Hall
system: dungeon-turn
rooms:
  - key: 1
    name: Gate
    exits: ["2"]
  - key: "2"
    name: Hall
    exits: ["1"]
"""


def problems(load: Callable[[str], object], path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load(str(path))
    return [str(p).removeprefix(str(path.parent) + "/") for p in info.value.problems]


def test_valid_site_loads(write: Write) -> None:
    loaded = load_site(str(write("s.yaml", SITE)))
    assert [r.key for r in loaded.site.rooms] == ["1", "2"]
    assert loaded.pack.id == "dungeon-turn"


def test_site_cross_references(write: Write) -> None:
    path = write(
        "s.yaml",
        """
        site: Test Hall
        system: dungeon-turn
        rooms:
          - {key: 1, name: Gate, exits: ["1", "7"]}
          - {key: 1, name: Hall}
        wandering:
          roll: 1d6
          entries:
            - {roll: 1-3, name: Rats, appearing: 2d4, stat: rat}
            - {roll: 3-5, name: Bats, appearing: d6}
        statblocks:
          - {id: rats, name: Rat}
    """,
    )
    assert problems(load_site, path) == [
        's.yaml:4:39: rooms[0].exits[1]: no room with key "7" (rooms are 1, 1)',
        's.yaml:5:11: rooms[1].key: duplicate key "1" (first used by rooms[0]); each key must be unique',
        "s.yaml:9:5: wandering.entries: no row covers 6 on 1d6",
        's.yaml:9:53: wandering.entries[0].stat: no statblock with id "rat" (did you mean "rats"?)',
        "s.yaml:10:7: wandering.entries[1]: 3-5 overlaps 1-3 (both include 3)",
    ]


def test_shape_errors_are_all_reported_with_hints(write: Write) -> None:
    path = write(
        "s.yaml",
        """
        site: Test Hall
        sytem: dungeon-turn
        rooms:
          - key: 1
            name: Gate
            exits: "2"
            treasure: 12
          - key: true
            descripton: x
    """,
    )
    assert problems(load_site, path) == [
        "s.yaml:1:1: system: required field is missing",
        's.yaml:2:1: sytem: unknown field "sytem" (did you mean "system"?)',
        "s.yaml:6:12: rooms[0].exits: expected a list (items starting with '- ')",
        "s.yaml:7:15: rooms[0].treasure: expected text",
        "s.yaml:8:5: rooms[1].name: required field is missing",
        "s.yaml:8:10: rooms[1].key: expected text, not True",
        's.yaml:9:5: rooms[1].descripton: unknown field "descripton" (did you mean "description"?)',
    ]


def test_yes_no_and_times_stay_text(write: Write) -> None:
    path = write("s.yaml", SITE.replace("name: Gate", "name: NO").replace("name: Hall", "name: 1:30"))
    loaded = load_site(str(path))
    assert [r.name for r in loaded.site.rooms] == ["NO", "1:30"]


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ("0d6", "0d6"),
        ("d0", "d0"),
        ("1000000d1000000", "1000000d1000000"),
        ("1d6+", "1d6+"),
        ("-1d6", "-1d6"),
    ],
)
def test_absurd_dice_are_refused(write: Write, dice: str, message: str) -> None:
    path = write("s.yaml", SITE + f"wandering:\n  roll: {dice}\n  entries:\n    - {{roll: 1, name: Rats}}\n")
    (problem,) = problems(load_site, path)
    assert problem.startswith("s.yaml:11:9: wandering.roll: ")
    assert message in problem


def test_site_naming_a_missing_pack(write: Write) -> None:
    path = write("s.yaml", SITE.replace("system: dungeon-turn", "system: dungeon-trun"))
    (problem,) = problems(load_site, path)
    assert problem.startswith('s.yaml:2:9: system: no built-in pack "dungeon-trun" and no such file')


def test_pack_and_site_are_told_apart(write: Write) -> None:
    site = write("s.yaml", SITE)
    assert problems(load_pack, site) == [
        "s.yaml:1:1: this is a site file, not a rule pack; commands that take SYSTEM want a pack "
        "(give the site to `sheetgen cards` or `sheetgen packet`)"
    ]
    from sheetgen.load.files import builtin_dir

    pack = builtin_dir("rules") / "dungeon-turn.yaml"
    with pytest.raises(DataError, match="this is a rule pack, not a site file"):
        load_site(str(pack))


def test_pack_cross_references(write: Write, tmp_path: Path) -> None:
    from sheetgen.load.files import builtin_dir

    text = (builtin_dir("rules") / "dungeon-turn.yaml").read_text(encoding="utf-8")
    broken = text.replace("add: [escalation]", "add: [escalaton]").replace(
        'box_labels: ["+1", "+2", "+3", "+4", "+5"]', 'box_labels: ["+1"]'
    )
    assert broken != text
    path = tmp_path / "p.yaml"
    path.write_text(broken, encoding="utf-8")
    found = problems(load_pack, path)
    assert len(found) == 2
    assert 'check.add[0]: no track with id "escalaton" (did you mean "escalation"?)' in found[0]
    assert "tracks[0].box_labels: give one label per box: 5 for 0-5" in found[1]


def test_a_trigger_face_that_cannot_come_up(write: Write) -> None:
    path = write(
        "p.yaml",
        """
        kind: pack
        id: my-game
        name: My Game
        time: {unit: turn, length: 10 minutes}
        check:
          name: Wandering monster check
          when: every turn
          formula: Roll 1d6
          roll: 1d6
          trigger: {faces: [1, 7-8]}
        reference:
          pages:
            - title: My Game
              sections: [{kind: check}]
    """,
    )
    assert problems(load_pack, path) == [
        "p.yaml:10:24: check.trigger.faces[1]: 7-8 cannot come up on the check's result (1-6), "
        "so it would never trigger"
    ]


def test_the_text_of_a_whole_site_is_bounded(write: Write) -> None:
    from sheetgen import limits

    rooms = "".join(f'  - {{key: "{i}", name: Room, description: "{"x" * 5000}"}}\n' for i in range(51))
    path = write("s.yaml", "site: Big\nsystem: dungeon-turn\nrooms:\n" + rooms)
    (problem,) = problems(load_site, path)
    assert problem.startswith("s.yaml:4:3: rooms: the site holds 255,")
    assert problem.endswith(f"at most {limits.MAX_SITE_TEXT:,} are allowed (split the dungeon into several sites)")


def test_a_player_safe_section_cannot_show_a_secret_table(tmp_path: Path) -> None:
    from sheetgen.load.files import builtin_dir

    text = (builtin_dir("rules") / "encounter-reaction.yaml").read_text(encoding="utf-8")
    broken = text.replace(
        "        - kind: table\n          ref: zones\n",
        "        - kind: table\n          ref: zones\n          player_safe: true\n",
    )
    assert broken != text
    path = tmp_path / "p.yaml"
    path.write_text(broken, encoding="utf-8")
    (problem,) = problems(load_pack, path)
    assert problem.endswith(".player_safe: table 'zones' is not player_safe, so this section cannot be player_safe")


# --- open-ended ranges ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "inside", "outside", "shown"),
    [
        ("10+", [10, 11, 9_999, 10_000, 25_000], [9, 0], "10+"),
        ("-2+", [-2, 0, 40_000], [-3], "-2+"),
        ("3-5", [3, 4, 5], [2, 6, 10_000], "3-5"),
        ("-3 to -1", [-3, -1], [-4, 0], "-3 to -1"),
    ],
)
def test_an_open_range_knows_it_has_no_top(text: str, inside: list[int], outside: list[int], shown: str) -> None:
    from sheetgen.model.common import parse_level_range

    rng = parse_level_range(text)
    assert rng.open is text.endswith("+")
    assert all(v in rng for v in inside) and not any(v in rng for v in outside)
    assert str(rng) == shown


def test_a_table_row_open_at_the_top_covers_totals_past_four_digits(tmp_path: Path) -> None:
    from sheetgen.export.tables import pack_tables

    path = tmp_path / "pack.yaml"
    path.write_text(
        """\
kind: pack
id: big
name: Big
time: {unit: turn, length: 10 minutes}
tables:
  - id: big
    name: Big
    roll: 1d4+9997
    columns: [What]
    rows:
      - {roll: 9998, cells: [Low]}
      - {roll: 9999+, cells: [High]}
reference:
  pages:
    - title: Big
      sections: [{kind: table, ref: big}]
""",
        encoding="utf-8",
    )
    (big,) = [t for t in pack_tables(load_pack(str(path))) if t.id == "big"]
    assert [(r.low, r.high, r.weight) for r in big.rows] == [(9998, 9998, 1), (9999, 10001, 3)]
