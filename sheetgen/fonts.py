"""The shipped fonts: which files make each family, where they are, and how each renderer gets them.

Three OFL families ship in the top-level ``fonts/`` folder (see fonts/README.md): Sheetgen Serif (Gentium
Book Plus) for body text, Sheetgen Sans (Lato) for labels, and Noto Sans Symbols2 for the ballot boxes,
cross marks and die faces that neither of the others draws. Each is trimmed to :data:`SUPPORTED_UNICODES`, which keeps
subsetting them into a PDF cheap. WeasyPrint gets them through :func:`font_face_css`, ReportLab through
:func:`register_reportlab_fonts`; :func:`missing_glyphs` tells what text none of them can draw.

Importing this module loads neither renderer nor any font file.
"""

from __future__ import annotations

import functools
import io
import struct
import unicodedata
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from sheetgen.errors import FontError, Location, Problem, RenderError

#: URLs of shipped files look like ``sheetgen:fonts/SheetgenSerif-Regular.ttf``; the HTML renderer's fetcher reads
#: these and nothing else.
SHIPPED_URL_SCHEME = "sheetgen"

#: The characters sheetgen can print, as pyftsubset's ``--unicodes`` takes them: Latin-1 and Latin
#: Extended-A (with ƒ, Romanian ș ț and the spacing accents), typographic punctuation, super- and
#: subscripts, currency, letterlike symbols, fractions, arrows, mathematical operators, circled numbers,
#: boxes and shapes, and the symbols and dingbats sheets mark with. The shipped files hold these and no
#: others (fonts/trim.sh makes them); each font has the part of them it draws.
SUPPORTED_UNICODES = "U+0020-007E,U+00A0-017F,U+0192,U+0218-021B,U+02C6-02DD,U+2000-23FF,U+2460-27BF,U+FB00-FB06"

#: The folders of package data that renderers may read from.
SHIPPED_FOLDERS = ("fonts", "templates")


@dataclass(frozen=True)
class FontFace:
    """One font file of a family, and the style it draws."""

    file: str
    bold: bool = False
    italic: bool = False

    @property
    def css_weight(self) -> int:
        return 700 if self.bold else 400

    @property
    def css_style(self) -> str:
        return "italic" if self.italic else "normal"

    @property
    def suffix(self) -> str:
        """The style part of a ReportLab font name: "", "-Bold", "-Italic" or "-BoldItalic"."""
        style = ("Bold" if self.bold else "") + ("Italic" if self.italic else "")
        return f"-{style}" if style else ""


@dataclass(frozen=True)
class FontFamily:
    """A shipped family: its name (as the files state it), its files, licence and provenance.

    *original* is the family the files were trimmed from; *version* and *debian_package* are its.
    """

    name: str
    faces: tuple[FontFace, ...]
    licence: str
    original: str
    version: str
    debian_package: str

    @property
    def css_name(self) -> str:
        """The font-family name WeasyPrint knows the shipped files by.

        It is not the family's own name, so that a font of the same name installed on the system can
        never be picked instead of the shipped file.
        """
        return f"sheetgen {self.name}"

    @property
    def reportlab_name(self) -> str:
        """The family name registered with ReportLab (ReportLab names have no spaces)."""
        return self.name.replace(" ", "")

    def face(self, *, bold: bool = False, italic: bool = False) -> FontFace:
        """The face for a style, or the nearest one the family has (Sheetgen Sans has no italic)."""
        wanted = [(bold, italic), (bold, False), (False, italic), (False, False)]
        by_style = {(f.bold, f.italic): f for f in self.faces}
        for style in wanted:
            if style in by_style:
                return by_style[style]
        raise ValueError(f"font family {self.name} has no regular face")

    def reportlab_font(self, *, bold: bool = False, italic: bool = False) -> str:
        """The ReportLab font name to draw this style with, after :func:`register_reportlab_fonts`."""
        return self.reportlab_name + self.face(bold=bold, italic=italic).suffix


@dataclass(frozen=True)
class ShippedFonts:
    """The families sheets are set in: body text, labels, and symbols the other two lack."""

    body: FontFamily
    label: FontFamily
    symbols: FontFamily

    @property
    def families(self) -> tuple[FontFamily, ...]:
        return (self.body, self.label, self.symbols)

    def css_stack(self, family: FontFamily) -> str:
        """A CSS font-family value that starts with *family* and falls back only to shipped families.

        Every shipped family is in every stack, so a character that any shipped font has never falls
        through to a system font.
        """
        ordered = [family, self.symbols, *(f for f in self.families if f not in (family, self.symbols))]
        return ", ".join(f'"{f.css_name}"' for f in ordered)


FONTS = ShippedFonts(
    body=FontFamily(
        name="Sheetgen Serif",
        faces=(
            FontFace("SheetgenSerif-Regular.ttf"),
            FontFace("SheetgenSerif-Bold.ttf", bold=True),
            FontFace("SheetgenSerif-Italic.ttf", italic=True),
            FontFace("SheetgenSerif-BoldItalic.ttf", bold=True, italic=True),
        ),
        licence="GentiumPlus-OFL.txt",
        original="Gentium Book Plus",
        version="6.101",
        debian_package="fonts-sil-gentiumplus 6.101-1",
    ),
    label=FontFamily(
        name="Sheetgen Sans",
        faces=(FontFace("SheetgenSans-Regular.ttf"), FontFace("SheetgenSans-Bold.ttf", bold=True)),
        licence="Lato-OFL.txt",
        original="Lato",
        version="2.007",
        debian_package="fonts-lato 2.0-2.1",
    ),
    symbols=FontFamily(
        name="Noto Sans Symbols2",
        faces=(FontFace("NotoSansSymbols2-Regular.ttf"),),
        licence="NotoSansSymbols2-OFL.txt",
        original="Noto Sans Symbols2",
        version="2.003",
        debian_package="fonts-noto-core 20201225-1",
    ),
)


def shipped_dir(folder: str) -> Traversable:
    """The folder of package data called *folder* ("fonts" or "templates").

    An installed wheel has it at ``sheetgen/<folder>/``; a source checkout (also when installed with
    ``pip install -e .``) has it at the top level, beside ``sheetgen/``. It is not looked up as the
    package ``sheetgen.fonts``: that name is this module.
    """
    if folder not in SHIPPED_FOLDERS:
        raise ValueError(f"no shipped folder called {folder!r}")
    installed = resources.files("sheetgen") / folder
    if installed.is_dir():
        return installed
    checkout = Path(__file__).resolve().parent.parent / folder
    if checkout.is_dir():
        return checkout
    raise RenderError(f"the {folder}/ folder is missing from this sheetgen installation; reinstall sheetgen")


def font_dir() -> Traversable:
    """The folder holding the shipped font files and their licences."""
    return shipped_dir("fonts")


def shipped_url(folder: str, name: str) -> str:
    """The URL the HTML renderer reads a shipped file by, e.g. ``sheetgen:fonts/SheetgenSans-Bold.ttf``."""
    if folder not in SHIPPED_FOLDERS:
        raise ValueError(f"no shipped folder called {folder!r}")
    return f"{SHIPPED_URL_SCHEME}:{folder}/{name}"


def font_face_css() -> str:
    """@font-face rules for every shipped face, pointing at ``sheetgen:fonts/...`` URLs."""
    rules = []
    for family in FONTS.families:
        for face in family.faces:
            rules.append(
                "@font-face {\n"
                f'  font-family: "{family.css_name}";\n'
                f'  src: url("{shipped_url("fonts", face.file)}") format("truetype");\n'
                f"  font-weight: {face.css_weight};\n"
                f"  font-style: {face.css_style};\n"
                "}\n"
            )
    return "".join(rules)


@functools.cache
def register_reportlab_fonts() -> None:
    """Register every shipped face and family with ReportLab's pdfmetrics (once per process).

    Faces are named ``<Family>[-Bold|-Italic|-BoldItalic]`` without spaces (see
    :meth:`FontFamily.reportlab_font`); a style a family lacks maps to its nearest face.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = font_dir()
    for family in FONTS.families:
        for face in family.faces:
            data = io.BytesIO((folder / face.file).read_bytes())
            pdfmetrics.registerFont(TTFont(family.reportlab_name + face.suffix, data))


@functools.cache
def family_coverage(family: FontFamily) -> frozenset[int]:
    """The code points every face of *family* has a glyph for."""
    folder = font_dir()
    return frozenset.intersection(*(font_coverage((folder / face.file).read_bytes()) for face in family.faces))


def drawing_family(char: str, family: FontFamily) -> FontFamily:
    """The shipped family that draws *char* in text set in *family*: *family* itself when it has the
    character (or it is a space), else symbols, body, label, the first that has it. Cards and trackers
    both ask here, so a character falls back the same way on every ReportLab page."""
    if ord(char) in family_coverage(family) or (char.isspace() and ord(char) not in _shipped_coverage()):
        return family  # a space no font has (a tab) takes no glyph; one the family lacks (U+202F) another draws
    for other in (FONTS.symbols, FONTS.body, FONTS.label):
        if ord(char) in family_coverage(other):
            return other
    return family  # checked before layout: every character is in some shipped font


# The Unicode cmap subtables fontTools' getBestCmap prefers, in its order: (platform, encoding).
_BEST_CMAPS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def font_coverage(data: bytes) -> frozenset[int]:
    """The code points a TrueType font maps to a glyph: the keys of fontTools' ``getBestCmap()``.

    Read here from a format 4 or format 12 cmap subtable, because this is on the way of every command
    that loads a file and fontTools takes ten times as long (importing it, then parsing); any other
    format, or a table that does not add up, is left to fontTools.
    """
    try:
        found = _read_cmap(data)
    except (KeyError, IndexError, struct.error):
        found = None
    if found is not None:
        return found
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped, unused-ignore]

    with TTFont(io.BytesIO(data), lazy=True) as font:
        return frozenset(font.getBestCmap() or ())


def supported_code_points() -> frozenset[int]:
    """The code points of :data:`SUPPORTED_UNICODES`."""
    found: set[int] = set()
    for part in SUPPORTED_UNICODES.split(","):
        first, _, last = part.removeprefix("U+").partition("-")
        found.update(range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(found)


def _read_cmap(data: bytes) -> frozenset[int] | None:
    tables = struct.unpack_from(">H", data, 4)[0]
    offsets = {data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0] for i in range(tables)}
    cmap = offsets[b"cmap"]
    subtables: dict[tuple[int, int], int] = {}
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables.setdefault((platform, encoding), cmap + offset)
    at = next((subtables[key] for key in _BEST_CMAPS if key in subtables), None)
    if at is None:
        return frozenset()
    kind = struct.unpack_from(">H", data, at)[0]
    found: set[int] = set()
    if kind == 4:
        length = struct.unpack_from(">H", data, at + 2)[0]
        n = struct.unpack_from(">H", data, at + 6)[0] // 2
        ends, starts, deltas, ranges = (
            struct.unpack_from(f">{n}H", data, at + offset) for offset in (14, 16 + 2 * n, 16 + 4 * n, 16 + 6 * n)
        )
        glyphs = struct.unpack_from(f">{(length - 16 - 8 * n) // 2}H", data, at + 16 + 8 * n)
        for i in range(n - 1):  # the last segment, ending at U+FFFF, maps nothing (fontTools skips it too)
            for code in range(starts[i], ends[i] + 1):
                if ranges[i] == 0:
                    glyph = (code + deltas[i]) & 0xFFFF
                else:
                    index = ranges[i] // 2 - n + i + code - starts[i]
                    if not 0 <= index < len(glyphs):
                        return None
                    glyph = glyphs[index] and (glyphs[index] + deltas[i]) & 0xFFFF
                if glyph:
                    found.add(code)
        return frozenset(found)
    if kind == 12:
        for i in range(struct.unpack_from(">I", data, at + 12)[0]):
            first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
            found.update(range(first + (glyph == 0), last + 1))
        return frozenset(found)
    return None


@functools.cache
def _shipped_coverage() -> frozenset[int]:
    return frozenset().union(*(family_coverage(f) for f in FONTS.families))


def _needs_no_glyph(char: str) -> bool:
    # Control characters (newline, tab) and format characters (zero-width joiners, soft hyphens)
    # are never drawn as themselves.
    return unicodedata.category(char) in ("Cc", "Cf")


def missing_glyphs(text: str) -> list[str]:
    """The characters of *text*, each once and in order of appearance, that no shipped font has."""
    covered = _shipped_coverage()
    missing: dict[str, None] = {}
    for char in text:
        if ord(char) not in covered and not _needs_no_glyph(char):
            missing[char] = None
    return list(missing)


def check_text_covered(text: str, where: Location) -> None:
    """Raise FontError at *where*, naming every character of *text* that no shipped font can draw."""
    missing = missing_glyphs(text)
    if missing:
        raise FontError(
            [
                Problem(
                    where,
                    f'character "{char}" (U+{ord(char):04X}) is in none of the shipped fonts; replace it or remove it',
                )
                for char in missing
            ]
        )
