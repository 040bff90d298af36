"""What the costliest input within sheetgen's limits costs a whole command, measured in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from costly_inputs import LONG_ROOMS, long_rooms_site
from pypdf import PdfReader

from sheetgen import limits

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_packet_of_rooms_each_as_long_as_a_room_may_be_is_whole(tmp_path: Path) -> None:
    """Twelve rooms of nearly MAX_CARD_TEXT characters of prose each, every word a new one, built by the
    command in a process of its own: every room is in the packet. (What it costs, time and peak memory
    against the bars of 10 s and 200 MB, is the benchmark's: `tests/benchmarks/run.py --only bounds`.)"""
    site = long_rooms_site(tmp_path / "long.yaml")
    out = tmp_path / "packet.pdf"
    env = {
        **os.environ,
        "SHEETGEN_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    done = subprocess.run(
        [sys.executable, "-m", "sheetgen", "packet", str(site), "-q", "--seed", "1", "-o", str(out)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert all(f"Room {key}" in text for key in range(1, LONG_ROOMS + 1))
    assert len(site.read_text(encoding="utf-8")) // LONG_ROOMS > limits.MAX_CARD_TEXT - 400


@pytest.mark.slow
def test_the_benchmark_s_cost_bounds_run_and_print_a_row_for_each_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/benchmarks/run.py --only bounds, on small inputs of the same kinds: each command runs in its own
    process, and its row holds its time and memory beside the bars."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("benchmark_run", ROOT / "tests" / "benchmarks" / "run.py")
    assert spec is not None and spec.loader is not None
    run = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "benchmark_run", run)  # its dataclasses look their module up
    spec.loader.exec_module(run)
    rows = run.bounds(sys.executable, tmp_path, run.base_env(), tiny=True)
    commands = [row.what.split(":")[0].strip().split()[0] for row in rows[1:]]
    assert commands == ["preview"] * 4 + ["import", "odds", "packet"]
    for row in rows[1:]:
        assert row.floor == "bar" and row.floor_seconds == run.BOUND_SECONDS
        # measured, not judged: a process started from a large one (a test runner) reports at least its
        # parent's resident set at the fork as its peak, so the bars are for the benchmark run on its own
        assert row.median > 0 and row.peak_kb > 0
    assert "3 full-page fills" in rows[3].what
    table = run.table(rows)
    assert "bar 10.000" in table and "cost bounds (bars: 10 s, 200 MB; one run each):" in table
