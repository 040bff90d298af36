"""Each documented limit (sheetgen.limits, and the bounds the pack and site formats give in their tables and
prose) at its last allowed value and its first refused one, through the loader a pack or site file goes
through (or the command that takes the number), with the message it gives.

Limits tested at both edges elsewhere:

- dice notation: 200 characters, 20 terms, 1,000 dice, 1,000 sides, constants up to 1,000,000, and the
  largest dice whose exact odds are worked out (MAX_EXACT_WORK: 394d6, 152d20, 36d100 ...): test_dice.py;
- dice in a usage die (MAX_USAGE_STEPS): test_usage_dice.py;
- a cadence's units in `at` and its `repeat`, up to 1,000: test_cadence_at.py; a condition's `every`, up
  to 1,000: test_conditions.py;
- the span of a site's map (MAX_MAP_SQUARES), corners of a polygon (MAX_POLYGON) and columns of a map
  (MAX_MAP_ITEMS, the bound its areas, doors and water are declared with too): test_site_map.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from costly_inputs import pdf_file
from PIL import Image

from sheetgen import limits
from sheetgen.cli import cli
from sheetgen.errors import DataError
from sheetgen.load.files import forget_loaded_packs, load_pack, load_site
from sheetgen.load.variants import with_variant
from sheetgen.load.yamlread import parse_yaml
from sheetgen.model.pack import Pack
from sheetgen.options import RenderOptions
from sheetgen.sheets.reference import reference_view
from sheetgen.sheets.views import RestsBody

HEAD = "site: Edges\nsystem: dungeon-turn\n"


def room(key: int | str, name: str = "Room", text: str = "A room.", details: int = 0) -> str:
    listed = "".join(f"      - Detail {n}\n" for n in range(details))
    return f'  - key: "{key}"\n    name: "{name}"\n    description: "{text}"\n' + (
        f"    details:\n{listed}" if details else ""
    )


def site(tmp_path: Path, body: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def refused(path: Path, load: Callable[[str], object] = load_site) -> list[str]:
    with pytest.raises(DataError) as info:
        load(str(path))
    return [str(p).removeprefix(str(path.parent) + "/") for p in info.value.problems]


PACK = """\
kind: pack
id: edges
name: Edges
time: {unit: turn, length: 10 minutes}
check:
  name: Danger
  when: at the end of every turn
  formula: Roll 1d6; a 1 is an encounter.
  roll: 1d6
  trigger: {faces: [1]}
"""
PAGES = "reference:\n  pages:\n    - title: Edges\n      sections: [{kind: check}]\n"


def pack_file(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    forget_loaded_packs()  # a pack is kept by its path, and each test writes its file again past the edge
    return path


def pack_at(tmp_path: Path, text: str) -> Pack:
    return load_pack(str(pack_file(tmp_path, text)))


def pack_refused(tmp_path: Path, text: str) -> list[str]:
    return refused(pack_file(tmp_path, text), load_pack)


def test_a_text_field_holds_max_text_characters(tmp_path: Path) -> None:
    load_site(str(site(tmp_path, "rooms:\n" + room(1, text="x" * limits.MAX_TEXT))))
    (problem,) = refused(site(tmp_path, "rooms:\n" + room(1, text="x" * (limits.MAX_TEXT + 1))))
    assert problem == (
        f"s.yaml:6:18: rooms[0].description: text is {limits.MAX_TEXT + 1} characters; "
        f"at most {limits.MAX_TEXT} are allowed"
    )


def test_a_name_holds_max_name_characters(tmp_path: Path) -> None:
    load_site(str(site(tmp_path, "rooms:\n" + room(1, name="n" * limits.MAX_NAME))))
    (problem,) = refused(site(tmp_path, "rooms:\n" + room(1, name="n" * (limits.MAX_NAME + 1))))
    assert problem.startswith("s.yaml:5:11: rooms[0].name: ")
    assert problem.endswith(f"is {limits.MAX_NAME + 1} characters; at most {limits.MAX_NAME} are allowed")


def test_a_room_lists_max_list_details(tmp_path: Path) -> None:
    load_site(str(site(tmp_path, "rooms:\n" + room(1, details=limits.MAX_LIST))))
    (problem,) = refused(site(tmp_path, "rooms:\n" + room(1, details=limits.MAX_LIST + 1)))
    assert problem.startswith("s.yaml:8:7: rooms[0].details: ")
    assert f"at most {limits.MAX_LIST}" in problem


def test_a_site_holds_max_rooms_rooms(tmp_path: Path) -> None:
    loaded = load_site(str(site(tmp_path, "rooms:\n" + "".join(room(i) for i in range(limits.MAX_ROOMS)))))
    assert len(loaded.site.rooms) == limits.MAX_ROOMS
    (problem,) = refused(site(tmp_path, "rooms:\n" + "".join(room(i) for i in range(limits.MAX_ROOMS + 1))))
    assert problem.startswith("s.yaml:4:3: rooms: ")
    assert f"at most {limits.MAX_ROOMS}" in problem


def test_a_site_holds_max_statblocks_statblocks(tmp_path: Path) -> None:
    def blocks(n: int) -> str:
        return "statblocks:\n" + "".join(f"  - {{id: b{i}, name: Beast {i}}}\n" for i in range(n))

    loaded = load_site(str(site(tmp_path, "rooms:\n" + room(1) + blocks(limits.MAX_STATBLOCKS))))
    assert len(loaded.site.statblocks) == limits.MAX_STATBLOCKS
    (problem,) = refused(site(tmp_path, "rooms:\n" + room(1) + blocks(limits.MAX_STATBLOCKS + 1)))
    assert problem == (
        f"s.yaml:8:3: statblocks: {limits.MAX_STATBLOCKS + 1} entries; at most {limits.MAX_STATBLOCKS} are allowed"
    )


def test_a_site_holds_max_site_text_characters_in_all(tmp_path: Path) -> None:
    count = limits.MAX_SITE_TEXT // limits.MAX_TEXT + 1

    def rooms(total: int) -> str:  # every text of the file counts: its name, system, keys, names, texts
        texts = [limits.MAX_TEXT] * (count - 1)
        own = len("Edges") + len("dungeon-turn") + sum(len(str(i)) + len("R") for i in range(count))
        texts.append(total - own - sum(texts))
        return "rooms:\n" + "".join(room(i, name="R", text="x" * n) for i, n in enumerate(texts))

    load_site(str(site(tmp_path, rooms(limits.MAX_SITE_TEXT))))
    (problem,) = refused(site(tmp_path, rooms(limits.MAX_SITE_TEXT + 1)))
    assert problem == (
        f"s.yaml:4:3: rooms: the site holds {limits.MAX_SITE_TEXT + 1:,} characters of text; at "
        f"most {limits.MAX_SITE_TEXT:,} are allowed (split the dungeon into several sites)"
    )


def test_a_file_is_at_most_max_file_bytes(tmp_path: Path) -> None:
    text = HEAD + "rooms:\n" + room(1)
    pad = limits.MAX_FILE_BYTES - len(text.encode()) - 1
    path = tmp_path / "s.yaml"
    path.write_text(text + "#" + "x" * pad, encoding="utf-8")
    assert path.stat().st_size == limits.MAX_FILE_BYTES
    load_site(str(path))
    path.write_text(text + "#" + "x" * (pad + 1), encoding="utf-8")
    (problem,) = refused(path)
    assert f"sheetgen reads files of at most {limits.MAX_FILE_BYTES:,} bytes" in problem


def test_a_file_nests_at_most_max_depth_levels(tmp_path: Path) -> None:
    def nested(depth: int) -> str:  # a room's notes as a list nested to *depth* levels under the file
        inner = "[" * (depth - 3) + "x" + "]" * (depth - 3)
        return "rooms:\n" + room(1) + f"    details: {inner}\n"

    deep = refused(site(tmp_path, nested(limits.MAX_DEPTH + 1)))
    assert any(f"nested more than {limits.MAX_DEPTH} levels deep" in p for p in deep), deep
    allowed = refused(site(tmp_path, nested(limits.MAX_DEPTH)))  # refused for its shape, not its depth
    assert not any("levels deep" in p for p in allowed), allowed


def test_a_file_holds_at_most_max_yaml_nodes_values() -> None:
    """Counted by the reader, before any field is checked: every mapping, list, key and value is one."""

    def values(n: int) -> bytes:  # 12 of the file's own, then a flow list of n more
        return (HEAD + 'rooms:\n  - key: "1"\n    details: [' + ", ".join("d" for _ in range(n)) + "]\n").encode()

    own = 1 + 2 + 2 + 2 + 1 + 2 + 2  # the top mapping; site, system, rooms and their values; the room's two fields
    assert parse_yaml(values(limits.MAX_YAML_NODES - own), "s.yaml").data["site"] == "Edges"
    with pytest.raises(DataError) as info:
        parse_yaml(values(limits.MAX_YAML_NODES - own + 1), "s.yaml")
    assert [str(p) for p in info.value.problems] == [
        f"s.yaml:5:{15 + 3 * (limits.MAX_YAML_NODES - own)}: the file has more than "
        f"{limits.MAX_YAML_NODES} values; split it up"  # at the first value past the limit, the list's last
    ]


def test_a_timetable_covers_at_most_max_hours(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "t.pdf"
    over = runner.invoke(cli, ["timetable", "dungeon-turn", "--hours", str(limits.MAX_HOURS + 1), "-o", str(out)])
    assert (over.exit_code, over.output) == (
        2,
        f"error: --hours must be a whole number from 1 to {limits.MAX_HOURS}, not {limits.MAX_HOURS + 1}\n",
    )
    assert not out.exists()
    allowed = runner.invoke(cli, ["timetable", "dungeon-turn", "--hours", str(limits.MAX_HOURS), "-o", str(out)])
    assert allowed.exit_code == 0, allowed.output
    assert out.stat().st_size > 0


def test_a_tracker_is_asked_for_at_most_max_turns(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "t.pdf"
    over = runner.invoke(cli, ["tracker", "dungeon-turn", "--turns", str(limits.MAX_TURNS + 1), "-o", str(out)])
    assert (over.exit_code, over.output) == (
        2,
        f"error: --turns must be a whole number from 1 to {limits.MAX_TURNS}, not {limits.MAX_TURNS + 1}\n",
    )
    # the last value the option takes is weighed against the page: it says how many fit instead
    most = runner.invoke(cli, ["tracker", "dungeon-turn", "--turns", str(limits.MAX_TURNS), "-o", str(out)])
    assert most.exit_code == 2 and "do not fit on one page" in most.output and "out of range" not in most.output
    assert not out.exists()


# --- rule packs ------------------------------------------------------------------------------------------


def test_an_id_holds_at_most_max_id_characters(tmp_path: Path) -> None:
    longest = "a" * limits.MAX_ID
    assert pack_at(tmp_path, PACK.replace("id: edges", f"id: {longest}") + PAGES).id == longest
    assert pack_refused(tmp_path, PACK.replace("id: edges", f"id: {longest}a") + PAGES) == [
        f"p.yaml:2:5: id: is {limits.MAX_ID + 1} characters; at most {limits.MAX_ID} are allowed in an id"
    ]


def test_a_duration_is_more_than_0_seconds_and_at_most_a_week(tmp_path: Path) -> None:
    week = 7 * 24 * 3600

    def rest(time: str) -> str:
        return PACK + f"rests:\n  - {{id: rest, name: Rest, time: {time}}}\n" + PAGES

    assert [pack_at(tmp_path, rest(time)).rests[0].time for time in ("1 second", "7 days")] == [1, week]
    for time in ("0 seconds", f"{week + 1} seconds"):
        assert pack_refused(tmp_path, rest(time)) == [
            f"p.yaml:12:34: rests[0].time: '{time}' must be a whole number of seconds, more than 0 and at most a week"
        ]


def test_a_track_spans_at_most_max_track_levels_above_its_min(tmp_path: Path) -> None:
    def track(top: int) -> str:
        return PACK + f"tracks:\n  - {{id: t, name: T, min: -5, max: {top}}}\n" + PAGES

    assert pack_at(tmp_path, track(limits.MAX_TRACK - 5)).tracks[0].max == limits.MAX_TRACK - 5
    assert pack_refused(tmp_path, track(limits.MAX_TRACK - 4)) == [
        f"p.yaml:12:5: tracks[0]: a track spans at most {limits.MAX_TRACK} levels"
    ]


def test_a_chosen_track_has_at_most_max_chosen_levels(tmp_path: Path) -> None:
    def track(top: int) -> str:
        return PACK + f"tracks:\n  - {{id: t, name: T, min: 1, max: {top}, chosen: true}}\n" + PAGES

    assert pack_at(tmp_path, track(limits.MAX_CHOSEN)).tracks[0].chosen
    assert pack_refused(tmp_path, track(limits.MAX_CHOSEN + 1)) == [
        f"p.yaml:12:5: tracks[0]: a chosen track has at most {limits.MAX_CHOSEN} levels, one row of odds each; "
        f"this one has {limits.MAX_CHOSEN + 1}"
    ]


TRACK = "tracks:\n  - {id: t, name: T, max: 5}\n"
TORCH = "resources:\n  - {id: torch, name: Torch, every: 1}\n"
OUTCOMES = "  outcomes:\n    - {roll: 1, result: Gust, effects: [EFFECT]}\n    - {roll: 2-6, result: Still}\n"

#: Where a pack counts units of play or steps of a track, each at most limits.MAX_TRACK: the pack with
#: NUMBER where the count goes, and the problem one past it, after the file's name.
UNITS_AND_STEPS = {
    "cadence": (PACK + "  cadence: {every: NUMBER}\n", "11:20: check.cadence.every: must be from 1 to 1000 units"),
    "cadence by track": (
        PACK + "  cadence: {every: {track: t, levels: {0-5: NUMBER}}}\n" + TRACK,
        "11:39: check.cadence.every.levels: every level's cadence must be from 1 to 1000 units",
    ),
    "offset": (PACK + "  cadence: {offset: NUMBER}\n", "11:21: check.cadence.offset: must be at most 1000 units"),
    "advance": (
        PACK + "  advance: {track: t, by: [{roll: 1-6, by: NUMBER}]}\n" + TRACK,
        "11:44: check.advance.by[0].by: input should be less than or equal to 1000",
    ),
    "outcome moving a track up": (
        PACK + OUTCOMES.replace("EFFECT", "{track: t, by: NUMBER}") + TRACK,
        "12:56: check.outcomes[0].effects[0].by: input should be less than or equal to 1000",
    ),
    "outcome moving a track down": (
        PACK + OUTCOMES.replace("EFFECT", "{track: t, by: -NUMBER}") + TRACK,
        "12:56: check.outcomes[0].effects[0].by: input should be greater than or equal to -1000",
    ),
    "outcome lasting": (
        PACK + OUTCOMES.replace("EFFECT", "{lasts: NUMBER}"),
        "12:49: check.outcomes[0].effects[0].lasts: input should be less than or equal to 1000",
    ),
    "resource's rate": (
        PACK + "resources:\n  - {id: torch, name: Torch, every: NUMBER}\n",
        "12:37: resources[0].every: input should be less than or equal to 1000",
    ),
    "resource running out": (
        PACK + "resources:\n  - {id: torch, name: Torch, every: 1, when_out: [{track: t, by: NUMBER}]}\n" + TRACK,
        "12:66: resources[0].when_out[0].by: input should be less than or equal to 1000",
    ),
    "variant's rate": (
        PACK + TORCH + "variants:\n  - {name: V, text: T, rates: {torch: NUMBER}}\n",
        "14:39: variants[0].rates.torch: must be from 1 to 1000 units",
    ),
    "rest falling due": (
        PACK + "rests:\n  - {id: rest, name: Rest, time: 1 hour, every: NUMBER}\n",
        "12:49: rests[0].every: input should be less than or equal to 1000",
    ),
}


@pytest.mark.parametrize(("text", "problem"), UNITS_AND_STEPS.values(), ids=UNITS_AND_STEPS)
def test_units_of_play_and_steps_of_a_track_are_at_most_max_track(tmp_path: Path, text: str, problem: str) -> None:
    pack_at(tmp_path, text.replace("NUMBER", str(limits.MAX_TRACK)) + PAGES)
    assert pack_refused(tmp_path, text.replace("NUMBER", str(limits.MAX_TRACK + 1)) + PAGES) == [f"p.yaml:{problem}"]


POOL = PACK.replace(
    "  roll: 1d6\n  trigger: {faces: [1]}\n", "  pool: {die: d6, max_dice: 100, POOL}\n  trigger: {at_least: 6}\n"
)
ROUNDS = "trackers:\n  - {id: t, title: T, audience: gm, parts: [{kind: rounds, PART}]}\n"

#: The numbers the pack format's tables give a range (1 to 12, 0 to 100 ...): the pack with NUMBER where
#: the number goes, the range, and the place of the problem on either side of it.
RANGES = {
    "actions per unit": (
        PACK.replace("10 minutes}", "10 minutes, actions_per_unit: NUMBER}"),
        1,
        12,
        "4:58: time.actions_per_unit",
    ),
    "rolls of the check": (PACK + "  cadence: {rolls: NUMBER}\n", 1, 10, "11:20: check.cadence.rolls"),
    "dice a pool holds at first": (POOL.replace("POOL", "base: NUMBER"), 0, 100, "9:40: check.pool.base"),
    "dice a pool grows by": (POOL.replace("POOL", "grow: NUMBER"), 0, 100, "9:40: check.pool.grow"),
    "dice a pool is rolled at": (POOL.replace("POOL", "roll_at: NUMBER"), 1, 100, "9:43: check.pool.roll_at"),
    "dice a pool holds at most": (
        POOL.replace("max_dice: 100, POOL", "max_dice: NUMBER"),
        1,
        100,
        "9:29: check.pool.max_dice",
    ),
    "marks a tally gains": (
        PACK + "tallies:\n  - {id: noise, name: Noise, per_unit: NUMBER}\n",
        0,
        10,
        "12:40: tallies[0].per_unit",
    ),
    "boxes of a resource": (
        PACK + "resources:\n  - {id: torch, name: Torch, boxes: NUMBER}\n",
        1,
        60,
        "12:37: resources[0].boxes",
    ),
    "boxes a resource uses": (
        PACK + "resources:\n  - {id: torch, name: Torch, boxes: 60, every: 1, use: NUMBER}\n",
        1,
        60,
        "12:56: resources[0].use",
    ),
    "a variant's consumption": (
        PACK + "variants:\n  - {name: V, text: T, consumption: NUMBER}\n",
        1,
        10,
        "12:37: variants[0].consumption",
    ),
    "a variant's danger": (
        PACK + "variants:\n  - {name: V, text: T, danger: NUMBER}\n",
        1,
        10,
        "12:32: variants[0].danger",
    ),
    "combat rounds": (
        PACK + PAGES + ROUNDS.replace("PART", "rounds: NUMBER"),
        1,
        100,
        "16:68: trackers[0].parts[0].rounds",
    ),
    "beings in a group": (
        PACK + PAGES + ROUNDS.replace("PART", "beings: NUMBER"),
        1,
        8,
        "16:68: trackers[0].parts[0].beings",
    ),
}


@pytest.mark.parametrize(("text", "low", "high", "place"), RANGES.values(), ids=RANGES)
def test_a_number_lies_in_the_range_the_pack_format_gives(
    tmp_path: Path, text: str, low: int, high: int, place: str
) -> None:
    def pack(number: int) -> str:
        return text.replace("NUMBER", str(number)) + ("" if "reference:" in text else PAGES)

    for number in (low, high):
        pack_at(tmp_path, pack(number))
    assert pack_refused(tmp_path, pack(low - 1)) == [f"p.yaml:{place}: input should be greater than or equal to {low}"]
    assert pack_refused(tmp_path, pack(high + 1)) == [f"p.yaml:{place}: input should be less than or equal to {high}"]


def test_combat_rounds_take_at_most_4_groups(tmp_path: Path) -> None:
    def groups(count: int) -> str:
        return PACK + PAGES + ROUNDS.replace("PART", f"groups: [{', '.join('ABCDE'[:count])}]")

    pack_at(tmp_path, groups(4))
    assert pack_refused(tmp_path, groups(5)) == [
        "p.yaml:16:68: trackers[0].parts[0].groups: 5 entries; at most 4 are allowed"
    ]


def roll(n: int, mark: str) -> str:
    """One of a pack's other rolls, with its own mark on the turns grid."""
    return (
        f"  - {{id: r{n}, name: Roll {n}, when: each turn, roll: 1d6, "
        f"outcomes: [{{roll: 1-6, result: R}}], mark: {mark}}}\n"
    )


@pytest.mark.parametrize(
    ("part", "place"),
    [
        ("rolls:\n" + roll(0, "MARK"), "12:98: rolls[0]"),
        ("rests:\n  - {id: r, name: Rest, time: 1 hour, every: 6, mark: MARK}\n", "12:55: rests[0]"),
        ("conditions:\n  - {id: c, name: Hunger, every: 6, states: [Hungry], mark: MARK}\n", "12:61: conditions[0]"),
    ],
    ids=["roll", "rest", "condition"],
)
def test_a_mark_on_the_turns_grid_has_at_most_3_characters(tmp_path: Path, part: str, place: str) -> None:
    pack_at(tmp_path, PACK + part.replace("MARK", "XYZ") + PAGES)
    assert pack_refused(tmp_path, PACK + part.replace("MARK", "WXYZ") + PAGES) == [
        f"p.yaml:{place}.mark: is 4 characters; at most 3 are allowed"
    ]


def test_a_pack_has_at_most_max_rolls_other_rolls(tmp_path: Path) -> None:
    def rolls(count: int) -> str:
        return PACK + "rolls:\n" + "".join(roll(n, f"R{n}") for n in range(count)) + PAGES

    assert len(pack_at(tmp_path, rolls(limits.MAX_ROLLS)).rolls) == limits.MAX_ROLLS
    assert pack_refused(tmp_path, rolls(limits.MAX_ROLLS + 1)) == [
        f"p.yaml:12:3: rolls: {limits.MAX_ROLLS + 1} entries; at most {limits.MAX_ROLLS} are allowed"
    ]


def pattern(roll: str, trigger: str = "{doubles: any}", names: int = 0) -> str:
    named = f"  dice_names: [{', '.join(f'd{n}' for n in range(names))}]\n" if names else ""
    return (
        PACK.replace(
            "  roll: 1d6\n  trigger: {faces: [1]}\n", f"  roll: {roll}\n{named}  trigger: {{pattern: {trigger}}}\n"
        )
        + PAGES
    )


def test_a_pattern_reads_at_most_max_pattern_dice_dice(tmp_path: Path) -> None:
    most, over = limits.MAX_PATTERN_DICE, limits.MAX_PATTERN_DICE + 1
    pack_at(tmp_path, pattern(f"{most}d3", names=most))
    pack_at(tmp_path, pattern(f"{most}d2", f"{{count: {{faces: 2, at_least: {most}}}}}"))
    assert pack_refused(tmp_path, pattern(f"{over}d2")) == [
        f"p.yaml:9:9: check.roll: patterns read at most {most} dice with at most {limits.MAX_THROWS:,} different "
        f"throws; {over}d2 has {over} dice and {2**over} throws"
    ]
    assert pack_refused(tmp_path, pattern(f"{most}d2", names=over)) == [
        f"p.yaml:10:15: check.dice_names: {over} entries; at most {most} are allowed"
    ]
    assert pack_refused(tmp_path, pattern(f"{most}d2", f"{{count: {{faces: 2, at_least: {over}}}}}")) == [
        f"p.yaml:10:51: check.trigger.pattern.count.at_least: input should be less than or equal to {most}"
    ]


def test_a_pattern_reads_at_most_max_throws_throws(tmp_path: Path) -> None:
    assert limits.MAX_THROWS == 20 * 1000 and limits.MAX_THROWS + 1 == 3 * 59 * 113  # the dice below sit on the edge
    pack_at(tmp_path, pattern("1d20+1d1000"))
    assert pack_refused(tmp_path, pattern("1d3+1d59+1d113")) == [
        f"p.yaml:9:9: check.roll: patterns read at most {limits.MAX_PATTERN_DICE} dice with at most "
        f"{limits.MAX_THROWS:,} different throws; 1d3+1d59+1d113 has 3 dice and {limits.MAX_THROWS + 1:,} throws"
    ]


def test_a_reference_has_at_most_10_pages(tmp_path: Path) -> None:
    def pages(count: int) -> str:
        return (
            PACK
            + "reference:\n  pages:\n"
            + "".join(f"    - title: Page {n}\n      sections: [{{kind: check}}]\n" for n in range(count))
        )

    assert len(pack_at(tmp_path, pages(10)).reference.pages) == 10
    assert pack_refused(tmp_path, pages(11)) == ["p.yaml:13:5: reference.pages: 11 entries; at most 10 are allowed"]


def test_a_pack_has_at_most_20_tracker_pages(tmp_path: Path) -> None:
    def trackers(count: int) -> str:
        return (
            PACK
            + PAGES
            + "trackers:\n"
            + "".join(
                f"  - {{id: t{n}, title: Tracker {n}, audience: gm, parts: [{{kind: turns}}]}}\n" for n in range(count)
            )
        )

    assert len(pack_at(tmp_path, trackers(20)).trackers) == 20
    assert pack_refused(tmp_path, trackers(21)) == ["p.yaml:16:3: trackers: 21 entries; at most 20 are allowed"]


def test_a_reference_page_has_at_most_3_columns(tmp_path: Path) -> None:
    def page(columns: int) -> str:
        return PACK + PAGES.replace("sections:", f"columns: {columns}\n      sections:")

    assert pack_at(tmp_path, page(3)).reference.pages[0].columns == 3
    assert pack_refused(tmp_path, page(4)) == [
        "p.yaml:14:16: reference.pages[0].columns: input should be less than or equal to 3"
    ]


def test_a_table_has_at_most_12_columns(tmp_path: Path) -> None:
    def table(columns: int) -> str:
        headers = ", ".join(f"C{n}" for n in range(columns))
        cells = ", ".join(f"x{n}" for n in range(columns))
        return (
            PACK
            + f"tables:\n  - id: t\n    name: T\n    columns: [{headers}]\n    rows:\n      - cells: [{cells}]\n"
            + PAGES
        )

    assert len(pack_at(tmp_path, table(12)).tables[0].columns) == 12
    assert pack_refused(tmp_path, table(13)) == [
        "p.yaml:14:14: tables[0].columns: 13 entries; at most 12 are allowed",
        "p.yaml:16:16: tables[0].rows[0].cells: 13 entries; at most 12 are allowed",
    ]


def test_a_rests_countdown_has_at_most_60_boxes(tmp_path: Path) -> None:
    def countdown(minutes: int) -> int:  # a rest of that many 10-minute turns, in a rests section
        text = PACK + f"rests:\n  - {{id: rest, name: Rest, time: {minutes} minutes, countdown: true}}\n"
        pack = pack_at(tmp_path, text + PAGES.replace("check", "rests"))
        body = reference_view(pack, RenderOptions()).pages[0].sections[0].body
        assert isinstance(body, RestsBody)
        return body.rests[0].countdown

    assert countdown(60 * 10) == 60
    assert countdown(61 * 10) == 0  # a longer rest is given no countdown, as the pack format says


def test_a_trackers_countdown_draws_at_most_max_turns_boxes(tmp_path: Path) -> None:
    def countdown(seconds: int) -> str:  # a rest that many 1-second units long, counted down on a tracker
        return (
            PACK.replace("10 minutes", "1 second")
            + f"rests:\n  - {{id: rest, name: Rest, time: {seconds} seconds}}\n"
            + "trackers:\n  - {id: t, title: T, audience: gm, parts: [{kind: countdown, ref: rest}]}\n"
            + PAGES
        )

    assert pack_at(tmp_path, countdown(limits.MAX_TURNS)).rests[0].time == limits.MAX_TURNS
    assert pack_refused(tmp_path, countdown(limits.MAX_TURNS + 1)) == [
        f"p.yaml:14:68: trackers[0].parts[0].ref: Rest lasts {limits.MAX_TURNS + 1:,} units (turn), a box each; "
        f"a countdown draws at most {limits.MAX_TURNS:,} boxes: leave the countdown out of the tracker"
    ]


def test_a_variant_rolls_the_check_at_most_10_times_where_it_falls_due(tmp_path: Path) -> None:
    def rolls(danger: int) -> int:  # a check rolled twice where it falls due, under a variant of that danger
        text = PACK + f"  cadence: {{rolls: 2}}\nvariants:\n  - {{id: v, name: V, text: T, danger: {danger}}}\n" + PAGES
        check = with_variant(pack_at(tmp_path, text), "v").check
        assert check is not None
        return check.cadence.rolls

    assert (rolls(5), rolls(6)) == (10, 10)


def test_a_horizon_is_at_most_max_hours(tmp_path: Path) -> None:
    def horizon(hours: int) -> str:
        return PACK.replace("10 minutes}", f"10 minutes, horizon: {hours} hours}}") + PAGES

    assert pack_at(tmp_path, horizon(limits.MAX_HOURS)).time.horizon_hours == limits.MAX_HOURS
    assert pack_refused(tmp_path, horizon(limits.MAX_HOURS + 1)) == [
        f"p.yaml:4:49: time.horizon: {limits.MAX_HOURS + 1} hours is not a whole number of hours from 1 to "
        f"{limits.MAX_HOURS} ({limits.MAX_HOURS // 24} days)"
    ]


def test_a_horizon_holds_at_most_max_units_units(tmp_path: Path) -> None:
    # units of 518 seconds: 72 hours hold 500 of them; of 517 seconds, 501
    seconds = limits.MAX_HOURS * 3600 // limits.MAX_UNITS

    def pack(length: int) -> str:
        return PACK.replace("10 minutes}", f"{length} seconds, horizon: {limits.MAX_HOURS} hours}}") + PAGES

    assert pack_at(tmp_path, pack(seconds)).time.length == seconds
    assert pack_refused(tmp_path, pack(seconds - 1)) == [
        f"p.yaml:4:50: time.horizon: {limits.MAX_HOURS} hours is {limits.MAX_UNITS + 1} turns; odds and timetables "
        f"cover at most {limits.MAX_UNITS}: make it shorter"
    ]


# --- commands ----------------------------------------------------------------------------------------------


def test_odds_cover_at_most_max_units_units(tmp_path: Path) -> None:
    runner = CliRunner()
    seconds = limits.MAX_HOURS * 3600 // limits.MAX_UNITS
    most = pack_file(tmp_path, PACK.replace("10 minutes", f"{seconds} seconds") + PAGES, "most.yaml")
    allowed = runner.invoke(cli, ["odds", str(most), "--hours", str(limits.MAX_HOURS)])
    assert allowed.exit_code == 0, allowed.output
    over = pack_file(tmp_path, PACK.replace("10 minutes", f"{seconds - 1} seconds") + PAGES, "over.yaml")
    refused_run = runner.invoke(cli, ["odds", str(over), "--hours", str(limits.MAX_HOURS)])
    assert (refused_run.exit_code, refused_run.output) == (
        2,
        f"error: --hours {limits.MAX_HOURS} is {limits.MAX_UNITS + 1} turns of Edges; odds and timetables cover at "
        f"most {limits.MAX_UNITS} turns: ask for fewer hours\n",
    )


def test_odds_cover_at_most_max_hours_given_in_days() -> None:
    runner = CliRunner()
    days = limits.MAX_HOURS // 24
    allowed = runner.invoke(cli, ["odds", "dungeon-turn", "--days", str(days)])
    assert allowed.exit_code == 0, allowed.output
    over = runner.invoke(cli, ["odds", "dungeon-turn", "--days", str(days + 1)])
    assert (over.exit_code, over.output) == (
        2,
        f"error: --days must be a whole number from 1 to {days}, not {days + 1}\n",
    )


def test_odds_weigh_at_most_max_extra_extra_rolls() -> None:
    runner = CliRunner()
    allowed = runner.invoke(cli, ["odds", "dungeon-turn", "--extra", str(limits.MAX_EXTRA)])
    assert allowed.exit_code == 0, allowed.output
    assert f"With {limits.MAX_EXTRA} extra rolls an hour" in allowed.output
    over = runner.invoke(cli, ["odds", "dungeon-turn", "--extra", str(limits.MAX_EXTRA + 1)])
    assert (over.exit_code, over.output) == (
        2,
        f"error: --extra must be a whole number from 0 to {limits.MAX_EXTRA}, not {limits.MAX_EXTRA + 1}\n",
    )


def test_preview_renders_from_min_dpi_to_max_dpi(tmp_path: Path) -> None:
    pdf = tmp_path / "inch.pdf"  # a page one inch square, so that a page at the most dots is quick to draw
    pdf.write_bytes(
        pdf_file(
            [
                b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>",
            ]
        )
    )
    runner = CliRunner()
    for dpi in (limits.MIN_DPI, limits.MAX_DPI):
        out = tmp_path / f"{dpi}.png"
        result = runner.invoke(cli, ["preview", str(pdf), "--dpi", str(dpi), "-o", str(out)])
        assert result.exit_code == 0, result.output
        with Image.open(out) as image:
            assert image.size == (dpi, dpi)
    for dpi in (limits.MIN_DPI - 1, limits.MAX_DPI + 1):
        result = runner.invoke(cli, ["preview", str(pdf), "--dpi", str(dpi), "-o", str(tmp_path / "no.png")])
        assert (result.exit_code, result.output) == (
            2,
            f"error: --dpi must be a whole number from {limits.MIN_DPI} to {limits.MAX_DPI}, not {dpi}\n",
        )
    assert not (tmp_path / "no.png").exists()


def test_exact_odds_take_at_most_max_odds_work_steps(tmp_path: Path) -> None:
    # The budget counts steps of the engine's own work, which no value in a file states, so its edge is
    # shown at the nearest input on either side: 394d6 (the largest sum of d6s whose odds are exact) rolled
    # once an hour is worked out over 68 hours, 487,041 steps, and refused over 69, which would pass the
    # budget as its numbers grow to 20,469 digits. Once an hour, each hour costs little, so the hours
    # allowed are quick to work out.
    check = "  roll: 394d6\n  trigger: {at_least: 1400}\n  cadence: {every: 6}\n"
    path = pack_file(tmp_path, PACK.replace("  roll: 1d6\n  trigger: {faces: [1]}\n", check) + PAGES)
    runner = CliRunner()
    allowed = runner.invoke(cli, ["odds", str(path), "--hours", "68"])
    assert allowed.exit_code == 0, allowed.output
    over = runner.invoke(cli, ["odds", str(path), "--hours", "69"])
    assert (over.exit_code, over.output) == (
        2,
        f'error: {path}:6:3: check: Edges ("edges"): its exact odds over these hours run to numbers of 20,469 '
        f"digits, too long to work out in a few seconds (more than {limits.MAX_ODDS_WORK:,} steps); use smaller "
        "dice, or fewer hours\n",
    )


# --- sites -----------------------------------------------------------------------------------------------


def test_a_route_takes_at_most_max_hours(tmp_path: Path) -> None:
    track = "tracks:\n  - {id: terrain, name: Terrain, min: 1, max: 2, chosen: true}\n"
    pack_file(tmp_path, PACK + track + PAGES)
    legs = f"    - {{key: a, name: Road, terrain: 1, time: {limits.MAX_HOURS} hours}}\n"
    head = "site: Road\nsystem: p.yaml\nrooms:\n  - {key: '1', name: Inn}\nroute:\n  legs:\n"
    path = tmp_path / "s.yaml"
    path.write_text(head + legs, encoding="utf-8")
    assert load_site(str(path)).site.route is not None
    path.write_text(head + legs + "    - {key: b, name: Gate, terrain: 2, time: 10 minutes}\n", encoding="utf-8")
    assert refused(path) == [
        f"s.yaml:7:5: route.legs: the route takes {limits.MAX_HOURS} hours 10 minutes; a timetable covers at most "
        f"{limits.MAX_HOURS} hours, so split the journey into several sites"
    ]


def test_a_room_prints_at_most_max_card_text_characters(tmp_path: Path) -> None:
    def room_of(printed: int) -> str:  # key "1", name "R", three texts at their longest and notes with the rest
        texts = {"description": limits.MAX_TEXT, "trap": limits.MAX_TEXT, "treasure": limits.MAX_TEXT}
        texts["notes"] = printed - 2 - sum(texts.values())
        return 'rooms:\n  - {key: "1", name: R, ' + ", ".join(f'{k}: "{"x" * n}"' for k, n in texts.items()) + "}\n"

    load_site(str(site(tmp_path, room_of(limits.MAX_CARD_TEXT))))
    assert refused(site(tmp_path, room_of(limits.MAX_CARD_TEXT + 1))) == [
        f"s.yaml:4:5: rooms[0]: its cards would print {limits.MAX_CARD_TEXT + 1:,} characters (with the names of "
        f"the rooms its exits lead to); at most {limits.MAX_CARD_TEXT:,} are allowed: shorten its text or give it "
        "fewer exits"
    ]


def test_a_site_prints_at_most_max_cards_text_characters(tmp_path: Path) -> None:
    long = "N" * limits.MAX_NAME
    exits = 150  # each to a room of the longest name: a one-letter key in the file, 123 characters on the cards

    def rooms_of(printed: int) -> str:
        # rooms whose cards print as much as a room may (the last one less), their exits counted, then a room
        # of one-letter key and name
        rooms, left = [], printed - 2
        for key in range(1, printed // limits.MAX_CARD_TEXT + 1):
            own = len(str(key)) + len(long) + exits * (1 + len(long) + 2)
            text = min(limits.MAX_CARD_TEXT, left) - own
            left -= own + text
            leads = ", ".join(["2" if key == 1 else "1"] * exits)
            rooms.append(f'  - {{key: "{key}", name: {long}, description: "{"x" * text}", exits: [{leads}]}}\n')
        assert left == 0
        return "rooms:\n" + "".join(rooms) + "  - {key: p, name: q}\n"

    load_site(str(site(tmp_path, rooms_of(limits.MAX_CARDS_TEXT))))
    assert refused(site(tmp_path, rooms_of(limits.MAX_CARDS_TEXT + 1))) == [
        f"s.yaml:4:3: rooms: the cards would print {limits.MAX_CARDS_TEXT + 1:,} characters (the names of the rooms "
        f"exits lead to included); at most {limits.MAX_CARDS_TEXT:,} are allowed (split the dungeon into several sites)"
    ]


def test_a_text_holds_at_most_max_marks_marked_stretches(tmp_path: Path) -> None:
    def marked(count: int) -> str:
        return "rooms:\n" + room(1, text=" ".join((["**bold**", "_italic_"] * count)[:count]))

    load_site(str(site(tmp_path, marked(limits.MAX_MARKS))))
    assert refused(site(tmp_path, marked(limits.MAX_MARKS + 1))) == [
        f"s.yaml:6:18: rooms[0].description: {limits.MAX_MARKS + 1} stretches of **bold** or _italic_ text; at most "
        f"{limits.MAX_MARKS} are allowed in one text"
    ]


def test_a_settings_file_is_at_most_max_bytes(tmp_path: Path) -> None:
    from sheetgen.settings import MAX_BYTES, read_settings

    path = tmp_path / "settings.toml"
    line = 'paper = "a4"\n'
    path.write_text(line + "#" * (MAX_BYTES - len(line) - 1) + "\n", encoding="utf-8")
    assert path.stat().st_size == MAX_BYTES
    assert read_settings(path) == {"paper": "a4"}
    path.write_text(line + "#" * (MAX_BYTES - len(line)) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        read_settings(path)
    assert [str(p) for p in info.value.problems] == [f"{path}: a settings file of more than 64 KiB is not one"]


@pytest.mark.parametrize(
    ("title", "name"), [("a" * 100, "a" * 100), ("a" * 101, "a" * 100), ("é" * 50 + "a", "é" * 50)]
)
def test_an_obsidian_note_name_is_at_most_max_note_bytes(title: str, name: str) -> None:
    from sheetgen.export.obsidian_key import MAX_NOTE_BYTES, note_name

    assert MAX_NOTE_BYTES == 100
    assert note_name(title) == name
