"""`sheetgen preview`: a page of a PDF as a PNG of the right size."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from sheetgen.cli import cli
from sheetgen.options import A4, LETTER, Paper
from sheetgen.render.pdf.canvas import DocInfo, PdfCanvas


def two_pages(path: Path, paper: Paper) -> Path:
    pdf = PdfCanvas(paper, DocInfo("Two", "Test"))
    for text in ("One", "Two"):
        pdf.canvas.drawString(72, 72, text)
        pdf.canvas.showPage()
    path.write_bytes(pdf.finish())
    return path


@pytest.mark.parametrize(
    ("paper", "dpi", "size"), [(LETTER, 72, (612, 792)), (LETTER, 100, (850, 1100)), (A4, 50, (413, 585))]
)
def test_preview_png_has_the_size_of_the_page_at_the_dpi(
    runner: CliRunner, tmp_path: Path, paper: Paper, dpi: int, size: tuple[int, int]
) -> None:
    pdf = two_pages(tmp_path / "two.pdf", paper)
    out = tmp_path / "p.png"
    result = runner.invoke(cli, ["preview", str(pdf), "--page", "2", "--dpi", str(dpi), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == f"{out}\n"
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG"
    assert abs(image.size[0] - size[0]) <= 1 and abs(image.size[1] - size[1]) <= 1


def test_preview_default_name_and_errors(runner: CliRunner, tmp_path: Path) -> None:
    pdf = two_pages(tmp_path / "two.pdf", LETTER)
    result = runner.invoke(cli, ["preview", str(pdf)])
    assert result.exit_code == 0
    assert (tmp_path / "two-page1.png").exists()
    result = runner.invoke(cli, ["preview", str(pdf), "--page", "3"])
    assert result.exit_code == 2
    assert result.stderr == f"error: --page: {pdf} has 2 page(s); choose 1 to 2\n"
    result = runner.invoke(cli, ["preview", str(pdf), "--dpi", "5000"])
    assert result.stderr == "error: --dpi must be a whole number from 10 to 600, not 5000\n"
    not_pdf = tmp_path / "x.pdf"
    not_pdf.write_text("hello")
    result = runner.invoke(cli, ["preview", str(not_pdf)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {not_pdf}: not a readable PDF")


PAGE_AREA = 612.0 * 792.0


@pytest.mark.parametrize(
    ("content", "area"),
    [
        (b"0 0 612 792 re f", PAGE_AREA),  # the whole page
        (b"0 0 6120 7920 re f", PAGE_AREA),  # cut to the page
        (b"10 10 m 110 10 l 110 60 l h f", 100.0 * 50.0),  # a path's box
        (b"2 w 10 10 m 110 10 l S", (100.0 + 2.0) * 2.0),  # a stroke widened by its line width
        (b"q 2 0 0 3 0 0 cm 0 0 10 10 re f Q 0 0 10 10 re f", 600.0 + 100.0),  # the transformation, restored
        (b"0 0 m 10 0 10 20 0 20 c f", 10.0 * 20.0),  # a curve's control points
        (b"(0 0 612 792 re f) Tj", 100.0),  # a string is not painting
        (b"BI /W 1 /H 1 /BPC 8 /CS /G ID ( EI 0 0 612 792 re f", 1.0 + PAGE_AREA),  # an image's data skipped
        (b"0 0 10 10 re n 0 0 5 5 re f", 25.0),  # a path ended unpainted
        (b"/Sh sh", PAGE_AREA),  # a shading fills what it may
    ],
)
def test_each_painting_operator_is_weighed_by_the_area_it_covers(content: bytes, area: float) -> None:
    from sheetgen.painted_area import painting

    assert painting(content, PAGE_AREA).area == pytest.approx(area)


def test_a_page_paints_at_most_max_painted_pixels_each_fill_by_its_area(tmp_path: Path) -> None:
    """29 fills of a letter page at 600 dpi are 976 million pixels, 30 are past the limit; the same 30 at a
    lower dpi, and 30 fills of a form drawn small, pass; a form drawn larger than the page counts as the page."""
    from costly_inputs import fills_pdf, page_pdf

    from sheetgen.errors import DataError
    from sheetgen.preview import MAX_PAINTED_PIXELS, _inspect

    assert 29 * PAGE_AREA * (600 / 72) ** 2 <= MAX_PAINTED_PIXELS < 30 * PAGE_AREA * (600 / 72) ** 2
    assert _inspect(fills_pdf(29), 1, "fills.pdf", 600) == 1
    with pytest.raises(DataError) as refused:
        _inspect(fills_pdf(30), 1, "fills.pdf", 600)
    assert str(refused.value) == (
        "fills.pdf: page 1 paints 1,009,800,000 pixels at 600 dpi, as many as 30 pages, each fill, stroke, image "
        "and shading counted by the area it covers as often as it is drawn; sheetgen paints at most "
        "1,000,000,000 a page: choose 597 dpi or less"
    )
    assert _inspect(fills_pdf(30), 1, "fills.pdf", 597) == 1
    full = b"0 0 612 792 re f"
    small = b"q 0.1 0 0 0.1 0 0 cm /F1 Do Q\n" * 300
    assert _inspect(page_pdf(small, (full,)), 1, "forms.pdf", 600) == 1
    huge = b"q 100 0 0 100 0 0 cm /F1 Do Q\n" * 30
    with pytest.raises(DataError, match="as many as 30 pages"):
        _inspect(page_pdf(huge, (full,)), 1, "forms.pdf", 600)
