"""YAML slips in a site file, through `sheetgen check`: what to type, where the text starts, and every
other problem of the file beside a syntax error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli

HEAD = 'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - key: "1"\n    name: Stair\n'

SLIPS = [
    ("colon", HEAD + "    text: Carved over the door: HERE LIES the last king\n",
     "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: "
     '"Carved over the door: HERE LIES …"'),
    ("colon-on-a-later-line", HEAD + "    text: The hall is long\n      and a sign says: KEEP OUT\n",
     "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: \"The hall is long …\""),
    ("colon-in-a-list-item", HEAD + "    details:\n      - A sign: keep out\n",
     "7:9: rooms[0].details[0]: expected text"),
    ("colon-inside-braces", HEAD + '  - {key: "2", name: Hall: the big one}\n',
     "6:22: this text contains ': '; put the whole text in quotes: \"Hall: the big one\""),
    ("comma-inside-braces", HEAD + '  - {key: "2", name: Hall, dark, damp}\n',
     "6:22: rooms[1]: this text contains ', '; put the whole text in quotes: \"Hall, dark, damp\""),
    ("hash-in-text", HEAD + "    description: Stairs down to room #3 and a door\n",
     "6:18: rooms[0].description: this text contains ' #'; put the whole text in quotes: "
     '"Stairs down to room #3 and a …"'),
    ("hash-in-a-name", 'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - key: "1"\n    name: Guard #2\n',
     "5:11: rooms[0].name: this text contains ' #'; put the whole text in quotes: \"Guard #2\""),
    ("backslash-and-quote", HEAD + '    text: A "door": C:\\n\n',
     "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: 'A \"door\": C:\\n'"),
    ("tab", HEAD + "\t  text: Dust\n", "6:1: a tab character; YAML indents with spaces, not tabs"),
    ("unclosed-double-quote", HEAD + '    text: "Dust and bones\n  - key: "2"\n    name: Hall\n',
     '6:11: rooms[0].text: this " opens a quoted text that is never closed; end the text with "'),
    ("unclosed-single-quote", HEAD + "    text: 'Dust and bones\n",
     "6:11: rooms[0].text: this ' opens a quoted text that is never closed; end the text with '"),
    ("unclosed-list", HEAD + '    exits: ["2", "3"\n',
     "6:12: rooms[0].exits: this [ opens a list that is never closed; end it with ]"),
]


def check(runner: CliRunner, tmp_path: Path, text: str) -> list[str]:
    site = tmp_path / "site.yaml"
    site.write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    prefix = f"error: {site}:"
    lines = result.output.splitlines()
    assert all(line.startswith(prefix) for line in lines if line.startswith("error: "))
    return [line.removeprefix(prefix) for line in lines]


@pytest.mark.parametrize(("text", "expected"), [slip[1:] for slip in SLIPS], ids=[slip[0] for slip in SLIPS])
def test_a_yaml_slip_says_what_to_type(runner: CliRunner, tmp_path: Path, text: str, expected: str) -> None:
    assert check(runner, tmp_path, text) == [expected]


@pytest.mark.parametrize("comment", [
    "    description: Dusty  # a note\n",
    "    description: Dusty # a note\n",
    "    description: Dusty ## a note\n",
    '    description: "Dusty" #note\n',
    "    exits: [] #none\n",
])
def test_an_ordinary_comment_is_a_comment(runner: CliRunner, tmp_path: Path, comment: str) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(HEAD + comment, encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 0, result.output


def test_a_comment_after_a_value_that_is_not_prose_is_a_comment(runner: CliRunner, tmp_path: Path) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(HEAD + "wandering:\n  roll: 1d6 #d6\n  entries:\n    - {roll: 1-6, name: Rats}\n",
                    encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 0, result.output


def test_a_syntax_error_hides_no_other_problem(runner: CliRunner, tmp_path: Path) -> None:
    text = (
        "site: The Cellar\n"
        "system: dungeon-turn\n"
        "text: Carved over the door: HERE LIES the last king\n"
        "rooms:\n"
        '  - key: "1"\n'
        "    name: Stair\n"
        "    descripton: Wet steps.\n"
        '  - key: "2"\n'
        "    name: Hall\n"
        '    text: "Dust and bones\n'
        '  - key: "3"\n'
        "    name: 1914\n"
        "statblocks: 7\n"
    )
    assert check(runner, tmp_path, text) == [
        "3:7: text: this text contains ': '; put the whole text in quotes: \"Carved over the door: HERE LIES …\"",
        '7:5: rooms[0].descripton: unknown field "descripton" (did you mean "description"?)',
        '10:11: rooms[1].text: this " opens a quoted text that is never closed; end the text with "',
        "12:11: rooms[2].name: expected text",
        "13:13: statblocks: expected a list (items starting with '- ')",
        "5 problems; nothing was written.",
    ]


def test_what_refers_to_what_waits_until_the_file_reads(runner: CliRunner, tmp_path: Path) -> None:
    """An exit to a room that could not be read is not reported, nor a required field that could be
    the one not read."""
    text = (
        "site: The Cellar\n"
        "system: dungeon-turn\n"
        "rooms:\n"
        '  - key: "1"\n'
        "    name: Stair\n"
        '    exits: ["2"]\n'
        '  - key: "2"\n'
        "    name: Hall: the big one\n"
    )
    assert check(runner, tmp_path, text) == [
        "8:11: rooms[1].name: this text contains ': '; put the whole text in quotes: \"Hall: the big one\"",
    ]
    broken_rooms = "site: The Cellar\nsystem: dungeon-turn\nrooms: [{key: \"1\", name: Stair}\n"
    assert check(runner, tmp_path, broken_rooms) == [
        "3:8: rooms: this [ opens a list that is never closed; end it with ]",
    ]
