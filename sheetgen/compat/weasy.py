"""WeasyPrint's internals that the HTML renderer reaches: a font configuration's folder, the TrueType reader
its PDF writer subsets fonts with, and a laid-out page's box.

Checked against WeasyPrint 70.0 (with fontTools 4.68). Each reach is checked when it is first used; where
the WeasyPrint installed lacks what it relies on, the stock behaviour is kept: font files in WeasyPrint's
own temporary folder (removed when the configuration is collected), subsets read in full (slower), and a
players' page set in the size asked for instead of grown to fill its sheet.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sheetgen.compat import source_holds

#: The versions every reach below was checked against.
CHECKED_AGAINST = "WeasyPrint 70.0, fontTools 4.68"


@functools.cache
def font_folder_usable() -> bool:
    """Whether WeasyPrint's FontConfiguration keeps its folder of font files in ``_folder``, made on the
    first font added unless it is set already."""
    from weasyprint.text.fonts import FontConfiguration

    return source_holds(getattr(FontConfiguration, "add_font_face", None), "if self._folder is None:")


def place_font_folder(config: Any, folder: Callable[[], Path]) -> None:
    """Make *config* write its font files in ``folder()``; where this WeasyPrint keeps them elsewhere, it
    makes its own folder as it always does."""
    if font_folder_usable() and getattr(config, "_folder", None) is None:
        config._folder = folder()


def font_folder(config: Any) -> Path | None:
    """The folder *config* writes its font files in, or None where it has made none (or keeps it where
    this cannot tell)."""
    if not font_folder_usable():
        return None
    folder = getattr(config, "_folder", None)
    return Path(folder) if folder else None


@functools.cache
def subset_reader_usable() -> bool:
    """Whether WeasyPrint's PDF writer reads the fonts it subsets with fontTools' TTFont, looked up in its
    module ``weasyprint.pdf.fonts`` when a font is read."""
    from fontTools.ttLib import TTFont

    try:
        from weasyprint.pdf import fonts
    except ImportError:
        return False
    return getattr(fonts, "TTFont", None) is TTFont


@contextlib.contextmanager
def fonts_read_without(tags: tuple[str, ...]) -> Iterator[None]:
    """While the block runs, the fonts WeasyPrint reads to subset them come without the tables *tags*
    (the caller holds the render lock: WeasyPrint's module is changed for the process). Where this
    WeasyPrint reads them otherwise, they are read in full."""
    if not subset_reader_usable():
        yield
        return
    from weasyprint.pdf import fonts

    stock = fonts.TTFont

    def lean(*args: Any, **kwargs: Any) -> Any:
        font = stock(*args, **kwargs)
        for tag in tags:
            if tag in font:
                del font[tag]
        return font

    fonts.TTFont = lean
    try:
        yield
    finally:
        fonts.TTFont = stock


@functools.cache
def page_box_usable() -> bool:
    """Whether a laid-out WeasyPrint page keeps its page box in ``_page_box``, as its ``__init__`` sets it."""
    from weasyprint.document import Page

    return source_holds(Page.__init__, "self._page_box = page_box")


def page_box(page: Any) -> Any | None:
    """The box a laid-out page was drawn from (its children are the page's boxes, with positions and
    heights), or None where this WeasyPrint keeps it out of reach."""
    if not page_box_usable():
        return None
    box = getattr(page, "_page_box", None)
    needed = ("content_box_y", "descendants", "height")
    return box if box is not None and all(hasattr(box, name) for name in needed) else None
