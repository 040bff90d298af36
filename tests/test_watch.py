"""`sheetgen watch`: a rebuild on every save, problems as `check` prints them, the last good PDF kept, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pdfcheck import page_texts, read_pdf

from sheetgen.errors import DataError, Location, Problem
from sheetgen.packet.watch import Outcome, watch

REPO = Path(__file__).resolve().parent.parent
GOOD_SITE = (REPO / "tests" / "bad_inputs" / "good-site.yaml").read_text(encoding="utf-8")


def test_a_save_during_a_build_brings_another_build_and_problems_come_back_as_check_prints_them(tmp_path: Path) -> None:
    site, pack = tmp_path / "site.yaml", tmp_path / "pack.yaml"
    site.write_text("one")
    pack.write_text("pack")
    calls: list[str] = []

    def build() -> tuple[list[Path], list[Path]]:
        calls.append(site.read_text())
        if len(calls) == 1:
            site.write_text("two, saved while the first build ran")
            return [tmp_path / "out.pdf"], [site]
        raise DataError(
            [
                Problem(Location(str(pack), 3, 5, "check.roll"), "not dice"),
                Problem(Location(str(site), 1, 1, "rooms"), "no rooms"),
            ]
        )

    outcomes: list[Outcome] = []
    watch(build, site, outcomes.append, poll=0.01, rounds=2)
    assert calls == ["one", "two, saved while the first build ran"]
    assert outcomes[0].written == (tmp_path / "out.pdf",) and outcomes[0].problems == ()
    assert outcomes[1].written == ()
    assert outcomes[1].problems == (
        f"error: {pack}:3:5: check.roll: not dice",
        f"error: {site}:1:1: rooms: no rooms",
        "2 problems; nothing was written.",
    )
    # The pack file a problem is in is watched from then on, so fixing it brings a rebuild.
    assert set(outcomes[1].watched) == {site, pack}


def _wait_for(condition: Callable[[], bool], what: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def _save(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    # Some file systems stamp modification times coarsely; make each save visibly newer.
    later = time.time_ns() + 10_000_000
    os.utime(path, ns=(later, later))


def test_watch_rebuilds_on_save_keeps_the_last_good_pdf_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    site, out, errors = tmp_path / "site.yaml", tmp_path / "cards.pdf", tmp_path / "stderr.txt"
    site.write_text(GOOD_SITE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    with errors.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "watch", "site.yaml", "--sheet", "cards", "-o", str(out)],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
    try:
        _wait_for(out.exists, "the first PDF", process)
        first = out.read_bytes()
        assert "Cellar" in " ".join(page_texts(read_pdf(first)))

        _save(site, GOOD_SITE.replace("name: Cellar", "name: Flooded Cellar"))
        _wait_for(lambda: out.read_bytes() != first, "the rebuilt PDF", process)
        good = out.read_bytes()
        assert "Flooded Cellar" in " ".join(page_texts(read_pdf(good)))

        _save(site, GOOD_SITE.replace('exits: ["2"]', 'exits: ["7"]'))
        _wait_for(lambda: "not rebuilt" in errors.read_text(), "the problem report", process)
        checked = subprocess.run(
            [sys.executable, "-m", "sheetgen", "check", "site.yaml"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )
        assert checked.returncode == 2
        assert checked.stderr.splitlines()[0] in errors.read_text().splitlines()
        assert out.read_bytes() == good
    finally:
        process.send_signal(signal.SIGINT)
        stdout, _ = process.communicate(timeout=30)
    assert process.returncode == 0
    report = errors.read_text()
    assert report.rstrip().endswith("Stopped.")
    assert "Traceback" not in report
    assert stdout.decode().count(str(out)) == 2
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def _editor_save(path: Path, text: str) -> None:
    """As vim, VS Code and sed -i save: a new file beside it, renamed over it (the old inode is freed)."""
    new = path.with_name(f"{path.name}.new")
    new.write_text(text, encoding="utf-8")
    later = time.time_ns() + 10_000_000
    os.utime(new, ns=(later, later))
    os.replace(new, path)


def test_editor_saves_each_rebuild_and_a_background_watch_stops_on_sigint(tmp_path: Path) -> None:
    site, errors = tmp_path / "site.yaml", tmp_path / "stderr.txt"
    out = tmp_path / "output" / "site-cards.pdf"
    site.write_text(GOOD_SITE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}

    def ignore_sigint() -> None:  # as a shell starts a job with & in a script
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    with errors.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "watch", "site.yaml", "--sheet", "cards"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=stderr,
            preexec_fn=ignore_sigint,
        )
    try:
        _wait_for(out.exists, "the first PDF", process)
        for n in range(1, 4):
            before = out.read_bytes()
            _editor_save(site, GOOD_SITE.replace("name: Cellar", f"name: Cellar {n}"))

            def rebuilt(before: bytes = before) -> bool:
                return out.read_bytes() != before

            _wait_for(rebuilt, f"rebuild {n}", process)
            assert f"Cellar {n}" in " ".join(page_texts(read_pdf(out.read_bytes())))
        assert "error" not in errors.read_text()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    assert process.returncode == 0
    assert errors.read_text().rstrip().endswith("Stopped.")


def test_watch_refuses_an_unknown_sheet() -> None:
    from click.testing import CliRunner

    from sheetgen.cli import cli

    result = CliRunner().invoke(cli, ["watch", "the-sunken-chapel", "--sheet", "poster"])
    assert result.exit_code == 2
    assert "'poster' is not one of" in result.output
