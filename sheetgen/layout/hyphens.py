"""Where a word may be hyphenated: a word and its language in, the places it may be broken at out.

The places come from pyphen, whose dictionaries (LibreOffice's hyphenation patterns) are the ones WeasyPrint
hyphenates the HTML pages with, so a word breaks alike on every page sheetgen makes. A language pyphen has
no dictionary for gives no places, never an error. What is hyphenated is a word's letters: the punctuation
around them (quotation marks, brackets, a comma or a full stop after) stays with the letters beside it; a
word that holds a digit or anything else but letters, apostrophes and hyphens (a number, a URL, a mail
address, a dice expression) is never broken; a word already hyphenated ("Nord-Süd-Gang") is broken only
after its own hyphens. A piece keeps at least two letters on either side of a break (pyphen's own least).
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyphen import Pyphen

LEAST = 2
"""The fewest letters a break leaves before it and after it."""

_APOSTROPHES = "'\u2019"
_CORE = re.compile(r"[^\W\d_]+(?:[-" + _APOSTROPHES + r"][^\W\d_]+)*")
"""A word's letters: letters, with single hyphens or apostrophes between them."""


@functools.cache
def dictionary(language: str) -> Pyphen | None:
    """pyphen's dictionary for a BCP 47 tag ('de', 'de-AT', 'pt-BR'), kept for the process; None when it has
    none."""
    import pyphen

    from sheetgen.compat.hyphen_dicts import hyphenator

    found = pyphen.language_fallback(language.replace("-", "_"))
    return hyphenator(found, LEAST, LEAST) if found else None


@functools.lru_cache(maxsize=65536)
def points(word: str, language: str) -> tuple[int, ...]:
    """The offsets in *word* where it may be broken, in order: a hyphen is drawn at each break, except after
    a hyphen the word has."""
    start = 0
    while start < len(word) and not word[start].isalnum():
        start += 1
    end = len(word)
    while end > start and not word[end - 1].isalnum():
        end -= 1
    core = word[start:end]
    if not core or not _CORE.fullmatch(core):
        return ()
    if "-" in core:
        return tuple(
            start + i + 1
            for i, char in enumerate(core)
            if char == "-" and i + 1 >= LEAST and len(core) - i - 1 >= LEAST
        )
    found = dictionary(language)
    if found is None:
        return ()
    return tuple(
        start + at for at in found.positions(core) if core[at - 1] not in _APOSTROPHES and core[at] not in _APOSTROPHES
    )
