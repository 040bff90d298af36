"""Any text in; a YAML double-quoted scalar out, that a YAML reader reads back as the same text.

For the files sheetgen writes in YAML: site files from an import, statblocks for Obsidian. JSON's
string syntax is YAML's double-quoted scalar; on top of it, every character YAML does not allow as
it is (control characters, U+0085, U+2028 and U+2029, which YAML reads as line breaks, U+FEFF, and
the non-characters U+FFFE and U+FFFF) is written as a ``\\uXXXX`` escape.
"""

from __future__ import annotations

import json
import unicodedata

_NOT_AS_IS = frozenset("\u0085\u2028\u2029\ufeff\ufffe\uffff")


def quoted(text: str) -> str:
    """*text* as a YAML double-quoted scalar, on one line."""
    out = json.dumps(text, ensure_ascii=False)
    return "".join(
        f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cc", "Cs") or ch in _NOT_AS_IS else ch for ch in out
    )
