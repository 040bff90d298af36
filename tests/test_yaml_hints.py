"""YAML slips in a site file, through `sheetgen check`: what to type, where the text starts, and every
other problem of the file beside a syntax error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from test_new_files import BARE_PACK

from sheetgen.cli import cli

HEAD = 'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - key: "1"\n    name: Stair\n'

SLIPS = [
    (
        "colon",
        HEAD + "    text: Carved over the door: HERE LIES the last king\n",
        "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: "
        '"Carved over the door: HERE LIES …"',
    ),
    (
        "colon-on-a-later-line",
        HEAD + "    text: The hall is long\n      and a sign says: KEEP OUT\n",
        "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: \"The hall is long …\"",
    ),
    # valid YAML that reads a text as a mapping of one field: the field's shape shows it
    (
        "colon-in-a-list-item",
        HEAD + "    details:\n      - Carved over the door: HERE LIES the last king\n",
        "7:9: rooms[0].details[0]: this text contains ': '; put the whole text in quotes: "
        '"Carved over the door: HERE LIES …"',
    ),
    (
        "colon-in-a-short-list-item",
        HEAD + "    details:\n      - A sign: keep out\n",
        "7:9: rooms[0].details[0]: this text contains ': '; put the whole text in quotes: \"A sign: keep out\"",
    ),
    (
        "colon-in-a-flow-list-item",
        HEAD + "    details: [Dust, A sign: keep out]\n",
        "6:21: rooms[0].details[1]: this text contains ': '; put the whole text in quotes: \"A sign: keep out\"",
    ),
    (
        "colon-on-the-line-below",
        HEAD + "    description:\n      The hall: dark and long\n",
        "7:7: rooms[0].description: this text contains ': '; put the whole text in quotes: \"The hall: dark and long\"",
    ),
    (
        "colon-inside-braces",
        HEAD + '  - {key: "2", name: Hall: the big one}\n',
        "6:22: this text contains ': '; put the whole text in quotes: \"Hall: the big one\"",
    ),
    (
        "comma-inside-braces",
        HEAD + '  - {key: "2", name: Hall, dark, damp}\n',
        "6:22: rooms[1]: this text contains ', '; put the whole text in quotes: \"Hall, dark, damp\"",
    ),
    # valid YAML that reads a text as a list: a field that expects one text got one
    (
        "brackets-for-one-text",
        HEAD + '  - {key: "2", name: [Hall, dark]}\n',
        "6:22: rooms[1].name: this text starts with '[', so YAML reads it as a list of 2 items; put the whole "
        'text in quotes: "[Hall, dark]"',
    ),
    (
        "brackets-for-one-text-in-a-block",
        HEAD + '  - key: "2"\n    name: [Hall]\n',
        "7:11: rooms[1].name: this text starts with '[', so YAML reads it as a list of an item; put the whole "
        'text in quotes: "[Hall]"',
    ),
    (
        "hash-in-a-flow-list",
        HEAD + "    details: [Dust, bones of room #3]\n",
        "6:21: this text contains ' #'; put the whole text in quotes: \"bones of room #3\"",
    ),
    (
        "hash-in-a-flow-list-that-goes-on",  # the item ends at the first comma after the hash, not the last
        HEAD + "    details: [Dust, bones #3, rags, rust]\n",
        "6:21: this text contains ' #'; put the whole text in quotes: \"bones #3\"",
    ),
    (
        "colon-inside-braces-after-a-list",  # the text ends at the comma after it, not at a ] before it
        HEAD + '  - {exits: [], key: "2", name: Hall: the big one}\n',
        "6:33: this text contains ': '; put the whole text in quotes: \"Hall: the big one\"",
    ),
    (
        "hash-in-a-flow-list-and-a-quote-in-its-comment",  # the quote after the hash is in the comment
        HEAD + "    details: [Dust, bones #3 it's]\n",
        "6:21: this text contains ' #'; put the whole text in quotes: \"bones #3 it's\"",
    ),
    (
        "colon-inside-braces-after-spaces",  # the text starts at its first letter, past the spaces
        HEAD + '  - {key: "2",   name:   Hall: the big one}\n',
        "6:26: this text contains ': '; put the whole text in quotes: \"Hall: the big one\"",
    ),
    (
        "colon-two-lines-below-its-key",  # the text starts on the line below the key, not at the colon's line
        HEAD + "    description:\n      The hall is long\n      and a sign says: KEEP OUT\n",
        "7:7: rooms[0].description: this text contains ': '; put the whole text in quotes: \"The hall is long …\"",
    ),
    (
        "double-quote-without-a-backslash",  # a text with a double quote is shown in single quotes
        HEAD + '    text: A "door": here\n',
        "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: 'A \"door\": here'",
    ),
    (
        "unclosed-list-after-a-comment",  # the parts of a file that starts with a comment line
        "# The cellar under the inn\nsite: The Cellar\nsystem: dungeon-turn\nauthor: [Me\n"
        'rooms:\n  - {key: "1", name: Stair}\n',
        "4:9: author: this [ opens a list that is never closed; end it with ]",
    ),
    (
        "two-colons-in-a-flow-list-item",  # an item of [ ] has no field name: the whole item is the text
        HEAD + "    details: [Dust,   A sign: keep: out]\n",
        "6:23: this text contains ': '; put the whole text in quotes: \"A sign: keep: out\"",
    ),
    (
        "hash-in-a-flow-list-with-a-capital-after-it",
        HEAD + "    details: [Dust, bones #X]\n",
        "6:21: this text contains ' #'; put the whole text in quotes: \"bones #X\"",
    ),
    (
        "brackets-for-one-text-over-two-lines",  # the list goes on past its line: shown up to there, with " …"
        HEAD + '  - key: "2"\n    name: [Hall,\n      dark]\n',
        "7:11: rooms[1].name: this text starts with '[', so YAML reads it as a list of 2 items; put the whole "
        'text in quotes: "[Hall, …"',
    ),
    (
        "two-colons-in-a-list-item",  # a list item's first ': ' names a field, as in a list of rooms
        HEAD + "    details:\n      - Sign: keep: out\n",
        "7:15: rooms[0].details[0].Sign: this text contains ': '; put the whole text in quotes: \"keep: out\"",
    ),
    (
        "colon-below-its-key-after-a-blank-line",
        HEAD + "    description:\n\n      The hall: dark and long\n",
        "8:7: rooms[0].description: this text contains ': '; put the whole text in quotes: \"The hall: dark and long\"",
    ),
    (
        "hash-inside-braces",
        HEAD + '  - {key: "2", name: Guard #2}\n',
        "6:22: this text contains ' #'; put the whole text in quotes: \"Guard #2\"",
    ),
    (
        "hash-in-text",
        HEAD + "    description: Stairs down to room #3 and a door\n",
        "6:18: rooms[0].description: this text contains ' #'; put the whole text in quotes: "
        '"Stairs down to room #3 and a …"',
    ),
    (
        "hash-in-a-name",
        'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - key: "1"\n    name: Guard #2\n',
        "5:11: rooms[0].name: this text contains ' #'; put the whole text in quotes: \"Guard #2\"",
    ),
    (
        "backslash-and-quote",
        HEAD + '    text: A "door": C:\\n\n',
        "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: 'A \"door\": C:\\n'",
    ),
    (
        "hash-in-a-flow-list-after-an-apostrophe",  # an apostrophe inside a word opens no quoted text
        HEAD + "    details: [A smuggler's lantern, bones #3]\n",
        "6:37: this text contains ' #'; put the whole text in quotes: \"bones #3\"",
    ),
    (
        "hash-in-a-flow-list-after-a-word-with-an-x",  # no letter opens a quoted text
        HEAD + "    details: [X marks the spot, bones #3]\n",
        "6:33: this text contains ' #'; put the whole text in quotes: \"bones #3\"",
    ),
    (
        "hash-in-a-flow-list-after-a-quoted-item",
        HEAD + "    details: ['Dust', bones #3]\n",
        "6:23: this text contains ' #'; put the whole text in quotes: \"bones #3\"",
    ),
    (
        "colon-inside-braces-after-a-field",  # the text starts after the brace's own field, not the line's
        HEAD + '  - key: "2"\n    name: {text: Hall: the big one}\n',
        "7:18: this text contains ': '; put the whole text in quotes: \"Hall: the big one\"",
    ),
    (
        "colon-inside-braces-before-another-field",  # the text ends at the comma after it; an X in it is a letter
        HEAD + '  - {key: "2", name: Hall X: the big one, text: Dusty}\n',
        "6:22: this text contains ': '; put the whole text in quotes: \"Hall X: the big one\"",
    ),
    (
        "colon-inside-braces-inside-a-list",
        'site: The Cellar\nsystem: dungeon-turn\nrooms: [{key: "1", name: Hall: the big one}]\n',
        "3:26: this text contains ': '; put the whole text in quotes: \"Hall: the big one\"",
    ),
    (
        "text-going-on-at-its-fields-indent",
        HEAD + "    text: The hall is long\n    and dark\n",
        "7:5: \"and dark\" is read as a field's name, but no ':' follows it: indent it further to go on with the "
        "text above, or write the field as name: value",
    ),
    (
        "colon-on-a-later-line-of-a-file-with-crlf",  # the field is named as in a file with \n alone
        (HEAD + "    text: The hall is long\n\n      and a sign says: KEEP OUT\n").replace("\n", "\r\n"),
        "6:11: rooms[0].text: this text contains ': '; put the whole text in quotes: \"The hall is long …\"",
    ),
    ("tab", HEAD + "\t  text: Dust\n", "6:1: a tab character; YAML indents with spaces, not tabs"),
    (
        "tab-after-a-dash",
        HEAD + "    details:\n    -\tDust\n",
        "7:6: a tab character; YAML separates values with spaces, not tabs",
    ),
    (
        "unclosed-double-quote",
        HEAD + '    text: "Dust and bones\n  - key: "2"\n    name: Hall\n',
        '6:11: rooms[0].text: this " opens a quoted text that is never closed; end the text with "',
    ),
    (
        "unclosed-single-quote",
        HEAD + "    text: 'Dust and bones\n",
        "6:11: rooms[0].text: this ' opens a quoted text that is never closed; end the text with '",
    ),
    (
        "unclosed-list-at-the-end-of-the-file",  # the list ends with the file, after its [ or a comma
        HEAD + '    exits: ["2",\n',
        "6:12: rooms[0].exits: this [ opens a list that is never closed; end it with ]",
    ),
    (
        "unclosed-list-before-the-next-room",
        HEAD + '    exits: [\n  - key: "2"\n    name: Hall\n',
        "6:12: rooms[0].exits: this [ opens a list that is never closed; end it with ]",
    ),
    (
        "unclosed-braces-before-the-next-field",  # brackets closed before it, or in quotes or a comment, are not it
        HEAD + '    text: {a: [b], c: "d [", # [\n      e: f,\nauthor: Me\n',
        "6:11: rooms[0].text: this { opens a list that is never closed; end it with }",
    ),
    (
        "unclosed-list",
        HEAD + '    exits: ["2", "3"\n',
        "6:12: rooms[0].exits: this [ opens a list that is never closed; end it with ]",
    ),
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


@pytest.mark.parametrize(
    "written",
    [
        # ordinary comments
        "    description: Dusty  # a note\n",
        "    description: Dusty # a note\n",
        "    description: Dusty ## a note\n",
        '    description: "Dusty" #note\n',
        "    exits: [] #none\n",
        "    details: [Dust,  # a comment that takes no bracket with it\n      bones]\n",
        # texts quoted, or lists that may be meant as YAML reads them
        '    details: ["A sign: keep out"]\n',
        "    details:\n      - 'A sign: keep out'\n",
        "    details: [A smuggler's lantern, still warm]\n",  # two details, as YAML reads it: it may be meant
        "    details: [Rope, lantern, chalk]\n",
        '  - {key: "2", name: "[Hall, dark]"}\n',
        "    description: A sign:keep out\n",
    ],
)
def test_what_reads_as_meant_gets_no_hint(runner: CliRunner, tmp_path: Path, written: str) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(HEAD + written, encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        # a quoted field name, a mapping of two fields, a value that is a list: not a text with ': ' in it
        ('    details:\n      - "A": b\n', "7:9: rooms[0].details[0]: expected text"),
        ("    details:\n      - {a: b, c: d}\n", "7:9: rooms[0].details[0]: expected text"),
        ("    details:\n      - A: [b]\n", "7:9: rooms[0].details[0]: expected text"),
        ("    details:\n      - [a, [b]]\n", "7:9: rooms[0].details[0]: expected text"),
        # a ' #' inside a quoted text is no comment: the list is left open
        (
            '    details: ["Dust #1]", bones\n',
            "6:14: rooms[0].details: this [ opens a list that is never closed; end it with ]",
        ),
        (
            "    details: ['it''s #1]', bones\n",
            "6:14: rooms[0].details: this [ opens a list that is never closed; end it with ]",
        ),
        (
            '    details: ["a \\" #1]", bones\n',
            "6:14: rooms[0].details: this [ opens a list that is never closed; end it with ]",
        ),
        # a list closed by the wrong bracket is no list left open: PyYAML's words, at the bracket
        (
            "    details: [Rats, A sign: keep}, x]\n",
            "6:33: YAML syntax: expected ',' or ']', but got '}' (while parsing a flow sequence)",
        ),
    ],
)
def test_what_is_not_a_slip_is_said_as_it_is(runner: CliRunner, tmp_path: Path, written: str, expected: str) -> None:
    assert check(runner, tmp_path, HEAD + written) == [expected]


def test_a_syntax_error_and_three_other_problems_print_all_four(runner: CliRunner, tmp_path: Path) -> None:
    text = (
        "site: The Cellar\n"
        "system: dungeon-turn\n"
        "authr: Me\n"
        "rooms:\n"
        '  - key: "1"\n'
        "    name: Stair\n"
        "    details:\n"
        "      - Carved over the door: HERE LIES the last king\n"
        '  - key: "2"\n'
        "    name: Hall\n"
        '    description: "Dust and bones\n'
        '  - key: "3"\n'
        "    name: Crypt\n"
        "statblocks:\n"
        "  - id: rat\n"
        "    name: [Giant, grey]\n"
    )
    assert check(runner, tmp_path, text) == [
        '3:1: authr: unknown field "authr" (did you mean "author"?)',
        "8:9: rooms[0].details[0]: this text contains ': '; put the whole text in quotes: "
        '"Carved over the door: HERE LIES …"',
        '11:18: rooms[1].description: this " opens a quoted text that is never closed; end the text with "',
        "16:11: statblocks[0].name: this text starts with '[', so YAML reads it as a list of 2 items; put the "
        'whole text in quotes: "[Giant, grey]"',
        "4 problems; nothing was written.",
    ]


def test_a_comment_after_a_value_that_is_not_prose_is_a_comment(runner: CliRunner, tmp_path: Path) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(HEAD + "wandering:\n  roll: 1d6 #d6\n  entries:\n    - {roll: 1-6, name: Rats}\n", encoding="utf-8")
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
    broken_rooms = 'site: The Cellar\nsystem: dungeon-turn\nrooms: [{key: "1", name: Stair}\n'
    assert check(runner, tmp_path, broken_rooms) == [
        "3:8: rooms: this [ opens a list that is never closed; end it with ]",
    ]


PACK = (
    BARE_PACK.replace("columns: [Encounter]", "columns: [Reaction]")
    .replace(
        "- {roll: 2-7, cells: [Rats]}",
        '- {roll: 2-4, cells: [Hostile, attacks]}\n      - {roll: 5-7, cells: ["Wary, keeps its distance"]}',
    )
    .replace("- {roll: 8-12, cells: [Bats]}", "- roll: 8-12\n        cells: [Friendly]")
)


def test_a_row_with_more_cells_than_columns_says_a_comma_split_one(runner: CliRunner, tmp_path: Path) -> None:
    assert check(runner, tmp_path, PACK) == [
        "11:28: tables[0].rows[0].cells: 2 cells; the table needs one per column (Reaction); a comma inside [ ] "
        'starts a new cell, so put a cell that holds one in quotes: ["Hostile, attacks"]',
    ]
    fixed = PACK.replace("[Hostile, attacks]", '["Hostile, attacks"]')
    site = tmp_path / "site.yaml"
    site.write_text(fixed, encoding="utf-8")
    result = runner.invoke(cli, ["check", str(site)])
    assert result.exit_code == 0, result.output
    two = fixed.replace("columns: [Reaction]", "columns: [Reaction, Notes]").replace(
        '["Wary, keeps its distance"]', "[Wary, keeps its distance, and watches]"
    )
    assert check(runner, tmp_path, two) == [
        "11:28: tables[0].rows[0].cells: 1 cell; the table needs one per column (Reaction, Notes)",
        "12:28: tables[0].rows[1].cells: 3 cells; the table needs one per column (Reaction, Notes); a comma "
        'inside [ ] starts a new cell, so put a cell that holds one in quotes: ["Hostile, attacks"]',
        "14:16: tables[0].rows[2].cells: 1 cell; the table needs one per column (Reaction, Notes)",
        "3 problems; nothing was written.",
    ]
