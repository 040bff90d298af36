"""Pack and site text to safe markup: HTML for WeasyPrint, mini-markup for ReportLab's Paragraph.

Takes untrusted text; gives markup in which the text's own characters are always escaped, so
'<script>', '<font color=...>' or '{{ 7*7 }}' print literally. The only formatting honoured is
**bold** and _italic_, applied after escaping.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from markupsafe import Markup

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_ITALIC = re.compile(r"(?<![\w])_(.+?)_(?![\w])", re.DOTALL)


def _format(escaped: str, bold: tuple[str, str], italic: tuple[str, str]) -> str:
    escaped = _BOLD.sub(lambda m: f"{bold[0]}{m[1]}{bold[1]}", escaped)
    return _ITALIC.sub(lambda m: f"{italic[0]}{m[1]}{italic[1]}", escaped)


def inline_html(text: str) -> Markup:
    """One paragraph of text as HTML."""
    return Markup(_format(html.escape(text, quote=True), ("<strong>", "</strong>"), ("<em>", "</em>")))


def inline_reportlab(text: str) -> str:
    """One paragraph of text as ReportLab Paragraph markup (escaped; <b> and <i> only)."""
    return _format(html.escape(text, quote=True), ("<b>", "</b>"), ("<i>", "</i>"))


def plain(text: str) -> str:
    """The text without the **bold** and _italic_ marks, for canvas strings and file names."""
    return _format(text, ("", ""), ("", ""))


def convert(text: str, escape: Callable[[str], str], bold: tuple[str, str], italic: tuple[str, str]) -> str:
    """Text in another format's markup: ``escape`` applied to the words, **bold** and _italic_ rewritten.

    The marks are found in the text as written, before escaping, so an escape that touches ``*`` or
    ``_`` (Markdown's) cannot hide them; the words inside the marks are escaped too.
    """
    out: list[str] = []
    at = 0
    for match in _BOLD.finditer(text):
        out.append(_convert_italic(text[at:match.start()], escape, italic))
        out.append(bold[0] + _convert_italic(match[1], escape, italic) + bold[1])
        at = match.end()
    out.append(_convert_italic(text[at:], escape, italic))
    return "".join(out)


def _convert_italic(text: str, escape: Callable[[str], str], italic: tuple[str, str]) -> str:
    out: list[str] = []
    at = 0
    for match in _ITALIC.finditer(text):
        out.append(escape(text[at:match.start()]))
        out.append(italic[0] + escape(match[1]) + italic[1])
        at = match.end()
    out.append(escape(text[at:]))
    return "".join(out)


def paragraphs(text: str) -> list[str]:
    """Split text into paragraphs at blank lines; single newlines join words."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
