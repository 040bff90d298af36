"""The typography of each language in sheetgen's own words: quotation marks, and French spacing before the
marks that take a space (sheetgen.words.language and the catalogues)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sheetgen.layout.card_content import Row, stat_blocks
from sheetgen.layout.text import plain_text
from sheetgen.load.files import load_site
from sheetgen.model.pack import EncounterRules
from sheetgen.words.language import _, after_colon, colon, quoted, semicolons, using

LOCALE = Path(__file__).resolve().parent.parent / "sheetgen" / "locale"
NNBSP = "\u202f"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "\u201cFit to page\u201d"),
        ("de", "\u201eAn Seite anpassen\u201c"),
        ("fr", "\u00ab\u202fAjuster à la page\u202f\u00bb"),
        ("es", "\u00abAjustar a la página\u00bb"),
        ("pl", "\u201eDopasuj do strony\u201d"),
    ],
)
def test_quotation_marks_are_the_languages(lang: str, expected: str) -> None:
    with using(lang):
        assert quoted(_("Fit to page")) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "at actual size: turn off \u201cFit to page\u201d or \u201cScale\u201d in the print dialog."),
        (
            "de",
            "in Originalgröße: im Druckdialog \u201eAn Seite anpassen\u201c oder \u201eSkalieren\u201c ausschalten.",
        ),
        (
            "fr",
            "en taille réelle\u202f: désactivez \u00ab\u202fAjuster à la page\u202f\u00bb ou "
            "\u00ab\u202fMise à l\u2019échelle\u202f\u00bb dans la boîte d\u2019impression.",
        ),
        (
            "es",
            "a tamaño real: desactiva \u00abAjustar a la página\u00bb o \u00abEscala\u00bb en el cuadro de impresión.",
        ),
        (
            "pl",
            "w rzeczywistym rozmiarze: wyłącz \u201eDopasuj do strony\u201d lub \u201eSkaluj\u201d w oknie drukowania.",
        ),
    ],
)
def test_the_calibration_sheet_quotes_the_print_dialog_in_the_language(lang: str, expected: str) -> None:
    with using(lang):
        said = _("at actual size: turn off {fit} or {scale} in the print dialog.").format(
            fit=quoted(_("Fit to page")), scale=quoted(_("Scale"))
        )
    assert said == expected


@pytest.mark.parametrize(
    ("lang", "head", "parts", "label"),
    [
        ("en", "d10 = 4: encounter", "a; b", "Armour:"),
        ("de", "d10 = 4: encounter", "a; b", "Armour:"),
        ("fr", "d10 = 4\u202f: encounter", "a\u202f; b", "Armour\u202f:"),
        ("es", "d10 = 4: encounter", "a; b", "Armour:"),
    ],
)
def test_colons_and_semicolons_are_the_languages(lang: str, head: str, parts: str, label: str) -> None:
    with using(lang):
        assert after_colon("d10 = 4", "encounter") == head
        assert semicolons(["a", "b"]) == parts
        assert "Armour" + colon() == label


def test_a_stat_card_in_french_sets_its_colons_the_french_way() -> None:
    loaded = load_site("the-sunken-chapel")
    block = loaded.site.statblocks[0]
    with using("fr"):
        body = stat_blocks(block, 8.0, EncounterRules(), "fr")
    texts = [plain_text(cell) for row in body if isinstance(row, Row) for cell in row.cells]
    assert texts and all(f"{NNBSP}: " in text for text in texts)


# --- the French catalogue ---------------------------------------------------------------------------------------

_BEFORE = re.compile(r"(.?)([:;?!\u00bb])")
_AFTER = re.compile(r"\u00ab(.?)")


def _french_strings() -> list[tuple[str, str]]:
    with (LOCALE / "fr" / "LC_MESSAGES" / "sheetgen.po").open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    out: list[tuple[str, str]] = []
    for message in catalogue:
        if message.id:
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            out += [(str(message.id), str(s)) for s in strings]
    return out


def test_french_sets_a_narrow_no_break_space_before_each_colon_semicolon_mark_and_guillemet() -> None:
    """Before : ; ? ! and », and after «, a narrow no-break space (U+202F): never an ordinary space, at which a
    line would break before the mark, nor a no-break space (U+00A0), nor none. A colon between figures (a clock,
    0:10) takes none."""
    wrong = []
    for msgid, text in _french_strings():
        for match in _BEFORE.finditer(text):
            before, mark = match.groups()
            start = match.start(2)
            between_figures = mark == ":" and before.isdigit() and text[start + 1 : start + 2].isdigit()
            if before != NNBSP and not between_figures:
                wrong.append((msgid, text))
        wrong += [(msgid, text) for match in _AFTER.finditer(text) if match[1] != NNBSP]
    assert wrong == []
    assert sum(NNBSP in text for _, text in _french_strings()) > 50
