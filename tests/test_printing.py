"""Getting the geometry onto paper: the calibration sheet, the back offset, print-shop cards and ink saver,
read back from the PDFs' coordinates."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import char_boxes, mapped_rect, page_sizes, page_texts, read_pdf, squeeze, stroked_lines

from sheetgen.cli import cli
from sheetgen.design import INK
from sheetgen.layout.calibration import MARGIN, SCALE_MM
from sheetgen.layout.cards import CARD_SIZES, PADDING, card_layout
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import A4, BLEED, LETTER, POINTS_PER_MM, CardPrint, Paper, RenderOptions, parse_back_offset
from sheetgen.render.pdf.calibration import calibration_pdf
from sheetgen.render.pdf.cards import cards_pdf
from sheetgen.render.pdf.trackers import tracker_pdf

MM = POINTS_PER_MM


@pytest.fixture(scope="module")
def chapel_site() -> LoadedSite:
    return load_site("the-sunken-chapel")


# --- the calibration sheet ------------------------------------------------------------------------------


def _ticks_across(lines: set[tuple[float, ...]], y: float) -> list[float]:
    """x of every upright tick standing on the level line at *y*."""
    return sorted({x0 for x0, y0, x1, y1 in lines if x0 == x1 and abs(min(y0, y1) - y) < 0.06 and abs(y1 - y0) < 15})


def _ticks_up(lines: set[tuple[float, ...]], x: float) -> list[float]:
    return sorted({y0 for x0, y0, x1, y1 in lines if y0 == y1 and abs(min(x0, x1) - x) < 0.06 and abs(x1 - x0) < 15})


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_calibration_rulers_measure_100_mm_and_4_in(paper: Paper) -> None:
    reader = read_pdf(calibration_pdf(paper))
    assert len(reader.pages) == 2
    assert set(page_sizes(reader)) == {(round(paper.width), round(paper.height))}
    lines = stroked_lines(reader, 0)
    # the rulers' level lines (the header's rule starts at the margin too)
    level = sorted(
        {
            y0
            for x0, y0, x1, y1 in lines
            if y0 == y1 and x0 == round(MARGIN, 1) and min(abs(x1 - x0 - 100 * MM), abs(x1 - x0 - 4 * 72)) < 0.2
        },
        reverse=True,
    )
    metric, inches = level[0], level[1]
    mm_ticks, in_ticks = _ticks_across(lines, metric), _ticks_across(lines, inches)
    assert len(mm_ticks) == 201  # every half millimetre, 0 to 100
    assert mm_ticks[-1] - mm_ticks[0] == pytest.approx(100 * MM, abs=0.1)
    assert len(in_ticks) == 33  # every eighth of an inch, 0 to 4
    assert in_ticks[-1] - in_ticks[0] == pytest.approx(4 * 72, abs=0.1)
    # the two rulers up the left side
    upright = {x0: abs(y1 - y0) for x0, y0, x1, y1 in lines if x0 == x1 and abs(y1 - y0) > 250}
    assert sorted(upright.values()) == [pytest.approx(100 * MM, abs=0.1), pytest.approx(4 * 72, abs=0.1)]
    assert sorted(len(_ticks_up(lines, x)) for x in upright) == [33, 201]
    text = squeeze(page_texts(reader)[0])
    assert "100 mm" in text and "4 in" in text and "actual size" in text


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_registration_target_is_at_the_centre_of_both_sides_with_a_mm_scale(paper: Paper) -> None:
    reader = read_pdf(calibration_pdf(paper))
    cx, cy = round(paper.width / 2, 1), round(paper.height / 2, 1)
    for page, up in ((0, -1), (1, 1)):
        lines = stroked_lines(reader, page)
        # the cross: one level and one upright line through the centre of the page
        assert any(y0 == y1 == cy and x0 < cx < x1 for x0, y0, x1, y1 in lines)
        assert any(x0 == x1 == cx and y0 < cy < y1 for x0, y0, x1, y1 in lines)
        # the across scale: a tick every half millimetre from -SCALE_MM to +SCALE_MM, centred on the cross;
        # the back's stands above the cross, the front's below, so they never lie over each other
        base = round(paper.height / 2 + up * (SCALE_MM + 4) * MM, 1)
        ticks = [
            x
            for x0, y0, x1, y1 in lines
            if x0 == x1 and min(abs(y0 - base), abs(y1 - base)) < 0.06 and abs(y1 - y0) < 10
            for x in (x0,)
        ]
        assert len(ticks) == 4 * SCALE_MM + 1
        assert min(ticks) == pytest.approx(cx - SCALE_MM * MM, abs=0.1)
        assert max(ticks) == pytest.approx(cx + SCALE_MM * MM, abs=0.1)
        steps = sorted(ticks)
        assert all(b - a == pytest.approx(MM / 2, abs=0.1) for a, b in itertools.pairwise(steps))
        # and the up-down scale, right of the cross
        right = round(paper.width / 2 + (SCALE_MM + 4) * MM, 1)
        assert len(_ticks_up(lines, right)) == 4 * SCALE_MM + 1
    back = squeeze(page_texts(reader)[1])
    assert "--back-offset X,Y" in back and "+10" in back and "-10" in back


def test_calibrate_command(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    result = runner.invoke(cli, ["calibrate", "--paper", "a4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert page_sizes(read_pdf(out.read_bytes())) == [(595, 842), (595, 842)]


# --- the back offset ------------------------------------------------------------------------------------


def _first_chars(data: bytes, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    return char_boxes(data, page)[:40]


def test_back_offset_moves_the_back_pages_and_nothing_else(chapel_site: LoadedSite) -> None:
    plain = cards_pdf(chapel_site, RenderOptions(), backs=True)
    moved = cards_pdf(chapel_site, RenderOptions(cards=CardPrint(back_offset=(2.0, -1.5))), backs=True)
    assert _first_chars(plain, 0) == _first_chars(moved, 0)  # a front page stays put
    for (char, box), (char2, box2) in zip(_first_chars(plain, 1), _first_chars(moved, 1), strict=True):
        assert char == char2
        assert box2[0] - box[0] == pytest.approx(2.0 * MM, abs=0.01)
        assert box2[1] - box[1] == pytest.approx(-1.5 * MM, abs=0.01)


def test_back_offset_values() -> None:
    assert parse_back_offset("0.5,-1") == (0.5, -1.0)
    assert parse_back_offset(" 10 , -10 ") == (10.0, -10.0)
    assert parse_back_offset([1, 2]) == (1.0, 2.0)
    for bad, says in (
        ("50,0", "50 mm is more than a printer shifts a page"),
        ("10.01,0", r"^10.01 mm is more than a printer shifts a page \(at most 10 mm either way\)"),
        ("0,-10.01", "^-10.01 mm is more than"),
        ("1", "expected X,Y"),
        ("a,b", "expected a number of millimetres, not 'a'"),
        ("nan,0", "not 'nan'"),
        ([True, 1], "not True"),
    ):
        with pytest.raises(ValueError, match=says):
            parse_back_offset(bad)  # type: ignore[arg-type]


def test_packet_and_cards_take_back_offset_on_the_command_line(runner: CliRunner) -> None:
    for command in ("cards", "packet"):
        result = runner.invoke(cli, [command, "the-sunken-chapel", "--back-offset", "11,0"])
        assert result.exit_code == 2
        assert "Invalid value for '--back-offset': 11 mm is more than a printer shifts a page" in result.output


# --- print-shop cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["poker", "index"])
def test_shop_layout_is_one_card_side_a_page_with_trim_and_bleed_boxes(chapel_site: LoadedSite, size: str) -> None:
    card = CARD_SIZES[size]
    options = RenderOptions(cards=CardPrint(layout="shop", bleed=True))
    data = cards_pdf(chapel_site, options, size=size)  # type: ignore[arg-type]
    reader = read_pdf(data)
    # the print shop gets every card upright
    sheet = card_layout(chapel_site, LETTER, size=size, wide_cards=False, sideways=False)  # type: ignore[arg-type]
    assert len(reader.pages) == 2 * len(sheet.cards)
    for number, page in enumerate(reader.pages):
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, card.width + 2 * BLEED, card.height + 2 * BLEED])
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [BLEED, BLEED, BLEED + card.width, BLEED + card.height]
        )
        assert [float(v) for v in page.bleedbox] == pytest.approx(media)
        # every character keeps to the safe zone: 1/8 in inside the trim
        for char, (left, bottom, right, top) in char_boxes(data, number):
            assert left >= BLEED + PADDING - 0.5 and right <= BLEED + card.width - PADDING + 0.5, (number, char)
            assert bottom >= BLEED + PADDING - 0.5 and top <= BLEED + card.height - PADDING + 0.5, (number, char)
    texts = [squeeze(t) for t in page_texts(reader)]
    # back, then front, for each card: the back names the site, the front does not
    assert all("The Sunken Chapel" in t for t in texts[0::2])
    assert "Lychgate" in texts[0] and "Exits:" in texts[1] and "Exits:" not in texts[0]


def test_shop_layout_without_bleed_is_the_card(chapel_site: LoadedSite) -> None:
    reader = read_pdf(cards_pdf(chapel_site, RenderOptions(cards=CardPrint(layout="shop"))))
    page = reader.pages[0]
    assert [float(v) for v in page.mediabox] == [0, 0, 180, 252]
    assert [float(v) for v in page.trimbox] == [0, 0, 180, 252]


@pytest.mark.parametrize("size", ["poker", "index"])
def test_home_layout_with_a_bleed(chapel_site: LoadedSite, size: str) -> None:
    options = RenderOptions(cards=CardPrint(bleed=True))
    data = cards_pdf(chapel_site, options, size=size, backs=True)  # type: ignore[arg-type]
    sheet = card_layout(chapel_site, LETTER, size=size, backs=True, bleed=True)  # type: ignore[arg-type]
    reader = read_pdf(data)
    assert len(reader.pages) == len(sheet.pages)
    slots = sheet.slots
    # cards stand a quarter inch apart: each has its 1/8 in bleed
    for a, b in itertools.pairwise(slots[: sheet.layout.columns]):
        assert b.x - a.right == pytest.approx(2 * BLEED)
    for page in sheet.pages:
        lines = stroked_lines(reader, page.index)
        marked_x = {round(m.x1, 1) for m in page.crop_marks if m.x1 == m.x2}
        marked_y = {round(m.y1, 1) for m in page.crop_marks if m.y1 == m.y2}
        placed = sheet.cards if page.side == "front" else sheet.backs
        for index in page.cards:
            rect = placed[index].rect
            # crop marks at every card's own trims, outside the bleed of the grid
            assert {round(rect.x, 1), round(rect.right, 1)} <= marked_x
            assert {round(rect.y, 1), round(rect.top, 1)} <= marked_y
        for mark in page.crop_marks:
            assert tuple(round(v, 1) for v in (mark.x1, mark.y1, mark.x2, mark.y2)) in lines
            assert not (
                sheet.grid.x - BLEED < mark.x1 < sheet.grid.right + BLEED
                and sheet.grid.y - BLEED < mark.y1 < sheet.grid.top + BLEED
            )
        # text keeps 1/8 in inside the trim (on the sheet: cards with a bleed stand sideways on letter)
        rects = [mapped_rect(sheet.layout.to_paper(page.side), placed[i].rect) for i in page.cards]
        for char, (left, bottom, right, top) in char_boxes(data, page.index):
            assert any(
                r.x + PADDING - 0.5 <= left
                and right <= r.right - PADDING + 0.5
                and r.y + PADDING - 3 <= bottom
                and top <= r.top - PADDING + 3
                for r in rects
            ), char


# --- ink saver ------------------------------------------------------------------------------------------


def _fill_greys(data: bytes) -> set[float]:
    """Every grey set as the fill colour ("v g", or "v v v rg"), on any page."""
    from pypdf.generic import ContentStream

    reader = read_pdf(data)
    greys: set[float] = set()
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"g" or (operator == b"rg" and len({round(float(v), 3) for v in operands}) == 1):
                greys.add(round(float(operands[0]), 2))
    return greys


def _grey_fills(data: bytes) -> set[float]:
    """The fill greys between black and white."""
    return {grey for grey in _fill_greys(data) if 0 < grey < 1}


def test_ink_saver_cards_have_no_grey_or_black_boxes(chapel_site: LoadedSite) -> None:
    normal = cards_pdf(chapel_site, RenderOptions())
    saver = cards_pdf(chapel_site, RenderOptions(ink="saver"))
    assert _grey_fills(normal) == {round(INK.fill_mid, 2)}  # the section bands
    assert _grey_fills(saver) == set()
    # the key's white-on-black box is an outline with black text: nothing is filled or written in white
    assert 1.0 in _fill_greys(normal)
    assert 1.0 not in _fill_greys(saver)
    assert squeeze(page_texts(read_pdf(saver))[0]) == squeeze(page_texts(read_pdf(normal))[0])


@pytest.mark.parametrize("pack_id", ["dungeon-turn", "site-alarm", "derelict-crawl"])
def test_ink_saver_trackers_have_no_grey_fills(pack_id: str) -> None:
    pack = load_pack(pack_id)
    normal = tracker_pdf(pack, RenderOptions())
    saver = tracker_pdf(pack, RenderOptions(ink="saver"))
    assert _grey_fills(saver) == set()
    assert len(read_pdf(saver).pages) == len(read_pdf(normal).pages)


def test_ink_saver_timetable_has_no_grey_fills(chapel_site: LoadedSite) -> None:
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.render.pdf.timetable import timetable_pdf

    table = build_timetable(
        chapel_site.pack, site=chapel_site.site, encounter_pack=chapel_site.encounter_pack, hours=3, seed=7
    )
    assert _grey_fills(timetable_pdf(table, RenderOptions())) != set()
    assert _grey_fills(timetable_pdf(table, RenderOptions(ink="saver"))) == set()


def test_every_sheet_command_takes_ink_saver(runner: CliRunner) -> None:
    for name in ("reference", "tracker", "timetable", "cards", "packet"):
        result = runner.invoke(cli, [name, "--help"])
        assert "--ink [normal|saver]" in result.output, name
