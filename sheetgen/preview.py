"""PDF pages to PNG pictures, with pypdfium2 (no system tools needed).

Takes PDF bytes or a path, a page number and a resolution; gives PNG bytes.
"""

from __future__ import annotations

import io
from pathlib import Path

from sheetgen.errors import DataError, UsageError

MAX_DPI = 600


def page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


def render_png(pdf: bytes, *, page: int = 1, dpi: int = 100, name: str = "PDF") -> bytes:
    """PNG bytes of page *page* (1-based) rendered at *dpi*."""
    import pypdfium2 as pdfium

    if not 10 <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi: {dpi} is out of range; choose 10 to {MAX_DPI}")
    try:
        document = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError as exc:
        raise DataError(f"{name}: not a readable PDF ({exc})") from None
    try:
        if not 1 <= page <= len(document):
            raise UsageError(f"--page: {name} has {len(document)} page(s); choose 1 to {len(document)}")
        bitmap = document[page - 1].render(scale=dpi / 72)
        buffer = io.BytesIO()
        bitmap.to_pil().save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    finally:
        document.close()


def read_pdf(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror})") from None
