"""A ReportLab canvas set up the sheetgen way: shipped fonts only, reproducible bytes, metadata.

Takes a paper and a title; gives a canvas to draw on and, at the end, PDF bytes. Every PDF names its
language and asks the viewer to show its title (not the file name) in the title bar. Imports
ReportLab only when called.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sheetgen.fonts import FONTS, register_reportlab_fonts
from sheetgen.options import Paper


@dataclass(frozen=True)
class DocInfo:
    """The PDF's document information."""

    title: str
    subject: str
    author: str = "sheetgen"
    keywords: tuple[str, ...] = field(default_factory=tuple)
    language: str = "en"


class PdfCanvas:
    """A ReportLab canvas writing to memory; ``finish()`` gives the bytes."""

    def __init__(self, paper: Paper, info: DocInfo) -> None:
        from reportlab.pdfgen.canvas import Canvas

        register_reportlab_fonts()
        self.paper = paper
        self.buffer = io.BytesIO()
        # invariant=1 fixes the creation date and document id, so equal input gives equal bytes;
        # initialFontName keeps ReportLab from declaring an unembedded Helvetica on every page.
        self.canvas: Any = Canvas(
            self.buffer,
            pagesize=paper.size,
            invariant=1,
            initialFontName=FONTS.label.reportlab_font(),
            initialFontSize=10,
            pageCompression=1,
            lang=info.language,
        )
        self.canvas.setViewerPreference("DisplayDocTitle", "true")
        self.canvas.setTitle(info.title)
        self.canvas.setSubject(info.subject)
        self.canvas.setAuthor(info.author)
        self.canvas.setCreator("sheetgen")
        if info.keywords:
            self.canvas.setKeywords(", ".join(info.keywords))

    def end_page(self, *, tab_rows: bool = False) -> None:
        """End the page; with *tab_rows*, the page's form fields take the Tab key row by row."""
        with _binary_streams():
            self.canvas.showPage()
        if tab_rows:
            from sheetgen.compat.reportlab_pages import tab_through_rows

            tab_through_rows(self.canvas)

    def finish(self) -> bytes:
        with _binary_streams():
            self.canvas.save()
        return self.buffer.getvalue()


@contextlib.contextmanager
def _binary_streams() -> Iterator[None]:
    """Streams written compressed only, not also in ASCII85 as ReportLab writes them by default: a fifth
    smaller, and nothing to encode here or to decode again where the packet is merged. ReportLab reads
    the setting from its process-wide config when a page or the document is written, so it is set just
    for that and put back."""
    from reportlab import rl_config

    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved
