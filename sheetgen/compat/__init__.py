"""The one seam between sheetgen and other libraries' internals.

Every private attribute, replaced function or patched module of WeasyPrint, ReportLab, pypdf and the
standard library that sheetgen relies on is reached from a module here, and from nowhere else
(``ruff``'s SLF001 holds the rest of the package to that). Each module says the versions it was checked
against, checks on first use that what it relies on is there (names, signatures, the lines of source it
depends on), and keeps the stock behaviour when it is not: slower or plainer output, never a wrong page
or a crash.

- ``columns``: WeasyPrint's multi-column layout, replaced by a balancing laid out once.
- ``weasy``: WeasyPrint's font folder, the font reader of its PDF writer, a laid-out page's box.
- ``libraries``: ``ctypes.util.find_library``, answered from one reading of the linker's cache while
  WeasyPrint is imported.
- ``reportlab_pages``: the page dictionary ReportLab writes, for the form fields' Tab order.
- ``pypdf_objects``: a written PDF's document id, and a stream's bytes as they are in the file.
- ``process_end``: the exit functions of ``atexit``, run without ending the interpreter.
- ``hyphen_dicts``: pyphen's dictionaries keyed at once and each pattern parsed when a word first looks
  it up, through ``pyphen.hdcache`` (the same places, the German dictionary opened in a fifth of the time).
- ``random_draws``: dice drawn with the public ``getrandbits`` as ``randint`` draws them, checked against
  ``randint`` itself (a seed's sheets must not change, so the only fallback is ``randint``).
"""

from __future__ import annotations

from typing import Any


def source_holds(function: Any, *lines: str) -> bool:
    """Whether the source of *function* holds every one of *lines* (False when it cannot be read)."""
    import inspect

    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return False
    return all(line in source for line in lines)


def parameters(function: Any) -> tuple[str, ...]:
    """The names of *function*'s parameters, in order (empty when it has no signature to read)."""
    import inspect

    try:
        return tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()
