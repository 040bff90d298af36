"""The session packet: every part rendered, then merged with pypdf into one PDF.

Takes a loaded site and packet options; gives the packet's PDF bytes: a cover (contents, the session's
facts, the rules in brief and a log), for the game master the site's background and room index and the
map of its exits, the
reference pages, the trackers, the timetable and encounter
deck, the room cards and the stat cards, each page numbered in the packet in its header's slot, with
an outline, page labels that match the printed page numbers, the document's metadata and language, and
the title shown in the viewer's title bar. The reference pages' tags do not survive the merge: the
packet is not a tagged PDF. Reproducible: the same inputs and seed give the same bytes."""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Literal

from sheetgen import __version__
from sheetgen.layout.cover import PackBrief
from sheetgen.layout.header import PageSlot
from sheetgen.load.files import located_in
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack
from sheetgen.options import Audience, Drawn, RenderOptions
from sheetgen.packet import cache
from sheetgen.packet.reference_workers import preload_references
from sheetgen.packet.workers import Jobs
from sheetgen.words.language import _, after_colon, ngettext, semicolons

if TYPE_CHECKING:
    from pypdf import PdfReader, PdfWriter

    from sheetgen.engine.timetable import Timetable

Progress = Callable[[str], None]


def made_on() -> date:
    """Today, or the day SOURCE_DATE_EPOCH names, so that a rebuild can reproduce a packet exactly."""
    from sheetgen.clock import today

    return today()


@dataclass(frozen=True)
class PacketOptions:
    render: RenderOptions
    seed: int
    hours: int | None = None  # None: the pack's horizon
    audience: Audience = Audience.GM
    card_size: Literal["poker", "index"] = "poker"
    backs: bool = False
    made_on: date = field(default_factory=date.today)
    use_cache: bool = True
    workers: int | None = None  # processes for reference pages not in the cache; None: as many as help

    def __post_init__(self) -> None:
        object.__setattr__(self, "audience", Audience(self.audience))  # "gm" or "players" as the enum


@dataclass(frozen=True)
class Part:
    """A rendered part of the packet and the outline entries inside it."""

    title: str
    pdf: bytes
    slots: tuple[PageSlot, ...] = ()
    """Each page's page-number slot, left empty by its header for the packet to stamp its own number
    in; none for pages without a header (the cards)."""
    entries: tuple[tuple[str, int], ...] = ()  # (title, page index within the part)
    anchors: tuple[tuple[str, int], ...] = ()
    """Things inside the part that another page points to ("card-5", a deck's card), and the index within
    the part of the page they are on, so that a pointer is counted in the packet as merged."""


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
    return cache.key_for("reference", repr(pack), render.drawing_key(Drawn.REFERENCE), "players" if players else "gm")


_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*\Z")


def readable_pdf(data: bytes) -> bool:
    """Whether *data* is a whole PDF: a cache entry must be one.

    The cache has already checked the entry's bytes against the SHA-256 it was written with, so this
    only tells a PDF from an entry of another kind, and cheaply (parsing every cached part before the
    merge parses it again took a fifth of a rebuild): the header, the end-of-file marker, and the
    cross-reference the trailer points at.
    """
    if not data.startswith(b"%PDF-"):
        return False
    match = _STARTXREF.search(data, max(0, len(data) - 64))
    if match is None:
        return False
    offset = int(match[1])
    return 0 < offset < match.start() and (
        data.startswith(b"xref", offset) or re.match(rb"\d+ \d+ obj", data[offset : offset + 24]) is not None
    )


def cached_reference(pack: Pack, render: RenderOptions, *, players: bool, use_cache: bool) -> bytes:
    """The pack's reference pages, from the cache when this pack, paper and audience were drawn before."""

    def make() -> bytes:
        from sheetgen.render.html.reference import reference_pdf

        return reference_pdf(pack, render, players=players)

    return cache.cached(_reference_key(pack, render, players), make, use=use_cache, valid=readable_pdf)


def cached_trackers(
    pack: Pack, render: RenderOptions, *, audience: Audience | None, use_cache: bool, hours: int | None = None
) -> bytes:
    """The pack's tracker pages for *hours* of play, from the cache when this pack was drawn with these
    options before."""

    def make() -> bytes:
        from sheetgen.render.pdf.trackers import tracker_pdf

        return tracker_pdf(pack, render, audience=audience, hours=hours)

    return cache.cached(_trackers_key(pack, render, audience, hours), make, use=use_cache, valid=readable_pdf)


def _trackers_key(pack: Pack, render: RenderOptions, audience: Audience | None, hours: int | None) -> str:
    return cache.key_for("trackers", repr(pack), render.drawing_key(Drawn.TRACKERS), audience or "all", repr(hours))


def cached_cards(loaded: LoadedSite, options: PacketOptions) -> tuple[bytes, tuple[tuple[str, int], ...]]:
    """The room and stat cards and their outline entries, from the cache when the site's rooms and
    statblocks were drawn on this paper, in this size, before (a new seed draws no card again); else
    drawn, with each room's and statblock's cards set as kept in the cache when they were set before
    (an edit to one room sets only that room's cards again)."""
    import json

    def make() -> bytes:
        from sheetgen.layout.cards import card_layout
        from sheetgen.render.pdf.cards import draw_card_sheet

        fits = _CachedFits() if options.use_cache else None
        sheet = card_layout(loaded, options.render.paper, size=options.card_size, backs=options.backs, fits=fits)
        entries = [
            [
                _("Room {key}: {name}").format(key=card.key, name=card.name)
                if card.kind == "room"
                else _("Stats: {name}").format(name=card.name),
                card.page,
            ]
            for card in sheet.cards
            if card.part == 0
        ]
        return json.dumps(entries, ensure_ascii=False).encode() + b"\n" + draw_card_sheet(sheet, options.render)

    head, _sep, pdf = cache.cached(
        _cards_key(loaded, options), make, use=options.use_cache, valid=_readable_cards
    ).partition(b"\n")
    return pdf, _card_entries(head)


def _cards_key(loaded: LoadedSite, options: PacketOptions) -> str:
    # the grid a deck is laid out in follows from the paper and the card size (and sheetgen's version, in
    # every key), so entries drawn in another grid are never taken for these
    return cache.key_for(
        "cards",
        repr(loaded.site),
        options.render.drawing_key(Drawn.CARDS),
        options.card_size,
        "backs" if options.backs else "fronts",
    )


class _CachedFits:
    """Each room's and statblock's set cards in the cache, so that after a one-room edit only that room's
    cards are set again (sheetgen.layout.cards.FitStore)."""

    def load(self, key: str) -> bytes | None:
        # what the entry holds is checked where it is read (an entry that does not hold set cards is set
        # again and replaced)
        return cache.load(cache.key_for("card-fit", key))

    def store(self, key: str, data: bytes) -> None:
        cache.store(cache.key_for("card-fit", key), data, durable=False)


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


def _part_key(pack: Pack, render: RenderOptions, players: bool) -> str:
    return cache.key_for("reference-part", _reference_key(pack, render, players), "untagged")


def packet_part(pdf: bytes) -> bytes:
    """Reference pages as a packet merges them: their pages and what the pages use, written again by pypdf.

    WeasyPrint packs a page's objects into compressed object streams that pypdf must unpack whole to find
    one object; a packet parses the pages on every build, so the part is kept in the cache as plain
    objects, which a rebuild reads in a few milliseconds. The same reference PDF always gives the same
    bytes.
    """
    from pypdf import PdfReader, PdfWriter

    from sheetgen.compat.pypdf_objects import set_document_id

    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(pdf)), import_outline=False)
    set_document_id(writer, hashlib.sha256(pdf).digest()[:16])
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _reference_job(pack: Pack, render: RenderOptions, players: bool) -> tuple[bytes, float]:
    """A pack's reference pages as a packet prints them, untagged (a job for a worker process); and the
    seconds they took."""
    from sheetgen.render.html.reference import reference_pdf

    start = time.perf_counter()
    pdf = reference_pdf(pack, render, players=players, tagged=False)
    return pdf, time.perf_counter() - start


def _kept_part(pack: Pack, render: RenderOptions, players: bool) -> bytes | None:
    """The pack's reference pages as a packet part, from the cache."""
    return cache.load(_part_key(pack, render, players), readable_pdf)


def render_parts(
    loaded: LoadedSite,
    options: PacketOptions,
    progress: Progress,
    timings: Timings | None = None,
    jobs: Jobs | None = None,
    timetable: Timetable | None = None,
) -> list[Part]:
    """Every part of the packet after the cover, in order.

    Reference pages missing from the cache are rendered in worker processes (WeasyPrint is the slow
    part) while this process draws the trackers, the timetable and the cards with ReportLab. Every
    header is drawn with its page-number slot empty (the packet numbers its pages when it merges them),
    so a part is the same, and cached once, wherever it falls in a packet. *jobs*: the workers to render
    them with (see :func:`~sheetgen.packet.reference_workers.reference_workers`); by default as many as
    there are packs to render, at most ``options.workers``. *timetable*: the session's, when the caller
    pre-rolled it already (see :func:`pre_roll`).
    """
    from sheetgen.layout.header import page_slot

    options = replace(options, render=replace(options.render, page_numbers=False))

    players = options.audience == Audience.PLAYERS
    packs = _packs(loaded)
    kept = [_kept_part(pack, options.render, players) if options.use_cache else None for pack in packs]
    missing = sum(part is None for part in kept)
    workers = missing if options.workers is None else min(options.workers, missing)
    with contextlib.nullcontext(jobs) if jobs is not None else Jobs(workers, preload=preload_references) as jobs:
        missing_packs = [pack for pack, part in zip(packs, kept, strict=True) if part is None]
        for pack in missing_packs:
            progress(f"reference: {pack.name}")
        rendered = iter(jobs.start([(_reference_job, (pack, options.render, players)) for pack in missing_packs]))
        front = _front_part(loaded, options, progress, timings)
        drawn = _draw_parts(loaded, options, progress, timings, timetable)
        parts: list[Part] = []
        slot = page_slot(options.render.paper, drawn_by="html")
        with _phase(timings, "weasyprint"):
            for pack, part in zip(packs, kept, strict=True):
                if part is None:
                    with located_in(pack):
                        pdf, seconds = next(rendered)()
                    part = packet_part(pdf)
                    if options.use_cache:
                        cache.store(_part_key(pack, options.render, players), part, durable=False)
                    if timings is not None:
                        timings["weasyprint, each pack in its worker"] = (
                            timings.get("weasyprint, each pack in its worker", 0.0) + seconds
                        )
                parts.append(Part(_("Reference: {pack}").format(pack=pack.name), part, (slot,) * _page_count(part)))
    return front + parts + drawn


def _front_part(loaded: LoadedSite, options: PacketOptions, progress: Progress, timings: Timings | None) -> list[Part]:
    """The game master's front pages: the site's background and its room index, then the map of its exits
    (the players get none: all three tell what the party has yet to find)."""
    if options.audience == Audience.PLAYERS:
        return []
    from sheetgen.layout.header import page_slot
    from sheetgen.layout.site_front import site_front_layout
    from sheetgen.render.pdf.site_front import site_front_pdf
    from sheetgen.sheets.site_front import site_front

    progress("background and room index")
    with _phase(timings, "reportlab"):
        layout = site_front_layout(site_front(loaded.site, loaded.pack.words.gm, loaded.pack), options.render.paper)
        pdf = site_front_pdf(
            layout,
            loaded.site.site,
            fillable=options.render.fillable,
            ink_saver=options.render.ink_saver,
            language=options.render.language,
        )
    slots = (page_slot(options.render.paper, drawn_by="reportlab"),) * len(layout.pages)
    entries = tuple((_(title)[:1].upper() + _(title)[1:], page) for title, page in layout.entries)
    return [Part(layout.title, pdf, slots, entries), _map_part(loaded, options, progress, timings)]


def _map_part(loaded: LoadedSite, options: PacketOptions, progress: Progress, timings: Timings | None) -> Part:
    """The map of the site's exits, after the room index; each page numbered where its own paper, portrait
    or landscape, puts the header's slot."""
    from sheetgen.layout.header import page_slot
    from sheetgen.packet.map_part import map_pdf

    progress("map")
    with _phase(timings, "reportlab"):
        pdf, layout = map_pdf(loaded, options.render)
    return Part(layout.title, pdf, tuple(page_slot(page.paper, drawn_by="reportlab") for page in layout.pages))


def _draw_parts(
    loaded: LoadedSite,
    options: PacketOptions,
    progress: Progress,
    timings: Timings | None,
    timetable: Timetable | None = None,
) -> list[Part]:
    """The parts drawn with ReportLab: trackers, timetable and encounter deck, room and stat cards."""
    from sheetgen.layout.header import page_slot

    with _phase(timings, "reportlab"):
        import sheetgen.render.pdf.timetable  # noqa: F401  (ReportLab's import, timed as its phase)
        from sheetgen.render.pdf.trackers import page_scale, sheet_scales
    from sheetgen.engine.odds import play_hours

    players = options.audience == Audience.PLAYERS
    paper = options.render.paper
    hours = play_hours(loaded.pack, options.hours)  # the session's: every pack's trackers cover it
    parts: list[Part] = []
    for pack in _packs(loaded):
        pages = [t for t in pack.trackers if not players or t.audience == Audience.PLAYERS]
        if pages:
            progress(f"trackers: {pack.name}")
            audience = Audience.PLAYERS if players else None
            with _phase(timings, "reportlab"):
                with located_in(pack):
                    drawn = cached_trackers(
                        pack, options.render, audience=audience, use_cache=options.use_cache, hours=hours
                    )
                # a large-print page may take more than one sheet: a slot for each sheet, at its scale
                scales = {page_scale(options.render, page.audience) for page in pages}
                each = (
                    [scales.pop()] * _page_count(drawn)
                    if len(scales) == 1
                    else sheet_scales(pack, options.render, audience, hours)
                )
                slots = tuple(page_slot(paper, drawn_by="reportlab", scale=scale) for scale in each)
                parts.append(Part(_("Trackers: {pack}").format(pack=pack.name), drawn, slots))
    if players:
        return parts
    progress("timetable and encounter deck")
    if timetable is None:
        timetable = pre_roll(loaded, options, timings)
    with _phase(timings, "reportlab"):
        drawn, anchors = _timetable_once(timetable, options.render)
        parts.append(
            Part(
                _("Timetable and encounter deck"),
                drawn,
                (page_slot(paper, drawn_by="reportlab"),) * _page_count(drawn),
                anchors=anchors,
            )
        )
        progress("room and stat cards")
        cards, entries = cached_cards(loaded, options)
    parts.append(Part(_("Room and stat cards"), cards, entries=entries))
    return parts


def _page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


#: Timetable pages drawn in this process, by everything they show, so that `sheetgen watch` (one process,
#: one seed) draws them again only when the site's tables or the pack changed. Not kept on disk: a new
#: seed is a new timetable.
_TIMETABLES: dict[str, tuple[bytes, tuple[tuple[str, int], ...]]] = {}


def _timetable_once(timetable: Timetable, render: RenderOptions) -> tuple[bytes, tuple[tuple[str, int], ...]]:
    """The timetable's pages, and the page index of each card of its deck ("card-1", ...)."""
    from sheetgen.render.pdf.timetable import timetable_pages

    key = hashlib.sha256(repr((timetable, render)).encode()).hexdigest()
    if key not in _TIMETABLES:
        if len(_TIMETABLES) >= 8:
            _TIMETABLES.clear()
        pdf, layout = timetable_pages(timetable, render)
        cards = tuple((f"card-{card.index}", i) for i, page in enumerate(layout.pages) for card in page.cards)
        _TIMETABLES[key] = pdf, cards
    return _TIMETABLES[key]


def build_packet(
    loaded: LoadedSite,
    options: PacketOptions,
    progress: Progress = lambda _: None,
    timings: Timings | None = None,
    jobs: Jobs | None = None,
) -> Packet:
    """Render and merge the whole packet (the reference pages not in the cache with *jobs*, see
    :func:`render_parts`).

    *timings*, when given, is filled with the seconds spent in each phase: ``engine`` (the pre-rolled
    timetable), ``weasyprint`` (reference pages, as long as this process waited for them; the time each
    pack took in its worker is ``weasyprint, each pack in its worker``), ``reportlab`` (every other page
    and the cover) and ``merge`` (pypdf, with the page numbers).
    """
    loaded = _one_word_for_the_gm(loaded)
    # one pre-rolled timetable for its pages and the cover's first encounters
    timetable = pre_roll(loaded, options, timings) if options.audience == Audience.GM else None
    parts = render_parts(loaded, options, progress, timings, jobs, timetable)
    progress("cover and merge")
    with _phase(timings, "merge"):
        from pypdf import PdfReader

        readers = [PdfReader(io.BytesIO(part.pdf)) for part in parts]
    contents: list[tuple[str, int]] = []
    anchors: dict[str, int] = {}
    page = 2  # the cover is page 1
    for part, reader in zip(parts, readers, strict=True):
        contents.append((part.title, page))
        anchors.update((name, page + index) for name, index in part.anchors)
        page += len(reader.pages)
    with _phase(timings, "reportlab"):
        cover = Part(_("Cover"), _cover(loaded, options, contents, anchors, timings, timetable))
    with _phase(timings, "merge"):
        readers.insert(0, PdfReader(io.BytesIO(cover.pdf)))
    return _merge(loaded, options, [cover, *parts], readers, tuple(contents), timings)


def _one_word_for_the_gm(loaded: LoadedSite) -> LoadedSite:
    """The site with its encounter pack calling the game master what its own pack does ("For the DM" on
    every page of one packet, not "For the GM" on some), since a packet is one publication."""
    extra, gm = loaded.encounter_pack, loaded.pack.words.gm
    if extra is None or extra.words.gm == gm:
        return loaded
    words = extra.words.model_copy(update={"gm": gm})
    return replace(loaded, encounter_pack=extra.model_copy(update={"words": words}))


def _cover(
    loaded: LoadedSite,
    options: PacketOptions,
    contents: list[tuple[str, int]],
    anchors: dict[str, int],
    timings: Timings | None = None,
    timetable: Timetable | None = None,
) -> bytes:
    """The cover: the contents and the session's facts, the rules in brief, for the game master the first
    encounters of the deck, and a ruled log (the players: a party roster and notes) on the rest of the
    page. The players' cover holds nothing secret: no seed, no check, no track, no encounter."""
    from sheetgen.engine.odds import play_hours
    from sheetgen.layout.cover import Cover, RuledTable
    from sheetgen.render.pdf.cover import cover_pdf
    from sheetgen.words import duration

    gm = options.audience == Audience.GM
    facts = [
        (_("Rules"), " + ".join(p.name for p in _packs(loaded))),
        (_("Made"), _("{date} with sheetgen {version}").format(date=options.made_on.isoformat(), version=__version__)),
    ]
    if gm:
        # The seed reproduces the secret timetable: it is printed on the GM's cover only.
        facts[1:1] = [
            (_("Seed"), _("{seed} (give --seed {seed} for the same dice)").format(seed=options.seed)),
            (
                _("Timetable"),
                _("{duration} of play, pre-rolled").format(
                    duration=duration(play_hours(loaded.pack, options.hours) * 3600)
                ),
            ),
        ]
    if loaded.site.author:
        facts.insert(0, (_("Author"), loaded.site.author))
    if gm:
        if timetable is None:
            timetable = pre_roll(loaded, options, timings)
        encounters = _first_encounters(timetable, anchors)
        log = ((_("Time"), 1.0), (_("Where"), 2.0), (_("What happened"), 6.0))
        tables: tuple[RuledTable, ...] = (RuledTable(_("Session log"), log),)
    else:
        encounters = ()
        tables = (
            RuledTable(
                _("The party"),
                ((_("Character"), 3.0), (_("Player"), 2.0), (_("Light and supplies"), 3.0), (_("Notes"), 4.0)),
                rows=6,
            ),
            RuledTable(_("Notes"), (("", 1.0),)),
        )
    cover = Cover(
        loaded.site.site,
        _("Session packet for the players") if not gm else _("Session packet"),
        tuple(facts),
        tuple(contents),
        _briefs(loaded, gm=gm),
        encounters,
        tables,
    )
    return cover_pdf(options.render.paper, cover, ink_saver=options.render.ink_saver, language=options.render.language)


def _briefs(loaded: LoadedSite, *, gm: bool) -> tuple[PackBrief, ...]:
    """The rules in brief, in the words every sheet uses: each pack's time unit, and for the game master
    its check in the reference banner's lines and its tracks with their starting levels."""
    from sheetgen.layout.cover import PackBrief, TrackStart
    from sheetgen.sheets.mechanics import check_banner, drawn_boxes
    from sheetgen.words import track_range, unit_sentence

    briefs: list[PackBrief] = []
    for pack in _packs(loaded):
        unit = unit_sentence(pack)
        banner = check_banner(pack) if gm else None
        if banner is None:
            briefs.append(PackBrief(pack.name, unit))
            continue
        tracks = tuple(
            TrackStart(t.name, tuple(b.label for b in drawn_boxes(t)), track_range(t), t.initial) for t in pack.tracks
        )
        briefs.append(PackBrief(pack.name, unit, banner.name, tuple((f.label, f.text) for f in banner.facts), tracks))
    return tuple(briefs)


FIRST_ENCOUNTERS = 4
"""How many of the deck's first cards the game master's cover sums up."""


def pre_roll(loaded: LoadedSite, options: PacketOptions, timings: Timings | None = None) -> Timetable:
    """The session's timetable and encounter deck, rolled from the packet's seed."""
    with _phase(timings, "engine"):
        from sheetgen.engine.timetable import build_timetable

        return build_timetable(
            loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=options.hours, seed=options.seed
        )


def _first_encounters(timetable: Timetable, anchors: dict[str, int]) -> tuple[str, ...]:
    """The deck's first cards of *timetable*, one line each (what, how many, how far, their reaction and
    morale), and the page of the packet where the rest start (*anchors*: each card's page, "card-5")."""
    lines: list[str] = []
    for n, card in enumerate(timetable.deck[:FIRST_ENCOUNTERS], start=1):
        appearing = ngettext("{n} appearing", "{n} appearing", card.appearing).format(n=card.appearing)
        facts = [appearing] if card.creature else []
        facts += [
            label.format(result=roll.result)
            for label, roll in ((_("distance {result}"), card.distance), (_("reaction {result}"), card.reaction))
            if roll is not None
        ]
        if card.morale_fails is not None:
            facts.append(_("morale fails") if card.morale_fails else _("morale holds"))
        head = f"{n}. **{card.name}** ({card.dice} = {card.roll})"
        lines.append(after_colon(head, ", ".join(facts)) if facts else head)
    rest = len(timetable.deck) - len(lines)
    if lines and rest > 0:
        page = anchors.get(f"card-{len(lines) + 1}")
        lines.append(
            (
                _("and {n} more in the encounter deck, from page {page}.")
                if page
                else _("and {n} more in the encounter deck.")
            ).format(n=rest, page=page)
        )
    return tuple(lines)


def _merge(
    loaded: LoadedSite,
    options: PacketOptions,
    parts: list[Part],
    readers: list[PdfReader],
    contents: tuple[tuple[str, int], ...],
    timings: Timings | None,
) -> Packet:
    """One PDF of *parts* (read by *readers*), each page numbered in the packet in its header's slot, with
    outline, page labels and metadata."""
    with _phase(timings, "merge"):
        from pypdf import PdfReader, PdfWriter

        writer = PdfWriter()
        slots: list[PageSlot | None] = []
        starts: list[int] = []
        for part, reader in zip(parts, readers, strict=True):
            starts.append(len(writer.pages))
            writer.append(reader, import_outline=False)
            slots.extend(part.slots[n] if n < len(part.slots) else None for n in range(len(reader.pages)))
    with _phase(timings, "reportlab"):
        from sheetgen.render.pdf.cover import page_numbers_pdf

        numbers_pdf = page_numbers_pdf(options.render.paper, slots)
    with _phase(timings, "merge"):
        return _finish(loaded, options, writer, parts, starts, slots, PdfReader(io.BytesIO(numbers_pdf)), contents)


def _finish(
    loaded: LoadedSite,
    options: PacketOptions,
    writer: PdfWriter,
    parts: list[Part],
    starts: list[int],
    slots: list[PageSlot | None],
    numbers: PdfReader,
    contents: tuple[tuple[str, int], ...],
) -> Packet:
    from pypdf.constants import PageLabelStyle
    from pypdf.generic import BooleanObject, NameObject, TextStringObject

    from sheetgen.compat.pypdf_objects import set_document_id

    for index, slot in enumerate(slots):
        if slot is not None:
            writer.pages[index].merge_page(numbers.pages[index])
    for part, start in zip(parts, starts, strict=True):
        parent = writer.add_outline_item(title=part.title, page_number=start)
        for title, offset in part.entries:
            writer.add_outline_item(title=title, page_number=start + offset, parent=parent)
    writer.set_page_label(0, len(writer.pages) - 1, style=PageLabelStyle.DECIMAL, start=1)
    packs = _packs(loaded)
    players = options.audience == Audience.PLAYERS
    subject = _("Session packet for the players") if players else _("Session packet")
    # the seed reproduces the GM's secret timetable
    seed = [] if players else [_("seed {seed}").format(seed=options.seed)]
    metadata = {
        "/Title": _("{site}: session packet").format(site=loaded.site.site),
        "/Subject": semicolons([after_colon(subject, ", ".join(p.name for p in packs)), *seed]),
        "/Author": loaded.site.author or "sheetgen",
        "/Keywords": ", ".join(
            [_("session packet"), loaded.site.site, *(p.id for p in packs), *seed, options.render.paper.name]
        ),
        "/Creator": f"sheetgen {__version__}",
        "/Producer": "sheetgen (pypdf)",
    }
    writer.add_metadata(metadata)
    writer.page_mode = "/UseOutlines"
    writer.root_object[NameObject("/Lang")] = TextStringObject(options.render.language)
    writer.create_viewer_preferences()[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    # A document id made from everything the packet is made of keeps rebuilds byte-identical.
    digest = hashlib.sha256(repr((metadata, slots, [(p.title, p.entries) for p in parts])).encode())
    for part in parts:
        digest.update(hashlib.sha256(part.pdf).digest())
    set_document_id(writer, digest.digest()[:16])
    buffer = io.BytesIO()
    writer.write(buffer)
    return Packet(buffer.getvalue(), len(writer.pages), contents)
