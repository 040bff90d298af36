"""Rebuild a sheet on every save: a site file (and the pack files it names) in, its PDF kept up to date.

One process does every rebuild, so what it loaded once stays loaded: the renderers, the registered fonts
and, through the cache, the reference pages and card pages that did not change. Files are watched by
polling their modification time and size a few times a second (no dependency, and nothing to set up on
any system; a handful of files cost nothing to look at). A save is acted on once the file has stopped
changing, so an editor that writes in several steps triggers one rebuild.

A rebuild that fails on bad input reports the problems as ``sheetgen check`` does and leaves the last
good PDF in place (output is written atomically, or not at all); the next save tries again. Ctrl-C
(KeyboardInterrupt) ends the loop between polls or in a rebuild, and nothing half-written is left.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from sheetgen.errors import SheetgenError

if TYPE_CHECKING:
    from sheetgen.model.loaded import LoadedSite
    from sheetgen.options import RenderOptions

#: Seconds between two looks at the watched files.
POLL_SECONDS = 0.25

Stamp = tuple[int, int] | None
"""A file's modification time (ns) and size, or None when it cannot be read."""


def stamp(path: Path) -> Stamp:
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size)


def stamps(paths: Iterable[Path]) -> dict[Path, Stamp]:
    return {path: stamp(path) for path in paths}


@dataclass(frozen=True)
class Outcome:
    """What one rebuild gave: the files it wrote, or the problems that stopped it; and the files to
    watch from now on (the site file and the pack files it names)."""

    written: tuple[Path, ...]
    problems: tuple[str, ...]
    watched: tuple[Path, ...]
    seconds: float


def problem_lines(error: SheetgenError) -> list[str]:
    """The lines ``sheetgen check`` prints for *error*."""
    lines = [f"error: {problem}" for problem in error.problems]
    if len(error.problems) > 1:
        lines.append(f"{len(error.problems)} problems; nothing was written.")
    return lines


def rebuild(build: Callable[[], tuple[list[Path], list[Path]]], watched: tuple[Path, ...]) -> Outcome:
    """Run *build* (which gives the files it wrote and the files it read); a SheetgenError becomes the
    outcome's problems, and the files watched stay *watched* (with the files the problems are in)."""
    start = time.perf_counter()
    try:
        written, read = build()
    except SheetgenError as error:
        # Watch the files the problems are in too (a pack file the site names, say), to see them fixed.
        named = [Path(p.location.file) for p in error.problems if p.location.file]
        more = [path for path in named if path.is_file()]
        return Outcome(
            (), tuple(problem_lines(error)), tuple(dict.fromkeys([*watched, *more])), time.perf_counter() - start
        )
    return Outcome(tuple(written), (), tuple(dict.fromkeys([*read, *watched[:1]])), time.perf_counter() - start)


def watch(
    build: Callable[[], tuple[list[Path], list[Path]]],
    first: Path,
    report: Callable[[Outcome], None],
    *,
    poll: float = POLL_SECONDS,
    rounds: int | None = None,
) -> None:
    """Build once, then again whenever a watched file changes, calling *report* after each build.

    *first* is the file watched before the first build has said what it read. *rounds* (for tests)
    stops after that many builds; otherwise this runs until interrupted.
    """
    now = stamps([first])
    outcome = rebuild(build, (first,))
    report(outcome)
    seen = {path: now[path] if path in now else stamp(path) for path in outcome.watched}
    done = 1
    while rounds is None or done < rounds:
        time.sleep(poll)
        now = stamps(outcome.watched)
        if now == seen:
            continue
        # Wait until the files stop changing, so a save written in several steps is read once, whole.
        while True:
            time.sleep(poll)
            settled = stamps(outcome.watched)
            if settled == now:
                break
            now = settled
        outcome = rebuild(build, outcome.watched)
        # Files read before are compared with what this build read, so a save made during it is seen.
        seen = {path: now[path] if path in now else stamp(path) for path in outcome.watched}
        report(outcome)
        done += 1


# --- the sheets of a site ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetOptions:
    """What `sheetgen watch` builds: which sheet, on what paper, with which seed, and where it goes."""

    sheet: str
    render: RenderOptions
    seed: int
    hours: int | None = None  # None: the pack's horizon
    card_size: Literal["poker", "index"] = "poker"
    backs: bool = False
    use_cache: bool = True
    output: Path | None = None
    language: str | None = None
    """The language --language or the settings file chose for sheetgen's words; None: the site's."""


def _packet(loaded: LoadedSite, options: SheetOptions) -> bytes:
    from sheetgen.packet.build import PacketOptions, build_packet, made_on

    return build_packet(
        loaded,
        PacketOptions(
            render=options.render,
            seed=options.seed,
            hours=options.hours,
            card_size=options.card_size,
            backs=options.backs,
            made_on=made_on(),
            use_cache=options.use_cache,
        ),
    ).pdf


def _cards(loaded: LoadedSite, options: SheetOptions) -> bytes:
    from sheetgen.render.pdf.cards import cards_pdf

    return cards_pdf(loaded, options.render, size=options.card_size, backs=options.backs)


def _reference(loaded: LoadedSite, options: SheetOptions) -> bytes:
    from sheetgen.packet.build import cached_reference

    return cached_reference(loaded.pack, options.render, players=False, use_cache=options.use_cache)


def _tracker(loaded: LoadedSite, options: SheetOptions) -> bytes:
    from sheetgen.render.pdf.trackers import tracker_pdf

    return tracker_pdf(loaded.pack, options.render, hours=options.hours)


def _timetable(loaded: LoadedSite, options: SheetOptions) -> bytes:
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.render.pdf.timetable import timetable_pdf

    table = build_timetable(
        loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=options.hours, seed=options.seed
    )
    return timetable_pdf(table, options.render)


#: The sheets `sheetgen watch --sheet` makes, and how each is drawn from a loaded site.
SHEETS: dict[str, Callable[[LoadedSite, SheetOptions], bytes]] = {
    "packet": _packet,
    "cards": _cards,
    "reference": _reference,
    "tracker": _tracker,
    "timetable": _timetable,
}


def files_read(loaded: LoadedSite) -> list[Path]:
    """The site file and the pack files it names."""
    from sheetgen.load.files import contained_pack_path

    paths = [loaded.path]
    for name in (loaded.site.system, loaded.site.encounters):
        if name is not None:
            paths.append(contained_pack_path(name, loaded.path.parent))
    return paths


def site_builder(site: str, options: SheetOptions) -> Callable[[], tuple[list[Path], list[Path]]]:
    """A build for :func:`watch`: load *site* and its packs afresh, draw the sheet, write it atomically."""
    from sheetgen.load.files import forget_loaded_packs, load_site
    from sheetgen.output import default_path, prepare_default_folder, write_atomic
    from sheetgen.words.language import SOURCE, document_language, supported, using

    def build() -> tuple[list[Path], list[Path]]:
        forget_loaded_packs()
        loaded = load_site(site)
        words = supported(options.language or loaded.language) or SOURCE
        render = replace(options.render, language=document_language(loaded.language, words), words=words)
        with using(words):
            data = SHEETS[options.sheet](loaded, replace(options, render=render))
        target = options.output
        if target is None:
            prepare_default_folder()
            target = default_path(loaded.slug, options.sheet)
        return [write_atomic(target, data)], files_read(loaded)

    return build
