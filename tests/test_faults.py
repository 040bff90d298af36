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
    return subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        cwd=cwd,
        env={**env(), **extra_env},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def every_file(folder: Path) -> dict[str, bytes | None]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))
    }


def temporary_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part"))


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    """A two-room site played with a one-page pack: a packet of a few pages, built in a second or two."""
    (tmp_path / "tiny-pack.yaml").write_bytes((CASES_DIR / "good-pack.yaml").read_bytes())
    site = (CASES_DIR / "good-site.yaml").read_text(encoding="utf-8")
    (tmp_path / "site.yaml").write_text(
        site.replace("system: dungeon-turn", "system: tiny-pack.yaml"), encoding="utf-8"
    )
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
        process = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "packet", "site.yaml", "--seed", "2", "-q", "-o", "out.pdf"],
            cwd=folder,
            env=env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
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
        output._write_unnamed = lambda *args: None
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
    done = subprocess.run(
        [sys.executable, "killer.py", moment, "cards", "site.yaml", "-o", "out/cards.pdf"],
        cwd=folder,
        env=env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    (folder / "killer.py").unlink()
    return done.returncode


@pytest.mark.slow
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
    is output/<file name made safe>-<sheet>.pdf. The only other files written are the cache's entries
    (reference pages, trackers and cards; kept here for the test), named by a hash."""
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
    entry = r"cache/(reference|reference-part|trackers|cards|card-fit|site)-[0-9a-f]{40}\.bin"
    assert cache[:1] == ["cache"] and all(re.fullmatch(entry, name) for name in cache[1:])
    assert [name for name in new if name not in cache] == [
        "work/output",
        f"work/output/{slug}-cards.pdf",
        f"work/output/{slug}-packet.pdf",
    ]
    assert {k: v for k, v in after.items() if k in before} == before


def test_a_site_name_with_a_nul_is_refused(small_site: Path) -> None:
    (small_site / "nul.yaml").write_text(PATHLIKE.replace("Evil", "Evil\\0"), encoding="utf-8")
    before = every_file(small_site)
    done = sheetgen(["cards", "nul.yaml"], small_site)
    assert done.returncode == 2
    assert done.stderr == (
        "error: nul.yaml:1:7: site: the text holds a NUL character (written as an escape "
        "such as \\0 or \\e); remove it\n"
    )
    assert every_file(small_site) == before


# --- workers die with their parent --------------------------------------------------------------


def descendants(pid: int) -> set[int]:
    """Every living process below *pid*, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_no_worker_outlives_a_killed_packet(small_site: Path, tmp_path: Path) -> None:
    """kill -9 at random moments of packets whose reference pages render in worker processes: within two
    seconds, nothing the packet started is still running."""
    import random

    from sheetgen.packet.workers import cores

    if cores() < 2:
        pytest.skip("one core: references render in the packet's own process")
    pack = (small_site / "tiny-pack.yaml").read_text(encoding="utf-8")
    # two packs, so that two workers start
    (small_site / "other-pack.yaml").write_text(pack.replace("tiny-turns", "other-turns"), encoding="utf-8")
    site = (small_site / "site.yaml").read_text(encoding="utf-8")
    (small_site / "site.yaml").write_text(
        site.replace("system: tiny-pack.yaml", "system: tiny-pack.yaml\nencounters: other-pack.yaml"), encoding="utf-8"
    )
    rng = random.Random(18)
    caught = 0
    for attempt in range(8):
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "sheetgen",
                "packet",
                "site.yaml",
                "--seed",
                "1",
                "-q",
                "--no-cache",
                "-o",
                "out.pdf",
            ],
            cwd=small_site,
            env=env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # every other kill a random moment of the run; the others a random moment once both workers run
        wait_for_workers = attempt % 2 == 0
        deadline = time.monotonic() + (60.0 if wait_for_workers else 0.2 + rng.random() * 2.5)
        started: set[int] = set()
        while time.monotonic() < deadline and process.poll() is None:
            workers = {pid for pid in descendants(process.pid) if b"sheetgen" in _cmdline(pid)}
            started |= workers
            if wait_for_workers and len(workers) >= 2:
                deadline = min(deadline, time.monotonic() + rng.random() * 0.6)
                wait_for_workers = False
            time.sleep(0.01)
        started |= descendants(process.pid)
        caught += len(started) >= 2
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        for _ in range(60):
            if not any(alive(pid) for pid in started):
                break
            time.sleep(0.05)
        survivors = [pid for pid in started if alive(pid)]
        for pid in survivors:  # do not leave them to the other tests
            os.kill(pid, signal.SIGKILL)
        assert survivors == [], f"attempt {attempt}: workers {survivors} outlived their packet"
    assert caught >= 4, "too few kills caught the workers running to prove anything"


def _cmdline(pid: int) -> bytes:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return b""


# --- a cache folder that is not to be trusted ---------------------------------------------------


def _reference(folder: Path, cache: Path, *extra: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    return sheetgen(
        ["reference", "tiny-pack.yaml", "-o", "ref.pdf", *extra], folder, SHEETGEN_CACHE_DIR=str(cache), **extra_env
    )


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["fifo", "link-to-dev-zero", "link-out", "not-a-pdf", "folder"])
def test_a_bad_cache_entry_is_dropped_and_made_again(small_site: Path, damage: str) -> None:
    cache = small_site / "cache"
    done = _reference(small_site, cache)
    assert done.returncode == 0, done.stderr
    good = (small_site / "ref.pdf").read_bytes()
    [entry] = list(cache.glob("*.bin"))
    entry.unlink()
    if damage == "fifo":
        os.mkfifo(entry)
    elif damage == "link-to-dev-zero":
        entry.symlink_to("/dev/zero")
    elif damage == "link-out":
        (small_site / "elsewhere.bin").write_bytes(b"x")
        entry.symlink_to(small_site / "elsewhere.bin")
    elif damage == "not-a-pdf":
        from sheetgen.packet.cache import seal

        body = b"not a PDF at all"
        entry.write_bytes(seal(body) or b"")
    else:
        entry.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "sheetgen", "reference", "tiny-pack.yaml", "-o", "ref.pdf"],
        cwd=small_site,
        env={**env(), "SHEETGEN_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (small_site / "ref.pdf").read_bytes() == good
    assert entry.is_file() and not entry.is_symlink(), "the bad entry was not replaced by a good one"
    if damage == "link-out":
        assert (small_site / "elsewhere.bin").read_bytes() == b"x"


@pytest.mark.slow
def test_the_cache_key_follows_source_date_epoch(small_site: Path) -> None:
    """The same command gives the same bytes whatever filled the cache: a cache filled with one date does
    not serve another."""
    cache = small_site / "cache"
    for epoch in ("1700000000", "1800000000"):
        done = _reference(small_site, cache, SOURCE_DATE_EPOCH=epoch)
        assert done.returncode == 0, done.stderr
    warm = (small_site / "ref.pdf").read_bytes()
    done = _reference(small_site, cache, "--no-cache", SOURCE_DATE_EPOCH="1800000000")
    assert done.returncode == 0, done.stderr
    assert (small_site / "ref.pdf").read_bytes() == warm
    assert len(list(cache.glob("*.bin"))) == 2
