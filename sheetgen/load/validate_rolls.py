"""Checks of the procedure's other rolls (``rolls:``): a Pack and its Document in, Problems at
file:line:column out (called by sheetgen.load.validate_mechanics.mechanics_problems).

Each roll goes beside a check, has an id of its own, adds tracks that exist, falls on a cadence checked as
the check's is, reads its dice as patterns only where it can, as a pool only when they are of one kind,
and each of its outcomes can come up: a range holds a result its dice and added tracks can make that no
outcome above it takes, and its effects name tracks and resources that exist. Results that no outcome
holds bring nothing, so the outcomes need not cover every total.
"""

from __future__ import annotations

from collections.abc import Iterator

from sheetgen.errors import DiceError, Problem
from sheetgen.load.validate_common import _dice_totals, _duplicates, _missing
from sheetgen.load.validate_mechanics import cadence_problems, outcome_effect_problems, pattern_problems
from sheetgen.load.yamlread import Document, PathKey
from sheetgen.model.pack import Pack, Roll


def roll_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """Every problem with the pack's other rolls."""

    if not pack.rolls:
        return
    if pack.check is None:
        yield Problem(
            doc.locate(("rolls",)),
            "other rolls are rolled beside the check: give the pack a check "
            "(the roll that brings encounters), or make one of these the check",
        )
    yield from _duplicates(doc, [r.id for r in pack.rolls], "rolls", "id", message="two rolls share the id")
    tracks = {t.id: t for t in pack.tracks}
    for i, roll in enumerate(pack.rolls):
        base: PathKey = ("rolls", i)
        missing = False
        for a, track in enumerate(roll.add):
            if track not in tracks:
                missing = True
                yield Problem(doc.locate((*base, "add", a)), _missing("track", track, tracks))
        yield from cadence_problems(pack, roll.cadence, doc, (*base, "cadence"))
        yield from outcome_effect_problems(pack, doc, roll.outcomes, base)
        if roll.read != "sum":
            found = _pooled_problem(roll, doc, base)
            if found is not None:
                yield found
                continue
        else:
            too_large: list[Problem] = []
            if _dice_totals(roll.roll, doc, (*base, "roll"), too_large) is None:
                yield from too_large
                continue
        if roll.patterns:
            yield from pattern_problems(roll, doc, base)
        elif not missing:
            yield from _range_problems(pack, roll, doc, base)


def _pooled_problem(roll: Roll, doc: Document, base: PathKey) -> Problem | None:
    """A roll read as a pool is (highest, lowest, count) rolls dice of one kind and has no patterns."""
    from sheetgen.engine.dice import one_kind

    if roll.patterns:
        return Problem(
            doc.locate((*base, "read")),
            f"a roll read by its {roll.read} reads no patterns: give its "
            "outcomes ranges of that result, or leave read out",
        )
    try:
        one_kind(roll.roll)
    except DiceError as exc:
        return Problem(doc.locate((*base, "roll")), exc.problems[0].message)
    return None


def _range_problems(pack: Pack, roll: Roll, doc: Document, base: PathKey) -> Iterator[Problem]:
    """Each outcome's range holds a total the roll can make (its dice plus its added tracks' levels) that
    no outcome above it holds."""
    from sheetgen.engine.rolls import roll_results

    try:
        faces = roll_results(roll)
    except DiceError:
        return  # reported with the roll
    low = sum(pack.track(t).min for t in roll.add)
    high = sum(pack.track(t).max for t in roll.add)
    totals = sorted({f + extra for f in faces for extra in range(low, high + 1)})
    taken: set[int] = set()
    for o, outcome in enumerate(roll.outcomes):
        assert outcome.roll is not None  # an outcome without a pattern has a range (the model says so)
        hits = {t for t in totals if t in outcome.roll}
        path = (*base, "outcomes", o, "roll")
        if not hits:
            yield Problem(
                doc.locate(path),
                f"{outcome.roll} cannot come up on {roll.roll}"
                + (f" read by its {roll.read}" if roll.read != "sum" else "")
                + (" with the tracks added" if roll.add else "")
                + f" ({totals[0]}-{totals[-1]})",
            )
        elif hits <= taken:
            yield Problem(
                doc.locate(path),
                "every result it holds is taken by an outcome above it (the first "
                "that holds names the result): put it higher, or drop it",
            )
        taken |= hits
