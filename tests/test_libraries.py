"""WeasyPrint's native libraries are found from the linker's cache, as ctypes.util finds them, without
running a compiler for every name that misses; and the stock search still runs where the quick one fails."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys
from typing import Any

import pytest

from sheetgen.compat.libraries import cached_library, found_quickly, linker_cache

CACHE = """612 libs found in cache `/etc/ld.so.cache'
\tlibpangoft2-1.0.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libpangoft2-1.0.so.0
\tlibpango-1.0.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libpango-1.0.so.0
\tlibharfbuzz-subset.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libharfbuzz-subset.so.0
\tlibharfbuzz.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libharfbuzz.so.0
\tlibgobject-2.0.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libgobject-2.0.so.0
"""

# WeasyPrint's names for its libraries, as it tries them (weasyprint/text/ffi.py).
WEASYPRINT_NAMES = (
    "libgobject-2.0-0",
    "gobject-2.0-0",
    "gobject-2.0",
    "libgobject-2.0.so.0",
    "libpango-1.0-0",
    "pango-1.0-0",
    "pango-1.0",
    "libpango-1.0.so.0",
    "libharfbuzz-0",
    "harfbuzz",
    "harfbuzz-0.0",
    "libharfbuzz.so.0",
    "libharfbuzz-subset-0",
    "harfbuzz-subset",
    "harfbuzz-subset-0.0",
    "libfontconfig-1",
    "fontconfig-1",
    "fontconfig",
    "libfontconfig.so.1",
    "libpangoft2-1.0-0",
    "pangoft2-1.0-0",
    "pangoft2-1.0",
)


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("pango-1.0", "libpango-1.0.so.0"),
        ("pangoft2-1.0", "libpangoft2-1.0.so.0"),
        ("harfbuzz", "libharfbuzz.so.0"),  # not libharfbuzz-subset: the name ends at a dot
        ("harfbuzz-subset", "libharfbuzz-subset.so.0"),
        ("gobject-2.0", "libgobject-2.0.so.0"),
        ("libpango-1.0-0", None),
        ("pango-1.0-0", None),
        ("fontconfig", None),
    ],
)
def test_a_library_is_read_from_the_cache_as_ctypes_reads_it(name: str, found: str | None) -> None:
    assert cached_library(name, CACHE) == found


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or linker_cache() is None,
    reason="the dynamic linker's cache is read on Linux only",
)
def test_the_quick_search_finds_what_the_stock_search_finds_and_runs_nothing_for_a_miss(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stock = {name: ctypes.util.find_library(name) for name in WEASYPRINT_NAMES}
    with found_quickly():

        def no_process(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError(f"a process was started: {args}")

        monkeypatch.setattr(subprocess, "Popen", no_process)
        quick = {name: ctypes.util.find_library(name) for name in WEASYPRINT_NAMES}
        monkeypatch.undo()
    assert ctypes.util.find_library.__module__ == "ctypes.util"  # put back
    assert all(quick[name] in (None, stock[name]) for name in WEASYPRINT_NAMES), (quick, stock)
    assert [name for name in WEASYPRINT_NAMES if quick[name]] == [name for name in WEASYPRINT_NAMES if stock[name]]
    assert quick["pango-1.0"] == "libpango-1.0.so.0"


# WeasyPrint imported in a fresh process whose libraries cannot be opened while the quick search is on:
# the import is made again with the stock search, and WeasyPrint's message about the first try is not shown.
REFUSED_WHILE_QUICK = """
import ctypes.util, cffi
stock = ctypes.util.find_library
real = cffi.FFI.dlopen
def dlopen(self, name, flags=0):
    if ctypes.util.find_library is not stock:
        raise OSError("refused while the quick search is on")
    return real(self, name, flags)
cffi.FFI.dlopen = dlopen
from sheetgen.render.html.weasy import _import_weasyprint
ffi = _import_weasyprint()
import weasyprint
print("loaded", ffi.pango is not None, ctypes.util.find_library is stock, weasyprint.HTML is not None)
"""


def test_a_library_the_quick_search_misses_is_loaded_the_stock_way() -> None:
    done = subprocess.run([sys.executable, "-c", REFUSED_WHILE_QUICK], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "loaded True True True\n"
