"""Dice notation in, its normalised text and terms out: what a pack or site may write as dice.

Notation: ``NdM`` (``dM`` means ``1dM``, ``d%`` means ``d100``), whole-number constants, ``+`` and ``-``
between terms (the Unicode minus sign, U+2212, too), and keep-highest / keep-lowest as in ``4d6kh3`` and
``2d20kl1`` (``k3`` means ``kh3``). ``D``, ``K``, ``H`` and ``L`` may be capitals, and spaces are allowed
around operators. Parentheses, multiplication and exploding dice are not part of it. The normalised
text is lower case without spaces, with ``-`` for the minus and ``kh`` for ``k``, but keeps ``d6``
apart from ``1d6`` and ``d%`` apart from ``d100``, so a sheet shows the dice as the pack wrote them.

Why a small parser of our own over icepool rather than the well-known ``d20`` package: ``d20`` has had
no release since 2021, pulls in a legacy parser-generator package, and rolls with the global
``random`` module, while every roll on a sheetgen sheet must come from the seeded ``random.Random``
that is printed on the sheet. The notation above is small enough for a one-pass tokenizer that loops
over the text, never recursing, so no input can exhaust the stack. Rolling and exact odds are the
engine's (:mod:`sheetgen.engine.dice`); this module imports nothing of sheetgen but its errors, so the
model can check dice with it.

Limits, each refused with a :class:`~sheetgen.errors.DiceError` that quotes the expression and gives
the 1-based column within it: at most 200 characters, 20 terms, 1,000 dice in the whole expression,
1,000 sides on a die and constants up to 1,000,000.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.errors import DiceError, Location

MAX_TEXT_LENGTH = 200
MAX_TERMS = 20
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_CONSTANT = 1_000_000

_DIGITS = "0123456789"
_MINUS_SIGNS = "-\u2212"  # ASCII hyphen-minus and the Unicode minus sign
_OPERATORS = "+" + _MINUS_SIGNS


@dataclass(frozen=True)
class Constant:
    """A whole number added (sign +1) or subtracted (sign -1)."""

    sign: int
    value: int

    def text(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Roll:
    """``count`` dice of ``sides`` sides, summed whole or only the ``keep`` highest (or lowest)."""

    sign: int
    count: int
    sides: int
    keep: int | None = None
    keep_highest: bool = True
    count_written: bool = True  # "1d6" rather than "d6", kept so the sheet shows what the pack wrote
    percent: bool = False  # "d%" rather than "d100"

    @property
    def kept(self) -> int:
        return self.count if self.keep is None else self.keep

    def text(self) -> str:
        count = str(self.count) if self.count_written else ""
        sides = "%" if self.percent else str(self.sides)
        keep = "" if self.keep is None else f"k{'h' if self.keep_highest else 'l'}{self.keep}"
        return f"{count}d{sides}{keep}"


Term = Constant | Roll


def parse_notation(text: str | int) -> tuple[str, tuple[Term, ...]]:
    """The normalised text and the terms of dice notation (see the module docstring); a whole number is a
    constant, 3 meaning "3"."""
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise DiceError(
            f'dice must be written as text such as "2d6+1" or a whole number, not {text!r}',
            Location(column=1),
        )
    if isinstance(text, int):
        text = str(text)
    terms = _Parser(text).parse()
    return _normalise(terms), terms


class _Parser:
    """One left-to-right pass over the text; every loop is bounded by the text's length."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.total_dice = 0

    def fail(self, message: str, pos: int) -> DiceError:
        column = pos + 1
        return DiceError(f"dice {quoted(self.text)}: {message} at column {column}", Location(column=column))

    def found(self, pos: int) -> str:
        """' but found "x"', or nothing at the end of the text."""
        return f" but found {quoted(self.text[pos])}" if pos < len(self.text) else ""

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def number(self) -> int | None:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        # At most MAX_TEXT_LENGTH digits, far below int()'s limit on digits.
        return int(self.text[start : self.pos]) if self.pos > start else None

    def parse(self) -> tuple[Term, ...]:
        if len(self.text) > MAX_TEXT_LENGTH:
            raise self.fail(f"longer than {MAX_TEXT_LENGTH} characters", MAX_TEXT_LENGTH)
        self.skip_spaces()
        if self.pos == len(self.text):
            raise self.fail("empty expression", 0)
        if self.text[self.pos] in _MINUS_SIGNS:
            raise self.fail('cannot start with "-"; put a minus only between terms, as in "1d6-1"', self.pos)
        terms = [self.term(1, "")]
        while True:
            self.skip_spaces()
            if self.pos == len(self.text):
                return tuple(terms)
            operator = self.text[self.pos]
            if operator not in _OPERATORS:
                raise self.fail(f'expected "+" or "-"{self.found(self.pos)}', self.pos)
            self.pos += 1
            self.skip_spaces()
            if len(terms) == MAX_TERMS:
                raise self.fail(f"more than {MAX_TERMS} terms", self.pos)
            terms.append(self.term(1 if operator == "+" else -1, f' after "{operator}"'))

    def term(self, sign: int, after: str) -> Term:
        start = self.pos
        count = self.number()
        if self.pos == len(self.text) or self.text[self.pos] not in "dD":
            if count is None:
                raise self.fail(f"expected a number or a die{after}{self.found(self.pos)}", self.pos)
            if count > MAX_CONSTANT:
                raise self.fail(f"a number above {MAX_CONSTANT:,} has no place in a dice roll", start)
            return Constant(sign, count)
        if count == 0:
            raise self.fail("cannot roll 0 dice", start)
        self.pos += 1  # the "d"
        written = count is not None
        count = 1 if count is None else count
        if count > MAX_DICE:
            raise self.fail(f"too many dice (the limit is {MAX_DICE})", start)
        self.total_dice += count
        if self.total_dice > MAX_DICE:
            raise self.fail(f"too many dice, {self.total_dice} in all (the limit is {MAX_DICE})", start)
        sides_at = self.pos
        percent = self.pos < len(self.text) and self.text[self.pos] == "%"
        if percent:
            self.pos += 1
            sides: int | None = 100
        else:
            sides = self.number()
        if sides is None:
            raise self.fail(f'expected the number of sides or "%" after "d"{self.found(self.pos)}', self.pos)
        if sides == 0:
            raise self.fail("a die needs at least 1 side", sides_at)
        if sides > MAX_SIDES:
            raise self.fail(f"too many sides on a die (the limit is {MAX_SIDES})", sides_at)
        roll = Roll(sign, count, sides, count_written=written, percent=percent)
        if self.pos == len(self.text) or self.text[self.pos] not in "kK":
            return roll
        self.pos += 1  # the "k"
        highest = True
        if self.pos < len(self.text) and self.text[self.pos] in "hHlL":
            highest = self.text[self.pos] in "hH"
            self.pos += 1
        keep_at = self.pos
        keep = self.number()
        if keep is None:
            which = "kh" if highest else "kl"
            raise self.fail(f'expected how many dice to keep after "{which}"{self.found(self.pos)}', self.pos)
        if keep == 0:
            raise self.fail("cannot keep 0 dice", keep_at)
        if keep > count:
            raise self.fail(f"cannot keep {shortened(keep)} of {count} {'die' if count == 1 else 'dice'}", keep_at)
        return Roll(sign, count, sides, keep, highest, written, percent)


def _normalise(terms: tuple[Term, ...]) -> str:
    parts = [terms[0].text()]
    for term in terms[1:]:
        parts.append(("+" if term.sign > 0 else "-") + term.text())
    return "".join(parts)


def quoted(text: str) -> str:
    """The text in double quotes for a message: control characters escaped, very long text cut short."""
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text[:60])
    return f'"{shown}…"' if len(text) > 60 else f'"{shown}"'


def shortened(number: int) -> str:
    """The number for a message, its digits cut short past twelve."""
    digits = str(number)
    return digits if len(digits) <= 12 else f"{digits[:6]}… ({len(digits)} digits)"
