"""Each documented limit of sheetgen.limits at its last allowed value and its first refused one, through
the loader a site file goes through (or the command that takes the number), with the message it gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen import limits
from sheetgen.cli import cli
from sheetgen.errors import DataError
from sheetgen.load.files import load_site

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


def refused(path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_site(str(path))
    return [str(p).removeprefix(str(path.parent) + "/") for p in info.value.problems]


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


def test_a_file_holds_at_most_max_yaml_nodes_values(tmp_path: Path) -> None:
    def values(n: int) -> str:  # the file's own mappings and scalars, then a flow list of the rest
        return "rooms:\n" + room(1) + "    details: [" + ", ".join("d" for _ in range(n)) + "]\n"

    own = 1 + 3 * 2 + 2 + 2 * 4 + 2 + 1  # head, rooms mapping, keys and values, the list itself
    many = refused(site(tmp_path, values(limits.MAX_YAML_NODES + 1 - own + 50)))
    assert any(f"the file has more than {limits.MAX_YAML_NODES} values; split it up" in p for p in many), many
    fewer = refused(site(tmp_path, values(limits.MAX_YAML_NODES - own - 50)))
    assert not any("values; split it up" in p for p in fewer), fewer


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
