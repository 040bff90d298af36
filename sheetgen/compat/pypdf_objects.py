"""pypdf's writer and streams, where its public interface has no way to say what sheetgen needs: the
document id a PDF is written with (made from its content, so that rebuilds are byte-identical), and a
stream's bytes as they are in the file (so a page can be sized up before anything is unpacked).

Checked against pypdf 7.1.1. A writer writes its trailer's ``/ID`` from ``_ID``; a stream
writes ``_data`` into the file. Where those are not there, a PDF is written with the id pypdf gives it
(or none), and a stream is measured by unpacking it with pypdf's own decoder, within pypdf's own limits.
"""

from __future__ import annotations

import functools
from typing import Any

from sheetgen.compat import source_holds

#: The versions every reach below was checked against.
CHECKED_AGAINST = "pypdf 7.1.1"


@functools.cache
def document_id_usable() -> bool:
    """Whether a pypdf writer writes its trailer's ``/ID`` from ``_ID``."""
    from pypdf import PdfWriter

    return source_holds(getattr(PdfWriter, "_write_trailer", None), "self._ID")


def set_document_id(writer: Any, identifier: bytes) -> bool:
    """Write *writer*'s PDF with the document id *identifier* (both halves alike, as a new file's are);
    whether it could."""
    if not document_id_usable() or not hasattr(writer, "_ID"):
        return False
    from pypdf.generic import ArrayObject, ByteStringObject

    half = ByteStringObject(identifier)
    writer._ID = ArrayObject([half, half])
    return True


@functools.cache
def stream_bytes_usable() -> bool:
    """Whether a pypdf stream writes its bytes into the file from ``_data``."""
    from pypdf.generic import StreamObject

    return source_holds(StreamObject.write_to_stream, "stream.write(self._data)")


def stream_bytes(stream: Any) -> bytes | None:
    """*stream*'s bytes as they are in the file, still packed; None where this pypdf keeps them out of
    reach."""
    if not stream_bytes_usable():
        return None
    data = getattr(stream, "_data", None)
    return data if isinstance(data, bytes) else None
