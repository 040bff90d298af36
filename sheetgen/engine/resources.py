"""Resources that run down: a Pack (and the outcomes a quiet party rolls) in, boxes left and run-out times out.

A resource with ``every: N`` uses ``use`` boxes (one by default) at the end of every N units (after the
check of that unit); the check's outcomes tick or refill boxes as their effects say. Levels stay between
0 and ``boxes``.
A resource at 0 is out: the time it first reaches 0 (and again after a refill) is what the sheets print.

Rolled resources. Each time its rate comes round, a resource with ``dice`` (a usage die) rolls the die it
is at, ``dice[boxes - left]``, and a face in ``on`` (1-2 unless told) takes one box: it steps down to
the next die, and past the last it is gone; one with ``chance`` rolls its dice and loses ``use`` boxes on
a total in ``chance.on`` only.

Lit one after another. A resource with ``after: other`` is lit at the end of the unit in which ``other``
runs out; its rate counts from there, so its first use is ``every`` units later. Until then it is full.
The validator keeps rolled and lit-after resources out of the check's outcomes, so these resources run
down by their own rules alone: their dice are rolled apart from the check's (:func:`draw_faces`), and
their exact odds (sheetgen.engine.resource_odds) are worked out apart from the check's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetgen.engine.dice import parsed
from sheetgen.model.pack import Pack, Resource

Lit = tuple[int | None, ...]
"""For each tracked resource, the unit at whose end it was lit (0: from the start), or None: not yet."""
Faces = tuple[int | None, ...]
"""For each tracked resource, what its roll showed in a unit (None: not rolled then)."""


@dataclass(frozen=True)
class ResourceOut:
    """A resource that runs out at the end of a unit, for a quiet party."""

    resource: str
    name: str
    unit: int


def tracked(pack: Pack) -> tuple[Resource, ...]:
    """The resources that something in the pack uses up: a rate, or an outcome's effect."""
    named = ticked(pack)
    return tuple(r for r in pack.resources if r.every is not None or r.id in named)


def ticked(pack: Pack) -> set[str]:
    """The ids of the resources that named outcomes (the check's or another roll's) tick or refill."""
    return {e.resource for o in pack.all_outcomes for e in o.effects if e.resource}


def refilled(pack: Pack) -> set[str]:
    """The ids of the resources that a quiet party's rolls can fill again: a named outcome that refills
    it or adds boxes (a party's actions aside)."""
    return {e.resource for o in pack.all_outcomes for e in o.effects if e.resource and (e.reset or e.by > 0)}


def full(pack: Pack) -> tuple[int, ...]:
    """Every tracked resource at its full number of boxes."""
    return tuple(r.boxes for r in tracked(pack))


def first_lit(pack: Pack) -> Lit:
    """When each tracked resource is lit at the start: at once (0), or not yet (one that comes after another)."""
    return tuple(None if r.after is not None else 0 for r in tracked(pack))


def is_rolled(pack: Pack) -> bool:
    """Some tracked resource is rolled when it is used."""
    return any(r.rolled for r in tracked(pack))


def used_in(resource: Resource, lit: int | None, unit: int) -> bool:
    """Its rate comes round at the end of ``unit``: it has a rate, is lit, and ``every`` units have passed."""
    return resource.every is not None and lit is not None and unit > lit and (unit - lit) % resource.every == 0


def die_at(resource: Resource, left: int) -> str:
    """The die a usage die is at with ``left`` boxes (steps) left."""
    assert resource.dice is not None and left > 0
    return resource.dice[len(resource.dice) - left]


def roll_for(resource: Resource, left: int) -> str | None:
    """The dice rolled when it is used with ``left`` boxes left; None for a rate alone."""
    if resource.dice is not None:
        return die_at(resource, left)
    return resource.chance.roll if resource.chance is not None else None


def boxes_lost(resource: Resource, left: int, face: int | None) -> int:
    """The boxes one use takes, given what its roll showed."""
    if resource.dice is not None:
        return 1 if face is not None and face in resource.steps_on else 0
    if resource.chance is not None:
        return min(left, resource.use) if face is not None and face in resource.chance.on else 0
    return min(left, resource.use)


def run_unit(
    pack: Pack, left: tuple[int, ...], unit: int, outcomes: tuple[int, ...], lit: Lit | None = None, faces: Faces = ()
) -> tuple[tuple[int, ...], Lit]:
    """The boxes left after ``unit``, and when each resource is lit: the effects of the named outcomes
    rolled in it (indexes; -1 for a roll that named none), then each rate (with the rolled resources'
    ``faces``), then the resources lit because the one before them ran out."""
    resources = tracked(pack)
    lit = first_lit(pack) if lit is None else lit
    levels = list(left)
    named = pack.all_outcomes
    for outcome in outcomes:
        if outcome < 0:
            continue
        for effect in named[outcome].effects:
            if effect.resource is None:
                continue
            i = next(n for n, r in enumerate(resources) if r.id == effect.resource)
            box = resources[i].boxes
            levels[i] = box if effect.reset else max(0, min(box, levels[i] + effect.by))
    for i, r in enumerate(resources):
        if levels[i] > 0 and used_in(r, lit[i], unit):
            levels[i] -= boxes_lost(r, levels[i], faces[i] if faces else None)
    return tuple(levels), _lit_after(resources, levels, lit, unit)


def _lit_after(resources: tuple[Resource, ...], levels: list[int], lit: Lit, unit: int) -> Lit:
    if all(x is not None for x in lit):
        return lit
    index = {r.id: i for i, r in enumerate(resources)}
    return tuple(
        unit if was is None and r.after is not None and levels[index[r.after]] == 0 else was
        for r, was in zip(resources, lit, strict=True)
    )


def outs(pack: Pack, before: tuple[int, ...], after: tuple[int, ...], unit: int) -> list[ResourceOut]:
    """The resources that ran out during ``unit``."""
    return [
        ResourceOut(r.id, r.name, unit)
        for r, a, b in zip(tracked(pack), before, after, strict=True)
        if a > 0 and b == 0
    ]


def draw_faces(pack: Pack, units: int, rng: random.Random) -> dict[int, Faces]:
    """The rolled resources' dice for ``units`` units of play, by unit (only units with a roll): unit by
    unit, and within a unit in the pack's order, each resource whose rate comes round rolls the dice it is
    at, with ``Dice.roll``. Their levels depend on nothing but these dice, so they are played out here."""
    resources = tracked(pack)
    left, lit = full(pack), first_lit(pack)
    found: dict[int, Faces] = {}
    for unit in range(1, units + 1):
        faces = tuple(
            _roll(r, n, rng) if n > 0 and used_in(r, at, unit) else None
            for r, n, at in zip(resources, left, lit, strict=True)
        )
        if any(f is not None for f in faces):
            found[unit] = faces
        left, lit = run_unit(pack, left, unit, (), lit, faces)
    return found


def _roll(resource: Resource, left: int, rng: random.Random) -> int | None:
    dice = roll_for(resource, left)
    return parsed(dice).roll(rng) if dice is not None else None


def out_unit(pack: Pack, resource: Resource) -> int | None:
    """The unit at whose end a resource that runs down by its rate alone runs out (counting from when it is
    lit); None for one that is rolled, has no rate, or is lit after one of those (or after none that exists)."""
    by_id = {r.id: r for r in pack.resources}
    unit, seen, r = 0, set[str](), resource
    while True:
        if r.every is None or r.rolled or r.id in seen:
            return None
        seen.add(r.id)
        unit += -(-r.boxes // r.use) * r.every
        if r.after is None:
            return unit
        if r.after not in by_id:
            return None
        r = by_id[r.after]


def lit_unit(pack: Pack, resource: Resource) -> int | None:
    """The unit at whose end it is lit, where the rules fix it: 0 for one lit at the start, the unit the
    light before it runs out for one lit after another; None when dice decide that."""
    if resource.after is None:
        return 0
    return next((out_unit(pack, r) for r in pack.resources if r.id == resource.after), None)


def rate_units(pack: Pack, resource: Resource, units: int) -> tuple[int, ...]:
    """The units (up to ``units``) at whose end its rate comes round, where the rules fix them: every
    ``every`` units from when it is lit; for a light lit after another, only while it can burn."""
    start = lit_unit(pack, resource)
    if resource.every is None or start is None:
        return ()
    found = range(start + resource.every, units + 1, resource.every)
    end = out_unit(pack, resource)
    return tuple(u for u in found if resource.after is None or end is None or u <= end)
