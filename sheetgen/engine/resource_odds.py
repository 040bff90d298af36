"""Exact odds of the resources that run down by their own rules: a Pack and some units in, for each such
resource the chance it is gone by given units, the boxes it is expected to use, and how long it lasts.

A resource runs down by its own rules when it has a rate and no outcome of the check ticks or refills it
(sheetgen.engine.resources): a fixed rate, a usage die (``dice``) or boxes lost on a roll (``chance``),
lit at the start or after another (``after``). Such resources are independent of the check, and of each
other but for a chain of lights, so each chain (a resource lit at the start and those lit after it, one
at a time) is a small Markov chain of its own, carried unit by unit over the states (which link burns,
its boxes left, units since its last use), exactly: whole numbers over one common denominator, made
fractions.Fraction where they are reported. The work is counted: a pack whose chains would take more
than MAX_ODDS_WORK steps is refused.

How long a resource lasts once lit is exact too, in closed form: a use of a usage die at a die of S
sides takes a box with chance h/S (h: the faces of ``on`` it has), so that step lasts S/h uses on
average; a chance of p loses ``use`` boxes, so B boxes last ceil(B / use) / p uses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from sheetgen import limits
from sheetgen.engine.dice import dice_distribution, die_faces
from sheetgen.engine.resources import die_at, lit_unit, refilled, ticked, tracked
from sheetgen.engine.types import OutcomeOdds, ResourceUse
from sheetgen.errors import DataError
from sheetgen.model.pack import Pack, Resource

ZERO = Fraction(0)
ONE = Fraction(1)


@dataclass(frozen=True)
class OwnOdds:
    """The odds of one resource that runs down by its own rules."""

    gone_by: tuple[Fraction, ...]  # P(gone by the end of each unit asked for)
    used: Fraction  # expected boxes used within the units
    lasts: Fraction | None  # expected units it lasts once lit (None: it may never run out)
    out: Fraction | None  # expected units of play until it is gone, counted from the start
    rolled: bool  # it is rolled when it is used
    by_dice: bool  # when it runs out depends on dice: its own, or a light's before it
    after: str | None

    def into(self, use: ResourceUse) -> ResourceUse:
        """``use`` with these odds; what dice decide is expected boxes used (``by_rolls``), not a rate's."""
        return replace(
            use,
            by_rate=0 if self.by_dice else use.by_rate,
            by_rolls=self.used if self.by_dice else ZERO,
            gone_by_hour=self.gone_by,
            lasts_units=self.lasts,
            out_units=self.out,
            after=self.after,
            rolled=self.rolled,
            by_dice=self.by_dice,
        )


def own_rules(pack: Pack) -> tuple[Resource, ...]:
    """The resources that run down by their own rules: a rate, and no outcome of the check acts on them."""
    named = ticked(pack)
    own = [r for r in pack.resources if r.every is not None and r.id not in named]
    ids = {r.id for r in own}
    return tuple(r for r in own if r.after is None or r.after in ids)


def chains(pack: Pack) -> tuple[tuple[Resource, ...], ...]:
    """Each resource lit at the start, then those lit one after another behind it."""
    own = own_rules(pack)
    behind = {r.after: r for r in own if r.after is not None}
    found = []
    for head in (r for r in own if r.after is None):
        chain = [head]
        while chain[-1].id in behind and len(chain) <= len(own):
            chain.append(behind[chain[-1].id])
        found.append(tuple(chain))
    return tuple(found)


def use_chances(resource: Resource, left: int) -> tuple[tuple[int, Fraction], ...]:
    """The boxes one use takes with ``left`` boxes left, with their chances (those above 0)."""
    if resource.dice is not None:
        sides = die_faces(die_at(resource, left))
        hit = Fraction(sum(1 for face in range(1, sides + 1) if face in resource.steps_on), sides)
        return _nonzero(((1, hit), (0, ONE - hit)))
    loss = min(left, resource.use)
    if resource.chance is not None:
        dist = dice_distribution(resource.chance.roll)
        hit = sum((p for total, p in dist.items() if total in resource.chance.on), ZERO)
        return _nonzero(((loss, hit), (0, ONE - hit)))
    return ((loss, ONE),)


def _nonzero(pairs: Iterable[tuple[int, Fraction]]) -> tuple[tuple[int, Fraction], ...]:
    return tuple((n, p) for n, p in pairs if p)


def expected_uses(resource: Resource) -> Fraction | None:
    """The expected number of uses from full to gone; None when some step can never be lost."""
    total = ZERO
    left = resource.boxes
    while left > 0:
        chances = use_chances(resource, left)
        loss, hit = max(((n, p) for n, p in chances if n > 0), default=(0, ZERO))
        if not hit:
            return None
        total += 1 / hit
        left -= loss
    return total


def own_rules_odds(pack: Pack, units: int, at: tuple[int, ...]) -> dict[str, OwnOdds]:
    """For each resource that runs down by its own rules (by id), its odds over ``units`` units of play,
    with the chance it is gone by the end of each unit in ``at``."""
    found: dict[str, OwnOdds] = {}
    work = [0]
    for chain in chains(pack):
        gone, used = _carry(pack, chain, units, at, work)
        out: Fraction | None = ZERO
        by_dice = False
        for k, r in enumerate(chain):
            uses = expected_uses(r)
            lasts = None if uses is None or r.every is None else uses * r.every
            out = None if out is None or lasts is None else out + lasts
            by_dice = by_dice or r.rolled
            found[r.id] = OwnOdds(gone[k], used[k], lasts, out, r.rolled, by_dice, r.after)
    return found


State = tuple[int, int, int]
"""(the link that burns, its boxes left, units since it was lit or last used)."""


def _carry(
    pack: Pack,
    chain: tuple[Resource, ...],
    units: int,
    at: tuple[int, ...],
    work: list[int],
) -> tuple[list[tuple[Fraction, ...]], list[Fraction]]:
    """One chain carried unit by unit: each link's chance of being gone by each unit of ``at``, and its
    expected boxes used by the end.

    The chances are whole numbers over one denominator, multiplied each unit by ``scale`` (the least
    common multiple of every use's chances' denominators), so no unit takes a gcd of ever longer numbers."""
    uses = {(k, left): use_chances(r, left) for k, r in enumerate(chain) for left in range(1, r.boxes + 1)}
    scale = math.lcm(*(q.denominator for chances in uses.values() for _, q in chances))
    steps = {
        key: tuple((loss, q.numerator * (scale // q.denominator)) for loss, q in chances)
        for key, chances in uses.items()
    }
    dist: dict[State, int] = {(0, chain[0].boxes, 0): 1}
    denominator = 1
    gone = [0] * len(chain)
    gone_at: dict[int, list[Fraction]] = {0: [Fraction(0)] * len(chain)}  # an hour that no unit ends in
    marks = set(at)
    for unit in range(1, units + 1):
        work[0] += len(dist)
        if work[0] > limits.MAX_ODDS_WORK:
            raise DataError(
                f'{pack.name} ("{pack.id}"): its resources {", ".join(r.id for r in chain)} have too many '
                f"states to work out their odds exactly (more than {limits.MAX_ODDS_WORK:,} steps); use fewer "
                "boxes or dice, a slower rate, or fewer hours"
            )
        dist = _unit(chain, steps, scale, dist, gone)
        denominator *= scale
        if unit in marks:
            gone_at[unit] = [Fraction(g, denominator) for g in gone]
    used = [g * r.boxes for g, r in zip(gone, chain, strict=True)]
    for (k, left, _), w in dist.items():
        used[k] += w * (chain[k].boxes - left)
    return ([tuple(gone_at[u][k] for u in at) for k in range(len(chain))], [Fraction(u, denominator) for u in used])


def _unit(
    chain: tuple[Resource, ...],
    steps: dict[tuple[int, int], tuple[tuple[int, int], ...]],
    scale: int,
    dist: dict[State, int],
    gone: list[int],
) -> dict[State, int]:
    """The chain's weights after one more unit, over a denominator ``scale`` times larger; what runs out
    in it is added to ``gone`` (whose old weights are scaled too)."""
    after: dict[State, int] = {}
    for k in range(len(gone)):
        gone[k] *= scale
    for (k, left, since), w in dist.items():
        every = chain[k].every
        assert every is not None
        if since + 1 < every:
            after[(k, left, since + 1)] = after.get((k, left, since + 1), 0) + w * scale
            continue
        for loss, q in steps[(k, left)]:
            wq = w * q
            if left > loss:
                state = (k, left - loss, 0)
            else:
                gone[k] += wq
                if k + 1 == len(chain):
                    continue
                state = (k + 1, chain[k + 1].boxes, 0)
            after[state] = after.get(state, 0) + wq
    return after


def _by_rate(pack: Pack, resource: Resource, units: int, can_refill: bool) -> int:
    """Boxes its rate uses within ``units`` units, from when it is lit (0 when a light before it is rolled;
    its odds say what it is expected to use): refills aside for one that a quiet party's rolls can fill
    again, at most its boxes for one that they cannot."""
    start = lit_unit(pack, resource)
    if resource.every is None or start is None:
        return 0
    used = max(0, units - start) // resource.every * resource.use
    return used if can_refill else min(used, resource.boxes)


def resource_use(
    pack: Pack, units: int, outcomes: tuple[OutcomeOdds, ...], hour_units: tuple[int, ...] = ()
) -> tuple[ResourceUse, ...]:
    """Boxes each tracked resource loses in ``units`` units: by its rate, and expected from outcomes; for
    those that run down by their own rules, the chance they are gone by each of ``hour_units`` and how
    long they last."""
    own = own_rules_odds(pack, units, hour_units)
    fills = refilled(pack)
    found = []
    for r in tracked(pack):
        expected = Fraction(0)
        for outcome, odds in zip(pack.all_outcomes, outcomes, strict=False):
            ticks = sum(-e.by for e in outcome.effects if e.resource == r.id and not e.reset and e.by < 0)
            expected += ticks * odds.expected
        use = ResourceUse(r.id, r.name, r.boxes, _by_rate(pack, r, units, r.id in fills), expected)
        found.append(own[r.id].into(use) if r.id in own else use)
    return tuple(found)
