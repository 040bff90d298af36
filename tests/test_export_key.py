"""`sheetgen export` writes a site's room key and statblocks: every room there, every exit a link that
resolves, nothing in a room's words made active, the same bytes twice, bad output paths refused."""

from __future__ import annotations

import functools
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.cli import cli
from sheetgen.export import markdown_key, obsidian
from sheetgen.export.markdown import Anchors, heading_slug
from sheetgen.export.obsidian_key import MAX_NOTE_BYTES, note_name, note_names
from sheetgen.export.room_key import room_key
from sheetgen.export.tables import Subject, site_subject
from sheetgen.load.files import load_site
from sheetgen.markup import plain
from sheetgen.model.loaded import LoadedSite
from sheetgen.yamltext import quoted

HOSTILE_SITE = r"""
site: "The <b>Hostile</b> Hold"
system: dungeon-turn
encounters: encounter-reaction
rooms:
  - key: "1"
    name: "<script>alert(1)</script> Gate"
    size: "# 10 ft"
    exits: ["B/2", "CON", "4"]
    description: "- not a list\n\n1. not a list either\n\n---\n\n> not a quote\n\n[[Wiki]] @UUID[Actor.x]{Boss}
      [[/r 1d20]] [x](http://evil.example) www.evil.example gm@evil.example"
    details:
      - "**Bold** and _italic_ | pipe"
      - "=== not a heading\n\n+ not a list"
    trap: "<img src=x onerror=alert(1)> &amp; ``` ~~~"
    stats: [shade]
  - key: "B/2"
    name: "Hall: *of* ? \"Quotes\" <|>"
    exits: ["1"]
    description: "%% comment %% ==mark== $x$ ^block #tag"
  - key: "CON"
    name: ".hidden"
    exits: ["1", "4"]
    notes: "A note\n\nin two paragraphs"
  - key: "4"
    name: "hidden"
    exits: ["CON"]
    encounter: "The **Shade** waits."
    stats: [shade]
statblocks:
  - id: shade
    name: "Shade [[of]] @Embed[x] <i>"
    description: "A shadow: `code` and *stars*"
    stats: {HD: "2 [x]", name: "not: the name", "Speed": "- 30'", "Weak": "'\"{}#|"}
    actions:
      - {name: "Touch <u>", kind: "Melee | Attack", text: "1d4 [[/r 1d4]]"}
"""


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE_SITE, encoding="utf-8")
    return path


def sites(hostile: Path) -> list[LoadedSite]:
    return [load_site("the-sunken-chapel"), load_site(str(hostile))]


def subject_of(loaded: LoadedSite) -> Subject:
    return site_subject(loaded.site, loaded.slug, loaded.pack, loaded.encounter_pack, None)


def export(runner: CliRunner, site: str, fmt: str, out: Path) -> None:
    result = runner.invoke(cli, ["export", site, "--to", fmt, "--seed", "7", "-o", str(out)])
    assert result.exit_code == 0, result.output


# --- what all formats share -----------------------------------------------------------------------------


def test_the_key_has_every_room_and_exit_in_the_files_order(hostile: Path) -> None:
    loaded = load_site(str(hostile))
    key = room_key(loaded.site, loaded.pack, loaded.encounter_pack)
    assert [r.title for r in key.rooms] == [
        "1. <script>alert(1)</script> Gate",
        'B/2. Hall: *of* ? "Quotes" <|>',
        "CON. .hidden",
        "4. hidden",
    ]
    assert [r.exits for r in key.rooms] == [(1, 2, 3), (0,), (0, 3), (2,)]
    assert [label for label, _ in key.rooms[0].sections] == ["Trap"]
    assert key.rooms[0].stats == key.rooms[3].stats == (0,)
    # the pack's stat order: Zone, Morale and # Appearing after HD or Speed (none given here)
    assert [label for label, _ in key.statblocks[0].stats] == ["HD", "name", "Speed", "Weak"]


# --- Markdown -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "anchors"),
    [
        (["Room key", "5. Flooded Nave", "Sexton's Cottage"], ["room-key", "5-flooded-nave", "sextons-cottage"]),
        (["A", "a", "A", "a-1"], ["a", "a-1", "a-2", "a-1-1"]),
        (["<script>alert(1)</script> Gate", "Été_à  Noël"], ["scriptalert1script-gate", "été_à--noël"]),
    ],
)
def test_anchors_are_githubs(texts: list[str], anchors: list[str]) -> None:
    counted = Anchors()
    assert [counted.add(t) for t in texts] == anchors


def _headings(text: str) -> list[str]:
    """Each heading's shown text: the line after its #s, with backslash escapes read."""
    return [
        re.sub(r"\\(.)", r"\1", line.lstrip("#").strip()) for line in text.splitlines() if re.match(r"#{1,6} ", line)
    ]


def _github_anchors(headings: list[str]) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in headings:
        base = slug = heading_slug(heading)
        while slug in seen:
            seen[base] += 1
            slug = f"{base}-{seen[base]}"
        seen[slug] = 0
        out.add(slug)
    return out


def test_markdown_has_every_room_with_exits_that_resolve(hostile: Path) -> None:
    for loaded in sites(hostile):
        text = markdown_key.write(subject_of(loaded)).whole.decode()
        headings = _headings(text)
        key = loaded.site.rooms
        for room in key:
            assert " ".join(plain(f"{room.key}. {room.name}").split()) in headings
        links = re.findall(r"\]\(#([^)]*)\)", text)
        assert len(links) >= sum(len(r.exits) for r in key)
        assert set(links) <= _github_anchors(headings)
        assert headings.index("Room key") < headings.index("Statblocks")


def _user_lines(text: str) -> list[str]:
    """The lines of the key sections (from "## Room key" on)."""
    return text[text.index("## Room key") :].splitlines()


def test_markdown_makes_nothing_of_a_rooms_words(hostile: Path) -> None:
    text = markdown_key.write(subject_of(load_site(str(hostile)))).whole.decode()
    lines = _user_lines(text)
    # the only headings are ours: the two sections, the rooms and the statblock
    assert [line for line in lines if line.startswith("#")] == [
        "## Room key",
        "### 1. \\<script\\>alert(1)\\</script\\> Gate",
        '### B/2. Hall: \\*of\\* ? "Quotes" \\<\\|\\>',
        "### CON. .hidden",
        "### 4. hidden",
        "## Statblocks",
        "### Shade \\[\\[of\\]\\] \\@Embed\\[x\\] \\<i\\>",
    ]
    assert not any(
        re.match(r"\s*(?:[-+*]|\d+[.)])\s", line)
        for line in lines
        if not line.startswith(("- **Bold", "- \\===", "- **Touch"))
    )
    assert not any(re.match(r"\s*(?:---|===|>|```|~~~)", line) for line in lines)
    assert not re.search(r"(?<!\\)[<>]", "\n".join(lines))  # no HTML
    assert not re.search(r"(?<!\\)\[(?!(?:1|B/2|CON|4)\. |Shade )", "\n".join(lines))  # links are ours
    assert "http\\://evil.example" in text and "www\\.evil.example" in text and "gm\\@evil.example" in text
    assert "- **Bold** and *italic* \\| pipe" in lines
    assert "- \\=== not a heading" in lines and "  \\+ not a list" in lines
    assert "| HD | name | Speed | Weak |" in lines
    assert "| 2 \\[x\\] | not: the name | - 30' | '\"{}\\#\\| |" in lines


def test_markdown_key_is_the_same_twice_and_has_a_note_of_its_own(
    runner: CliRunner, tmp_path: Path, hostile: Path
) -> None:
    for n, site in enumerate(("the-sunken-chapel", str(hostile))):
        first, second = tmp_path / f"a{n}.md", tmp_path / f"b{n}.md"
        export(runner, site, "markdown", first)
        export(runner, site, "markdown", second)
        assert first.read_bytes() == second.read_bytes()
        assert "## Room key" in first.read_text()
    folder = tmp_path / "notes"
    result = runner.invoke(cli, ["export", "the-sunken-chapel", "--to", "markdown", "--seed", "7", "-o", f"{folder}/"])
    assert result.exit_code == 0, result.output
    note = (folder / "room-key.md").read_text()
    assert note.startswith("# Room key\n\n## 1. Lychgate and Drowned Yard\n")
    assert set(re.findall(r"\]\(#([^)]*)\)", note)) <= _github_anchors(_headings(note))


@pytest.mark.parametrize("fmt", ["markdown", "obsidian", "foundry", "foundry-v12"])
def test_a_bad_output_path_is_refused_with_nothing_written(runner: CliRunner, tmp_path: Path, fmt: str) -> None:
    result = runner.invoke(cli, ["export", "the-sunken-chapel", "--to", fmt, "-o", str(tmp_path / "no/x.out")])
    assert result.exit_code == 2
    assert result.output == f"error: -o: the folder {tmp_path / 'no'} does not exist; create it first\n"
    (tmp_path / "file").write_text("x")
    into_file = runner.invoke(cli, ["export", "the-sunken-chapel", "--to", fmt, "-o", str(tmp_path / "file") + "/"])
    assert into_file.exit_code == 2
    assert into_file.output == f"error: -o: {tmp_path / 'file'} is a file, not a folder\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


# --- Obsidian -------------------------------------------------------------------------------------------

WIKILINK = re.compile(r"(?<!\\)\[\[([^\]]*)\]\]")


def _statblock_blocks(text: str) -> list[dict[str, str]]:
    return [yaml.safe_load(block) for block in re.findall(r"^```statblock\n(.*?)^```$", text, re.M | re.S)]


def _outside_code(text: str) -> str:
    return re.sub(r"^```statblock\n.*?^```$", "", text, flags=re.M | re.S)


def test_obsidian_writes_a_note_per_room_whose_links_resolve(runner: CliRunner, tmp_path: Path, hostile: Path) -> None:
    for n, loaded in enumerate(sites(hostile)):
        main = tmp_path / f"site{n}.md"
        export(runner, str(loaded.path), "obsidian", main)
        notes = {p.stem: p.read_text() for p in (tmp_path / f"site{n} rooms").iterdir()}
        assert len(notes) == len(loaded.site.rooms)
        key = room_key(loaded.site, loaded.pack, loaded.encounter_pack)
        headings = [text.splitlines()[0] for text in notes.values()]
        assert sorted(headings) == sorted(f"# {obsidian.escape(' '.join(plain(r.title).split()))}" for r in key.rooms)
        main_text = main.read_text()
        index = WIKILINK.findall(_outside_code(main_text[main_text.index("## Room key") :]))
        assert index == note_names(r.title for r in key.rooms) and set(index) == set(notes)
        for name, text in notes.items():
            links = WIKILINK.findall(_outside_code(text))
            assert set(links) <= set(notes), name
        exits = sum(len(WIKILINK.findall(_outside_code(t))) for t in notes.values())
        assert exits == sum(len(r.exits) for r in loaded.site.rooms)


def test_obsidian_statblocks_are_the_plugins_yaml_in_the_packs_order(
    runner: CliRunner, tmp_path: Path, hostile: Path
) -> None:
    loaded = load_site(str(hostile))
    export(runner, str(hostile), "obsidian", tmp_path / "h.md")
    blocks = _statblock_blocks((tmp_path / "h.md").read_text())
    assert blocks == [
        {
            "name": "Shade [[of]] @Embed[x] <i>",
            "HD": "2 [x]",
            "name (stat)": "not: the name",
            "Speed": "- 30'",
            "Weak": "'\"{}#|",
        }
    ]
    assert list(blocks[0]) == ["name", "HD", "name (stat)", "Speed", "Weak"]
    room = (tmp_path / "h rooms" / "4. hidden.md").read_text()
    assert _statblock_blocks(room) == blocks
    chapel = load_site("the-sunken-chapel")
    export(runner, "the-sunken-chapel", "obsidian", tmp_path / "c.md")
    read = _statblock_blocks((tmp_path / "c.md").read_text())
    key = room_key(chapel.site, chapel.pack, chapel.encounter_pack)
    assert [list(b.items()) for b in read] == [[("name", s.name), *s.stats] for s in key.statblocks]
    assert loaded.site.statblocks


def test_obsidian_makes_nothing_of_a_rooms_words(runner: CliRunner, tmp_path: Path, hostile: Path) -> None:
    export(runner, str(hostile), "obsidian", tmp_path / "h.md")
    for path in [tmp_path / "h.md", *(tmp_path / "h rooms").iterdir()]:
        text = _outside_code(path.read_text())
        part = text[text.index("## Room key") : text.index("## Timetable")] if path.name == "h.md" else text
        assert not re.search(r"(?<!\\)[<>$]|(?<!\\)%%|(?<!\\)==|(?<!\\)\^[a-z]", part), path.name
        assert all(line.startswith(("# ", "## ", "### ")) for line in part.splitlines() if line.startswith("#"))
    nave = (tmp_path / "h rooms" / "1. script alert(1) script Gate.md").read_text()
    assert "\\[\\[Wiki\\]\\] \\@UUID\\[Actor.x\\]{Boss}" in nave
    assert "**Exits:** [[B 2. Hall of Quotes]], [[_CON. .hidden]], [[4. hidden]]" in nave


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("5. Flooded Nave", "5. Flooded Nave"),
        ("CON. .hidden", "_CON. .hidden"),
        ("..secret. ", "secret"),
        ('a/b\\c:d*e?f"g<h>i|j#k^l[m]n', "a b c d e f g h i j k l m n"),
        ("lpt1", "_lpt1"),
        ("COM10. x", "COM10. x"),
        ("???", "Room"),
        ("a == b %% c $d$ `e`", "a = b c d e"),
        ("é" * 60, "é" * 50),
    ],
)
def test_a_note_name_is_safe_everywhere(title: str, name: str) -> None:
    assert note_name(title) == name


def test_note_names_are_unique_ignoring_case() -> None:
    assert note_names(["A", "a", "A 2", "x"], taken=["X"]) == ["A", "a 2", "A 2 2", "x 2"]


@given(st.text(max_size=150))
def test_any_title_makes_a_safe_note_name(title: str) -> None:
    name = note_name(title)
    assert name and len(name.encode()) <= MAX_NOTE_BYTES
    assert not re.search(r'[/\\:*?"<>|#^\[\]\x00-\x1f]', name)
    assert not name.startswith((".", " ")) and not name.endswith((".", " "))
    assert name.split(".")[0].rstrip().upper() not in {"CON", "PRN", "AUX", "NUL", "COM1", "LPT1"}


@given(st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=80))
def test_any_text_is_one_yaml_scalar_that_reads_back(text: str) -> None:
    assert "\n" not in quoted(text)
    assert yaml.safe_load(f"{quoted(text)}: {quoted(text)}\nafter: 1\n") == {text: text, "after": 1}


def test_obsidian_is_the_same_twice_and_fills_a_folder(runner: CliRunner, tmp_path: Path) -> None:
    for name in ("a", "b"):
        export(runner, "the-sunken-chapel", "obsidian", tmp_path / f"{name}.md")
    assert (tmp_path / "a.md").read_bytes() == (tmp_path / "b.md").read_bytes()
    a = {p.name: p.read_bytes() for p in (tmp_path / "a rooms").iterdir()}
    assert a == {p.name: p.read_bytes() for p in (tmp_path / "b rooms").iterdir()}
    result = runner.invoke(
        cli, ["export", "the-sunken-chapel", "--to", "obsidian", "--seed", "7", "-o", f"{tmp_path / 'vault'}/"]
    )
    assert result.exit_code == 0, result.output
    names = {p.name for p in (tmp_path / "vault").iterdir()}
    assert set(a) | {"room-key.md", "wandering.md", "timetable.md", "deck.md"} <= names
    assert (tmp_path / "vault" / "room-key.md").read_text().startswith("# Room key\n\n- [[1. Lychgate and Drowned")


def test_a_file_where_the_room_notes_go_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "Chapel rooms").write_text("x")
    result = runner.invoke(cli, ["export", "the-sunken-chapel", "--to", "obsidian", "-o", str(tmp_path / "Chapel.md")])
    assert result.exit_code == 2
    assert result.output == (
        f"error: {tmp_path / 'Chapel rooms'} is a file, so the room notes cannot be written "
        "into a folder of that name; move the file away or give another -o\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Chapel rooms"]


# --- Foundry --------------------------------------------------------------------------------------------

FOUNDRY_ID = {"type": "string", "pattern": "^[A-Za-z0-9]{16}$"}
JOURNAL_SCHEMA = {
    "type": "object",
    "required": ["_id", "name", "pages"],
    "properties": {
        "_id": FOUNDRY_ID,
        "name": {"type": "string", "minLength": 1},
        "pages": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["_id", "name", "type", "text"],
                "properties": {
                    "_id": FOUNDRY_ID,
                    "name": {"type": "string", "minLength": 1},
                    "type": {"const": "text"},
                    "text": {
                        "type": "object",
                        "required": ["content", "format"],
                        "properties": {"content": {"type": "string"}, "format": {"const": 1}},
                    },
                    "sort": {"type": "integer"},
                },
            },
        },
    },
}
LINK = re.compile(r"@UUID\[\.([A-Za-z0-9]{16})\]\{([^}]*)\}")


def _journal(runner: CliRunner, site: str, fmt: str, folder: Path) -> dict[str, Any]:
    result = runner.invoke(cli, ["export", site, "--to", fmt, "-o", f"{folder}/"])
    assert result.exit_code == 0, result.output
    written = [p for p in folder.iterdir() if p.name.endswith("-key.json")]
    assert len(written) == 1
    data: dict[str, Any] = json.loads(written[0].read_text())
    return data


@pytest.mark.parametrize("fmt", ["foundry", "foundry-v12"])
def test_foundry_journal_has_a_page_per_room_whose_links_resolve(
    runner: CliRunner, tmp_path: Path, hostile: Path, fmt: str
) -> None:
    for n, loaded in enumerate(sites(hostile)):
        entry = _journal(runner, str(loaded.path), fmt, tmp_path / f"f{n}")
        jsonschema.validate(entry, JOURNAL_SCHEMA)
        key = room_key(loaded.site, loaded.pack, loaded.encounter_pack)
        names = [page["name"] for page in entry["pages"]]
        assert names == [" ".join(plain(r.title).split()) for r in key.rooms] + ["Statblocks"]
        ids = [page["_id"] for page in entry["pages"]]
        assert len(set(ids)) == len(ids) and entry["_id"] not in ids
        for page, room in zip(entry["pages"], key.rooms, strict=False):
            links = LINK.findall(page["text"]["content"])
            assert all(target in ids for target, _ in links)
            exits = [target for target, _ in links if target != ids[-1]]
            assert exits == [ids[i] for i in room.exits]


def _nodes(content: str) -> list[str]:
    from test_export import _TextNodes

    parser = _TextNodes()
    parser.feed(content)
    parser.close()
    return parser.nodes


def test_foundry_makes_nothing_of_a_rooms_words(runner: CliRunner, tmp_path: Path, hostile: Path) -> None:
    entry = _journal(runner, str(hostile), "foundry", tmp_path / "f")
    allowed_tags = {"p", "strong", "em", "br", "ul", "li", "span", "h2", "table", "thead", "tbody", "tr", "th", "td"}
    for page in entry["pages"]:
        content = page["text"]["content"]
        assert set(re.findall(r"</?([a-z0-9]+)", content)) <= allowed_tags, content
        for node in _nodes(content):
            rest = LINK.sub("", node)
            assert not re.search(r"@\w|\[\[", rest), node
    text = "".join("".join(_nodes(p["text"]["content"])) for p in entry["pages"])
    assert "<script>alert(1)</script> Gate" in text and "[[Wiki]] @UUID[Actor.x]{Boss} [[/r 1d20]]" in text
    assert "Shade [[of]] @Embed[x] <i>" in text


def test_foundry_journal_is_the_same_twice(runner: CliRunner, tmp_path: Path, hostile: Path) -> None:
    for site in ("the-sunken-chapel", str(hostile)):
        first = _journal(runner, site, "foundry", tmp_path / "a")
        second = _journal(runner, site, "foundry", tmp_path / "b")
        assert first == second
        a = next(p for p in (tmp_path / "a").iterdir() if p.name.endswith("-key.json"))
        assert a.read_bytes() == (tmp_path / "b" / a.name).read_bytes()
        for folder in ("a", "b"):
            for p in (tmp_path / folder).iterdir():
                p.unlink()


def test_foundry_key_goes_beside_one_file(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(cli, ["export", "the-sunken-chapel", "--to", "foundry", "-o", str(tmp_path / "t.json")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json", "the-sunken-chapel-key.json"]
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["export", "the-sunken-chapel", "--to", "foundry"])
    assert result.output.splitlines()[-1] == "output/the-sunken-chapel-foundry/the-sunken-chapel-key.json"


# --- a journey's route, in every format -------------------------------------------------------------------

HOSTILE_ROAD = r"""
site: "Hostile Road"
system: wilderness-watches
rooms:
  - {key: "1", name: Camp, exits: ["2"]}
  - {key: "2", name: Ford, exits: ["1"]}
route:
  legs:
    - key: "1|a"
      name: "<b>Road</b> | [x](http://evil.example) # not"
      terrain: road
      time: 8 hours
      notes: "**Bold** and _italic_; $x$ %% c %% ==mark== [[Wiki]] @UUID[Actor.x]{Boss}\n\n[[/r 1d20]] ^block"
    - {key: "2", name: "Hex 0304", terrain: 4, time: 4 hours}
"""

#: The legs as every format must give them back: key, name, terrain, time, notes (marks as the file wrote them).
ROAD_LEGS = [
    (
        "1|a",
        "<b>Road</b> | [x](http://evil.example) # not",
        "1 Road",
        "8 hours: watches 1-2",
        "**Bold** and _italic_; $x$ %% c %% ==mark== [[Wiki]] @UUID[Actor.x]{Boss}\n\n[[/r 1d20]] ^block",
    ),
    ("2", "Hex 0304", "4 Forest", "4 hours: watch 3", ""),
]


@pytest.fixture
def road(tmp_path: Path) -> Path:
    path = tmp_path / "road.yaml"
    path.write_text(HOSTILE_ROAD, encoding="utf-8")
    return path


def test_the_key_carries_the_route_leg_by_leg(road: Path) -> None:
    loaded = load_site(str(road))
    key = room_key(loaded.site, loaded.pack, loaded.encounter_pack)
    assert [(leg.key, leg.name, leg.terrain, leg.time, leg.notes) for leg in key.route] == ROAD_LEGS
    assert key.route_track == "Terrain"
    chapel = load_site("the-sunken-chapel")
    assert room_key(chapel.site, chapel.pack, chapel.encounter_pack).route == ()


def _table_rows(lines: list[str], heading: str) -> list[list[str]]:
    """The cells of the Markdown table under *heading*, split at unescaped pipes, escapes read, the
    marks turned back into the file's and <br><br> into a paragraph break."""
    start = lines.index(heading) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = re.split(r"(?<!\\)\|", line.strip()[1:-1])
        rows.append([re.sub(r"\\(.)", r"\1", c.strip()).replace("<br><br>", "\n\n") for c in cells])
    return rows


def _as_file(text: str) -> str:
    return text.replace("*italic*", "_italic_")


def test_markdown_writes_the_route_as_a_table_between_the_rooms_and_the_statblocks(road: Path) -> None:
    text = markdown_key.write(subject_of(load_site(str(road)))).whole.decode()
    lines = text.splitlines()
    assert [line for line in lines if line.startswith("## ")][-2:] == ["## Room key", "## Route"]
    rows = _table_rows(lines, "## Route")
    assert rows[0] == ["Leg", "Way", "Terrain", "Time", "Notes"] and set(rows[1]) == {"---"}
    assert [tuple(_as_file(c) for c in row) for row in rows[2:]] == ROAD_LEGS
    assert (
        "| 1\\|a | \\<b\\>Road\\</b\\> \\| \\[x\\](http\\://evil.example) \\# not | 1 Road | "
        "8 hours: watches 1-2 | **Bold** and *italic*; $x$ %% c %% ==mark== \\[\\[Wiki\\]\\] "
        "\\@UUID\\[Actor.x\\]{Boss}<br><br>\\[\\[/r 1d20\\]\\] ^block |"
    ) in lines
    headings = [line for line in lines if line.startswith("#")]
    assert headings.index("## Route") == headings.index("## Room key") + 3  # after the two rooms
    chapel = markdown_key.write(subject_of(load_site("the-sunken-chapel"))).whole.decode()
    assert "## Route" not in chapel


def test_markdown_route_of_the_salt_road(runner: CliRunner, tmp_path: Path) -> None:
    export(runner, "the-salt-road", "markdown", tmp_path / "road.md")
    lines = (tmp_path / "road.md").read_text().splitlines()
    rows = _table_rows(lines, "## Route")[2:]
    assert rows[2] == ["3", "Into the Greywood", "4 Forest", "12 hours: watches 6-8", "Camp at the shrine (3)."]
    assert rows[-1] == ["8", "The Miners' Road", "1 Road", "4 hours: watch 18", "Down to Harrowdeep (7)."]
    assert len(rows) == 8
    assert lines.index("## Room key") < lines.index("## Route") < lines.index("## Statblocks")
    folder = tmp_path / "parts"
    result = runner.invoke(cli, ["export", "the-salt-road", "--to", "markdown", "--seed", "7", "-o", f"{folder}/"])
    assert result.exit_code == 0, result.output
    note = (folder / "room-key.md").read_text().splitlines()
    assert _table_rows(note, "# Route")[2:] == rows


def test_obsidian_writes_the_route_as_a_section_of_the_main_note(runner: CliRunner, tmp_path: Path, road: Path) -> None:
    export(runner, str(road), "obsidian", tmp_path / "r.md")
    lines = (tmp_path / "r.md").read_text().splitlines()
    assert lines.index("## Room key") < lines.index("## Route")
    rows = _table_rows(lines, "## Route")
    assert [tuple(_as_file(c) for c in row) for row in rows[2:]] == ROAD_LEGS
    part = "\n".join(lines[lines.index("## Route") : lines.index("## Route") + 6]).replace("<br>", "")
    # Obsidian's own marks are escaped too: maths, comments, highlights, block ids, wikilinks
    assert not re.search(r"(?<!\\)[<>$]|(?<!\\)%%|(?<!\\)==|(?<!\\)\^[a-z]|(?<!\\)\[\[", part), part
    assert "\\$x\\$ %\\% c %\\% =\\=mark=\\=" in part and "\\^block" in part
    assert sorted(p.name for p in (tmp_path / "r rooms").iterdir()) == ["1. Camp.md", "2. Ford.md"]


class _Cells(HTMLParser):
    """The text of each <th> and <td> of an HTML table, <br> read as a line break."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cells: list[str] = []
        self._in = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("th", "td"):
            self.cells.append("")
            self._in = True
        elif tag == "br" and self._in:
            self.cells[-1] += "\n"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td"):
            self._in = False

    def handle_data(self, data: str) -> None:
        if self._in:
            self.cells[-1] += data


def test_foundry_writes_the_route_as_a_journal_page(runner: CliRunner, tmp_path: Path, road: Path) -> None:
    entry = _journal(runner, str(road), "foundry", tmp_path / "f")
    jsonschema.validate(entry, JOURNAL_SCHEMA)
    assert [page["name"] for page in entry["pages"]] == ["1. Camp", "2. Ford", "Route"]
    assert [page["sort"] for page in entry["pages"]] == [100_000, 200_000, 300_000]
    content = entry["pages"][2]["text"]["content"]
    assert set(re.findall(r"</?([a-z0-9]+)", content)) <= {
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "br",
        "span",
        "strong",
        "em",
    }
    for node in _nodes(content):
        assert not re.search(r"@\w|\[\[", node), node
    parser = _Cells()
    parser.feed(content)
    cells = parser.cells
    assert cells[:5] == ["Leg", "Way", "Terrain", "Time", "Notes"]
    legs = [tuple(cells[n : n + 5]) for n in range(5, len(cells), 5)]
    # the marks become <strong> and <em>; a paragraph break a line break
    as_text = {"**": "", "_italic_": "italic", "\n\n": "\n"}
    assert legs == [
        (*leg[:4], functools.reduce(lambda t, kv: t.replace(*kv), as_text.items(), leg[4])) for leg in ROAD_LEGS
    ]
    assert "<strong>Bold</strong> and <em>italic</em>" in content
    salt = _journal(runner, "the-salt-road", "foundry", tmp_path / "s")
    names = [page["name"] for page in salt["pages"]]
    assert names[-2:] == ["Route", "Statblocks"] and len(names) == len(load_site("the-salt-road").site.rooms) + 2
    assert len({page["_id"] for page in salt["pages"]}) == len(names)
