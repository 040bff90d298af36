"""The strict YAML reader: positions, and what plain PyYAML would get silently wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.errors import DataError
from sheetgen.load.yamlread import format_path, parse_yaml, read_yaml


def messages(raw: bytes) -> list[str]:
    with pytest.raises(DataError) as info:
        parse_yaml(raw, "f.yaml")
    return [str(p) for p in info.value.problems]


def test_values_and_positions() -> None:
    doc = parse_yaml(b"site: X\nrooms:\n  - key: 1\n    exits: ['2']\n", "f.yaml")
    assert doc.data == {"site": "X", "rooms": [{"key": 1, "exits": ["2"]}]}
    assert str(doc.locate(("rooms", 0, "exits", 0))) == "f.yaml:4:13: rooms[0].exits[0]"
    assert str(doc.locate(("rooms", 0, "key"), key=True)) == "f.yaml:3:5: rooms[0].key"
    # a path that is not in the file falls back to its nearest parent's position
    assert str(doc.locate(("rooms", 0, "name"))) == "f.yaml:3:5: rooms[0].name"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("NO", "NO"),
        ("no", "no"),
        ("yes", "yes"),
        ("on", "on"),
        ("off", "off"),
        ("1:30", "1:30"),
        ("0x1F", "0x1F"),
        ("1_000", "1_000"),
        ("0o17", "0o17"),
        ("2001-12-14", "2001-12-14"),
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("false", False),
        ("False", False),
        ("FALSE", False),
        ("null", None),
        ("Null", None),
        ("NULL", None),
        ("~", None),
        ("", None),
        ("12", 12),
        ("-3", -3),
        ("1.5", 1.5),
        ("'12'", "12"),
        ('"true"', "true"),
        (".inf", ".inf"),
    ],
)
def test_scalars_resolve_narrowly(text: str, value: object) -> None:
    assert parse_yaml(f"v: {text}\n".encode(), "f.yaml").data == {"v": value}


def test_duplicate_key_is_an_error_naming_both_lines() -> None:
    assert messages(b"a: 1\nb: 2\na: 3\n") == ["f.yaml:3:1: a: duplicate key 'a' (first given at line 1); keep one"]


def test_alias_bomb_is_refused_at_the_first_anchor() -> None:
    bomb = b'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        bomb += f"{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n".encode()
    assert len(bomb) < 600
    found = messages(bomb)
    # each top-level field is read on its own once the file is refused, and each anchor is named
    assert len(found) == 9
    assert found[0] == "f.yaml:1:4: anchors (&a) are not allowed in sheetgen files; write the value out"
    (message,) = messages(b"a: [1]\nb: *a\n")
    assert message == "f.yaml:2:4: aliases (*name) are not allowed in sheetgen files; write the value out"


def test_explicit_str_tag_keeps_text() -> None:
    assert parse_yaml(b"a: !!str 12\nb: !!str yes\n", "f.yaml").data == {"a": "12", "b": "yes"}


def test_python_tags_are_refused() -> None:
    (message,) = messages(b"x: !!python/object/apply:os.system ['echo hi']\n")
    assert (
        message == "f.yaml:1:4: x: YAML tags such as 'tag:yaml.org,2002:python/object/apply:os.system' "
        "are not allowed; remove the tag"
    )


def test_tabs_syntax_errors_and_encodings() -> None:
    assert messages(b"a:\n\tb: 1\n") == ["f.yaml:2:1: a tab character; YAML indents with spaces, not tabs"]
    assert messages(b"a: [1, 2\nb: 3\n") == ["f.yaml:1:4: a: this [ opens a list that is never closed; end it with ]"]
    assert messages(b"a: caf\xe9\n") == ["f.yaml:1:7: not UTF-8 text (byte 0xe9); save the file as UTF-8"]
    assert messages(b"a: 1\nb: x\x00y\n") == [
        "f.yaml:2:5: the file holds a NUL byte; is it a binary file? sheetgen reads UTF-8 YAML text"
    ]
    assert messages("a: 1\n".encode("utf-16")) == ["f.yaml:1:1: the file is UTF-16; save it as UTF-8"]
    assert parse_yaml(b"\xef\xbb\xbfa: 1\n", "f.yaml").data == {"a": 1}


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_a_file_with_other_line_ends_reads_as_one_with_newlines(end: str) -> None:
    """\r\n (Windows) and \r alone end a line as \n does: the same values at the same places, and a
    syntax error or a control character said at the same line."""
    text = "site: X\nrooms:\n  - key: 1\n    text: |\n      One\n      two\n    exits: ['2']\n"
    doc, crlf = parse_yaml(text.encode(), "f.yaml"), parse_yaml(text.replace("\n", end).encode(), "f.yaml")
    assert (crlf.data, crlf.values, crlf.keys) == (doc.data, doc.values, doc.keys)
    for bad in ("a: 1\nb: [x\nc: 2\n", "a: 1\nb: x\x01y\n"):
        assert messages(bad.replace("\n", end).encode()) == messages(bad.encode())


def test_empty_and_deep_files() -> None:
    assert messages(b"") == ["f.yaml:1:1: the file is empty; expected a mapping of fields"]
    assert messages(b"# only a comment\n") == ["f.yaml:1:1: the file is empty; expected a mapping of fields"]
    deep = b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n"
    (message,) = messages(deep)
    assert "nested" in message


def test_read_yaml_size_limit_and_missing_file(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(50_000_000)
    with pytest.raises(DataError) as info:
        read_yaml(big, "big.yaml")
    assert str(info.value) == "big.yaml: file is 50,000,000 bytes; sheetgen reads files of at most 2,000,000 bytes"
    with pytest.raises(DataError, match="no such file"):
        read_yaml(tmp_path / "nope.yaml", "nope.yaml")


def test_format_path() -> None:
    assert format_path(("rooms", 2, "exits", 0)) == "rooms[2].exits[0]"
    assert format_path(()) == ""


SHIPPED = sorted((Path(__file__).resolve().parent.parent / "sheetgen").glob("*/*.yaml")) + sorted(
    (Path(__file__).resolve().parent / "data" / "packs").glob("*.yaml")
)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_libyaml_and_python_read_a_file_alike(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Files are read with libyaml's parser where PyYAML has it, else in Python: the same values, and
    the same line and column for every value and key."""
    from sheetgen.load import yamlread

    fast = read_yaml(path)
    monkeypatch.setattr(yamlread, "_Loader", yamlread._StrictLoader)
    slow = read_yaml(path)
    assert (fast.data, fast.values, fast.keys) == (slow.data, slow.values, slow.keys)


def test_a_yaml_error_reads_the_same_with_either_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    from sheetgen.load import yamlread

    def read() -> list[object]:
        bad = [b"a:\n\tb: 1\n", b"a: [1, 2\nb: 3\n", b"a: 1\na: 2\n", b"x: &a 1\ny: *a\n", b"a:\n  b: 1\n  c\n"]
        return [messages(raw) for raw in bad] + [parse_yaml(b"a: !!str 12\nb: 7\n", "f.yaml").data]

    fast = read()
    monkeypatch.setattr(yamlread, "_Loader", yamlread._StrictLoader)
    assert fast == read()


@pytest.mark.parametrize(
    ("problem", "context", "said"),
    [("found a thing", "while reading", "YAML syntax: found a thing"), (None, None, "YAML syntax: not valid YAML")],
)
def test_a_yaml_error_without_a_place_is_told_for_the_whole_file(
    problem: str | None, context: str | None, said: str
) -> None:
    """PyYAML's own errors carry the place they were found; one without (a loader's error raised with no
    mark) is still told, at the file, in PyYAML's words."""
    import yaml

    from sheetgen.load.yamlread import _yaml_problem

    found = _yaml_problem(yaml.MarkedYAMLError(context, None, problem, None), "f.yaml")
    assert str(found) == f"f.yaml: {said}"


def test_a_yaml_error_with_only_its_contexts_place_is_told_there() -> None:
    import yaml

    from sheetgen.load.yamlread import _yaml_problem

    mark = yaml.Mark("f.yaml", 0, 2, 4, "", 0)
    found = _yaml_problem(yaml.MarkedYAMLError("while reading", mark, "found a thing", None), "f.yaml", ["a\n"] * 3)
    assert str(found) == "f.yaml:3:5: YAML syntax: found a thing (while reading)"
