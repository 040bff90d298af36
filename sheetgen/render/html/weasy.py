"""Take an HTML page and its CSS, lay it out with WeasyPrint and give back the PDF bytes.

Two steps, so a sheet can check how many pages came out and lay out again with smaller type before
paying for the PDF: :func:`layout` gives a :class:`LaidOut` document with its page count,
:func:`write` turns it into a :class:`RenderedDocument`. :func:`render_html` and :func:`html_to_pdf` do
both at once.

WeasyPrint reads nothing but the files shipped in sheetgen's ``fonts/`` and ``templates/`` folders, by
``sheetgen:`` URLs (see :func:`sheetgen.fonts.shipped_url`); any other URL is refused, and a render that
asked for one fails with a RenderError naming it. Text is set only in the shipped fonts. The same HTML
gives the same bytes. WeasyPrint's log messages are kept out of the terminal: warnings come back in
``warnings`` (and go to the ``sheetgen.render.html.weasy`` logger at DEBUG); errors fail the render.
Without libharfbuzz-subset WeasyPrint subsets fonts with fontTools and warns about it on every render;
that warning is expected (the library is an optional speed-up) and goes to the DEBUG log only.

WeasyPrint is imported only when something is rendered.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import io
import logging
import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sheetgen.errors import Location, Problem, RenderError
from sheetgen.fonts import (
    FONTS,
    SHIPPED_FOLDERS,
    SHIPPED_URL_SCHEME,
    font_face_css,
    missing_glyphs,
    shipped_dir,
)

LOG = logging.getLogger(__name__)

_CAPTURED_LOGGERS = ("weasyprint", "fontTools")

# WeasyPrint's notice that it subsets with fontTools because libharfbuzz-subset is not installed.
_FALLBACK_NOTICE = "Using fontTools instead of HarfBuzz-Subset"

# The loggers above and SOURCE_DATE_EPOCH are process-wide: one render at a time changes them.
_RENDER_LOCK = threading.RLock()

# File types a page may use, by extension; anything else is refused even when shipped.
_CONTENT_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".svg": "image/svg+xml",
}

# One path segment of a shipped file: no "..", no hidden files, no percent-escapes, no empty segment.
_SEGMENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")


@dataclass(frozen=True)
class PdfMetadata:
    """What the PDF says about itself. Dates are written only when given, so output is reproducible.

    With no *created* date, the ``SOURCE_DATE_EPOCH`` environment variable (seconds since 1970, the
    reproducible-builds convention) is used when it is set.
    """

    title: str
    subject: str = ""
    author: str = ""
    keywords: tuple[str, ...] = ()
    creator: str = "sheetgen"
    created: datetime | None = None
    language: str = "en"
    tagged: bool = False
    """Write a tagged PDF (its structure, for screen readers and reflow)."""

    def creation_date(self) -> str | None:
        """The creation date as a W3C date string, or None for no date."""
        when = self.created
        if when is None:
            from sheetgen.clock import source_date

            when = source_date()
            if when is None:
                return None
        return _as_utc(when).strftime("%Y-%m-%dT%H:%M:%SZ")


def _as_utc(when: datetime) -> datetime:
    """*when* in UTC; a naive datetime is taken to be UTC already."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


@dataclass(frozen=True)
class LaidOut:
    """A laid-out document, not yet written: look at ``page_count`` and decide whether to write it."""

    document: Any  # weasyprint.document.Document
    warnings: tuple[str, ...]
    fetcher: Any = field(repr=False)  # the fetcher the document reads through, also when written

    @property
    def page_count(self) -> int:
        return len(self.document.pages)

    @property
    def page_sizes(self) -> tuple[tuple[float, float], ...]:
        """Each page's width and height in PostScript points (WeasyPrint lays out in CSS px)."""
        return tuple((p.width * 0.75, p.height * 0.75) for p in self.document.pages)


@dataclass(frozen=True)
class RenderedDocument:
    """A finished PDF, how many pages it has, and the warnings WeasyPrint gave while making it."""

    pdf: bytes
    page_count: int
    warnings: tuple[str, ...]


class RefusedURL(ValueError):
    """A URL that names no shipped file, or a shipped file of a type pages may not use."""


def read_shipped_url(url: str) -> tuple[bytes, str]:
    """The bytes and content type of the shipped file *url* names, or RefusedURL saying why not.

    Only ``sheetgen:fonts/<file>`` and ``sheetgen:templates/<path>`` name files; a ``#fragment`` is
    ignored. Nothing outside those two folders is ever opened.
    """
    prefix = f"{SHIPPED_URL_SCHEME}:"
    if not url.startswith(prefix):
        raise RefusedURL("only files shipped with sheetgen can be used")
    folder, _, rest = url[len(prefix) :].split("#", 1)[0].partition("/")
    if folder not in SHIPPED_FOLDERS:
        raise RefusedURL(f"sheetgen: URLs name files in {' or '.join(SHIPPED_FOLDERS)}/")
    parts = rest.split("/")
    if not all(_SEGMENT.match(part) for part in parts):
        raise RefusedURL("not a plain path inside the folder")
    content_type = _CONTENT_TYPES.get(Path(parts[-1]).suffix.lower())
    if content_type is None:
        raise RefusedURL("not a stylesheet, font or image")
    root = shipped_dir(folder)
    target = root.joinpath(*parts)
    if isinstance(root, Path):
        # A symbolic link inside the folder must not lead out of it (zipped packages have no links).
        target = root.joinpath(*parts).resolve()
        if not target.is_relative_to(root.resolve()):
            raise RefusedURL("leads outside the folder")
    if not target.is_file():
        raise RefusedURL("no such file is shipped")
    return target.read_bytes(), content_type


@functools.cache
def _fetcher_class() -> type[Any]:
    _import_weasyprint()
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class ShippedFileFetcher(URLFetcher):  # type: ignore[misc]
        """Serves shipped files by their sheetgen: URLs, records and refuses every other URL.

        A refused fetch raises an ordinary exception, so WeasyPrint carries on and every refused URL
        of a page is known at the end; the caller then fails the render with all of them.
        """

        def __init__(self) -> None:
            super().__init__(allowed_protocols=(SHIPPED_URL_SCHEME,), allow_redirects=False)
            self.refused: list[tuple[str, str]] = []
            self.served: list[str] = []

        def fetch(self, url: str, headers: Any = None) -> Any:
            try:
                body, content_type = read_shipped_url(url)
            except RefusedURL as refusal:
                self.refused.append((url, str(refusal)))
                raise
            self.served.append(url)
            return URLFetcherResponse(url, body, {"Content-Type": content_type})

    return ShippedFileFetcher


def shipped_file_fetcher() -> Any:
    """A new WeasyPrint URL fetcher that reads only shipped files; see :func:`read_shipped_url`.

    It keeps ``refused`` (a list of (url, reason)) and ``served`` (a list of URLs) for inspection.
    """
    return _fetcher_class()()


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def _weasyprint_logs() -> Iterator[list[logging.LogRecord]]:
    """Collect the warnings and errors WeasyPrint (and fontTools, which it subsets fonts with) log,
    instead of letting them reach the terminal."""
    handler = _Collect()
    loggers = [logging.getLogger(name) for name in _CAPTURED_LOGGERS]
    with _RENDER_LOCK:
        saved = [(logger.level, logger.propagate) for logger in loggers]
        for logger in loggers:
            logger.addHandler(handler)
            logger.setLevel(logging.WARNING)
            logger.propagate = False
        try:
            yield handler.records
        finally:
            for logger, (level, propagate) in zip(loggers, saved, strict=True):
                logger.removeHandler(handler)
                logger.setLevel(level)
                logger.propagate = propagate
    for record in handler.records:
        LOG.debug("%s %s: %s", record.name, record.levelname.lower(), record.getMessage())


@functools.cache
def _import_weasyprint() -> Any:
    """Import WeasyPrint, its native libraries found quickly (see sheetgen.compat.libraries), without
    the DeprecationWarning it gives when libharfbuzz-subset is missing (sheetgen documents the library as
    an optional speed-up); gives its ffi module."""
    import warnings

    from sheetgen.compat.libraries import found_quickly

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        if "weasyprint" not in sys.modules:
            try:
                # WeasyPrint prints which library it could not load before it raises: not on this first try
                with found_quickly(), contextlib.redirect_stdout(io.StringIO()):
                    import weasyprint  # noqa: F401
            except OSError:  # a library that only the stock search finds: import it again, the stock way
                for name in [name for name in sys.modules if name.partition(".")[0] == "weasyprint"]:
                    del sys.modules[name]
        from weasyprint.text import ffi
    return ffi


def harfbuzz_subsetting() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz here (libharfbuzz-subset is installed)."""
    return _import_weasyprint().harfbuzz_subset is not None


def _expected(record: logging.LogRecord) -> bool:
    return record.levelno < logging.ERROR and record.getMessage().startswith(_FALLBACK_NOTICE)


def _describe(record: logging.LogRecord) -> str:
    return f"{record.levelname.lower()}: {record.getMessage()}"


def _check(fetcher: Any, records: list[logging.LogRecord]) -> tuple[str, ...]:
    """Fail on refused URLs and WeasyPrint errors; give back the warnings."""
    problems = [
        Problem(Location(), f'the page asks for "{url}", which sheetgen does not read ({reason})')
        for url, reason in dict.fromkeys(fetcher.refused)
    ]
    if not problems:
        # Once refused URLs are reported, the errors they caused ("Failed to load …") add nothing.
        problems = [Problem(Location(), f"WeasyPrint {_describe(r)}") for r in records if r.levelno >= logging.ERROR]
    if problems:
        raise RenderError(problems)
    return tuple(_describe(r) for r in records if not _expected(r))


def _uncovered(char: str) -> Problem:
    return Problem(
        Location(),
        f'character "{char}" (U+{ord(char):04X}) is in none of the shipped fonts; replace it or remove it',
    )


def _check_fonts_used(document: Any) -> None:
    """Fail if the PDF draws any text in a font that is not shipped, or draws an empty box for it."""
    shipped = {family.css_name for family in FONTS.families}
    problems: list[Problem] = []
    for font in document.fonts.values():
        drawn = sorted(set("".join(font.to_unicode.values())))
        if font.family not in shipped:
            uncovered = missing_glyphs("".join(drawn))
            problems.extend(_uncovered(char) for char in uncovered)
            covered = [char for char in drawn if char not in uncovered]
            if uncovered:
                # Spaces next to a character no shipped font has follow it into the fallback font.
                covered = [char for char in covered if not char.isspace()]
            if covered:
                problems.append(
                    Problem(
                        Location(),
                        f'"{"".join(covered)}" is set in "{font.family}", a font sheetgen does not ship; '
                        "give that text font-family: var(--font-body), var(--font-label) "
                        "or var(--font-symbols)",
                    )
                )
        # Glyph 0 is the empty box a font draws for a character it lacks.
        problems.extend(_uncovered(char) for char in font.to_unicode.get(0, ""))
        problems.extend(_uncovered(chr(codepoint)) for codepoint in font.missing)
    if problems:
        raise RenderError(list(dict.fromkeys(problems)))


def font_configuration() -> Any:
    """A WeasyPrint font configuration that writes its font files in sheetgen's own temporary folder
    (sheetgen.scratch), which is removed however the process ends, even by SIGKILL (by the next process).
    Where the WeasyPrint installed keeps its folder out of reach (see sheetgen.compat.weasy), the
    configuration is left as WeasyPrint makes it."""
    from weasyprint.text.fonts import FontConfiguration

    from sheetgen import scratch
    from sheetgen.compat.weasy import place_font_folder

    config = FontConfiguration()
    place_font_folder(config, scratch.font_folder)
    return config


def _shipped_fonts_css() -> str:
    """@font-face rules for the shipped fonts, the stacks as CSS variables, and the body stack on :root.

    Templates set a family with ``font-family: var(--font-label)`` (or ``--font-body``,
    ``--font-symbols``), so every stack falls back to shipped families only.
    """
    return font_face_css() + (
        ":root {\n"
        f"  --font-body: {FONTS.css_stack(FONTS.body)};\n"
        f"  --font-label: {FONTS.css_stack(FONTS.label)};\n"
        f"  --font-symbols: {FONTS.css_stack(FONTS.symbols)};\n"
        "  font-family: var(--font-body);\n"
        "}\n"
    )


#: A page's link to a stylesheet shipped in templates/, as sheetgen's templates write it.
_SHIPPED_LINK = re.compile(rf'<link rel="stylesheet" href="{SHIPPED_URL_SCHEME}:templates/([a-z0-9_]+\.css)">')


@dataclass(frozen=True)
class SharedFonts:
    """A font configuration with the shipped fonts and their parsed @font-face rules, for the pages laid
    out inside one :func:`shared_fonts` block."""

    font_config: Any
    sheet: Any


_SHARED_FONTS: contextvars.ContextVar[SharedFonts | None] = contextvars.ContextVar("shared_fonts", default=None)


@contextlib.contextmanager
def shared_fonts() -> Iterator[None]:
    """Lay out and write every page inside the block with one font configuration (made in about 20-50 ms,
    instead of once a page); its folder of font files is removed when the block ends, so a page laid out
    inside it must be written inside it too. Pages that bring @font-face rules of their own still get
    fonts of their own."""
    if _SHARED_FONTS.get() is not None:
        yield
        return
    _import_weasyprint()
    from weasyprint import CSS

    from sheetgen.compat.weasy import font_folder

    font_config = font_configuration()
    with _weasyprint_logs():
        sheet = CSS(string=_shipped_fonts_css(), font_config=font_config, url_fetcher=shipped_file_fetcher())
    token = _SHARED_FONTS.set(SharedFonts(font_config, sheet))
    try:
        yield
    finally:
        _SHARED_FONTS.reset(token)
        # Its folder of font files goes now: the configuration lives on in the documents laid out with it,
        # which a worker process keeps until it is ended without tidying up.
        folder = font_folder(font_config)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def _shipped_stylesheet(name: str) -> Any:
    """The stylesheet templates/*name*, parsed once a process (it holds no fonts); None when it is not
    shipped."""
    if name not in _STYLESHEETS:
        from weasyprint import CSS

        shipped = shipped_dir("templates").joinpath(name).is_file()
        _STYLESHEETS[name] = (
            CSS(url=f"{SHIPPED_URL_SCHEME}:templates/{name}", url_fetcher=shipped_file_fetcher()) if shipped else None
        )
    return _STYLESHEETS[name]


_STYLESHEETS: dict[str, Any] = {}


def prepare_stylesheets() -> None:
    """Import WeasyPrint and parse every shipped stylesheet now (see :func:`_shipped_stylesheet`)."""
    _import_weasyprint()
    for sheet in shipped_dir("templates").iterdir():
        if sheet.name.endswith(".css"):
            _shipped_stylesheet(sheet.name)


def layout(
    html: str, *, base_css: str | None = None, stylesheets: Sequence[str] = (), stop_at_overflow: bool = False
) -> LaidOut:
    """Lay out *html* with the shipped fonts, then *stylesheets* (names of CSS files in templates/),
    then *base_css*; rules in the page's own ``<style>`` elements win over all of them.

    A shipped stylesheet the page links to (``<link rel="stylesheet" href="sheetgen:templates/print.css">``,
    as the templates write it) is read and parsed once a process and applied before *stylesheets*; inside a
    :func:`shared_fonts` block the shipped fonts are set up once for all pages.

    Columns are balanced by sheetgen.compat.columns. With *stop_at_overflow*, a page whose columns
    cannot hold their content raises ColumnsOverflow at once instead of being laid out in full (for a
    sheet that only asks whether it fits on one page).

    Raises RenderError if the page asks for a URL that is not a shipped file, or WeasyPrint reports
    an error.
    """
    _import_weasyprint()
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetchingError

    from sheetgen.compat import columns

    fetcher = shipped_file_fetcher()
    with _weasyprint_logs() as records:
        shared = _SHARED_FONTS.get()
        if shared is not None and "@font-face" not in html and "@font-face" not in (base_css or ""):
            font_config, sheets = shared.font_config, [shared.sheet]
        else:
            # A font configuration of its own keeps a page's own @font-face rules to itself.
            font_config = font_configuration()
            sheets = [CSS(string=_shipped_fonts_css(), font_config=font_config, url_fetcher=fetcher)]
        # A shipped stylesheet the page links to is read and parsed once a process.
        linked = [name for name in _SHIPPED_LINK.findall(html) if _shipped_stylesheet(name) is not None]
        html = _SHIPPED_LINK.sub(lambda link: "" if link.group(1) in linked else link.group(0), html)
        sheets += [_shipped_stylesheet(name) for name in linked]
        for name in stylesheets:
            url = f"{SHIPPED_URL_SCHEME}:templates/{name}"
            with contextlib.suppress(URLFetchingError):  # recorded by the fetcher, reported below
                sheets.append(CSS(url=url, font_config=font_config, url_fetcher=fetcher))
        if base_css is not None:
            sheets.append(CSS(string=base_css, font_config=font_config, url_fetcher=fetcher))
        with columns.installed(stop_at_overflow=stop_at_overflow):
            document = HTML(string=html, url_fetcher=fetcher).render(font_config=font_config, stylesheets=sheets)
    warnings = _check(fetcher, records)
    return LaidOut(document=document, warnings=warnings, fetcher=fetcher)


@contextlib.contextmanager
def _source_date_epoch(created: datetime | None) -> Iterator[None]:
    """Pin the clock fontTools stamps subset fonts with (it reads SOURCE_DATE_EPOCH).

    WeasyPrint subsets with HarfBuzz when libharfbuzz-subset is installed, which keeps the font's own
    dates; without it, it falls back to fontTools, which would write the current time into each font.
    """
    from sheetgen.clock import VARIABLE, source_date

    if source_date() is not None:  # set, and checked: fontTools would fail on a value it cannot read
        yield
        return
    epoch = 0 if created is None else int(_as_utc(created).timestamp())
    os.environ[VARIABLE] = str(epoch)
    try:
        yield
    finally:
        os.environ.pop(VARIABLE, None)


#: OpenType layout tables, which a PDF's embedded fonts do not need (the text is shaped already).
_LAYOUT_TABLES = ("GSUB", "GPOS", "GDEF")


def _lean_font_subsets() -> contextlib.AbstractContextManager[None]:
    """While a PDF is written, the fonts WeasyPrint reads with fontTools to subset them (when
    libharfbuzz-subset is missing) come without their layout tables. WeasyPrint drops those tables from
    the subsets anyway, but fontTools reads them in full first, which took about a third of a subset's
    time with the shipped fonts' kerning. Glyph ids are unchanged. The caller holds the render lock."""
    from sheetgen.compat.weasy import fonts_read_without

    return fonts_read_without(_LAYOUT_TABLES)


def write(laid_out: LaidOut, metadata: PdfMetadata) -> RenderedDocument:
    """Write a laid-out document as PDF, with *metadata* replacing whatever the HTML's <meta> said."""
    document = laid_out.document
    info = document.metadata
    info.title = metadata.title
    info.description = metadata.subject or None
    info.authors = [metadata.author] if metadata.author else []
    info.keywords = list(metadata.keywords)
    info.generator = metadata.creator
    info.created = info.modified = metadata.creation_date()
    info.lang = metadata.language
    with _weasyprint_logs() as records, _source_date_epoch(metadata.created), _lean_font_subsets():
        # a tagged PDF also asks the viewer to show its title in the title bar (DisplayDocTitle)
        pdf = document.write_pdf(pdf_identifier=False, pdf_tags=metadata.tagged)
    warnings = _check(laid_out.fetcher, records)
    _check_fonts_used(document)
    return RenderedDocument(pdf=pdf, page_count=laid_out.page_count, warnings=laid_out.warnings + warnings)


def render_html(
    html: str,
    metadata: PdfMetadata,
    *,
    base_css: str | None = None,
    stylesheets: Sequence[str] = (),
) -> RenderedDocument:
    """Lay out and write *html* in one go; see :func:`layout` and :func:`write`."""
    return write(layout(html, base_css=base_css, stylesheets=stylesheets), metadata)


def html_to_pdf(
    html: str,
    *,
    title: str,
    subject: str,
    base_css: str | None = None,
    stylesheets: Sequence[str] = (),
    created: datetime | None = None,
) -> bytes:
    """The PDF bytes of *html*; see :func:`layout` for what is read and what fails."""
    metadata = PdfMetadata(title=title, subject=subject, created=created)
    return render_html(html, metadata, base_css=base_css, stylesheets=stylesheets).pdf
