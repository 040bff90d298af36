"""Dice drawn from a seeded ``random.Random`` the way ``randint`` draws them, without its overhead.

``Random.randint(1, n)`` is ``randrange(1, n + 1)``, which checks its arguments and then takes the number
from ``getrandbits``: ``n.bit_length()`` bits at a time until they make a number below ``n`` (CPython's
``_randbelow_with_getrandbits``). A pre-rolled timetable rolls hundreds of thousands of dice, so
:func:`die_roller` draws the bits itself, with the public ``getrandbits``, and the same seed gives the same
faces. Checked against CPython 3.11.7. Whether this Python draws that way is checked once a process, against
``randint`` itself for many dice and seeds; where it does not, every die is drawn with ``randint``
(slower, and the same faces).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

#: The versions the drawing below was checked against.
CHECKED_AGAINST = "CPython 3.11.7"


def _drawn_from_bits(rng: random.Random) -> Callable[[int], int]:
    getrandbits = rng.getrandbits

    def below(n: int) -> int:
        bits = n.bit_length()
        drawn = getrandbits(bits)
        while drawn >= n:
            drawn = getrandbits(bits)
        return drawn

    return below


@functools.cache
def bits_draw_as_randint() -> bool:
    """Whether, on this Python, drawing from ``getrandbits`` as above gives what ``randint`` gives."""
    for seed in range(8):
        drawn, asked = random.Random(seed), random.Random(seed)
        below = _drawn_from_bits(drawn)
        for sides in (*range(1, 21), 100, 1000, 2**31 + 1):
            if 1 + below(sides) != asked.randint(1, sides):
                return False
    return True


def die_roller(rng: random.Random) -> Callable[[int], int]:
    """``below(n)``, a whole number from 0 to n - 1 such that ``1 + below(sides)`` is exactly what
    ``rng.randint(1, sides)`` returns (the same number drawn from the generator)."""
    if type(rng) is random.Random and bits_draw_as_randint():
        return _drawn_from_bits(rng)
    randint = rng.randint  # another generator, or another Python: ask it
    return lambda n: randint(1, n) - 1
