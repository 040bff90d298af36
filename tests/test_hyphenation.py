"""Words hyphenated by their text's language on the drawn pages (sheetgen.layout.hyphens, sheetgen.layout.text)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pyphen
import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, squeeze

from sheetgen.cli import cli
from sheetgen.layout.hyphens import points
from sheetgen.layout.marks import TextMark, flow
from sheetgen.layout.text import LOOSE, TextStyle, set_paragraph, spans, split_to_fit, text_width
from sheetgen.words.language import using

BODY = TextStyle("body", 8.0, 9.6)
GERMAN = pyphen.Pyphen(lang="de_DE")

ROOM = (
    "Der Donaudampfschifffahrtsgesellschaftskapitän schläft neben dem Kerkerwächterschlüsselbund, "
    "und die Fackelhalterungen an den Wänden sind verrostet. Ein Schatzkammertürschloss glänzt im "
    "Halbdunkel, die Eisentürangeln quietschen, und Gefängniswärterinnen flüstern über "
    "Hochwasserschutzmaßnahmen und Verliesbeleuchtungsvorschriften. Burggrabenüberwachung ist ihre "
    "Pflicht, Fallgitterkurbelwartung ihre Strafe."
)


def lines_of(text: str, width: float, language: str | None = None, style: TextStyle = BODY) -> list[str]:
    para = set_paragraph(spans(text, language=language), style, width)
    return ["".join(run.text for run in line.runs) for line in para.lines]


def core(word: str) -> str:
    """A word without the punctuation around it."""
    return re.sub(r"^\W+|\W+$", "", word)


def broken_words(lines: list[str]) -> list[tuple[str, tuple[int, ...]]]:
    """Each word broken at a drawn hyphen at the end of a line: the word, its pieces rejoined without the
    punctuation around it, and the places in it where it was broken."""
    found: list[tuple[str, tuple[int, ...]]] = []
    pending: tuple[str, tuple[int, ...]] | None = None
    for line in lines:
        tokens = line.split(" ")
        if pending is not None:
            text, cuts = pending
            if len(tokens) == 1 and line.endswith("-"):  # a line inside the word
                pending = (text + line[:-1], (*cuts, len(text) + len(line) - 1))
                continue
            whole = text + tokens[0]
            lead = len(whole) - len(re.sub(r"^\W+", "", whole))
            found.append((core(whole), tuple(cut - lead for cut in cuts)))
            pending = None
        if line.endswith("-") and len(tokens[-1]) > 1:
            pending = (tokens[-1][:-1], (len(tokens[-1]) - 1,))
    return found


def rejoined(lines: list[str]) -> str:
    return re.sub(r"-\n", "", "\n".join(lines)).replace("\n", " ")


# --- where a word may be broken ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "language", "expected"),
    [
        ("Fackelhalterungen", "de", (2, 6, 9, 11, 14)),
        ("Fackelhalterungen,", "de", (2, 6, 9, 11, 14)),
        ("„Fackelhalterungen“", "de", (3, 7, 10, 12, 15)),
        ("Fackelhalterungen", "de-AT", (2, 6, 9, 11, 14)),
        ("encounter", "en", (2,)),
        ("Nord-Süd-Gang", "de", (5, 9)),  # after its own hyphens only
        ("Zimmer12", "de", ()),
        ("https://example.com/fackelhalterungen", "de", ()),
        ("wache@burg.de", "de", ()),
        ("2d6+Fackelhalterungen", "de", ()),
        ("Fackelhalterungen", "tlh", ()),  # a language without a dictionary: never an error
        ("Fackel", "und", ()),
    ],
)
def test_the_places_a_word_may_be_broken_at(word: str, language: str, expected: tuple[int, ...]) -> None:
    assert points(word, language) == expected


def test_the_places_are_pyphens() -> None:
    for word in ("Donaudampfschifffahrtsgesellschaftskapitän", "Kerkerwächterschlüsselbund"):
        assert points(word, "de") == tuple(GERMAN.positions(word))


# --- the line breaker ----------------------------------------------------------------------------------------


def test_a_german_compound_wider_than_the_line_breaks_at_its_hyphenation_points() -> None:
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    width = text_width(word, "body", 8.0) * 0.45
    lines = lines_of(f"Der {word} schläft.", width, "de")
    assert len(lines) >= 3
    assert all(text_width(line, "body", 8.0) <= width + 1e-6 for line in lines)
    assert rejoined(lines) == f"Der {word} schläft."
    breaks = broken_words(lines)
    assert [word for word, _ in breaks] == [word]
    assert set(breaks[0][1]) <= set(GERMAN.positions(word))


def test_a_word_is_hyphenated_to_fill_a_loose_line_and_its_hyphen_counts() -> None:
    text = "Ein Kerkerwächterschlüsselbund hängt."
    # the line holds "Ein Kerkerwächterschlüs-" only with the hyphen counted: a point narrower, and it takes
    # up to the place before
    width = text_width("Ein Kerkerwächterschlüs-", "body", 8.0) + 0.01
    assert lines_of(text, width, "de") == ["Ein Kerkerwächterschlüs-", "selbund hängt."]
    narrower = text_width("Ein Kerkerwächterschlüs", "body", 8.0) + 0.01
    assert lines_of(text, narrower, "de") == ["Ein Kerkerwächter-", "schlüsselbund hängt."]


def test_a_line_full_enough_is_not_hyphenated() -> None:
    head = "Ein langer schmaler Gang und ein"
    word = "Kerkerwächterschlüsselbund"
    # the line without the word is left less than LOOSE empty
    width = text_width(head, "body", 8.0) / (1 - LOOSE * 0.9)
    assert lines_of(f"{head} {word} hängt.", width, "de")[:2] == [head, f"{word} hängt."]


def test_the_last_word_of_a_paragraph_is_not_hyphenated_to_fill_a_line() -> None:
    width = text_width("Kerkerwächterschlüsselbund", "body", 8.0) + 0.01
    assert lines_of("Ein Kerkerwächterschlüsselbund", width, "de") == ["Ein", "Kerkerwächterschlüsselbund"]
    assert lines_of("Ein Kerkerwächterschlüsselbund hängt", width, "de")[0].endswith("-")


def test_an_unknown_language_or_a_number_or_a_url_is_cut_where_it_runs_over() -> None:
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    width = text_width(word, "body", 8.0) * 0.45
    for text, language in ((word, "tlh"), ("https://example.com/" + word.lower(), "de")):
        lines = lines_of(text, width, language)
        assert len(lines) > 1
        assert "".join(lines) == text  # cut, no hyphen drawn


def test_a_paragraph_is_hyphenated_by_its_language() -> None:
    text = "Ein Fackelhalterungen sind da."
    width = text_width("Ein Fackelhalterungen", "body", 8.0) * 0.8
    assert lines_of(text, width, "de") == ["Ein Fackelhalte-", "rungen sind da."]
    assert lines_of(text, width, "en") == ["Ein Fackelhalter-", "ungen sind da."]
    assert lines_of(text, width, "xx") == ["Ein", "Fackelhalterunge", "n sind da."]
    # sheetgen's own words, without a language of their own, are hyphenated by the words' language
    assert lines_of(text, width) == lines_of(text, width, "en")
    with using("de"):
        assert lines_of(text, width) == lines_of(text, width, "de")


def test_a_card_does_not_end_in_a_hyphenated_word() -> None:
    text = spans(
        "Eins zwei drei vier. Ein Kerkerwächterschlüsselbund hängt an der Wand und klirrt leise.", language="de"
    )
    width = text_width("Eins zwei drei vier. Ein Ker-", "body", 8.0) + 0.01
    para = set_paragraph(text, BODY, width)
    assert "".join(r.text for r in para.lines[0].runs).endswith("-")
    parts = split_to_fit(text, BODY, width, BODY.leading * 1)
    assert parts is not None
    head, rest = parts
    assert "".join(s.text for s in head) == "Eins zwei drei vier."
    assert "".join(s.text for s in rest).startswith("Ein Kerkerwächterschlüsselbund")


# --- a German deck ---------------------------------------------------------------------------------------------


@pytest.fixture
def german_deck(write: Callable[[str, str], Path], tmp_path: Path) -> list[str]:
    site = write(
        "site.yaml",
        f"""\
        site: Die Kerkerfeste
        system: dungeon-turn
        language: de
        rooms:
          - key: "1"
            name: Wachstube
            description: "{ROOM}"
          - key: "2"
            name: Waffenkammer
            description: "Im Kerkerwächterschlüsselbund fehlt der Schatzkammertürschlüssel. {ROOM}"
        """,
    )
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(cli, ["cards", str(site), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return [line for page in page_texts(read_pdf(out.read_bytes())) for line in page.splitlines()]


def test_a_german_deck_breaks_words_only_where_pyphen_allows(german_deck: list[str]) -> None:
    words = {core(w) for w in ROOM.split()} | {"Kerkerwächterschlüsselbund", "Schatzkammertürschlüssel"}
    broken = broken_words(german_deck)
    assert len(broken) >= 4
    for word, cuts in broken:
        assert word in words, word
        assert set(cuts) <= set(GERMAN.positions(word)), (word, cuts)
    assert squeeze(ROOM) in rejoined(german_deck)


def test_a_text_set_for_a_german_sheet_and_then_an_english_one_is_hyphenated_by_each() -> None:
    """flow keeps what it set: by the language of sheetgen's words too, not by the text alone."""

    def lines() -> list[str]:
        return [
            m.text
            for m in flow("Lychgate and Drowned Yard", 110.0, 11.2, base="label").marks
            if isinstance(m, TextMark)
        ]

    with using("de"):
        german = lines()
    english = lines()
    assert german == ["Lychgate and Drow-", "ned Yard"]
    assert english == ["Lychgate and", "Drowned Yard"]
