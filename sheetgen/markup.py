"""Pack and site text's **bold** and _italic_ marks: one parser, and the markup each renderer gets from it.

Takes untrusted text; gives styled runs (:func:`runs`: what the ReportLab pages set, through
sheetgen.layout.text), and from them HTML for WeasyPrint, other formats' markup, or plain text. The
text's own characters are always escaped, so '<script>', '<font color=...>' or '{{ 7*7 }}' print
literally. The only formatting honoured is **bold** and _italic_:

- ``**`` opens bold and the next ``**`` closes it; a ``**`` with no partner is printed as it is;
- ``_`` opens italic where no letter or digit stands before it and closes at the next ``_`` with none
  after it (so snake_case_words stay as they are); an unpartnered ``_`` is printed as it is;
- the two nest or stand apart. Marks that cross (``**a _b** c_``) are an error, reported when the file
  is loaded (:func:`markup_problem`), so that every renderer sees the same, well-formed runs.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

TICK_BOX = "\u2610"
"""A ballot box in a pack's text stands for a tick box to draw (every sheet draws one there)."""

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_ITALIC = re.compile(r"(?<![\w])_(.+?)_(?![\w])", re.DOTALL)


@dataclass(frozen=True)
class Run:
    """A stretch of text in one style."""

    text: str
    bold: bool = False
    italic: bool = False


class MarkupError(ValueError):
    """Bold and italic marks that cross instead of nesting."""


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """(start, end) of each marked stretch, marks included."""
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def _crossing(bold: list[tuple[int, int]], italic: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The offsets of a bold and an italic span that overlap without one holding the other, if any.

    Spans of one kind never overlap each other, so walking every opening and closing mark in order with
    a stack finds a crossing in one pass: a closing mark must close the span opened last.
    """
    events = sorted(
        [(start, 1, "bold") for start, _ in bold]
        + [(end, 0, "bold") for _, end in bold]
        + [(start, 1, "italic") for start, _ in italic]
        + [(end, 0, "italic") for _, end in italic]
    )
    opened: list[tuple[str, int]] = []
    for offset, opening, kind in events:
        if opening:
            opened.append((kind, offset))
        elif opened and opened[-1][0] != kind:
            other_start = opened[-1][1]
            mine = next(start for k, start in reversed(opened) if k == kind)
            return (mine, other_start) if kind == "bold" else (other_start, mine)
        else:
            opened.pop()
    return None


@functools.lru_cache(maxsize=65536)
def runs(text: str) -> tuple[Run, ...]:
    """The styled runs of *text*; raises MarkupError where bold and italic cross."""
    bold = _spans(_BOLD, text)
    italic = _spans(_ITALIC, text)
    if bold and italic:
        crossing = _crossing(bold, italic)
        if crossing is not None:
            b, i = crossing
            raise MarkupError(
                f"**bold** (at character {b + 1}) and _italic_ (at character {i + 1}) cross; "
                "close the one opened last first, as in **a _b_** _c_"
            )
    # marks: offset -> (length, style flag it toggles)
    marks: dict[int, tuple[int, str]] = {}
    for start, end in bold:
        marks[start] = (2, "bold")
        marks[end - 2] = (2, "bold")
    for start, end in italic:
        # an italic mark inside a bold mark's two stars cannot happen: "_" is not "*"
        marks[start] = (1, "italic")
        marks[end - 1] = (1, "italic")
    out: list[Run] = []
    style = {"bold": False, "italic": False}
    pos = chunk = 0
    while pos < len(text):
        mark = marks.get(pos)
        if mark is None:
            pos += 1
            continue
        if pos > chunk:
            out.append(Run(text[chunk:pos], style["bold"], style["italic"]))
        style[mark[1]] = not style[mark[1]]
        pos += mark[0]
        chunk = pos
    if len(text) > chunk:
        out.append(Run(text[chunk:], style["bold"], style["italic"]))
    return tuple(out)


def markup_problem(text: str) -> str | None:
    """Why *text* cannot be printed as written (marks that cross), or None. Text is printed paragraph by
    paragraph, so each paragraph must be well formed, and so must the whole (names and labels are
    printed whole)."""
    for piece in (text, *paragraphs(text)):
        try:
            runs(piece)
        except MarkupError as exc:
            return str(exc)
    return None


def _escape_html(text: str) -> str:
    return html.escape(text, quote=True)


def _tagged(
    text: str,
    bold: tuple[str, str],
    italic: tuple[str, str],
    escape: Callable[[str], str] = _escape_html,
    *,
    spaces_outside: bool = False,
) -> str:
    """Escaped runs, each wrapped in its tags, bold outside italic. With *spaces_outside*, runs of the same
    style are tagged as one, and the spaces at the ends of a run are put outside its tags (a run of spaces
    is not tagged at all)."""
    parts: list[str] = []
    styled = list(runs(text))
    if spaces_outside:
        merged: list[Run] = []
        for run in styled:
            if merged and (merged[-1].bold, merged[-1].italic) == (run.bold, run.italic):
                merged[-1] = Run(merged[-1].text + run.text, run.bold, run.italic)
            else:
                merged.append(run)
        styled = merged
    for run in styled:
        words = run.text.strip(" ") if spaces_outside else run.text
        if not words:
            parts.append(run.text)
            continue
        piece = escape(words)
        if run.italic:
            piece = f"{italic[0]}{piece}{italic[1]}"
        if run.bold:
            piece = f"{bold[0]}{piece}{bold[1]}"
        if spaces_outside:
            before = run.text[: len(run.text) - len(run.text.lstrip(" "))]
            piece = before + piece + run.text[len(before) + len(words) :]
        parts.append(piece)
    return "".join(parts)


def inline_html(text: str) -> Markup:
    """One paragraph of text as HTML."""
    return Markup(_tagged(text, ("<strong>", "</strong>"), ("<em>", "</em>")))


def plain(text: str) -> str:
    """The text without the **bold** and _italic_ marks, for canvas strings and file names."""
    return "".join(run.text for run in runs(text))


def convert(text: str, escape: Callable[[str], str], bold: tuple[str, str], italic: tuple[str, str]) -> str:
    """Text in another format's markup: ``escape`` applied to the words, **bold** and _italic_ rewritten.

    The marks are found in the text as written, before escaping, so an escape that touches ``*`` or
    ``_`` (Markdown's) cannot hide them; the words inside the marks are escaped too. Spaces at the ends of
    a bold or italic run go outside its marks: Markdown reads ``**a **`` as the four characters, not bold.
    """
    return _tagged(text, bold, italic, escape, spaces_outside=True)


def paragraphs(text: str) -> list[str]:
    """Split text into paragraphs at blank lines; single newlines join words."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
