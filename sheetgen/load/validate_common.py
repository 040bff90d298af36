"""The checks every part of validation shares: a name that is not defined, two items with one id, and
ranges that must cover a roll's results or a track's levels exactly once.

Takes the parsed document and the models; gives problems located in the file. The modules of load/ that
check a pack (validate.py, validate_mechanics.py, validate_resources.py, validate_rolls.py) import these
from here, so none of them needs another's.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction

from sheetgen.errors import DiceError, Problem
from sheetgen.load.yamlread import Document, PathKey
from sheetgen.model.common import RollRange
from sheetgen.model.pack import ByTrack, Pack


def _missing(what: str, value: str, known: Iterable[str], by: str = "with id") -> str:
    """No *what* *by* (with id, named) *value*, with the one of *known* it was likely meant to be."""
    known = sorted(known)
    close = difflib.get_close_matches(value, known, n=1, cutoff=0.6)
    if close:
        return f'no {what} {by} "{value}" (did you mean "{close[0]}"?)'
    if known:
        return f'no {what} {by} "{value}" (known: {", ".join(known)})'
    return f'no {what} {by} "{value}": the file defines none'


def _span(keys: Sequence[str]) -> str:
    """Room keys as a message lists them: all of a few, the first and last of many."""
    if len(keys) > 8:
        return f"{', '.join(keys[:4])}, ... {', '.join(keys[-2:])}"
    return ", ".join(keys)


def _duplicates(
    doc: Document, values: Sequence[str], list_name: str, field: str, message: str | None = None
) -> Iterator[Problem]:
    first: dict[str, int] = {}
    for i, value in enumerate(values):
        if value in first:
            where = doc.locate((list_name, i, field))
            text = message or f"duplicate {field}"
            yield Problem(
                where, f'{text} "{value}" (first used by {list_name}[{first[value]}]); each {field} must be unique'
            )
        else:
            first[value] = i


def _result_faces(pack: Pack) -> list[int]:
    """Every value the check's result (before any track is added) can take; none when its dice are wrong
    (their problem is reported with them)."""
    from sheetgen.engine.dice import parse_dice
    from sheetgen.engine.pool import PoolReading

    assert pack.check is not None
    pool = pack.check.pool
    try:
        if pool is not None:
            return list(PoolReading.of(pool).results(pool.max_dice))
        assert pack.check.roll is not None
        dist: dict[int, Fraction] = parse_dice(pack.check.roll).distribution()
    except DiceError:
        return []
    return sorted(dist)


def _dice_totals(dice: str, doc: Document, path: PathKey, problems: list[Problem]) -> list[int] | None:
    """Every total of *dice*, or None with its problem added to *problems* at *path*: dice too many to
    work out exactly, which no sheet's odds or timetable could read."""
    from sheetgen.engine.dice import parse_dice

    try:
        return list(parse_dice(dice).totals())
    except DiceError as exc:
        problems.append(Problem(doc.locate(path), str(exc)))
        return None


def _cover_track(pack: Pack, value: ByTrack, doc: Document, path: PathKey) -> Iterator[Problem]:
    track = pack.track(value.track)
    assert value.levels is not None
    yield from _coverage(
        list(range(track.min, track.max + 1)), list(value.levels), doc, path, f"{track.name} ({track.min}-{track.max})"
    )


def _coverage(
    faces: Sequence[int], ranges: Sequence[RollRange], doc: Document, path: PathKey, what: str
) -> Iterator[Problem]:
    """Ranges must not overlap and must cover every face exactly once."""
    owner: dict[int, RollRange] = {}
    reported = False
    face_set = set(faces)
    for i, rng in enumerate(ranges):
        hits = [f for f in face_set if f in rng]
        if not hits:
            yield Problem(doc.locate((*path, i)), f"{rng} cannot come up on {what}")
            reported = True
        clash = next((f for f in sorted(hits) if f in owner), None)
        if clash is not None:
            yield Problem(doc.locate((*path, i)), f"{rng} overlaps {owner[clash]} (both include {clash})")
            reported = True
        for face in hits:
            owner.setdefault(face, rng)
    gaps = [f for f in faces if f not in owner]
    if gaps and not reported:
        yield Problem(
            doc.locate(path), f"no row covers {_ranges_text(gaps)} on {what}; every result needs exactly one row"
        )
    elif gaps:
        yield Problem(doc.locate(path), f"no row covers {_ranges_text(gaps)} on {what}")


def _ranges_text(values: Sequence[int]) -> str:
    parts: list[str] = []
    start = prev = values[0]
    for value in [*values[1:], None]:
        if value is not None and value == prev + 1:
            prev = value
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if value is not None:
            start = prev = value
    return ", ".join(parts)
