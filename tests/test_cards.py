"""Room-key and statblock cards: the layout (cards, pages, places, crop marks, backs) and the PDF drawn from it."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pdfcheck import (
    char_boxes,
    font_problems,
    mapped,
    mapped_rect,
    page_sizes,
    page_texts,
    read_pdf,
    sized_text,
    squeeze,
    stroked_lines,
    unmapped,
)

from sheetgen.errors import DataError, RenderError
from sheetgen.layout.card_content import BODY_SIZES
from sheetgen.layout.cards import (
    CARD_SIZES,
    PADDING,
    Card,
    CardSheet,
    SheetPage,
    card_layout,
    stat_lines,
)
from sheetgen.layout.geometry import Rect
from sheetgen.layout.marks import LineMark, RectMark, TextMark
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import A4, LETTER, Paper, RenderOptions
from sheetgen.render.html.reference import render_reference
from sheetgen.render.pdf.cards import cards_pdf, draw_card_sheet

SIZES = ("poker", "index")
PAPERS = (LETTER, A4)
PAPER_SIZES = {"letter": (612, 792), "a4": (595, 842)}

SiteWriter = Callable[[str], LoadedSite]


@pytest.fixture(scope="module")
def bundled() -> LoadedSite:
    return load_site("the-sunken-chapel")


@pytest.fixture(scope="module")
def sheets(bundled: LoadedSite) -> dict[tuple[str, str, bool], CardSheet]:
    return {
        (size, paper.name, backs): card_layout(bundled, paper, size=size, backs=backs)  # type: ignore[arg-type]
        for size in SIZES
        for paper in PAPERS
        for backs in (False, True)
    }


@pytest.fixture(scope="module")
def pdfs(sheets: dict[tuple[str, str, bool], CardSheet]) -> dict[tuple[str, str, bool], bytes]:
    return {key: draw_card_sheet(sheet) for key, sheet in sheets.items()}


@pytest.fixture
def site_file(write: Callable[[str, str], Path]) -> SiteWriter:
    """Load a site written from YAML text (played with dungeon-turn)."""

    def _site(yaml: str) -> LoadedSite:
        return load_site(str(write("site.yaml", yaml)))

    return _site


def _inset(rect: Rect, by: float) -> Rect:
    return Rect(rect.x + by, rect.y + by, rect.width - 2 * by, rect.height - 2 * by)


# --- how many cards and pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_card_and_page_counts(
    sheets: dict[tuple[str, str, bool], CardSheet],
    pdfs: dict[tuple[str, str, bool], bytes],
    bundled: LoadedSite,
    size: str,
    paper: Paper,
) -> None:
    sheet = sheets[(size, paper.name, False)]
    site = bundled.site
    rooms = [c for c in sheet.cards if c.kind == "room"]
    stats = [c for c in sheet.cards if c.kind == "stat"]
    # every room and every statblock once, each one's continuation cards numbered after it
    assert sorted((c.key for c in rooms if c.part == 0), key=str) == sorted(r.key for r in site.rooms)
    assert sorted(c.name for c in stats if c.part == 0) == sorted(s.name for s in site.statblocks)
    continuations = sum(1 for c in sheet.cards if c.part)
    assert len(sheet.cards) == len(site.rooms) + len(site.statblocks) + continuations
    # letter holds eight poker cards sideways (six upright), A4 nine upright
    per_page = {"poker": 8 if paper is LETTER else 9, "index": 4}[size]
    assert sheet.layout.per_page == per_page
    assert sheet.layout.sideways == (size == "poker" and paper is LETTER)
    # no sheet is left short while its cards would fit on the others
    places = sum(2 if c.wide else 1 for c in sheet.cards)
    expected_pages = math.ceil(places / per_page)
    assert len(sheet.pages) == expected_pages
    reader = read_pdf(pdfs[(size, paper.name, False)])
    assert len(reader.pages) == expected_pages
    assert page_sizes(reader) == [PAPER_SIZES[paper.name]] * expected_pages
    texts = page_texts(reader)
    assert sum(text.count("(cont.)") for text in texts) == continuations
    for card in sheet.cards:
        assert card.parts == 1 + sum(
            1 for c in sheet.cards if (c.kind, c.key, c.name) == (card.kind, card.key, card.name) and c.part
        )


def _face(card: Card) -> tuple[list[str], list[float]]:
    """What a card shows and where, in the card's own coordinates."""
    kinds = [type(m).__name__ for m in card.items]
    places = [
        v for m in card.items for v in (m.rect.x - card.rect.x, m.rect.y - card.rect.y, m.rect.width, m.rect.height)
    ]
    return kinds, places


def test_bigger_cards_need_no_more_cards(sheets: dict[tuple[str, str, bool], CardSheet], bundled: LoadedSite) -> None:
    for paper in PAPERS:
        poker = sheets[("poker", paper.name, False)]
        index = sheets[("index", paper.name, False)]
        assert len(index.cards) <= len(poker.cards)
    # the paper and the way the cards stand change where cards go, never what is on them (but for the
    # body size a deck is set in, and whether a long room takes a wide card or a continuation, both chosen
    # to save sheets)
    upright = card_layout(bundled, LETTER, size="poker", sideways=False)
    turned = card_layout(bundled, A4, size="poker", sideways=True)
    assert turned.layout.sideways and not upright.layout.sideways
    for one, other in ((sheets[("poker", "letter", False)], turned), (upright, sheets[("poker", "a4", False)])):
        assert {c.font_size for c in one.cards} == {c.font_size for c in other.cards}
        theirs = {(c.label, c.wide): c for c in other.cards}
        shared = [(c, theirs[(c.label, c.wide)]) for c in one.cards if (c.label, c.wide) in theirs]
        assert len(shared) >= len(bundled.site.rooms)
        for a, b in shared:
            (kinds, places), (other_kinds, other_places) = _face(a), _face(b)
            assert kinds == other_kinds and places == pytest.approx(other_places, abs=0.01), a.label


def test_type_sizes(sheets: dict[tuple[str, str, bool], CardSheet]) -> None:
    for sheet in sheets.values():
        # one body size for the room cards of a deck, one for its stat cards, 7.5 pt or more
        for kind in ("room", "stat"):
            sizes = {card.font_size for card in sheet.cards if card.kind == kind}
            assert len(sizes) == 1 and min(sizes) >= 7.5, (kind, sizes)
        for card in sheet.cards:
            body = [i for i in card.items if isinstance(i, TextMark)]
            assert body and all(i.size >= 7.0 for i in body)


# --- what is printed ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_every_room_key_and_name_is_printed(
    sheets: dict[tuple[str, str, bool], CardSheet],
    pdfs: dict[tuple[str, str, bool], bytes],
    bundled: LoadedSite,
    size: str,
    paper: Paper,
) -> None:
    sheet = sheets[(size, paper.name, False)]
    texts = [squeeze(t) for t in page_texts(read_pdf(pdfs[(size, paper.name, False)]))]
    for room in bundled.site.rooms:
        card = next(c for c in sheet.cards if c.key == room.key)
        lines = page_texts(read_pdf(pdfs[(size, paper.name, False)]))[card.page].splitlines()
        assert room.key in [line.strip() for line in lines], room.key
        assert room.name in texts[card.page]
        if room.size:
            assert room.size in texts[card.page]
    for block in bundled.site.statblocks:
        card = next(c for c in sheet.cards if c.kind == "stat" and c.name == block.name)
        assert block.name in texts[card.page]


def test_room_card_content(
    sheets: dict[tuple[str, str, bool], CardSheet], pdfs: dict[tuple[str, str, bool], bytes], bundled: LoadedSite
) -> None:
    sheet = sheets[("index", "letter", False)]
    text = squeeze(" ".join(page_texts(read_pdf(pdfs[("index", "letter", False)]))))
    names = {r.key: r.name for r in bundled.site.rooms}
    for room in bundled.site.rooms:
        exits = ", ".join(f"{key} {names[key]}" for key in room.exits)
        assert f"Exits: {exits}" in text
        cards = [c for c in sheet.cards if c.kind == "room" and c.key == room.key]
        boxes = [i for c in cards for i in c.items if isinstance(i, RectMark)]
        assert sum(1 for b in boxes if b.role == "checkbox") == len(room.details)
        # each section's label runs in, in bold, at the head of its first paragraph
        labels = [i for c in cards for i in c.items if isinstance(i, TextMark)]
        for field, label in (("trap", "TRAP"), ("treasure", "TREASURE"), ("encounter", "ENCOUNTER")):
            run_in = [i for i in labels if i.text.strip() == label]
            assert bool(run_in) == bool(getattr(room, field)), (room.key, field)
            assert all(i.role == "body-bold" for i in run_in)
    assert "Exits: 2 Narthex, 3 Sexton's Cottage" in text


def test_checkboxes_are_drawn_boxes(
    pdfs: dict[tuple[str, str, bool], bytes], sheets: dict[tuple[str, str, bool], CardSheet]
) -> None:
    sheet = sheets[("poker", "letter", False)]
    contents = read_pdf(pdfs[("poker", "letter", False)]).pages[0].get_contents()
    assert contents is not None
    content = contents.get_data().decode("latin-1")
    boxes = [i for c in sheet.cards if c.page == 0 for i in c.items if isinstance(i, RectMark) and i.role == "checkbox"]
    assert boxes
    for box in boxes:
        assert _has_rect(content, box.rect), box
        assert box.stroke >= 0.75


def _has_rect(content: str, rect: Rect) -> bool:
    tokens = content.split()
    for i, token in enumerate(tokens):
        if token == "re" and i >= 4:
            x, y, w, h = (float(t) for t in tokens[i - 4 : i])
            if all(abs(a - b) < 0.02 for a, b in ((x, rect.x), (y, rect.y), (w, rect.width), (h, rect.height))):
                return True
    return False


def test_stat_card_follows_the_griffon_example(
    sheets: dict[tuple[str, str, bool], CardSheet], bundled: LoadedSite
) -> None:
    griffon = next(b for b in bundled.site.statblocks if b.id == "griffon")
    assert [label for label, _ in stat_lines(griffon)][:7] == [
        "HD",
        "Speed",
        "Zone",
        "Morale",
        "# Appearing",
        "Armor",
        "Weak",
    ]
    sheet = sheets[("poker", "letter", False)]
    card = next(c for c in sheet.cards if c.kind == "stat" and c.name == "Griffon")
    page = SheetPage(0, "front", (0,), ())
    data = draw_card_sheet(CardSheet(sheet.layout, sheet.site_name, (card,), (), (page,)))
    text = squeeze(page_texts(read_pdf(data))[0])
    order = [
        "Griffon",
        "Hybrid creatures displaying",
        "HD: 7 (31 HP)",
        "Speed: 30' (Fly 80')",
        "Zone: Frontline",
        "Morale: 8",
        "# Appearing: d4",
        "Armor: 2 [as Chain]",
        "Weak: Shock",
        "ACTIONS",
        "Multi-Attack: 2×Claw and 1×Beak",
        "Beak [Melee Attack]: 9 (2d8)",
        "Claw [Melee Attack]: 2 (d4)",
    ]
    where = [text.find(part) for part in order]
    assert all(w >= 0 for w in where), list(zip(order, where, strict=True))
    assert where == sorted(where)


def test_every_stat_card_has_two_stat_columns(sheets: dict[tuple[str, str, bool], CardSheet]) -> None:
    for (size, _, _), sheet in sheets.items():
        for card in sheet.cards:
            if card.kind != "stat" or card.part:
                continue
            stats = [
                i
                for i in card.items
                if isinstance(i, TextMark) and i.role == "body-bold" and i.text.rstrip().endswith(":")
            ]
            lefts = {round(i.x - card.rect.x, 1) for i in stats}
            assert len(lefts) == 2, (size, card.name, lefts)


def test_fonts_are_embedded_and_shipped(pdfs: dict[tuple[str, str, bool], bytes]) -> None:
    for data in pdfs.values():
        assert font_problems(read_pdf(data)) == []


def test_same_input_same_bytes(bundled: LoadedSite) -> None:
    options = RenderOptions(A4)
    assert cards_pdf(bundled, options, size="index", backs=True) == cards_pdf(
        bundled, options, size="index", backs=True
    )


# --- where things are -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("backs", [False, True])
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_cards_sit_inside_the_page_without_overlapping(
    sheets: dict[tuple[str, str, bool], CardSheet], size: str, paper: Paper, backs: bool
) -> None:
    sheet = sheets[(size, paper.name, backs)]
    # the grid's own frame: the paper, or the paper turned for cards set sideways
    frame = sheet.layout.paper
    assert sorted(frame.size) == sorted(paper.size) and sheet.paper == paper
    page = Rect(0, 0, frame.width, frame.height)
    card_size = CARD_SIZES[size]
    assert len(sheet.slots) == sheet.layout.per_page
    for slot in sheet.slots:
        assert (round(slot.width, 3), round(slot.height, 3)) == (round(card_size.width, 3), round(card_size.height, 3))
        assert page.contains(slot)
    # the grid is centred
    assert sheet.grid.x == pytest.approx(frame.width - sheet.grid.right)
    assert sheet.grid.y == pytest.approx(frame.height - sheet.grid.top)
    for placed in (sheet.cards, sheet.backs):
        by_page: dict[int, list[Rect]] = {}
        for card in placed:
            assert page.contains(card.rect)
            by_page.setdefault(card.page, []).append(card.rect)
        for rects in by_page.values():
            for i, a in enumerate(rects):
                for b in rects[i + 1 :]:
                    assert not a.overlaps(b)
    for card in sheet.cards:
        start = sheet.slots.index(Rect(card.rect.x, card.rect.y, card_size.width, card_size.height))
        assert card.rect == sheet.layout.span(start, 2 if card.wide else 1)
        # nothing within the safe zone, 1/8 in inside the trim, on fronts and backs
        inner = _inset(card.rect, PADDING)
        for item in card.items:
            assert inner.contains(item.rect), (card.label, item)
    for back in sheet.backs:
        for item in back.items:
            assert _inset(back.rect, PADDING).contains(item.rect)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_crop_marks(
    sheets: dict[tuple[str, str, bool], CardSheet], pdfs: dict[tuple[str, str, bool], bytes], size: str, paper: Paper
) -> None:
    sheet = sheets[(size, paper.name, True)]
    grid = sheet.grid
    reader = read_pdf(pdfs[(size, paper.name, True)])
    for page in sheet.pages:
        marks = page.crop_marks
        lines = stroked_lines(reader, page.index)
        for mark in marks:
            assert tuple(round(v, 1) for v in (mark.x1, mark.y1, mark.x2, mark.y2)) in lines
            # outside the cards
            for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
                assert not (grid.x < x < grid.right and grid.y < y < grid.top)
        above = {round(m.x1, 1) for m in marks if m.x1 == m.x2 and m.y1 > grid.top}
        below = {round(m.x1, 1) for m in marks if m.x1 == m.x2 and m.y1 < grid.y}
        horizontal = {round(m.y1, 1) for m in marks if m.y1 == m.y2}
        # marks on all four sides of the grid
        assert above and below
        assert {m.x1 > grid.right for m in marks if m.y1 == m.y2} == {True, False}
        placed = sheet.cards if page.side == "front" else sheet.backs
        for index in page.cards:
            rect = placed[index].rect
            # a row is cut at the marks on its edge of the grid (a middle row: where both agree)
            top_row, bottom_row = abs(rect.top - grid.top) < 0.01, abs(rect.y - grid.y) < 0.01
            vertical = (
                above
                if top_row and not bottom_row
                else below
                if bottom_row and not top_row
                else (above & below if not top_row else above)
            )
            # every card's four corners are on a marked cut, and no cut runs through a card
            assert {round(rect.x, 1), round(rect.right, 1)} <= vertical, (page.index, rect)
            assert {round(rect.y, 1), round(rect.top, 1)} <= horizontal, (page.index, rect)
            assert not any(rect.x + 1 < x < rect.right - 1 for x in vertical), (page.index, rect)
            if not top_row and not bottom_row:
                assert not any(rect.x + 1 < x < rect.right - 1 for x in above | below)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_crop_marks_keep_a_quarter_inch_from_the_paper_edge(
    pdfs: dict[tuple[str, str, bool], bytes], sheets: dict[tuple[str, str, bool], CardSheet], size: str, paper: Paper
) -> None:
    sheet = sheets[(size, paper.name, True)]
    reader = read_pdf(pdfs[(size, paper.name, True)])
    edge = 0.25 * 72 - 0.05
    for number in range(len(reader.pages)):
        lines = stroked_lines(reader, number)
        assert lines
        turn = sheet.layout.to_paper(sheet.pages[number].side)
        for line in lines:
            # where the line lands on the sheet (drawn in the grid's frame, turned for sideways cards)
            (x1, y1), (x2, y2) = mapped(turn, *line[:2]), mapped(turn, *line[2:])
            assert edge <= min(x1, x2) and max(x1, x2) <= paper.width - edge
            assert edge <= min(y1, y2) and max(y1, y2) <= paper.height - edge
    # and they are the crop marks, on every page
    assert all(page.crop_marks for page in sheet.pages)


@pytest.mark.parametrize("size", SIZES)
def test_text_is_drawn_inside_its_card(
    sheets: dict[tuple[str, str, bool], CardSheet], pdfs: dict[tuple[str, str, bool], bytes], size: str
) -> None:
    sheet = sheets[(size, "letter", True)]
    data = pdfs[(size, "letter", True)]
    for page in sheet.pages:
        turn = sheet.layout.to_paper(page.side)
        rects = [
            mapped_rect(turn, sheet.cards[i].rect if page.side == "front" else sheet.backs[i].rect) for i in page.cards
        ]
        boxes = char_boxes(data, page.index)
        assert boxes
        for char, (left, bottom, right, top) in boxes:
            inside = [
                r
                for r in rects
                if r.x + PADDING - 2 <= left
                and right <= r.right - PADDING + 2
                and r.y + PADDING - 3 <= bottom
                and top <= r.top - PADDING + 3
            ]
            assert inside, (page.index, char, (left, bottom, right, top))


# --- backs -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_backs_follow_their_fronts_mirrored(
    sheets: dict[tuple[str, str, bool], CardSheet],
    pdfs: dict[tuple[str, str, bool], bytes],
    bundled: LoadedSite,
    size: str,
    paper: Paper,
) -> None:
    plain = sheets[(size, paper.name, False)]
    sheet = sheets[(size, paper.name, True)]
    assert [p.side for p in sheet.pages] == ["front", "back"] * len(plain.pages)
    assert [p.index for p in sheet.pages] == list(range(2 * len(plain.pages)))
    assert len(sheet.backs) == len(sheet.cards) == len(plain.cards)
    reader = read_pdf(pdfs[(size, paper.name, True)])
    assert len(reader.pages) == 2 * len(plain.pages)
    texts = [squeeze(t) for t in page_texts(reader)]
    fronts_turn, backs_turn = sheet.layout.to_paper("front"), sheet.layout.to_paper("back")
    for back in sheet.backs:
        front = sheet.cards[back.front]
        assert back.page == front.page + 1
        assert sheet.pages[back.page].side == "back"
        # flipped on the long edge, the back's mirror image lands on the front (on the printed sheet)
        on_back, on_front = mapped_rect(backs_turn, back.rect), mapped_rect(fronts_turn, front.rect)
        assert on_back.x == pytest.approx(paper.width - on_front.right)
        assert on_back.y == pytest.approx(on_front.y)
        assert (on_back.width, on_back.height) == pytest.approx((on_front.width, on_front.height))
        assert bundled.site.site in texts[back.page]
        assert front.name in texts[back.page]
        if front.key is not None:
            assert front.key in texts[back.page]
        if front.part:
            assert f"{front.key or front.name} (cont.)" in texts[back.page]

    # the back page is cut where its front is: its marks are the front's, mirrored on the sheet
    def on_sheet(marks: tuple[LineMark, ...], turn: tuple[float, ...], mirror: bool) -> list[tuple[float, ...]]:
        found = []
        for m in marks:
            ends = [mapped(turn, m.x1, m.y1), mapped(turn, m.x2, m.y2)]  # type: ignore[arg-type]
            ends = [((paper.width - x) if mirror else x, y) for x, y in ends]
            found.append(tuple(round(v, 1) for end in sorted(ends) for v in end))
        return sorted(found)

    for front_page, back_page in zip(sheet.pages[::2], sheet.pages[1::2], strict=True):
        assert on_sheet(front_page.crop_marks, fronts_turn, True) == on_sheet(back_page.crop_marks, backs_turn, False)
    # the back pages show names, not the cards' text
    first_room = bundled.site.rooms[0]
    assert first_room.description.split()[2] not in texts[1].split()


# --- long and hostile text --------------------------------------------------------------------------------------

WORDS = [f"w{i:03d}q" for i in range(450)]


def _long_room_site(description: str) -> str:
    return f"""\
        site: Long Halls
        system: dungeon-turn
        rooms:
          - key: "1"
            name: The Long Hall
            exits: ["2"]
            description: {description}
            details:
              - A loose flagstone.
              - A draught from the east.
            trap: A falling portcullis.
          - key: "2"
            name: Side Room
            exits: ["1"]
            description: Bare.
        """


@pytest.mark.parametrize("size", SIZES)
def test_long_text_continues_on_another_card(site_file: SiteWriter, size: str) -> None:
    loaded = site_file(_long_room_site(" ".join(WORDS)))
    sheet = card_layout(loaded, LETTER, size=size, wide_cards=False)  # type: ignore[arg-type]
    hall = [c for c in sheet.cards if c.key == "1"]
    assert len(hall) >= 2
    assert [c.part for c in hall] == list(range(len(hall)))
    assert all(c.parts == len(hall) for c in hall)
    # all cards of a room are set alike
    assert len({c.font_size for c in hall}) == 1
    data = draw_card_sheet(sheet)
    texts = page_texts(read_pdf(data))
    text = " ".join(texts)
    assert "1 (cont.)" in squeeze(text)
    assert squeeze(text).count("1 (cont.)") == len(hall) - 1
    for card in hall:
        assert "The Long Hall" in texts[card.page]
    missing = [w for w in WORDS if w not in text]
    assert missing == []
    # each word is printed once, and the trap and details come after the description
    assert all(text.count(w) == 1 for w in WORDS)
    assert text.find("A falling portcullis.") > text.find(WORDS[-1]) > text.find(WORDS[0])
    for card in hall:
        for item in card.items:
            assert _inset(card.rect, PADDING).contains(item.rect)


def test_short_text_keeps_large_type(site_file: SiteWriter) -> None:
    loaded = site_file(_long_room_site("A short description."))
    sheet = card_layout(loaded, LETTER)
    assert [c.font_size for c in sheet.cards] == [BODY_SIZES[0], BODY_SIZES[0]]
    assert [c.part for c in sheet.cards] == [0, 0]


def test_a_long_room_takes_a_wide_card(site_file: SiteWriter) -> None:
    loaded = site_file(_long_room_site(" ".join(WORDS[:160])))
    sheet = card_layout(loaded, LETTER)
    hall = sheet.cards[0] if sheet.cards[0].key == "1" else sheet.cards[1]
    assert hall.parts == 1 and hall.wide
    assert hall.rect.width == pytest.approx(2 * CARD_SIZES["poker"].width)
    # both rooms of the deck at one size
    assert len({c.font_size for c in sheet.cards}) == 1
    text = " ".join(page_texts(read_pdf(draw_card_sheet(sheet))))
    assert all(w in text for w in WORDS[:160])
    # index cards on letter: a wide card takes a whole row
    index = card_layout(loaded, LETTER, size="index")
    assert {c.part for c in index.cards} == {0}


def test_a_continuation_comes_between_sections(site_file: SiteWriter) -> None:
    trap = " ".join(f"Sentence {n} of the trap ends here." for n in range(12))
    loaded = site_file(_long_room_site(" ".join(WORDS[:300])).replace("A falling portcullis.", trap))
    sheet = card_layout(loaded, LETTER, size="index", wide_cards=False)
    hall = [c for c in sheet.cards if c.key == "1"]
    assert len(hall) >= 2
    texts = [" ".join(i.text for i in c.items if isinstance(i, TextMark)) for c in hall]
    # the trap's text is never split between cards
    assert sum(1 for t in texts if "Sentence 0 of the trap" in t) == 1
    assert next(t for t in texts if "Sentence 0 of the trap" in t).count("ends here.") == 12


def test_markup_in_a_site_prints_as_text(site_file: SiteWriter) -> None:
    loaded = site_file("""\
        site: 'Tags <i>site</i>'
        system: dungeon-turn
        rooms:
          - key: "1"
            name: '<font color="red">X</font>'
            description: '<b>not bold</b> <img src="x"/> {{ 7*7 }}'
            details: ['<a href="http://example.com">link</a> &amp; &lt;']
        """)
    data = cards_pdf(loaded, RenderOptions(), backs=True)
    front, back = (squeeze(t) for t in page_texts(read_pdf(data)))
    assert '<font color="red">X</font>' in front
    assert '<b>not bold</b> <img src="x"/> {{ 7*7 }}' in front
    assert '<a href="http://example.com">link</a> &amp; &lt;' in front
    assert "49" not in front
    assert '<font color="red">X</font>' in back
    assert "Tags <i>site</i>" in back


def test_any_key_is_only_drawn(site_file: SiteWriter, tmp_path: Path) -> None:
    long_key = "K" * 120
    loaded = site_file(f"""\
        site: Odd Keys
        system: dungeon-turn
        rooms:
          - key: "../../etc/passwd"
            name: Up and Out
            exits: ["{long_key}"]
          - key: "{long_key}"
            name: {"Long name " * 11}end
            exits: ["../../etc/passwd"]
        """)
    before = sorted(tmp_path.rglob("*"))
    for size in SIZES:
        sheet = card_layout(loaded, A4, size=size, backs=True)  # type: ignore[arg-type]
        data = draw_card_sheet(sheet)
        text = "".join(" ".join(page_texts(read_pdf(data))).split())
        assert "../../etc/passwd" in text
        assert long_key in text
        for card in sheet.cards:
            for item in card.items:
                assert _inset(card.rect, PADDING).contains(item.rect)
    assert sorted(tmp_path.rglob("*")) == before


def test_a_character_no_font_has_is_reported(site_file: SiteWriter) -> None:
    # the loader reports it, with its place in the file, before any card is laid out
    with pytest.raises(DataError) as error:
        site_file("""\
            site: Far East
            system: dungeon-turn
            rooms:
              - key: "1"
                name: Hall of 漢
            """)
    message = str(error.value)
    assert message.endswith(
        'site.yaml:5:11: rooms[0].name: character "漢" (U+6F22) is in none of the shipped fonts; '
        "replace it or remove it"
    )


def test_unknown_card_size(bundled: LoadedSite) -> None:
    with pytest.raises(RenderError, match="unknown card size 'tarot'"):
        card_layout(bundled, LETTER, size="tarot")  # type: ignore[arg-type]


def test_statblocks_without_rooms_text(site_file: SiteWriter) -> None:
    loaded = site_file("""\
        site: Beasts
        system: dungeon-turn
        rooms:
          - key: "1"
            name: Den
        statblocks:
          - id: wolf
            name: Wolf
            stats: {HD: "1 (4 HP)", Speed: "40'"}
            morale: 6
            zone: Frontline
            appearing: 2d4
            actions:
              - {name: Bite, kind: Melee Attack, text: 3 (d6)}
          - id: slime
            name: Slime
        """)
    sheet = card_layout(loaded, LETTER)
    assert [(c.kind, c.name) for c in sheet.cards] == [("room", "Den"), ("stat", "Wolf"), ("stat", "Slime")]
    text = squeeze(" ".join(page_texts(read_pdf(draw_card_sheet(sheet)))))
    assert "HD: 1 (4 HP) Speed: 40' Zone: Frontline Morale: 6 # Appearing: 2d4" in text
    assert "Bite [Melee Attack]: 3 (d6)" in text


def test_cards_of_one_room_share_a_heading(sheets: dict[tuple[str, str, bool], CardSheet]) -> None:
    sheet = sheets[("poker", "letter", False)]
    continued: list[Card] = [c for c in sheet.cards if c.part]
    for card in continued:
        first = next(c for c in sheet.cards if (c.kind, c.key, c.name, c.part) == (card.kind, card.key, card.name, 0))
        assert card.label == f"{first.key or first.name} (cont.)"


def test_the_references_statblock_is_set_like_its_stat_card() -> None:
    pack = load_pack("encounter-reaction")
    griffon = next(b for b in pack.statblocks if b.id == "griffon")
    assert pack.encounter is not None
    lines = [f"{label}: {value}" for label, value in stat_lines(griffon, pack.encounter)]
    text = squeeze(" ".join(page_texts(read_pdf(render_reference(pack, RenderOptions()).pdf))))
    # the stats in the cards' order, two to a row, then the actions under their band
    where = [
        text.find(line)
        for line in [*lines, "ACTIONS", "Multi-Attack: 2×Claw and 1×Beak", "Beak [Melee Attack]: 9 (2d8)"]
    ]
    assert all(w >= 0 for w in where), list(zip(lines, where, strict=False))
    assert where == sorted(where)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_one_body_size_a_deck_read_from_the_pdf(
    sheets: dict[tuple[str, str, bool], CardSheet], pdfs: dict[tuple[str, str, bool], bytes], size: str, paper: Paper
) -> None:
    sheet = sheets[(size, paper.name, False)]
    reader = read_pdf(pdfs[(size, paper.name, False)])
    found: dict[str, set[float]] = {"room": set(), "stat": set()}
    turn = sheet.layout.to_paper("front")
    for page in sheet.pages:
        # where each run starts, in the grid's frame (the page turned back for sideways cards)
        runs = [(*unmapped(turn, x, y), points, text) for x, y, points, text in sized_text(reader, page.index)]
        for index in page.cards:
            card = sheet.cards[index]
            # the body: below the heading's rule
            rule = max(m.y1 for m in card.items if isinstance(m, LineMark))
            for x, y, points, _ in runs:
                if card.rect.x < x < card.rect.right and card.rect.y < y < rule:
                    found[card.kind].add(points)
    assert len(found["room"]) == 1 and len(found["stat"]) == 1, found
    assert min(found["room"] | found["stat"]) >= 7.5


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("size", SIZES)
def test_nothing_near_a_cut_on_the_backs_read_from_the_pdf(
    sheets: dict[tuple[str, str, bool], CardSheet], pdfs: dict[tuple[str, str, bool], bytes], size: str, paper: Paper
) -> None:
    sheet = sheets[(size, paper.name, True)]
    data = pdfs[(size, paper.name, True)]
    reader = read_pdf(data)
    grid = sheet.grid
    for page in sheet.pages:
        if page.side != "back":
            continue
        # the only lines are the crop marks, outside the grid: no frame near the cut
        for x1, y1, x2, y2 in stroked_lines(reader, page.index):
            assert not (grid.x < (x1 + x2) / 2 < grid.right and grid.y < (y1 + y2) / 2 < grid.top)
        content = reader.pages[page.index].get_contents()
        assert content is not None
        # nor any rectangle or curve (a rounded frame)
        assert not re.search(rb"(?m)^[-\d. ]+ (re|c)$", content.get_data())
        rects = [mapped_rect(sheet.layout.to_paper("back"), sheet.backs[i].rect) for i in page.cards]
        boxes = char_boxes(data, page.index)
        assert boxes
        for char, (left, bottom, right, top) in boxes:
            assert any(
                r.x + PADDING - 0.3 <= left
                and right <= r.right - PADDING + 0.3
                and r.y + PADDING - 0.3 <= bottom
                and top <= r.top - PADDING + 0.3
                for r in rects
            ), char
