"""ReportLab's page dictionary, for a key its page class does not write: ``/Tabs``, the order in which
the Tab key moves through a page's form fields.

Checked against ReportLab 5.1.0. ReportLab writes a page's keys from the names its ``PDFPage`` class lists
in ``__NoDefault__``; the page just ended is the last of the canvas's ``_doc.Pages.pages``. Where those are
not there, the page is written without the key, and a viewer moves through its fields in its own order.
"""

from __future__ import annotations

import functools
from typing import Any

from sheetgen.compat import source_holds

#: The versions the reach below was checked against.
CHECKED_AGAINST = "ReportLab 5.1.0"


@functools.cache
def page_keys_usable() -> bool:
    """Whether ReportLab writes a page's keys from the list ``PDFPage.__NoDefault__``."""
    from reportlab.pdfbase import pdfdoc

    page = getattr(pdfdoc, "PDFPage", None)
    return isinstance(getattr(page, "__NoDefault__", None), list) and source_holds(
        getattr(pdfdoc.PDFCatalog, "format", None), "for k in self.__NoDefault__:"
    )


def _last_page(canvas: Any) -> Any | None:
    pages = getattr(getattr(getattr(canvas, "_doc", None), "Pages", None), "pages", None)
    if not isinstance(pages, list) or not pages:
        return None
    page = pages[-1]
    return page if isinstance(getattr(page, "__NoDefault__", None), list) else None


def tab_through_rows(canvas: Any) -> bool:
    """Give the page *canvas* has just ended ``/Tabs /R``, so that its form fields take the Tab key row by
    row; whether it could."""
    page = _last_page(canvas) if page_keys_usable() else None
    if page is None:
        return False
    from reportlab.pdfbase.pdfdoc import PDFName

    page.__NoDefault__ = [*page.__NoDefault__, "Tabs"]
    page.Tabs = PDFName("R")
    return True
