"""The import rules of docs/architecture.md hold: import-linter's contracts in pyproject.toml (the stages'
layers, what load/ and export/ may use, no circle inside a folder) are kept, and a change that breaks one
is caught."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(package_parent: Path, *, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """lint-imports with the contracts of pyproject.toml, over the sheetgen package found in *package_parent*."""
    environment = {**os.environ, "PYTHONPATH": str(package_parent)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", str(ROOT / "pyproject.toml")],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_import_contracts_are_kept() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 4 kept, 0 broken." in done.stdout


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the sheetgen package's source, to break."""
    shutil.copytree(ROOT / "sheetgen", tmp_path / "sheetgen", ignore=shutil.ignore_patterns("__pycache__", "*.yaml"))
    return tmp_path


def _add_import(copy: Path, module: str, line: str) -> None:
    path = copy / "sheetgen" / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # the engine reading files: a later stage's import in an earlier one
        ("engine/types.py", "from sheetgen.load.files import load_pack", "The stages import one way"),
        # a layout laid out from a loader's object, as the cards were
        ("layout/cards.py", "from sheetgen.load import files", "The stages import one way"),
        # the model using the engine, as the dice were checked
        ("model/common.py", "from sheetgen.engine import dice", "The stages import one way"),
        # load/ wording a rule
        ("load/validate.py", "from sheetgen.words import numbers", "load/ reads files into models"),
        # export/ using a sheet's view
        ("export/roll20.py", "from sheetgen.sheets import views", "export/ takes the engine's results"),
        # two modules of one folder importing each other
        ("load/yamlread.py", "from sheetgen.load import files", "No circle of imports inside a folder"),
    ],
)
def test_a_broken_rule_is_caught(copy: Path, module: str, line: str, broken: str) -> None:
    _add_import(copy, module, line)
    done = lint_imports(copy, cwd=copy)
    assert done.returncode == 1, done.stdout + done.stderr
    # each broken contract is named under this heading (a line may also close a circle between folders)
    assert broken in done.stdout.partition("Broken contracts")[2], done.stdout
