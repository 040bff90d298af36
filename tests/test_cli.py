"""The CLI contract: commands, exit codes, exact messages, help with examples, README coverage."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.errors import DataError
from sheetgen.load.catalogue import listed_packs, one_line

ROOT = Path(__file__).resolve().parent.parent
Write = Callable[[str, str], Path]


def test_systems_lists_the_packs_by_shelf(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["systems"])
    assert result.exit_code == 0, result.output
    head, *groups, variants, languages = result.output.split("\n\n")
    assert head.split() == ["ID", "NAME", "TIME", "UNIT", "TEXT", "CHECK"]
    shelved = {
        group.splitlines()[0]: [line.split()[0] for line in group.splitlines()[1:] if not line.startswith(" ")]
        for group in groups
    }
    assert shelved == {
        "DUNGEONS": [
            "bx-dungeon",
            "danger-rounds",
            "derelict-crawl",
            "dungeon-turn",
            "encounter-clock",
            "site-alarm",
            "tension-dice",
            "usage-dice",
        ],
        "WILDERNESS": ["wilderness-watches"],
        "ENCOUNTER RULES": ["encounter-reaction"],
    }
    assert "  dungeon-turn --variant fast-turns: Optional Variant: Fast Turns" in variants.splitlines()
    assert "1d6 + Escalation: danger on a total of 6 or higher; every dungeon turn (10 minutes)" in result.output
    assert (
        "d10: immediate random encounter on a result at or below the Alarm value; every exploration round (30 minutes)"
    ) in result.output
    assert "exploration round (30 min)" in result.output
    assert languages.splitlines() == [
        "LANGUAGES (give --language TAG to odds, timetable, reference, tracker, cards, map, packet, export, check)",
        "  a pack's own text: as its author wrote it, in its TEXT language (en)",
        "  sheetgen's words, for every pack: en, de, es, fr, pl",
    ]


def test_systems_says_the_language_of_each_packs_text(runner: CliRunner, tmp_path: Path) -> None:
    source = (ROOT / "sheetgen" / "rules" / "dungeon-turn.yaml").read_text(encoding="utf-8")
    assert "\nlanguage:" not in source
    (tmp_path / "meine.yaml").write_text(
        source.replace("id: dungeon-turn", "id: meine-runden\nlanguage: de", 1), encoding="utf-8"
    )
    result = runner.invoke(cli, ["systems", "--rules", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split() for line in result.output.splitlines() if line[:1].isalpha()}
    assert rows["meine-runden"][:6] == ["meine-runden", "Dungeon", "Turns", "dungeon", "turn", "(10"]
    assert rows["meine-runden"][7] == "de"
    assert rows["dungeon-turn"][7] == "en"
    assert "  a pack's own text: as its author wrote it, in its TEXT language (de, en)" in result.output.splitlines()


def test_systems_with_a_rules_folder(runner: CliRunner, tmp_path: Path) -> None:
    source = (ROOT / "sheetgen" / "rules" / "dungeon-turn.yaml").read_text(encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(source.replace("id: dungeon-turn", "id: my-turns"), encoding="utf-8")
    result = runner.invoke(cli, ["systems", "--rules", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert any(line.startswith("my-turns ") for line in result.output.splitlines())


def test_systems_with_a_rules_file_instead_of_a_folder(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text("kind: pack\n", encoding="utf-8")
    result = runner.invoke(cli, ["systems", "--rules", str(tmp_path / "mine.yaml")])
    assert result.exit_code == 2 and "is a file" in result.output
    with pytest.raises(DataError) as refused:  # the library says so too, to a caller that is not the command
        listed_packs(tmp_path / "mine.yaml")
    assert str(refused.value) == f"--rules: {tmp_path / 'mine.yaml'} is not a folder"


def test_a_packs_summary_is_its_first_sentence_cut_at_a_word() -> None:
    assert one_line("Dungeon turns of **10 minutes**. Then more.") == "Dungeon turns of 10 minutes."
    assert one_line("") == ""
    assert one_line("x" * 100) == "x" * 100 + "."
    assert one_line("word " * 20 + "x" * 5) == ("word " * 20).strip() + " \u2026"  # 105 characters
    assert one_line("a b c d e f", most=5) == "a b \u2026"


def test_check_ok_and_all_problems(runner: CliRunner, write: Write) -> None:
    good = write("good.yaml", "site: A\nsystem: dungeon-turn\nrooms:\n  - {key: 1, name: Hall}\n")
    bad = write(
        "bad.yaml",
        "site: A\nsystem: dungeon-turn\nrooms:\n  - {key: 1, name: Hall, exits: [2]}\n  - {key: 3, nmae: Cellar}\n",
    )
    result = runner.invoke(cli, ["check", str(good)])
    assert result.exit_code == 0
    assert result.output.endswith("ok (site 'A', 1 room, pack dungeon-turn)\n")
    result = runner.invoke(cli, ["check", str(good), str(bad)])
    assert result.exit_code == 2
    errors = [line.removeprefix("error: ").replace(str(bad.parent) + "/", "") for line in result.stderr.splitlines()]
    assert errors == [
        "bad.yaml:5:5: rooms[1].name: required field is missing",
        'bad.yaml:5:14: rooms[1].nmae: unknown field "nmae" (did you mean "name"?)',
        "2 problems; nothing was written.",
    ]


def test_check_reports_problems_of_every_file(runner: CliRunner, write: Write) -> None:
    one = write("one.yaml", "site: A\nsystem: nope\nrooms:\n  - {key: 1, name: Hall}\n")
    two = write("two.yaml", "- just\n- a list\n")
    result = runner.invoke(cli, ["check", str(one), str(two)])
    assert result.exit_code == 2
    assert 'one.yaml:2:9: system: no built-in pack "nope"' in result.stderr
    assert "two.yaml:1:1: expected a mapping of fields (name: value) at the top, found a list" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("which", ["pack", "site", "timetable"])
def test_schema(runner: CliRunner, which: str) -> None:
    result = runner.invoke(cli, ["schema", which])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["$schema"].endswith("2020-12/schema")
    required = {
        "pack": {"kind", "id", "name", "time", "reference"},
        "site": {"site", "system", "rooms"},
        "timetable": {"seed", "rows", "deck"},
    }
    assert required[which] <= set(schema["required"])


def test_bad_usage_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["schema", "dungeon"])
    assert result.exit_code == 2
    assert "Invalid value for '{pack|site|timetable}'" in result.output


def test_every_command_has_help_with_an_example_and_is_in_the_readme(runner: CliRunner) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in cli.commands:
        result = runner.invoke(cli, [name, "--help"])
        assert result.exit_code == 0, name
        assert "Example" in result.output, f"{name} --help has no example"
        assert f"sheetgen {name}" in readme, f"README does not document `sheetgen {name}`"


def test_version_and_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "sheetgen", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.strip().startswith("sheetgen, version ")


# The program as its console script runs it, with an exit function registered first, as a library would.
PROGRAM = """
import atexit, sys
atexit.register(lambda: print("exit functions ran"))
from sheetgen.cli import main
sys.argv[0] = "sheetgen"
main()
"""


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (["schema", "pack"], 0, ""),
        (["check", "no-such-site.yaml"], 2, "error: no-such-site.yaml: no such file; check the path\n"),
        (["--no-such-option"], 2, "Error: No such option '--no-such-option'.\n"),
    ],
)
def test_the_program_ends_with_its_status_its_exit_functions_run_and_its_output_whole(
    args: list[str], status: int, said: str, tmp_path: Path
) -> None:
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, *args], capture_output=True, text=True, check=False, cwd=tmp_path, env=buffered
    )
    assert done.returncode == status, done.stderr
    assert done.stdout.endswith("exit functions ran\n")
    assert done.stderr.endswith(said)
    if status == 0:  # a long output, written to a pipe, arrives whole before the exit functions' line
        assert "Action" in json.loads(done.stdout.removesuffix("exit functions ran\n"))["$defs"]


def test_an_output_file_in_the_way_of_the_output_folder(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").write_text("not a folder")
    result = runner.invoke(cli, ["cards", "the-sunken-chapel"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: output is a file, so sheetgen cannot write into an output/ folder here; "
        "move the file away or give -o FILE\n"
    )
