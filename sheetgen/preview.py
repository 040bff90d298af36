"""PDF pages to PNG pictures, with pypdfium2 (no system tools needed).

Takes PDF bytes or a path, a page number and a resolution; gives PNG bytes. A PDF from elsewhere may be
built to hurt: before the page is drawn, its page tree is walked (a tree that contains itself is
refused), objects nested deeper than MAX_OBJECT_DEPTH are refused, and the page's streams are
decompressed only as far as MAX_DECOMPRESSED bytes in all (a megabyte can unpack to gigabytes). A
form drawn by a form drawn by the page is drawn as often as the counts multiply (200 times 200 times
200 is eight million), so the page's drawing is counted as drawn: each form and image by how often
the page's streams draw it, within MAX_DRAWN draws and MAX_PAINTED painting operators, and a form
that draws itself is refused. A full-page fill costs pdfium as many pixels as the page has, a short stroke a
few: the painting is weighed by the area it covers too (sheetgen.painted_area), each stream's by how large
every place it is drawn at makes it, within MAX_PAINTED_PIXELS at the dpi asked for. Each is a DataError
with its own message.
"""

from __future__ import annotations

import re
import stat
from pathlib import Path

from sheetgen import limits
from sheetgen.errors import DataError, UsageError

#: The largest picture drawn: a letter or A4 page at 600 dpi is about 35 million pixels. A PDF from
#: elsewhere may have pages of any size, and 200 inches square at 600 dpi would need 57 GB.
MAX_PIXELS = 36_000_000
#: The largest PDF read.
MAX_PDF_BYTES = 200_000_000
#: Bytes all the streams of the page drawn may unpack to (a page of sheetgen's is well under 10 MB).
MAX_DECOMPRESSED = 100_000_000
#: Levels of arrays and dictionaries inside one another, and of the page tree.
MAX_OBJECT_DEPTH = 64
#: Objects visited when walking the page tree and the drawn page's resources.
MAX_OBJECTS = 200_000
#: Forms and images drawn for one page, counting each as often as it is drawn (sheetgen's own pages draw
#: none; pdfium takes about 170 MB and 5 s for 20,000 at 600 dpi).
MAX_DRAWN = 20_000
#: Painting operators (strokes, fills, text shown, XObjects drawn) of the page and of the forms it draws,
#: each form's counted as often as it is drawn (sheetgen's own pages have at most a few hundred; pdfium
#: takes about 8 s for 100,000 small strokes at 600 dpi).
MAX_PAINTED = 100_000
#: Pixels the painting of one page may cover at the dpi asked for, each fill, stroke, image and shading
#: weighed by the area it covers (sheetgen.painted_area) as often as it is drawn: about 30 letter pages at
#: 600 dpi, a second or two of pdfium's painting (100 full-page fills at 600 dpi took 5 to 20 s).
MAX_PAINTED_PIXELS = 1_000_000_000
#: A painting operator in a content stream.
_PAINT = re.compile(rb"(?:^|(?<=[\s\])>]))(?:S|s|f\*?|F|B\*?|b\*?|Tj|TJ|'|\"|sh|Do|BI)(?=[\s\[(/<%]|$)", re.M)
#: ``/Name Do``: a content stream drawing the XObject its resources call Name.
_DRAW = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*Do(?![^\s/\[\]()<>{}%])")


def _inspect(pdf: bytes, page: int, name: str, dpi: int = limits.MAX_DPI) -> int:
    """Walk the page tree and page *page*'s objects within the limits; give the number of pages.

    Raises DataError for a loop in the page tree, objects nested too deep or too many, or streams that
    unpack to more than MAX_DECOMPRESSED bytes; UsageError for a page that is not there.
    """
    import io
    import logging
    import zlib

    from pypdf import PdfReader
    from pypdf.errors import LimitReachedError, PyPdfError
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    from sheetgen.compat.pypdf_objects import stream_bytes
    from sheetgen.painted_area import IDENTITY, painting, scale

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)
    budget = {"objects": MAX_OBJECTS, "bytes": MAX_DECOMPRESSED}

    def resolve(obj: object) -> object:
        return obj.get_object() if isinstance(obj, IndirectObject) else obj

    def count() -> None:
        budget["objects"] -= 1
        if budget["objects"] < 0:
            raise DataError(
                f"{name}: more than {MAX_OBJECTS:,} objects to read for one page; sheetgen does not preview it"
            )

    def unpacked(stream: StreamObject) -> int:
        raw = stream_bytes(stream)
        if raw is None:  # this pypdf keeps a stream's packed bytes out of reach: it unpacks it, within its limits
            try:
                return len(stream.get_data())
            except LimitReachedError:  # pypdf's own limit is lower than sheetgen's
                return MAX_DECOMPRESSED + 1
        given = resolve(stream.get("/Filter"))
        filters = [str(f) for f in (given if isinstance(given, list) else [given]) if f is not None]
        if not filters:
            return len(raw)
        if str(filters[0]) in ("/FlateDecode", "/Fl"):
            inflate = zlib.decompressobj()
            total, data = 0, raw
            try:
                while data and total <= budget["bytes"]:
                    total += len(inflate.decompress(data, 1 << 20))
                    data = inflate.unconsumed_tail
            except zlib.error:
                return total
            return total
        width, height = resolve(stream.get("/Width", 0)), resolve(stream.get("/Height", 0))
        if isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0:
            return width * height * 4  # an image: what it unpacks to as a picture
        return len(raw) * 8

    def walk(obj: object, depth: int, seen: set[int]) -> None:
        """Every object reachable from *obj* (each indirect one once), counting stream sizes."""
        stack: list[tuple[object, int]] = [(obj, depth)]
        while stack:
            item, level = stack.pop()
            if level > MAX_OBJECT_DEPTH:
                raise DataError(
                    f"{name}: objects nested more than {MAX_OBJECT_DEPTH} levels deep; sheetgen does not preview it"
                )
            if isinstance(item, IndirectObject):
                if item.idnum in seen:
                    continue
                seen.add(item.idnum)
                item = item.get_object()
            count()
            if isinstance(item, StreamObject):
                budget["bytes"] -= unpacked(item)
                if budget["bytes"] < 0:
                    raise DataError(
                        f"{name}: page {page}'s streams unpack to more than {MAX_DECOMPRESSED:,} "
                        "bytes; sheetgen does not preview it"
                    )
            if isinstance(item, DictionaryObject):
                stack.extend((value, level + 1) for key, value in item.items() if key != "/Parent")
            elif isinstance(item, ArrayObject):
                stack.extend((value, level + 1) for value in item)

    def inherited(node: DictionaryObject, key: str) -> object:
        """A page's *key*, from the page or the nearest ancestor that has it."""
        for _ in range(MAX_OBJECT_DEPTH + 1):
            if key in node:
                return resolve(node[key])
            parent = resolve(node.get("/Parent"))
            if not isinstance(parent, DictionaryObject):
                return None
            node = parent
        return None

    def xobjects(resources: object) -> dict[bytes, object]:
        """What a stream with *resources* may draw, by the name its content calls it."""
        resources = resolve(resources)
        table = resolve(resources.get("/XObject")) if isinstance(resources, DictionaryObject) else None
        if not isinstance(table, DictionaryObject):
            return {}
        return {_name_bytes(str(key)): value for key, value in table.items()}

    def drawn(chosen: DictionaryObject) -> None:
        """Count the page's forms and images as often as they are drawn (see the module's docstring)."""
        contents = resolve(chosen.get("/Contents"))
        streams = [resolve(c) for c in (contents if isinstance(contents, list) else [contents])]
        page_data = b"\n".join(s.get_data() for s in streams if isinstance(s, StreamObject))
        # edges of the drawing: which stream draws which object how often; forms are read once each
        edges: dict[int, dict[int, int]] = {}
        objects: dict[int, StreamObject] = {}

        def draws(data: bytes, names: dict[bytes, object]) -> dict[int, int]:
            found: dict[int, int] = {}
            for match in _DRAW.finditer(data):
                ref = names.get(_name_bytes("/" + match.group(1).decode("latin-1")))
                if isinstance(ref, IndirectObject):
                    found[ref.idnum] = found.get(ref.idnum, 0) + 1
                    if ref.idnum not in objects:
                        target = ref.get_object()
                        if isinstance(target, StreamObject):
                            objects[ref.idnum] = target
            return found

        def numbers(values: object, count: int) -> list[float] | None:
            values = resolve(values)
            if not isinstance(values, list) or len(values) != count:
                return None
            try:
                return [float(resolve(v)) for v in values]  # type: ignore[arg-type]
            except (TypeError, ValueError):
                return None

        def limit_of(target: StreamObject) -> float:
            """What a form may paint at most, in its own space: its BBox."""
            box = numbers(target.get("/BBox"), 4)
            return abs((box[2] - box[0]) * (box[3] - box[1])) if box else page_area

        def matrix_scale(target: StreamObject) -> float:
            matrix = numbers(target.get("/Matrix"), 6)
            return scale(tuple(matrix)) if matrix else scale(IDENTITY)  # type: ignore[arg-type]

        def weigh(number: int, data: bytes, names: dict[bytes, object], limit: float) -> None:
            """The area stream *number* paints itself, and how much each form it draws is scaled by there."""
            found = painting(data, limit)
            own, kids = found.area, dict[int, float]()
            for called, scales in found.draws.items():
                ref = names.get(_name_bytes(called.decode("latin-1")))
                if not isinstance(ref, IndirectObject):
                    continue
                target = objects.get(ref.idnum)
                if isinstance(target, StreamObject) and target.get("/Subtype") == "/Form":
                    # drawn no larger than what draws it may paint
                    cap = limit / max(limit_of(target), 1e-9)
                    kids[ref.idnum] = kids.get(ref.idnum, 0.0) + sum(
                        min(site * matrix_scale(target), cap) for site in scales
                    )
                else:  # an image: its unit square
                    own += sum(min(max(site, 1.0), limit) for site in scales)
            area[number], area_edges[number] = own, kids

        media = numbers(inherited(chosen, "/MediaBox"), 4)
        page_area = abs((media[2] - media[0]) * (media[3] - media[1])) if media else 612.0 * 792.0
        area: dict[int, float] = {}
        area_edges: dict[int, dict[int, float]] = {}
        page_names = xobjects(inherited(chosen, "/Resources"))
        top = draws(page_data, page_names)
        weigh(0, page_data, page_names, page_area)
        painted = {0: len(_PAINT.findall(page_data))}
        todo = list(top)
        while todo:
            number = todo.pop()
            if number in edges:
                continue
            target = objects.get(number)
            if target is None or target.get("/Subtype") != "/Form":
                edges[number] = {}
                continue
            names = xobjects(target["/Resources"]) if "/Resources" in target else page_names
            data = target.get_data()
            edges[number] = draws(data, names)
            painted[number] = len(_PAINT.findall(data))
            weigh(number, data, names, limit_of(target))
            todo.extend(edges[number])
        # each object's draws: the page's own, then through the forms in an order where a form comes
        # before what it draws (a form on its own path draws itself for ever)
        order: list[int] = []
        state: dict[int, int] = {}  # 1: on the path, 2: done
        for start in top:
            stack = [(start, iter(edges.get(start, {})))]
            if state.get(start):
                continue
            state[start] = 1
            while stack:
                number, kids = stack[-1]
                kid = next(kids, None)
                if kid is None:
                    stack.pop()
                    state[number] = 2
                    order.append(number)
                elif state.get(kid) == 1:
                    raise DataError(
                        f"{name}: page {page} draws a form (object {kid}) that draws itself; "
                        "sheetgen does not preview it"
                    )
                elif not state.get(kid):
                    state[kid] = 1
                    stack.append((kid, iter(edges.get(kid, {}))))
        times = dict(top)
        total, total_painted = 0, painted[0]
        for number in reversed(order):
            count_drawn = times.get(number, 0)
            total += count_drawn
            total_painted += count_drawn * painted.get(number, 0)
            if total > MAX_DRAWN or total_painted > MAX_PAINTED:
                raise DataError(
                    f"{name}: page {page} draws its forms and images more than {MAX_DRAWN:,} times "
                    f"(or paints more than {MAX_PAINTED:,} times) in all, counting each as often as it "
                    "is drawn; sheetgen does not preview it"
                )
            for kid, n in edges.get(number, {}).items():
                times[kid] = times.get(kid, 0) + count_drawn * n
        # the area painted, each stream's by how much all the places it is drawn at scale it
        scaled = {0: 1.0}
        for kid, by in area_edges.get(0, {}).items():
            scaled[kid] = scaled.get(kid, 0.0) + by
        for number in reversed(order):
            for kid, by in area_edges.get(number, {}).items():
                scaled[kid] = scaled.get(kid, 0.0) + scaled.get(number, 0.0) * by
        square_points = sum(scaled.get(number, 0.0) * own for number, own in area.items())
        pixels = square_points * (dpi / 72) ** 2
        if pixels > MAX_PAINTED_PIXELS:
            pages = pixels / (page_area * (dpi / 72) ** 2)
            most = int(72 * (MAX_PAINTED_PIXELS / square_points) ** 0.5)
            fix = f"choose {most} dpi or less" if most >= 10 else "sheetgen does not preview it"
            raise DataError(
                f"{name}: page {page} paints {pixels:,.0f} pixels at {dpi} dpi, as many as {pages:,.0f} "
                f"pages, each fill, stroke, image and shading counted by the area it covers as often "
                f"as it is drawn; sheetgen paints at most {MAX_PAINTED_PIXELS:,} a page: {fix}"
            )

    try:
        reader = PdfReader(io.BytesIO(pdf), strict=False)
        root = resolve(reader.trailer["/Root"])
        assert isinstance(root, DictionaryObject)
        # the page tree, walked by hand: pypdf's own walk does not stop at a loop
        pages: list[DictionaryObject] = []
        on_path: set[int] = set()
        todo: list[tuple[object, int]] = [(root.get("/Pages"), 0)]
        while todo:
            node_ref, level = todo.pop()
            if isinstance(node_ref, IndirectObject):
                if node_ref.idnum in on_path:
                    raise DataError(
                        f"{name}: its page tree contains itself (object {node_ref.idnum} is "
                        "its own ancestor or appears twice); not a PDF sheetgen can preview"
                    )
                on_path.add(node_ref.idnum)
            if level > MAX_OBJECT_DEPTH:
                raise DataError(
                    f"{name}: its page tree is more than {MAX_OBJECT_DEPTH} levels deep; sheetgen does not preview it"
                )
            count()
            node = resolve(node_ref)
            if not isinstance(node, DictionaryObject):
                continue
            kids = resolve(node.get("/Kids"))
            if node.get("/Type") == "/Pages" or isinstance(kids, list):
                todo.extend((kid, level + 1) for kid in reversed(kids if isinstance(kids, list) else []))
            else:
                pages.append(node)
        if not 1 <= page <= len(pages):
            return len(pages)
        chosen = pages[page - 1]
        walk(chosen, 0, set())
        drawn(chosen)
        return len(pages)
    except RecursionError:
        raise DataError(f"{name}: objects nested too deeply to read; sheetgen does not preview it") from None
    except (PyPdfError, AssertionError, KeyError, ValueError, TypeError, AttributeError) as exc:
        raise DataError(f"{name}: not a readable PDF ({type(exc).__name__})") from None


def _png(pixels: object, width: int, height: int, stride: int, channels: int, dpi: int) -> bytes:
    """A PNG of an RGB (3 channels) or RGBA (4) picture, compressed a row at a time from the renderer's own
    buffer: a letter page at 600 dpi is 105 MB of pixels, and a picture library's copy of them would be
    another 105 MB. The PNG says its resolution, so a viewer shows it at the page's size."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = memoryview(pixels).cast("B")  # type: ignore[arg-type]
    width_bytes = width * channels
    squeeze = zlib.compressobj(6)
    packed = [squeeze.compress(b"\x00" + rows[y * stride : y * stride + width_bytes]) for y in range(height)]
    packed.append(squeeze.flush())
    per_metre = round(dpi / 0.0254)
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0)),
            chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            chunk(b"IDAT", b"".join(packed)),
            chunk(b"IEND", b""),
        ]
    )


def _name_bytes(name: str) -> bytes:
    """A PDF name as the bytes it stands for (``#20`` is a space), the same whichever way it is spelt."""
    raw = name.encode("latin-1", "replace")
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), raw)


def page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


def render_png(pdf: bytes, *, page: int = 1, dpi: int = 100, name: str = "PDF") -> bytes:
    """PNG bytes of page *page* (1-based) rendered at *dpi*."""
    import pypdfium2 as pdfium

    if not limits.MIN_DPI <= dpi <= limits.MAX_DPI:
        raise ValueError(f"dpi must be a whole number from {limits.MIN_DPI} to {limits.MAX_DPI}, not {dpi!r}")
    pages = _inspect(pdf, page, name, dpi)
    if not 1 <= page <= max(pages, 1):
        raise UsageError(f"--page: {name} has {pages} page(s); choose 1 to {pages}")
    try:
        document = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError as exc:
        raise DataError(f"{name}: not a readable PDF ({exc})") from None
    try:
        if not 1 <= page <= len(document):
            raise UsageError(f"--page: {name} has {len(document)} page(s); choose 1 to {len(document)}")
        try:
            pdf_page = document[page - 1]
        except pdfium.PdfiumError as exc:
            raise DataError(f"{name}: page {page} cannot be read ({exc})") from None
        width, height = pdf_page.get_size()
        pixels = round(width * dpi / 72) * round(height * dpi / 72)
        if pixels > MAX_PIXELS:
            most = int(72 * (MAX_PIXELS / (width * height)) ** 0.5)
            raise UsageError(
                f"--dpi: page {page} of {name} is {width / 72:.1f} x {height / 72:.1f} in; at {dpi} dpi "
                f"that is more than {MAX_PIXELS:,} pixels; choose {most} dpi or less"
            )
        try:
            bitmap = pdf_page.render(scale=dpi / 72, rev_byteorder=True)
        except pdfium.PdfiumError as exc:
            raise DataError(f"{name}: page {page} cannot be drawn ({exc})") from None
        return _png(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, bitmap.n_channels, dpi)
    finally:
        document.close()


def read_pdf(path: Path) -> bytes:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{path}: not a PDF file")
        if info.st_size > MAX_PDF_BYTES:
            raise DataError(
                f"{path}: {info.st_size:,} bytes; sheetgen previews PDFs of at most {MAX_PDF_BYTES:,} bytes"
            )
        from sheetgen.output import note_input

        note_input(path)
        return path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror})") from None
