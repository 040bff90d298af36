"""The language sheetgen's own words are written in: a language tag in, translated words and numbers out.

A command chooses the language once (``--language``, the settings file's ``language``, else the site's or
the pack's own) and runs inside :func:`using`; every words function, sheet and layout that puts a word of
sheetgen's on a page asks :func:`_` (or :func:`ngettext` for a count) for it, in that language. The language
is a context variable, not a global set from here and there: a worker process that renders a page for
another command's options enters :func:`using` with the language the options carry.

The catalogues are gettext catalogues (``sheetgen/locale/<lang>/LC_MESSAGES/sheetgen.po``, compiled to
``.mo`` beside it) whose message ids are the English text itself, so English needs no catalogue and prints
exactly what the code says. Plural forms follow each catalogue's ``Plural-Forms`` rule (Polish has three).
Numbers and percentages follow the locale through Babel (``66,5 %`` in German and French); a clock
(``0:10``) stays as it is in every language. Babel is imported only when a number is put into a language
other than English, so English runs never load it.

A message a catalogue lacks (never translated, or left fuzzy or empty, which compiling leaves out) prints
in English. Inside :func:`recording_misses` each such message is also noted, which is how `sheetgen check`
says which of the words on a pack's pages print in English: the note is taken by the catalogue's fallback,
so a translated message costs nothing more, in a recording or not. The environment variable
``SHEETGEN_LOCALE`` names a folder to read the catalogues from instead of the shipped ones, laid out as
``sheetgen/locale`` is (``<lang>/LC_MESSAGES/sheetgen.mo``): a translation can be tried before it ships.
"""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import os
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE = "en"
"""The language of the message ids: the words as the code writes them."""
DOMAIN = "sheetgen"
LOCALE_ENV = "SHEETGEN_LOCALE"
"""The environment variable that names a folder of catalogues to read instead of the shipped ones."""

_ACTIVE: ContextVar[str] = ContextVar("sheetgen_language", default=SOURCE)
_MISSES: ContextVar[set[str] | None] = ContextVar("sheetgen_misses", default=None)


def _folder() -> Traversable:
    override = os.environ.get(LOCALE_ENV)
    return Path(override) if override else resources.files("sheetgen") / "locale"


@cache
def shipped() -> tuple[str, ...]:
    """The languages sheetgen's words come in: English and every language with a compiled catalogue."""
    found = [SOURCE]
    folder = _folder()
    if folder.is_dir():
        for child in sorted(folder.iterdir(), key=lambda c: c.name):
            if (child / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
                found.append(child.name)
    return tuple(found)


def supported(tag: str) -> str | None:
    """The shipped language for a BCP 47 tag ('de', 'de-AT' -> 'de'), or None when none is shipped."""
    if tag in shipped():
        return tag
    primary = tag.replace("_", "-").split("-")[0].lower()
    return primary if primary in shipped() else None


def document_language(text: str, words: str) -> str:
    """The language a document is tagged with: its text's (*text*), or sheetgen's words' (*words*) where
    they were put into another shipped language than the text's."""
    return text if words == SOURCE or supported(text) == words else words


@contextlib.contextmanager
def using(language: str) -> Iterator[None]:
    """Put sheetgen's words into *language* (a shipped one, see :func:`supported`) inside the block."""
    token = _ACTIVE.set(supported(language) or SOURCE)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def active() -> str:
    """The language sheetgen's words are being written in."""
    return _ACTIVE.get()


@contextlib.contextmanager
def recording_misses() -> Iterator[set[str]]:
    """Inside the block, note in the set it gives every message (its English singular) that the active
    language's catalogue lacks and so prints in English."""
    found: set[str] = set()
    token = _MISSES.set(found)
    try:
        yield found
    finally:
        _MISSES.reset(token)


class _English(gettext.NullTranslations):
    """A catalogue's fallback: the message in English, noted when a recording is on."""

    def _miss(self, message: str) -> None:
        misses = _MISSES.get()
        if misses is not None:
            misses.add(message)

    def gettext(self, message: str) -> str:
        self._miss(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._miss(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self._miss(message)
        return message


def _catalogue_file(language: str) -> Traversable:
    return _folder() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def _catalogue(language: str) -> gettext.NullTranslations:
    if language == SOURCE:
        return gettext.NullTranslations()
    with _catalogue_file(language).open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    catalogue.add_fallback(_English())
    return catalogue


def forget_catalogues() -> None:
    """Read the catalogues again where they are next used (after ``SHEETGEN_LOCALE`` changed)."""
    for cached in (shipped, _catalogue, catalogue_digest):
        cached.cache_clear()


@cache
def catalogue_digest(language: str) -> str:
    """A digest of *language*'s compiled catalogue ('' for English): what a cached result that depends on
    which messages the catalogue has is keyed by."""
    if language == SOURCE:
        return ""
    return hashlib.sha256(_catalogue_file(language).read_bytes()).hexdigest()[:16]


def _(message: str) -> str:
    """*message* in the active language (itself in English, or where the catalogue lacks it)."""
    language = _ACTIVE.get()
    return message if language == SOURCE else _catalogue(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count *n*, by the active language's plural rule."""
    language = _ACTIVE.get()
    if language == SOURCE:
        return singular if n == 1 else plural
    return _catalogue(language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """*message* in the active language, told apart from the same English word in another *context*."""
    language = _ACTIVE.get()
    return message if language == SOURCE else _catalogue(language).pgettext(context, message)


def semicolons(parts: Iterable[str]) -> str:
    """*parts* joined by semicolons as the language writes them ('a; b', in French 'a\u202f; b')."""
    return pgettext("between the parts of a list", "; ").join(parts)


def after_colon(head: str, text: str) -> str:
    """*text* after *head* and a colon as the language writes it ('d10 = 4: encounter')."""
    return _("{head}: {text}").format(head=head, text=text)


def colon() -> str:
    """The colon after a label that stands apart from its text (a span of its own, a bold run) as the language
    writes it: ':', in French '\u202f:'; the same as :func:`after_colon` sets."""
    return after_colon("", "").rstrip(" ")


def quoted(text: str) -> str:
    """*text* in quotation marks as the language writes them: “text” in English, „text“ in German,
    « text » in French, «text» in Spanish (each catalogue gives its own)."""
    return pgettext("quotation marks around a text", "“{text}”").format(text=text)


def N_(message: str) -> str:
    """Mark *message* for the catalogue where it is defined; it is translated with :func:`_` where it is used."""
    return message


def takes_an(word: str) -> bool:
    """Whether English says "an" before *word*: a vowel first (in either case), or "hour"; the catalogue
    carries both forms of each sentence, so other languages choose their own."""
    return word[:1].lower() in tuple("aeiou") or word.lower().startswith("hour")


def capitalised(text: str) -> str:
    """*text* with a capital first letter: in English as ``str.capitalize`` (the rest lower case, as the
    sheets have always printed it), in other languages the rest as it is (German nouns keep theirs)."""
    return text.capitalize() if _ACTIVE.get() == SOURCE else text[:1].upper() + text[1:]


def decimal(value: float, digits: int = 1) -> str:
    """A number with *digits* decimals in the active language: '2.5', in German '2,5'."""
    language = _ACTIVE.get()
    if language == SOURCE:
        return f"{value:.{digits}f}"
    from babel.numbers import format_decimal

    return format_decimal(value, "0." + "0" * digits if digits else "0", locale=language)


def percent_number(value: float) -> str:
    """A percentage (of 100) with one decimal in the active language: '66.5%', in German '66,5 %'."""
    language = _ACTIVE.get()
    if language == SOURCE:
        return f"{value:.1f}%"
    return _percent(language, value)


def _percent(language: str, value: float) -> str:
    from babel import Locale
    from babel.numbers import format_percent

    pattern = Locale.parse(language).percent_formats[None].pattern.replace("#,##0", "#,##0.0")
    return format_percent(value / 100, pattern, locale=language)
