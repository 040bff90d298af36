"""The one text measurer and line breaker of the ReportLab pages (sheetgen.layout.text), and marks kept as data."""

from __future__ import annotations

import json
import random

import pytest
from costly_inputs import prose

from sheetgen.layout.marks import (
    BoxMark,
    CircleMark,
    LineMark,
    Mark,
    RectMark,
    TextMark,
    flow,
    marks_from_data,
    marks_to_data,
    paragraph_marks,
)
from sheetgen.layout.text import (
    NBSP,
    BoxPlace,
    Run,
    Span,
    TextStyle,
    forget_set_paragraphs,
    min_width,
    natural_width,
    plain_text,
    set_paragraph,
    spans,
    split_to_fit,
    text_width,
)

BODY = TextStyle("body", 8.0, 9.6)
WORDS = "The nave is a long hall of brown water, waist-deep on a human, with the backs of the pews showing."


def lines_of(text: str | tuple[Span, ...], width: float, style: TextStyle = BODY) -> list[str]:
    para = set_paragraph(spans(text) if isinstance(text, str) else text, style, width)
    return [" ".join(run.text.strip() for run in line.runs) for line in para.lines]


def rejoined(lines: list[str], text: str) -> str:
    """*lines* as one text again: a line that ends in a hyphen joins the next line's first word, without the
    hyphen where *text* has the word without it."""
    words = set(text.split())
    out = ""
    for line in lines:
        if out.endswith("-"):
            first = line.split(" ", 1)[0]
            whole = out.rsplit(" ", 1)[-1] + first
            out = out if whole in words else out[:-1]
            out += line
        else:
            out += (" " if out else "") + line
    return out


def test_lines_fill_greedily_and_never_run_over_by_more_than_the_space_shrink() -> None:
    for width in (60.0, 90.0, 140.0, 200.0):
        para = set_paragraph(spans(WORDS), BODY, width)
        assert len(para.lines) > 1 or width >= natural_width(spans(WORDS), BODY)
        for line in para.lines:
            last = line.runs[-1]
            assert last.x + text_width(last.text, last.role, last.size) <= width + 1e-6
        # every word is set once, whole or hyphenated over two lines
        assert rejoined(lines_of(WORDS, width), WORDS) == WORDS
    assert set_paragraph(spans(WORDS), BODY, 90.0).height == len(lines_of(WORDS, 90.0)) * BODY.leading


def test_bold_and_italic_come_from_the_one_markup_parser() -> None:
    para = set_paragraph(spans("a **bold** and _italic_ word"), BODY, 500.0)
    roles = [(run.text.strip(), run.role) for run in para.lines[0].runs]
    assert roles == [("a", "body"), ("bold", "body-bold"), ("and", "body"), ("italic", "body-italic"), ("word", "body")]


def test_a_no_break_space_keeps_its_words_together_and_prints_as_a_space() -> None:
    text = (Span("Exits:", bold=True), Span(" "), Span("12", bold=True), Span(NBSP), Span("Sunken Altar"))
    width = text_width("Exits: 12", "body-bold", 8.0) + 2.0 + text_width(" Sunken", "body", 8.0) / 2
    assert lines_of(text, width) == ["Exits:", "12 Sunken", "Altar"]


def test_a_word_longer_than_the_line_is_cut_where_it_runs_over() -> None:
    word = "x" * 80
    lines = lines_of(f"before {word} after", 60.0)
    assert "".join(lines).replace(" ", "").replace("before", "").replace("after", "") == word
    assert min_width(spans(word), BODY) > 60.0


def test_a_paragraph_split_between_cards_ends_at_a_sentence_and_keeps_its_styles() -> None:
    text = spans("**One two.** Three four five six seven eight nine ten. Eleven twelve thirteen fourteen.")
    width = natural_width(spans("**One two.** Three four five six seven"), BODY) + 1.0
    assert lines_of(text, width)[0] == "One two. Three four five six seven"
    assert lines_of(text, width)[1].startswith("eight nine ten. Eleven")
    head, rest = split_to_fit(text, BODY, width, BODY.leading * 2) or ((), ())
    assert plain_text(head) == "One two. Three four five six seven eight nine ten."
    assert plain_text(rest) == "Eleven twelve thirteen fourteen."
    assert head[0] == Span("One two.", bold=True)
    assert split_to_fit(text, BODY, 80.0, BODY.leading * 0.5) is None
    assert split_to_fit(text, BODY, 80.0, 1000.0) == (text, ())


SetLine = tuple[tuple[Run, ...], tuple[BoxPlace, ...], float, int]
"""A set line as the split tests compare it: its runs, its boxes, its width and where it ends."""


def _split_all(
    text: tuple[Span, ...], style: TextStyle, width: float, lines: int, afresh: bool
) -> list[tuple[str, list[SetLine]]]:
    """*text* split at *lines* lines a card until nothing is left: each card's text and the lines of what is
    left, as set with what the split before kept, or (*afresh*) as a new process sets it."""
    cards: list[tuple[str, list[SetLine]]] = []
    while text:
        if afresh:
            forget_set_paragraphs()
        parts = split_to_fit(text, style, width, style.leading * lines)
        assert parts is not None
        head, text = parts
        if afresh:
            forget_set_paragraphs()
        rest = set_paragraph(text, style, width)
        cards.append(
            (plain_text(head), [(line.runs, line.boxes, line.width, line.end - rest.offset) for line in rest.lines])
        )
    return cards


@pytest.mark.parametrize(
    "style",
    [
        BODY,
        TextStyle("body", 7.0, 8.4, first_indent=-6.0, left_indent=6.0),
        TextStyle("label", 8.0, 9.6, align="center"),
    ],
)
def test_the_rest_of_a_split_paragraph_is_set_as_it_is_set_afresh(style: TextStyle) -> None:
    """The rest of a split paragraph takes its words, and its lines from where they begin alike, from the
    paragraph it was split from: what it prints is what a new process sets."""
    rng = random.Random(5)
    words = prose(rng, 3000).split(" ")
    for at in range(0, len(words), 37):
        words[at] = f"**{words[at]}**"
    words[100] = "x" * 90  # wider than a line: cut
    words[150] = f"{words[150]}{NBSP}12"
    text = spans(" ".join(words))
    for width in (60.0, 95.0, 140.0):
        for lines in (3, 7):
            kept = _split_all(text, style, width, lines, afresh=False)
            assert len(kept) > 3
            assert kept == _split_all(text, style, width, lines, afresh=True)


def test_centred_lines_stand_in_the_middle() -> None:
    style = TextStyle("label", 12.0, 14.4, bold=True, align="center")
    para = set_paragraph(spans("Key"), style, 100.0)
    run = para.lines[0].runs[0]
    assert run.x == pytest.approx((100.0 - text_width("Key", "label-bold", 12.0)) / 2)
    [mark] = paragraph_marks(para, 10.0, 50.0)
    assert isinstance(mark, TextMark) and mark.y == pytest.approx(50.0 - 12.0)


def test_tracker_text_keeps_its_tick_boxes() -> None:
    flowed = flow("\u2610 Torch \u2610 Rope", 300.0, 9.0, box_prefix="gear")
    boxes = [m for m in flowed.marks if isinstance(m, BoxMark)]
    assert [b.name for b in boxes] == ["gear-torch", "gear-rope"]


def test_marks_survive_the_trip_through_json_and_anything_else_is_refused() -> None:
    marks: list[Mark] = [
        TextMark(1.0, 2.0, "a", "body-bold", 8.0, 1.0),
        BoxMark("n", 1.0, 2.0, 13.0, "tip", 3, None),
        LineMark(0.0, 0.0, 1.0, 1.0, 0.75, 0.0, (1.0, 3.0)),
        RectMark(1.0, 2.0, 3.0, 4.0, 0.5, 0.0, 2.0, "band"),
        CircleMark(1.0, 2.0, 3.0),
    ]
    assert marks_from_data(json.loads(json.dumps(marks_to_data(marks)))) == marks
    for bad in (
        "x",
        [["text", 1, 2, "a", "serif", 8, 0]],
        [["text", 1, 2, "a", "body"]],
        [["oval", 1]],
        [["box", "n", 1, 2, 3, "t", True, None]],
        [["line", 0, 0, 1, 1, 1, 0, [1]]],
        [["line", 0, 0, 1, 1, 1, 0, 3]],
    ):
        with pytest.raises(ValueError):
            marks_from_data(bad)


def test_the_page_number_slot_is_as_wide_as_the_shipped_font_sets_its_sample() -> None:
    """The slot's width is kept as a number (so that HTML pages need not load ReportLab to know it): it
    must be what the font's metrics measure, at every size."""
    from sheetgen.layout.header import PAGE_SLOT_SAMPLE, slot_width

    for size in (6.0, 8.5, 12.75):
        assert slot_width(size) == pytest.approx(text_width(PAGE_SLOT_SAMPLE, "label-bold", size), abs=1e-6)


def test_the_rest_of_a_split_hyphenated_paragraph_is_set_as_it_is_set_afresh() -> None:
    """As above, where words are hyphenated: the rest of a German room split between cards."""
    compounds = (
        "Donaudampfschifffahrtsgesellschaftskapitän",
        "Kerkerwächterschlüsselbund",
        "Fackelhalterungen",
        "Schatzkammertürschloss",
        "Verliesbeleuchtungsvorschriften",
    )
    rng = random.Random(8)
    words = [rng.choice(compounds) if rng.random() < 0.3 else word for word in prose(rng, 2000).split(" ")]
    text = spans(" ".join(words), language="de")
    for width in (70.0, 110.0):
        kept = _split_all(text, BODY, width, 4, afresh=False)
        assert len(kept) > 3
        assert any(line[0][-1].text.endswith("-") for _, lines in kept for line in lines)
        assert kept == _split_all(text, BODY, width, 4, afresh=True)
