"""Text on cards: ReportLab paragraphs measured the way they are drawn, and markup split between words.

Takes escaped ReportLab markup and a :class:`TextStyle`; gives heights, widths, the Paragraph to draw,
and the split of a text that runs past a card into the part that fits and the rest (tags closed and
reopened across the split).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sheetgen.fonts import FONTS, FontFamily, drawing_family, register_reportlab_fonts


@dataclass(frozen=True)
class TextStyle:
    """How a paragraph is set: a ReportLab font name, size and leading, alignment, indents, grey."""

    font: str
    size: float
    leading: float
    align: Literal["left", "center"] = "left"
    left_indent: float = 0.0
    first_indent: float = 0.0
    grey: float = 0.0
    """0 is black, 1 is white."""



# --- paragraphs -----------------------------------------------------------------------------------------


@functools.cache
def _reportlab_style(style: TextStyle) -> Any:
    from reportlab.lib.colors import Color
    from reportlab.lib.enums import TA_CENTER, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(
        "card",
        fontName=style.font,
        fontSize=style.size,
        leading=style.leading,
        alignment=TA_CENTER if style.align == "center" else TA_LEFT,
        leftIndent=style.left_indent,
        firstLineIndent=style.first_indent,
        textColor=Color(style.grey, style.grey, style.grey),
        splitLongWords=1,
    )


def _family_of(font: str) -> FontFamily:
    for family in FONTS.families:
        if font.startswith(family.reportlab_name):
            return family
    raise ValueError(f"{font} is not a shipped font")


_MARKUP_TOKEN = re.compile(r"<[^>]*>|&[#A-Za-z0-9]+;|[^<&]+|&")


def with_fallback_fonts(markup: str, font: str) -> str:
    """Put runs of characters that *font*'s family lacks in a shipped family that has them.

    ReportLab draws each run in one font and does not fall back by itself; the family is chosen as on
    every other ReportLab page (sheetgen.fonts.drawing_family).
    """
    primary = _family_of(font)

    def family_for(char: str) -> FontFamily | None:
        family = drawing_family(char, primary)
        return None if family is primary else family

    out: list[str] = []
    for match in _MARKUP_TOKEN.finditer(markup):
        token = match[0]
        if token.startswith(("<", "&")):
            out.append(token)
            continue
        for family, chars in itertools.groupby(token, key=family_for):
            text = "".join(chars)
            out.append(f'<font face="{family.reportlab_name}">{text}</font>' if family else text)
    return "".join(out)


def make_paragraph(markup: str, style: TextStyle) -> Any:
    """The ReportLab Paragraph for *markup* in *style*: the one measured here and drawn later."""
    from reportlab.platypus import Paragraph

    register_reportlab_fonts()
    return Paragraph(with_fallback_fonts(markup, style.font), _reportlab_style(style))


def text_height(markup: str, style: TextStyle, width: float) -> float:
    height: float = make_paragraph(markup, style).wrap(width, 1e9)[1]
    return height


def natural_width(markup: str, style: TextStyle) -> float:
    """The width of *markup* set on one line (its widest line if it holds line breaks)."""
    para = make_paragraph(markup, style)
    para.wrap(1e6, 1e9)
    widths: list[float] = para.getActualLineWidths0()
    return max(widths, default=0.0)


def min_width(markup: str, style: TextStyle) -> float:
    """The width of the widest word of *markup*: less room than this breaks a word."""
    width: float = make_paragraph(markup, style).minWidth()
    return width


# --- splitting markup between words ---------------------------------------------------------------------

_WORD_TOKEN = re.compile(r"<[^>]*>|\s+|[^<\s]+")
_SENTENCE_END = re.compile(r"[.!?](?:&quot;|&#x27;|[\u201d\u2019)\]])*\Z")
_LONG_WORD = 40
"""Words longer than this many characters may be split between cards."""


@dataclass(frozen=True)
class _Word:
    text: str
    glued: bool = False
    """True when the word is the second or later piece of one long word: no space before it."""


def _long_word_pieces(word: str) -> list[str]:
    if len(word) <= _LONG_WORD or "<" in word:
        return [word]
    pieces: list[str] = []
    start = 0
    while start < len(word):
        end = min(start + _LONG_WORD, len(word))
        amp = word.rfind("&", start, end)
        if amp != -1 and word.find(";", amp, end) == -1 and word.find(";", amp) != -1:
            end = word.find(";", amp) + 1  # never split an entity such as &amp;
        pieces.append(word[start:end])
        start = end
    return pieces


def _words(markup: str) -> list[_Word]:
    raw: list[str] = []
    current = ""
    for match in _WORD_TOKEN.finditer(markup):
        token = match[0]
        if token.isspace():
            if current:
                raw.append(current)
            current = ""
        else:
            current += token
    if current:
        raw.append(current)
    words: list[_Word] = []
    for word in raw:
        words.extend(_Word(piece, glued=i > 0) for i, piece in enumerate(_long_word_pieces(word)))
    return words


def _join(words: Sequence[_Word]) -> str:
    return "".join(w.text if (i == 0 or w.glued) else " " + w.text for i, w in enumerate(words))


def _tag_name(tag: str) -> str:
    return tag.strip("</>").split()[0]


def _split_words(words: Sequence[_Word], count: int) -> tuple[str, list[str]]:
    """The markup of the first *count* words with the tags open at the split closed, and those tags."""
    stack: list[str] = []
    for word in words[:count]:
        if "<" not in word.text:
            continue
        for tag in re.findall(r"<[^>]*>", word.text):
            if tag.startswith("</"):
                if stack:
                    stack.pop()
            elif not tag.endswith("/>"):
                stack.append(tag)
    closing = "".join(f"</{_tag_name(tag)}>" for tag in reversed(stack))
    return _join(words[:count]) + closing, stack


def split_markup(markup: str, count: int) -> tuple[str, str]:
    """Split *markup* after *count* words; tags open at the split are closed and reopened."""
    words = _words(markup)
    head, stack = _split_words(words, count)
    return head, "".join(stack) + _join(words[count:])


_FIRST_TRY = 24
"""Words tried first when looking for what fits: about two lines of a card."""


def split_to_fit(markup: str, style: TextStyle, width: float, height: float) -> tuple[str, str] | None:
    """The longest word-prefix of *markup* no taller than *height*, and the rest ("" when all of it
    fits); None if not even one word fits.

    What fits is found by measuring growing prefixes (24 words, 48, 96, ...) and then halving between
    the last two, so the work is proportional to the text that fits, not to the whole paragraph: a long
    paragraph flowed over many cards costs about as much as its text, not its text times the cards.
    """
    words = _words(markup)
    count = len(words)

    measured: dict[int, float] = {}

    def fits(n: int) -> bool:
        if n not in measured:
            measured[n] = text_height(_split_words(words, n)[0], style, width)
        return measured[n] <= height

    low, high = 0, count  # low always fits (0 words trivially); more than high never does
    probe = min(_FIRST_TRY, count)
    if not fits(probe):
        high = probe - 1
    elif probe == count:
        return markup, ""
    else:
        low = probe
        # guess from the lines the first words took, then step by a tenth to bracket the answer
        lines = max(measured[probe] / style.leading, 1.0)
        probe = min(max(int(probe * (height / style.leading) / lines * 0.97), low + 1), count)
        if fits(probe):
            low = probe
            while low < count:
                probe = min(max(low * 11 // 10, low + 1), count)
                if not fits(probe):
                    high = probe - 1
                    break
                low = probe
            if low == count:
                return markup, ""
        else:
            high = probe - 1
            while low < high:
                probe = max(high * 9 // 10, low + 1)
                if fits(probe):
                    low = probe
                    break
                high = probe - 1
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    if low == 0:
        return None
    # End the card at the end of a sentence when what fits holds one.
    for n in range(low, 0, -1):
        if _SENTENCE_END.search(re.sub(r"<[^>]*>", "", words[n - 1].text)):
            low = n
            break
    head, stack = _split_words(words, low)
    return head, "".join(stack) + _join(words[low:])
