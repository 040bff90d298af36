"""pyphen's hyphenation dictionaries read a pattern at a time, when a word first asks for it.

``pyphen.HyphDict`` parses every pattern of a dictionary when it is opened: the German one's 90,000 lines
take about 0.4 s, more than the rest of a German packet's drawn pages, though a packet hyphenates a few
dozen words. :func:`hyphenator` opens a dictionary as :class:`_LazyDict`: the file's lines are only keyed
(a line's letters, its digits taken out, in C), and a pattern is parsed as pyphen parses it the first time
a word looks it up, so the places a word breaks at are pyphen's own. Checked against pyphen 0.18.1: it
relies on ``Pyphen`` taking an opened dictionary from ``pyphen.hdcache`` and on ``HyphDict.positions``
reading ``patterns.get``, ``maxlen`` and ``cache``; where they are not as checked, the stock ``Pyphen``
opens the dictionary (slower, the same places).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheetgen.compat import source_holds

if TYPE_CHECKING:
    from pyphen import Pyphen

#: The version the lazy reading below was checked against.
CHECKED_AGAINST = "pyphen 0.18.1"

_NO_DIGITS = str.maketrans("", "", "0123456789")


def _pattern(line: str) -> tuple[str, tuple[int, tuple[Any, ...]] | None]:
    """One line of a dictionary as ``HyphDict.__init__`` reads it: its key, and its start offset and values
    (None where they are all zero, a line pyphen leaves out)."""
    import pyphen

    pattern = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), line)
    factory: Any = int
    if "/" in pattern and "=" in pattern:
        pattern, alternative = pattern.split("/", 1)
        factory = pyphen.AlternativeParser(pattern, alternative)
    tags, values = zip(*[(string, factory(i or "0")) for i, string in pyphen.parse(pattern)], strict=True)
    if max(values) == 0:
        return "".join(tags), None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return "".join(tags), (start, tuple(values[start:end]))


class _Patterns:
    """A dictionary's patterns by key, each parsed when it is first looked up."""

    def __init__(self, lines: dict[str, str], parsed: dict[str, tuple[int, tuple[Any, ...]] | None]) -> None:
        self._lines = lines
        self._parsed = parsed

    def get(self, key: str) -> tuple[int, tuple[Any, ...]] | None:
        try:
            return self._parsed[key]
        except KeyError:
            line = self._lines.get(key)
            found = None if line is None else _pattern(line)[1]
            self._parsed[key] = found
            return found


def _lazy_dict_class() -> type:
    import pyphen

    class _LazyDict(pyphen.HyphDict):  # type: ignore[misc]
        """A ``HyphDict`` whose patterns are keyed at once and parsed when looked up."""

        def __init__(self, path: Path) -> None:
            with path.open("rb") as handle:
                encoding = handle.readline().decode()
            if encoding.lower().strip() == "microsoft-cp1251":
                encoding = "cp1251"
            lines: dict[str, str] = {}
            parsed: dict[str, tuple[int, tuple[Any, ...]] | None] = {}
            for raw in path.read_text(encoding.strip()).split("\n")[1:]:
                line = raw.strip()
                if not line or line.startswith(pyphen.ignored):
                    continue
                if "/" in line or "^^" in line:  # an alternative or a hex escape: its key needs the parse
                    key, found = _pattern(line)
                elif (key := line.translate(_NO_DIGITS)) in lines or key in parsed:
                    found = _pattern(line)[1]  # a key said twice: pyphen keeps the last line that is not all 0
                else:
                    lines[key] = line
                    continue
                if found is not None or (key not in lines and key not in parsed):
                    lines.pop(key, None)
                    parsed[key] = found
            self.patterns = _Patterns(lines, parsed)
            self.cache: dict[str, Any] = {}
            self.maxlen = max(len(key) for key in (*lines, *parsed))

    return _LazyDict


@functools.cache
def reads_lazily() -> bool:
    """Whether this pyphen takes an opened dictionary from ``hdcache`` and looks its patterns up as checked."""
    try:
        import pyphen
    except ImportError:
        return False
    return (
        isinstance(getattr(pyphen, "hdcache", None), dict)
        and isinstance(getattr(pyphen, "ignored", None), tuple)
        and all(hasattr(pyphen, name) for name in ("AlternativeParser", "parse", "parse_hex", "LANGUAGES"))
        and source_holds(pyphen.Pyphen.__init__, "hdcache[path]", "if not cache or path not in hdcache")
        and source_holds(pyphen.HyphDict.positions, "self.patterns.get(", "self.maxlen", "self.cache.get(word)")
    )


def hyphenator(language: str, left: int, right: int) -> Pyphen:
    """pyphen's hyphenator for *language* (a name pyphen has, as ``language_fallback`` gives it), its
    dictionary read lazily where this pyphen allows."""
    import pyphen

    path = pyphen.LANGUAGES[language]
    if reads_lazily() and path not in pyphen.hdcache:
        pyphen.hdcache[path] = _lazy_dict_class()(path)
    return pyphen.Pyphen(lang=language, left=left, right=right)
