"""Draw tracker pages: a pack and the render options in, PDF bytes out (one PDF page a sheet: one per
tracker page, more for a large-print players' page that does not fit on one).

The layout (sheetgen.layout.trackers) decides where everything goes; this module only draws it on a
:class:`~sheetgen.render.pdf.canvas.PdfCanvas`. With ``fillable``, every tick box is also a PDF form checkbox
that can be ticked in a PDF reader; the widget has no border or fill of its own, so the page prints
with the same plain boxes either way. Each field has a tooltip ("Dungeon turn 7"), prints (the Print
flag), carries its own appearance streams for ticked and not, and the Tab key moves row by row.
A field is named by the pack, the page and the box
(``dungeon-turn/dm-trackers/turn-12``), so names stay unique when the trackers of several packs end up
in one packet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sheetgen.errors import RenderError, UsageError
from sheetgen.layout.marks import Mark
from sheetgen.layout.tracker_parts import BODY
from sheetgen.layout.trackers import TrackerLayout, check_turns, enlarged, tracker_sheets
from sheetgen.model.pack import Pack, TrackerPage
from sheetgen.options import Audience, Paper, RenderOptions
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas
from sheetgen.render.pdf.marks import add_checkboxes, draw_marks
from sheetgen.words.language import _, document_language
from sheetgen.words.numbers import and_list

LARGE_BODY = 12.0
"""The body type of a players' page in large print."""


def page_scale(options: RenderOptions, audience: Audience) -> float:
    """How much a tracker page is enlarged: large print (``options.large``) sets a players' page's body
    type in LARGE_BODY points by laying it out on a smaller sheet and drawing it enlarged to the paper,
    its tick boxes kept at their own sides (``layout.trackers.enlarged``)."""
    return LARGE_BODY / BODY if options.large and audience == Audience.PLAYERS else 1.0


def _layout_paper(paper: Paper, scale: float) -> Paper:
    return Paper(paper.name, paper.width / scale, paper.height / scale, paper.css_size)


def tracker_layouts(
    pack: Pack,
    options: RenderOptions,
    *,
    turns: int | None = None,
    audience: Audience | None = None,
    hours: int | None = None,
) -> list[TrackerLayout]:
    """The layout of each sheet of the pack's tracker pages for *audience* (all when None), in the pack's
    order, their turns grids covering *hours* of play (None: the pack's horizon) unless *turns* are asked
    for: one sheet a page, but a large-print players' page that does not fit on one takes more."""
    check_turns(turns)
    if not pack.trackers:
        raise RenderError(f"{pack.name} ({pack.id}): the pack defines no tracker pages (trackers: is empty)")
    pages = [p for p in pack.trackers if audience is None or p.audience == audience]
    if not pages:
        who = f"the {pack.words.gm}" if audience == Audience.GM else "the players"
        have = ", ".join(
            f'"{p.id}" ({"for the players" if p.audience == Audience.PLAYERS else "for the " + pack.words.gm})'
            for p in pack.trackers
        )
        raise RenderError(f"{pack.name} ({pack.id}): no tracker page is for {who} (the pack has {have})")
    if turns is not None and not any(part.kind == "turns" for page in pages for part in page.parts):
        raise UsageError(
            f"--turns: the tracker pages of {pack.name} ({pack.id}) have no turns to count; leave --turns out"
        )
    return _numbered_sheets(pack, pages, options, turns, hours)


def _numbered_sheets(
    pack: Pack, pages: list[TrackerPage], options: RenderOptions, turns: int | None, hours: int | None
) -> list[TrackerLayout]:
    """Each page on its sheets (more than one only for a large-print players' page that does not fit on
    one), each sheet numbered among all the sheets of the file."""

    def lay_out(sheets: dict[str, int]) -> list[list[TrackerLayout]]:
        out = []
        for page in pages:
            scale = page_scale(options, page.audience)
            before = sum(sheets.get(p.id, 1) for p in pages[: pages.index(page)])
            total = sum(sheets.get(p.id, 1) for p in pages)
            out.append(
                tracker_sheets(
                    pack,
                    page,
                    _layout_paper(options.paper, scale),
                    turns,
                    numbered=options.page_numbers,
                    spill=scale != 1,
                    first=(before + 1, total),
                    hours=hours,
                )
            )
        return out

    counts: dict[str, int] = {}
    laid = lay_out(counts)
    for _attempt in range(3):  # a sheet's number can change the header's width, and so what fits: settle it
        found = {page.id: len(sheets) for page, sheets in zip(pages, laid, strict=True)}
        if all(found[p] == counts.get(p, 1) for p in found):
            break
        counts = found
        laid = lay_out(counts)
    return [enlarged(layout, page_scale(options, layout.audience)) for sheets in laid for layout in sheets]


def sheet_scales(
    pack: Pack, options: RenderOptions, audience: Audience | None, hours: int | None = None
) -> list[float]:
    """How much each sheet of the pack's tracker pages for *audience* is enlarged, in order (a packet
    stamps its page numbers at the right place on each)."""
    return [
        page_scale(options, layout.audience)
        for layout in tracker_layouts(pack, options, audience=audience, hours=hours)
    ]


def tracker_pdf(
    pack: Pack,
    options: RenderOptions,
    *,
    turns: int | None = None,
    audience: Audience | None = None,
    hours: int | None = None,
) -> bytes:
    """The pack's tracker pages as one PDF, one PDF page a sheet (one a tracker page but in large print).

    *turns* None shows the turns of *hours* of play (None: the pack's horizon); a number shows exactly
    that many. Either fails with a RenderError naming the most that fit when they do not. *audience*
    keeps only the pages for the game master ("gm") or for the players.
    """
    layouts = tracker_layouts(pack, options, turns=turns, audience=audience, hours=hours)
    who = {"gm": _("for the {gm}").format(gm=pack.words.gm), "players": _("for the players")}
    kinds = sorted({who[layout.audience] for layout in layouts})
    pdf = PdfCanvas(
        options.paper,
        DocInfo(
            title=_("{pack}: trackers").format(pack=pack.name),
            subject=_("Tracker sheets {audiences}, {paper} paper").format(
                audiences=and_list(kinds), paper=options.paper.css_size
            ),
            keywords=(_("tracker"), pack.id),
            language=document_language(pack.language, options.words),
        ),
    )
    for layout in layouts:
        draw_layout(
            pdf.canvas,
            layout,
            fillable=options.fillable,
            ink_saver=options.ink_saver,
            scale=page_scale(options, layout.audience),
        )
        pdf.end_page(tab_rows=options.fillable)
    return pdf.finish()


def field_name(layout: TrackerLayout, box_name: str) -> str:
    return f"{layout.pack_id}/{layout.page_id}/{box_name}"


def draw_layout(
    canvas: Any, layout: TrackerLayout, *, fillable: bool, ink_saver: bool = False, scale: float = 1.0
) -> None:
    """Draw one tracker page on a ReportLab canvas (without ending the page), enlarged by *scale*."""
    marks: tuple[Mark, ...] = (*layout.rects, *layout.lines, *layout.circles, *layout.boxes, *layout.texts)
    if scale == 1:
        draw_marks(canvas, marks, ink_saver=ink_saver)
    else:
        canvas.saveState()
        canvas.scale(scale, scale)
        draw_marks(canvas, marks, ink_saver=ink_saver)
        canvas.restoreState()
    if fillable:
        boxes = [
            box if scale == 1 else replace(box, x=box.x * scale, y=box.y * scale, size=box.size * scale)
            for box in layout.boxes
        ]
        add_checkboxes(canvas, boxes, lambda box: field_name(layout, box.name))
