"""Reading PDFs back in tests: page sizes, text, fonts, stroked lines and where each character is drawn."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from sheetgen.layout.geometry import Rect

#: Every font a sheet uses comes from one of these shipped families.
SHIPPED_FAMILIES = (
    "SheetgenSerif",
    "Sheetgen-Serif",
    "SheetgenSans",
    "Sheetgen-Sans",
    "NotoSansSymbols2",
    "Noto-Sans-Symbols2",
)


def read_pdf(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_sizes(reader: PdfReader) -> list[tuple[int, int]]:
    """Each page's (width, height) in points, rounded: (612, 792) letter, (595, 842) A4."""
    return [(round(float(page.mediabox.width)), round(float(page.mediabox.height))) for page in reader.pages]


def page_texts(reader: PdfReader) -> list[str]:
    return [page.extract_text() or "" for page in reader.pages]


def squeeze(text: str) -> str:
    """Text with every run of whitespace made one space, for comparing extracted text."""
    return " ".join(text.split())


def _descriptors(font: Any) -> list[Any]:
    font = font.get_object()
    if "/DescendantFonts" in font:
        return [d.get_object().get("/FontDescriptor") for d in font["/DescendantFonts"]]
    return [font.get("/FontDescriptor")]


def font_problems(reader: PdfReader) -> list[str]:
    """Fonts that are not embedded TrueType files of a shipped family, as 'page N: /BaseFont: why'."""
    problems: list[str] = []
    for number, page in enumerate(reader.pages, start=1):
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        if fonts is None:
            continue
        for font in fonts.get_object().values():
            font = font.get_object()
            name = str(font.get("/BaseFont", "?"))
            if not any(family in name for family in SHIPPED_FAMILIES):
                problems.append(f"page {number}: {name}: not a shipped family")
            for descriptor in _descriptors(font):
                if descriptor is None or "/FontFile2" not in descriptor.get_object():
                    problems.append(f"page {number}: {name}: not embedded")
    return problems


_LINE = re.compile(r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S")


def stroked_lines(reader: PdfReader, page: int) -> set[tuple[float, ...]]:
    """Straight lines stroked in page coordinates ('x0 y0 m x1 y1 l S' outside any transform), rounded."""
    content = reader.pages[page].get_contents()
    data = content.get_data().decode("latin-1") if content is not None else ""
    return {tuple(round(float(v), 1) for v in match.groups()) for match in _LINE.finditer(data)}


def char_boxes(data: bytes, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every drawn character of a page and its box (left, bottom, right, top) in points."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    try:
        text = document[page].get_textpage()
        boxes = []
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if char.strip():
                boxes.append((char, text.get_charbox(index)))
        return boxes
    finally:
        document.close()


def image_xobjects(reader: PdfReader) -> list[str]:
    """Image XObjects in the pages' resources (and in the form XObjects they use), as 'page N: /Name'."""
    found: list[str] = []

    def visit(resources: Any, number: int, seen: set[int]) -> None:
        if resources is None:
            return
        xobjects = resources.get_object().get("/XObject")
        if xobjects is None:
            return
        for name, ref in xobjects.get_object().items():
            xobject = ref.get_object()
            if id(xobject) in seen:
                continue
            seen.add(id(xobject))
            if xobject.get("/Subtype") == "/Image":
                found.append(f"page {number}: {name}")
            elif xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"), number, seen)

    for number, page in enumerate(reader.pages, start=1):
        visit(page.get("/Resources"), number, set())
    return found


def sized_text(reader: PdfReader, page: int) -> list[tuple[float, float, float, str]]:
    """Every piece of text a page draws: (x, y) of its start in points, its type size, and the text."""
    out: list[tuple[float, float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if not text.strip():
            return
        # the text matrix's scale times the font size, placed by the current transform
        scale = (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        out.append((x, y, round(size * scale, 2), text))

    reader.pages[page].extract_text(visitor_text=visit)
    return out


Matrix = tuple[float, float, float, float, float, float]


def mapped(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    """(x, y) through a PDF matrix (a, b, c, d, e, f)."""
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def unmapped(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    """(x, y) back through the inverse of a PDF matrix: a point of the page in the frame it was drawn in."""
    a, b, c, d, e, f = matrix
    det = a * d - b * c
    x, y = x - e, y - f
    return (d * x - c * y) / det, (a * y - b * x) / det


def mapped_rect(matrix: Matrix, rect: Rect) -> Rect:
    """The rectangle a rectangle becomes through a matrix of quarter turns and moves."""
    xs, ys = zip(*(mapped(matrix, x, y) for x in (rect.x, rect.right) for y in (rect.y, rect.top)), strict=True)
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def command_texts(tmp_path: Path, *args: str) -> list[str]:
    """Run a sheetgen command that writes a PDF (to a file in *tmp_path*), check it ran and that its pages
    are letter-sized (upright or landscape), and give each page's text, squeezed."""
    from click.testing import CliRunner

    from sheetgen.cli import cli

    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(cli, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = read_pdf(out.read_bytes())
    assert set(page_sizes(reader)) <= {(612, 792), (792, 612)}
    return [squeeze(t) for t in page_texts(reader)]
