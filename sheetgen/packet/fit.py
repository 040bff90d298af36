"""Whether a pack's pages fit on their paper: packs and a paper in, the problems of the pages that do not out.

Each reference page is laid out as `sheetgen reference` lays it out (in worker processes, as a packet's are)
and each tracker page as `sheetgen tracker` lays it out, and no PDF is written: this is what `sheetgen
check` asks beyond the files' own rules. A page that does not fit is reported at the line and column of
the pack file where the part that ran over is written (:func:`sheetgen.load.files.located`). A pack whose
pages fitted is remembered in the cache, so that checking it again lays out nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.errors import Problem, RenderError, SheetgenError
from sheetgen.load.files import located
from sheetgen.model.pack import Pack
from sheetgen.options import RenderOptions
from sheetgen.packet import cache
from sheetgen.packet.reference_workers import preload_references
from sheetgen.packet.workers import Jobs, cores

#: The kind of the cache's entries that say a pack's pages fitted on a paper.
KIND = "fits"


def fit_workers() -> Jobs:
    """The workers for :func:`misfits`: as many as the cores, WeasyPrint imported once for all of them."""
    return Jobs(cores(), preload=preload_references)


def misfits(packs: Sequence[Pack], options: RenderOptions, jobs: Jobs, *, use_cache: bool = True) -> list[Problem]:
    """The problems of every page of *packs* that does not fit on ``options.paper``, each located in its
    pack's file; none when all fit."""
    keys = [_key(pack, options) for pack in packs]
    unknown = [(pack, key) for pack, key in zip(packs, keys, strict=True) if not (use_cache and _known(key))]
    results = jobs.start([(lay_out_pages, (pack, options)) for pack, _ in unknown])
    problems: list[Problem] = []
    for (pack, key), result in zip(unknown, results, strict=True):
        try:
            result()
        except SheetgenError as exc:
            problems.extend(located(exc, pack).problems)
            continue
        if use_cache:
            cache.store(key, b"fits\n", durable=False)
    return problems


def lay_out_pages(pack: Pack, options: RenderOptions) -> None:
    """Lay out the pack's reference pages and tracker pages (a job for a worker process); a RenderError
    with the problems of the reference and of the trackers when either cannot be drawn as promised."""
    problems: list[Problem] = []
    for lay_out in (_lay_out_reference, _lay_out_trackers):
        try:
            lay_out(pack, options)
        except SheetgenError as exc:
            problems.extend(exc.problems)
    if problems:
        raise RenderError(problems)


def _lay_out_reference(pack: Pack, options: RenderOptions) -> None:
    from sheetgen.render.html.reference import fit_reference

    fit_reference(pack, options)


def _lay_out_trackers(pack: Pack, options: RenderOptions) -> None:
    from sheetgen.render.pdf.trackers import tracker_layouts

    if pack.trackers:
        tracker_layouts(pack, options)


def _key(pack: Pack, options: RenderOptions) -> str:
    return cache.key_for(KIND, repr(pack), repr(options))


def _known(key: str) -> bool:
    return cache.load(key, lambda data: data == b"fits\n") is not None
