"""The one text measurer and line breaker of every ReportLab page: styled text, a width and a style in, lines of
placed runs (and tick-box places) out.

Cards, trackers, the timetable, the calibration sheet and the packet's cover and page numbers all measure and
break text here, with the shipped fonts' metrics: **bold** and _italic_ come from sheetgen.markup's one
parser (:func:`spans`), a character a face lacks is set in the shipped family that has it
(sheetgen.fonts.drawing_family), and a no-break space keeps two words on one line. Lines are filled greedily,
word by word, as ReportLab's Paragraph fills them. A word is hyphenated, by the language of its text (a
span's ``language``: the site's or the pack's for their text, else the language sheetgen's words are written
in) at the places sheetgen.layout.hyphens finds, only where it would run over the line or leave the line
loose (:data:`LOOSE`), with the hyphen's width counted; a word that cannot be hyphenated there and is wider
than the line is cut where it runs over. A card does not end in a hyphenated word: the next card begins with
all of it. Word widths are cached for the process, so setting a text again, or at another width, costs little, and set
paragraphs are kept up to a number of characters (PARAGRAPHS_KEPT), not of paragraphs, so that a deck of long
rooms, whose every split sets the rest of a paragraph anew, keeps no more of them than a deck of short ones.
sheetgen.layout.marks turns the lines into marks.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from sheetgen.fonts import FONTS, FontFamily, drawing_family, family_coverage, register_reportlab_fonts
from sheetgen.layout.hyphens import points as hyphen_points
from sheetgen.markup import TICK_BOX, runs
from sheetgen.words.language import active

FontRole = Literal["body", "body-bold", "body-italic", "body-bold-italic", "label", "label-bold", "symbols"]

NBSP = "\u00a0"
"""A no-break space: measured and drawn as a space, never broken at."""


# -- measuring -----------------------------------------------------------------------------------------


def family_of(role: FontRole) -> FontFamily:
    if role == "symbols":
        return FONTS.symbols
    return FONTS.label if role.startswith("label") else FONTS.body


@functools.cache
def font_name(role: FontRole) -> str:
    """The ReportLab font name a role is drawn in."""
    return family_of(role).reportlab_font(bold="bold" in role, italic="italic" in role)


@functools.cache
def _coverage(role: FontRole) -> frozenset[int]:
    return family_coverage(family_of(role)) | {ord(" "), ord(NBSP)}


def _role_in(family: FontFamily, role: FontRole) -> FontRole:
    if family is family_of(role):
        return role
    return "symbols" if family is FONTS.symbols else "body" if family is FONTS.body else "label"


@functools.lru_cache(maxsize=16384)
def segments(text: str, role: FontRole) -> tuple[tuple[str, FontRole], ...]:
    """*text* cut where the face of *role* lacks a character, each piece with the role that draws it."""
    if _coverage(role).issuperset(map(ord, text)):
        return ((text, role),) if text else ()
    out: list[tuple[str, FontRole]] = []
    family = family_of(role)
    for char in text:
        char_role = _role_in(drawing_family(char, family), role)
        if out and out[-1][1] == char_role:
            out[-1] = (out[-1][0] + char, char_role)
        else:
            out.append((char, char_role))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _face_width(text: str, role: FontRole, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_reportlab_fonts()
    return float(stringWidth(text, font_name(role), size))


@functools.lru_cache(maxsize=65536)
def text_width(text: str, role: FontRole, size: float) -> float:
    """Width of *text* in points, with characters the face lacks measured in the face that draws them."""
    return sum(_face_width(t, r, size) for t, r in segments(text, role))


def line_height(size: float) -> float:
    """The line height of the trackers' and timetable's text (cards set theirs in :class:`TextStyle`)."""
    return round(size * 1.24, 2)


# -- styled text ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Span:
    """A stretch of text in one style; *size* None is the paragraph's size."""

    text: str
    bold: bool = False
    italic: bool = False
    size: float | None = None
    language: str | None = None
    """The language of the text (a BCP 47 tag), which its words are hyphenated by; None is the language
    sheetgen's own words are being written in (sheetgen.words.language.active)."""


Spans = tuple[Span, ...]


@functools.lru_cache(maxsize=16384)
def spans(
    text: str, *, bold: bool = False, italic: bool = False, size: float | None = None, language: str | None = None
) -> Spans:
    """Pack or site text with its **bold** and _italic_ marks (sheetgen.markup's one parser) as spans, on
    top of *bold* and *italic*; *language* is the text's (a site's or a pack's), None for sheetgen's own
    words."""
    return tuple(
        Span(run.text, bold or run.bold, italic or run.italic, size, language) for run in runs(text) if run.text
    )


def plain_text(text: Spans) -> str:
    return "".join(span.text for span in text)


def cut(text: Spans, start: int, end: int) -> Spans:
    """The spans between character offsets *start* and *end* of their joined text."""
    out: list[Span] = []
    at = 0
    for span in text:
        lo, hi = max(start - at, 0), min(end - at, len(span.text))
        if lo < hi:
            out.append(Span(span.text[lo:hi], span.bold, span.italic, span.size, span.language))
        at += len(span.text)
    return tuple(out)


@dataclass(frozen=True)
class TextStyle:
    """How a paragraph is set: face (body or label, bold or not), size and leading, alignment, indents, grey.

    *left_indent* moves every line right; *first_indent* moves the first line further (negative: it hangs).
    """

    base: Literal["body", "label"]
    size: float
    leading: float
    bold: bool = False
    align: Literal["left", "center"] = "left"
    left_indent: float = 0.0
    first_indent: float = 0.0
    grey: float = 0.0
    """0 is black, 1 is white."""


def _role(base: Literal["body", "label"], bold: bool, italic: bool) -> FontRole:
    if base == "label":
        return "label-bold" if bold else "label"
    style = ("-bold" if bold else "") + ("-italic" if italic else "")
    return f"body{style}"  # type: ignore[return-value]


# -- words ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Piece:
    text: str
    role: FontRole
    size: float
    width: float
    start: int
    """Where the piece starts in the joined text of the spans it was set from."""


@dataclass(slots=True)
class Word:
    """What a line is broken inside only where it is hyphenated or cut to fit: pieces in one face each, and the
    space that follows it."""

    pieces: list[_Piece]
    space: float = 0.0
    box: str | None = None
    """For a tick box: the word after it, which names the box."""
    language: str | None = None
    """The language its letters are hyphenated by (None: never hyphenated)."""
    breaks: tuple[int, ...] | None = None
    """Where it may be hyphenated, for the rest of a word broken before: offsets in its text (None: as
    sheetgen.layout.hyphens finds them in its text)."""
    hyphen: bool = False
    """Its last piece ends in a hyphen drawn where the word is broken (not one of the word's own)."""
    width: float = field(init=False)
    """Its pieces' widths together (they are not changed once the word is made)."""

    def __post_init__(self) -> None:
        self.width = sum(p.width for p in self.pieces)

    @property
    def start(self) -> int:
        return self.pieces[0].start

    @property
    def end(self) -> int:
        last = self.pieces[-1]
        return last.start + len(last.text) - self.hyphen

    @property
    def text(self) -> str:
        return "".join(p.text for p in self.pieces)

    def hyphen_points(self) -> tuple[int, ...]:
        """The offsets in its text where it may be hyphenated."""
        if self.breaks is not None:
            return self.breaks
        if self.language is None or self.box is not None:
            return ()
        return hyphen_points(self.text, self.language)


HYPHEN = "-"
"""What is drawn where a word is hyphenated."""


def _part(word: Word, lo: int, hi: int, *, hyphen: bool = False) -> Word:
    """The characters *lo* to *hi* of *word*'s text as a word of their own (with *hyphen*, a hyphen drawn
    after them): the rest of it takes the word's space and the places it may still be hyphenated at."""
    pieces: list[_Piece] = []
    at = 0
    for piece in word.pieces:
        a, b = max(lo - at, 0), min(hi - at, len(piece.text))
        if a < b:
            text = piece.text[a:b]
            pieces.append(
                _Piece(text, piece.role, piece.size, text_width(text, piece.role, piece.size), piece.start + a)
            )
        at += len(piece.text)
    if hyphen:
        last = pieces[-1]
        last.text += HYPHEN
        last.width += text_width(HYPHEN, last.role, last.size)
    rest = hi >= len(word.text)
    breaks = tuple(p - lo for p in word.hyphen_points() if lo < p < hi)
    return Word(pieces, word.space if rest else 0.0, None, word.language, breaks, hyphen and not rest)


def _hyphenated(word: Word, room: float) -> int | None:
    """The last place *word* may be hyphenated at whose first part, with its hyphen, is no wider than *room*."""
    text = word.text
    for at in reversed(word.hyphen_points()):
        drawn = text[at - 1] != "-"
        head = _part(word, 0, at, hyphen=drawn)
        if head.width <= room:
            return at
    return None


_TOKEN = re.compile(r"[^\S\u00a0]+|[^\s" + TICK_BOX + r"]+(?:\u00a0+[^\s" + TICK_BOX + r"]*)*|\u00a0+|" + TICK_BOX)
"""A space (never a no-break space), a word (no-break spaces inside it), or a ballot box."""


def words_of(text: Spans, style: TextStyle, *, boxes: bool = False, box_side: float = 0.0) -> list[Word]:
    """The words of *text* with their widths; with *boxes*, each ballot box is a tick-box word *box_side*
    wide, named by the word after it and set apart from the word before."""
    words: list[Word] = []
    pending: list[_Piece] = []
    languages: list[str] = []  # each pending piece's: a word is hyphenated by its first piece's

    def flush() -> None:
        if pending:
            words.append(Word(list(pending), language=languages[0]))
            pending.clear()
            languages.clear()

    words_language = active()
    at = 0
    for span in text:
        language = span.language or words_language
        role = _role(style.base, style.bold or span.bold, span.italic)
        size = span.size or style.size
        for match in _TOKEN.finditer(span.text):
            token, start = match[0], at + match.start()
            if token.isspace() and NBSP not in token:
                flush()
                if words:
                    words[-1].space = size * 0.45 if words[-1].box is not None else text_width(" ", role, size)
            elif token == TICK_BOX and boxes:
                flush()
                words.append(Word([_Piece("", role, size, box_side, start)], box=""))
            else:
                token = token.replace(NBSP, " ")
                pending.append(_Piece(token, role, size, text_width(token, role, size), start))
                languages.append(language)
        at += len(span.text)
    flush()
    if boxes:
        for before, after in itertools.pairwise(words):
            if before.box is not None:
                before.box = after.text
            if after.box is not None:  # set each box and its word apart from the one before
                before.space = max(before.space, style.size * 1.8)
    return words


def _split_long(word: Word, width: float) -> list[Word]:
    """A word wider than the line, cut into pieces that fit (long names, URLs)."""
    base = word.pieces[0].start
    cuts = _cuts(tuple((piece.text, piece.role, piece.size, piece.start - base) for piece in word.pieces), width)
    out = [Word([_Piece(text, role, size, w, base + at) for text, role, size, w, at in pieces]) for pieces in cuts]
    out[-1].space = word.space
    return out


_Cut = tuple[tuple[tuple[str, FontRole, float, float, int], ...], ...]


@functools.lru_cache(maxsize=4096)
def _cuts(pieces: tuple[tuple[str, FontRole, float, int], ...], width: float) -> _Cut:
    """A word's pieces (text, role, size, offset in the word) cut to fit *width*: each cut's pieces with their
    widths (kept for the process: a long name is cut again each time a paragraph holding it is set)."""
    out: list[tuple[tuple[str, FontRole, float, float, int], ...]] = []
    current: list[tuple[str, FontRole, float, float, int]] = []
    used = 0.0
    for text, role, size, start in pieces:
        for i, char in enumerate(text):
            w = text_width(char, role, size)
            if used + w > width and current:
                out.append(tuple(current))
                current, used = [], 0.0
            if current and current[-1][1] == role and current[-1][2] == size:
                last = current[-1]
                current[-1] = (last[0] + char, role, size, last[3] + w, last[4])
            else:
                current.append((char, role, size, w, start + i))
            used += w
    out.append(tuple(current))
    return tuple(out)


# -- lines ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """Text in one face and size at *x* from the paragraph's left edge, on its line's baseline."""

    x: float
    text: str
    role: FontRole
    size: float


@dataclass(frozen=True)
class BoxPlace:
    """Where a tick box goes on its line, and the word that names it."""

    x: float
    word: str


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    boxes: tuple[BoxPlace, ...]
    width: float
    """From the paragraph's left edge to the end of the last word."""
    end: int
    """The offset just past the line's last word, in its paragraph's words (``Paragraph.offset`` less in its
    text)."""


def break_lines(words: Sequence[Word], first: float, rest: float, shrink: float = 0.0) -> list[list[Word]]:
    """*words* into lines greedily: *first* wide for the first line, *rest* for the others. With *shrink*, a
    line may run over by that share of its spaces (which are then set that much narrower), as ReportLab's
    Paragraph allows (its spaceShrinkage). A word is hyphenated (:data:`LOOSE`) only where it would run over
    the line or leave it loose."""
    return _break_lines(words, first, rest, shrink)[0]


LOOSE = 0.2
"""How much of a line may be left empty at its end before the word that does not fit is hyphenated to fill
it. Lines are set flush left, so a line ends short of its width wherever a word does not fit, and only a long
word moved down whole leaves a line this loose: English text, whose words are short, is hyphenated seldom
(none of the bundled sites' sheets is), German compounds often. A paragraph's last word is not hyphenated to
fill a line (its second part would stand alone on the last line, which it shortens by nothing). A word wider
than a whole line is hyphenated wherever it falls, and cut where it runs over only where it cannot be
hyphenated (a URL, a long number)."""

LineStart = int
"""Where a line after the first begins: the offset of its first character in its paragraph's words (in a word
hyphenated or cut to fit, where the line takes it up): a line filled greedily depends only on that and its
width."""


def _break_lines(
    words: Sequence[Word], first: float, rest: float, shrink: float = 0.0, joins: Mapping[LineStart, int] | None = None
) -> tuple[list[list[Word]], list[LineStart], int | None]:
    """:func:`break_lines`, with where each line after the first begins. With *joins* (such places of another
    paragraph set from the same words at the same widths, each with its line), the lines stop where one would
    begin at such a place, and the line of *joins* it begins is given too: from there on, the lines are that
    paragraph's."""
    lines: list[list[Word]] = [[]]
    starts: list[LineStart] = []
    used = spaces = 0.0
    avail = first

    def new_line(start: int) -> bool:
        """Begin a line at *start*; False where it is a line of *joins*."""
        nonlocal used, spaces, avail
        if joins and start in joins:
            return False
        starts.append(start)
        lines.append([])
        used, spaces, avail = 0.0, 0.0, rest
        return True

    def add(piece: Word, gap: float) -> None:
        nonlocal used, spaces
        lines[-1].append(piece)
        used += gap + piece.width
        spaces += gap

    last = words[-1] if words else None
    for word in words:
        piece = word
        while True:
            line = lines[-1]
            gap = line[-1].space if line else 0.0
            allowed = avail + shrink * (spaces + gap)
            # (summed in this order: a column as wide as its widest text's natural width holds it)
            if used + gap + piece.width <= allowed or (not line and piece.width <= avail):
                add(piece, gap)
                break
            long_word = piece.width > avail
            if long_word or (word is not last and avail - used > LOOSE * avail):
                at = _hyphenated(piece, allowed - used - gap)
                if at is not None:
                    add(_part(piece, 0, at, hyphen=piece.text[at - 1] != "-"), gap)
                    piece = _part(piece, at, len(piece.text))
                    if not new_line(piece.start):
                        return lines, starts, joins[piece.start] if joins else None
                    continue
            if line and (not long_word or piece.hyphen_points()):
                # to the next line, where a long word is hyphenated to fill the line
                if not new_line(piece.start):
                    return lines, starts, joins[piece.start] if joins else None
                continue
            # wider than a line and not to be hyphenated there: cut where it runs over
            for cut_piece in _split_long(piece, min(first, rest)):
                gap = lines[-1][-1].space if lines[-1] else 0.0
                if lines[-1] and used + gap + cut_piece.width > avail + shrink * (spaces + gap):
                    if not new_line(cut_piece.start):
                        return lines, starts, joins[cut_piece.start] if joins else None
                    gap = 0.0
                add(cut_piece, gap)
            break
    return lines, starts, None


@dataclass
class _Open:
    """A run still growing."""

    x: float
    text: str
    role: FontRole
    size: float
    end: float


def place_line(line: Sequence[Word], x: float, squeeze: float = 0.0) -> Line:
    """One line's words from *x* as runs, each space *squeeze* narrower than the word's: words of one face and
    size that follow each other at a plain space are one run, so that the PDF's text reads (and searches) as
    words and lines."""
    opened: list[_Open] = []
    boxes: list[BoxPlace] = []
    for i, word in enumerate(line):
        if word.box is not None:
            boxes.append(BoxPlace(x, word.box))
        for bit in word.pieces:
            if bit.text:
                last = opened[-1] if opened else None
                if last and last.role == bit.role and last.size == bit.size and abs(last.end - x) < 0.01:
                    last.text += bit.text
                    last.end = x + bit.width
                else:
                    opened.append(_Open(x, bit.text, bit.role, bit.size, x + bit.width))
            x += bit.width
        if i < len(line) - 1:
            last = opened[-1] if opened else None
            space = word.space - squeeze
            if last and word.box is None and abs(last.end - x) < 0.01:
                if abs(space - text_width(" ", last.role, last.size)) < 0.01:
                    last.text += " "
                    last.end += space
                elif line[i + 1].pieces[0].role != last.role or line[i + 1].pieces[0].size != last.size:
                    # the next word begins a run in another face: this one keeps its space, so that the
                    # PDF's text has it
                    last.text += " "
                    last.end = -1.0
            x += space
    out: list[Run] = []
    for n, run in enumerate(opened):
        rx = run.x
        for text, role in segments(run.text if n < len(opened) - 1 and run.end < 0 else run.text.rstrip(" "), run.role):
            out.append(Run(rx, text, role, run.size))
            rx += text_width(text, role, run.size)
    ending = next((w for w in reversed(line) if w.pieces), None)
    return Line(tuple(out), tuple(boxes), x, ending.end if ending else 0)


# -- paragraphs ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paragraph:
    """A paragraph set at a width: its lines (each its first baseline *leading* under the one before), and
    the words it was set from, for splitting it between cards."""

    lines: tuple[Line, ...]
    style: TextStyle
    width: float
    words: tuple[Word, ...] = field(repr=False, compare=False)
    offset: int = field(default=0, repr=False, compare=False)
    """Where the text begins in the words' offsets: the rest of a split paragraph keeps the words it was set
    from, offsets and all (a word's ``start`` less *offset* is its place in this text)."""
    own_lines: int = field(default=0, repr=False, compare=False)
    """The lines it set itself; the others it shares with the paragraph it was split from."""
    joins: Mapping[LineStart, int] = field(default_factory=dict, repr=False, compare=False)
    """Each line after the first by where it begins: where the rest of a split paragraph, set at the same
    width, takes these lines."""

    @property
    def height(self) -> float:
        return len(self.lines) * self.style.leading

    def baseline(self, index: int) -> float:
        """The baseline of line *index* below the paragraph's top (as ReportLab's Paragraph sets it)."""
        return self.style.size + index * self.style.leading

    @property
    def natural_width(self) -> float:
        """The widest line."""
        return max((line.width for line in self.lines), default=0.0)


SPACE_SHRINK = 0.05
"""How much narrower a paragraph's spaces may be set to keep a word on its line (ReportLab's default)."""


PARAGRAPHS_KEPT = 800_000
"""Characters of set paragraphs kept for the process (some 40 MB at most), the least recently used dropped first:
a deck sets each text at a few widths and sizes, and sets it again at once to place what it measured; a deck at
every limit on what cards print (300,000 characters, each room's set at two widths) takes twice as long with
half of this, and three times with a quarter."""

_Setting = tuple[Spans, TextStyle, float, str]
"""A text, its style and width, and the language sheetgen's words are written in (its spans' without one)."""


class _KeptParagraphs:
    """Set paragraphs by their text, style and width, holding at most *limit* characters of text."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._held = 0
        self._kept: OrderedDict[_Setting, tuple[Paragraph, int]] = OrderedDict()

    def get(self, key: _Setting) -> Paragraph | None:
        found = self._kept.get(key)
        if found is None:
            return None
        self._kept.move_to_end(key)
        return found[0]

    def keep(self, key: _Setting, paragraph: Paragraph) -> None:
        # an empty text still costs an entry: count each paragraph as one character more than it holds; the
        # rest of a split paragraph shares the words, and most lines, of the paragraph it was split from,
        # and holds as much as the lines it set itself, and an eighth for the words and lines it shares
        characters = sum(len(span.text) for span in key[0])
        own = paragraph.own_lines / len(paragraph.lines) if paragraph.lines else 1.0
        cost = round(characters * (own + (1 - own) / 8)) + 1
        if cost > self._limit:
            return
        self._kept[key] = (paragraph, cost)
        self._held += cost
        while self._held > self._limit:
            _, (_, dropped) = self._kept.popitem(last=False)
            self._held -= dropped

    def clear(self) -> None:
        self._kept.clear()
        self._held = 0

    @property
    def held(self) -> int:
        """The characters of the paragraphs kept."""
        return self._held


_PARAGRAPHS = _KeptParagraphs(PARAGRAPHS_KEPT)


def forget_set_paragraphs() -> None:
    """Drop every paragraph :func:`set_paragraph` keeps, and the words of split paragraphs' rests, as a new
    process starts without them."""
    _PARAGRAPHS.clear()
    _TAILS.clear()


def set_paragraph(text: Spans, style: TextStyle, width: float) -> Paragraph:
    """*text* set in lines no wider than *width*, in *style* (kept, up to PARAGRAPHS_KEPT characters: a card deck
    sets each text at a few widths and sizes, and a rebuilt deck sets the same ones again)."""
    words_language = active()
    key = (text, style, width, words_language)
    kept = _PARAGRAPHS.get(key)
    if kept is None:
        tail = _TAILS.get((text, style, words_language))
        if tail is None:
            kept = _set_paragraph(tuple(words_of(text, style)), 0, style, width)
        else:
            words, offset, whole = tail
            kept = _set_paragraph(words, offset, style, width, whole if whole.width == width else None)
        _PARAGRAPHS.keep(key, kept)
    return kept


TAILS_KEPT = 64
"""The rests of split paragraphs whose words are kept for when they are set."""

_TAILS: dict[tuple[Spans, TextStyle, str], tuple[tuple[Word, ...], int, Paragraph]] = {}
"""The rest of a paragraph :func:`split_to_fit` split, with the words it was set from (those of the rest),
where the rest begins in their offsets, and the paragraph: the rest is set next, on the next card, and takes
its words from here instead of reading them again, and the paragraph's lines from the first that a line of
its own begins as one does, so that a paragraph split over many cards is read once and set about once."""


def _keep_tail(text: Spans, style: TextStyle, words: tuple[Word, ...], offset: int, whole: Paragraph) -> None:
    if len(_TAILS) >= TAILS_KEPT:
        del _TAILS[next(iter(_TAILS))]
    _TAILS[(text, style, active())] = (words, offset, whole)


def _set_paragraph(
    words: tuple[Word, ...], offset: int, style: TextStyle, width: float, whole: Paragraph | None = None
) -> Paragraph:
    """*words* set; *whole*, a paragraph set from words these are the last of, in the same style and width,
    gives its lines from the first one these begin as it does."""
    first = width - style.left_indent - style.first_indent
    rest = width - style.left_indent
    lines: list[Line] = []
    broken, starts, joined = _break_lines(words, first, rest, SPACE_SHRINK, whole.joins if whole else None)
    for i, line in enumerate(broken):
        if not line:
            continue
        left = style.left_indent + (style.first_indent if i == 0 else 0.0)
        over = sum(w.width for w in line) + sum(w.space for w in line[:-1]) - (first if i == 0 else rest)
        placed = place_line(line, left, over / (len(line) - 1) if over > 1e-8 and len(line) > 1 else 0.0)
        if style.align == "center":
            shift = ((first if i == 0 else rest) - (placed.width - left)) / 2
            placed = Line(
                tuple(Run(r.x + shift, r.text, r.role, r.size) for r in placed.runs),
                placed.boxes,
                placed.width + shift,
                placed.end,
            )
        lines.append(placed)
    joins = {start: line for line, start in enumerate(starts, start=1)}
    own = len(lines)
    if whole is not None and joined is not None:
        joins.update((start, line - joined + len(lines)) for start, line in whole.joins.items() if line >= joined)
        lines += whole.lines[joined:]
    return Paragraph(tuple(lines), style, width, words, offset, own, joins)


def text_height(text: Spans, style: TextStyle, width: float) -> float:
    return set_paragraph(text, style, width).height


def natural_width(text: Spans, style: TextStyle) -> float:
    """The width of *text* set on one line."""
    return set_paragraph(text, replace(style, align="left", left_indent=0.0, first_indent=0.0), 1e6).natural_width


def min_width(text: Spans, style: TextStyle) -> float:
    """The width of the widest word of *text*: less room than this breaks a word."""
    return max((word.width for word in words_of(text, style)), default=0.0)


_SENTENCE_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*\Z")


def split_to_fit(text: Spans, style: TextStyle, width: float, height: float) -> tuple[Spans, Spans] | None:
    """The lines of *text* that fit *height*, ended at the end of a sentence where they hold one, and the
    rest (empty when all of it fits); None if not even one line fits."""
    para = set_paragraph(text, style, width)
    count = int(height / style.leading + 1e-9)
    if count >= len(para.lines):
        return text, ()
    if count == 0:
        return None
    offset = para.offset
    end = para.lines[count - 1].end - offset
    starts = [word.pieces[0].start - offset for word in para.words]
    within = bisect.bisect_right(starts, end) - 1
    if within > 0 and starts[within] < end < para.words[within].end - offset and para.words[within].hyphen_points():
        # a card does not end in a hyphenated word: the next card begins with all of it
        end = para.words[within - 1].end - offset
    for index in range(bisect.bisect_left(starts, end) - 1, -1, -1):
        word = para.words[index]
        if word.end - offset <= end and _SENTENCE_END.search(word.text):
            end = word.end - offset
            break
    joined = plain_text(text)
    rest = len(joined) - len(joined[end:].lstrip())
    tail = cut(text, rest, len(joined))
    # the rest's words are this paragraph's from the one that begins where the rest does (from a token's start
    # the text reads into the same tokens); where none begins there, the rest reads its own
    first_of_rest = bisect.bisect_left(starts, rest)
    if first_of_rest < len(starts) and starts[first_of_rest] == rest:
        _keep_tail(tail, style, para.words[first_of_rest:], offset + rest, para)
    return cut(text, 0, end), tail
