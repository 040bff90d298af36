"""Every reference page of the built-in packs, GM's and players', letter and A4, read back from its PDF:
columns that end level, players' pages that fill their sheet, and every page balanced without trials."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from pdfcheck import char_boxes

from sheetgen.load.files import load_pack
from sheetgen.options import A4, LETTER, Paper, RenderOptions
from sheetgen.render.html import reference, weasy
from sheetgen.render.html.reference import LARGER_LEADING, LEADING, PLAYERS_SIZE, render_reference
from sheetgen.render.html.weasy import LaidOut, PdfMetadata, RenderedDocument

PACKS = (
    "dungeon-turn",
    "encounter-clock",
    "encounter-reaction",
    "site-alarm",
    "derelict-crawl",
    "bx-dungeon",
    "tension-dice",
)

#: The most of a players' page's sheet (inside the margins) left empty below its text.
MOST_EMPTY = 0.30

Region = tuple[float, float, float, float]  # left, top, right, bottom in points from the page's top left


def column_regions(laid: LaidOut) -> list[list[list[Region]]]:
    """For every page, each run of columns as the regions of its columns (from WeasyPrint's boxes)."""
    pages = []
    for page in laid.document.pages:
        runs = []
        for box in page._page_box.descendants():
            if (
                box.element_tag == "div"
                and "columns" in (box.element.get("class") or "").split()
                and any(child.element is box.element for child in box.children)
            ):  # the outer box, not a column
                runs.append(
                    [
                        (
                            column.position_x * 0.75,
                            column.position_y * 0.75,
                            (column.position_x + column.width) * 0.75,
                            (column.position_y + column.height) * 0.75,
                        )
                        for column in box.children
                    ]
                )
        pages.append(runs)
    return pages


def column_feet(
    boxes: list[tuple[str, tuple[float, float, float, float]]], height: float, run: list[Region]
) -> list[float]:
    """The bottom of the lowest character of *boxes* (a page's characters, read from its PDF) in each column
    of *run*, in points from the top."""
    feet = []
    for left, top, right, bottom in run:
        inside = [
            height - low
            for _, (x0, low, x1, high) in boxes
            if left <= (x0 + x1) / 2 <= right and top <= height - (low + high) / 2 <= bottom + 1
        ]
        feet.append(max(inside) if inside else top)
    return feet


def rendered_with_layout(
    pack_id: str, paper: Paper, players: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[Any, LaidOut]:
    """The pack's reference and the laid-out document its PDF was written from."""
    written: list[LaidOut] = []

    def noted(laid: LaidOut, metadata: PdfMetadata) -> RenderedDocument:
        written.append(laid)
        return weasy.write(laid, metadata)

    with monkeypatch.context() as patched:
        patched.setattr(reference, "write", noted)
        rendered = render_reference(load_pack(pack_id), RenderOptions(paper=paper), players=players)
    return rendered, written[0]


def leading(size: float) -> float:
    return LARGER_LEADING if size > PLAYERS_SIZE else LEADING


@pytest.mark.slow
@pytest.mark.parametrize("pack_id", PACKS)
def test_every_reference_page_ends_its_columns_within_two_lines(
    pack_id: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="sheetgen.compat.columns")
    for paper in (LETTER, A4):
        for players in (False, True):
            rendered, laid = rendered_with_layout(pack_id, paper, players, monkeypatch)
            height = paper.height
            for number, (runs, size) in enumerate(zip(column_regions(laid), rendered.type_sizes, strict=True)):
                where = f"{pack_id} {'players' if players else 'GM'} {paper.name} page {number + 1}"
                assert runs, f"{where}: no columns"
                line = size * leading(size)
                boxes = char_boxes(rendered.pdf, number)
                for run in runs:
                    assert len(run) > 1, f"{where}: a run of columns holds one column"
                    feet = column_feet(boxes, height, run)
                    assert max(feet) - min(feet) <= 2 * line, f"{where}: column feet {feet}"
    # one measuring layout and one real layout of the columns, never trials
    assert not [r for r in caplog.records if "trial" in r.getMessage()]


@pytest.mark.slow
@pytest.mark.parametrize("pack_id", PACKS)
def test_no_players_page_is_left_mostly_empty(pack_id: str) -> None:
    for paper in (LETTER, A4):
        rendered = render_reference(load_pack(pack_id), RenderOptions(paper=paper), players=True)
        margin = 0.5 * 72
        for number, size in enumerate(rendered.type_sizes):
            lowest = min(low for _, (_, low, _, _) in char_boxes(rendered.pdf, number))
            empty = (lowest - margin) / (paper.height - 2 * margin)
            assert empty <= MOST_EMPTY, f"{pack_id} {paper.name} page {number + 1}: {empty:.0%} empty in {size} pt"
            assert size >= PLAYERS_SIZE
