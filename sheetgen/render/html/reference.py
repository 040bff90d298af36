"""Render a rule pack's one-page references: a Pack and RenderOptions in, the PDF bytes out.

The view (sheetgen.sheets.reference) goes through the Jinja2 templates in ``templates/``
(reference.html, its partials and print.css) to HTML, one document per reference page, so that one
page that runs long can never push another. Every page is set in the design system's fixed type scale
(sheetgen.design: the same body size on every pack, larger on the players' pages), never scaled to fit:
a page that needs a second sheet of paper is a RenderError naming the pack, the page and the first
section that ran onto the second sheet. The pages are then written as one tagged PDF (headings,
paragraphs, lists and tables marked for screen readers; a packet, which is for printing, asks for them
untagged) in the pack's language. Large print
(``options.large``) sets every page in 12 pt and lets it run onto as many sheets as it needs, spread
evenly over them where its last sheet would be a stub.

Pack text reaches the HTML only escaped (sheetgen.markup.inline_html), and every character of it is
checked against the shipped fonts first, so a character they lack is reported at its pack field.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from sheetgen.compat.columns import ColumnsOverflow
from sheetgen.design import BANNER, TYPE, css_block
from sheetgen.errors import Location, Problem, RenderError
from sheetgen.fonts import FONTS, shipped_dir
from sheetgen.markup import inline_html, paragraphs
from sheetgen.model.pack import Pack
from sheetgen.options import RenderOptions
from sheetgen.render.html.weasy import LaidOut, PdfMetadata, layout, shared_fonts, write
from sheetgen.sheets.mechanics import CheckBanner
from sheetgen.sheets.reference import check_fonts, reference_view
from sheetgen.sheets.views import KEEP_ROWS, PageView, ReferenceView, box_row
from sheetgen.words.language import _, colon, document_language, ngettext, using

if TYPE_CHECKING:
    import jinja2

#: The body size of a GM's reference page, in points: the same on every pack.
BODY_SIZE = TYPE.reference_body

#: The body size of a players' reference page.
PLAYERS_SIZE = TYPE.players_body

#: The type size of large print (--large); such a page may take more than one sheet.
LARGE_TYPE = TYPE.large_body

#: The largest body size of a players' page: a page with room to spare is set larger, in whole points,
#: up to the size of large print (see :func:`_fit`).
PLAYERS_LARGEST = TYPE.large_body

#: The leading (line height over type size) of the GM's pages, and of the pages set larger than the players'
#: size: text read across the table gets more room between its lines.
LEADING = 1.1
LARGER_LEADING = 1.2

#: The most leading a GM's page that leaves much of its sheet empty is set with: its type keeps its size
#: (one body size on every GM's page), its lines get the room (see :func:`_fit`).
LOOSEST_LEADING = 1.3

#: The share of a page's height that a players' page set larger is planned to fill at most, leaving room
#: for lines that wrap differently in the larger size.
_PLAYERS_FILL = 0.94

#: A large-print page's last sheet filled less than this share of its text area is a stub: the page is set
#: again spread evenly over its sheets (see :func:`_balanced`).
STUB = 0.5

#: Below this a reference page is too small to read at the table.
SMALLEST = 8.0

_TEMPLATE_NAME = re.compile(r"[a-z0-9_]+(?:/[a-z0-9_]+)*\.(?:html|css)\Z")


@dataclass(frozen=True)
class RenderedReference:
    """The PDF, the type size each page was set in, and the warnings WeasyPrint gave."""

    pdf: bytes
    type_sizes: tuple[float, ...]
    warnings: tuple[str, ...]


def _load_template(name: str) -> tuple[str, str, Callable[[], bool]]:
    if not _TEMPLATE_NAME.match(name):
        raise RenderError(f"no template called {name!r}")
    target = shipped_dir("templates").joinpath(*name.split("/"))
    if not target.is_file():
        raise RenderError(f"the template {name} is missing from this sheetgen installation; reinstall sheetgen")
    return target.read_text(encoding="utf-8"), f"sheetgen:templates/{name}", lambda: True


@functools.cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment for HTML sheets: the shipped templates, escaping on, strict variables."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(_load_template),
        autoescape=jinja2.select_autoescape(["html"], default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["inline"] = inline_html
    env.filters["paragraphs"] = paragraphs
    env.filters["pt"] = _pt
    env.globals["box_row"] = box_row
    env.globals["keep_rows"] = KEEP_ROWS
    env.globals["_"] = _  # sheetgen's words, in the language the page is rendered in
    env.globals["ngettext"] = ngettext  # ... and a count's
    env.globals["colon"] = colon  # the colon after a label, as the language sets it
    return env


def prepare_references() -> None:
    """Import WeasyPrint, compile every shipped template and parse the shipped stylesheets: what each
    reference would otherwise do first (about 0.6 s), done once in a process that others are forked from."""
    from sheetgen.render.html.weasy import prepare_stylesheets

    prepare_stylesheets()
    for name in _template_names(shipped_dir("templates")):
        environment().get_template(name)


def _template_names(folder: Any, prefix: str = "") -> Iterator[str]:
    for child in folder.iterdir():
        if child.is_dir():
            yield from _template_names(child, f"{prefix}{child.name}/")
        elif child.name.endswith(".html"):
            yield f"{prefix}{child.name}"


def _pt(value: float) -> str:
    """A length for CSS or SVG: '12.5', without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _context(
    view: ReferenceView,
    options: RenderOptions,
    type_size: float,
    pages: tuple[PageView, ...],
    leading: float | None = None,
) -> dict[str, Any]:
    return {
        "view": view,
        "pages": pages,
        "page_total": len(view.pages),
        "page_slot": None if options.page_numbers else _page_slot(),
        "paper": options.paper,
        "type_size": type_size,
        "design_css": Markup(_design_css(type_size, leading)),
        "language": options.language,
        "ink_saver": options.ink_saver,
        "banner_style": _banner_style,
        "label_font": Markup(FONTS.css_stack(FONTS.label).replace('"', "&quot;")),
        "body_font": Markup(FONTS.css_stack(FONTS.body).replace('"', "&quot;")),
    }


def _banner_style(banner: CheckBanner) -> str:
    """The banner's labels' column as CSS properties (print.css's .check-banner), as the drawn banners
    measure it."""
    from sheetgen.layout.banner import label_column

    column = label_column(fact.label for fact in banner.facts)
    indent = column + BANNER.label_gap
    return f"--banner-column: {_pt(column)}pt; --banner-indent: {_pt(indent)}pt; --banner-hang: -{_pt(indent)}pt"


def _page_slot() -> float:
    """The width the header keeps empty for a packet's page number (the same as the drawn pages')."""
    from sheetgen.layout.header import slot_width

    return round(slot_width(), 2)


def _design_css(type_size: float, leading: float | None = None) -> str:
    """The design system's custom properties for a page set in *type_size* (with *leading*, where the page
    is set looser than its size's); on a page set larger than the GM's pages (players' pages, large print)
    the headings and labels grow with the body text, so a heading is never smaller than the text under it."""
    css = css_block(type_size)
    if leading is not None:
        css += f":root {{ --leading: {_pt(leading)}; }}\n"
    grow = type_size / BODY_SIZE
    if grow <= 1:
        return css
    return (
        f"{css}:root {{ --type-heading: {_pt(TYPE.heading * grow)}pt; --type-label: {_pt(TYPE.label * grow)}pt; "
        f"--leading: {_pt(_leading(type_size))}; }}\n"
    )


def _leading(type_size: float) -> float:
    return LARGER_LEADING if type_size > PLAYERS_SIZE else LEADING


def _html(
    view: ReferenceView,
    options: RenderOptions,
    type_size: float,
    page_index: int | None,
    leading: float | None = None,
    shorter: float = 0.0,
) -> str:
    """*shorter*: how much shorter than the paper allows every sheet's text area is set (points)."""
    if type_size < SMALLEST:
        raise ValueError(f"type below {_pt(SMALLEST)} pt is too small to read at the table")
    pages = view.pages if page_index is None else (view.pages[page_index],)
    template = environment().get_template("reference.html")
    html = template.render(_context(view, options, type_size, pages, leading))
    if shorter <= 0:
        return html
    return html.replace("</style>", f"@page {{ margin-bottom: calc(0.5in + {_pt(shorter)}pt); }}\n</style>", 1)


def body_size(options: RenderOptions, *, players: bool = False) -> float:
    """The body size of a reference page: large print, the players' size or the GM's."""
    if options.large:
        return LARGE_TYPE
    return PLAYERS_SIZE if players else BODY_SIZE


def reference_html(
    pack: Pack,
    options: RenderOptions,
    *,
    type_size: float | None = None,
    page_index: int | None = None,
    players: bool = False,
) -> str:
    """The HTML of the pack's reference pages (or of the one at *page_index*, counted from 0), set in
    *type_size* points (by default the design system's size, :func:`body_size`); each page starts on a
    new sheet. *players*: see :func:`reference_pdf`."""
    options = replace(options, language=pack.language)
    size = body_size(options, players=players) if type_size is None else type_size
    with using(options.words):
        return _html(reference_view(pack, options, players=players, body_size=size), options, size, page_index)


def reference_pdf(pack: Pack, options: RenderOptions, *, players: bool = False, tagged: bool = True) -> bytes:
    """The pack's reference pages as PDF, each page on one sheet of ``options.paper``.

    With *players*, only the sections the pack marks player_safe are printed (for handing out). With
    *tagged* (the default), the PDF carries its structure for screen readers; a packet, which is for
    printing, leaves it out (writing and merging the tags took a third of a reference's time).
    Raises FontError for pack text the shipped fonts cannot draw, and RenderError for a page that does
    not fit on one sheet even in the smallest type.
    """
    return render_reference(pack, options, players=players, tagged=tagged).pdf


def render_reference(
    pack: Pack, options: RenderOptions, *, players: bool = False, tagged: bool = True
) -> RenderedReference:
    """Like :func:`reference_pdf`, and say which type size each page needed and what WeasyPrint warned."""
    with using(options.words):
        return _render_reference(pack, options, players=players, tagged=tagged)


def _render_reference(pack: Pack, options: RenderOptions, *, players: bool, tagged: bool) -> RenderedReference:
    check_fonts(pack)
    tag = document_language(pack.language, options.words)
    options = replace(options, language=pack.language)
    view = reference_view(pack, options, players=players, body_size=body_size(options, players=players))
    laid_out: list[LaidOut] = []
    sizes: list[float] = []
    with shared_fonts():  # the pages' fonts set up once
        for index, page in enumerate(view.pages):
            fitted, size = _fit(pack, view, options, index, page)
            laid_out.append(fitted)
            sizes.append(size)
        first = laid_out[0]
        combined = first.document.copy([p for doc in laid_out for p in doc.document.pages])
        warnings = tuple(w for doc in laid_out for w in doc.warnings)
        metadata = PdfMetadata(
            title=view.title, subject=view.subject, keywords=(pack.id, _("reference")), language=tag, tagged=tagged
        )
        rendered = write(LaidOut(document=combined, warnings=warnings, fetcher=first.fetcher), metadata)
    return RenderedReference(rendered.pdf, tuple(sizes), rendered.warnings)


def fit_reference(pack: Pack, options: RenderOptions, *, players: bool = False) -> tuple[float, ...]:
    """Lay out the pack's reference pages as :func:`render_reference` does, and write no PDF (what
    `sheetgen check` asks); give the type size each page was set in. Raises as :func:`reference_pdf` does."""
    check_fonts(pack)
    options = replace(options, language=pack.language)
    view = reference_view(pack, options, players=players, body_size=body_size(options, players=players))
    with shared_fonts(), using(options.words):
        return tuple(_fit(pack, view, options, index, page, loosen=False)[1] for index, page in enumerate(view.pages))


def _fit(
    pack: Pack, view: ReferenceView, options: RenderOptions, index: int, page: PageView, *, loosen: bool = True
) -> tuple[LaidOut, float]:
    """The page laid out in its fixed type size, and that size; RenderError when it needs a second sheet.

    A players' page that leaves much of its sheet empty in the players' size is set larger instead (in
    whole points, up to :data:`PLAYERS_LARGEST`): the size is worked out from the first layout's height
    (text grows with the square of its size), and the page is laid out once more in it; should that not
    fit after all, the first layout is kept. A GM's page with as much room to spare keeps its type size
    and is set with more leading instead, up to :data:`LOOSEST_LEADING`, in the same way (unless not
    *loosen*: `check` asks only whether a page fits). Two layouts at most, no trials."""
    size = body_size(options, players=view.players)
    if options.large:
        laid = layout(_html(view, options, size, index))
        return (_balanced(laid, view, options, index, size) if loosen else laid), size
    try:
        laid = layout(_html(view, options, size, index), stop_at_overflow=True)
        if laid.page_count == 1:
            if not view.players:
                return (_loosened(laid, view, options, index, size) if loosen else laid), size
            larger = _players_size(laid, size)
            if larger > size:
                try:
                    larger_view = reference_view(pack, options, players=True, body_size=larger)
                    again = layout(_html(larger_view, options, larger, index), stop_at_overflow=True)
                    if again.page_count == 1:
                        return again, larger
                except ColumnsOverflow:
                    pass
            return laid, size
        count = f" ({laid.page_count} pages)"
    except ColumnsOverflow:
        count = ""
    field, part = _first_misfit(view, options, index, page, size)
    raise RenderError(
        [
            Problem(
                Location(file=view.pack_id, field=field),
                f"{view.pack_name}: reference {page.label} does not fit on one {options.paper.css_size} page in "
                f"{_pt(size)} pt type{count}; {part} is the first part that runs onto a second page. Shorten the "
                "page's text or move sections to another reference page.",
            )
        ]
    )


def _balanced(laid: LaidOut, view: ReferenceView, options: RenderOptions, index: int, size: float) -> LaidOut:
    """A large-print page that runs on to a last sheet it fills less than :data:`STUB` of, set again with
    every sheet's text area as short as spreads it evenly over its sheets (a few lines more, for the
    sections, which are never split, and the columns' breaks): no sheet a stub. The layout itself where
    that would take a sheet more even with twice the lines to spare."""
    sheets = laid.page_count
    fill = _last_fill(laid) if sheets > 1 else None
    if fill is None or fill[0] >= fill[1] * STUB:
        return laid
    used, height = fill
    even = ((sheets - 1) * height + used) / sheets
    line = size * _leading(size)
    for spare in (4 * line, 8 * line):
        if even + spare >= height:
            break
        again = layout(_html(view, options, size, index, shorter=height - even - spare))
        if again.page_count == sheets:
            return again
    return laid


def _last_fill(laid: LaidOut) -> tuple[float, float] | None:
    """How far down its text area the page's last sheet is filled, and that area's height (points); None
    where the WeasyPrint installed keeps the page's boxes out of reach."""
    from sheetgen.compat.weasy import page_box

    page = page_box(laid.document.pages[-1])
    if page is None:
        return None
    top = page.content_box_y()
    bottom = max(
        (box.position_y + box.margin_height() for box in page.descendants() if box.element_tag == "article"),
        default=top,
    )
    return bottom - top, page.height


def _loosened(laid: LaidOut, view: ReferenceView, options: RenderOptions, index: int, size: float) -> LaidOut:
    """A GM's one-page layout set again with the leading that fills it to :data:`_PLAYERS_FILL` of its sheet
    (lines grow with the leading; the spaces between blocks do not), at most :data:`LOOSEST_LEADING`; the
    layout itself where it is full already or the looser one would not fit after all."""
    room = _room(laid)
    if room is None:
        return laid
    body, space = room
    leading = min(LOOSEST_LEADING, math.floor(LEADING * space / body * 100) / 100)
    if leading < LEADING + 0.02:
        return laid
    try:
        again = layout(_html(view, options, size, index, leading), stop_at_overflow=True)
    except ColumnsOverflow:
        return laid
    return again if again.page_count == 1 else laid


def _room(laid: LaidOut) -> tuple[float, float] | None:
    """The height of a one-page layout's content under its header, and the height it may fill (to
    :data:`_PLAYERS_FILL` of its sheet); None where the WeasyPrint installed keeps the page's boxes out of
    reach or the page has no content."""
    from sheetgen.compat.weasy import page_box

    page = page_box(laid.document.pages[0])
    if page is None:
        return None
    content_top = page.content_box_y()
    head = bottom = content_top
    for box in page.descendants():
        if box.element_tag == "header" and "ref-head" in (box.element.get("class") or "").split():
            head = box.position_y + box.margin_height()
        elif box.element_tag == "article":
            bottom = box.position_y + box.margin_height()
    body = bottom - head
    if body <= 0:
        return None
    return body, page.height * _PLAYERS_FILL - (head - content_top)


def _players_size(laid: LaidOut, size: float) -> float:
    """The largest body size, in whole points from *size* up to :data:`PLAYERS_LARGEST`, that would fill a
    one-page layout set in *size* to at most :data:`_PLAYERS_FILL` of its sheet. The header keeps its size;
    what follows it grows at most with the square of the type size (lines grow taller, and a column holds
    fewer words a line; on the built-in packs it grows with about the 1.1th to 1.8th power) and with the
    leading. Where the WeasyPrint installed keeps the page's boxes out of reach, *size* itself."""
    measured = _room(laid)
    if measured is None or measured[1] <= measured[0]:
        return size
    body, room = measured
    for larger in range(int(PLAYERS_LARGEST), int(size), -1):
        if body * (larger / size) ** 2 * _leading(larger) / _leading(size) <= room:
            return float(larger)
    return size


def _first_misfit(
    view: ReferenceView, options: RenderOptions, index: int, page: PageView, size: float
) -> tuple[str, str]:
    """The field and a description of the first part of the page that does not fit on its sheet.

    The page is laid out (in its type size) with its first sections only, more or fewer, until the
    first section that cannot join them is found. Asking where each section landed in the full layout
    is not enough: when one section is too tall for any column, WeasyPrint moves all the columns to the
    next sheet.
    """

    def fits(count: int, footer: str = "") -> bool:
        trial = replace(page, sections=page.sections[:count], footer=footer)
        pages = (*view.pages[:index], trial, *view.pages[index + 1 :])
        html = _html(replace(view, pages=pages), options, size, index)
        try:
            return bool(layout(html, stop_at_overflow=True).page_count == 1)
        except ColumnsOverflow:
            return False

    if not fits(0):
        return f"{page.field}.subtitle", "its title and subtitle"
    total = len(page.sections)
    if fits(total):
        return f"{page.field}.footer", "its footer"
    fitting, failing = 0, total
    while failing - fitting > 1:
        middle = (fitting + failing) // 2
        if fits(middle):
            fitting = middle
        else:
            failing = middle
    section = page.sections[fitting]
    return section.field, section.label
