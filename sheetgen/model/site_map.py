"""A site's geometry, as validated data: the floor plan on a grid of squares that the map to scale draws.

Takes plain data (a site's ``map:`` field); gives a frozen :class:`SiteMap`. Squares are counted from the
top left, ``x`` to the east and ``y`` to the south, as Watabou's One Page Dungeon and most map makers count
them. Which rooms the areas name is checked in sheetgen.load.validate_map, with the map's extent.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema

from sheetgen import limits
from sheetgen.model.common import Key, Name, Strict


def _numbers(size: int, written: str) -> Any:
    """A YAML list of *size* numbers read as a tuple (strict models take no list for a tuple)."""

    def read(value: Any) -> Any:
        if not isinstance(value, list | tuple) or len(value) != size:
            raise ValueError(f"write it as {written}")
        return tuple(value)

    return BeforeValidator(read)


_Coordinate = Annotated[int, Field(ge=-limits.MAX_MAP_SQUARES, le=limits.MAX_MAP_SQUARES)]
_Side = Annotated[int, Field(ge=1, le=limits.MAX_MAP_SQUARES)]
_Corner = Annotated[float, Field(ge=-limits.MAX_MAP_SQUARES, le=limits.MAX_MAP_SQUARES)]

Square = Annotated[
    tuple[_Coordinate, _Coordinate],
    _numbers(2, "[x, y], two whole numbers"),
    WithJsonSchema({"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}),
]
"""One square of the grid, ``[x, y]``: whole numbers."""

Point = Annotated[
    tuple[_Corner, _Corner],
    _numbers(2, "[x, y], two numbers"),
    WithJsonSchema({"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}),
]
"""A corner of a polygon, ``[x, y]`` on the grid's lines: whole or fractional squares."""

Box = Annotated[
    tuple[_Coordinate, _Coordinate, _Side, _Side],
    _numbers(4, "[x, y, width, height], four whole numbers"),
    WithJsonSchema({"type": "array", "items": {"type": "integer"}, "minItems": 4, "maxItems": 4}),
]
"""A rectangle of whole squares, ``[x, y, width, height]``: its top left square and its size."""

DoorKind = Literal[
    "open", "door", "double", "narrow", "secret", "locked", "steel", "portcullis", "stairs", "stairwell", "way-out"
]
DOOR_KINDS: tuple[DoorKind, ...] = (
    "open",
    "door",
    "double",
    "narrow",
    "secret",
    "locked",
    "steel",
    "portcullis",
    "stairs",
    "stairwell",
    "way-out",
)
Facing = Literal["north", "south", "east", "west"]


class MapArea(Strict):
    """A room's floor, or a passage's: a rectangle of squares, or a polygon."""

    room: Key | None = Field(default=None, description="the key of the room it is the floor of; none: a passage")
    rect: Box | None = Field(default=None, description="[x, y, width, height] in squares")
    polygon: list[Point] | None = Field(
        default=None,
        min_length=3,
        max_length=limits.MAX_POLYGON,
        description="its corners in order, [x, y] each, on the grid's lines",
    )
    round: bool = Field(default=False, description="a round room: the circle, or the ellipse, inside its rect")


class MapDoor(Strict):
    """A door, an opening or stairs: the square it stands on, what it is, and which way one walks through it."""

    at: Square = Field(description="[x, y], the square the door stands on")
    kind: DoorKind = "door"
    facing: Facing | None = Field(
        default=None, description="the way one walks through it; default: read from the floor beside it"
    )


class SiteMap(Strict):
    """The site's floor plan on a grid, for the map to scale."""

    square: Annotated[float, Field(gt=0, le=10_000)] = Field(default=10, description="a square's side, in units")
    unit: Name = Field(default="ft", description="the unit of square: ft, m, yards")
    areas: list[MapArea] = Field(min_length=1, max_length=limits.MAX_MAP_ITEMS)
    doors: list[MapDoor] = Field(default_factory=list, max_length=limits.MAX_MAP_ITEMS)
    water: list[Square] = Field(
        default_factory=list, max_length=limits.MAX_MAP_ITEMS, description="squares under water"
    )
    columns: list[Point] = Field(
        default_factory=list,
        max_length=limits.MAX_MAP_ITEMS,
        description="where each column stands, [x, y] on the grid: [2, 3] where four "
        "squares meet, [2.5, 3.5] in the middle of a square",
    )
