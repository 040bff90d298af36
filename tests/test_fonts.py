"""The shipped fonts: files and licences, coverage checks, and what each renderer gets."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import cast

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

import sheetgen
from sheetgen import fonts
from sheetgen.errors import FontError, Location, SheetgenError
from sheetgen.fonts import FONTS

REPO = Path(sheetgen.__file__).resolve().parent.parent

# What sheets print besides Latin-1: checkboxes, ticks, dice notation, typographic punctuation.
SHEET_CHARACTERS = "☐✓×–—’“”•≥≤½¼¾±→←↑↓⚀⚁⚂⚃⚄⚅"
LATIN_1 = "".join(chr(c) for c in [*range(0x20, 0x7F), *range(0xA0, 0x100)])

FACES = [(family, face) for family in FONTS.families for face in family.faces]
FACE_IDS = [face.file for _, face in FACES]


def open_font(name: str) -> TTFont:
    return TTFont(io.BytesIO((fonts.font_dir() / name).read_bytes()))


@pytest.mark.parametrize(("family", "face"), FACES, ids=FACE_IDS)
def test_each_face_is_a_truetype_file_of_its_family(family: fonts.FontFamily, face: fonts.FontFace) -> None:
    font = open_font(face.file)
    assert "glyf" in font, "ReportLab needs TrueType outlines"
    assert "CFF " not in font
    names = font["name"]
    assert (names.getDebugName(16) or names.getDebugName(1)) == family.name
    assert bool(font["head"].macStyle & 1) == face.bold
    assert bool(font["head"].macStyle & 2) == face.italic
    assert names.getDebugName(5).startswith(f"Version {family.version}")


@pytest.mark.parametrize("family", FONTS.families, ids=lambda f: f.name)
def test_each_family_has_its_ofl_licence_beside_it(family: fonts.FontFamily) -> None:
    licence = (fonts.font_dir() / family.licence).read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007" in licence
    assert "TERMINATION" in licence and "DISCLAIMER" in licence
    copyright_line = open_font(family.faces[0].file)["name"].getDebugName(0)
    holder = {"Sheetgen Serif": "SIL International", "Sheetgen Sans": "Dziedzic", "Noto Sans Symbols2": "Google"}
    assert holder[family.name] in copyright_line
    assert holder[family.name] in licence


def test_the_font_folder_holds_exactly_the_listed_files_and_the_readme_lists_them() -> None:
    folder = fonts.font_dir()
    present = {entry.name for entry in folder.iterdir() if entry.name.endswith((".ttf", ".otf"))}
    assert present == {face.file for _, face in FACES}
    readme = (REPO / "fonts" / "README.md").read_text(encoding="utf-8")
    for family, face in FACES:
        assert f"`{face.file}`" in readme
        assert family.licence in readme and family.debian_package in readme and family.original in readme
    total = sum(len((folder / name).read_bytes()) for name in present)
    assert total < 900_000


def test_the_faces_of_each_family_cover_the_same_characters() -> None:
    for family in FONTS.families:
        cmaps = {face.file: frozenset(open_font(face.file).getBestCmap()) for face in family.faces}
        assert len(set(cmaps.values())) == 1, family.name
        assert fonts.family_coverage(family) == next(iter(cmaps.values()))


@pytest.mark.parametrize(("family", "face"), FACES, ids=FACE_IDS)
def test_the_cmap_read_without_fonttools_is_what_fonttools_reads(
    family: fonts.FontFamily, face: fonts.FontFace
) -> None:
    data = (fonts.font_dir() / face.file).read_bytes()
    assert fonts._read_cmap(data) is not None  # read here, not handed on to fontTools
    assert fonts.font_coverage(data) == frozenset(open_font(face.file).getBestCmap())


# Reserved Font Names of the families, from their licence texts: a modified font may not be called by them.
RESERVED_NAMES = {"GentiumPlus-OFL.txt": ("Gentium", "SIL"), "Lato-OFL.txt": ("Lato",), "NotoSansSymbols2-OFL.txt": ()}


@pytest.mark.parametrize(("family", "face"), FACES, ids=FACE_IDS)
def test_each_face_is_trimmed_to_the_supported_characters_and_renamed_as_the_ofl_asks(
    family: fonts.FontFamily, face: fonts.FontFace
) -> None:
    font = open_font(face.file)
    assert set(font.getBestCmap()) <= fonts.supported_code_points()
    assert "GSUB" in font and "GPOS" in font  # ligatures and kerning kept for the characters kept
    licence = (fonts.font_dir() / family.licence).read_text(encoding="utf-8")
    reserved = RESERVED_NAMES[family.licence]
    for name in reserved:
        assert "Reserved Font Name" in licence and f'"{name}"' in licence
    names = font["name"]
    for name_id in (1, 3, 4, 6, 16, 17, 18):
        shown = names.getDebugName(name_id) or ""
        assert not any(name.lower() in shown.lower() for name in reserved), (name_id, shown)
    readme = (REPO / "fonts" / "README.md").read_text(encoding="utf-8")
    assert f'--unicodes="{fonts.SUPPORTED_UNICODES}"' in readme
    assert f'unicodes="{fonts.SUPPORTED_UNICODES}"' in (REPO / "fonts" / "trim.sh").read_text(encoding="utf-8")


def test_supported_code_points_read_the_ranges() -> None:
    supported = fonts.supported_code_points()
    assert {0x20, 0x7E, 0xA0, 0x17F, 0x192, 0x2610, 0x2713} <= supported
    assert not {0x7F, 0x180, 0x391, 0x410, 0x2400, 0x1F3B2} & supported


def test_sheet_characters_and_latin_1_are_covered() -> None:
    assert fonts.missing_glyphs(LATIN_1 + SHEET_CHARACTERS) == []
    assert fonts.missing_glyphs("Dungeon ☐ ≥ 6") == []
    assert fonts.missing_glyphs("Łódź, Dvořák, Œuvre; ①②③ → ★ ♠ ✗ ⚀ €") == []
    # The text families draw the text; the symbol font adds what they lack.
    body = fonts.family_coverage(FONTS.body)
    assert all(ord(c) in body for c in LATIN_1 + "–—’“”•≥≤½×")
    assert ord("☐") not in body and ord("✗") not in body
    assert {ord("☐"), ord("✗")} <= fonts.family_coverage(FONTS.symbols)


def test_missing_glyphs_lists_each_uncovered_character_once_in_order() -> None:
    assert fonts.missing_glyphs("漢 🐉 dragon 漢 ⚔ 🐉") == ["漢", "🐉", "⚔"]
    assert fonts.missing_glyphs("\ue000") == ["\ue000"]  # private use


def test_missing_glyphs_ignores_characters_that_are_never_drawn() -> None:
    # Newlines, tabs, a zero-width space and a soft hyphen need no glyph.
    assert fonts.missing_glyphs("line\nnext\tcell\r\n\u200bword\u00adbreak") == []


def test_check_text_covered_names_every_missing_character_at_the_location() -> None:
    fonts.check_text_covered("Roll 1d6 ≥ 5 ☐ ✓", Location("site.yaml", 3, 5, "rooms[0].name"))
    with pytest.raises(FontError) as raised:
        fonts.check_text_covered("The 漢 room ⚔", Location("site.yaml", 3, 5, "rooms[0].name"))
    assert isinstance(raised.value, SheetgenError)
    assert str(raised.value) == (
        'site.yaml:3:5: rooms[0].name: character "漢" (U+6F22) is in none of the shipped fonts; '
        "replace it or remove it\n"
        'site.yaml:3:5: rooms[0].name: character "⚔" (U+2694) is in none of the shipped fonts; '
        "replace it or remove it"
    )


def test_font_face_css_declares_every_face_by_a_url_the_renderer_reads() -> None:
    from sheetgen.render.html.weasy import read_shipped_url

    css = fonts.font_face_css()
    assert css.count("@font-face") == len(FACES)
    for _, face in FACES:
        url = fonts.shipped_url("fonts", face.file)
        assert f'src: url("{url}") format("truetype")' in css
        assert read_shipped_url(url)[0] == (fonts.font_dir() / face.file).read_bytes()
    assert f'font-family: "{FONTS.body.css_name}";\n  src: url("sheetgen:fonts/SheetgenSerif-BoldItalic.ttf")' in css
    assert "font-weight: 700;\n  font-style: italic;" in css


def test_css_stacks_start_with_the_family_and_fall_back_only_to_shipped_families() -> None:
    assert FONTS.css_stack(FONTS.body) == (
        '"sheetgen Sheetgen Serif", "sheetgen Noto Sans Symbols2", "sheetgen Sheetgen Sans"'
    )
    assert FONTS.css_stack(FONTS.label).startswith('"sheetgen Sheetgen Sans", "sheetgen Noto Sans Symbols2"')


def test_family_faces_fall_back_to_the_nearest_style() -> None:
    assert FONTS.body.reportlab_font(bold=True, italic=True) == "SheetgenSerif-BoldItalic"
    assert FONTS.label.reportlab_font(italic=True) == "SheetgenSans"
    assert FONTS.label.reportlab_font(bold=True, italic=True) == "SheetgenSans-Bold"
    assert FONTS.symbols.reportlab_font(bold=True) == "NotoSansSymbols2"


def test_reportlab_draws_with_every_registered_face() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen import canvas

    fonts.register_reportlab_fonts()
    fonts.register_reportlab_fonts()  # a second call is a no-op
    names = [family.reportlab_name + face.suffix for family, face in FACES]
    assert set(names) <= set(pdfmetrics.getRegisteredFontNames())
    assert pdfmetrics.getFont("SheetgenSerif-Italic").face.name  # a TrueType face, not a stand-in

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(612, 792), initialFontName=names[0])
    for row, name in enumerate(names):
        pdf.setFont(name, 11)
        sample = "Roll 1d6 ≥ 5 – “ok” ½"
        text = "☐ ✓ ☐" if name.startswith("NotoSansSymbols2") else f"{name}: {sample}"
        pdf.drawString(72, 720 - 20 * row, text)
    pdf.save()

    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    text = page.extract_text()
    assert f"SheetgenSerif-BoldItalic: {sample}" in text
    assert "☐ ✓ ☐" in text
    embedded = []
    resources = cast(DictionaryObject, page["/Resources"])
    for ref in cast(DictionaryObject, resources["/Font"]).values():
        font = ref.get_object()
        if "/DescendantFonts" in font:
            font = font["/DescendantFonts"][0].get_object()
        descriptor = font["/FontDescriptor"]
        assert "/FontFile2" in descriptor
        embedded.append(str(ref.get_object()["/BaseFont"]).split("+", 1)[-1])
    # ReportLab names embedded fonts by the PostScript names inside the files.
    assert set(embedded) == {open_font(face.file)["name"].getDebugName(6) for _, face in FACES}


def _font_dir_in_subprocess(path_entry: Path) -> dict[str, object]:
    script = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(path_entry)!r})\n"
        "from sheetgen import fonts\n"
        "from sheetgen.render.html.weasy import read_shipped_url\n"
        "folder = fonts.font_dir()\n"
        "print(json.dumps({'dir': str(folder), 'module': fonts.__file__,\n"
        "    'files': sorted(p.name for p in folder.iterdir()),\n"
        "    'missing': fonts.missing_glyphs('Dungeon ☐ ≥ 6 漢'),\n"
        "    'read': len(read_shipped_url('sheetgen:fonts/SheetgenSans-Bold.ttf')[0])}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=path_entry)
    found: dict[str, object] = json.loads(result.stdout)
    return found


def _expected_files() -> list[str]:
    return sorted(p.name for p in (REPO / "fonts").iterdir())


def test_font_dir_is_the_top_level_folder_in_a_source_checkout() -> None:
    found = _font_dir_in_subprocess(REPO)
    assert found["dir"] == str(REPO / "fonts")
    assert found["files"] == _expected_files()
    assert found["missing"] == ["漢"]
    assert found["read"] == (REPO / "fonts" / "SheetgenSans-Bold.ttf").stat().st_size


def test_font_dir_is_inside_the_package_when_installed(tmp_path: Path) -> None:
    # A wheel puts fonts/ at sheetgen/fonts/, beside sheetgen/fonts.py (see pyproject's package-dir).
    site = tmp_path / "site-packages"
    shutil.copytree(REPO / "sheetgen", site / "sheetgen", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "fonts", site / "sheetgen" / "fonts")
    found = _font_dir_in_subprocess(site)
    assert found["module"] == str(site / "sheetgen" / "fonts.py")
    assert found["dir"] == str(site / "sheetgen" / "fonts")
    assert found["files"] == _expected_files()
    assert found["missing"] == ["漢"]


@pytest.mark.slow
def test_a_built_wheel_ships_the_fonts_and_finds_them(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, source / name)
        else:
            (source / name).write_text("sheetgen\n")
    for folder in ("sheetgen", "fonts", "templates"):
        shutil.copytree(REPO / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(source)],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("sheetgen-*.whl")
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(site)
    for family, face in FACES:
        assert f"sheetgen/fonts/{face.file}" in names
        assert f"sheetgen/fonts/{family.licence}" in names
    found = _font_dir_in_subprocess(site)
    assert found["dir"] == str(site / "sheetgen" / "fonts")
    assert found["missing"] == ["漢"]


def _catalogue_strings() -> dict[str, str]:
    """Every translated string of every shipped catalogue, by language, as one text."""
    from babel.messages.pofile import read_po

    from sheetgen.words.language import SOURCE, shipped

    found = {}
    for lang in shipped():
        if lang == SOURCE:
            continue
        path = Path(fonts.__file__).resolve().parent / "locale" / lang / "LC_MESSAGES" / "sheetgen.po"
        with path.open("rb") as handle:
            cat = read_po(handle, locale=lang)
        found[lang] = "".join(m.string if isinstance(m.string, str) else "".join(m.string or ()) for m in cat if m.id)
    return found


def test_the_shipped_fonts_draw_every_catalogue_string() -> None:
    """Every letter of every shipped language's words is in a shipped font, and a letter of the text faces
    (German umlauts, French accents and ligature letters, Polish ą ę ł ś ź ż ć ń ó) is drawn by the text's
    own family, never by a fallback one."""
    strings = _catalogue_strings()
    assert strings, "no catalogue shipped"
    for lang, text in strings.items():
        assert fonts.missing_glyphs(text) == [], lang
        for family in (FONTS.body, FONTS.label):
            for char in set(text):
                if char.isalpha():
                    assert fonts.drawing_family(char, family) is family, (lang, char, family.name)


def test_polish_letters_are_drawn_by_the_font_of_their_text() -> None:
    for family in (FONTS.body, FONTS.label):
        for char in "ąęłśźżćńóĄĘŁŚŹŻĆŃÓ":
            assert fonts.drawing_family(char, family) is family, (char, family.name)
