"""Take an HTML page and its CSS, lay it out with WeasyPrint and give back the PDF bytes.

Two steps, so a sheet can check how many pages came out and lay out again with smaller type before
paying for the PDF: :func:`layout` gives a :class:`LaidOut` document with its page count,
:func:`write` turns it into a :class:`RenderedDocument`. :func:`render_html` and :func:`html_to_pdf` do
both at once.

WeasyPrint reads nothing but the files shipped in sheetgen's ``fonts/`` and ``templates/`` folders, by
``sheetgen:`` URLs (see :func:`sheetgen.fonts.shipped_url`); any other URL is refused, and a render that
asked for one fails with a RenderError naming it. Text is set only in the shipped fonts. The same HTML
gives the same bytes. WeasyPrint's log messages are kept out of the terminal: warnings come back in
``warnings`` (and go to the ``sheetgen.render_html`` logger at DEBUG); errors fail the render.

WeasyPrint is imported only when something is rendered.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
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
    shipped_dir,
)

LOG = logging.getLogger(__name__)

_WEASYPRINT_LOGGER = "weasyprint"

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

    def creation_date(self) -> str | None:
        """The creation date as a W3C date string, or None for no date."""
        when = self.created
        if when is None:
            epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
            if not epoch:
                return None
            when = datetime.fromtimestamp(int(epoch), tz=UTC)
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


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
    if isinstance(root, Path) and isinstance(target, Path):
        # A symbolic link inside the folder must not lead out of it.
        if not target.resolve().is_relative_to(root.resolve()):
            raise RefusedURL("leads outside the folder")
    if not target.is_file():
        raise RefusedURL("no such file is shipped")
    return target.read_bytes(), content_type


@functools.cache
def _fetcher_class() -> type[Any]:
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
    """Collect WeasyPrint's warnings and errors instead of letting them reach the terminal."""
    logger = logging.getLogger(_WEASYPRINT_LOGGER)
    handler = _Collect()
    saved = (logger.level, logger.propagate)
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield handler.records
    finally:
        logger.removeHandler(handler)
        logger.setLevel(saved[0])
        logger.propagate = saved[1]
        for record in handler.records:
            LOG.debug("weasyprint %s: %s", record.levelname.lower(), record.getMessage())


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
        problems = [
            Problem(Location(), f"WeasyPrint {_describe(r)}") for r in records if r.levelno >= logging.ERROR
        ]
    if problems:
        raise RenderError(problems)
    return tuple(_describe(r) for r in records)


@functools.cache
def _shipped_font_stylesheet() -> tuple[Any, Any]:
    """One FontConfiguration with the shipped @font-face rules loaded, kept for the whole process."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    font_config = FontConfiguration()
    fetcher = shipped_file_fetcher()
    # Every page starts in the body family; the stacks fall back to shipped families only.
    css = font_face_css() + f"html {{ font-family: {FONTS.css_stack(FONTS.body)}; }}\n"
    with _weasyprint_logs() as records:
        stylesheet = CSS(string=css, font_config=font_config, url_fetcher=fetcher)
    _check(fetcher, records)
    if len(fetcher.served) != sum(len(f.faces) for f in FONTS.families):
        raise RenderError(f"the shipped fonts could not all be loaded (loaded: {', '.join(fetcher.served)})")
    return font_config, stylesheet


def layout(html: str, *, base_css: str | None = None, stylesheets: Sequence[str] = ()) -> LaidOut:
    """Lay out *html* with the shipped fonts, then *stylesheets* (names of CSS files in templates/),
    then *base_css*; rules in the page's own ``<style>`` elements win over all of them.

    Raises RenderError if the page asks for a URL that is not a shipped file, or WeasyPrint reports
    an error.
    """
    from weasyprint import CSS, HTML
    from weasyprint.urls import URLFetchingError

    font_config, font_stylesheet = _shipped_font_stylesheet()
    fetcher = shipped_file_fetcher()
    with _weasyprint_logs() as records:
        sheets = [font_stylesheet]
        for name in stylesheets:
            url = f"{SHIPPED_URL_SCHEME}:templates/{name}"
            with contextlib.suppress(URLFetchingError):  # recorded by the fetcher, reported below
                sheets.append(CSS(url=url, font_config=font_config, url_fetcher=fetcher))
        if base_css is not None:
            sheets.append(CSS(string=base_css, font_config=font_config, url_fetcher=fetcher))
        document = HTML(string=html, url_fetcher=fetcher).render(
            font_config=font_config, stylesheets=sheets
        )
    warnings = _check(fetcher, records)
    return LaidOut(document=document, warnings=warnings, fetcher=fetcher)


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
    with _weasyprint_logs() as records:
        pdf = document.write_pdf(pdf_identifier=False)
    warnings = _check(laid_out.fetcher, records)
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
