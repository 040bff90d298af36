"""What the costliest input within sheetgen's limits costs a whole command, measured in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from costly_sites import LONG_ROOMS, long_rooms_site
from pypdf import PdfReader

from sheetgen import limits

ROOT = Path(__file__).resolve().parents[1]
MEMORY_MB = 200
"""The most memory one command may take (the largest of its processes, at its peak)."""


def peak_mb(argv: list[str], cache: Path) -> float:
    """The largest peak resident set of *argv*'s processes (wait4's ru_maxrss, which counts the processes it
    started and waited for), in megabytes; the command must succeed."""
    env = {**os.environ, "SHEETGEN_CACHE_DIR": str(cache),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with tempfile.TemporaryFile() as err:
        process = subprocess.Popen([sys.executable, "-m", "sheetgen", *argv], env=env, stdout=subprocess.DEVNULL,
                                   stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        err.seek(0)
        assert os.waitstatus_to_exitcode(status) == 0, err.read().decode()
    return usage.ru_maxrss / 1024


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
