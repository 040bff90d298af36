"""`sheetgen export`: every format validated, read back and compared with the tables it came from."""

from __future__ import annotations

import html
import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.cli import cli
from sheetgen.engine.dice import parse_dice
from sheetgen.engine.timetable import build_timetable
from sheetgen.export import foundry, markdown, markdown_key, obsidian, roll20
from sheetgen.export.formats import FORMATS
from sheetgen.export.foundry_html import inert_lines, inert_paragraphs
from sheetgen.export.tables import ExportTable, Subject, pack_tables, row_details, site_tables
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.markup import markup_problem, paragraphs, plain, runs
from sheetgen.words import row_clock

SCHEMAS = Path(__file__).parent / "schemas"

TRICKY_PACK = """
kind: pack
id: tricky
name: Tricky Tables
time: {unit: turn, length: 10 minutes}
reference: {pages: [{title: Tricky, sections: [{kind: text, title: T, text: x}]}]}
tables:
  - id: best-three
    name: Best Three
    roll: 4d6kh3
    columns: [Result, Note]
    text: "Keep the **highest** three; _never_ the lowest."
    rows:
      - {roll: 3-8, cells: ["Pipe | and --dashes-- and [[brackets]]", "$5 and 100%% and ==marked=="]}
      - {roll: 9-17, cells: ["**Strong** and _swift_", ""]}
      - {roll: 18, cells: ["<b>not bold</b> \\\\ back\\\\slash #tag `code` ~x~", "*star* and a_b_c"]}
  - id: worst-of-two
    name: Worst of Two
    roll: 2d20kl1
    columns: [Result]
    rows:
      - {roll: 1-10, cells: ["Low"]}
      - {roll: 11+, cells: ["High"]}
  - id: percent
    name: Percent
    roll: d%
    columns: [Result]
    rows:
      - {roll: 01-50, cells: ["Half"]}
      - {roll: 51-99, cells: ["Most"]}
      - {roll: "00", cells: ["Hundred"]}
  - id: list
    name: A List
    columns: [Thing, Why]
    player_safe: true
    rows:
      - {cells: ["First", "Paragraph one.\\n\\nParagraph two."]}
      - {cells: ["Second", "Because."]}
"""

HUGE_PACK = """
kind: pack
id: many-dice
name: Many Dice
time: {unit: turn, length: 10 minutes}
reference: {pages: [{title: Many, sections: [{kind: text, title: T, text: x}]}]}
tables:
  - id: avalanche
    name: Avalanche
    roll: 30d6
    columns: [Result]
    rows:
      - {roll: 30-104, cells: ["Buried"]}
      - {roll: 105-180, cells: ["Clear"]}
"""


@pytest.fixture
def tricky(tmp_path: Path) -> Path:
    path = tmp_path / "tricky.yaml"
    path.write_text(TRICKY_PACK, encoding="utf-8")
    return path


def all_subjects(tricky: Path) -> list[tuple[ExportTable, ...]]:
    chapel = load_site("the-sunken-chapel")
    subjects = [pack_tables(load_pack(p)) for p in builtin_pack_ids()]
    subjects.append(site_tables(chapel.site, chapel.slug, chapel.pack, chapel.encounter_pack))
    subjects.append(pack_tables(load_pack(str(tricky))))
    return subjects


def outcome_count(dice: str) -> int:
    """Every face of every die, counted independently of the export code."""
    terms = re.findall(r"(\d*)d(\d+|%)", dice)
    return math.prod(int(s if s != "%" else 100) ** int(n or 1) for n, s in terms)


def every_table(tricky: Path) -> list[ExportTable]:
    return [t for tables in all_subjects(tricky) for t in tables]


# --- the shared walk ----------------------------------------------------------------------------------


def test_weights_are_the_ways_to_roll_each_range(tricky: Path) -> None:
    tables = {t.id: t for t in pack_tables(load_pack(str(tricky)))}
    best = tables["best-three"]
    assert [(r.low, r.high) for r in best.rows] == [(3, 8), (9, 17), (18, 18)]
    assert best.rows[2].weight == 21  # 6,6,6 kept from 6666 and the 20 orders of 666x with x < 6
    assert best.outcomes == 6**4
    assert [(r.low, r.high, r.weight) for r in tables["worst-of-two"].rows] == [(1, 10, 300), (11, 20, 100)]
    assert [(r.span, r.weight) for r in tables["percent"].rows] == [("1-50", 50), ("51-99", 49), ("100", 1)]
    assert tables["percent"].formula == "1d100"
    assert [(r.span, r.weight) for r in tables["list"].rows] == [("1", 1), ("2", 1)]
    assert tables["list"].formula == "1d2"


def test_weights_match_every_roll_of_the_dice_counted_one_by_one(tricky: Path) -> None:
    tables = {t.id: t for t in pack_tables(load_pack(str(tricky)))}
    best = Counter(sum(sorted(faces)[1:]) for faces in itertools.product(range(1, 7), repeat=4))
    assert [r.weight for r in tables["best-three"].rows] == [
        sum(n for total, n in best.items() if r.low <= total <= r.high) for r in tables["best-three"].rows
    ]
    worst = Counter(min(faces) for faces in itertools.product(range(1, 21), repeat=2))
    assert [r.weight for r in tables["worst-of-two"].rows] == [
        sum(n for total, n in worst.items() if r.low <= total <= r.high) for r in tables["worst-of-two"].rows
    ]


def test_every_table_covers_every_face_of_its_dice(tricky: Path) -> None:
    for table in every_table(tricky):
        faces = [f for r in table.rows for f in range(r.low, r.high + 1)]
        assert len(faces) == len(set(faces)), table.id
        if table.dice is None:
            assert faces == list(range(1, len(table.rows) + 1))
            continue
        assert sorted(faces) == sorted(parse_dice(table.dice).distribution()), table.id
        assert table.outcomes == outcome_count(table.dice), table.id


def test_a_site_names_its_tables_once_each() -> None:
    chapel = load_site("the-sunken-chapel")
    ids = [t.id for t in site_tables(chapel.site, chapel.slug, chapel.pack, chapel.encounter_pack)]
    assert ids == ["wandering", "npc-distance", "npc-reaction", "zones", "defending", "ending-combat", "morale"]


# --- Foundry --------------------------------------------------------------------------------------------


def schema(version: int) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / f"foundry-rolltable-v{version}.schema.json").read_text())
    return loaded


@pytest.mark.parametrize(("version", "write"), [(13, foundry.write_v13), (12, foundry.write_v12)])
def test_foundry_documents_validate_and_read_back(tricky: Path, version: int, write: Callable[[Subject], Any]) -> None:
    validator = jsonschema.Draft202012Validator(schema(version))
    for tables in all_subjects(tricky):
        exported = write(Subject("x", "x", tables))
        documents = json.loads(exported.whole)
        assert [name for name, _ in exported.parts] == [f"{t.id}.json" for t in tables]
        for table, doc, (_, part) in zip(tables, documents, exported.parts, strict=True):
            assert json.loads(part) == doc
            validator.validate(doc)
            assert doc["formula"] == table.formula
            assert doc["flags"]["sheetgen"]["table"] == table.id
            ranges = [tuple(r["range"]) for r in doc["results"]]
            assert all(low <= high for low, high in ranges)
            assert ranges == [(r.low, r.high) for r in table.rows]
            assert [r["weight"] for r in doc["results"]] == [r.weight for r in table.rows]
            for result, row in zip(doc["results"], table.rows, strict=True):
                if version == 13:
                    name, details = (
                        result["name"],
                        re.findall(r"<p><strong>(.*?):</strong> (.*?)</p>", result["description"]),
                    )
                else:
                    name, *rest = result["text"].split("<br><strong>")
                    details = [tuple(part.split(":</strong> ", 1)) for part in rest]
                assert _words(_html_text(name)) == _words(plain(row.cells[0]))
                assert [(_html_text(col), _words(_html_text(text))) for col, text in details] == [
                    (col, _words(plain(cell))) for col, cell in row_details(table, row)
                ]


def test_foundry_schemas_tell_the_versions_apart(tricky: Path) -> None:
    tables = pack_tables(load_pack(str(tricky)))
    v13 = json.loads(foundry.write_v13(Subject("x", "x", tables)).whole)[0]
    v12 = json.loads(foundry.write_v12(Subject("x", "x", tables)).whole)[0]
    assert not jsonschema.Draft202012Validator(schema(12)).is_valid(v13)
    assert not jsonschema.Draft202012Validator(schema(13)).is_valid(v12)


def test_foundry_text_is_html_with_the_markup_converted(tricky: Path) -> None:
    tables = {t.id: t for t in pack_tables(load_pack(str(tricky)))}
    v13 = foundry.rolltable(tables["best-three"], v12=False)
    assert v13["description"] == "<p>Keep the <strong>highest</strong> three; <em>never</em> the lowest.</p>"
    strong, odd = v13["results"][1], v13["results"][2]
    assert strong["name"] == "Strong and swift"  # a v13 name is plain text
    assert strong["description"] == ""
    assert odd["name"] == "<b>not bold</b> \\ back\\slash #tag `code` ~x~"
    assert odd["description"] == "<p><strong>Note:</strong> *star* and a_b_c</p>"
    v12 = foundry.rolltable(tables["best-three"], v12=True)
    assert v12["results"][1]["text"] == "<strong>Strong</strong> and <em>swift</em>"
    assert v12["results"][2]["text"].startswith("&lt;b&gt;not bold&lt;/b&gt;")
    listed = foundry.rolltable(tables["list"], v12=True)
    assert listed["results"][0]["text"] == ("First<br><strong>Why:</strong> Paragraph one.<br>Paragraph two.")


def _html_text(html: str) -> str:
    text = re.sub(r"<br>", " ", html)
    text = re.sub(r"</?(strong|em|p|span)>", "", text)
    return (
        text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#x27;", "'")
        .replace("&quot;", '"')
        .replace("&amp;", "&")
    )


def _words(text: str) -> list[str]:
    return text.split()


# --- Roll20 ---------------------------------------------------------------------------------------------

_UNESCAPES = {"<%%91%%>": "[", "<%%93%%>": "]", "<%%-%%>": "--", "[TABLEEXPORT:ESCAPE]": " --"}


def table_export_unescape(text: str) -> str:
    """TableExport's nameUnescape: its four escapes turned back, in one pass."""
    return re.sub(r"<%%91%%>|<%%93%%>|<%%-%%>|\[TABLEEXPORT:ESCAPE\]", lambda m: _UNESCAPES[m[0]], text)


def shown(name: str) -> str:
    """An item's name as Roll20's chat shows it: HTML, its character references read."""
    return html.unescape(name)


def read_table_export(text: str) -> dict[str, dict[str, Any]]:
    """What TableExport makes of the commands: each line split at whitespace + "--", then unescaped."""
    tables: dict[str, dict[str, Any]] = {}
    for line in text.splitlines():
        if not line:
            continue
        args = re.split(r"\s+--", line)
        if args[0] == "!import-table":
            tables[args[1]] = {"show": args[2] == "show", "items": []}
        else:
            assert args[0] == "!import-table-item" and len(args) == 5, line
            tables[args[1]]["items"].append((shown(table_export_unescape(args[2])), int(args[3])))
    return tables


def test_roll20_commands_read_back_with_the_dice_weights(tricky: Path) -> None:
    for tables in all_subjects(tricky):
        exported = roll20.write(Subject("x", "x", tables))
        read = read_table_export(exported.whole.decode())
        assert list(read) == [f"x-{t.id}" for t in tables]
        for table in tables:
            items = read[f"x-{table.id}"]["items"]
            assert read[f"x-{table.id}"]["show"] == table.player_safe
            assert [w for _, w in items] == [r.weight for r in table.rows]
            expected = outcome_count(table.dice) if table.dice else len(table.rows)
            assert sum(w for _, w in items) == expected
            for (name, _), row in zip(items, table.rows, strict=True):
                assert name == roll20.item_text(table, row)
                assert name.split(roll20.SEPARATOR)[0] == " ".join(plain(row.cells[0]).split())


def test_roll20_escapes_what_tableexport_would_split_or_roll(tricky: Path) -> None:
    table = next(t for t in pack_tables(load_pack(str(tricky))) if t.id == "best-three")
    line = roll20.commands(table, "tricky")[1]
    assert line == (
        "!import-table-item --tricky-best-three --Pipe &#124; and[TABLEEXPORT:ESCAPE]dashes<%%-%%> and "
        "<%%91%%><%%91%%>brackets<%%93%%><%%93%%> — Note: $5 and 100%% and ==marked== --136 --"
    )
    assert roll20.escape("a -- b\n\nc") == "a[TABLEEXPORT:ESCAPE] b c"
    # what TableExport or the chat would read as its own is written so that neither does
    assert roll20.escape("<%%91%%> @{selected|hp} ?{Bonus} #attack &lt;") == (
        "&lt;%%91%%&gt; @&#123;selected&#124;hp&#125; ?&#123;Bonus&#125; &#35;attack &amp;lt;"
    )


def test_two_roll20_exports_pasted_into_one_game_make_disjoint_tables() -> None:
    """TableExport adds the items of a table to one of the same name: two sites that share an encounter
    pack must not fill each other's tables."""
    loaded = load_site("the-sunken-chapel")
    tables = site_tables(loaded.site, loaded.slug, loaded.pack, loaded.encounter_pack)
    game: dict[str, list[tuple[str, int]]] = {}
    exports = [
        read_table_export(roll20.write(Subject(slug, slug, tables)).whole.decode())
        for slug in (loaded.slug, "the-drowned-mill")
    ]
    for read in exports:
        for table, got in read.items():
            game.setdefault(table, []).extend(got["items"])
    assert not set(exports[0]) & set(exports[1])
    reaction = game["the-sunken-chapel-npc-reaction"]
    assert reaction == exports[0]["the-sunken-chapel-npc-reaction"]["items"] and sum(w for _, w in reaction) == 36


# --- Markdown and Obsidian ----------------------------------------------------------------------------


def markdown_tables(text: str) -> list[list[list[str]]]:
    """The Markdown tables of a document, each a list of rows of raw cells (head row first)."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("| "):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if current is None:
                current = []
                tables.append(current)
            if not all(set(c) <= {"-"} for c in cells):
                current.append(cells)
        else:
            current = None
    return tables


def _cell_tokens(cell: str) -> list[str]:
    """A Markdown cell as sheetgen's marks ("**", "_", or "**_"-like pairs) and single characters (a
    "\\" before a character that is written, not markup): \\x is x, * is _, <br><br> a paragraph break.
    *** opens or closes bold and italic together, as CommonMark reads it: which of the two a *** opened is
    the outer one shows where the first of them is closed."""
    out: list[str] = []
    opened: list[tuple[str, int]] = []  # each mark opened ("**", "_", or "both" for a ***) and where it is in out
    i = 0
    cell = cell.replace("<br><br>", "\n\n")
    while i < len(cell):
        if cell[i] == "\\":
            out.append("\\" + cell[i + 1])
            i += 2
            continue
        width = 3 if cell.startswith("***", i) else 2 if cell.startswith("**", i) else 1 if cell[i] == "*" else 0
        if not width:
            out.append(cell[i])
            i += 1
            continue
        i += width
        marks = {3: ["**", "_"], 2: ["**"], 1: ["_"]}[width]
        for _ in range(len(marks)):
            if opened and opened[-1][0] == "both":
                _, at = opened.pop()
                inner = marks[0] if len(marks) == 1 else "_"
                outer = "**" if inner == "_" else "_"
                out[at] = outer + inner
                out.append(inner if len(marks) == 1 else inner + outer)
                if len(marks) == 1:
                    opened.append((outer, at))
                marks = []
                break
            if opened and opened[-1][0] in marks:
                mark = opened.pop()[0]
                marks.remove(mark)
                out.append(mark)
        if len(marks) == 2:
            opened.append(("both", len(out)))
            out.append("")
        elif marks:
            opened.append((marks[0], len(out)))
            out.append(marks[0])
    return out


def unmark(cell: str) -> str:
    """A Markdown cell back to sheetgen's markup (see _cell_tokens)."""
    return "".join(token.removeprefix("\\") for token in _cell_tokens(cell)).strip()


def styled_cell(cell: str) -> list[list[tuple[str, bool, bool]]]:
    """A Markdown cell as :func:`styled` gives sheetgen's text: what it shows, character by character."""
    style = {"**": False, "_": False}
    text: list[tuple[str, bool, bool]] = []
    for token in _cell_tokens(cell):
        if token in ("**", "_"):
            style[token] = not style[token]
        elif token in ("**_", "_**"):
            style["**"], style["_"] = not style["**"], not style["_"]
        elif token:
            text.append((token.removeprefix("\\"), style["**"], style["_"]))
    pieces = "".join(char if char != "\n" else "\0" for char, _, _ in text).split("\0\0")
    starts = [sum(len(piece) + 2 for piece in pieces[:k]) for k in range(len(pieces))]
    return _shown([text[start : start + len(piece)] for start, piece in zip(starts, pieces, strict=True)])


def _shown(paragraphs_: list[list[tuple[str, bool, bool]]]) -> list[list[tuple[str, bool, bool]]]:
    """What paragraphs of styled characters show: a space (any white space) is neither bold nor italic,
    spaces in a row show as one, none at either end of a paragraph, and a paragraph of nothing else not
    at all."""
    shown = []
    for paragraph in paragraphs_:
        chars = [(" ", False, False) if char.isspace() else (char, bold, italic) for char, bold, italic in paragraph]
        chars = [c for k, c in enumerate(chars) if c[0] != " " or (k and chars[k - 1][0] != " ")]
        while chars and chars[0][0] == " ":
            chars = chars[1:]
        while chars and chars[-1][0] == " ":
            chars = chars[:-1]
        if chars:
            shown.append(chars)
    return shown


def written(text: str) -> str:
    return "\n\n".join(paragraphs(text))


def styled(text: str) -> list[list[tuple[str, bool, bool]]]:
    """What each paragraph of *text* shows, character by character, with its bold and italic (see _shown:
    Markdown cannot mark a run that starts or ends with a space, and a space looks the same either way)."""
    return _shown(
        [
            [(char, run.bold, run.italic) for run in runs(paragraph) for char in run.text]
            for paragraph in paragraphs(text)
        ]
    )


def test_markdown_reads_back_word_for_word(tricky: Path) -> None:
    for tables in all_subjects(tricky):
        read = markdown_tables(markdown_key.write(Subject("x", "x", tables)).whole.decode())
        assert len(read) == len(tables)
        for table, grid in zip(tables, read, strict=True):
            head, rows = grid[0], grid[1:]
            roll = [] if table.dice is None else [table.dice]
            assert [unmark(c) for c in head] == roll + list(table.columns)
            assert len(rows) == len(table.rows)
            for cells, row in zip(rows, table.rows, strict=True):
                if table.dice is not None:
                    assert unmark(cells[0]) == row.range
                    cells = cells[1:]
                assert [unmark(c) for c in cells] == [written(c) for c in row.cells]


def test_obsidian_lookup_tables_read_back(tricky: Path) -> None:
    for tables in all_subjects(tricky):
        text = obsidian.write(Subject("x", "x", tables)).whole.decode()
        read = markdown_tables(text)
        for table, grid in zip(tables, read, strict=True):
            assert f"\n^{table.id}\n" in text
            if table.dice is None:
                assert len(grid[0]) == len(table.columns)
                continue
            assert grid[0][0] == f"dice: {table.formula}"
            assert len(grid[0]) == 2
            for cells, row in zip(grid[1:], table.rows, strict=True):
                assert cells[0] == row.span
                first = cells[1].split("<br>**")[0]
                assert unmark(first) == written(row.cells[0])


def test_obsidian_block_ids_stand_right_after_the_table_they_name() -> None:
    loaded = load_site("the-sunken-chapel")
    tables = site_tables(loaded.site, loaded.slug, loaded.pack, loaded.encounter_pack)
    timetable = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=2)
    assert timetable.runs_out  # the paragraph that once stood between the timetable and its id
    lines = obsidian.write(Subject("x", "x", tables, timetable)).whole.decode().splitlines()
    ids = [n for n, line in enumerate(lines) if re.fullmatch(r"\^[a-z0-9-]+", line)]
    assert {lines[n] for n in ids} >= {"^timetable", "^deck", "^wandering"}
    for n in ids:
        assert lines[n - 1] == "" and lines[n - 2].startswith("| "), lines[n - 3 : n + 1]


def test_obsidian_escapes_its_own_markup(tricky: Path) -> None:
    text = obsidian.write(Subject("x", "x", pack_tables(load_pack(str(tricky))))).whole.decode()
    assert "Pipe \\| and --dashes-- and \\[\\[brackets\\]\\]" in text
    assert "\\$5 and 100%\\% and =\\=marked=\\=" in text
    assert "\\#tag" in text


@pytest.mark.parametrize(("fmt", "tool"), [("foundry", "Foundry"), ("foundry-v12", "Foundry"), ("roll20", "Roll20")])
def test_dice_beyond_a_tools_weights_are_refused_naming_the_table(
    tmp_path: Path, runner: CliRunner, fmt: str, tool: str
) -> None:
    (tmp_path / "many.yaml").write_text(HUGE_PACK, encoding="utf-8")
    out = tmp_path / "many.out"
    result = runner.invoke(cli, ["export", str(tmp_path / "many.yaml"), "--to", fmt, "-o", str(out)])
    assert result.exit_code == 2
    assert result.output == (
        f"error: avalanche (Avalanche, in pack many-dice): its dice 30d6 have too many outcomes "
        f"for {tool}'s weights (a row weighs 115,226,257,756,425,359,105,304; {tool} counts exactly only to "
        "9,007,199,254,740,991)\n"
    )
    assert not out.exists()


def test_markdown_writes_any_dice(tmp_path: Path, runner: CliRunner) -> None:
    (tmp_path / "many.yaml").write_text(HUGE_PACK, encoding="utf-8")
    for fmt in ("markdown", "obsidian"):
        result = runner.invoke(cli, ["export", str(tmp_path / "many.yaml"), "--to", fmt, "-o", str(tmp_path / "m.md")])
        assert result.exit_code == 0, result.output
    assert "| dice: 30d6 | Result |" in (tmp_path / "m.md").read_text()


def test_markdown_holds_the_timetable_and_deck_of_the_seed(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "chapel.md"
    result = runner.invoke(
        cli, ["export", "the-sunken-chapel", "--to", "markdown", "--seed", "42", "--hours", "2", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    text = out.read_text()
    chapel = load_site("the-sunken-chapel")
    table = build_timetable(chapel.pack, site=chapel.site, encounter_pack=chapel.encounter_pack, hours=2, seed=42)
    grids = markdown_tables(text)
    timetable, deck = grids[-2], grids[-1]
    assert [row[1] for row in timetable[1:]] == [row_clock(table, r) for r in table.rows]
    assert [row[2] for row in timetable[1:]] == [str(r.dice[0]) for r in table.rows]
    assert [unmark(row[2].split("<br>")[0]) for row in deck[1:]] == [c.name for c in table.deck]
    assert [row[1] for row in deck[1:]] == [f"{c.roll} ({c.range})" for c in table.deck]
    assert "seed 42" in text
    again = tmp_path / "again.md"
    runner.invoke(
        cli, ["export", "the-sunken-chapel", "--to", "markdown", "--seed", "42", "--hours", "2", "-o", str(again)]
    )
    assert again.read_bytes() == out.read_bytes()


# --- the command ----------------------------------------------------------------------------------------


def test_formats_are_a_table_of_writers() -> None:
    assert list(FORMATS) == ["foundry", "foundry-v12", "roll20", "obsidian", "markdown"]


def test_foundry_goes_to_a_folder_of_one_file_per_table(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["export", "encounter-reaction", "--to", "foundry"])
    assert result.exit_code == 0, result.output
    folder = Path("output/encounter-reaction-foundry")
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(f"{t.id}.json" for t in pack_tables(load_pack("encounter-reaction")))
    assert result.output.splitlines() == [
        str(folder / f"{t.id}.json") for t in pack_tables(load_pack("encounter-reaction"))
    ]
    one = runner.invoke(cli, ["export", "encounter-reaction", "--to", "roll20"])
    assert one.output == "output/encounter-reaction-roll20.txt\n"
    into = runner.invoke(cli, ["export", "encounter-reaction", "--to", "markdown", "-o", "notes/"])
    assert into.exit_code == 0, into.output
    assert (
        sorted(p.name for p in Path("notes").iterdir())
        == sorted(names_md := [f"{t.id}.md" for t in pack_tables(load_pack("encounter-reaction"))])
        and names_md
    )


def test_a_pack_without_tables_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["export", "dungeon-turn", "--to", "foundry", "-o", str(tmp_path / "x.json")])
    assert result.exit_code == 2
    assert result.output == "error: Dungeon Turns has no tables to export; nothing was written\n"
    assert not (tmp_path / "x.json").exists()


def test_export_help_has_an_example(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["export", "--help"])
    assert "sheetgen export the-sunken-chapel --to foundry" in result.output


def test_an_impossible_output_is_refused_before_any_work(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["export", "no-such-site.yaml", "--to", "markdown", "-o", str(tmp_path / "no/x.md")])
    assert result.exit_code == 2
    assert result.output == f"error: -o: the folder {tmp_path / 'no'} does not exist; create it first\n"
    (tmp_path / "file").write_text("x")
    into_file = runner.invoke(
        cli, ["export", "encounter-reaction", "--to", "foundry", "-o", str(tmp_path / "file") + "/"]
    )
    assert into_file.output == f"error: -o: {tmp_path / 'file'} is a file, not a folder\n"


WORDS = st.lists(st.sampled_from([*list("ab _*|\\[]<>#`~$%=-!\né"), "**", "\n\n", " --"]), max_size=30).map("".join)
# any text a pack or site can hold: loading refuses bold and italic marks that cross
LOADABLE = WORDS.filter(lambda text: markup_problem(text) is None)


@given(LOADABLE)
def test_any_text_survives_markdown_and_obsidian(text: str) -> None:
    for flavour in (markdown.MARKDOWN, obsidian.OBSIDIAN):
        cell = markdown.inline(text, flavour)
        assert "\n" not in cell
        assert not re.search(r"(?<!\\)\|", cell)  # no bare | to split the cell
        if flavour is markdown.MARKDOWN:
            assert styled_cell(cell) == styled(text)


ROLL20_WORDS = st.lists(
    st.sampled_from(
        [
            *list("ab _*|\\[]<>#`~$%=-!&{}?@\né;"),
            "**",
            " --",
            "--",
            "<%%91%%>",
            "<%%93%%>",
            "<%%-%%>",
            "[TABLEEXPORT:ESCAPE]",
            "&lt;",
            "&#35;",
            "@{",
            "?{",
            "%{",
            "&{",
            "[[",
            "#macro",
        ]
    ),
    max_size=30,
).map("".join)


@given(ROLL20_WORDS)
def test_any_text_survives_tableexport_and_roll20s_chat(text: str) -> None:
    escaped = roll20.escape(text)
    assert not re.search(r"\s--", escaped)  # one argument: TableExport does not split it
    # nothing the chat expands or shows as markup: outside TableExport's own escapes, no < > { } | # and
    # no & but a character reference's
    bare = re.sub(r"<%%91%%>|<%%93%%>|<%%-%%>|\[TABLEEXPORT:ESCAPE\]|&(?:amp|lt|gt|#\d+);", "", escaped)
    assert not re.search(r"[<>{}|#&\[\]]", bare), escaped
    stored = table_export_unescape(escaped)
    assert not re.search(r"[<>{}|#&]", re.sub(r"&(?:amp|lt|gt|#\d+);", "", stored)), stored
    assert shown(stored) == " ".join(text.split())


class _TextNodes(HTMLParser):
    """The text nodes of an HTML fragment, as a browser's parser makes them (references read)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._open = False

    def handle_endtag(self, tag: str) -> None:
        self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.nodes[-1] += data
        else:
            self.nodes.append(data)
        self._open = True


FOUNDRY_WORDS = st.lists(
    st.sampled_from(
        [
            *list("ab _|[]<>#@{}&!\né"),
            "@UUID[Actor.x]{Boss}",
            "@Embed[x]",
            "[[/r 1d20]]",
            "[[1d100]]",
            "[[[",
            "&lt;",
            "<script>",
        ]
    ),
    max_size=20,
).map("".join)


@given(FOUNDRY_WORDS.filter(lambda text: markup_problem(text) is None))
def test_foundry_enriches_nothing_in_a_cell(text: str) -> None:
    """Foundry's enrichers match @Name[ and [[ within one text node: none is left, and the words read back."""
    for made in (inert_lines(text), inert_paragraphs(text)):
        parser = _TextNodes()
        parser.feed(made)
        parser.close()
        assert not any(re.search(r"@\w|\[\[", node) for node in parser.nodes), made
        assert "<script" not in made
        assert "".join(parser.nodes) == "".join(plain(p) for p in paragraphs(text))


# --- CSV ------------------------------------------------------------------------------------------------


@given(st.text(max_size=60))
def test_no_csv_cell_starts_a_formula(text: str) -> None:
    from sheetgen.export.timetable_csv import FORMULA_STARTS, cell

    written = cell(text)
    assert isinstance(written, str) and not written.startswith(FORMULA_STARTS)
    assert written.removeprefix("'") == text or written == text


def test_a_formula_in_a_name_is_written_as_words(tmp_path: Path) -> None:
    import csv
    import io

    site = tmp_path / "s.yaml"
    site.write_text(
        'site: Cellar\nsystem: dungeon-turn\nrooms:\n  - {key: "1", name: Stair}\nwandering:\n'
        '  roll: 1d6\n  entries:\n    - {roll: 1-6, name: "=HYPERLINK(\\"http://x\\")", appearing: "1"}\n',
        encoding="utf-8",
    )
    out = tmp_path / "t.csv"
    done = CliRunner().invoke(cli, ["timetable", str(site), "--format", "csv", "--seed", "1", "-o", str(out)])
    assert done.exit_code == 0, done.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    names = {row["name"] for row in rows if row["section"] == "deck"}
    assert names == {'\'=HYPERLINK("http://x")'}
    assert not any(value.startswith(("=", "+", "@")) for row in rows for value in row.values())


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("---", "\\---"),
        ("- a list?", "\\- a list?"),
        ("+ x", "\\+ x"),
        ("1. first", "1\\. first"),
        ("12) twelfth", "12\\) twelfth"),
        ("===", "\\==="),
        ("&lt;img&gt; & co", "\\&lt;img\\&gt; \\& co"),
        ("a - b, 1. c", "a - b, 1. c"),
    ],
)
def test_a_paragraph_never_becomes_a_rule_a_list_or_an_entity(text: str, written: str) -> None:
    assert markdown.paragraph_lines(text, markdown.MARKDOWN) == [written, ""]


def test_obsidian_text_cannot_take_a_block_id() -> None:
    assert markdown.paragraph_lines("The end ^wandering", obsidian.OBSIDIAN) == ["The end \\^wandering", ""]
