"""The pre-rolled timetable as PDF pages: the layout (which rows and cards go on which page, and where),
then the real PDF read back: page counts and sizes, the rolled text, fonts, vectors, reproducibility."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import font_problems, image_xobjects, page_sizes, page_texts, read_pdf, squeeze

from sheetgen.cli import cli
from sheetgen.design import TICK
from sheetgen.engine.timetable import Timetable, build_timetable
from sheetgen.errors import FontError, RenderError
from sheetgen.layout.marks import BoxMark, LineMark, RectMark, TextMark, text_width
from sheetgen.layout.timetable_pages import MARGIN, TimetableLayout, timetable_layout
from sheetgen.layout.timetable_parts import chart_bars, check_fonts, cumulative_bars
from sheetgen.layout.timetable_rows import pool_reads_text, split_omens
from sheetgen.load.files import load_pack, load_site
from sheetgen.options import A4, LETTER, Paper, RenderOptions
from sheetgen.render.pdf.timetable import timetable_pdf
from sheetgen.sheets.mechanics import check_banner
from sheetgen.words import (
    baseline_text,
    check_sentence,
    morale_text,
    omen_phrase,
    pool_rule,
    quiet_text,
    row_clock,
    row_rule,
    row_when,
)

SEED = 12345
PACKS_WITH_CHECK = ("dungeon-turn", "site-alarm", "encounter-clock", "derelict-crawl", "bx-dungeon")
SOURCES = (*PACKS_WITH_CHECK, "the-sunken-chapel")
PAPERS = (LETTER, A4)
SIZES = {"letter": (612, 792), "a4": (595, 842)}


def timetable(source: str, hours: int = 3, seed: int = SEED) -> Timetable:
    """A timetable for a built-in pack alone, or for the bundled site with its packs."""
    if source == "the-sunken-chapel":
        loaded = load_site(source)
        return build_timetable(
            loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=hours, seed=seed
        )
    return build_timetable(load_pack(source), site=None, encounter_pack=None, hours=hours, seed=seed)


def deck_only() -> Timetable:
    """A pack without a check, with the bundled site's wandering table as its deck."""
    loaded = load_site("the-sunken-chapel")
    return build_timetable(load_pack("encounter-reaction"), site=loaded.site, encounter_pack=None, hours=3, seed=SEED)


def compact(text: str) -> str:
    """Text without any whitespace: extraction breaks lines where the font changes or a line wraps."""
    return "".join(text.split())


@pytest.fixture(scope="module")
def chapel_3h() -> Timetable:
    return timetable("the-sunken-chapel")


# -- layout --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("hours", [3, 8])
def test_rows_go_three_hours_to_a_page_then_the_deck(source: str, hours: int, paper: Paper) -> None:
    t = timetable(source, hours)
    layout = timetable_layout(t, paper)
    row_pages = [p for p in layout.pages if p.rows]
    assert len(row_pages) == math.ceil(hours / 3)
    for number, page in enumerate(row_pages):
        first, last = number * 3, min(hours, number * 3 + 3)
        expected = [r.index for r in t.rows if first * 60 < r.unit * t.unit_minutes <= last * 60]
        assert [r.index for r in page.rows] == expected
        hours_label = f"hour {last}" if first + 1 == last else f"hours {first + 1}-{last}"
        assert page.label.startswith(f"Timetable, page {number + 1} of {len(layout.pages)}: {hours_label}")
    # every card once, in order, after the rows
    assert [c.index for p in layout.pages for c in p.cards] == [c.index for c in t.deck]
    deck_pages = [p for p in layout.pages if p.cards]
    assert all(p.number >= row_pages[-1].number for p in deck_pages)


def test_page_counts(chapel_3h: Timetable) -> None:
    # ten-minute turns: 18 rows a page; 30-minute rounds: 6; a cadence by track: its finest cadence (30 min)
    counts = {source: [len(p.rows) for p in timetable_layout(timetable(source, 8), LETTER).pages] for source in SOURCES}
    assert counts["dungeon-turn"] == [18, 18, 12]
    assert counts["encounter-clock"] == [18, 18, 12]
    assert counts["site-alarm"] == [6, 6, 4]
    assert counts["derelict-crawl"] == [6, 6, 4]
    # the chapel's deck of 15 cards needs two pages of its own after three pages of rows
    assert counts["the-sunken-chapel"] == [18, 18, 12, 0, 0]
    assert len(timetable_layout(chapel_3h, LETTER).pages) == 2


def test_page_labels_name_the_hours() -> None:
    layout = timetable_layout(timetable("dungeon-turn", 8), LETTER)
    assert [p.label for p in layout.pages] == [
        "Timetable, page 1 of 3: hours 1-3",
        "Timetable, page 2 of 3: hours 4-6",
        "Timetable, page 3 of 3: hours 7-8",
    ]
    chapel = timetable_layout(timetable("the-sunken-chapel", 3), LETTER)
    assert chapel.pages[-1].label == "Timetable, page 2 of 2: encounter deck"


def test_the_deck_shares_the_last_page_when_all_of_it_fits() -> None:
    loaded = load_site("the-sunken-chapel")
    # site-alarm has six rows in three hours, leaving room under them; give it a short deck
    t = build_timetable(
        load_pack("site-alarm"), site=loaded.site, encounter_pack=loaded.encounter_pack, hours=1, seed=SEED
    )
    layout = timetable_layout(t, LETTER)
    assert len(layout.pages) == 1
    page = layout.pages[0]
    assert [r.index for r in page.rows] == [r.index for r in t.rows]
    assert [c.index for c in page.cards] == [c.index for c in t.deck]
    assert page.label == "Timetable, page 1 of 1: hour 1 and encounter deck"
    assert min(r.frame.y for r in page.rows) > max(c.frame.top for c in page.cards)


def test_a_pack_without_a_check_gets_only_the_deck() -> None:
    t = deck_only()
    assert not t.rows and t.deck
    layout = timetable_layout(t, LETTER)
    assert len(layout.pages) == 1
    assert not layout.pages[0].rows
    assert [c.index for c in layout.pages[0].cards] == [c.index for c in t.deck]


def test_no_check_and_no_deck_is_refused() -> None:
    t = build_timetable(load_pack("encounter-reaction"), site=None, encounter_pack=None, hours=3, seed=SEED)
    refused = r"Encounters \(encounter-reaction\) has no check and no encounter deck"
    with pytest.raises(RenderError, match=refused):
        timetable_pdf(t, RenderOptions())


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("source", [*SOURCES, "deck-only"])
def test_everything_is_inside_the_margins_and_legible(source: str, paper: Paper) -> None:
    t = deck_only() if source == "deck-only" else timetable(source, 8)
    layout: TimetableLayout = timetable_layout(t, paper)
    left, right, bottom, top = MARGIN, paper.width - MARGIN, MARGIN, paper.height - MARGIN
    for page in layout.pages:
        for mark in page.marks:
            if isinstance(mark, TextMark):
                assert mark.size >= 8.0, mark
                assert left - 0.5 <= mark.x and mark.y - mark.size * 0.25 >= bottom, mark
                assert mark.x + text_width(mark.text, mark.role, mark.size) <= right + 0.5, mark
                assert mark.y + mark.size <= top + 0.5, mark
            elif isinstance(mark, LineMark):
                assert mark.width >= 0.75, mark
                for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
                    assert left - 0.5 <= x <= right + 0.5 and bottom - 0.5 <= y <= top + 0.5, mark
            elif isinstance(mark, RectMark):
                assert mark.stroke == 0 or mark.stroke >= 0.75, mark
                assert mark.x >= left - 0.5 and mark.x + mark.width <= right + 0.5, mark
                assert mark.y >= bottom - 0.5 and mark.y + mark.height <= top + 0.5, mark
            elif isinstance(mark, BoxMark):
                assert mark.size == TICK.text
                assert bottom <= mark.y and mark.y + mark.size <= top
        for frame in [r.frame for r in page.rows] + [c.frame for c in page.cards]:
            assert frame.y >= bottom - 0.01 and frame.top <= top + 0.01
            assert frame.x >= left - 0.01 and frame.right <= right + 0.01


def test_rows_and_cards_do_not_overlap(chapel_3h: Timetable) -> None:
    for page in timetable_layout(timetable("the-sunken-chapel", 8), LETTER).pages:
        rows = sorted(page.rows, key=lambda r: -r.frame.y)
        for upper, lower in itertools.pairwise(rows):
            assert lower.frame.top <= upper.frame.y + 0.01
        cards = page.cards
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                apart_x = a.frame.right <= b.frame.x + 0.01 or b.frame.right <= a.frame.x + 0.01
                apart_y = a.frame.top <= b.frame.y + 0.01 or b.frame.top <= a.frame.y + 0.01
                assert apart_x or apart_y, (a, b)


def test_each_row_has_a_tick_box_and_each_card_one() -> None:
    t = timetable("the-sunken-chapel", 8)
    boxes = [m.name for p in timetable_layout(t, LETTER).pages for m in p.marks if isinstance(m, BoxMark)]
    assert boxes == [f"check-{r.index}" for r in t.rows] + [f"card-{c.index}" for c in t.deck]


def test_the_chart_has_a_bar_for_every_check_that_can_bring_the_result(chapel_3h: Timetable) -> None:
    assert chapel_3h.odds is not None
    bars = [b for b in chart_bars(chapel_3h.odds) if b.chance > 0]
    assert len(bars) == 18  # one check every ten minutes for three hours
    page = timetable_layout(chapel_3h, LETTER).pages[0]
    drawn = [m for m in page.marks if isinstance(m, RectMark) and m.fill == 0.45]
    assert len(drawn) == len(bars)
    # taller bar, higher chance
    by_height = sorted(zip(drawn, bars, strict=True), key=lambda db: db[0].height)
    assert [b.chance for _, b in by_height] == sorted(b.chance for b in bars)


def test_the_chart_covers_the_first_three_hours_of_a_longer_timetable() -> None:
    t = timetable("dungeon-turn", 8)
    assert t.odds is not None
    assert len(chart_bars(t.odds)) == 18
    assert all(b.minute <= 180 for b in chart_bars(t.odds))


def test_pool_rows_read_each_number_of_dice() -> None:
    t = timetable("encounter-clock")
    row = t.rows[0]
    text = pool_reads_text(row)
    for read in row.pool_reads:
        # the result the first N dice give is printed for that N
        groups = text.split(" \u00b7 ")
        assert any(f"**{read.result}**" in g and _n_in(g, read.dice) for g in groups), (read, text)


def _n_in(group: str, n: int) -> bool:
    span = group.split(":")[0].removeprefix("N = ")
    low, _, high = span.partition("-")
    return int(low) <= n <= int(high or low)


def test_omens_are_set_apart() -> None:
    full = "first 1: highest 5, no encounter; Encounter Clock 3; Omen (Encounter Clock 3)"
    text, omens = split_omens(full, ("Omen (Encounter Clock 3)",))
    assert text == "first 1: highest 5, no encounter; Encounter Clock 3"
    assert omens == ["Omen (Encounter Clock 3)"]
    assert split_omens("Omen (Encounter Clock 3)", ("Omen (Encounter Clock 3)",)) == ("", ["Omen (Encounter Clock 3)"])
    assert split_omens("Encounter Clock 3", ("Omen (Encounter Clock 3)",)) == ("Encounter Clock 3", [])


def test_text_no_shipped_font_has_is_refused(chapel_3h: Timetable) -> None:
    bad = dataclasses.replace(chapel_3h, pack_name="Dungeon Turns \U0001f600")
    with pytest.raises(FontError, match=r"pack dungeon-turn: name: character .* \(U\+1F600\)"):
        check_fonts(bad)
    card = dataclasses.replace(chapel_3h.deck[0], name="Acolytes \U0001f600")
    with pytest.raises(FontError, match=r"site The Sunken Chapel: wandering\[0\]"):
        timetable_pdf(dataclasses.replace(chapel_3h, deck=(card, *chapel_3h.deck[1:])), RenderOptions())


# -- the PDF -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("hours", [3, 8])
def test_pdf_pages_sizes_and_fonts(source: str, hours: int, paper: Paper) -> None:
    t = timetable(source, hours)
    reader = read_pdf(timetable_pdf(t, RenderOptions(paper=paper)))
    assert len(reader.pages) == len(timetable_layout(t, paper).pages)
    assert page_sizes(reader) == [SIZES[paper.name]] * len(reader.pages)
    assert font_problems(reader) == []
    assert image_xobjects(reader) == []


@pytest.mark.parametrize("source", [*SOURCES, "deck-only"])
def test_pdf_text_holds_every_rolled_fact(source: str) -> None:
    t = deck_only() if source == "deck-only" else timetable(source, 8)
    layout = timetable_layout(t, LETTER)
    texts = [compact(text) for text in page_texts(read_pdf(timetable_pdf(t, RenderOptions())))]
    assert len(texts) == len(layout.pages)
    for text in texts:
        assert compact(f"Seed {SEED} \u2014 same seed, same rolls") in text
        assert compact(t.pack_name) in text
        if t.site_name:
            assert compact(t.site_name) in text
    rows = {r.index: r for r in t.rows}
    cards = {c.index: c for c in t.deck}
    for page, text in zip(layout.pages, texts, strict=True):
        # the one header: who it is for, page x of y, and what the page holds
        assert compact(f"page {page.number} of {len(layout.pages)}") in text
        assert compact("Pre-rolled encounters: " + page.label.split(": ", 1)[1]) in text
        assert "Letter" not in text and "A4" not in text
        if page.rows:
            # the check said once, in its banner's words: the rule's sentence and what follows it
            banner = check_banner(t.pack)
            assert banner is not None
            for fact in banner.facts:
                if fact.label != "When":
                    assert compact(fact.text) in text, fact
            for lv in t.tracks:
                assert compact(f"Tracks at the start of play: {lv.name} {lv.level}") in text
        for frame in page.rows:
            row = rows[frame.index]
            clock, rule, when = row_clock(t, row), row_rule(t, row), row_when(t, row)
            assert clock in text
            shown, omens = split_omens(quiet_text(t, row), [omen_phrase(t.pack, o) for o in row.baseline.omens])
            assert compact(shown) in text
            for omen in omens:
                assert compact(omen) in text
            if row.roll is None:  # a pool: the shared rule, the dice in order and what each N reads
                assert compact(pool_rule(t.pack, trigger=False)) in text
                assert compact(check_sentence(t.pack)) in text
                assert compact(clock + "".join(map(str, row.dice))) in text
                assert compact(pool_reads_text(row).replace("**", "")) in text
            else:
                assert compact(rule) in text
            if when:
                assert compact(when) in text
        for card_frame in page.cards:
            card = cards[card_frame.index]
            assert compact(f"{card.index}. {card.name}") in text
            assert card.reaction is not None
            assert compact(f"Reaction: {card.reaction.result}") in text
            if card.stat_name:
                assert compact(f"See stat card: {card.stat_name}") in text


def test_pdf_text_marks_the_quiet_party_encounters(chapel_3h: Timetable) -> None:
    text = page_texts(read_pdf(timetable_pdf(chapel_3h, RenderOptions())))[0]
    encounters = [r for r in chapel_3h.rows if r.baseline.encounter]
    assert encounters
    assert text.count("\u25b6") == len(encounters)


def test_pdf_is_the_same_for_the_same_seed() -> None:
    first = timetable_pdf(timetable("the-sunken-chapel", 8), RenderOptions())
    again = timetable_pdf(timetable("the-sunken-chapel", 8), RenderOptions())
    other = timetable_pdf(timetable("the-sunken-chapel", 8, seed=SEED + 1), RenderOptions())
    assert first == again
    assert first != other


def test_fillable_pdf_has_a_checkbox_per_row_and_card(chapel_3h: Timetable) -> None:
    reader = read_pdf(timetable_pdf(chapel_3h, RenderOptions(fillable=True)))
    fields = reader.get_fields() or {}
    expected = {f"timetable-check-{r.index}" for r in chapel_3h.rows} | {
        f"timetable-card-{c.index}" for c in chapel_3h.deck
    }
    assert set(fields) == expected
    assert font_problems(reader) == []
    plain = read_pdf(timetable_pdf(chapel_3h, RenderOptions()))
    assert not plain.get_fields()


def test_importing_the_renderer_does_not_import_reportlab() -> None:
    import subprocess
    import sys

    code = (
        "import sys, sheetgen.render.pdf.timetable, sheetgen.layout.timetable_pages; "
        "print(any(m.startswith('reportlab') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_image_check_finds_a_picture() -> None:
    # the "vectors only" check above would pass on any PDF if it could not see an image
    import io

    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.drawImage(ImageReader(Image.new("L", (4, 4), 128)), 10, 10, 20, 20)
    canvas.save()
    found = image_xobjects(read_pdf(buffer.getvalue()))
    assert len(found) == 1 and found[0].startswith("page 1: /")


def test_a_timetable_without_a_site_has_an_encounter_log_and_no_message_for_developers(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["timetable", "site-alarm", "--seed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(page_texts(read_pdf(out.read_bytes())))
    assert "No encounter deck" not in text and "wandering" not in text
    assert "Encounter log" in text and "What came of it" in text


# -- a quiet timetable ---------------------------------------------------------------------------------


def test_quiet_party_cells_are_empty_when_nothing_happens(chapel_3h: Timetable) -> None:
    t = chapel_3h
    cells = {row.index: quiet_text(t, row) for row in t.rows}
    hits = [row for row in t.rows if row.baseline.encounter]
    assert hits
    for row in t.rows:
        if row.baseline.encounter:
            assert cells[row.index] == f"{t.result_word}; Escalation 0"  # the hit, and the track it resets
        elif not row.baseline.ran_out:
            assert cells[row.index] == "", (row.index, cells[row.index])
    assert "Torch out at 1:00" in cells[6]  # what else happens stays
    assert baseline_text(t, t.rows[0]) == f"no {t.result_word}; Escalation 0"  # the exports say it in full
    page = timetable_layout(t, LETTER).pages[0]
    bold = [m.text for m in page.marks if isinstance(m, TextMark) and m.role == "label-bold"]
    assert sum(text.startswith(t.result_word) for text in bold) == len(hits)  # each hit in bold, and only they


def test_a_track_that_moves_is_said_where_it_moves() -> None:
    t = timetable("site-alarm", 3)
    levels = [t.tracks[0].level] + [row.baseline.levels[0].level for row in t.rows]
    for row, before, after in zip(t.rows, levels, levels[1:], strict=False):
        cell = quiet_text(t, row)
        assert (f"Alarm {after}" in cell) == (after != before or row.baseline.encounter), (row.index, cell)


def test_a_flat_chart_shows_the_chance_of_at_least_one_instead(chapel_3h: Timetable) -> None:
    assert chapel_3h.odds is not None
    assert len({b.chance for b in chart_bars(chapel_3h.odds)}) == 1  # every check 1 in 6: bars all level
    rising = cumulative_bars(chapel_3h.odds)
    assert [b.chance for b in rising] == sorted(b.chance for b in rising) and rising[-1].chance > Fraction(9, 10)
    assert rising[5].chance == chapel_3h.odds.by_hour[0]  # at least one by the hour's last check
    page = timetable_layout(chapel_3h, LETTER).pages[0]
    drawn = sorted((m for m in page.marks if isinstance(m, RectMark) and m.fill == 0.45), key=lambda m: m.x)
    assert len(drawn) == 18 and [m.height for m in drawn] == sorted(m.height for m in drawn)
    assert drawn[0].height < drawn[-1].height / 4
    text = squeeze(" ".join(m.text for m in page.marks if isinstance(m, TextMark)))
    assert (
        "Chance of at least one danger by each check in the first 3 hours, quiet party (16.7% at every check)" in text
    )


def test_a_chance_that_changes_keeps_a_bar_for_each_check() -> None:
    t = timetable("site-alarm", 3)
    assert t.odds is not None and len({b.chance for b in chart_bars(t.odds)}) > 1
    page = timetable_layout(t, LETTER).pages[0]
    text = squeeze(" ".join(m.text for m in page.marks if isinstance(m, TextMark)))
    assert "at each check in the first 3 hours, quiet party" in text and "at least one" not in text.split("At")[0]


def test_morale_follows_its_label_without_a_second_colon(chapel_3h: Timetable) -> None:
    said = [morale_text(card) for card in chapel_3h.deck]
    assert said and all(m is not None and ":" not in m for m in said)
    assert re.fullmatch(r"\d+; rolled \d\+\d = \d+, (holds|fails)", said[0] or ""), said[0]
    text = "\n".join(page_texts(read_pdf(timetable_pdf(chapel_3h, RenderOptions()))))
    assert not re.search(r"Morale: \d+:", text)
