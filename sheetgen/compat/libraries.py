"""How WeasyPrint's native libraries (Pango, HarfBuzz, fontconfig, GObject) are found when it is imported.

WeasyPrint tries several names for each library, most of them other systems' names (``libpango-1.0-0``
for Windows, ``libpango-1.0.dylib`` for macOS), and cffi asks ``ctypes.util.find_library`` about each
name it cannot open. On Linux that function reads the dynamic linker's cache (``ldconfig -p``), and for
a name the cache does not have it goes on to run gcc and then ld: about 20 ms a name where a compiler is
installed, 0.29 s of a 0.65 s import of WeasyPrint measured here.

:func:`found_quickly` answers those questions from one reading of the linker's cache instead, and at
once with "not found" for a name the cache lacks; WeasyPrint then opens the library by its file name
(``libpango-1.0.so.0``), which the dynamic linker finds wherever it would (``LD_LIBRARY_PATH``
included). Should that still leave a library unfound, the import is made again the stock way
(:func:`sheetgen.render.html.weasy._import_weasyprint`), so a machine whose library only gcc or ld can
find loads it as before.

Checked against CPython 3.11.7's ``ctypes.util`` and WeasyPrint 70.0. Where ``find_library`` is not
the one-argument function it has, nothing is replaced and the import takes its stock time.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Iterator

from sheetgen.compat import parameters

#: The versions the replaced function was checked against.
CHECKED_AGAINST = "CPython 3.11.7, WeasyPrint 70.0"

#: The dynamic linker's cache, as ctypes.util reads it.
_LDCONFIG = ("/sbin/ldconfig", "-p")


def linker_cache() -> str | None:
    """The dynamic linker's cache as ``ldconfig -p`` lists it, or None where it cannot be read."""
    try:
        done = subprocess.run(_LDCONFIG, capture_output=True, check=False, env={"LC_ALL": "C", "LANG": "C"})
    except OSError:
        return None
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None


def cached_library(name: str, cache: str) -> str | None:
    """The file name of library *name* in the linker's *cache* (``pango-1.0`` gives ``libpango-1.0.so.0``),
    as ``ctypes.util.find_library`` reads the cache; None when the cache has none."""
    found = re.search(rf"\s(lib{re.escape(name)}\.\S+)\s+\(", cache)
    return found.group(1) if found else None


def replaceable() -> bool:
    """Whether ``ctypes.util.find_library`` is the function of one name, ``name``, that is replaced here."""
    import ctypes.util

    return parameters(getattr(ctypes.util, "find_library", None)) == ("name",)


@contextlib.contextmanager
def found_quickly() -> Iterator[None]:
    """While the block runs, ``ctypes.util.find_library`` answers from one reading of the linker's cache
    (on Linux, where the cache can be read; elsewhere, or without it, nothing changes)."""
    import ctypes.util

    usable = sys.platform.startswith("linux") and replaceable()
    cache = linker_cache() if usable else None
    if cache is None:
        yield
        return
    stock = ctypes.util.find_library

    def find_library(name: str) -> str | None:
        return cached_library(name, cache)

    ctypes.util.find_library = find_library
    try:
        yield
    finally:
        ctypes.util.find_library = stock
