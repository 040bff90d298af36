"""The session packet: every part rendered, then merged with pypdf into one PDF.

Takes a loaded site and packet options; gives the packet's PDF bytes: a cover with contents, the
reference pages, the trackers, the timetable and encounter deck, the room cards and the stat cards,
with an outline, page labels that match the printed page numbers, a footer on every page but the
cards, the document's metadata and language, and the title shown in the viewer's title bar. The
reference pages' tags do not survive the merge: the packet is not a tagged PDF. Reproducible: the
same inputs and seed give the same bytes.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Literal

from sheetgen import __version__
from sheetgen.load.files import LoadedSite
from sheetgen.model.pack import Pack
from sheetgen.options import RenderOptions

if TYPE_CHECKING:
    from pypdf import PdfReader, PdfWriter

Progress = Callable[[str], None]


def made_on() -> date:
    """Today, or the day SOURCE_DATE_EPOCH names, so that a rebuild can reproduce a packet exactly."""
    from sheetgen.clock import today

    return today()


@dataclass(frozen=True)
class PacketOptions:
    render: RenderOptions
    seed: int
    hours: int = 3
    audience: Literal["gm", "players"] = "gm"
    card_size: Literal["poker", "index"] = "poker"
    backs: bool = False
    made_on: date = field(default_factory=date.today)
    use_cache: bool = True
    workers: int | None = None  # processes for reference pages not in the cache; None: as many as help


@dataclass(frozen=True)
class Part:
    """A rendered part of the packet and the outline entries inside it."""

    title: str
    pdf: bytes
    footer: bool = True
    entries: tuple[tuple[str, int], ...] = ()  # (title, page index within the part)


@dataclass(frozen=True)
class Packet:
    pdf: bytes
    pages: int
    contents: tuple[tuple[str, int], ...]  # (part title, first page number)


def _packs(loaded: LoadedSite) -> list[Pack]:
    packs = [loaded.pack]
    if loaded.encounter_pack is not None and loaded.encounter_pack.id != loaded.pack.id:
        packs.append(loaded.encounter_pack)
    return packs


Timings = dict[str, float]
"""Seconds spent in each phase of a build, for the benchmark: see :func:`build_packet`."""


@contextlib.contextmanager
def _phase(timings: Timings | None, name: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        if timings is not None:
            timings[name] = timings.get(name, 0.0) + time.perf_counter() - start


def _reference_key(pack: Pack, render: RenderOptions, players: bool) -> str:
    from sheetgen.packet import cache

    return cache.key_for("reference", repr(pack), render.paper.name, "players" if players else "gm",
                         render.ink, "large" if render.large else "")


def readable_pdf(data: bytes) -> bool:
    """Whether *data* is a PDF pypdf can read, with at least one page: a cache entry must be one."""
    if not data.startswith(b"%PDF-"):
        return False
    from pypdf import PdfReader

    try:
        return len(PdfReader(io.BytesIO(data), strict=False).pages) > 0
    except Exception:  # pypdf raises many kinds of errors on a damaged file
        return False


def cached_reference(pack: Pack, render: RenderOptions, *, players: bool, use_cache: bool) -> bytes:
    """The pack's reference pages, from the cache when this pack, paper and audience were drawn before."""
    from sheetgen.packet import cache

    def make() -> bytes:
        from sheetgen.render.html.reference import reference_pdf

        return reference_pdf(pack, render, players=players)

    return cache.cached(_reference_key(pack, render, players), make, use=use_cache, valid=readable_pdf)


def _drawing_options(render: RenderOptions) -> str:
    """The render options a drawn part depends on: all but the seed, which only the timetable prints."""
    return repr(replace(render, seed=None))


def cached_trackers(pack: Pack, render: RenderOptions, *, audience: Literal["gm", "players"] | None,
                    use_cache: bool) -> bytes:
    """The pack's tracker pages, from the cache when this pack was drawn with these options before."""
    from sheetgen.packet import cache

    def make() -> bytes:
        from sheetgen.render.pdf.trackers import tracker_pdf

        return tracker_pdf(pack, render, audience=audience)

    key = cache.key_for("trackers", repr(pack), _drawing_options(render), audience or "all")
    return cache.cached(key, make, use=use_cache, valid=readable_pdf)


def cached_cards(loaded: LoadedSite, options: PacketOptions) -> tuple[bytes, tuple[tuple[str, int], ...]]:
    """The room and stat cards and their outline entries, from the cache when the site's rooms and
    statblocks were drawn on this paper, in this size, before (a new seed draws no card again)."""
    import json

    from sheetgen.packet import cache

    def make() -> bytes:
        from sheetgen.layout.cards import card_layout
        from sheetgen.render.pdf.cards import draw_card_sheet

        sheet = card_layout(loaded, options.render.paper, size=options.card_size, backs=options.backs)
        entries = [[f"Room {card.key}: {card.name}" if card.kind == "room" else f"Stats: {card.name}", card.page]
                   for card in sheet.cards if card.part == 0]
        return json.dumps(entries, ensure_ascii=False).encode() + b"\n" + draw_card_sheet(sheet, options.render)

    key = cache.key_for("cards", repr(loaded.site), _drawing_options(options.render), options.card_size,
                        "backs" if options.backs else "fronts")
    head, _, pdf = cache.cached(key, make, use=options.use_cache, valid=_readable_cards).partition(b"\n")
    return pdf, _card_entries(head)


def _card_entries(head: bytes) -> tuple[tuple[str, int], ...]:
    import json

    return tuple((str(title), int(page)) for title, page in json.loads(head))


def _readable_cards(data: bytes) -> bool:
    """Whether *data* is a card entry: a line of outline entries, then a readable PDF."""
    head, _, pdf = data.partition(b"\n")
    try:
        _card_entries(head)
    except (ValueError, TypeError):
        return False
    return readable_pdf(pdf)


def _reference_job(pack: Pack, render: RenderOptions, players: bool, use_cache: bool) -> tuple[bytes, float]:
    """Render a pack's reference pages and keep them in the cache (a job for a worker process); give the
    PDF and the seconds it took."""
    from sheetgen.packet import cache
    from sheetgen.render.html.reference import reference_pdf

    start = time.perf_counter()
    pdf = reference_pdf(pack, render, players=players)
    if use_cache:
        cache.store(_reference_key(pack, render, players), pdf)
    return pdf, time.perf_counter() - start


def _import_weasyprint() -> None:
    """Import WeasyPrint (about half a second) once, before worker processes are forked from this one."""
    import weasyprint  # noqa: F401

    import sheetgen.render.html.reference  # noqa: F401


def _kept(pdf: bytes) -> tuple[bytes, float]:
    return pdf, 0.0


def render_parts(loaded: LoadedSite, options: PacketOptions, progress: Progress,
                 timings: Timings | None = None) -> list[Part]:
    """Every part of the packet after the cover, in order.

    Reference pages missing from the cache are rendered in worker processes (WeasyPrint is the slow
    part) while this process draws the trackers, the timetable and the cards with ReportLab.
    """
    from sheetgen.packet import cache
    from sheetgen.packet.workers import Jobs

    players = options.audience == "players"
    packs = _packs(loaded)
    kept = [cache.load(_reference_key(pack, options.render, players), readable_pdf) if options.use_cache
            else None for pack in packs]
    missing = sum(pdf is None for pdf in kept)
    workers = missing if options.workers is None else min(options.workers, missing)
    with Jobs(workers, preload=_import_weasyprint) as jobs:
        references: list[Callable[[], tuple[bytes, float]]] = []
        for pack, pdf in zip(packs, kept, strict=True):
            if pdf is None:
                progress(f"reference: {pack.name}")
                references.append(jobs.submit(_reference_job, pack, options.render, players, options.use_cache))
            else:
                references.append(functools.partial(_kept, pdf))
        drawn = _draw_parts(loaded, options, progress, timings)
        parts: list[Part] = []
        with _phase(timings, "weasyprint"):
            for pack, reference in zip(packs, references, strict=True):
                pdf, seconds = reference()
                parts.append(Part(f"Reference: {pack.name}", pdf))
                if timings is not None:
                    timings["weasyprint, each pack in its worker"] = (
                        timings.get("weasyprint, each pack in its worker", 0.0) + seconds)
    return parts + drawn


def _draw_parts(loaded: LoadedSite, options: PacketOptions, progress: Progress,
                timings: Timings | None) -> list[Part]:
    """The parts drawn with ReportLab: trackers, timetable and encounter deck, room and stat cards."""
    with _phase(timings, "reportlab"):
        from sheetgen.render.pdf.timetable import timetable_pdf
    players = options.audience == "players"
    parts: list[Part] = []
    for pack in _packs(loaded):
        pages = [t for t in pack.trackers if not players or t.audience == "players"]
        if pages:
            progress(f"trackers: {pack.name}")
            audience: Literal["gm", "players"] | None = "players" if players else None
            with _phase(timings, "reportlab"):
                parts.append(Part(f"Trackers: {pack.name}", cached_trackers(pack, options.render, audience=audience,
                                                                            use_cache=options.use_cache)))
    if players:
        return parts
    progress("timetable and encounter deck")
    with _phase(timings, "engine"):
        from sheetgen.engine.timetable import build_timetable

        timetable = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack,
                                    hours=options.hours, seed=options.seed)
    with _phase(timings, "reportlab"):
        parts.append(Part("Timetable and encounter deck", timetable_pdf(timetable, options.render)))
        progress("room and stat cards")
        cards, entries = cached_cards(loaded, options)
    parts.append(Part("Room and stat cards", cards, footer=False, entries=entries))
    return parts


def build_packet(loaded: LoadedSite, options: PacketOptions, progress: Progress = lambda _: None,
                 timings: Timings | None = None) -> Packet:
    """Render and merge the whole packet.

    *timings*, when given, is filled with the seconds spent in each phase: ``engine`` (the pre-rolled
    timetable), ``weasyprint`` (reference pages, as long as this process waited for them; the time each
    pack took in its worker is ``weasyprint, each pack in its worker``), ``reportlab`` (every other page
    and the cover) and ``merge`` (pypdf, with the footers).
    """
    parts = render_parts(loaded, options, progress, timings)
    progress("cover and merge")
    with _phase(timings, "merge"):
        from pypdf import PdfReader

        readers = [PdfReader(io.BytesIO(part.pdf)) for part in parts]
    contents: list[tuple[str, int]] = []
    page = 2  # the cover is page 1
    for part, reader in zip(parts, readers, strict=True):
        contents.append((part.title, page))
        page += len(reader.pages)
    with _phase(timings, "reportlab"):
        cover = Part("Cover", _cover(loaded, options, contents))
    with _phase(timings, "merge"):
        readers.insert(0, PdfReader(io.BytesIO(cover.pdf)))
    return _merge(loaded, options, [cover, *parts], readers, tuple(contents), timings)


def _cover(loaded: LoadedSite, options: PacketOptions, contents: list[tuple[str, int]]) -> bytes:
    from sheetgen.render.pdf.cover import cover_pdf

    paper = options.render.paper
    facts = [
        ("Rules", " + ".join(p.name for p in _packs(loaded))),
        ("Made", f"{options.made_on.isoformat()} with sheetgen {__version__}"),
    ]
    if options.audience == "gm":
        # The seed reproduces the secret timetable: it is printed on the GM's cover only.
        facts[1:1] = [("Seed", str(options.seed)), ("Timetable", f"{options.hours} hours of play, pre-rolled")]
    if loaded.site.author:
        facts.insert(0, ("Author", loaded.site.author))
    kind = "Session packet for the players" if options.audience == "players" else "Session packet"
    return cover_pdf(paper, loaded.site.site, kind, facts, contents, language=loaded.language,
                     summary=_summary(loaded, gm=options.audience == "gm"))


def _summary(loaded: LoadedSite, *, gm: bool) -> list[str]:
    """The rules in brief for the cover, in the words every sheet uses: each pack's time unit, and for
    the GM its check and the tracks that move it (the players' cover has neither)."""
    from sheetgen.words import check_sentence, duration, track_range, when_clause

    lines: list[str] = []
    for pack in _packs(loaded):
        time = pack.time
        lines.append(f"**{pack.name}.** A {time.unit} lasts {duration(time.length)}"
                     + (f", {time.actions_per_unit} {time.action}s" if time.actions_per_unit > 1 else "") + ".")
        if gm and pack.check is not None:
            lines.append(f"**{pack.check.name}** ({when_clause(pack.check.when)}): {check_sentence(pack)}.")
            for track in pack.tracks:
                lines.append(f"**{track.name}** {track_range(track)}, starts at {track.initial}.")
    return lines


def _merge(loaded: LoadedSite, options: PacketOptions, parts: list[Part], readers: list[PdfReader],
           contents: tuple[tuple[str, int], ...], timings: Timings | None) -> Packet:
    """One PDF of *parts* (read by *readers*), with footers, outline, page labels and metadata."""
    with _phase(timings, "merge"):
        from pypdf import PdfReader, PdfWriter

        writer = PdfWriter()
        labels: list[tuple[str, int] | None] = []
        starts: list[int] = []
        for part, reader in zip(parts, readers, strict=True):
            starts.append(len(writer.pages))
            writer.append(reader, import_outline=False)
            for _ in reader.pages:
                labels.append((part.title, len(labels) + 1) if part.footer else None)
    with _phase(timings, "reportlab"):
        from sheetgen.render.pdf.cover import footers_pdf

        footer_pdf = footers_pdf(options.render.paper, loaded.site.site, labels)
    with _phase(timings, "merge"):
        return _finish(loaded, options, writer, parts, starts, labels, PdfReader(io.BytesIO(footer_pdf)),
                       contents)


def _finish(loaded: LoadedSite, options: PacketOptions, writer: PdfWriter, parts: list[Part], starts: list[int],
            labels: list[tuple[str, int] | None], footers: PdfReader, contents: tuple[tuple[str, int], ...]) -> Packet:
    from pypdf.constants import PageLabelStyle
    from pypdf.generic import ArrayObject, BooleanObject, ByteStringObject, NameObject, TextStringObject

    for index, label in enumerate(labels):
        if label is not None:
            writer.pages[index].merge_page(footers.pages[index])
    for part, start in zip(parts, starts, strict=True):
        parent = writer.add_outline_item(title=part.title, page_number=start)
        for title, offset in part.entries:
            writer.add_outline_item(title=title, page_number=start + offset, parent=parent)
    writer.set_page_label(0, len(writer.pages) - 1, style=PageLabelStyle.DECIMAL, start=1)
    packs = _packs(loaded)
    players = options.audience == "players"
    subject = "Session packet" + (" for the players" if players else "")
    seed = [] if players else [f"seed {options.seed}"]  # the seed reproduces the GM's secret timetable
    metadata = {
        "/Title": f"{loaded.site.site}: session packet",
        "/Subject": "; ".join([f"{subject}: {', '.join(p.name for p in packs)}", *seed]),
        "/Author": loaded.site.author or "sheetgen",
        "/Keywords": ", ".join(["session packet", loaded.site.site, *(p.id for p in packs),
                                *seed, options.render.paper.name]),
        "/Creator": f"sheetgen {__version__}",
        "/Producer": "sheetgen (pypdf)",
    }
    writer.add_metadata(metadata)
    writer.page_mode = "/UseOutlines"
    writer._root_object[NameObject("/Lang")] = TextStringObject(loaded.language)
    writer.create_viewer_preferences()[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    # A document id made from everything the packet is made of keeps rebuilds byte-identical.
    digest = hashlib.sha256(repr((metadata, labels, [(p.title, p.entries) for p in parts])).encode())
    for part in parts:
        digest.update(hashlib.sha256(part.pdf).digest())
    identifier = ByteStringObject(digest.digest()[:16])
    writer._ID = ArrayObject([identifier, identifier])
    buffer = io.BytesIO()
    writer.write(buffer)
    return Packet(buffer.getvalue(), len(writer.pages), contents)
