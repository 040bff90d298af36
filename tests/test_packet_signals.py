"""A packet ended by a signal leaves no temporary files: SIGTERM (to the packet or to one of its workers) ends it
cleanly, and the folder a SIGKILL leaves behind is swept by the next run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sheetgen import scratch

ROOT = Path(__file__).resolve().parent.parent

# Each test starts a packet in a subprocess, with no cache, so that its references are rendered.
pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform != "linux", reason="signals and /proc")]


def start_packet(tmp_path: Path) -> subprocess.Popen[str]:
    """`sheetgen packet` in a subprocess whose temporary folder is tmp_path/tmp."""
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp"), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "sheetgen", "packet", "--no-cache", "-q", "-o", str(tmp_path / "packet.pdf")],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def leftovers(tmp_path: Path) -> list[str]:
    return sorted(str(p.relative_to(tmp_path / "tmp")) for p in (tmp_path / "tmp").iterdir())


def rendering(tmp_path: Path, process: subprocess.Popen[str]) -> None:
    """Wait until the packet's workers have written font files (the references are being rendered)."""
    deadline = time.monotonic() + 30
    while not any((tmp_path / "tmp").glob(f"{scratch.PREFIX}*/weasyprint-*/*")):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no reference was rendered"
        time.sleep(0.02)


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def test_sigterm_ends_a_packet_cleanly(tmp_path: Path) -> None:
    process = start_packet(tmp_path)
    rendering(tmp_path, process)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 143
    assert stderr == "terminated; nothing was written.\n"
    assert leftovers(tmp_path) == []
    assert not (tmp_path / "packet.pdf").exists()


def test_sigterm_to_a_worker_leaves_no_files(tmp_path: Path) -> None:
    process = start_packet(tmp_path)
    rendering(tmp_path, process)
    (worker, *_) = children(process.pid)
    os.kill(worker, signal.SIGTERM)
    process.communicate(timeout=30)
    assert process.returncode != 0
    assert leftovers(tmp_path) == []
    assert not (tmp_path / "packet.pdf").exists()


def test_the_folder_a_sigkill_leaves_is_swept_by_the_next_run(tmp_path: Path) -> None:
    process = start_packet(tmp_path)
    rendering(tmp_path, process)
    process.kill()
    process.wait(timeout=30)
    time.sleep(0.5)  # its workers die with it
    (left,) = leftovers(tmp_path)
    assert left.startswith(f"{scratch.PREFIX}{process.pid}-")
    again = start_packet(tmp_path)
    again.communicate(timeout=120)
    assert again.returncode == 0
    assert leftovers(tmp_path) == []
    assert (tmp_path / "packet.pdf").exists()
