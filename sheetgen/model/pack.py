"""The rule-pack model: one game's exploration procedure, as validated data.

Takes plain data (from sheetgen.load.yamlread); gives a frozen :class:`Pack`. Only the shape of each
part is checked here; references between parts (a check naming a track) are checked in
sheetgen.load.validate, which can report every problem at once with its location.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, PrivateAttr, model_validator

from sheetgen import limits
from sheetgen.model.common import (
    DiceText,
    Duration,
    Id,
    Language,
    LevelRange,
    Name,
    Range,
    RollRange,
    Statblock,
    Strict,
    Text,
    parse_range,
)
from sheetgen.options import Audience

LIST = limits.MAX_LIST


class Words(Strict):
    """The pack's own words for the people at the table."""

    gm: Name = Field(default="GM", description="Judge, GM, Narrator, DM ...")
    party: Name = "party"
    foes: Name = Field(default="enemies", description="the other side of a fight: enemies, monsters, foes")


class TimeRules(Strict):
    unit: Name = Field(description="the unit of exploration time, singular: 'dungeon turn'")
    units: Name | None = Field(default=None, description="plural; default: unit + 's'")
    length: Duration = Field(description="how long one unit lasts: '10 minutes'")
    actions_per_unit: int = Field(default=1, ge=1, le=12, description="actions the party takes each unit")
    action: Name = Field(default="action", description="what one of those is called")
    actions: Name | None = Field(default=None, description="plural; default: action + 's'")
    horizon: Duration | None = Field(
        default=None,
        description="the play that odds, charts and timetables cover unless told otherwise: '3 hours', "
        "'3 days'; whole hours, at most 3 days; default: 3 hours, or 3 units of more than an hour, "
        "or fewer where 3 hours hold more than 500 units",
    )
    text: Text = ""

    @property
    def plural(self) -> str:
        return self.units or f"{self.unit}s"

    @property
    def action_plural(self) -> str:
        return self.actions or f"{self.action}s"

    @property
    def horizon_hours(self) -> int:
        """The hours of play covered unless told otherwise: the pack's ``horizon``, else three hours, or
        three units where a unit lasts longer than an hour (three 4-hour watches: 12 hours), or fewer
        where three hours hold more than MAX_UNITS units (10-second rounds: one hour)."""
        if self.horizon is not None:
            return self.horizon // 3600
        within = max(1, limits.MAX_UNITS * self.length // 3600)
        return min(limits.MAX_HOURS, within, max(3, -(-3 * self.length // 3600)))


class Step(Strict):
    title: Name
    text: Text = ""
    items: list[Text] = Field(default_factory=list, max_length=LIST)


class Procedure(Strict):
    """An ordered list of steps: the turn sequence, or what happens when a round ends."""

    id: Id
    name: Name
    when: Text = ""
    steps: list[Step] = Field(min_length=1, max_length=LIST)
    text: Text = ""


class Chance(Strict):
    """A roll that decides whether a change happens: 'roll 1d6; on 5-6 ...'."""

    roll: DiceText
    on: Range


class Change(Strict):
    """Something that moves a track: what causes it, by how much, and whether a roll decides it."""

    when: Text = Field(description="what causes it, in the pack's words")
    by: int | DiceText = Field(default=1, description="how much: a number or dice such as 1d4")
    chance: Chance | None = None


class Reset(Strict):
    when: Text
    to: int | None = Field(default=None, description="the level it returns to; default: the start")


class Level(Strict):
    """A mark at one level of a track, or a range of levels: an omen, or what an Alert Level means."""

    at: LevelRange
    label: Name
    text: Text = ""
    omen: bool = False


class Track(Strict):
    """A value that rises and falls during play: escalation, alarm, an encounter clock, an alert level."""

    id: Id
    name: Name
    min: int = 0
    max: int
    start: int | None = Field(default=None, description="default: min")
    display: Literal["boxes", "clock", "ladder"] = Field(
        default="boxes", description="boxes to tick, a segmented circle, or a ladder of named levels"
    )
    per_unit: int = Field(default=0, description="automatic change at the end of every unit")
    raises: list[Change] = Field(default_factory=list, max_length=LIST)
    lowers: list[Change] = Field(default_factory=list, max_length=LIST)
    resets: list[Reset] = Field(default_factory=list, max_length=LIST)
    levels: list[Level] = Field(default_factory=list, max_length=LIST)
    box_labels: list[Name] = Field(
        default_factory=list, max_length=limits.MAX_TRACK, description="a label under each box, from the first box up"
    )
    text: Text = ""
    player_safe: bool = True
    chosen: bool = Field(
        default=False,
        description="the GM sets it to the party's situation (terrain, light, zone of the dungeon): the odds "
        f"are given for each of its levels; at most {limits.MAX_CHOSEN} levels",
    )

    @property
    def initial(self) -> int:
        return self.min if self.start is None else self.start

    def label_at(self, level: int) -> str | None:
        """The label of the first of its `levels` that holds *level*, if any."""
        return next((lv.label for lv in self.levels if level in lv.at), None)

    @model_validator(mode="after")
    def _bounds(self) -> Track:
        if self.max <= self.min:
            raise ValueError(f"max ({self.max}) must be more than min ({self.min})")
        if self.max - self.min > limits.MAX_TRACK:
            raise ValueError(f"a track spans at most {limits.MAX_TRACK} levels")
        if not self.min <= self.initial <= self.max:
            raise ValueError(f"start ({self.initial}) must lie between min ({self.min}) and max ({self.max})")
        if self.chosen and self.max - self.min + 1 > limits.MAX_CHOSEN:
            raise ValueError(
                f"a chosen track has at most {limits.MAX_CHOSEN} levels, one row of odds each; "
                f"this one has {self.max - self.min + 1}"
            )
        return self


class Tally(Strict):
    """Marks that each add a die to a dice pool: loud noises, stolen coins, discarded Supply."""

    id: Id
    name: Name
    text: Text = ""
    per_unit: int = Field(default=0, ge=0, le=10, description="marks added every unit by the rules alone")
    clears: Literal["encounter", "check"] = Field(
        default="encounter",
        description="encounter: marks stay until an encounter clears them (on_encounter.clear_tallies); "
        "check: marks count for the next check only",
    )


class ByTrack(Strict):
    """A number that depends on a track: its level itself, or a value for each range of levels."""

    track: Id
    levels: dict[LevelRange, int] | None = Field(
        default=None, description="level range -> value, e.g. {'1-3': 6, '4': 5}; omit to use the level"
    )


class CountOf(Strict):
    """How many dice of a roll show certain faces: 'two or more dice showing 5-6'."""

    faces: Range = Field(description="the faces that count: 6, or 5-6")
    at_least: int = Field(default=1, ge=1, le=limits.MAX_PATTERN_DICE, description="dice that must show one")


class Pattern(Strict):
    """What the faces of a roll of several dice show, read one by one. Every field given must hold."""

    doubles: Literal["any"] | int | None = Field(
        default=None, description="any: two or more dice show the same face; a number: two or more show it"
    )
    any: Range | None = Field(default=None, description="at least one die shows a face in this range")
    die: dict[Name, Range] | None = Field(
        default=None, description="the named dice (check.dice_names) show these faces: {red: 1}"
    )
    count: CountOf | None = Field(default=None, description="a number of dice show certain faces")
    total: Range | None = Field(default=None, description="the dice add up to this")

    @model_validator(mode="after")
    def _some(self) -> Pattern:
        if all(getattr(self, n) is None for n in Pattern.model_fields):
            raise ValueError("give at least one of doubles, any, die, count and total")
        if isinstance(self.doubles, int) and not 1 <= self.doubles <= 1000:
            raise ValueError("doubles is any, or the face both dice show: a number from 1")
        return self


class Trigger(Strict):
    """When a check's result means an encounter. Give exactly one of the five."""

    at_least: int | ByTrack | None = Field(default=None, description="result >= this")
    at_most: int | ByTrack | None = Field(default=None, description="result <= this")
    faces: list[Range] | None = Field(default=None, max_length=LIST, description="result in these ranges")
    track_full: Id | None = Field(default=None, description="the check advances this track; full = encounter")
    pattern: Pattern | None = Field(default=None, description="the dice, read one by one, show this: doubles")

    @model_validator(mode="after")
    def _one(self) -> Trigger:
        given = [n for n in ("at_least", "at_most", "faces", "track_full", "pattern") if getattr(self, n) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of at_least, at_most, faces, track_full and pattern")
        return self


class Cadence(Strict):
    """How often the check is rolled, in units: a number, one that depends on a track's level, or the
    units themselves (``at``), repeated or not."""

    every: int | ByTrack = Field(default=1, description="every N units")
    at: list[int] | None = Field(
        default=None,
        max_length=LIST,
        description="the units at whose end it is rolled, in order: [1, 4, 9]; instead of every, offset and first",
    )
    repeat: int | None = Field(
        default=None,
        description="with at: its units fall again every this many units "
        "(at: [3, 5], repeat: 6 rolls on units 3, 5, 9, 11, 15 ...)",
    )
    offset: int = Field(default=0, ge=0, description="units before the first check (0: at the end of unit N)")
    first: int | None = Field(
        default=None,
        ge=1,
        description="the unit (after the offset) at whose end the first check is rolled, 1 to the cadence; "
        "default: the cadence itself (every: 2 rolls on units 2, 4, 6; first: 1 on 1, 3, 5)",
    )
    rolls: int = Field(
        default=1, ge=1, le=10, description="times the check is rolled each time it falls due, one after the other"
    )

    @property
    def grid(self) -> int:
        """The finest cadence, in units: ``every``, or for a cadence by track the greatest common divisor
        of its levels' values (checks can fall only on its multiples)."""
        if isinstance(self.every, int):
            return self.every
        return math.gcd(*self.every.levels.values()) if self.every.levels else 1

    def on_grid(self, unit: int) -> bool:
        """Whether the end of ``unit`` (1-based) is a point of the cadence: one of ``at`` (within each
        ``repeat``), else ``offset + first, offset + first + grid, ...``."""
        if self.at is not None:
            if self.repeat is not None:
                unit = (unit - 1) % self.repeat + 1
            return unit in self.at
        elapsed = unit - self.offset
        start = self.grid if self.first is None else self.first
        return elapsed > 0 and (elapsed - start) % self.grid == 0

    @property
    def period(self) -> int:
        """Units after which the cadence's points repeat (from :attr:`settled` on)."""
        if self.at is not None:
            return self.repeat or 1
        return self.grid

    @property
    def settled(self) -> int:
        """The unit from whose end on the cadence's points repeat every :attr:`period` units: its offset,
        or for units given without a repeat the last of them (no point falls after it)."""
        if self.at is not None:
            return 0 if self.repeat is not None or not self.at else max(self.at)
        return self.offset


class Pool(Strict):
    """A pool of dice: a base number, one more per tally mark, growing each unit if the rules say so."""

    die: DiceText = "d6"
    base: int = Field(default=1, ge=0, le=100)
    tallies: list[Id] = Field(default_factory=list, max_length=LIST)
    grow: int = Field(default=0, ge=0, le=100, description="dice added to the pool every unit")
    roll_at: int | None = Field(
        default=None, ge=1, le=100, description="roll only when the pool holds this many dice, then empty it"
    )
    max_dice: int = Field(default=20, ge=1, le=100, description="the pool never holds more dice than this")
    read: Reading = "highest"
    count_on: Range | None = Field(
        default=None,
        description="for read: count, the faces that count: 1, or 5-6 (the result is how many dice show one)",
    )

    @model_validator(mode="after")
    def _count(self) -> Pool:
        _count_on_with_count(self.read, self.count_on)
        return self


Reading = Literal["highest", "lowest", "sum", "count"]


def _count_on_with_count(read: str, count_on: Range | None) -> None:
    """A pool's or a roll's reading: ``count_on`` goes with ``read: count``, and only with it."""
    if (read == "count") != (count_on is not None):
        raise ValueError("give count_on (the faces that count) with read: count, and only then")


class AdvanceRow(Strict):
    roll: Range
    by: int = Field(ge=0, le=limits.MAX_TRACK)
    label: Name | None = None


class Advance(Strict):
    """How the check's result moves a track (a clock): a roll range -> steps table."""

    track: Id
    by: list[AdvanceRow] = Field(min_length=1, max_length=LIST)
    text: Text = ""


class OutcomeEffect(Strict):
    """What one outcome of the check does. Give exactly one of track, resource, sign and lasts."""

    track: Id | None = Field(default=None, description="a track this outcome moves by `by`, or resets")
    resource: Id | None = Field(default=None, description="a resource this outcome ticks (by < 0) or refills")
    by: int = Field(
        default=1,
        ge=-limits.MAX_TRACK,
        le=limits.MAX_TRACK,
        description="steps up (or down, below 0); for a resource, boxes refilled (or ticked, below 0)",
    )
    reset: bool = Field(default=False, description="the track returns to its start; the resource is refilled")
    sign: bool = Field(default=False, description="mark the next encounter card: this outcome foretells it")
    lasts: int | None = Field(
        default=None, ge=1, le=limits.MAX_TRACK, description="an effect named by the outcome that lasts this many units"
    )
    text: Text = ""

    @model_validator(mode="after")
    def _one(self) -> OutcomeEffect:
        given = [n for n in ("track", "resource", "lasts") if getattr(self, n) is not None]
        given += ["sign"] if self.sign else []
        if len(given) != 1:
            raise ValueError("give exactly one of track, resource, sign and lasts")
        return self


class Outcome(Strict):
    """A named result of the check's die, for dice whose faces mean different things: a range of results,
    or a pattern of the dice read one by one."""

    roll: Range | None = None
    pattern: Pattern | None = Field(default=None, description="the dice, read one by one, show this")
    result: Name
    text: Text = ""
    effects: list[OutcomeEffect] = Field(
        default_factory=list, max_length=LIST, description="what this outcome does to tracks, resources and the deck"
    )

    @model_validator(mode="after")
    def _one(self) -> Outcome:
        if (self.roll is None) == (self.pattern is None):
            raise ValueError("give either roll (a range of results such as 1-2) or pattern (what the dice show)")
        return self


class ExtraRoll(Strict):
    """A rule that rolls the check once more when the party does something: a risky action, noise, light."""

    when: Text = Field(description="what calls for it, in the pack's words")
    text: Text = ""


class OnEncounter(Strict):
    reset: list[Id] = Field(default_factory=list, description="tracks that return to their start")
    clear_tallies: bool = False


class Check(Strict):
    """The encounter or danger check: its dice, cadence, trigger and what an encounter resets."""

    name: Name
    when: Text = Field(description="when it is rolled, in the pack's words")
    formula: Text = Field(description="the rule as printed in the text, e.g. 'Roll 1d6 + Escalation'")
    roll: DiceText | None = None
    dice_names: list[Name] = Field(
        default_factory=list,
        max_length=limits.MAX_PATTERN_DICE,
        description="a name for each die of the roll, in the order written ('red', 'white'), for patterns "
        "that read a named die",
    )
    add: list[Id] = Field(default_factory=list, description="tracks whose level is added to the roll")
    pool: Pool | None = None
    cadence: Cadence = Field(default_factory=Cadence)
    trigger: Trigger
    advance: Advance | None = None
    outcomes: list[Outcome] = Field(default_factory=list, max_length=LIST)
    outcomes_read: Literal["result", "total"] = Field(
        default="result", description="outcomes name the result (before tracks are added) or the total"
    )
    on_encounter: OnEncounter = Field(default_factory=OnEncounter)
    extra: list[ExtraRoll] = Field(
        default_factory=list, max_length=LIST, description="when the check is rolled once more, beyond its cadence"
    )
    result: Name = Field(default="encounter", description="what a trigger brings, in the pack's words")
    text: Text = ""

    @model_validator(mode="after")
    def _dice(self) -> Check:
        if (self.roll is None) == (self.pool is None):
            raise ValueError("give either roll (dice such as 1d6) or pool (a dice pool), not both")
        if self.pool is not None and self.add:
            raise ValueError("add is for a plain roll; a pool grows with its tallies")
        return self

    @property
    def read_patterns(self) -> tuple[Pattern, ...]:
        """The patterns the check reads its dice against: its trigger's, then its outcomes', in order."""
        found = (self.trigger.pattern, *(o.pattern for o in self.outcomes))
        return tuple(p for p in found if p is not None)

    @property
    def patterns(self) -> bool:
        """Whether the check reads its dice one by one: its trigger or an outcome is a pattern."""
        return bool(self.read_patterns)


class Roll(Strict):
    """A roll of the procedure besides the check: a light's die, a fatigue roll, the weather. It has its own
    dice, cadence and outcomes; its outcomes move tracks, tick resources or name a result, but it brings no
    encounter (that is the check's)."""

    id: Id
    name: Name
    when: Text = Field(description="when it is rolled, in the pack's words")
    formula: Text = Field(default="", description="the rule as printed in the text, e.g. 'Roll 1d6 for each torch'")
    roll: DiceText
    dice_names: list[Name] = Field(
        default_factory=list,
        max_length=limits.MAX_PATTERN_DICE,
        description="a name for each die of the roll, in the order written, for patterns that read a named die",
    )
    read: Reading = Field(
        default="sum",
        description="how its dice make its result, as a pool's do: their sum, "
        "the highest or lowest die, or how many show count_on",
    )
    count_on: Range | None = Field(default=None, description="for read: count, the faces that count: 1, or 5-6")
    add: list[Id] = Field(default_factory=list, description="tracks whose level is added to the roll")
    cadence: Cadence = Field(default_factory=Cadence)
    outcomes: list[Outcome] = Field(
        min_length=1, max_length=LIST, description="what the roll can bring, tried in order: the first that holds"
    )
    mark: Name | None = Field(
        default=None,
        max_length=3,
        description="its mark on the turns grid (up to 3 letters); default: its name's first",
    )
    text: Text = ""

    @model_validator(mode="after")
    def _count(self) -> Roll:
        _count_on_with_count(self.read, self.count_on)
        return self

    @property
    def read_patterns(self) -> tuple[Pattern, ...]:
        """The patterns the roll reads its dice against: its outcomes', in order."""
        return tuple(o.pattern for o in self.outcomes if o.pattern is not None)

    @property
    def patterns(self) -> bool:
        """Whether the roll reads its dice one by one: an outcome is a pattern."""
        return bool(self.read_patterns)


class Effect(Strict):
    """What an action does to a track, a tally or a resource."""

    track: Id = Field(description="a track, a tally or a resource")
    by: int | DiceText = 1
    direction: Literal["up", "down"] = Field(default="up", description="down: the track falls by this much")
    chance: Chance | None = None
    refill: bool = Field(default=False, description="for a resource: the action refills it (all its boxes)")
    text: Text = ""


class Action(Strict):
    name: Name
    time: Duration | None = Field(
        default=None, description="default: one unit divided among its actions (30 minutes / 3 = 10 minutes)"
    )
    group: Name | None = Field(default=None, description="e.g. 'movement'; sections can list one group")
    summary: Text = ""
    text: Text = ""
    items: list[Text] = Field(default_factory=list, max_length=LIST)
    effects: list[Effect] = Field(default_factory=list, max_length=LIST)
    notes: Text = ""


class TrackMove(Strict):
    """A track moved by a rule: by a number of steps, or back to its start."""

    track: Id
    by: int = Field(default=1, ge=-limits.MAX_TRACK, le=limits.MAX_TRACK, description="steps up (below 0: down)")
    reset: bool = Field(default=False, description="the track returns to its start instead")
    text: Text = ""


class Resource(Strict):
    """Something that burns down: a torch, lantern oil, a spell, rations."""

    id: Id
    name: Name
    lasts: Name | None = Field(default=None, description="as printed: '1 hr / 6 turns'")
    boxes: int = Field(default=6, ge=1, le=60, description="boxes to tick; with dice, one per die (given or not)")
    every: int | None = Field(
        default=None,
        ge=1,
        le=limits.MAX_TRACK,
        description="one box is used at the end of every N units (the rate); null: only actions and outcomes use it",
    )
    use: int = Field(default=1, ge=1, le=60, description="boxes used each time the rate comes round")
    when_out: list[TrackMove] = Field(
        default_factory=list,
        max_length=LIST,
        description="tracks that move when it runs out by its rate (light out: the danger rises)",
    )
    dice: list[DiceText] | None = Field(
        default=None,
        min_length=1,
        max_length=limits.MAX_USAGE_STEPS,
        description="a usage die: its steps, largest first ('[d8, d6, d4]'), one rolled each time the rate "
        "comes round; a face in `on` steps it down to the next, and past the last it is gone",
    )
    on: Range | None = Field(default=None, description="with dice: the faces that step it down; default 1-2")
    chance: Chance | None = Field(
        default=None,
        description="a roll made each time the rate comes round: `use` boxes go only on a face in `on` "
        "({roll: 1d6, on: 1})",
    )
    after: Id | None = Field(
        default=None,
        description="another resource it is lit after: its rate (and rolls) start the unit after that one runs "
        "out, so one burns at a time (torch-1, then torch-2)",
    )
    text: Text = ""

    @model_validator(mode="before")
    @classmethod
    def _steps_are_boxes(cls, data: object) -> object:
        # a usage die has one box per die: the steps are counted, not written twice
        if isinstance(data, dict) and isinstance(data.get("dice"), list) and "boxes" not in data:
            return {**data, "boxes": max(1, len(data["dice"]))}
        return data

    @model_validator(mode="after")
    def _rolled(self) -> Resource:
        if self.dice is not None and self.chance is not None:
            raise ValueError("give dice (a usage die) or chance (boxes lost on a roll), not both")
        if self.on is not None and self.dice is None:
            raise ValueError("on is the faces that step a usage die down: give it with dice, or use chance")
        if self.dice is not None and self.boxes != len(self.dice):
            raise ValueError(
                f"a usage die has one box per die: boxes is {len(self.dice)} with these dice, or leave boxes out"
            )
        if self.dice is not None and self.use != 1:
            raise ValueError("a usage die steps down one die at a time: leave use out")
        return self

    @property
    def rolled(self) -> bool:
        """It runs down by a roll (a usage die or a chance), not by its rate alone."""
        return self.dice is not None or self.chance is not None

    @property
    def steps_on(self) -> RollRange:
        """The faces that step a usage die down: ``on``, or 1-2."""
        found: RollRange = self.on if self.on is not None else parse_range("1-2")
        return found


class Rest(Strict):
    id: Id
    name: Name
    time: Duration
    time_label: Name | None = Field(default=None, description="as printed: '1 hour (6 turns)'")
    risk: Text = ""
    countdown: bool = Field(default=False, description="draw a countdown of units on the tracker")
    every: int | None = Field(
        default=None,
        ge=1,
        le=limits.MAX_TRACK,
        description="due every N units: marked on the turns grid and the timetable",
    )
    penalty: Text = Field(default="", description="what skipping it when due costs the party")
    mark: Name | None = Field(
        default=None, max_length=3, description="its mark on the turns grid; default: the name's first letter"
    )


class Condition(Strict):
    """Named states the party reaches one after another at fixed times: hunger, fatigue, the grind."""

    id: Id
    name: Name
    every: int = Field(
        ge=1,
        le=limits.MAX_TRACK,
        description="units between one state and the next: the first falls due at the end of unit N",
    )
    states: list[Name] = Field(
        min_length=1,
        max_length=LIST,
        description="the states in the order they are reached, one each time it falls due; "
        "past the last, it falls due no more",
    )
    cleared: Text = Field(
        default="",
        description="what clears the states and starts the count again, in the pack's words (the GM applies it)",
    )
    mark: Name | None = Field(
        default=None, max_length=3, description="its mark on the turns grid; default: the name's first letter"
    )
    text: Text = ""


class Variant(Strict):
    id: Id | None = Field(default=None, description="what --variant names; default: the name as an id")
    name: Name
    text: Text
    unit_length: Duration | None = None
    consumption: int = Field(default=1, ge=1, le=10, description="resource use is multiplied by this")
    danger: int = Field(default=1, ge=1, le=10, description="danger chances are multiplied by this")
    check: Check | None = Field(default=None, description="the check under this variant, in place of the pack's")
    cadence: Cadence | None = Field(default=None, description="only the check's cadence under this variant")
    rates: dict[Id, int] = Field(
        default_factory=dict, description="resource id -> its rate under this variant (one box every N units)"
    )
    says: dict[Name, Name] = Field(
        default_factory=dict,
        description="the pack's own printed words this variant changes: old phrase -> "
        "new phrase ('10 minutes': '20 minutes')",
    )

    def played_check(self, check: Check | None) -> Check | None:
        """The check under this variant, given the pack's: its own check or the pack's, with its cadence,
        rolled ``danger`` times as often each time it falls due (at most 10 rolls)."""
        check = self.check if self.check is not None else check
        if check is not None and self.cadence is not None:
            check = check.model_copy(update={"cadence": self.cadence})
        if check is not None and self.danger != 1:
            cadence = check.cadence.model_copy(update={"rolls": min(10, check.cadence.rolls * self.danger)})
            check = check.model_copy(update={"cadence": cadence})
        return check


class Row(Strict):
    roll: Range | None = None
    cells: list[Text] = Field(min_length=1, max_length=12)


class Table(Strict):
    """A table: with roll, its rows are roll ranges that must cover the dice exactly."""

    id: Id
    name: Name
    roll: DiceText | None = None
    columns: list[Name] = Field(min_length=1, max_length=12, description="headers, not counting the roll")
    rows: list[Row] = Field(min_length=1, max_length=LIST)
    text: Text = ""
    default: bool = Field(default=False, description="true when the rows are defaults, not the source's")
    player_safe: bool = False

    @model_validator(mode="after")
    def _shape(self) -> Table:
        # one cell per column is checked with each row's line (sheetgen.load.text_shape.cell_problems)
        for row in self.rows:
            if (row.roll is None) != (self.roll is None):
                raise ValueError("give a roll range on every row when the table has roll, and on none otherwise")
        return self


class Morale(Strict):
    roll: DiceText = "2d6"
    fails: Literal["above", "at_or_above"] = Field(default="above", description="roll above morale: fails")
    text: Text = ""


class Opening(Strict):
    """A roll at the start of an encounter for one side: surprise, initiative, any dice, any rule."""

    name: Name = Field(description="'Surprise', 'Initiative'")
    side: Name = Field(description="who rolls: 'party', 'monsters', 'each side'")
    roll: DiceText
    on: Range | None = Field(default=None, description="results that mean `result`, e.g. 1-2 for surprised")
    result: Name | None = Field(default=None, description="what a result in `on` means: 'surprised'")
    text: Text = ""


StatField = Literal["zone", "morale", "appearing"]
"""A statblock's own fields that a statblock layout can place among its stats."""
FIELD_LABELS: dict[str, str] = {"zone": "Zone", "morale": "Morale", "appearing": "# Appearing"}
"""How a statblock's own fields are labelled where nothing else says."""


class StatSlot(Strict):
    """One line of the game's statblock: a stat of a statblock's `stats`, or one of its own fields."""

    stat: Name | None = Field(default=None, description="a name of the statblocks' `stats`: AC, HD, THAC0")
    field: StatField | None = Field(
        default=None, description="one of the statblock's own fields printed here: zone, morale or appearing"
    )
    label: Name | None = Field(
        default=None, description="as printed; default: the stat's name, or Zone, Morale, # Appearing"
    )
    required: bool = Field(default=False, description="every statblock must give it")

    @model_validator(mode="after")
    def _one(self) -> StatSlot:
        if (self.stat is None) == (self.field is None):
            raise ValueError("give either stat (a name of the statblocks' stats) or field (zone, morale or appearing)")
        return self

    @property
    def printed(self) -> str:
        """The label printed before its value."""
        return self.label or self.stat or FIELD_LABELS[self.field or "zone"]


class StatblockLayout(Strict):
    """The game's statblock: which stats it has, in which order, with which labels."""

    stats: list[StatSlot] = Field(
        min_length=1,
        max_length=LIST,
        description="its lines in print order; a statblock may give only these, and must give the required ones",
    )

    @model_validator(mode="after")
    def _once(self) -> StatblockLayout:
        seen: set[str] = set()
        for slot in self.stats:
            name = (slot.stat or "").casefold() or f"field {slot.field}"
            if name in seen:
                raise ValueError(f"{slot.stat or slot.field} is given twice: each stat has one place")
            seen.add(name)
        return self


class EncounterRules(Strict):
    """How a pre-rolled encounter is filled in: the tables it rolls on."""

    distance: Id | None = None
    reaction: Id | None = None
    morale: Morale | None = None
    zones: Id | None = Field(default=None, description="a table naming the zones")
    wandering: Id = Field(
        default="wandering", description="the pack's table an encounter deck draws from when the site has none"
    )
    appearing_columns: list[Name] = Field(
        default_factory=lambda: ["Appearing", "Number Appearing", "No. Appearing"],
        max_length=LIST,
        description="the column of that table holding the number appearing (dice): the first of these it has",
    )
    stat_columns: list[Name] = Field(
        default_factory=lambda: ["Stat", "Statblock"],
        max_length=LIST,
        description="the column of that table naming a statblock: the first of these it has",
    )
    stats_after: list[Name] = Field(
        default_factory=lambda: ["Speed", "HD"],
        max_length=LIST,
        description="a statblock's Zone, Morale and # Appearing are printed after the first of these stats it "
        "has (at the top when it has none)",
    )
    statblock: StatblockLayout | None = Field(
        default=None,
        description="the game's statblock layout: its stats in order, with their labels (stats_after is then "
        "not used); without one, stats print in each statblock's own order",
    )
    openings: list[Opening] = Field(
        default_factory=list,
        max_length=LIST,
        description="rolls at the start of each encounter, pre-rolled on each card",
    )


def encounter_rules(pack: Pack, encounter_pack: Pack | None) -> tuple[Pack, EncounterRules]:
    """The pack whose encounter rules fill in encounters (a site's `encounters` pack when it has rules,
    else its `system` pack) and those rules (the defaults when it gives none)."""
    rules_pack = encounter_pack if encounter_pack is not None and encounter_pack.encounter else pack
    return rules_pack, rules_pack.encounter or EncounterRules()


SectionKind = Literal[
    "text",
    "callout",
    "procedure",
    "check",
    "track",
    "tracks",
    "tallies",
    "actions",
    "table",
    "resources",
    "rests",
    "conditions",
    "variants",
    "odds",
    "statblock",
]


class Section(Strict):
    """One block of a reference page. Most kinds draw a part of the pack; text and callout carry prose."""

    kind: SectionKind = "text"
    title: Name | None = None
    text: Text = ""
    items: list[Text] = Field(default_factory=list, max_length=LIST)
    ref: Id | None = Field(default=None, description="the procedure, track, table or statblock shown")
    group: Name | None = Field(default=None, description="for actions: only this group")
    detail: bool = Field(default=False, description="for actions: full descriptions, not a summary table")
    span: bool = Field(default=False, description="run across all columns")
    player_safe: bool = False

    @model_validator(mode="after")
    def _ref(self) -> Section:
        if self.kind in ("procedure", "track", "table", "statblock") and self.ref is None:
            raise ValueError(f"a {self.kind} section needs ref: the id of the {self.kind} to show")
        return self


class Page(Strict):
    title: Name
    players_title: Name | None = Field(
        default=None, description="the heading of the players' version of the page (default: title)"
    )
    subtitle: Text = ""
    players_subtitle: Text | None = Field(
        default=None, description="the subtitle on the players' version of the page (default: subtitle)"
    )
    columns: int = Field(default=2, ge=1, le=3)
    sections: list[Section] = Field(min_length=1, max_length=LIST)
    footer: Text = ""


class Reference(Strict):
    pages: list[Page] = Field(min_length=1, max_length=10)


PartKind = Literal[
    "turns", "track", "tallies", "resources", "countdown", "rounds", "table", "notes", "actions", "results"
]


class TrackerPart(Strict):
    """One block of a tracker page."""

    kind: PartKind
    title: Name | None = None
    ref: Id | None = Field(
        default=None, description="the track, rest or table drawn; for results, one of the rolls (default: the check)"
    )
    items: list[Text] = Field(default_factory=list, max_length=LIST)
    group: Name | None = None
    actions: list[Name] = Field(
        default_factory=list,
        max_length=LIST,
        description="for turns: more actions (by name) that get small boxes in each unit",
    )
    rounds: int = Field(default=10, ge=1, le=100, description="for rounds: how many combat rounds")
    groups: list[Name] = Field(
        default_factory=list,
        max_length=4,
        description="for rounds: the sides that take turns; default: words.party, words.foes",
    )
    beings: int = Field(
        default=1,
        ge=1,
        le=8,
        description="for rounds: Beings in each group, each with its own Move and Action boxes; "
        "1: one Move and one Action box per group",
    )

    @model_validator(mode="after")
    def _ref(self) -> TrackerPart:
        if self.kind in ("track", "countdown", "table") and self.ref is None:
            raise ValueError(f"a {self.kind} part needs ref")
        return self


class TrackerPage(Strict):
    id: Id
    title: Name
    audience: Audience = Field(strict=False, description="who the sheet is for")
    parts: list[TrackerPart] = Field(min_length=1, max_length=LIST)


class Pack(Strict):
    """A rule pack: one game's exploration procedure."""

    kind: Literal["pack"] = Field(description="always 'pack'; tells a pack from a site file")
    id: Id
    name: Name
    summary: Text = ""
    shelf: Literal["dungeon", "wilderness", "encounters"] | None = Field(
        default=None,
        description="what the pack is for, as `sheetgen systems` groups packs: a dungeon procedure, a "
        "wilderness journey, or encounter rules; default: read from the pack",
    )
    source: Text = Field(default="", description="where the rules come from")
    language: Language = Field(default="en", description="the language of the pack's text: en, de, pt-BR")
    words: Words = Field(default_factory=Words)
    time: TimeRules
    procedures: list[Procedure] = Field(default_factory=list, max_length=LIST)
    check: Check | None = None
    rolls: list[Roll] = Field(
        default_factory=list,
        max_length=limits.MAX_ROLLS,
        description="the procedure's other rolls, each with its own dice and cadence",
    )
    tracks: list[Track] = Field(default_factory=list, max_length=LIST)
    tallies: list[Tally] = Field(default_factory=list, max_length=LIST)
    resources: list[Resource] = Field(default_factory=list, max_length=LIST)
    actions: list[Action] = Field(default_factory=list, max_length=LIST)
    rests: list[Rest] = Field(default_factory=list, max_length=LIST)
    conditions: list[Condition] = Field(default_factory=list, max_length=LIST)
    variants: list[Variant] = Field(default_factory=list, max_length=LIST)
    tables: list[Table] = Field(default_factory=list, max_length=LIST)
    statblocks: list[Statblock] = Field(default_factory=list, max_length=LIST)
    encounter: EncounterRules | None = None
    reference: Reference
    trackers: list[TrackerPage] = Field(default_factory=list, max_length=20)
    _file: str = PrivateAttr(default="")
    """The file the pack was read from (set by the loader; empty for a pack made in Python), so that a
    page of it that cannot be drawn is reported where the file says what is on that page."""

    @property
    def file(self) -> str:
        return self._file

    def read_from(self, file: str) -> None:
        """Record *file* as the file the pack was read from (the loader's last step)."""
        self._file = file

    @property
    def all_outcomes(self) -> tuple[Outcome, ...]:
        """Every named outcome of the procedure, numbered as the engine numbers them: the check's, then
        each other roll's in order."""
        return (*(self.check.outcomes if self.check else ()), *(o for r in self.rolls for o in r.outcomes))

    @property
    def shelf_name(self) -> str:
        """What the pack is for: its ``shelf``, or without one 'encounters' for a pack with no check,
        'wilderness' for one whose units or horizon run to hours and days, else 'dungeon'."""
        if self.shelf is not None:
            return self.shelf
        if self.check is None:
            return "encounters"
        if self.time.length >= 3600 or self.time.horizon_hours >= 24:
            return "wilderness"
        return "dungeon"

    def track(self, track_id: str) -> Track:
        return next(t for t in self.tracks if t.id == track_id)

    def table(self, table_id: str) -> Table:
        return next(t for t in self.tables if t.id == table_id)
