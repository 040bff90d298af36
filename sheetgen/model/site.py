"""The site model: one dungeon's room key (or a journey's places and route), wandering table and statblocks,
as validated data.

Takes plain data (from sheetgen.load.yamlread); gives a frozen :class:`Site`. Cross-references (exits,
statblock ids, the pack) are checked in sheetgen.load.validate.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheetgen import limits
from sheetgen.model.common import DiceText, Duration, Id, Key, Language, Name, Range, Statblock, Strict, Text
from sheetgen.model.site_map import SiteMap


class Room(Strict):
    key: Key = Field(description="unique; a string or a number, e.g. '1' or 'B3'")
    name: Name
    size: Name | None = None
    exits: list[Key] = Field(default_factory=list, max_length=limits.MAX_LIST, description="keys of connected rooms")
    description: Text = ""
    details: list[Text] = Field(
        default_factory=list, max_length=limits.MAX_LIST, description="things to notice; each gets a checkbox"
    )
    trap: Text | None = None
    treasure: Text | None = None
    encounter: Text | None = None
    notes: Text | None = None
    stats: list[Id] = Field(
        default_factory=list,
        max_length=limits.MAX_LIST,
        description="ids of the site's statblocks met here, marked in the room index",
    )


class WanderingEntry(Strict):
    roll: Range
    name: Name
    appearing: DiceText = Field(default="1", description="number appearing, e.g. 2d4")
    stat: Id | None = Field(default=None, description="id of a statblock in this site")
    text: Text = ""
    creature: bool = Field(
        default=True, description="false for a sign, a hazard or an event: no reaction, morale or opening rolls"
    )


class Wandering(Strict):
    roll: DiceText
    entries: list[WanderingEntry] = Field(min_length=1, max_length=limits.MAX_LIST)


class Leg(Strict):
    """One stretch of a journey, or one hex crossed: its terrain sets the route's track while it lasts."""

    key: Key = Field(description="unique among the legs: '1', 'A', a hex number such as '0304'")
    name: Name
    terrain: Key = Field(description="a level of the route's track: its label ('Forest') or its number")
    time: Duration = Field(
        description="how long the party takes over it: '8 hours', '2 days'; a whole number of the pack's units"
    )
    notes: Text = ""


class Route(Strict):
    """The way a journey goes, leg after leg, each with its terrain."""

    track: Id | None = Field(
        default=None, description="the pack's chosen track the legs' terrain sets; default: its only chosen track"
    )
    legs: list[Leg] = Field(min_length=1, max_length=limits.MAX_LIST)


class Site(Strict):
    """A dungeon: the site a group plays, and the pack it is played with."""

    kind: Literal["site"] = Field(default="site", description="optional; 'site' tells a site from a pack")
    site: Name = Field(description="the site's name")
    system: Name = Field(description="a built-in pack id, or a path to a pack file (relative to this file)")
    encounters: Name | None = Field(
        default=None,
        description="a second pack whose distance, reaction and morale rules fill in encounters",
    )
    author: Name | None = None
    language: Language | None = Field(default=None, description="the language of the site's text; default: the pack's")
    text: Text = ""
    rooms: list[Room] = Field(min_length=1, max_length=limits.MAX_ROOMS)
    wandering: Wandering | None = None
    statblocks: list[Statblock] = Field(default_factory=list, max_length=limits.MAX_STATBLOCKS)
    route: Route | None = Field(
        default=None, description="a journey's legs or hexes, each with its terrain: the timetable follows them"
    )
    map: SiteMap | None = Field(
        default=None,
        description="the rooms' floor plan on a grid of squares, with its doors, water and columns: drawn to scale",
    )
