"""Paper sizes and the options that travel together through the sheets and renderers."""

from __future__ import annotations

import math
from dataclasses import MISSING, Field, asdict, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, Literal

from sheetgen.errors import UsageError


class Audience(StrEnum):
    """Who a sheet is for: the game master (the whole of it) or the players (nothing secret)."""

    GM = "gm"
    PLAYERS = "players"


POINTS_PER_INCH = 72.0
POINTS_PER_MM = POINTS_PER_INCH / 25.4

MAX_BACK_OFFSET_MM = 10.0
"""The largest shift of the back pages: more than this is a printer fault, not a registration error."""

BLEED = 0.125 * POINTS_PER_INCH
"""The bleed print shops ask for around a card (1/8 in), and its safe zone inside the trim."""

InkName = Literal["normal", "saver"]
CardLayoutName = Literal["home", "shop"]


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, in PostScript points (1/72 in), portrait."""

    name: str
    width: float
    height: float
    css_size: str

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)


LETTER = Paper("letter", 612.0, 792.0, "letter")
A4 = Paper("a4", 595.2756, 841.8898, "A4")
PAPERS: dict[str, Paper] = {p.name: p for p in (LETTER, A4)}


def paper_named(name: str) -> Paper:
    """The paper called *name* (letter or a4), or a UsageError that lists the choices."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise UsageError(f"--paper: unknown paper {name!r} (choose one of: {', '.join(PAPERS)})") from None


def parse_back_offset(text: str | tuple[float, float] | list[float]) -> tuple[float, float]:
    """``"X,Y"`` in millimetres (or a pair of numbers) as a pair of floats; ValueError says what is wrong."""
    if isinstance(text, str):
        parts: list[object] = [part.strip() for part in text.split(",")]
    else:
        parts = list(text)
    if len(parts) != 2:
        raise ValueError(f"expected X,Y in millimetres, such as 0.5,-1 (got {text!r})")
    values: list[float] = []
    for part in parts:
        if isinstance(part, bool):
            raise ValueError(f"expected a number of millimetres, not {part!r}")
        try:
            value = float(part)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise ValueError(f"expected a number of millimetres, not {part!r}") from None
        if not math.isfinite(value):
            raise ValueError(f"expected a number of millimetres, not {part!r}")
        if abs(value) > MAX_BACK_OFFSET_MM:
            raise ValueError(
                f"{value:g} mm is more than a printer shifts a page (at most {MAX_BACK_OFFSET_MM:g} mm either way); "
                "print `sheetgen calibrate` and read the offset off its scale"
            )
        values.append(value)
    return values[0], values[1]


@dataclass(frozen=True)
class CardPrint:
    """How card pages meet the printer: where the backs go and what a print shop gets."""

    back_offset: tuple[float, float] = (0.0, 0.0)
    """Millimetres to move the home layout's back pages by, x to the right and y up as seen on the back."""
    bleed: bool = False
    """A 1/8 in bleed around every card: the cards of the home layout then stand 1/4 in apart."""
    layout: CardLayoutName = "home"
    """home: several cards a page with crop marks; shop: one card a page, back then front."""

    @property
    def back_shift(self) -> tuple[float, float]:
        """The back offset in points."""
        return self.back_offset[0] * POINTS_PER_MM, self.back_offset[1] * POINTS_PER_MM


class Drawn(StrEnum):
    """The drawn parts a packet keeps in its cache, each keyed by the render options its drawing reads."""

    REFERENCE = "reference"
    TRACKERS = "trackers"
    CARDS = "cards"


_READ_BY = "read_by"


def _read_by(*parts: Drawn) -> dict[str, frozenset[Drawn]]:
    """The metadata of a RenderOptions field that only *parts* read; a field without it is read by every
    drawn part, so that a new option changes every cached part's key until it says otherwise."""
    return {_READ_BY: frozenset(parts)}


def _default(option: Field[Any]) -> Any:
    if option.default_factory is not MISSING:
        return option.default_factory()
    return option.default


@dataclass(frozen=True)
class RenderOptions:
    """What every sheet needs to know besides its content.

    Each field says which of the drawn parts a packet caches read it (``metadata``, through ``_read_by``;
    every part when it does not say): :meth:`drawing` and :meth:`drawing_key` are derived from that.
    """

    paper: Paper = LETTER
    seed: int | None = field(default=None, metadata=_read_by())
    """Only the timetable prints it, and a timetable is drawn again for every packet."""
    fillable: bool = field(default=False, metadata=_read_by(Drawn.TRACKERS))
    ink: InkName = "normal"
    """saver: no grey or black fills; boxes, bands and headers are drawn in outline."""
    large: bool = field(default=False, metadata=_read_by(Drawn.REFERENCE, Drawn.TRACKERS))
    """The players' pages in large type (12 pt body or more)."""
    language: str = field(default="en", metadata=_read_by(Drawn.REFERENCE, Drawn.CARDS))
    """The document's language (BCP 47), for hyphenation, screen readers and text-to-speech (tracker
    pages take theirs from the pack and ``words``)."""
    words: str = "en"
    """The language sheetgen's own words are written in (a shipped one: ``sheetgen.words.language``);
    the pack's and the site's text stays as written."""
    cards: CardPrint = field(default_factory=CardPrint, metadata=_read_by(Drawn.CARDS))
    page_numbers: bool = field(default=True, metadata=_read_by(Drawn.REFERENCE, Drawn.TRACKERS))
    """False: every header leaves its page number's slot empty, for a packet to stamp its own numbers in."""

    @property
    def ink_saver(self) -> bool:
        return self.ink == "saver"

    def drawing(self, part: Drawn) -> RenderOptions:
        """These options as *part*'s drawing reads them: every field it does not read at its default, so
        that two options that differ only where *part* does not look give one drawing."""
        unread = {
            option.name: _default(option)
            for option in fields(self)
            if part not in option.metadata.get(_READ_BY, frozenset(Drawn))
        }
        return replace(self, **unread)

    def drawing_key(self, part: Drawn) -> str:
        """A digest of :meth:`drawing`, the same in every process and on every run: what a cached *part*
        is keyed by besides its content."""
        import hashlib
        import json

        text = json.dumps(asdict(self.drawing(part)), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(f"{part}\0{text}".encode()).hexdigest()
