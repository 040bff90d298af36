"""Faults: a run killed at any moment leaves the previous file or the whole new one, never part of one,
and no temporary files; and nothing is written outside the destination folder, whatever the data says.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from pdfcheck import read_pdf
from test_bad_inputs import CASES_DIR, sheetgen_env

from sheetgen.errors import OutputError
from sheetgen.output import STALE_SECONDS, check_destination, safe_name, write_atomic

EPOCH = "1700000000"  # pins the packet's date, so the same seed gives the same bytes


def env() -> dict[str, str]:
    return {**sheetgen_env(), "SOURCE_DATE_EPOCH": EPOCH}


def sheetgen(args: list[str], cwd: Path, **extra_env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, env={**env(), **extra_env},
                          capture_output=True, text=True, timeout=300, check=False)


def every_file(folder: Path) -> dict[str, bytes | None]:
    return {p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))}


def temporary_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part"))


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    """A two-room site played with a one-page pack: a packet of a few pages, built in a second or two."""
    (tmp_path / "tiny-pack.yaml").write_bytes((CASES_DIR / "good-pack.yaml").read_bytes())
    site = (CASES_DIR / "good-site.yaml").read_text(encoding="utf-8")
    (tmp_path / "site.yaml").write_text(site.replace("system: dungeon-turn", "system: tiny-pack.yaml"),
                                        encoding="utf-8")
    return tmp_path


# --- killed while building ----------------------------------------------------------------------


@pytest.mark.slow
def test_a_packet_killed_at_any_moment_leaves_the_old_file_or_the_whole_new_one(small_site: Path) -> None:
    folder = small_site
    started = time.perf_counter()
    done = sheetgen(["packet", "site.yaml", "--seed", "1", "-q", "-o", "out.pdf"], folder)
    build = time.perf_counter() - started
    assert done.returncode == 0, done.stderr
    previous = (folder / "out.pdf").read_bytes()
    done = sheetgen(["packet", "site.yaml", "--seed", "2", "-q", "-o", "new.pdf"], folder)
    assert done.returncode == 0, done.stderr
    new = (folder / "new.pdf").read_bytes()
    (folder / "new.pdf").unlink()
    assert new != previous
    pages = len(read_pdf(new).pages)
    before = set(every_file(folder))

    # early, mid-build, and as late as the writing itself
    delays = [0.2, 0.5, 1.0, *(build * f for f in (0.6, 0.75, 0.85, 0.95, 1.05))]
    outcomes = []
    for delay in delays:
        (folder / "out.pdf").write_bytes(previous)
        process = subprocess.Popen([sys.executable, "-m", "sheetgen", "packet", "site.yaml", "--seed", "2", "-q",
                                    "-o", "out.pdf"], cwd=folder, env=env(), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        data = (folder / "out.pdf").read_bytes()
        if data == previous:
            outcomes.append("previous")
        else:
            assert data == new, f"killed after {delay:.2f} s: out.pdf is neither the old file nor the new one"
            assert len(read_pdf(data).pages) == pages
            outcomes.append("new")
        assert temporary_files(folder) == [], f"killed after {delay:.2f} s"
        assert set(every_file(folder)) == before
    assert outcomes[0] == "previous"  # 0.2 s is too early to have written anything
    times = ", ".join(f"{d:.2f}" for d in delays)
    print(f"\nkilled after {times} s: {', '.join(outcomes)}")


KILLER = textwrap.dedent("""
    # Runs sheetgen and kills itself with SIGKILL at one moment of sheetgen.output.write_atomic.
    import os, signal, sys
    import sheetgen.output as output

    moment = sys.argv[1]
    if moment.startswith("named-"):  # as where the system has no O_TMPFILE
        output._write_unnamed = lambda folder, name, data: None
        moment = moment.removeprefix("named-")

    def killing(real):
        def call(*args, **kwargs):
            if sys._getframe(1).f_globals.get("__name__") == "sheetgen.output":
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **kwargs)
        return call

    if moment == "writing":  # the data is in the temporary file but not yet on disk or renamed
        os.fsync = killing(os.fsync)
    elif moment == "renaming":  # the temporary file is complete and named, but not renamed into place
        os.replace = killing(os.replace)
    sys.argv = ["sheetgen", *sys.argv[2:]]
    from sheetgen.cli import main
    main()
""")


def killed_run(folder: Path, moment: str) -> int:
    (folder / "killer.py").write_text(KILLER, encoding="utf-8")
    done = subprocess.run([sys.executable, "killer.py", moment, "cards", "site.yaml", "-o", "out/cards.pdf"],
                          cwd=folder, env=env(), capture_output=True, text=True, timeout=120, check=False)
    (folder / "killer.py").unlink()
    return done.returncode


@pytest.mark.parametrize("moment", ["writing", "renaming", "named-writing", "named-renaming"])
def test_killed_while_writing(small_site: Path, moment: str) -> None:
    """Killed at the worst moments of the write: the previous file stays whole. A temporary file can be
    left only by a kill in the instant between naming and renaming it, or where the system cannot make
    unnamed files; the next run for the same file removes it once it is stale."""
    folder = small_site
    (folder / "out").mkdir()
    previous = b"%PDF-1.7\n% previous cards\n%%EOF\n"
    (folder / "out" / "cards.pdf").write_bytes(previous)
    assert killed_run(folder, moment) == -signal.SIGKILL
    assert (folder / "out" / "cards.pdf").read_bytes() == previous
    left = temporary_files(folder)
    if moment == "writing":
        assert left == [], "an unnamed temporary file must vanish with the process"
        return
    assert len(left) == 1 and left[0].startswith(".cards.pdf.") and left[0].endswith(".part")
    stray = folder / "out" / left[0]

    # a run while the temporary file is fresh leaves it (it could be another run's, still writing)
    done = sheetgen(["cards", "site.yaml", "-o", "out/cards.pdf"], folder)
    assert done.returncode == 0, done.stderr
    assert temporary_files(folder) == left
    # once it is stale, the next run for the same file removes it, and only it
    old = time.time() - STALE_SECONDS - 5
    os.utime(stray, (old, old))
    (folder / "out" / ".other.pdf.abc.part").write_bytes(b"not ours")
    os.utime(folder / "out" / ".other.pdf.abc.part", (old, old))
    done = sheetgen(["cards", "site.yaml", "-o", "out/cards.pdf"], folder)
    assert done.returncode == 0, done.stderr
    assert temporary_files(folder) == [".other.pdf.abc.part"]
    assert read_pdf((folder / "out" / "cards.pdf").read_bytes()).pages


# --- write_atomic -----------------------------------------------------------------------------------


def test_write_atomic_replaces_whole_files_with_the_usual_mode(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    umask = os.umask(0o022)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # not the 0600 of a temporary file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]


def test_write_atomic_replaces_a_symlink_instead_of_writing_through_it(tmp_path: Path) -> None:
    outside = tmp_path / "outside.pdf"
    outside.write_bytes(b"keep me")
    (tmp_path / "dest").mkdir()
    link = tmp_path / "dest" / "sheet.pdf"
    link.symlink_to(outside)
    write_atomic(link, b"new")
    assert outside.read_bytes() == b"keep me"
    assert not link.is_symlink() and link.read_bytes() == b"new"


def test_write_atomic_refuses_devices_and_pipes(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(OutputError, match="is not a regular file"):
        write_atomic(tmp_path / "pipe", b"x")
    link = tmp_path / "null.pdf"
    link.symlink_to(os.devnull)
    with pytest.raises(OutputError, match="is not a regular file"):
        check_destination(link)
    assert link.is_symlink()


# --- nothing outside the destination folder -----------------------------------------------------

PATHLIKE = textwrap.dedent("""
    site: "../../x/ Evil / Site\\\\name .."
    system: tiny-pack.yaml
    author: "/etc/passwd"
    rooms:
      - {key: "../../x", name: "../../etc/passwd", exits: ["/tmp/y"]}
      - {key: "/tmp/y", name: "C:\\\\Windows\\\\win.ini", exits: ["../../x"]}
    statblocks:
      - {id: rat, name: "../rat", description: "~/.ssh/id_rsa"}
""").lstrip()


@pytest.mark.slow
def test_nothing_is_written_outside_the_output_folder(small_site: Path) -> None:
    """Room keys, names and a site name that look like paths go into no file name; the default output
    is output/<file name made safe>-<sheet>.pdf. The only other file written is the cache of reference
    pages (kept here for the test), named by a hash."""
    folder = small_site / "work"
    folder.mkdir()
    for name in ("tiny-pack.yaml",):
        (folder / name).write_bytes((small_site / name).read_bytes())
    site_name = "..Weird Name; rm -rf.yaml"
    (folder / site_name).write_text(PATHLIKE, encoding="utf-8")
    before = every_file(small_site)
    for command in (["cards", site_name], ["packet", site_name, "--seed", "4", "-q"]):
        done = sheetgen(command, folder, SHEETGEN_CACHE_DIR=str(small_site / "cache"))
        assert done.returncode == 0, done.stderr
    after = every_file(small_site)
    new = sorted(set(after) - set(before))
    slug = safe_name(Path(site_name).stem)
    assert slug == "weird-name-rm--rf"
    cache = [name for name in new if name.startswith("cache")]
    assert cache[:1] == ["cache"] and all(re.fullmatch(r"cache/reference-[0-9a-f]{40}\.bin", name)
                                          for name in cache[1:])
    assert [name for name in new if name not in cache] == [
        "work/output", f"work/output/{slug}-cards.pdf", f"work/output/{slug}-packet.pdf"]
    assert {k: v for k, v in after.items() if k in before} == before


def test_a_site_name_with_a_nul_is_refused(small_site: Path) -> None:
    (small_site / "nul.yaml").write_text(PATHLIKE.replace("Evil", "Evil\\0"), encoding="utf-8")
    before = every_file(small_site)
    done = sheetgen(["cards", "nul.yaml"], small_site)
    assert done.returncode == 2
    assert done.stderr == ("error: nul.yaml:1:7: site: the text holds a NUL character (written as an escape "
                           "such as \\0 or \\e); remove it\n")
    assert every_file(small_site) == before
