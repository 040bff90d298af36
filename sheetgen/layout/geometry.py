"""Rectangles on a page: a lower-left corner and a size in PDF points in, edges, tests and moves out.

The one rectangle every layout uses for places (card slots, grids, timetable rows, a mark's extent).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """A rectangle in points; (x, y) is its bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def contains(self, other: Rect, tolerance: float = 0.01) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def overlaps(self, other: Rect, tolerance: float = 0.01) -> bool:
        """Whether the two share more than an edge."""
        return (
            self.x < other.right - tolerance
            and other.x < self.right - tolerance
            and self.y < other.top - tolerance
            and other.y < self.top - tolerance
        )

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)
