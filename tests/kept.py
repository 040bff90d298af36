"""Text kept in tests/goldens/: what a test made, compared line by line with what was kept when it was last
checked, or written anew with ``pytest --update-goldens`` (then read the diff before committing it)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest


def as_kept(actual: list[str], golden: Path, request: pytest.FixtureRequest, what: str) -> None:
    """*actual* against the lines kept in *golden*; on a difference, fail with the first lines that differ,
    saying *what* differs ("the marks of tracker-dungeon-turn")."""
    if request.config.getoption("--update-goldens"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text("\n".join(actual) + "\n", encoding="utf-8")
        return
    assert golden.exists(), f"nothing kept in {golden}: run pytest with --update-goldens and check what it wrote"
    expected = golden.read_text(encoding="utf-8").splitlines()
    if actual != expected:
        diff = list(difflib.unified_diff(expected, actual, "kept", "now", n=1, lineterm=""))
        pytest.fail(f"{what} differ from {golden.name} (- kept, + now):\n" + "\n".join(diff[:60]))
