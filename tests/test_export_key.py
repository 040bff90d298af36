"""`sheetgen export` writes a site's room key and statblocks: every room there, every exit a link that
resolves, nothing in a room's words made active, the same bytes twice, bad output paths refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.export import markdown
from sheetgen.export.markdown_key import Anchors, heading_slug
from sheetgen.export.room_key import room_key
from sheetgen.export.tables import Subject, site_subject
from sheetgen.load.files import LoadedSite, load_site
from sheetgen.markup import plain

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
    assert [r.title for r in key.rooms] == ["1. <script>alert(1)</script> Gate", 'B/2. Hall: *of* ? "Quotes" <|>',
                                            "CON. .hidden", "4. hidden"]
    assert [r.exits for r in key.rooms] == [(1, 2, 3), (0,), (0, 3), (2,)]
    assert [label for label, _ in key.rooms[0].sections] == ["Trap"]
    assert key.rooms[0].stats == key.rooms[3].stats == (0,)
    # the pack's stat order: Zone, Morale and # Appearing after HD or Speed (none given here)
    assert [label for label, _ in key.statblocks[0].stats] == ["HD", "name", "Speed", "Weak"]


# --- Markdown -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("texts", "anchors"), [
    (["Room key", "5. Flooded Nave", "Sexton's Cottage"], ["room-key", "5-flooded-nave", "sextons-cottage"]),
    (["A", "a", "A", "a-1"], ["a", "a-1", "a-2", "a-1-1"]),
    (["<script>alert(1)</script> Gate", "Été_à  Noël"], ["scriptalert1script-gate", "été_à--noël"]),
])
def test_anchors_are_githubs(texts: list[str], anchors: list[str]) -> None:
    counted = Anchors()
    assert [counted.add(t) for t in texts] == anchors


def _headings(text: str) -> list[str]:
    """Each heading's shown text: the line after its #s, with backslash escapes read."""
    return [re.sub(r"\\(.)", r"\1", line.lstrip("#").strip()) for line in text.splitlines()
            if re.match(r"#{1,6} ", line)]


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
        text = markdown.write(subject_of(loaded)).whole.decode()
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
    return text[text.index("## Room key"):].splitlines()


def test_markdown_makes_nothing_of_a_rooms_words(hostile: Path) -> None:
    text = markdown.write(subject_of(load_site(str(hostile)))).whole.decode()
    lines = _user_lines(text)
    # the only headings are ours: the two sections, the rooms and the statblock
    assert [line for line in lines if line.startswith("#")] == [
        "## Room key", "### 1. \\<script\\>alert(1)\\</script\\> Gate",
        '### B/2. Hall: \\*of\\* ? "Quotes" \\<\\|\\>', "### CON. .hidden", "### 4. hidden", "## Statblocks",
        "### Shade \\[\\[of\\]\\] \\@Embed\\[x\\] \\<i\\>"]
    assert not any(re.match(r"\s*(?:[-+*]|\d+[.)])\s", line) for line in lines
                   if not line.startswith(("- **Bold", "- \\===", "- **Touch")))
    assert not any(re.match(r"\s*(?:---|===|>|```|~~~)", line) for line in lines)
    assert not re.search(r"(?<!\\)[<>]", "\n".join(lines))              # no HTML
    assert not re.search(r"(?<!\\)\[(?!(?:1|B/2|CON|4)\. |Shade )", "\n".join(lines))  # links are ours
    assert "http\\://evil.example" in text and "www\\.evil.example" in text and "gm\\@evil.example" in text
    assert "- **Bold** and *italic* \\| pipe" in lines
    assert "- \\=== not a heading" in lines and "  \\+ not a list" in lines
    assert "| HD | name | Speed | Weak |" in lines
    assert "| 2 \\[x\\] | not: the name | - 30' | '\"{}\\#\\| |" in lines


def test_markdown_key_is_the_same_twice_and_has_a_note_of_its_own(runner: CliRunner, tmp_path: Path,
                                                                  hostile: Path) -> None:
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
