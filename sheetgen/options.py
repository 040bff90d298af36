"""Paper sizes and the options that travel together through the sheets and renderers."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.errors import UsageError

POINTS_PER_INCH = 72.0


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


@dataclass(frozen=True)
class RenderOptions:
    """What every sheet needs to know besides its content."""

    paper: Paper = LETTER
    seed: int | None = None
    fillable: bool = False
