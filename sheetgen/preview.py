"""PDF pages to PNG pictures, with pypdfium2 (no system tools needed).

Takes PDF bytes or a path, a page number and a resolution; gives PNG bytes.
"""

from __future__ import annotations

import io
import stat
from pathlib import Path

from sheetgen.errors import DataError, UsageError

MAX_DPI = 600
#: The largest picture drawn: a letter or A4 page at 600 dpi is about 35 million pixels. A PDF from
#: elsewhere may have pages of any size, and 200 inches square at 600 dpi would need 57 GB.
MAX_PIXELS = 36_000_000
#: The largest PDF read.
MAX_PDF_BYTES = 200_000_000


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
        width, height = document[page - 1].get_size()
        pixels = round(width * dpi / 72) * round(height * dpi / 72)
        if pixels > MAX_PIXELS:
            most = int(72 * (MAX_PIXELS / (width * height)) ** 0.5)
            raise UsageError(f"--dpi: page {page} of {name} is {width / 72:.1f} x {height / 72:.1f} in; at {dpi} dpi "
                             f"that is more than {MAX_PIXELS:,} pixels; choose {most} dpi or less")
        bitmap = document[page - 1].render(scale=dpi / 72)
        buffer = io.BytesIO()
        bitmap.to_pil().save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    finally:
        document.close()


def read_pdf(path: Path) -> bytes:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{path}: not a PDF file")
        if info.st_size > MAX_PDF_BYTES:
            raise DataError(f"{path}: {info.st_size:,} bytes; sheetgen previews PDFs of at most "
                            f"{MAX_PDF_BYTES:,} bytes")
        return path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror})") from None
