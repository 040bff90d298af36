"""Text in; HTML out that Foundry VTT's enrichers leave as written, for the RollTables and the room key.

Foundry enriches the text of HTML fields: ``@UUID[...]{...}``, ``@Embed[...]`` and any ``@Name[``
become links and embedded documents, ``[[/r 1d20]]`` and ``[[1d100]]`` rolls. Its enrichers read one
text node at a time, so an empty ``<span></span>`` after each ``@`` and between the brackets of each
``[[`` keeps the words as written (the span shows nothing) and leaves nothing to enrich.
"""

from __future__ import annotations

import re

from sheetgen.markup import inline_html, paragraphs

_BRACKETS = re.compile(r"\[(?=\[)")


def inert_lines(text: str) -> str:
    """A cell as HTML: its paragraphs joined by line breaks."""
    return "<br>".join(inert(p) for p in paragraphs(text))


def inert_paragraphs(text: str) -> str:
    """Text as HTML paragraphs that Foundry's enrichers leave as they are."""
    return "".join(f"<p>{inert(p)}</p>" for p in paragraphs(text))


def inert(text: str) -> str:
    """One paragraph as HTML that Foundry's enrichers leave as it is."""
    return _BRACKETS.sub("[<span></span>", str(inline_html(text)).replace("@", "@<span></span>"))
