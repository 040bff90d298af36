"""Dice notation: parsing, limits and their messages, seeded rolls, exact distributions."""

from __future__ import annotations

import random
import sys
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheetgen.engine.dice as dice_module
from sheetgen.dice_notation import Constant, Roll, Term
from sheetgen.engine.dice import (
    MAX_EXACT_WORK,
    Dice,
    die_faces,
    exact_work,
    parse_dice,
    pool_highest,
    pool_lowest,
    probability,
)
from sheetgen.errors import DiceError, SheetgenError

BOUNDED = settings(max_examples=300, deadline=None, database=None)


def refusal(text: str | int) -> DiceError:
    with pytest.raises(DiceError) as caught:
        parse_dice(text)
    return caught.value


# Parsing and normalising


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("2d6+1", "2d6+1"),
        ("2D6 + 1", "2d6+1"),
        ("  1d8 -1 ", "1d8-1"),
        ("1d8 \u2212 1", "1d8-1"),
        ("d4+d6+2", "d4+d6+2"),
        ("d%", "d%"),
        ("2d%", "2d%"),
        ("d100", "d100"),
        ("1d6", "1d6"),
        ("d6", "d6"),
        ("d1", "d1"),
        ("4d6kh3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("4D6KH3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("2d20KL1", "2d20kl1"),
        ("02d06", "2d6"),
        ("10 - 2d4", "10-2d4"),
        ("0", "0"),
        ("d6\t+\td6", "d6+d6"),
        ("1000d1000", "1000d1000"),
        (3, "3"),
        (0, "0"),
    ],
)
def test_parse_normalises(text: str | int, normalised: str) -> None:
    dice = parse_dice(text)
    assert dice.text == normalised
    assert str(dice) == normalised
    assert parse_dice(normalised) == dice


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("2d6+1", 3, 13),
        ("1d8-1", 0, 7),
        ("4d6kh3", 3, 18),
        ("2d20kl1", 1, 20),
        ("d%", 1, 100),
        ("10-2d4", 2, 8),
        ("d6-d6", -5, 5),
        ("5", 5, 5),
        ("d1", 1, 1),
        ("1000d1000", 1000, 1_000_000),
    ],
)
def test_minimum_and_maximum(text: str, low: int, high: int) -> None:
    dice = parse_dice(text)
    assert (dice.minimum, dice.maximum) == (low, high)


# Refusals: the message quotes the expression and gives the column within it


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("", 'dice "": empty expression at column 1', 1),
        ("   ", 'dice "   ": empty expression at column 1', 1),
        ("0d6", 'dice "0d6": cannot roll 0 dice at column 1', 1),
        ("2d6+0d4", 'dice "2d6+0d4": cannot roll 0 dice at column 5', 5),
        ("d0", 'dice "d0": a die needs at least 1 side at column 2', 2),
        (
            "-1d6",
            'dice "-1d6": cannot start with "-"; put a minus only between terms, as in "1d6-1" at column 1',
            1,
        ),
        (
            " \u22121d6",
            'dice " \u22121d6": cannot start with "-"; put a minus only between terms, as in "1d6-1" at column 2',
            2,
        ),
        ("1d6+", 'dice "1d6+": expected a number or a die after "+" at column 5', 5),
        ("1d6 - ", 'dice "1d6 - ": expected a number or a die after "-" at column 7', 7),
        ("1d6+(2)", 'dice "1d6+(2)": expected a number or a die after "+" but found "(" at column 5', 5),
        ("1000000d1000000", 'dice "1000000d1000000": too many dice (the limit is 1000) at column 1', 1),
        ("600d6+401d6", 'dice "600d6+401d6": too many dice, 1001 in all (the limit is 1000) at column 7', 7),
        ("1d1001", 'dice "1d1001": too many sides on a die (the limit is 1000) at column 3', 3),
        ("4d6kh5", 'dice "4d6kh5": cannot keep 5 of 4 dice at column 6', 6),
        ("d6kh2", 'dice "d6kh2": cannot keep 2 of 1 die at column 5', 5),
        ("4d6k0", 'dice "4d6k0": cannot keep 0 dice at column 5', 5),
        ("4d6k", 'dice "4d6k": expected how many dice to keep after "kh" at column 5', 5),
        (
            "2d20kl+1",
            'dice "2d20kl+1": expected how many dice to keep after "kl" but found "+" at column 7',
            7,
        ),
        ("2d", 'dice "2d": expected the number of sides or "%" after "d" at column 3', 3),
        ("2d6x", 'dice "2d6x": expected "+" or "-" but found "x" at column 4', 4),
        ("2d6 3", 'dice "2d6 3": expected "+" or "-" but found "3" at column 5', 5),
        ("3kh1", 'dice "3kh1": expected "+" or "-" but found "k" at column 2', 2),
        ("abc", 'dice "abc": expected a number or a die but found "a" at column 1', 1),
        ("+1d6", 'dice "+1d6": expected a number or a die but found "+" at column 1', 1),
        ("2*d6", 'dice "2*d6": expected "+" or "-" but found "*" at column 2', 2),
        ("\u00b2d6", 'dice "\u00b2d6": expected a number or a die but found "\u00b2" at column 1', 1),
        ("2d6\x00", 'dice "2d6\\x00": expected "+" or "-" but found "\\x00" at column 4', 4),
        ("2d6\n+x", 'dice "2d6\\n+x": expected a number or a die after "+" but found "x" at column 6', 6),
    ],
)
def test_refusals_name_the_expression_and_column(text: str, message: str, column: int) -> None:
    error = refusal(text)
    assert str(error) == message
    assert error.problems[0].location.column == column
    assert isinstance(error, SheetgenError)


def test_refuses_more_than_200_characters() -> None:
    assert parse_dice("2d6 +" + " " * 194 + "1").text == "2d6+1"  # 200 characters
    error = refusal("2d6 +" + " " * 195 + "1")
    assert str(error) == 'dice "2d6 +' + " " * 55 + '…": longer than 200 characters at column 201'


def test_refuses_more_than_20_terms() -> None:
    assert parse_dice("+".join(["1"] * 20)).maximum == 20
    error = refusal("+".join(["1"] * 21))
    assert str(error) == 'dice "' + "1+" * 20 + '1": more than 20 terms at column 41'


def test_refuses_more_than_1000_dice_but_allows_1000() -> None:
    assert parse_dice("500d6+500d4").minimum == 1000
    assert str(refusal("500d6+500d4+d2")) == (
        'dice "500d6+500d4+d2": too many dice, 1001 in all (the limit is 1000) at column 13'
    )


@pytest.mark.parametrize("value", [True, 1.5, None, ["2d6"]])
def test_refuses_what_is_neither_text_nor_a_whole_number(value: object) -> None:
    error = refusal(value)  # type: ignore[arg-type]
    assert str(error) == f'dice must be written as text such as "2d6+1" or a whole number, not {value!r}'


def test_negative_whole_number_is_refused_like_the_text() -> None:
    assert (
        str(refusal(-2))
        == 'dice "-2": cannot start with "-"; put a minus only between terms, as in "1d6-1" at column 1'
    )


# die_faces


@pytest.mark.parametrize(("text", "sides"), [("d6", 6), ("1d6", 6), ("D20", 20), ("d%", 100), (" d1 ", 1)])
def test_die_faces(text: str, sides: int) -> None:
    assert die_faces(text) == sides


@pytest.mark.parametrize("text", ["2d6", "d6+1", "3", "d4+d4", "2d6kh1"])
def test_die_faces_refuses_anything_but_one_die(text: str) -> None:
    with pytest.raises(DiceError) as caught:
        die_faces(text)
    assert str(caught.value) == f'dice "{text}": expected a single die such as "d6"'


def test_die_faces_passes_on_parse_errors() -> None:
    with pytest.raises(DiceError) as caught:
        die_faces("d0")
    assert str(caught.value) == 'dice "d0": a die needs at least 1 side at column 2'


# Rolling


def test_same_seed_same_rolls() -> None:
    dice = parse_dice("4d6kh3+d8-2")
    first, second = random.Random(99), random.Random(99)
    assert [dice.roll_detail(first) for _ in range(50)] == [dice.roll_detail(second) for _ in range(50)]


def test_dice_are_rolled_left_to_right_with_randint() -> None:
    dice = parse_dice("d4+2d6-1")
    expected = random.Random(5)
    faces = (expected.randint(1, 4), expected.randint(1, 6), expected.randint(1, 6))
    assert dice.roll_detail(random.Random(5)) == (sum(faces) - 1, faces)


def test_keep_rolls_every_die_and_sums_the_kept() -> None:
    rng = random.Random(3)
    for text, highest in [("4d6kh3", True), ("4d6kl2", False)]:
        dice = parse_dice(text)
        for _ in range(100):
            total, faces = dice.roll_detail(rng)
            assert len(faces) == 4
            kept = sorted(faces, reverse=highest)[: int(text[-1])]
            assert total == sum(kept)


def test_roll_matches_roll_detail() -> None:
    dice = parse_dice("3d6+2")
    assert [dice.roll(random.Random(s)) for s in range(20)] == [
        dice.roll_detail(random.Random(s))[0] for s in range(20)
    ]


def test_rolling_leaves_the_global_random_alone() -> None:
    random.seed(1)
    before = random.getstate()
    dice = parse_dice("10d10+4d6kh3")
    for _ in range(10):
        dice.roll(random.Random(2))
    assert random.getstate() == before


def test_a_pathological_but_allowed_expression_rolls() -> None:
    dice = parse_dice("1000d1000")
    total, faces = dice.roll_detail(random.Random(0))
    assert len(faces) == 1000
    assert dice.minimum <= total <= dice.maximum


# Goodness of fit: 60,000 seeded rolls against the exact distribution

# Chi-square critical values at 0.999 (scipy.stats.chi2.ppf(0.999, df)), by degrees of freedom:
# d6 has 6 totals (5), 2d6 has 11 (10), 4d6kh3 has 16 (15). A fair roller exceeds them one time in 1,000.
CHI_SQUARE_999 = {5: 20.515, 10: 29.588, 15: 37.697}


def chi_square(observed: Counter[int], dist: dict[int, Fraction]) -> float:
    rolls = sum(observed.values())
    assert set(observed) <= set(dist)
    return sum(float((observed[total] - rolls * p) ** 2 / (rolls * p)) for total, p in dist.items())


@pytest.mark.parametrize("text", ["d6", "2d6", "4d6kh3"])
def test_rolls_fit_the_distribution(text: str) -> None:
    dice = parse_dice(text)
    rng = random.Random(20240601)
    observed = Counter(dice.roll(rng) for _ in range(60_000))
    dist = dice.distribution()
    assert chi_square(observed, dist) < CHI_SQUARE_999[len(dist) - 1]


def test_chi_square_catches_a_biased_roller() -> None:
    rng = random.Random(20240601)
    loaded = Counter(max(rng.randint(1, 6), rng.randint(1, 2)) for _ in range(60_000))  # fewer 1s
    assert chi_square(loaded, parse_dice("d6").distribution()) > CHI_SQUARE_999[5]


# Exact distributions


@pytest.mark.parametrize("text", ["d6", "2d6", "4d6kh3", "2d20kl1", "d%", "1d8-1", "d6-d6+3", "7", "3d4kh2+d6"])
def test_distribution_sums_to_exactly_one_over_minimum_to_maximum(text: str) -> None:
    dice = parse_dice(text)
    dist = dice.distribution()
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in dist.values())
    assert list(dist) == sorted(dist)
    assert (min(dist), max(dist)) == (dice.minimum, dice.maximum)


def test_known_values() -> None:
    assert parse_dice("2d6").distribution()[7] == Fraction(1, 6)
    assert parse_dice("4d6kh3").distribution()[18] == Fraction(21, 1296)
    assert parse_dice("4d6kh3").distribution()[3] == Fraction(1, 1296)
    assert parse_dice("2d20kl1").distribution()[1] == Fraction(39, 400)
    assert parse_dice("2d20kh1").distribution()[20] == Fraction(39, 400)
    assert parse_dice("d%").distribution() == {n: Fraction(1, 100) for n in range(1, 101)}
    assert parse_dice("1d8-1").distribution() == {n: Fraction(1, 8) for n in range(8)}
    assert parse_dice("d6-d6").distribution()[0] == Fraction(1, 6)
    assert parse_dice("3").distribution() == {3: Fraction(1)}
    assert parse_dice("10-2d4").distribution()[2] == Fraction(1, 16)


def test_distribution_is_computed_once_and_cannot_be_spoiled(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = dice_module._exact_distribution

    def counting(terms: tuple[Term, ...]) -> tuple[tuple[int, Fraction], ...]:
        calls.append(terms)
        return real(terms)

    monkeypatch.setattr(dice_module, "_exact_distribution", counting)
    dice = parse_dice("2d6")
    first = dice.distribution()
    first[7] = Fraction(0)
    assert dice.distribution()[7] == Fraction(1, 6)
    assert len(calls) == 1


def test_too_large_to_compute_exactly() -> None:
    with pytest.raises(DiceError) as caught:
        parse_dice("1000d1000").distribution()
    assert str(caught.value) == 'dice "1000d1000": too large to compute exactly (it can still be rolled)'


@pytest.mark.parametrize(
    ("largest", "too_large"),
    [
        # The examples in the module docstring.
        ("394d6", "395d6"),
        ("152d20", "153d20"),
        ("36d100", "37d100"),
        ("4d1000", "5d1000"),
        ("202d6kh101", "203d6kh101"),
        ("86d20kh43", "87d20kh43"),
        ("21d100kh10", "22d100kh11"),
    ],
)
def test_work_limit_boundaries(largest: str, too_large: str) -> None:
    assert exact_work(parse_dice(largest).terms) <= MAX_EXACT_WORK < exact_work(parse_dice(too_large).terms)


def test_keeping_one_die_of_a_large_pool_is_cheap() -> None:
    dist = parse_dice("1000d1000kh1").distribution()
    assert sum(dist.values()) == 1
    assert dist[1] == Fraction(1, 1000**1000)


def test_large_pool_despite_a_low_recursion_limit() -> None:
    # icepool recurses once per face while evaluating a pool.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        dist = parse_dice("3d400kh2").distribution()
        assert sys.getrecursionlimit() == 300
    finally:
        sys.setrecursionlimit(limit)
    assert sum(dist.values()) == 1
    assert dist[800] == Fraction(3 * 399 + 1, 400**3)


def test_a_failure_inside_icepool_is_still_a_dice_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def exhausted(terms: tuple[Term, ...]) -> tuple[tuple[int, Fraction], ...]:
        raise MemoryError

    monkeypatch.setattr(dice_module, "_exact_distribution", exhausted)
    with pytest.raises(DiceError, match="too large to compute exactly"):
        parse_dice("2d6").distribution()


def test_probability() -> None:
    dist = parse_dice("2d6").distribution()
    assert probability(dist, lambda total: total >= 10) == Fraction(6, 36)
    assert probability(dist, lambda total: total > 12) == 0


def test_pools() -> None:
    assert pool_highest(2, 6)[6] == Fraction(11, 36)
    assert pool_lowest(2, 6)[1] == Fraction(11, 36)
    assert pool_highest(1, 6) == {n: Fraction(1, 6) for n in range(1, 7)}
    assert pool_highest(3, 20) == parse_dice("3d20kh1").distribution()
    assert pool_lowest(3, 20) == parse_dice("3d20kl1").distribution()
    assert sum(pool_highest(1000, 1000).values()) == 1


@pytest.mark.parametrize(
    ("count", "sides", "message"),
    [
        (0, 6, "a pool needs from 1 to 1000 dice, not 0"),
        (1001, 6, "a pool needs from 1 to 1000 dice, not 1001"),
        (2, 0, "a die needs from 1 to 1000 sides, not 0"),
        (2, 10**20, "a die needs from 1 to 1000 sides, not 100000… (21 digits)"),
    ],
)
def test_pool_limits(count: int, sides: int, message: str) -> None:
    for pool in (pool_highest, pool_lowest):
        with pytest.raises(DiceError) as caught:
            pool(count, sides)
        assert str(caught.value) == message


# Properties


def parses_or_refuses(text: str) -> None:
    try:
        dice = parse_dice(text)
    except DiceError as error:
        assert str(error).startswith('dice "')
        return
    assert isinstance(dice, Dice)
    assert parse_dice(dice.text) == dice


@BOUNDED
@given(st.text(max_size=250))
def test_any_text_parses_or_raises_dice_error(text: str) -> None:
    parses_or_refuses(text)


NEAR_VALID_TOKENS = [
    "d", "D", "%", "+", "-", "\u2212", " ", "\t", "k", "K", "kh", "kl", "h", "l", "0", "1", "3", "6", "20",
    "100", "1000", "1001", "999999", "0" * 50, "9" * 120, "x", "(", ")", "*", ".", "\u00b2", "\u0663", "\n",
]  # fmt: skip


@BOUNDED
@given(st.lists(st.sampled_from(NEAR_VALID_TOKENS), max_size=40).map("".join))
def test_near_valid_text_parses_or_raises_dice_error(text: str) -> None:
    parses_or_refuses(text)


ALL_SIDES = ["1", "2", "4", "6", "8", "10", "12", "20", "100", "%", "1000"]


@st.composite
def valid_expressions(draw: st.DrawFn, max_count: int = 60, max_terms: int = 20, sides: list[str] = ALL_SIDES) -> str:
    """Dice notation within every limit: at most 200 characters, 20 terms and 1,000 dice."""
    text = ""
    dice_left = 1000
    for index in range(draw(st.integers(1, max_terms))):
        operator = draw(st.sampled_from(["+", "-", " + ", " - ", "\u2212"])) if index else ""
        if dice_left == 0 or draw(st.booleans()):
            term = str(draw(st.integers(0, 100)))
        else:
            count = draw(st.integers(1, min(max_count, dice_left)))
            written = "" if count == 1 and draw(st.booleans()) else str(count)
            keep = ""
            if draw(st.booleans()):
                keep = draw(st.sampled_from(["k", "kh", "kl", "KH", "Kl"])) + str(draw(st.integers(1, count)))
            term = f"{written}{draw(st.sampled_from('dD'))}{draw(st.sampled_from(sides))}{keep}"
        if len(text) + len(operator) + len(term) > 200:
            break
        text += operator + term
        if "d" in term.lower():
            dice_left -= count
    return text


@BOUNDED
@given(valid_expressions(), st.integers(0, 2**32))
def test_rolls_stay_between_minimum_and_maximum(text: str, seed: int) -> None:
    dice = parse_dice(text)
    rng = random.Random(seed)
    for _ in range(5):
        total, faces = dice.roll_detail(rng)
        assert dice.minimum <= total <= dice.maximum
        assert all(face >= 1 for face in faces)


@settings(max_examples=100, deadline=None, database=None)
@given(valid_expressions(max_count=3, max_terms=3, sides=["1", "2", "6", "20", "%"]))
def test_small_distributions_span_minimum_to_maximum(text: str) -> None:
    dice = parse_dice(text)
    if exact_work(dice.terms) > MAX_EXACT_WORK:
        return
    dist = dice.distribution()
    assert sum(dist.values()) == 1
    assert (min(dist), max(dist)) == (dice.minimum, dice.maximum)


def test_constants_are_bounded() -> None:
    assert parse_dice("1d6+1000000").maximum == 1_000_006
    assert str(refusal("1d6+1000001")) == (
        'dice "1d6+1000001": a number above 1,000,000 has no place in a dice roll at column 5'
    )
    with pytest.raises(DiceError) as info:
        parse_dice("1d6+" + "9" * 20)
    assert str(info.value) == (
        'dice "1d6+99999999999999999999": a number above 1,000,000 has no place in a dice roll at column 5'
    )


def test_the_fast_die_roller_draws_exactly_what_randint_draws() -> None:
    from sheetgen.compat.random_draws import die_roller

    for seed in range(50):
        fast, slow = random.Random(seed), random.Random(seed)
        below = die_roller(fast)
        for sides in (2, 3, 4, 6, 8, 10, 12, 20, 100, 1000):
            assert [1 + below(sides) for _ in range(20)] == [slow.randint(1, sides) for _ in range(20)]


@pytest.mark.parametrize("text", ["2d6", "3d6", "4d6kh3", "4d6kl1", "2d10+3", "2d20", "3d4-1", "10-2d6", "6d6"])
def test_a_few_dice_of_a_kind_roll_as_randint_rolls_them_one_by_one(text: str) -> None:
    """The results of a few dice of one kind are made once each; a roll still draws its dice as randint does."""
    dice = parse_dice(text)
    (term,) = [t for t in dice.terms if isinstance(t, Roll)]
    constant = sum(t.value * t.sign for t in dice.terms if isinstance(t, Constant))
    for seed in range(200):
        rng, slow = random.Random(seed), random.Random(seed)
        faces = [slow.randint(1, term.sides) for _ in range(term.count)]
        kept = faces if term.keep is None else sorted(faces, reverse=term.keep_highest)[: term.keep]
        assert dice.roll_detail(rng) == (constant + term.sign * sum(kept), tuple(faces))
        assert rng.random() == slow.random()


def test_roll_detail_is_the_same_whatever_generator_class() -> None:
    class Other(random.Random):
        pass

    for text in ("1d6", "2d6+1", "4d6kh3", "d%", "1d8-1d4"):
        dice = parse_dice(text)
        assert [dice.roll_detail(random.Random(s)) for s in range(30)] == [
            dice.roll_detail(Other(s)) for s in range(30)
        ]


def test_totals_are_the_totals_the_exact_distribution_can_roll() -> None:
    """A check reads a roll's totals from Dice.totals (no exact distribution needed): they must be the
    totals the distribution gives a chance to, for sums, differences, kept dice and constants."""
    rng = random.Random(1)
    expressions = ["d6", "2d6", "4d6kh3", "2d20kl1", "d%", "3d4-2", "d6-d6", "5", "2d6+d4-3", "6d6kh2", "d1"]
    for _ in range(300):
        terms = []
        for index in range(rng.randint(1, 3)):
            count, sides = rng.randint(1, 4), rng.choice([1, 2, 3, 4, 6, 8, 10, 12, 20])
            keep = f"k{rng.choice('hl')}{rng.randint(1, count)}" if rng.random() < 0.3 else ""
            terms.append(("-" if index and rng.random() < 0.3 else "+") + f"{count}d{sides}{keep}")
        if rng.random() < 0.5:
            terms.append(f"+{rng.randint(0, 5)}")
        expressions.append("".join(terms).lstrip("+"))
    for text in expressions:
        dice = parse_dice(text)
        rolled = sorted(total for total, chance in dice.distribution().items() if chance > 0)
        assert list(dice.totals()) == rolled, text


def test_totals_refuse_what_the_exact_distribution_refuses() -> None:
    with pytest.raises(DiceError, match="too large to compute exactly"):
        parse_dice("1000d1000").totals()


def test_sums_counted_without_icepool_are_the_distributions_icepool_gives() -> None:
    rng = random.Random(3)
    expressions = [
        "d6",
        "2d6",
        "d%",
        "3d4-2",
        "d6-d6",
        "2d6+d4-3",
        "d1",
        "12d6",
        "d20+d12-d8+3",
        "30d6",
        "2-3d6",
        "60d6",
        "8d100-2d20",
        "3d1000",
    ]
    for _ in range(200):
        terms = [
            ("-" if index and rng.random() < 0.3 else "+")
            + f"{rng.randint(1, 4)}d{rng.choice([1, 2, 3, 4, 6, 8, 10, 12, 20, 100])}"
            for index in range(rng.randint(1, 3))
        ]
        expressions.append("".join(terms).lstrip("+") + (f"-{rng.randint(0, 5)}" if rng.random() < 0.5 else ""))
    for text in expressions:
        parsed = parse_dice(text).terms
        offset = sum(t.sign * t.value for t in parsed if isinstance(t, Constant))
        rolls = [t for t in parsed if isinstance(t, Roll)]
        counted = dice_module._exact_distribution(parsed)
        assert counted == dice_module._icepool_distribution(rolls, offset), text
        assert sum(chance for _, chance in counted) == 1


def test_the_largest_sums_of_dice_are_counted_exactly() -> None:
    """394d6, 152d20 and 36d100 (the largest sums whose exact odds pass MAX_EXACT_WORK), counted a die at a
    time over the totals (the benchmark's bounds time them): every total, the extremes exact."""
    for text, totals in (("394d6", 394 * 5 + 1), ("152d20", 152 * 19 + 1), ("36d100", 36 * 99 + 1)):
        counted = dice_module._exact_distribution(parse_dice(text).terms)
        assert len(counted) == totals and sum(chance for _, chance in counted) == 1
        sides = int(text.split("d")[1])
        count = int(text.split("d")[0])
        assert counted[0] == (count, Fraction(1, sides**count)) and counted[1][1] == Fraction(count, sides**count)
