"""What the costliest input within sheetgen's limits costs a whole command, measured in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from costly_inputs import LONG_ROOMS, long_rooms_site
from pypdf import PdfReader

from sheetgen import limits

ROOT = Path(__file__).resolve().parents[1]
MEMORY_MB = 200
"""The most memory one command may take (the largest of its processes, at its peak)."""


#: Runs a command and prints its peak resident set (wait4's ru_maxrss, which counts the processes it started
#: and waited for). It is started by a small process: a child forked from this test process (hundreds of
#: megabytes after other tests) would count this process's pages, held between the fork and the exec.
MEASURE = ("import os, subprocess, sys\n"
           "process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
           "_, status, usage = os.wait4(process.pid, 0)\n"
           "print(usage.ru_maxrss)\n"
           "sys.exit(os.waitstatus_to_exitcode(status))\n")


def peak_mb(argv: list[str], cache: Path) -> float:
    """The largest peak resident set of *argv*'s processes, in megabytes; the command must succeed."""
    env = {**os.environ, "SHEETGEN_CACHE_DIR": str(cache),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with tempfile.TemporaryFile() as err:
        done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "sheetgen", *argv], env=env,
                              stdout=subprocess.PIPE, stderr=err, check=False)
        err.seek(0)
        assert done.returncode == 0, err.read().decode()
    return int(done.stdout) / 1024


@pytest.mark.slow
def test_a_packet_of_rooms_each_as_long_as_a_room_may_be_takes_under_200_mb(tmp_path: Path) -> None:
    """Twelve rooms of nearly MAX_CARD_TEXT characters of prose each, every word a new one: each split of a
    paragraph between cards sets its rest again, and what is kept of those settings is bounded by its
    characters, not by how many there are (it took 250 MB when it was not)."""
    site = long_rooms_site(tmp_path / "long.yaml")
    out = tmp_path / "packet.pdf"
    peak = peak_mb(["packet", str(site), "-q", "--seed", "1", "-o", str(out)], tmp_path / "cache")
    assert peak < MEMORY_MB
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert all(f"Room {key}" in text for key in range(1, LONG_ROOMS + 1))
    assert len(site.read_text(encoding="utf-8")) // LONG_ROOMS > limits.MAX_CARD_TEXT - 400


@pytest.mark.slow
def test_the_benchmark_s_cost_bounds_run_and_print_a_row_for_each_command(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/benchmarks/run.py --only bounds, on small inputs of the same kinds: each command runs in its own
    process, and its row holds its time and memory against the bars."""
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
        # (the largest process's peak counts this process's pages, forked with it: only the sampled sum is small)
        assert 0 < row.median < run.BOUND_SECONDS and row.peak_kb > 0 and 0 < row.tree_kb < run.BOUND_MB * 1024
    assert "3 full-page fills" in rows[3].what
    table = run.table(rows)
    assert "bar 10.000" in table and "cost bounds (bars: 10 s, 200 MB; one run each):" in table
