"""Field types shared by packs and sites: names, text, durations, roll ranges, dice and statblocks.

Every model is strict (no silent type coercion: "yes" is not a boolean, "3" is not a number),
frozen, and forbids unknown fields, so a typo is reported instead of ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from sheetgen import limits


class Strict(BaseModel):
    # defer_build: a model's validator is built when it is first used, not when its class is made, so that
    # each nested model is built once, inside the file model that uses it (0.13-0.16 s to import the models
    # and read a site, against 0.16-0.21 s when every model was built at import), and a command that reads
    # no file, or takes a site from the cache, builds none.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


def _text(value: str) -> str:
    if len(value) > limits.MAX_TEXT:
        raise ValueError(f"text is {len(value)} characters; at most {limits.MAX_TEXT} are allowed")
    return value.strip()


def _name(value: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError("must not be empty")
    if len(value) > limits.MAX_NAME:
        raise ValueError(f"is {len(value)} characters; at most {limits.MAX_NAME} are allowed")
    if "\n" in value:
        raise ValueError("must be on one line")
    return value


Text = Annotated[str, AfterValidator(_text)]
"""Free text printed on a sheet. Blank lines separate paragraphs; **bold** marks emphasis."""

Name = Annotated[str, AfterValidator(_name)]
"""A one-line name or label."""

_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*\Z")


def _slug(value: str) -> str:
    if not _SLUG.match(value):
        raise ValueError(f"{value!r} is not a valid id: use lower-case letters, digits and hyphens, like 'loud-noise'")
    if len(value) > limits.MAX_ID:
        raise ValueError(f"is {len(value)} characters; at most {limits.MAX_ID} are allowed in an id")
    return value


Id = Annotated[str, AfterValidator(_slug)]
"""An identifier other parts of the file refer to: lower-case letters, digits and hyphens."""

_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*\Z")


def _language(value: str) -> str:
    if not _LANGUAGE.match(value):
        raise ValueError(f"{value!r} is not a language tag: use one such as 'en', 'de' or 'pt-BR'")
    return value


Language = Annotated[str, AfterValidator(_language)]
"""The language the text is written in, as a BCP 47 tag: en, fr, pt-BR."""


def _key_to_str(value: Any) -> Any:
    if isinstance(value, bool):
        return value  # rejected by the str validator below: true is no room key
    if isinstance(value, int | float):
        return str(value)
    return value


Key = Annotated[str, BeforeValidator(_key_to_str), AfterValidator(_name)]
"""A room key: a string or a number, kept as text."""

_DURATION = re.compile(
    r"\s*(?P<n>[0-9]+(?:\.[0-9]+)?)\s*(?P<unit>seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d)\s*\Z",
    re.IGNORECASE,
)
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(value: Any) -> Any:
    """'10 minutes', '30 seconds', '1 hour', '1.5 hours', '3 days' -> seconds."""
    if isinstance(value, bool) or not isinstance(value, str):
        raise ValueError("a duration is written like '10 minutes', '30 seconds', '1 hour' or '3 days'")
    match = _DURATION.match(value)
    if not match:
        raise ValueError(f"{value!r} is not a duration; write it like '10 minutes', '30 seconds', '1 hour' or '3 days'")
    seconds = float(match["n"]) * _SECONDS[match["unit"][0].lower()]
    if seconds <= 0 or seconds != int(seconds) or seconds > 7 * 24 * 3600:
        raise ValueError(f"{value!r} must be a whole number of seconds, more than 0 and at most a week")
    return int(seconds)


def duration_field(seconds: int) -> str:
    """A length of time as a pack or site file writes it, in one unit its reader takes: '2 days',
    '8 hours', '90 minutes', '45 seconds'."""
    size, name = (
        next((size, name) for size, name in ((86400, "day"), (3600, "hour"), (60, "minute")) if seconds % size == 0)
        if seconds % 60 == 0
        else (1, "second")
    )
    n = seconds // size
    return f"{n} {name}{'s' if n != 1 else ''}"


Duration = Annotated[
    int,
    BeforeValidator(parse_duration),
    WithJsonSchema({"type": "string", "pattern": _DURATION.pattern, "examples": ["10 minutes"]}),
]
"""A length of time, stored in seconds."""


OPEN_HIGH = 10_000
"""The high end an open-ended range ('10+') is stored with: above every written number (four digits at
most), so loops over a range's values stay bounded. Whether a range is open is its ``open`` flag, and
``in`` asks that, so a total above this still counts."""


@dataclass(frozen=True)
class RollRange:
    """An inclusive range of die results, written '3', '1-2' or '00' (a d% 100), or open-ended, '10+'."""

    low: int
    high: int
    text: str
    open: bool = False  # '10+': every value from low up

    def __contains__(self, value: int) -> bool:
        return self.low <= value and (self.open or value <= self.high)

    def __str__(self) -> str:
        return self.text


_RANGE = re.compile(r"\s*([0-9]{1,4})\s*(?:[-–—]\s*([0-9]{1,4})\s*|\+\s*)?\Z")


def parse_range(value: Any) -> Any:
    if isinstance(value, RollRange):
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError("a roll range is written like 3, '1-2' or '5-6'")
    text = str(value).strip()
    match = _RANGE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a roll range; write it like 3, '1-2' or '5-6'")
    low = int(match[1])
    is_open = text.endswith("+")
    high = int(match[2]) if match[2] else (OPEN_HIGH if is_open else low)
    if text in ("00", "000"):
        low = high = 10 ** len(text)
    if high < low:
        raise ValueError(f"{text!r} runs backwards; write the low end first")
    return RollRange(low, high, text.replace(" ", "").replace("–", "-").replace("—", "-"), is_open)


Range = Annotated[
    RollRange,
    BeforeValidator(parse_range),
    WithJsonSchema({"type": ["string", "integer"], "examples": ["1-2", 3, "10+"]}),
]

_LEVEL_RANGE = re.compile(r"\s*(-?[0-9]{1,4})\s*(?:(?:[-–—]|to|\.\.)\s*(-?[0-9]{1,4})\s*|\+\s*)?\Z")


def parse_level_range(value: Any) -> Any:
    """A range of track levels, which may be negative: -2, '-3 to -1', '-3--1', '-1-2', '1-3', '4+'.

    Ranges without a minus sign read exactly as roll ranges do, so every pack written before stays the same.
    """
    if isinstance(value, RollRange):
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError("a range of levels is written like 3, -2, '1-3' or '-3 to -1'")
    text = str(value).strip()
    if "-" not in text.lstrip()[:1] and " to " not in text and ".." not in text:
        return parse_range(value)
    match = _LEVEL_RANGE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a range of levels; write it like 3, -2, '1-3' or '-3 to -1'")
    low = int(match[1])
    is_open = text.endswith("+")
    high = int(match[2]) if match[2] else (OPEN_HIGH if is_open else low)
    if high < low:
        raise ValueError(f"{text!r} runs backwards; write the low end first")
    if is_open:
        shown = f"{low}+"
    elif low == high:
        shown = str(low)
    else:
        shown = f"{low} to {high}" if low < 0 or high < 0 else f"{low}-{high}"
    return RollRange(low, high, shown, is_open)


LevelRange = Annotated[
    RollRange,
    BeforeValidator(parse_level_range),
    WithJsonSchema({"type": ["string", "integer"], "examples": ["1-3", -2, "-3 to -1", "4+"]}),
]
"""A range of track levels: a roll range, or one with negative ends such as -2 or '-3 to -1'."""


def _dice(value: Any) -> Any:
    from sheetgen.dice_notation import parse_notation  # a small leaf; the late import keeps the model cheap
    from sheetgen.errors import DiceError

    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValueError("dice are written like 'd6', '2d6' or '1d8+1'")
    try:
        return parse_notation(value)[0]
    except DiceError as exc:  # the message names the expression and the column
        raise ValueError(str(exc)) from None


DiceText = Annotated[
    str,
    BeforeValidator(_dice),
    WithJsonSchema({"type": ["string", "integer"], "examples": ["1d6", "2d6", "d4", "4d6kh3"]}),
]
"""A dice expression such as 1d6, 2d6+1, 4d6kh3 or d%; a plain number is a constant."""


class StatAction(Strict):
    name: Name
    text: Text = ""
    kind: Name | None = Field(default=None, description="e.g. 'Melee Attack', printed in brackets")


class Statblock(Strict):
    """A creature's statblock, in the shape of the encounter-reaction example."""

    id: Id
    name: Name
    description: Text = ""
    stats: dict[Name, Key] = Field(default_factory=dict, description="printed in the order given")
    zone: Name | None = None
    morale: int | None = Field(
        default=None,
        ge=0,
        le=10_000,
        description="checked against the morale roll of the encounter rules: 2-12 for 2d6",
    )
    appearing: DiceText | None = None
    actions: list[StatAction] = Field(default_factory=list, max_length=limits.MAX_LIST)
    notes: Text = ""
