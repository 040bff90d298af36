"""Paper sizes and the options that travel together through the sheets and renderers."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

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


@dataclass(frozen=True)
class RenderOptions:
    """What every sheet needs to know besides its content."""

    paper: Paper = LETTER
    seed: int | None = None
    fillable: bool = False
    ink: InkName = "normal"
    """saver: no grey or black fills; boxes, bands and headers are drawn in outline."""
    large: bool = False
    """The players' pages in large type (12 pt body or more)."""
    language: str = "en"
    """The document's language (BCP 47), for hyphenation, screen readers and text-to-speech."""
    words: str = "en"
    """The language sheetgen's own words are written in (a shipped one: ``sheetgen.words.language``);
    the pack's and the site's text stays as written."""
    cards: CardPrint = field(default_factory=CardPrint)
    page_numbers: bool = True
    """False: every header leaves its page number's slot empty, for a packet to stamp its own numbers in."""

    @property
    def ink_saver(self) -> bool:
        return self.ink == "saver"
