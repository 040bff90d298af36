"""A deck's pagination: the ways each room or statblock can be set (its shapes) and the grid in, the shape
each one takes and every card's page and place out.

A deck is paginated as a printed one is:

- Cards follow the key's order, left to right and top to bottom, and a body's cards stand side by side
  (or run on to the next row) on one sheet; only a body with more cards than a sheet holds goes on to
  the next sheet, from the top of a sheet of its own.
- Each body offers one or more shapes: one card; several cards, the first and its continuations; or one
  double-width card (two places of a row, never cut between them). Of every choice that keeps the order,
  the one with the fewest sheets wins, then the one with the fewest continuation cards, then the one
  that leaves its gaps latest.
- With one or two rows a sheet, every row is cut on its own (see sheetgen.layout.card_grid), so a
  double-width card may stand anywhere in a row. With three rows or more, the cuts run across the whole
  sheet: a sheet with double-width cards keeps its last two columns for them, in every row, and single
  cards go in the columns before them.

The choice is exact: the best pagination of the bodies from any one of them on depends only on where
the sheet being filled stands, so it is worked out once per body and place (dynamic programming), from
the last body back to the first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

Shape = tuple[int, ...]
"""How a body is set: the number of places each of its cards takes (1, or 2 for a double-width card)."""


@dataclass(frozen=True)
class Pagination:
    """The shape each body takes (an index into its shapes) and, for each of its cards, (page, place)."""

    shapes: tuple[int, ...]
    spots: tuple[tuple[tuple[int, int], ...], ...]
    pages: int


@dataclass(frozen=True)
class _At:
    """Where the sheet being filled stands: the next free place (``per_page`` when no sheet is open) and
    whether it keeps its last two columns for double-width cards."""

    place: int
    wide_page: bool


_Cost = tuple[int, int, int]
"""Sheets opened, continuation cards, and the gaps left before a card (each counted by how early it is)."""


class _Grid:
    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.per_page = columns * rows
        self.across = rows > 2

    def _fit(self, place: int, span: int, wide_page: bool) -> int | None:
        """The first place at or after *place* that takes a card *span* places wide on this sheet."""
        columns = self.columns
        while place < self.per_page:
            column = place % columns
            if span == 2 and columns < 2:
                return None
            if self.across:
                # on a sheet cut across, a wide card takes a row's last two columns, a single the others
                fits = column < columns - 2 or not wide_page if span == 1 else wide_page and column == columns - 2
            else:
                fits = span == 1 or column + 2 <= columns
            if fits:
                return place
            place += 1
        return None

    def lay(self, shape: Shape, at: _At) -> Iterator[tuple[_Cost, list[tuple[int, int]], _At]]:
        """Every way to set *shape* from *at*: its cost, (sheets opened before it, place) of each card, and
        where the sheet stands after it."""
        if at.place < self.per_page:
            spots: list[tuple[int, int]] = []
            place, gaps = at.place, 0
            for span in shape:
                found = self._fit(place, span, at.wide_page)
                if found is None:
                    break
                gaps += found - place
                spots.append((0, found))
                place = found + span
            else:
                yield (0, 0, gaps), spots, _At(place, at.wide_page)
        # a sheet cut across keeps its last columns for wide cards or not, from its first card on
        modes = (False, True) if self.across else (False,)
        for wide_page in modes:
            laid = self._fresh(shape, wide_page)
            if laid is not None:
                yield laid

    def _fresh(self, shape: Shape, wide_page: bool) -> tuple[_Cost, list[tuple[int, int]], _At] | None:
        """*shape* from the top of a new sheet, going on to further sheets when it needs them."""
        opened, place, gaps = 1, 0, 0
        spots: list[tuple[int, int]] = []
        for span in shape:
            found = self._fit(place, span, wide_page)
            if found is None:
                opened, place = opened + 1, 0
                found = self._fit(0, span, wide_page)
                if found is None:
                    return None
            gaps += found - place
            spots.append((opened, found))
            place = found + span
        return (opened, 0, gaps), spots, _At(place, wide_page)


def paginate(bodies: Sequence[Sequence[Shape]], columns: int, rows: int) -> Pagination:
    """The pagination of *bodies* (each its shapes, best first) on sheets of *columns* x *rows* places that
    takes the fewest sheets, starting on a new sheet."""
    grid = _Grid(columns, rows)
    states = [_At(place, wide) for place in range(grid.per_page + 1) for wide in (False, True)]
    # best[i][at]: the cost of setting bodies i... from at, and the choice that gets it
    best: list[dict[_At, tuple[_Cost, int, list[tuple[int, int]], _At]]] = [{} for _ in bodies]
    after: dict[_At, _Cost] = {at: (0, 0, 0) for at in states}
    for i in range(len(bodies) - 1, -1, -1):
        here: dict[_At, tuple[_Cost, int, list[tuple[int, int]], _At]] = {}
        for at in states:
            for choice, shape in enumerate(bodies[i]):
                for cost, spots, then in grid.lay(shape, at):
                    rest = after[then]
                    # a gap counts more the earlier it is, so that of equal choices the deck fills its
                    # first sheets fullest
                    total = (
                        cost[0] + rest[0],
                        cost[1] + len(shape) - 1 + rest[1],
                        cost[2] * (len(bodies) - i) + rest[2],
                    )
                    if at not in here or total < here[at][0]:
                        here[at] = (total, choice, spots, then)
        if not here:
            raise ValueError("a card does not fit the grid")
        best[i] = here
        after = {at: here[at][0] if at in here else (1 << 30, 0, 0) for at in states}
    at = _At(grid.per_page, False)
    page = -1
    shapes: list[int] = []
    placed: list[tuple[tuple[int, int], ...]] = []
    for i in range(len(bodies)):
        _, choice, spots, then = best[i][at]
        shapes.append(choice)
        placed.append(tuple((page + opened, place) for opened, place in spots))
        page += spots[-1][0] if spots else 0
        at = then
    return Pagination(tuple(shapes), tuple(placed), page + 1)
