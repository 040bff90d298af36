"""The speed targets as ratios, with and without the HarfBuzz subsetter, and the profile of a first packet.

Part of tests/benchmarks/run.py, which runs :func:`measure` after its own table and the children below as
``run.py --child target-...``. The targets, each a ratio to a floor measured in the same run:

* a first packet of the bundled site (empty cache): at most 4.5x ``python -c "import weasyprint"`` when
  WeasyPrint subsets fonts with fontTools (no libharfbuzz-subset), at most 3x with the library;
* a rebuild with a new seed (references, trackers and cards cached): at most 3x
  ``python -c "import reportlab.pdfgen.canvas, reportlab.platypus, pypdf"``;
* ``sheetgen watch``: the packet again after a one-room edit, in one warm process, in under 5x the time
  ReportLab takes to lay out and draw one sheet of cards in that process;
* peak memory of a packet under 200 MB (the largest process, and all of a run's processes together).

"Without" runs every process with ``without-harfbuzz-subset/`` on PYTHONPATH, whose sitecustomize hides
the library from WeasyPrint; "with" runs only where the library is installed.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WITHOUT = HERE / "without-harfbuzz-subset"
SITE = "the-sunken-chapel"
FIRST_PACKET_LIMITS = {"without": 4.5, "with": 3.0}  # without the HarfBuzz subsetter, and with it
LIMITS = {"rebuild": 3.0, "watch": 5.0, "memory MB": 200}


def harfbuzz_subset_installed() -> bool:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from weasyprint.text import ffi
    return ffi.harfbuzz_subset is not None


def measure(
    python: str,
    work: Path,
    env: dict[str, str],
    runs: int,
    series: Callable[..., Any],
    paired: Callable[..., Any],
    run_process: Callable[..., Any],
    row: Callable[..., Any],
) -> tuple[list[Any], str]:
    """The rows of the targets' table, and the profile of a first packet (as text). Each target's runs take
    turns with its floor's (run.paired)."""
    rows: list[Any] = []
    me = [python, str(HERE / "run.py"), "--child"]
    modes = ["without"] + (["with"] if harfbuzz_subset_installed() else [])
    profile = ""
    for mode in modes:
        mode_env = dict(env)
        if mode == "without":
            mode_env["PYTHONPATH"] = ":".join(filter(None, [str(WITHOUT), env.get("PYTHONPATH")]))

        def same(_: int, mode_env: dict[str, str] = mode_env) -> dict[str, str]:
            return mode_env

        def fresh_cache(index: int, mode_env: dict[str, str] = mode_env, mode: str = mode) -> dict[str, str]:
            folder = work / f"target-cache-{mode}-{index}"
            shutil.rmtree(folder, ignore_errors=True)
            return {**mode_env, "SHEETGEN_CACHE_DIR": str(folder)}

        def warm_cache(_: int, mode_env: dict[str, str] = mode_env, mode: str = mode) -> dict[str, str]:
            return {**mode_env, "SHEETGEN_CACHE_DIR": str(work / f"target-cache-{mode}-warm")}

        def fixed(argv: Sequence[str]) -> Callable[[int], Sequence[str]]:
            return lambda _: argv

        label = "without the HarfBuzz subsetter (fontTools)" if mode == "without" else "with libharfbuzz-subset0"
        rows.append(row(f"targets, {label}:"))
        packet = [python, "-m", "sheetgen", "packet", "-q", "-o", str(work / f"target-{mode}.pdf")]
        weasy, first = paired(
            (fixed([python, "-c", "import weasyprint"]), same),
            (lambda i, packet=packet: [*packet, "--seed", "7"], fresh_cache),
            runs,
            f"first packet, and import weasyprint ({mode})",
        )
        engines, rebuild = paired(
            (fixed([python, "-c", "import reportlab.pdfgen.canvas, reportlab.platypus, pypdf"]), same),
            (lambda i, packet=packet: [*packet, "--seed", str(100 + i)], warm_cache),
            runs,
            f"rebuild, and import reportlab, pypdf ({mode})",
        )
        watched = series(fixed([*me, "target-watch", str(work / f"watch-{mode}")]), same, runs, f"watch ({mode})")
        limit = FIRST_PACKET_LIMITS[mode]
        rows.append(
            row(
                f"  first packet, empty cache (limit {limit}x)",
                first.median,
                first.low,
                first.high,
                "import weasyprint",
                weasy.median,
                first.peak_kb,
                first.tree_kb,
            )
        )
        rows.append(
            row(
                f"  rebuild, new seed, cache warm (limit {LIMITS['rebuild']}x)",
                rebuild.median,
                rebuild.low,
                rebuild.high,
                "import reportlab, pypdf",
                engines.median,
                rebuild.peak_kb,
                rebuild.tree_kb,
            )
        )
        edits = [json.loads(r.output.strip().splitlines()[-1]) for r in watched.runs]
        edit = sorted(e["edit"] for e in edits)
        sheet = sorted(e["one sheet of cards"] for e in edits)
        rows.append(
            row(
                f"  watch: packet after a one-room edit (limit {LIMITS['watch']}x)",
                edit[len(edit) // 2],
                edit[0],
                edit[-1],
                "one sheet of cards",
                sheet[len(sheet) // 2],
                watched.peak_kb,
            )
        )
        if mode == "without" or not profile:
            profile_run = run_process([*me, "target-profile", str(work / f"profile-{mode}")], same(0))
            profile = f"profile of a first packet, {label}, in one process (no workers), by own time:\n"
            profile += profile_run.output.rstrip()
    return rows, profile


# --- the children ----------------------------------------------------------------------------------


def _site_copy(folder: Path) -> Path:
    from sheetgen.load.files import builtin_dir

    folder.mkdir(parents=True, exist_ok=True)
    site = folder / "site.yaml"
    shutil.copy(builtin_dir("sites") / f"{SITE}.yaml", site)
    return site


def watch_child(folder: Path) -> None:
    """A warm `sheetgen watch` process: the packet once, then again after renaming one room; and, for the
    floor, one sheet of cards laid out and drawn in the same process."""
    from sheetgen.layout import cards
    from sheetgen.layout import text as text_setting
    from sheetgen.layout.cards import card_layout
    from sheetgen.load.files import load_site
    from sheetgen.options import LETTER, RenderOptions
    from sheetgen.packet.watch import SheetOptions, site_builder
    from sheetgen.render.pdf.cards import draw_card_sheet

    site = _site_copy(folder)
    import os

    os.environ["SHEETGEN_CACHE_DIR"] = str(folder / "cache")
    options = SheetOptions(
        sheet="packet", render=RenderOptions(paper=LETTER, seed=7), seed=7, output=folder / "packet.pdf"
    )
    build = site_builder(str(site), options)
    build()  # the first build of a watch: everything rendered, the cache filled
    text = site.read_text(encoding="utf-8")
    edited = text.replace("    name: Narthex\n", "    name: Fallen Narthex\n", 1)
    assert edited != text, "the room to rename is not in the bundled site"
    site.write_text(edited, encoding="utf-8")
    start = time.perf_counter()
    build()
    edit = time.perf_counter() - start

    loaded = load_site(str(site))
    # the floor sets every card, as a process that has set none before does: no card, paragraph or word
    # measured yet (the fonts stay registered)
    cards._FITTED.clear()
    text_setting.forget_set_paragraphs()
    for cached in (text_setting.text_width, text_setting.segments, text_setting.spans, text_setting._face_width):
        cached.cache_clear()
    start = time.perf_counter()
    sheet = card_layout(loaded, LETTER)
    per_page = sheet.layout.per_page
    draw_card_sheet(sheet)
    pages = len([page for page in sheet.pages if page.side == "front"])
    one_sheet = (time.perf_counter() - start) / pages
    print(json.dumps({"edit": edit, "one sheet of cards": one_sheet, "cards a sheet": per_page}))


def profile_child(folder: Path, top: int = 15) -> None:
    """The profile of a first packet, in this process (no workers, an empty cache): the top entries by
    own time, then the top entries by cumulative time among sheetgen's own functions."""
    import os
    from datetime import date

    from sheetgen.load.files import load_site
    from sheetgen.options import LETTER, RenderOptions
    from sheetgen.packet.build import PacketOptions, build_packet

    os.environ["SHEETGEN_CACHE_DIR"] = str(folder / "cache")
    loaded = load_site(SITE)
    options = PacketOptions(render=RenderOptions(paper=LETTER, seed=7), seed=7, made_on=date(2026, 11, 29), workers=0)
    profiler = cProfile.Profile()
    profiler.enable()
    build_packet(loaded, options)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    total = sum(entry[2] for entry in stats.stats.values())  # type: ignore[attr-defined]
    lines = [f"  total {total:.2f} s; own time (s), cumulative (s), calls, function"]
    entries = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)  # type: ignore[attr-defined]
    for (file, line, name), (_, calls, own, cumulative, _) in entries[:top]:
        lines.append(f"  {own:7.3f} {cumulative:7.3f} {calls:8d}  {_short(file)}:{line}({name})")
    lines.append("  sheetgen's own functions by cumulative time:")
    ours = [
        item
        for item in stats.stats.items()  # type: ignore[attr-defined]
        if item[0][0].startswith(str(HERE.parents[1] / "sheetgen"))
    ]
    for (file, line, name), (_, calls, own, cumulative, _) in sorted(ours, key=lambda item: item[1][3], reverse=True)[
        :top
    ]:
        lines.append(f"  {own:7.3f} {cumulative:7.3f} {calls:8d}  {_short(file)}:{line}({name})")
    print("\n".join(lines))


def _short(file: str) -> str:
    """A function's file without the folders every entry shares."""
    root = str(HERE.parents[1]) + "/"
    if file.startswith(root):
        return file[len(root) :]
    for marker in ("/site-packages/", "/lib/python3"):
        if marker in file:
            return file.split(marker, 1)[1]
    return file


if __name__ == "__main__":
    sys.exit("run tests/benchmarks/run.py")
