"""Resources that run down: a Pack (and the outcomes a quiet party rolls) in, boxes left and run-out times out.

A resource with ``every: N`` uses ``use`` boxes (one by default) at the end of every N units (after the
check of that unit); the check's outcomes tick or refill boxes as their effects say. Levels stay between
0 and ``boxes``.
A resource at 0 is out: the time it first reaches 0 (and again after a refill) is what the sheets print.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheetgen.engine.types import OutcomeOdds, ResourceUse
from sheetgen.model.pack import Pack, Resource


@dataclass(frozen=True)
class ResourceOut:
    """A resource that runs out at the end of a unit, for a quiet party."""

    resource: str
    name: str
    unit: int


def tracked(pack: Pack) -> tuple[Resource, ...]:
    """The resources that something in the pack uses up: a rate, or an outcome's effect."""
    named = {e.resource for o in (pack.check.outcomes if pack.check else []) for e in o.effects if e.resource}
    return tuple(r for r in pack.resources if r.every is not None or r.id in named)


def full(pack: Pack) -> tuple[int, ...]:
    """Every tracked resource at its full number of boxes."""
    return tuple(r.boxes for r in tracked(pack))


def run_unit(pack: Pack, left: tuple[int, ...], unit: int, outcomes: tuple[int, ...]) -> tuple[int, ...]:
    """The boxes left after ``unit``: the effects of the named outcomes rolled in it (indexes; -1 for a roll
    that named none), then each rate."""
    resources = tracked(pack)
    levels = list(left)
    for outcome in outcomes:
        if outcome < 0 or pack.check is None:
            continue
        for effect in pack.check.outcomes[outcome].effects:
            if effect.resource is None:
                continue
            i = next(n for n, r in enumerate(resources) if r.id == effect.resource)
            box = resources[i].boxes
            levels[i] = box if effect.reset else max(0, min(box, levels[i] + effect.by))
    for i, r in enumerate(resources):
        if r.every is not None and unit % r.every == 0:
            levels[i] = max(0, levels[i] - r.use)
    return tuple(levels)


def outs(pack: Pack, before: tuple[int, ...], after: tuple[int, ...], unit: int) -> list[ResourceOut]:
    """The resources that ran out during ``unit``."""
    return [ResourceOut(r.id, r.name, unit) for r, a, b in zip(tracked(pack), before, after, strict=True)
            if a > 0 and b == 0]


def resource_use(pack: Pack, units: int, outcomes: tuple[OutcomeOdds, ...]) -> tuple[ResourceUse, ...]:
    """Boxes each tracked resource loses in ``units`` units: by its rate, and expected from outcomes."""
    found = []
    for r in tracked(pack):
        by_rate = (units // r.every) * r.use if r.every is not None else 0
        expected = Fraction(0)
        if pack.check is not None:
            for outcome, odds in zip(pack.check.outcomes, outcomes, strict=False):
                ticks = sum(-e.by for e in outcome.effects if e.resource == r.id and not e.reset and e.by < 0)
                expected += ticks * odds.expected
        found.append(ResourceUse(r.id, r.name, r.boxes, by_rate, expected))
    return tuple(found)
