"""Commands that draw nothing start fast: they never import a renderer or a PDF library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "sheetgen" / "sites" / "the-sunken-chapel.yaml"
HEAVY = ("weasyprint", "reportlab", "pypdf", "pypdfium2", "grandalf")

# Each test starts sheetgen in a subprocess, several of them in all.
pytestmark = pytest.mark.slow

# Runs the CLI in-process and, at exit, reports which of the heavy packages were imported.
SCRIPT = f"""
import atexit, json, sys
def report():
    loaded = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))
    sys.stderr.write('HEAVY ' + json.dumps(loaded) + '\\n')
atexit.register(report)
from sheetgen.cli import cli
cli(sys.argv[1:], prog_name='sheetgen')
"""


def heavy_imports(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, *args], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in done.stderr.splitlines() if line.startswith("HEAVY ")]
    loaded: list[str] = json.loads(line.removeprefix("HEAVY "))
    return loaded


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["systems"],
        ["check", str(SITE)],
        ["odds", "dungeon-turn"],
        ["schema", "pack"],
        ["timetable", "site-alarm", "--format", "json", "--seed", "3"],
        ["timetable", "site-alarm", "--format", "csv", "--seed", "3"],
        ["export", str(SITE), "--to", "obsidian", "--seed", "3"],
        ["export", str(SITE), "--to", "foundry"],
        ["import", "watabou", str(ROOT / "tests" / "watabou" / "sample-1.json")],
    ],
    ids=lambda args: " ".join(a if "/" not in a else Path(a).name for a in args),
)
def test_commands_that_draw_nothing_import_no_renderer(args: list[str], tmp_path: Path) -> None:
    if args[0] == "timetable":
        args = [*args, "-o", str(tmp_path / f"timetable.{args[3]}")]
    if args[0] in ("export", "import"):
        args = [*args, "-o", str(tmp_path / "out") + ("/" if args[-1] == "foundry" else ".txt")]
    assert heavy_imports(*args) == []


def test_the_check_sees_a_renderer_when_one_is_imported(tmp_path: Path) -> None:
    # the same check on a command that draws: it must see the renderer, or the tests above prove nothing
    loaded = heavy_imports("timetable", "site-alarm", "--seed", "3", "-o", str(tmp_path / "timetable.pdf"))
    assert "reportlab" in loaded


@pytest.mark.parametrize(
    "args",
    [
        ["new", "site", "{tmp}/site.yaml", "--system", "site-alarm"],
        ["new", "pack", "{tmp}/my-game.yaml", "--like", "encounter-clock"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_new_files_import_no_renderer(args: list[str], tmp_path: Path) -> None:
    assert heavy_imports(*(a.replace("{tmp}", str(tmp_path)) for a in args)) == []
