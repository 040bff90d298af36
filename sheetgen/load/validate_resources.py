"""Checks of resources rolled when they are used and lit one after another: a Pack and its Document in,
Problems at file:line:column out (called by sheetgen.load.validate_mechanics).

A usage die steps through single dice, each of which can show a face of ``on``; a rolled resource has a
rate; a light lit ``after`` another names one that exists and has a rate, is the only one lit after it,
and the lights do not go round in a circle. The check's outcomes act on none of these resources, so
their odds can be worked out apart from the check's (sheetgen.engine.resource_odds).
"""

from __future__ import annotations

from collections.abc import Iterator

from sheetgen.errors import DiceError, Problem
from sheetgen.load.validate_common import _missing
from sheetgen.load.yamlread import Document, PathKey
from sheetgen.model.pack import Outcome, Pack, Resource


def resource_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """Every problem with the pack's rolled resources and lights lit one after another."""
    for i, resource in enumerate(pack.resources):
        yield from _usage_die_problems(resource, i, doc)
        yield from _chance_problems(resource, i, doc)
        if resource.rolled and resource.every is None:
            yield Problem(
                doc.locate(("resources", i, "dice" if resource.dice is not None else "chance")),
                "a rolled resource needs a rate (every): it is rolled each time the rate comes round "
                "(every: 1 rolls it at the end of every unit)",
            )
    yield from _after_problems(pack, doc)
    yield from _outcome_problems(pack, doc)


def _usage_die_problems(resource: Resource, i: int, doc: Document) -> Iterator[Problem]:
    from sheetgen.engine.dice import die_faces

    if resource.dice is None:
        return
    before: int | None = None
    for j, text in enumerate(resource.dice):
        where = doc.locate(("resources", i, "dice", j))
        try:
            sides = die_faces(text)
        except DiceError:
            yield Problem(where, f'a usage die steps through single dice such as d8: "{text}" is not one')
            continue
        if before is not None and sides > before:
            yield Problem(where, f"the steps go from the largest die down: {text} comes after d{before}")
        before = sides
        if not any(face in resource.steps_on for face in range(1, sides + 1)):
            yield Problem(  # only a given `on` can miss a die's faces: the default 1-2 is on every die
                doc.locate(("resources", i, "on")),
                f"no face of {text} is in on ({resource.steps_on}), so it could never "
                "step down: give on faces every die has, such as 1-2",
            )


def _chance_problems(resource: Resource, i: int, doc: Document) -> Iterator[Problem]:
    from sheetgen.engine.dice import dice_distribution

    if resource.chance is None:
        return
    dist = dice_distribution(resource.chance.roll)
    if not any(total in resource.chance.on for total in dist):
        yield Problem(
            doc.locate(("resources", i, "chance", "on")),
            f"{resource.chance.roll} never rolls {resource.chance.on}, so no box would ever be used: "
            f"give on results from {min(dist)} to {max(dist)}",
        )


def _after_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    by_id = {r.id: r for r in pack.resources}
    lit_after: dict[str, str] = {}
    for i, resource in enumerate(pack.resources):
        if resource.after is None:
            continue
        where = doc.locate(("resources", i, "after"))
        before = by_id.get(resource.after)
        if before is None:
            yield Problem(where, _missing("resource", resource.after, by_id))
            continue
        if resource.every is None:
            yield Problem(
                where, "after needs a rate (every): the rate starts the unit after the one before it runs out"
            )
        if before.every is None:
            yield Problem(
                where,
                f'"{before.id}" has no rate (every), so it never runs out by the rules and this '
                "one would never be lit: give it a rate",
            )
        if resource.after in lit_after:
            yield Problem(
                where,
                f'"{lit_after[resource.after]}" is lit after "{resource.after}" already: one '
                "light is lit at a time, so give this one after the last of them",
            )
        lit_after.setdefault(resource.after, resource.id)
        circle = _circle(by_id, resource)
        if circle:
            yield Problem(
                where,
                f"the lights go round in a circle ({' → '.join(circle)}): one of them must be "
                "lit at the start (no after)",
            )


def _circle(by_id: dict[str, Resource], resource: Resource) -> list[str]:
    """The ids from ``resource`` back round to it through their ``after`` ([] when they reach a start)."""
    path = [resource.id]
    r = resource
    while r.after is not None and r.after in by_id and len(path) <= len(by_id):
        if r.after == resource.id:
            return [*path, resource.id]
        r = by_id[r.after]
        path.append(r.id)
    return []


def _outcome_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """No named outcome (the check's or another roll's) ticks or refills a rolled resource or one in a chain of
    lights."""
    by_id = {r.id: r for r in pack.resources}
    chained = {r.after for r in pack.resources if r.after is not None}
    named: list[tuple[PathKey, Outcome]] = [
        (("check", "outcomes", o), outcome) for o, outcome in enumerate(pack.check.outcomes if pack.check else ())
    ]
    named += [
        (("rolls", r, "outcomes", o), outcome)
        for r, roll in enumerate(pack.rolls)
        for o, outcome in enumerate(roll.outcomes)
    ]
    for base, outcome in named:
        for e, effect in enumerate(outcome.effects):
            r = by_id.get(effect.resource or "")
            if r is None:
                continue
            why = (
                "is rolled when it is used"
                if r.rolled
                else "is lit after another"
                if r.after is not None
                else "lights another when it runs out"
                if r.id in chained
                else ""
            )
            if why:
                yield Problem(
                    doc.locate((*base, "effects", e, "resource")),
                    f'"{r.id}" {why}, so it runs down by its own rules, worked out apart from the '
                    "check: an outcome cannot tick or refill it (write that rule in the outcome's "
                    "text, or tick a resource without dice, chance or after)",
                )
