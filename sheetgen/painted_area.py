"""A PDF content stream in; the area its painting covers, and where it draws its forms and images, out.

``preview`` weighs a page by what pdfium will paint, not only by how many operators it has: a full-page
fill costs as much as the page has pixels, a short stroke a few. Each fill, stroke, shading and image is
weighed by the bounding box of what it paints (a path's points, widened by the line width for a stroke;
an image's unit square; a shading fills all it may), taken through the current transformation and cut to
what the stream may paint at most (the page, or a form's BBox). This is an upper bound on what is painted
(a curve lies inside its control points' box), not an exact area, and it reads the stream token by token
without building it: strings and inline images are skipped as pdfium skips them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MAX_SAVED = 1_000
"""Graphics states saved (``q``) and not yet restored that are followed; deeper ones keep the state they
find (pdfium too stops at a depth)."""

_TOKEN = re.compile(
    rb"%[^\r\n]*"  # a comment
    rb"|\((?:[^()\\]|\\.)*\)"  # a string without parentheses inside (one with them is read in pieces)
    rb"|<<|>>|<[0-9A-Fa-f\s]*>"  # a dictionary's ends, a hex string
    rb"|[+-]?(?:\d+\.?\d*|\.\d+)"  # a number
    rb"|/[^\s/\[\]()<>{}%]*"  # a name
    rb"|[^\s/\[\]()<>{}%]+",  # an operator (or true, false, null)
    re.S,
)
_NUMBER = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)\Z")
_END_OF_IMAGE = re.compile(rb"\sEI(?=[\s]|\Z)")
_FILLS = {b"f", b"F", b"f*"}
_STROKES = {b"S", b"s"}
_BOTH = {b"B", b"B*", b"b", b"b*"}
_TEXT = {b"Tj", b"TJ", b"'", b'"'}
TEXT_AREA = 100.0
"""Square points a text operator is weighed as (a line of 10 pt type is a few thousand; text is counted by
operators, MAX_PAINTED, more than by area)."""


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """*m* then *n*: the matrix ``m x n`` of PDF's ``cm`` (``cm`` with *m* on a state whose matrix is *n*)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def scale(m: Matrix) -> float:
    """How much *m* multiplies an area by."""
    return abs(m[0] * m[3] - m[1] * m[2])


def box_area(points: list[tuple[float, float]], widen: float = 0.0) -> float:
    if not points:
        return 0.0
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (max(xs) - min(xs) + 2 * widen) * (max(ys) - min(ys) + 2 * widen)


@dataclass
class Painting:
    """What one stream paints: its own area (square points, in the space it starts in), and for each form or
    image it draws by name, how much the transformation at each place it draws it multiplies an area by."""

    area: float = 0.0
    draws: dict[bytes, list[float]] = field(default_factory=dict)


def painting(data: bytes, limit: float) -> Painting:
    """The painting of content stream *data*, each operator's area cut to *limit* square points (what the
    stream may paint at most: its page or its form's box); an image drawn counts towards ``draws`` too."""
    found = Painting()
    ctm = IDENTITY
    saved: list[tuple[Matrix, float]] = []
    line_width = 1.0
    path: list[tuple[float, float]] = []
    operands: list[float] = []
    name = b""

    def point(x: float, y: float) -> None:
        path.append((ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]))

    def paint(area: float) -> None:
        found.area += min(max(area, 1.0), limit)

    at = 0
    while True:
        match = _TOKEN.search(data, at)
        if match is None:
            break
        token, at = match[0], match.end()
        if _NUMBER.match(token):
            operands.append(float(token))
            if len(operands) > 6:
                del operands[0]
            continue
        if token[:1] in b"/(<%":
            if token[:1] == b"/":
                name = token
            continue
        args = operands
        operands = []
        if token == b"cm" and len(args) == 6:
            ctm = multiply((args[0], args[1], args[2], args[3], args[4], args[5]), ctm)
        elif token == b"q":
            if len(saved) < MAX_SAVED:
                saved.append((ctm, line_width))
        elif token == b"Q":
            if saved:
                ctm, line_width = saved.pop()
        elif token == b"w" and args:
            line_width = abs(args[-1])
        elif token in (b"m", b"l") and len(args) >= 2:
            point(args[-2], args[-1])
        elif token == b"c" and len(args) >= 6:
            for n in range(0, 6, 2):
                point(args[n], args[n + 1])
        elif token in (b"v", b"y") and len(args) >= 4:
            point(args[-4], args[-3])
            point(args[-2], args[-1])
        elif token == b"re" and len(args) >= 4:
            x, y, w, h = args[-4:]
            for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
                point(px, py)
        elif token in _FILLS or token in _STROKES or token in _BOTH:
            widen = 0.0 if token in _FILLS else line_width * scale(ctm) ** 0.5 / 2
            paint(box_area(path, widen))
            path = []
        elif token == b"n":
            path = []
        elif token == b"sh":
            paint(limit)
        elif token in _TEXT:
            paint(TEXT_AREA * scale(ctm))
        elif token == b"Do":
            found.draws.setdefault(name, []).append(scale(ctm))
        elif token == b"BI":
            paint(scale(ctm))
            end = _END_OF_IMAGE.search(data, at)
            at = end.end() if end else len(data)
    return found
