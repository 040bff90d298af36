"""Whether a pack's pages fit on their paper: packs and a paper in, the problems of the pages that do not out.

Each reference page is laid out as `sheetgen reference` lays it out (in worker processes, as a packet's are)
and each tracker page as `sheetgen tracker` lays it out, and no PDF is written: this is what `sheetgen
check` asks beyond the files' own rules. A page that does not fit is reported at the line and column of
the pack file where the part that ran over is written (:func:`sheetgen.load.files.located`). The pages
are laid out in the language of sheetgen's words the options carry, and the messages its catalogue lacks
(printed in English) are noted as they are used. A pack whose pages fitted is remembered in the cache with
those messages, keyed by the catalogue too, so that checking it again lays out nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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


@dataclass(frozen=True)
class PagesChecked:
    """What laying out the packs' pages found: the problems of the pages that do not fit, and for each pack
    (in the order given) the messages of sheetgen's that its pages print in English for want of a
    translation, sorted (none in English)."""

    problems: tuple[Problem, ...]
    untranslated: tuple[tuple[str, ...], ...]


def misfits(packs: Sequence[tuple[Pack, RenderOptions]], jobs: Jobs, *, use_cache: bool = True) -> PagesChecked:
    """Lay out every page of each pack on its options' paper and in their language: the problems of those
    that do not fit, each located in its pack's file (none when all fit), and the untranslated messages."""
    keys = [_key(pack, options) for pack, options in packs]
    known = [_known(key) if use_cache else None for key in keys]
    unknown = [i for i, found in enumerate(known) if found is None]
    results = jobs.start([(lay_out_pages, packs[i]) for i in unknown])
    untranslated: list[tuple[str, ...]] = [found or () for found in known]
    problems: list[Problem] = []
    for i, result in zip(unknown, results, strict=True):
        try:
            untranslated[i] = result()
        except SheetgenError as exc:
            problems.extend(located(exc, packs[i][0]).problems)
            continue
        if use_cache:
            cache.store(keys[i], "\n".join(("fits", *untranslated[i])).encode() + b"\n", durable=False)
    return PagesChecked(tuple(problems), tuple(untranslated))


def lay_out_pages(pack: Pack, options: RenderOptions) -> tuple[str, ...]:
    """Lay out the pack's reference pages and tracker pages in ``options.words`` (a job for a worker
    process); give the messages that printed in English for want of a translation, sorted. A RenderError
    with the problems of the reference and of the trackers when either cannot be drawn as promised."""
    from sheetgen.words.language import recording_misses, using

    problems: list[Problem] = []
    with using(options.words), recording_misses() as misses:
        for lay_out in (_lay_out_reference, _lay_out_trackers):
            try:
                lay_out(pack, options)
            except SheetgenError as exc:
                problems.extend(exc.problems)
    if problems:
        raise RenderError(problems)
    return tuple(sorted(misses))


def _lay_out_reference(pack: Pack, options: RenderOptions) -> None:
    from sheetgen.render.html.reference import fit_reference

    fit_reference(pack, options)


def _lay_out_trackers(pack: Pack, options: RenderOptions) -> None:
    from sheetgen.render.pdf.trackers import tracker_layouts

    if pack.trackers:
        tracker_layouts(pack, options)


def _key(pack: Pack, options: RenderOptions) -> str:
    from sheetgen.words.language import catalogue_digest

    return cache.key_for(KIND, repr(pack), repr(options), catalogue_digest(options.words))


def _known(key: str) -> tuple[str, ...] | None:
    """The untranslated messages of a pack whose pages are known to fit; None when that is not known."""
    data = cache.load(key, lambda data: _fitted(data) is not None)
    return None if data is None else _fitted(data)


def _fitted(data: bytes) -> tuple[str, ...] | None:
    lines = data.decode("utf-8", "replace").split("\n")
    return tuple(lines[1:-1]) if lines[0] == "fits" and lines[-1] == "" else None
