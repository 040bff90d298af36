"""What an imported map writes into a site file stays what it is: a comment stays one comment, a quoted
text stays one scalar, and hostile JSON (line breaks in the version, infinite numbers, half characters)
is refused or written harmlessly, never a crash and never YAML structure."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.cli import cli
from sheetgen.importers.site_file import comment
from sheetgen.importers.watabou_json import clean
from sheetgen.load.files import load_site
from sheetgen.load.yamlread import parse_yaml
from sheetgen.yamltext import quoted

TEXT = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=200)
BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


@given(TEXT)
def test_a_comment_is_one_comment_whatever_its_text(text: str) -> None:
    line = comment(text)
    assert not any(ch in line for ch in BREAKS)
    doc = parse_yaml(f"a: 1 {line}\nb: 2\n".encode(), "x.yaml")
    assert doc.data == {"a": 1, "b": 2}


@given(TEXT)
def test_a_quoted_text_reads_back_as_itself(text: str) -> None:
    """Any text as the importer keeps it (its control characters made spaces, line breaks \\n)."""
    kept = clean(text)
    doc = parse_yaml(f"a: {quoted(kept)}\nb: 2\n".encode(), "x.yaml")
    assert doc.data == {"a": kept, "b": 2}


MAP = {
    "title": "The Crypt",
    "story": "A story.",
    "rects": [{"x": 0, "y": 0, "w": 3, "h": 3}],
    "doors": [],
    "notes": [{"text": "A hall.", "ref": "1", "pos": {"x": 1, "y": 1}}],
}
INJECTED = "1{br}wandering: {{roll: 1d1, entries: [{{roll: 1, name: Red Dragon, appearing: 1000d1000}}]}}{br}#"


def run(tmp_path: Path, data: dict[str, object], name: str = "map") -> tuple[int, str, Path]:
    source = tmp_path / f"{name}.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / f"{name}.yaml"
    done = CliRunner().invoke(cli, ["import", "watabou", str(source), "-o", str(out), "--force"])
    return done.exit_code, done.output, out


def test_a_line_break_in_the_version_writes_no_yaml(tmp_path: Path) -> None:
    for n, br in enumerate(("\n", "\r", "\u2028", "\x85")):
        code, output, out = run(
            tmp_path, {**MAP, "version": INJECTED.format(br=br), "title": f"T{br}author: x"}, f"map{n}"
        )
        assert code == 0, output
        loaded = load_site(str(out))
        assert loaded.site.wandering is None and loaded.site.author is None, repr(br)
        assert loaded.site.site == "T author: x"
        assert "Red Dragon" in out.read_text().splitlines()[0]  # kept, as words in the comment


def test_an_infinite_coordinate_is_refused_at_its_path(tmp_path: Path) -> None:
    source = tmp_path / "map.json"
    source.write_text('{"rects": [{"x": 1e400, "y": 0, "w": 3, "h": 3}], "doors": [], "notes": []}')
    done = CliRunner().invoke(cli, ["import", "watabou", str(source), "-o", str(tmp_path / "s.yaml")])
    assert done.exit_code == 2
    assert "map.json: rects[0].x: inf is beyond 100,000 squares; not a map sheetgen can read" in done.output
    assert not (tmp_path / "s.yaml").exists()


def test_half_a_character_is_refused_at_its_path(tmp_path: Path) -> None:
    source = tmp_path / "map.json"
    source.write_text(
        '{"title": "a\\ud800b", "rects": [{"x": 0, "y": 0, "w": 3, "h": 3}], "doors": [], '
        '"notes": [{"text": "x\\udfff", "ref": "1", "pos": {"x": 1, "y": 1}}]}'
    )
    done = CliRunner().invoke(cli, ["import", "watabou", str(source), "-o", str(tmp_path / "s.yaml")])
    assert done.exit_code == 2
    assert "map.json: title: holds \\ud800, half of a character (a lone surrogate): not text" in done.output
    assert "map.json: notes[0].text: holds \\udfff" in done.output


def test_a_map_too_large_to_walk_is_refused_at_once(tmp_path: Path) -> None:
    source = tmp_path / "map.json"
    source.write_text(
        json.dumps(
            {**MAP, "rects": [{"x": 0, "y": 0, "w": 3, "h": 3}, {"x": -100000, "y": -100000, "w": 100000, "h": 100000}]}
        )
    )
    done = CliRunner().invoke(cli, ["import", "watabou", str(source), "-o", str(tmp_path / "s.yaml")])
    assert done.exit_code == 2
    assert (
        "map.json: rects[1]: the rects up to this one cover 10,000,000,009 squares; sheetgen reads maps of at "
        "most 1,000,000"
    ) in done.output
