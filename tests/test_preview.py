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


@pytest.mark.parametrize(("paper", "dpi", "size"), [(LETTER, 72, (612, 792)), (LETTER, 100, (850, 1100)),
                                                     (A4, 50, (413, 585))])
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
