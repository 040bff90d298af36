"""The code stays as pyproject.toml configures it: ruff-clean, formatted by `ruff format`, and mypy-strict on the
library and its tests."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "sheetgen", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_as_ruff_format_writes_it() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "sheetgen", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean_on_the_library_and_the_tests() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    # every module of the library and of the tests, as pyproject.toml's `files` says
    checked = re.search(r"in (\d+) source files", done.stdout)
    assert checked is not None, done.stdout
    assert int(checked.group(1)) == sum(len(list((ROOT / top).rglob("*.py"))) for top in ("sheetgen", "tests"))
