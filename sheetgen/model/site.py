"""The site model: one dungeon's room key, wandering table and statblocks, as validated data.

Takes plain data (from sheetgen.load.yamlread); gives a frozen :class:`Site`. Cross-references (exits,
statblock ids, the pack) are checked in sheetgen.load.validate.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sheetgen import limits
from sheetgen.model.common import DiceText, Id, Key, Language, Name, Range, Statblock, Strict, Text


class Room(Strict):
    key: Key = Field(description="unique; a string or a number, e.g. '1' or 'B3'")
    name: Name
    size: Name | None = None
    exits: list[Key] = Field(default_factory=list, max_length=limits.MAX_LIST,
                             description="keys of connected rooms")
    description: Text = ""
    details: list[Text] = Field(default_factory=list, max_length=limits.MAX_LIST,
                                description="things to notice; each gets a checkbox")
    trap: Text | None = None
    treasure: Text | None = None
    encounter: Text | None = None
    notes: Text | None = None
    stats: list[Id] = Field(default_factory=list, max_length=limits.MAX_LIST,
                            description="ids of the site's statblocks met here, marked in the room index")


class WanderingEntry(Strict):
    roll: Range
    name: Name
    appearing: DiceText = Field(default="1", description="number appearing, e.g. 2d4")
    stat: Id | None = Field(default=None, description="id of a statblock in this site")
    text: Text = ""
    creature: bool = Field(default=True, description="false for a sign, a hazard or an event: no reaction, "
                                                     "morale or opening rolls")


class Wandering(Strict):
    roll: DiceText
    entries: list[WanderingEntry] = Field(min_length=1, max_length=limits.MAX_LIST)


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
