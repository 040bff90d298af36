"""sheetgen's benchmark: how long each command takes as a whole process, against floors measured in the same run.

    python tests/benchmarks/run.py [--runs N] [--only PART,...]

PART is one of commands, packet (the first run and rebuild, with the floors: the engines alone), front,
languages, cards, phases, engine, targets, bounds; all of them by default.

Not part of the test run (pytest collects only test_*.py files). Figures on a shared machine are noisy,
so every figure is the median (with min and max) of N runs after a warm-up run, and each budget is a
ratio to a floor measured in the same run, never a lone absolute time:

* commands that draw nothing, against ``python -c "import click"`` (and ``python -c pass``);
* ``sheetgen packet`` of the bundled site, first run (an empty cache) and rebuild (the references
  cached, a new seed each run), against the engines' own work for the same pages: one process each
  timing WeasyPrint alone (importing it, laying out every reference page once in the type size it ends
  up in, writing the PDF), ReportLab alone (importing it and drawing the trackers, timetable, cards,
  cover and page numbers) and pypdf alone (importing it, merging the parts, stamping the page numbers,
  writing),
  plus the start of one Python process;
* peak memory: the largest process's peak resident set (wait4's ru_maxrss, which counts the worker
  processes too), and the peak of all the processes' memory together (proportional set sizes, so that
  pages forked workers share with their parent count once), sampled every 5 ms in one more run after the
  timed ones: reading /proc that often takes a share of the cores from the run (0.1-0.35 s of a first
  packet's two cores), so the timed runs are not sampled;
* the packet's phases, from ``build_packet(..., timings=...)``;
* the engine: exact odds of every built-in pack and of each pack in tests/data/packs over its own horizon
  (each in a fresh process; travel-watches.yaml: three rolls, two tracks and two usage dice over 3 days of
  watches), the exact odds
  of two usage dice over 3 days of 10-minute turns (``USAGE_DICE``), 10,000
  pre-rolled 3-hour timetables of the bundled site, and 10,000 simulated 3-hour sessions of each pack;
* what the GM's front pages (the background, the room index) and the map add to a first packet, of the
  bundled site (whose map is drawn from its exits) and of a 200-room site imported from a One Page Dungeon
  map (whose map is its floor plan to scale): the same packet built with and without them, in turns, each
  with an empty cache (the target: no more than :data:`FRONT_TARGET` more), as wall time, as processor time
  and as the processor time spent drawing them inside the packet's process (the steadiest of the three on a
  shared machine);
* the bundled site's packet with sheetgen's words in German against the same packet in English, in turns,
  each with an empty cache (the target: no more than :data:`LANGUAGE_TARGET` more), as wall time and as
  processor time;
* ``sheetgen cards`` of a site at every limit on what cards print (:func:`site_at_the_limits`), against
  ``sheetgen cards`` of the bundled site, per 1,000 characters the cards print (the start of a process
  taken off both): the layout is linear in the text when the ratio stays small whatever the site holds;
  past LIMITS_BUDGET the run fails;
* the cost bounds: the costliest inputs within sheetgen's limits (tests/costly_inputs.py) for ``preview``
  (the most painting operators, forms drawn and full-page fills a page may have, at 600 dpi), ``import``
  (a One Page Dungeon map at the importer's limits), ``odds`` (the largest sums of dice, each over the
  most hours its exact odds are worked out for) and ``packet`` (rooms each as long as a room may be, and a
  site at every limit on what cards print), each one run in a process of its own, its time and peak
  memory against absolute bars (BOUND_SECONDS, BOUND_MB): the run fails when one is passed;
* the speed targets (see targets.py): a first packet and a rebuild against importing the engines, and a
  one-room edit under ``sheetgen watch``, without and (where installed) with libharfbuzz-subset0; then the
  profile of a first packet.

The child processes are this file run with ``--child``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = "the-sunken-chapel"
PARTS = ("commands", "packet", "front", "languages", "cards", "phases", "engine", "targets", "bounds")
"""The parts of the benchmark, in the order they run (``--only`` picks some)."""
LIMITS_BUDGET = 10.0
"""How many times the bundled site's time per printed character a site at every card limit may take."""
FRONT_TARGET = 0.15
"""How much the front pages and the map may add to a first packet."""
LANGUAGE_TARGET = 0.05
"""How much longer than in English the bundled site's packet may take with sheetgen's words in German."""
TIMETABLES_BUDGET = 2.0
"""Seconds that 10,000 pre-rolled 3-hour timetables of the bundled site may take, every row in words (the
table shows it as the floor, and the ratio to it)."""
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
BOUND_SECONDS = 10.0
BOUND_MB = 200
"""The bars no command may pass on the costliest input within the limits, on a 2-core machine."""
BOUND_DICE = (("394d6", 1400), ("152d20", 1600), ("36d100", 1800))
"""The largest sums of dice of a check (sheetgen/engine/dice.py), each with a target it rarely reaches."""


# --- measuring a process ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_kb: int  # the largest process's peak resident set
    tree_kb: int | None  # the sampled peak of all the processes' memory together (PSS)
    output: str
    cpu: float = 0.0  # user and system time of the process and the children it waited for


def _memory_kb(pid: int) -> int:
    """A process's proportional set size (its resident memory, pages shared with other processes counted
    in part, so that a sum over forked workers is not inflated), or its resident set where unknown."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE // 1024


def _tree_rss_kb(pid: int) -> int:
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            total += _memory_kb(current)
            for task in Path(f"/proc/{current}/task").iterdir():
                stack.extend(int(child) for child in (task / "children").read_text().split())
        except (OSError, ValueError):
            continue
    return total


def run_process(argv: Sequence[str], env: dict[str, str], *, sample: bool = True, ends: tuple[int, ...] = (0,)) -> Run:
    """Run *argv* to its end; its wall time, peak memory and standard output. With *sample*, the memory of
    all its processes together is sampled while it runs (which slows a run that uses every core). It must
    end with one of the exit statuses *ends*."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=err)
        peak = [0]
        done = threading.Event()
        sampling = sample and Path("/proc").is_dir()

        def sample_memory() -> None:
            while not done.is_set():
                peak[0] = max(peak[0], _tree_rss_kb(process.pid))
                done.wait(0.005)

        sampler = threading.Thread(target=sample_memory, daemon=True)
        if sampling:
            sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        done.set()
        if sampling:
            sampler.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode not in ends:
            raise SystemExit(f"{' '.join(argv)} failed:\n{err.read().decode(errors='replace')}")
        # ru_maxrss is in kilobytes on Linux and in bytes on macOS
        peak_kb = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
        return Run(
            seconds, peak_kb, peak[0] if sampling else None, out.read().decode(), usage.ru_utime + usage.ru_stime
        )


@dataclass(frozen=True)
class Series:
    runs: tuple[Run, ...]
    sampled: Run

    @property
    def median(self) -> float:
        return statistics.median(r.seconds for r in self.runs)

    @property
    def low(self) -> float:
        return min(r.seconds for r in self.runs)

    @property
    def cpu(self) -> float:
        """The median of the runs' processor time: steadier than wall time on a shared machine."""
        return statistics.median(r.cpu for r in self.runs)

    @property
    def high(self) -> float:
        return max(r.seconds for r in self.runs)

    @property
    def peak_kb(self) -> int:
        return max(r.peak_kb for r in (*self.runs, self.sampled))

    @property
    def tree_kb(self) -> int | None:
        """The processes' memory together, sampled in the run after the timed ones."""
        return self.sampled.tree_kb

    def inner(self, key: str) -> float:
        """The median of a figure the child printed as JSON on its last line."""
        median: float = statistics.median(json.loads(r.output.strip().splitlines()[-1])[key] for r in self.runs)
        return median


def series(argv: Callable[[int], Sequence[str]], env: Callable[[int], dict[str, str]], runs: int, label: str) -> Series:
    """One warm-up run (index -1), *runs* timed runs, then one more (index *runs*) whose memory is sampled."""
    print(f"  {label} ...", file=sys.stderr, flush=True)
    run_process(argv(-1), env(-1), sample=False)
    timed = tuple(run_process(argv(i), env(i), sample=False) for i in range(runs))
    return Series(timed, run_process(argv(runs), env(runs)))


Spec = tuple[Callable[[int], Sequence[str]], Callable[[int], dict[str, str]]]


def paired(floor: Spec, measured: Spec, runs: int, label: str) -> tuple[Series, Series]:
    """A floor and what is measured against it, each as :func:`series` runs it, but their timed runs taken
    in turns (floor, measured, floor, ...), so that the shared machine's load moves both alike."""
    print(f"  {label} ...", file=sys.stderr, flush=True)
    for argv, env in (floor, measured):
        run_process(argv(-1), env(-1), sample=False)
    timed: list[list[Run]] = [[], []]
    for i in range(runs):
        for runs_of, (argv, env) in zip(timed, (floor, measured), strict=True):
            runs_of.append(run_process(argv(i), env(i), sample=False))
    floor_series, measured_series = (
        Series(tuple(runs_of), run_process(argv(runs), env(runs)))
        for runs_of, (argv, env) in zip(timed, (floor, measured), strict=True)
    )
    return floor_series, measured_series


# --- the parent ------------------------------------------------------------------------------------


@dataclass
class Row:
    what: str
    median: float | None = None
    low: float | None = None
    high: float | None = None
    floor: str = ""
    floor_seconds: float | None = None
    peak_kb: int | None = None
    tree_kb: int | None = None
    unit: str = "s"

    def cells(self) -> list[str]:
        def seconds(value: float | None) -> str:
            if value is None:
                return ""
            return f"{value * 1000:.1f} ms" if self.unit == "ms" else f"{value:.3f}"

        ratio = "" if self.median is None or not self.floor_seconds else f"{self.median / self.floor_seconds:.2f}"
        memory = "" if self.peak_kb is None else f"{self.peak_kb / 1024:.0f}"
        if self.tree_kb is not None:
            memory += f" / {self.tree_kb / 1024:.0f}"
        floor = f"{self.floor} {seconds(self.floor_seconds)}".strip() if self.floor else ""
        return [self.what, seconds(self.median), seconds(self.low), seconds(self.high), floor, ratio, memory]


def table(rows: list[Row]) -> str:
    head = ["", "median", "min", "max", "floor (median)", "ratio", "peak MB"]
    body = [head, *[row.cells() if row.median is not None or row.floor else [row.what] + [""] * 6 for row in rows]]
    widths = [max(len(line[i]) for line in body) for i in range(len(head))]
    lines = []
    for index, line in enumerate(body):
        cells = [line[0].ljust(widths[0])] + [
            cell.rjust(width) for cell, width in zip(line[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("-" * len(lines[0]))
    return "\n".join(lines)


def base_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: modules compiled once, then loaded
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs after the warm-up (default 5)")
    parser.add_argument(
        "--only",
        default=",".join(PARTS),
        metavar="PART,...",
        help=f"measure only these parts, comma-separated: {', '.join(PARTS)} (default: all)",
    )
    args = parser.parse_args()
    runs = max(args.runs, 1)
    parts = {part.strip() for part in args.only.split(",") if part.strip()}
    if parts - set(PARTS):
        parser.error(f"no part called {', '.join(sorted(parts - set(PARTS)))}; the parts are {', '.join(PARTS)}")
    python = sys.executable
    work = Path(tempfile.mkdtemp(prefix="sheetgen-bench-"))
    env = base_env()
    env["SHEETGEN_CACHE_DIR"] = str(work / "cache-unused")

    def fixed(argv: Sequence[str]) -> Callable[[int], Sequence[str]]:
        return lambda _: argv

    def same(_: int) -> dict[str, str]:
        return env

    def me(*args: str) -> list[str]:
        return [python, str(Path(__file__).resolve()), "--child", *args]

    rows: list[Row] = []
    try:
        print("measuring (this takes a few minutes):", file=sys.stderr)
        bare = series(fixed([python, "-c", "pass"]), same, runs, "python -c pass")
        click = series(fixed([python, "-c", "import click"]), same, runs, "python -c 'import click'")
        rows.append(Row("python -c pass", bare.median, bare.low, bare.high, peak_kb=bare.peak_kb))
        rows.append(Row("python -c 'import click'", click.median, click.low, click.high, peak_kb=click.peak_kb))
        site = str(ROOT / "sheetgen" / "sites" / f"{SITE}.yaml")
        for label, argv in (
            []
            if "commands" not in parts
            else [
                ("sheetgen --help", ["--help"]),
                ("sheetgen systems", ["systems"]),
                (f"sheetgen check {SITE}.yaml", ["check", site]),
                ("sheetgen odds dungeon-turn", ["odds", "dungeon-turn"]),
                ("sheetgen schema pack", ["schema", "pack"]),
                (
                    "sheetgen timetable site-alarm --format json",
                    ["timetable", "site-alarm", "--format", "json", "--seed", "1", "-o", str(work / "t.json")],
                ),
                (
                    "sheetgen timetable site-alarm --format csv",
                    ["timetable", "site-alarm", "--format", "csv", "--seed", "1", "-o", str(work / "t.csv")],
                ),
            ]
        ):
            floor = click
            if argv == ["--help"]:  # the one with a budget: its runs take turns with the floor's
                floor, measured = paired(
                    (fixed([python, "-c", "import click"]), same),
                    (fixed([python, "-m", "sheetgen", *argv]), same),
                    runs,
                    label,
                )
            else:
                measured = series(fixed([python, "-m", "sheetgen", *argv]), same, runs, label)
            rows.append(
                Row(label, measured.median, measured.low, measured.high, "import click", floor.median, measured.peak_kb)
            )

        def fresh_cache(index: int) -> dict[str, str]:
            folder = work / f"cache-first-{index}"
            shutil.rmtree(folder, ignore_errors=True)
            return {**env, "SHEETGEN_CACHE_DIR": str(folder)}

        def warm_cache(_: int) -> dict[str, str]:
            return {**env, "SHEETGEN_CACHE_DIR": str(work / "cache-warm")}

        if "packet" in parts:
            # the pages and parts the floors work on
            print("  the packet's pages, for the floors ...", file=sys.stderr, flush=True)
            run_process(me("setup", str(work)), env)
            weasy = series(fixed(me("weasyprint", str(work))), same, runs, "floor: WeasyPrint alone")
            stock = series(fixed(me("weasyprint", str(work), "stock")), same, runs, "WeasyPrint's own column balancing")
            drawn = series(fixed(me("reportlab", str(work))), same, runs, "floor: ReportLab alone")
            merged = series(fixed(me("merge", str(work))), same, runs, "floor: pypdf alone")
            first_floor = bare.median + weasy.inner("seconds") + drawn.inner("seconds") + merged.inner("seconds")
            rebuild_floor = bare.median + drawn.inner("seconds") + merged.inner("seconds")

            packet = [python, "-m", "sheetgen", "packet", "-q", "-o", str(work / "packet.pdf")]
            first = series(lambda i: [*packet, "--seed", "7"], fresh_cache, runs, "sheetgen packet, first run")
            rebuild = series(lambda i: [*packet, "--seed", str(100 + i)], warm_cache, runs, "sheetgen packet, rebuild")
            rows.append(
                Row(
                    "sheetgen packet, first run (empty cache)",
                    first.median,
                    first.low,
                    first.high,
                    "engines",
                    first_floor,
                    first.peak_kb,
                    first.tree_kb,
                )
            )
            rows.append(
                Row(
                    "sheetgen packet, rebuild (cached references, new seed)",
                    rebuild.median,
                    rebuild.low,
                    rebuild.high,
                    "engines",
                    rebuild_floor,
                    rebuild.peak_kb,
                    rebuild.tree_kb,
                )
            )
        if "front" in parts:
            rows.append(Row("what the front pages and map add to a first packet (empty cache):"))
            big = work / "two-hundred-rooms.yaml"
            run_process(me("two-hundred-rooms", str(big)), env, sample=False)
            for label, path in (
                (f"{SITE}, 9 rooms, map from exits", site),
                ("200 rooms imported, floor plan to scale", str(big)),
            ):

                def front_left_out(_: int, path: str = path) -> Sequence[str]:
                    return me("front", path, "without")

                def front_drawn(_: int, path: str = path) -> Sequence[str]:
                    return me("front", path, "with")

                without, with_front = paired(
                    (front_left_out, fresh_cache),
                    (front_drawn, fresh_cache),
                    runs,
                    f"packet of {label}, without and with its front pages",
                )
                added = (with_front.median - without.median) / without.median
                cpu = (with_front.cpu - without.cpu) / without.cpu
                rows.append(
                    Row(f"  {label}: without them", without.median, without.low, without.high, peak_kb=without.peak_kb)
                )
                rows.append(
                    Row(
                        f"  {label}: with them, {added:+.1%} (target {FRONT_TARGET:+.0%})",
                        with_front.median,
                        with_front.low,
                        with_front.high,
                        "without",
                        without.median,
                        with_front.peak_kb,
                    )
                )
                rows.append(
                    Row(
                        f"  {label}: processor time, {without.cpu:.2f} s without, {with_front.cpu:.2f} s "
                        f"with them: {cpu:+.1%}"
                    )
                )
                inside = statistics.median(
                    json.loads(r.output.strip().splitlines()[-1])["front"] for r in with_front.runs
                )
                rows.append(
                    Row(
                        f"  {label}: drawing them takes {inside:.3f} s of the packet process's time, "
                        f"{inside / without.cpu:+.1%} of the packet's processor time without them"
                    )
                )
        if "languages" in parts:
            rows.append(Row("the bundled site's packet with sheetgen's words in German (empty cache):"))
            packet_in = [python, "-m", "sheetgen", "packet", "-q", "--seed", "7", "-o", str(work / "words.pdf")]
            english, german = paired(
                (fixed([*packet_in, "--language", "en"]), fresh_cache),
                (fixed([*packet_in, "--language", "de"]), fresh_cache),
                runs,
                "packet in English and in German",
            )
            slower = (german.median - english.median) / english.median
            cpu = (german.cpu - english.cpu) / english.cpu
            rows.append(
                Row(
                    "  sheetgen packet --language en",
                    english.median,
                    english.low,
                    english.high,
                    peak_kb=english.peak_kb,
                    tree_kb=english.tree_kb,
                )
            )
            rows.append(
                Row(
                    f"  sheetgen packet --language de: {slower:+.1%} (target within {LANGUAGE_TARGET:.0%})",
                    german.median,
                    german.low,
                    german.high,
                    "English",
                    english.median,
                    german.peak_kb,
                    german.tree_kb,
                )
            )
            rows.append(
                Row(f"  processor time, {english.cpu:.2f} s in English, {german.cpu:.2f} s in German: {cpu:+.1%}")
            )
        if "cards" in parts:
            limits_site = work / "at-the-limits.yaml"
            site_at_the_limits(limits_site)
            chapel_cards = series(
                fixed([python, "-m", "sheetgen", "cards", SITE, "-o", str(work / "c.pdf")]),
                same,
                runs,
                "sheetgen cards, the bundled site",
            )
            limit_cards = series(
                fixed([python, "-m", "sheetgen", "cards", str(limits_site), "-o", str(work / "l.pdf")]),
                same,
                runs,
                "sheetgen cards, a site at the limits",
            )
            rows.append(
                Row(
                    f"sheetgen cards {SITE}",
                    chapel_cards.median,
                    chapel_cards.low,
                    chapel_cards.high,
                    "import click",
                    click.median,
                    chapel_cards.peak_kb,
                )
            )
            rows.append(
                Row(
                    "sheetgen cards, a site at every card limit",
                    limit_cards.median,
                    limit_cards.low,
                    limit_cards.high,
                    peak_kb=limit_cards.peak_kb,
                )
            )
            per = {
                which: 1000 * (measured - bare.median) / printed_characters(path)
                for which, measured, path in (
                    ("site", chapel_cards.median, ROOT / "sheetgen" / "sites" / f"{SITE}.yaml"),
                    ("limits", limit_cards.median, limits_site),
                )
            }
            rows.append(
                Row(
                    "  the same, per 1,000 printed characters",
                    per["limits"],
                    per["limits"],
                    per["limits"],
                    f"{SITE}'s",
                    per["site"],
                )
            )
        if "packet" in parts:
            rows.append(Row("the floors' parts (inside one process each):"))
            for label, measured in [
                ("  WeasyPrint: the reference pages, once each", weasy),
                ("  ReportLab: trackers, timetable, cards, cover, page numbers", drawn),
                ("  pypdf: merge, page numbers, outline, write", merged),
                ("  (WeasyPrint 70's own column balancing, same pages)", stock),
            ]:
                seconds = [json.loads(r.output.strip().splitlines()[-1])["seconds"] for r in measured.runs]
                rows.append(
                    Row(label, statistics.median(seconds), min(seconds), max(seconds), peak_kb=measured.peak_kb)
                )

        if "phases" in parts:
            # the packet's phases, inside the process
            phases_first = series(lambda i: me("phases", "first"), fresh_cache, runs, "phases, first run")
            phases_again = series(lambda i: me("phases", str(100 + i)), warm_cache, runs, "phases, rebuild")
            for title, measured in [
                ("phases of a first run, in the process:", phases_first),
                ("phases of a rebuild, in the process:", phases_again),
            ]:
                rows.append(Row(title))
                names = json.loads(measured.runs[0].output.strip().splitlines()[-1])
                for name in names:
                    seconds = [json.loads(r.output.strip().splitlines()[-1])[name] for r in measured.runs]
                    rows.append(Row(f"  {name}", statistics.median(seconds), min(seconds), max(seconds)))

        if "engine" in parts:
            # the engine
            rows.append(Row("engine:"))
            packs = json.loads(run_process(me("packs"), env).output)
            for pack in packs:
                odds = series(fixed(me("odds", pack)), same, runs, f"odds {pack}")
                found = [json.loads(r.output.strip().splitlines()[-1]) for r in odds.runs]
                seconds = [f["seconds"] for f in found]
                what = found[0]
                rolls = "1 roll" if what["rolls"] == 1 else f"{what['rolls']} rolls"
                tracks = "1 track" if what["tracks"] == 1 else f"{what['tracks']} tracks"
                rows.append(
                    Row(
                        f"  exact odds over its horizon ({what['hours']} h; {rolls}, {tracks}), "
                        f"{Path(pack).name} (a fresh process)",
                        statistics.median(seconds),
                        min(seconds),
                        max(seconds),
                        unit="ms",
                    )
                )
            lights = series(fixed(me("resource-odds")), same, runs, "resource odds")
            seconds = [json.loads(r.output.strip().splitlines()[-1])["seconds"] for r in lights.runs]
            rows.append(
                Row(
                    "  exact odds of two usage dice over 3 days of 10-minute turns (432 turns)",
                    statistics.median(seconds),
                    min(seconds),
                    max(seconds),
                    unit="ms",
                )
            )
            tables = series(fixed(me("timetables")), same, runs, "10,000 timetables")
            results = [json.loads(r.output.strip().splitlines()[-1]) for r in tables.runs]
            for name in results[0]:
                seconds = [result[name] for result in results]
                budget = ("budget", TIMETABLES_BUDGET) if name.startswith("10,000 pre-rolled") else ("", None)
                rows.append(Row(f"  {name}", statistics.median(seconds), min(seconds), max(seconds), *budget))

        if "bounds" in parts:
            rows += bounds(python, work, env)

        # the speed targets, with and without the HarfBuzz subsetter, and a first packet's profile
        profile = ""
        if "targets" in parts:
            import targets

            target_rows, profile = targets.measure(python, work, env, runs, series, paired, run_process, Row)
            rows += target_rows
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(
        f"sheetgen benchmark: {runs} runs after a warm-up; seconds; peak MB: largest process / all processes"
        f" (Python {sys.version.split()[0]}, {os.cpu_count()} cores)"
    )
    print(table(rows))
    print()
    print(profile)
    over = [
        row
        for row in rows
        if row.floor == "bar"
        and row.median is not None
        and (row.median > BOUND_SECONDS or max(row.peak_kb or 0, row.tree_kb or 0) > BOUND_MB * 1024)
    ]
    if over:
        raise SystemExit(
            f"past the bars of {BOUND_SECONDS:.0f} s and {BOUND_MB} MB: " + "; ".join(row.what.strip() for row in over)
        )
    limit_rows = [row for row in rows if row.what == "  the same, per 1,000 printed characters"]
    if limit_rows and limit_rows[0].median and limit_rows[0].floor_seconds:
        ratio = limit_rows[0].median / limit_rows[0].floor_seconds
        if ratio > LIMITS_BUDGET:
            raise SystemExit(
                f"a site at every card limit took {ratio:.1f} times as long per printed character "
                f"as the bundled site's cards (the budget is {LIMITS_BUDGET:.0f})"
            )


def _costly() -> Any:
    """tests/costly_inputs.py, the inputs at the limits (test-only code, beside this folder)."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    import costly_inputs

    return costly_inputs


def most_hours(python: str, pack: Path, env: dict[str, str]) -> int:
    """The most hours (of 1 to MAX_HOURS) *pack*'s exact odds are worked out for; a refusal comes at once."""
    sys.path.insert(0, str(ROOT))
    from sheetgen import limits

    low, high = 1, limits.MAX_HOURS
    while low < high:
        middle = (low + high + 1) // 2
        done = subprocess.run(
            [python, "-m", "sheetgen", "odds", str(pack), "--hours", str(middle)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            check=False,
        )
        low, high = (middle, high) if done.returncode == 0 else (low, middle - 1)
    return low


def bounds(python: str, work: Path, env: dict[str, str], *, tiny: bool = False) -> list[Row]:
    """The cost bounds' rows: each command on its costliest input within the limits, once timed and once
    with its memory sampled, each in a process of its own, against the bars. With *tiny*, small inputs
    of the same kinds (to check that this code runs)."""
    costly = _costly()
    folder = work / "bounds"
    folder.mkdir(exist_ok=True)
    sys.path.insert(0, str(ROOT))
    from sheetgen import limits, preview

    painted, drawn = (50, 10) if tiny else (preview.MAX_PAINTED - 1, preview.MAX_DRAWN)
    outer = max(drawn // 200, 1)
    # the most full-page fills a letter page may have at 600 dpi (its painting weighed by area)
    fills = 3 if tiny else int(preview.MAX_PAINTED_PIXELS // (612 * 792 * (limits.MAX_DPI / 72) ** 2))
    pdfs = {
        f"{painted:,} short strokes": costly.strokes_pdf(painted),
        f"a form drawn {outer * (drawn // outer - 1):,} times by one drawn {outer} times": costly.forms_pdf(
            outer, drawn // outer - 1
        ),
        f"{fills} full-page fills": costly.fills_pdf(fills),
        "a blank page": costly.page_pdf(b""),
    }
    dpi = "50" if tiny else str(limits.MAX_DPI)
    cases: list[tuple[str, list[str]]] = []
    refused: set[int] = set()  # the cases whose input is refused (exit 2) once all of it has been read
    for n, (label, pdf) in enumerate(pdfs.items()):
        (folder / f"page-{n}.pdf").write_bytes(pdf)
        cases.append(
            (
                f"  preview --dpi {dpi}: {label}",
                ["preview", str(folder / f"page-{n}.pdf"), "--dpi", dpi, "-o", str(folder / f"page-{n}.png")],
            )
        )
    site_map = folder / "map.json"
    if tiny:
        site_map.write_text(json.dumps(_watabou().generate(1, 2, 2)), encoding="utf-8")
    else:
        costly.worst_map(site_map)
    if not tiny:
        # within the JSON's limits, more than a site's map holds: read, planned and its site file refused
        refused.add(len(cases))
    cases.append(
        (
            "  import watabou: a map at the importer's limits" + ("" if tiny else ", its site refused"),
            ["import", "watabou", str(site_map), "-o", str(folder / "map.yaml"), "--force"],
        )
    )
    for dice, at_least in BOUND_DICE[:1] if tiny else BOUND_DICE:
        pack = costly.odds_pack(folder / f"{dice}.yaml", dice, at_least)
        hours = 1 if tiny else most_hours(python, pack, env)
        cases.append(
            (
                f"  odds: {dice} every 10 minutes over {hours} h (the most it is worked out for)",
                ["odds", str(pack), "--hours", str(hours)],
            )
        )
    long_rooms = costly.long_rooms_site(folder / "long-rooms.yaml", rooms=1 if tiny else costly.LONG_ROOMS)
    cases.append(
        (
            f"  packet: {1 if tiny else costly.LONG_ROOMS} rooms of {limits.MAX_CARD_TEXT:,} characters less a little",
            ["packet", str(long_rooms), "-q", "--seed", "1", "-o", str(folder / "long.pdf")],
        )
    )
    if not tiny:
        site_at_the_limits(folder / "at-the-limits.yaml")
        cases.append(
            (
                "  packet: a site at every limit on what cards print",
                ["packet", str(folder / "at-the-limits.yaml"), "-q", "--seed", "1", "-o", str(folder / "limits.pdf")],
            )
        )
    rows = [Row(f"cost bounds (bars: {BOUND_SECONDS:.0f} s, {BOUND_MB} MB; one run each):")]
    for index, (label, argv) in enumerate(cases):
        print(f"  {label.strip()} ...", file=sys.stderr, flush=True)

        def run_env(run: int, index: int = index) -> dict[str, str]:
            folder_of = folder / f"cache-{index}-{run}"
            shutil.rmtree(folder_of, ignore_errors=True)
            return {**env, "SHEETGEN_CACHE_DIR": str(folder_of)}

        ends = (2,) if index in refused else (0,)
        timed = run_process([python, "-m", "sheetgen", *argv], run_env(0), sample=False, ends=ends)
        sampled = run_process([python, "-m", "sheetgen", *argv], run_env(1), ends=ends)
        rows.append(
            Row(
                label,
                timed.seconds,
                timed.seconds,
                timed.seconds,
                "bar",
                BOUND_SECONDS,
                max(timed.peak_kb, sampled.peak_kb),
                sampled.tree_kb,
            )
        )
    return rows


def _watabou() -> Any:
    sys.path.insert(0, str(ROOT / "tests"))
    import watabou_maps

    return watabou_maps


def printed_characters(path: Path) -> int:
    """The characters a site's cards print, as sheetgen's limits count them."""
    sys.path.insert(0, str(ROOT))
    from sheetgen.load.files import load_site
    from sheetgen.load.validate import card_text_sizes

    rooms, stats = card_text_sizes(load_site(str(path)).site)
    return sum(rooms) + sum(stats)


def site_at_the_limits(path: Path) -> None:
    """A site at every limit on what its cards print (sheetgen.limits): the most rooms, each with the
    longest name; rooms whose exits reprint those names up to the most a room may print; prose with the
    most bold and italic stretches a text may hold; and, all together, the most all cards may print."""
    sys.path.insert(0, str(ROOT))
    from sheetgen import limits

    rooms = limits.MAX_ROOMS
    name = "N" * (limits.MAX_NAME - 2)
    words = [
        "stone",
        "water",
        "the",
        "ancient",
        "door",
        "of",
        "a",
        "cold",
        "draft",
        "rises",
        "from",
        "below.",
        "Bones",
        "lie",
        "here,",
    ]
    marked = [f"**{w}**" if i % 7 == 0 else f"_{w}_" if i % 7 == 3 else w for i, w in enumerate(words * 400)]
    kept: list[str] = []
    marks = 0
    for word in marked:  # exactly MAX_MARKS marks, and as long a text as a field may be
        marks += word.startswith(("**", "_"))
        if marks > limits.MAX_MARKS:
            break
        kept.append(word)
    prose = " ".join(kept)[: limits.MAX_TEXT].rsplit(" ", 1)[0]
    lines = ["site: At the Limits", "system: dungeon-turn", "rooms:"]
    per_exit = len(str(rooms)) + len(name) + 2
    budget = limits.MAX_CARDS_TEXT - rooms * (len(str(rooms)) + len(name)) - 3 * len(prose)
    hubs = []
    while budget > per_exit * 10:
        exits = min(limits.MAX_LIST, (limits.MAX_CARD_TEXT - 200) // per_exit, budget // per_exit)
        hubs.append(exits)
        budget -= exits * per_exit
    for key in range(1, rooms + 1):
        lines.append(f'  - key: "{key}"')
        lines.append(f"    name: {name}")
        if key <= len(hubs):
            lines.append("    exits: [" + ", ".join(f'"{rooms - i}"' for i in range(hubs[key - 1])) + "]")
        if len(hubs) < key <= len(hubs) + 3:
            lines.append(f'    description: "{prose}"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- the children ----------------------------------------------------------------------------------


def child(kind: str, args: list[str]) -> None:
    if kind == "setup":
        setup(Path(args[0]))
    elif kind == "weasyprint":
        weasyprint_alone(Path(args[0]), stock=args[1:] == ["stock"])
    elif kind == "reportlab":
        reportlab_alone(Path(args[0]))
    elif kind == "merge":
        merge_alone(Path(args[0]))
    elif kind == "phases":
        phases(args[0])
    elif kind == "front":
        front(args[0], args[1] == "with")
    elif kind == "two-hundred-rooms":
        two_hundred_rooms(Path(args[0]))
    elif kind == "packs":
        from sheetgen.load.files import builtin_pack_ids, load_pack

        data = sorted(str(p) for p in (Path(__file__).resolve().parents[1] / "data" / "packs").glob("*.yaml"))
        packs = [p for p in builtin_pack_ids() if load_pack(p).check is not None]
        print(json.dumps(packs + [p for p in data if _is_pack(p) and load_pack(p).check is not None]))
    elif kind == "odds":
        exact_odds(args[0])
    elif kind == "resource-odds":
        resource_odds()
    elif kind == "timetables":
        timetables()
    elif kind in ("target-watch", "target-profile"):
        import targets

        (targets.watch_child if kind == "target-watch" else targets.profile_child)(Path(args[0]))
    else:
        raise SystemExit(f"unknown child {kind}")


def _options() -> Any:
    from datetime import date

    from sheetgen.options import LETTER, RenderOptions
    from sheetgen.packet.build import PacketOptions

    return PacketOptions(
        render=RenderOptions(paper=LETTER, seed=7), seed=7, made_on=date(2026, 11, 29), use_cache=False, workers=0
    )


def setup(work: Path) -> None:
    """The HTML of every reference page in the type size it fits in, and the packet's parts as PDFs."""
    from pypdf import PdfReader

    from sheetgen.layout.header import PageSlot, page_slot
    from sheetgen.load.files import load_site
    from sheetgen.packet.build import _cover, _draw_parts, _packs
    from sheetgen.render.html.reference import reference_html, render_reference
    from sheetgen.render.pdf.cover import page_numbers_pdf

    loaded = load_site(SITE)
    options = _options()
    # a packet's parts leave their headers' page slots empty, for the packet to number
    options = replace(options, render=replace(options.render, page_numbers=False))
    references = []
    html_slot = page_slot(options.render.paper, drawn_by="html")
    parts: list[tuple[str, bytes, tuple[PageSlot, ...]]] = []
    for pack in _packs(loaded):
        rendered = render_reference(pack, options.render)
        pages = []
        for index, size in enumerate(rendered.type_sizes):
            name = f"{pack.id}-{index}.html"
            (work / name).write_text(reference_html(pack, options.render, type_size=size, page_index=index))
            pages.append(name)
        references.append({"title": f"{pack.name} — Reference", "pages": pages})
        parts.append((f"Reference: {pack.name}", rendered.pdf, (html_slot,) * len(rendered.type_sizes)))
    parts += [(part.title, part.pdf, part.slots) for part in _draw_parts(loaded, options, lambda _: None, None)]
    contents, page = [], 2
    for title, pdf, _ in parts:
        contents.append((title, page))
        page += len(PdfReader(io.BytesIO(pdf)).pages)
    parts.insert(0, ("Cover", _cover(loaded, options, contents, {}), ()))
    files: list[str] = []
    slots: list[PageSlot | None] = []
    for index, (_, pdf, part_slots) in enumerate(parts):
        files.append(f"part-{index}.pdf")
        (work / files[-1]).write_bytes(pdf)
        slots += [part_slots[n] if n < len(part_slots) else None for n in range(len(PdfReader(io.BytesIO(pdf)).pages))]
    (work / "numbers.pdf").write_bytes(page_numbers_pdf(options.render.paper, slots))
    (work / "manifest.json").write_text(
        json.dumps(
            {
                "references": references,
                "files": files,
                "contents": contents,
                "slots": [None if slot is None else [slot.x, slot.baseline, slot.size] for slot in slots],
            }
        )
    )


def weasyprint_alone(work: Path, stock: bool) -> None:
    manifest = json.loads((work / "manifest.json").read_text())
    htmls = [[(work / name).read_text() for name in ref["pages"]] for ref in manifest["references"]]
    start = time.perf_counter()
    from sheetgen.compat import columns as column_balance
    from sheetgen.render.html.weasy import LaidOut, PdfMetadata, layout, write

    if stock:
        column_balance._weasyprint = lambda: None  # type: ignore[assignment]
    for ref, pages in zip(manifest["references"], htmls, strict=True):
        laid = [layout(html) for html in pages]
        document = laid[0].document.copy([page for one in laid for page in one.document.pages])
        write(LaidOut(document=document, warnings=(), fetcher=laid[0].fetcher), PdfMetadata(title=ref["title"]))
    print(json.dumps({"seconds": time.perf_counter() - start}))


def reportlab_alone(work: Path) -> None:
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.load.files import load_site
    from sheetgen.packet.build import _packs

    manifest = json.loads((work / "manifest.json").read_text())
    loaded = load_site(SITE)
    options = _options()
    timetable = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=7)
    start = time.perf_counter()
    from sheetgen.layout.cards import card_layout
    from sheetgen.layout.header import PageSlot
    from sheetgen.packet.build import _cover
    from sheetgen.render.pdf.cards import draw_card_sheet
    from sheetgen.render.pdf.cover import page_numbers_pdf
    from sheetgen.render.pdf.timetable import timetable_pdf
    from sheetgen.render.pdf.trackers import tracker_pdf

    for pack in _packs(loaded):
        tracker_pdf(pack, options.render)
    timetable_pdf(timetable, options.render)
    draw_card_sheet(card_layout(loaded, options.render.paper))
    _cover(loaded, options, [tuple(entry) for entry in manifest["contents"]], {})
    page_numbers_pdf(options.render.paper, [None if slot is None else PageSlot(*slot) for slot in manifest["slots"]])
    print(json.dumps({"seconds": time.perf_counter() - start}))


def merge_alone(work: Path) -> None:
    manifest = json.loads((work / "manifest.json").read_text())
    parts = [(work / name).read_bytes() for name in manifest["files"]]
    numbers_pdf = (work / "numbers.pdf").read_bytes()
    start = time.perf_counter()
    from pypdf import PdfReader, PdfWriter
    from pypdf.constants import PageLabelStyle

    writer = PdfWriter()
    for data in parts:
        writer.append(PdfReader(io.BytesIO(data)), import_outline=False)
    numbers = PdfReader(io.BytesIO(numbers_pdf))
    for index, slot in enumerate(manifest["slots"]):
        if slot is not None:
            writer.pages[index].merge_page(numbers.pages[index])
    for title, page in manifest["contents"]:
        writer.add_outline_item(title=title, page_number=page - 1)
    writer.set_page_label(0, len(writer.pages) - 1, style=PageLabelStyle.DECIMAL, start=1)
    writer.add_metadata({"/Title": "packet"})
    writer.write(io.BytesIO())
    print(json.dumps({"seconds": time.perf_counter() - start}))


def phases(seed: str) -> None:
    start = time.perf_counter()
    from datetime import date

    from sheetgen.load.files import load_site
    from sheetgen.options import LETTER, RenderOptions
    from sheetgen.output import write_atomic
    from sheetgen.packet.build import PacketOptions, build_packet

    imported = time.perf_counter()
    loaded = load_site(SITE)
    loaded_at = time.perf_counter()
    number = 7 if seed == "first" else int(seed)
    timings: dict[str, float] = {}
    options = PacketOptions(render=RenderOptions(paper=LETTER, seed=number), seed=number, made_on=date(2026, 11, 29))
    packet = build_packet(loaded, options, timings=timings)
    built = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        write_atomic(Path(folder) / "packet.pdf", packet.pdf)
    written = time.perf_counter()
    result = {
        "import (sheetgen, pydantic, ...)": imported - start,
        "load (read and check the files)": loaded_at - imported,
    }
    names = {
        "engine": "engine (pre-rolled timetable)",
        "weasyprint": "WeasyPrint (waiting for the workers)",
        "weasyprint, each pack in its worker": "WeasyPrint (each pack, in its worker)",
        "reportlab": "ReportLab (with its import)",
        "merge": "merge (pypdf, with its import)",
    }
    for key, label in names.items():
        result[label] = timings.get(key, 0.0)
    result["write (atomic, synced)"] = written - built
    result["total (in the process)"] = written - start
    print(json.dumps(result))


def front(site: str, with_front: bool) -> None:
    """A first packet of *site*, as `sheetgen packet` builds it, with or without the GM's front pages and map."""
    from datetime import date

    from sheetgen.load.files import load_site
    from sheetgen.options import LETTER, RenderOptions
    from sheetgen.output import write_atomic
    from sheetgen.packet import build

    spent = [0.0]
    drawn = build._front_part

    def timed(*args: Any) -> Any:
        start = time.process_time()
        try:
            return drawn(*args)
        finally:
            spent[0] += time.process_time() - start

    build._front_part = timed if with_front else lambda *_: []  # type: ignore[assignment]
    loaded = load_site(site)
    options = build.PacketOptions(render=RenderOptions(paper=LETTER, seed=7), seed=7, made_on=date(2026, 11, 29))
    packet = build.build_packet(loaded, options)
    with tempfile.TemporaryDirectory() as folder:
        write_atomic(Path(folder) / "packet.pdf", packet.pdf)
    print(json.dumps({"front": spent[0]}))


def two_hundred_rooms(path: Path) -> None:
    """A site of 200 rooms with its floor plan: a 20 x 10 One Page Dungeon map made by tests/watabou_maps.py,
    imported."""
    sys.path.insert(0, str(ROOT / "tests"))
    from watabou_maps import generate

    from sheetgen.importers.watabou import import_watabou

    source = path.with_suffix(".json")
    source.write_text(json.dumps(generate(5, 20, 10)), encoding="utf-8")
    import_watabou(source, path, force=True)


def _is_pack(path: str) -> bool:
    """Whether a YAML file in tests/data is a pack (not a site)."""
    return re.search(r"^kind: pack\s*$", Path(path).read_text(encoding="utf-8"), re.MULTILINE) is not None


def exact_odds(pack_id: str) -> None:
    from sheetgen.engine.odds import quiet_odds
    from sheetgen.load.files import load_pack

    pack = load_pack(pack_id)
    start = time.perf_counter()
    odds = quiet_odds(pack)  # over the pack's own horizon
    print(
        json.dumps(
            {
                "seconds": time.perf_counter() - start,
                "hours": odds.hours,
                "rolls": 1 + len(pack.rolls),
                "tracks": len(pack.tracks),
            }
        )
    )


USAGE_DICE = """\
kind: pack
id: usage-dice
name: Usage Dice
time: {unit: turn, length: 10 minutes}
resources:
  - {id: torch, name: Torch, dice: [d8, d6, d4], every: 1}
  - {id: lantern, name: Lantern, dice: [d12, d10, d8, d6, d4], on: 1, every: 1}
reference:
  pages: [{title: Usage Dice, sections: [{kind: resources}]}]
"""
"""A pack with two usage dice, each rolled every turn."""


def resource_odds() -> None:
    from sheetgen.engine.resource_odds import own_rules_odds
    from sheetgen.load.files import load_pack

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "usage-dice.yaml"
        path.write_text(USAGE_DICE, encoding="utf-8")
        pack = load_pack(str(path))
    units = 3 * 24 * 6
    start = time.perf_counter()
    own_rules_odds(pack, units, tuple(range(6, units + 1, 6)))
    print(json.dumps({"seconds": time.perf_counter() - start}))


def timetables() -> None:
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/simulate.py: test-only code
    from simulate import simulate_quiet

    from sheetgen.engine.timetable import build_timetable
    from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
    from sheetgen.words import baseline_text, row_clock, row_rule, row_when

    loaded = load_site(SITE)
    result = {}
    start = time.perf_counter()
    for seed in range(10_000):
        t = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=seed)
        for row in t.rows:  # and every row in words, as the sheets and exports print it
            row_clock(t, row), row_rule(t, row), row_when(t, row), baseline_text(t, row)
    result[f"10,000 pre-rolled 3-hour timetables of {SITE} (rows in words and deck)"] = time.perf_counter() - start
    for pack_id in builtin_pack_ids():
        pack = load_pack(pack_id)
        if pack.check is None:
            continue
        start = time.perf_counter()
        simulate_quiet(pack, 3, 10_000, random.Random(1))
        result[f"10,000 simulated 3-hour sessions, {pack_id}"] = time.perf_counter() - start
    print(json.dumps(result))


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3:])
    else:
        main()
