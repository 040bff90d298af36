"""Pack and site text to safe markup: HTML for WeasyPrint, mini-markup for ReportLab's Paragraph.

Takes untrusted text; gives markup in which the text's own characters are always escaped, so
'<script>', '<font color=...>' or '{{ 7*7 }}' print literally. The only formatting honoured is
**bold** and _italic_, applied after escaping.
"""

from __future__ import annotations

import html
import re

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


def paragraphs(text: str) -> list[str]:
    """Split text into paragraphs at blank lines; single newlines join words."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
