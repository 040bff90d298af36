"""Checks of the pack fields that make rules act: cadences that start early, outcome effects, results
parts and variants. A Pack and its Document in, Problems at file:line:column out (called by
sheetgen.load.validate.check_pack).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from sheetgen import limits
from sheetgen.errors import Problem
from sheetgen.load.validate_common import _cover_track, _coverage, _dice_totals, _duplicates, _missing, _result_faces
from sheetgen.load.validate_resources import resource_problems
from sheetgen.load.variants import printed_texts, variant_id
from sheetgen.load.yamlread import Document, PathKey
from sheetgen.model.pack import ByTrack, Cadence, Check, Outcome, Pack, Roll


def mechanics_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """Every problem with the pack's newer mechanics."""
    if pack.check is not None:
        yield from cadence_problems(pack, pack.check.cadence, doc, ("check", "cadence"))
        yield from outcome_effect_problems(pack, doc)
        yield from outcome_total_problems(pack, doc)
        yield from pattern_problems(pack.check, doc)
    yield from when_out_problems(pack, doc)
    yield from resource_problems(pack, doc)
    yield from results_part_problems(pack, doc)
    yield from variant_problems(pack, doc)
    yield from turns_actions_problems(pack, doc)
    yield from due_mark_problems(pack, doc)


def due_mark_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """A roll's or a condition's mark on the turns grid is its own: not the check's (C, c), nor a periodic
    rest's, nor another roll's or condition's."""
    from sheetgen.engine.due import CERTAIN, POSSIBLE, condition_mark, is_marked, rest_mark, roll_mark

    taken = {CERTAIN: "the check", POSSIBLE: "the check"} if pack.check is not None else {}
    taken.update({rest_mark(r): f'rest "{r.id}"' for r in pack.rests if r.every is not None})
    marked: list[tuple[str, int, str, bool, str]] = [
        ("rolls", i, roll_mark(r), r.mark is not None, f'roll "{r.id}"')
        for i, r in enumerate(pack.rolls)
        if is_marked(r)
    ]
    marked += [
        ("conditions", i, condition_mark(c), c.mark is not None, f'condition "{c.id}"')
        for i, c in enumerate(pack.conditions)
    ]
    for where, i, mark, given, what in marked:
        if mark in taken:
            yield Problem(
                doc.locate((where, i, "mark" if given else "name")),
                f'its mark on the turns grid, "{mark}", is also {taken[mark]}\'s: give it a mark of '
                "its own (mark: up to 3 letters)",
            )
        taken[mark] = what


def turns_actions_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """The actions a turns part names exist."""
    names = {a.name for a in pack.actions}
    for t, tracker in enumerate(pack.trackers):
        for q, part in enumerate(tracker.parts):
            for i, name in enumerate(part.actions):
                if name not in names:
                    yield Problem(
                        doc.locate(("trackers", t, "parts", q, "actions", i)),
                        f'no action named "{name}"'
                        + (f" (actions: {', '.join(sorted(names))})" if names else ": the pack has none"),
                    )


def cadence_problems(pack: Pack, cadence: Cadence, doc: Document, base: PathKey) -> Iterator[Problem]:
    """Everything about a cadence, decided here once for the check's, a variant's and a variant check's:
    every from 1 to MAX_TRACK units (or, by a track that exists, a value from 1 to MAX_TRACK for each of
    its levels), an offset of at most MAX_TRACK, and a first check within the first interval."""
    if cadence.at is not None or cadence.repeat is not None:
        yield from _at_problems(cadence, doc, base)
        return
    every = cadence.every
    if cadence.offset > limits.MAX_TRACK:
        yield Problem(doc.locate((*base, "offset")), f"must be at most {limits.MAX_TRACK} units")
    if isinstance(every, ByTrack):
        tracks = {t.id for t in pack.tracks}
        if every.track not in tracks:
            yield Problem(doc.locate((*base, "every", "track")), _missing("track", every.track, tracks))
            return
        if every.levels is None:
            yield Problem(doc.locate((*base, "every")), "a cadence by track needs levels: {range: units}")
            return
        yield from _cover_track(pack, every, doc, (*base, "every", "levels"))
        if any(not 1 <= n <= limits.MAX_TRACK for n in every.levels.values()):
            yield Problem(
                doc.locate((*base, "every", "levels")),
                f"every level's cadence must be from 1 to {limits.MAX_TRACK} units",
            )
            return
    elif not 1 <= every <= limits.MAX_TRACK:
        yield Problem(doc.locate((*base, "every")), f"must be from 1 to {limits.MAX_TRACK} units")
        return
    if cadence.first is not None and cadence.first > cadence.grid:
        finest = (
            f"every ({every})" if isinstance(every, int) else f"{cadence.grid} (the finest of the cadences by level)"
        )
        yield Problem(doc.locate((*base, "first")), f"must be from 1 to {finest}; for a later start add an offset")


def _at_problems(cadence: Cadence, doc: Document, base: PathKey) -> Iterator[Problem]:
    """A cadence at given units: ``at`` alone (no every, offset or first), its units from 1 to MAX_TRACK and
    increasing, and with ``repeat`` (1 to MAX_TRACK units) none of them past the repeat."""
    if cadence.at is None:
        yield Problem(
            doc.locate((*base, "repeat")),
            "repeat says how often the units of at fall again; give at with it: {at: [3, 5], repeat: 6}",
        )
        return
    for name in ("every", "offset", "first"):
        if name in cadence.model_fields_set:
            yield Problem(doc.locate((*base, name)), f"give either at (the units themselves) or {name}, not both")
    if not cadence.at:
        yield Problem(doc.locate((*base, "at")), "give at least one unit: at: [1, 4, 9]")
    repeat = cadence.repeat
    if repeat is not None and not 1 <= repeat <= limits.MAX_TRACK:
        yield Problem(doc.locate((*base, "repeat")), f"must be from 1 to {limits.MAX_TRACK} units")
        repeat = None
    last = 0
    for i, unit in enumerate(cadence.at):
        where = doc.locate((*base, "at", i))
        if not 1 <= unit <= limits.MAX_TRACK:
            yield Problem(where, f"must be from 1 to {limits.MAX_TRACK} (a unit, counted from the start)")
        elif unit <= last:
            yield Problem(where, f"the units must increase: {unit} comes after {last}")
        elif repeat is not None and unit > repeat:
            yield Problem(where, f"must be at most the repeat ({repeat}): the units fall within each repeat")
        last = max(last, unit)


def outcome_effect_problems(
    pack: Pack, doc: Document, outcomes: Sequence[Outcome] | None = None, base: PathKey = ("check",)
) -> Iterator[Problem]:
    """The tracks and resources that the check's outcomes (or these, at ``base``) act on exist."""
    if outcomes is None:
        assert pack.check is not None
        outcomes = pack.check.outcomes
    tracks = {t.id for t in pack.tracks}
    resources = {r.id for r in pack.resources}
    for o, outcome in enumerate(outcomes):
        for e, effect in enumerate(outcome.effects):
            path: PathKey = (*base, "outcomes", o, "effects", e)
            if effect.track is not None and effect.track not in tracks:
                yield Problem(doc.locate((*path, "track")), _missing("track", effect.track, tracks))
            if effect.resource is not None and effect.resource not in resources:
                yield Problem(doc.locate((*path, "resource")), _missing("resource", effect.resource, resources))


def when_out_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """A resource's when_out names tracks that exist, and the resource runs out at a time the rules fix:
    it has a rate, no outcome of the check ticks or refills it, and neither it nor a light before it is
    rolled."""
    from sheetgen.engine.resources import out_unit

    tracks = {t.id for t in pack.tracks}
    ticked = {
        e.resource: f"check.outcomes[{o}]"
        for o, outcome in enumerate(pack.check.outcomes if pack.check else [])
        for e in outcome.effects
        if e.resource is not None
    }
    ticked.update(
        {
            e.resource: f"rolls[{r}].outcomes[{o}]"
            for r, roll in enumerate(pack.rolls)
            for o, outcome in enumerate(roll.outcomes)
            for e in outcome.effects
            if e.resource is not None
        }
    )
    for r, resource in enumerate(pack.resources):
        if not resource.when_out:
            continue
        where = doc.locate(("resources", r, "when_out"))
        if resource.every is None:
            yield Problem(where, "when_out needs a rate (every): it acts when the rate uses the last box")
        if resource.id in ticked:
            yield Problem(
                where,
                "when_out needs a resource that only its rate uses: "
                f"{ticked[resource.id]} ticks or refills it, so when it runs out "
                "depends on the dice",
            )
        elif resource.every is not None and out_unit(pack, resource) is None:
            yield Problem(
                where,
                "when_out needs a resource that runs out at a time the rules fix: this one is "
                "rolled when it is used, or lit after one that is, so when it runs out depends "
                "on the dice; say what its running out does in its text",
            )
        for m, move in enumerate(resource.when_out):
            if move.track not in tracks:
                yield Problem(
                    doc.locate(("resources", r, "when_out", m, "track")), _missing("track", move.track, tracks)
                )


def variant_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """Variants have distinct ids; their rates name resources; their checks name tracks and tallies that exist."""
    ids = [variant_id(v) for v in pack.variants]
    yield from _duplicates(doc, ids, "variants", "id", message="two variants share the id")
    tracks = {t.id for t in pack.tracks}
    tallies = {t.id for t in pack.tallies}
    resources = {r.id for r in pack.resources}
    printed = list(printed_texts(pack)) if any(v.says for v in pack.variants) else []
    for v, variant in enumerate(pack.variants):
        base: PathKey = ("variants", v)
        for old in variant.says:
            if not any(old in text for text in printed):
                yield Problem(
                    doc.locate((*base, "says", old), key=True),
                    f"'{old}' is printed nowhere in the pack; give a phrase of its text, as written",
                )
        for rid, every in variant.rates.items():
            if rid not in resources:
                yield Problem(doc.locate((*base, "rates", rid), key=True), _missing("resource", rid, resources))
            elif not 1 <= every <= limits.MAX_TRACK:
                yield Problem(doc.locate((*base, "rates", rid)), f"must be from 1 to {limits.MAX_TRACK} units")
        cadence = variant.cadence
        if cadence is not None:
            if variant.check is None and pack.check is None:
                yield Problem(doc.locate((*base, "cadence")), "the pack has no check whose cadence this could change")
            yield from cadence_problems(pack, cadence, doc, (*base, "cadence"))
        check = variant.check
        if check is None:
            continue
        too_large: list[Problem] = []
        if check.roll is not None and _dice_totals(check.roll, doc, (*base, "check", "roll"), too_large) is None:
            yield from too_large
        named: list[tuple[str, PathKey, set[str], str]] = [
            (t, (*base, "check", "add", i), tracks, "track") for i, t in enumerate(check.add)
        ]
        named += [
            (t, (*base, "check", "on_encounter", "reset", i), tracks, "track")
            for i, t in enumerate(check.on_encounter.reset)
        ]
        if check.advance is not None:
            named.append((check.advance.track, (*base, "check", "advance", "track"), tracks, "track"))
        if check.trigger.track_full is not None:
            named.append((check.trigger.track_full, (*base, "check", "trigger", "track_full"), tracks, "track"))
        for name in ("at_least", "at_most"):
            value = getattr(check.trigger, name)
            if isinstance(value, ByTrack):
                named.append((value.track, (*base, "check", "trigger", name, "track"), tracks, "track"))
        if check.pool is not None:
            named += [
                (t, (*base, "check", "pool", "tallies", i), tallies, "tally") for i, t in enumerate(check.pool.tallies)
            ]
        for value, path, known, what in named:
            if value not in known:
                yield Problem(doc.locate(path), _missing(what, value, known))
        yield from cadence_problems(pack, check.cadence, doc, (*base, "check", "cadence"))
        yield from pattern_problems(check, doc, (*base, "check"))


def results_part_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """A tracker's results part needs a check that names its outcomes, or names one of the other rolls."""
    rolls = {r.id for r in pack.rolls}
    for t, tracker in enumerate(pack.trackers):
        for q, part in enumerate(tracker.parts):
            if part.kind != "results":
                continue
            if part.ref is not None:
                if part.ref not in rolls:
                    yield Problem(doc.locate(("trackers", t, "parts", q, "ref")), _missing("roll", part.ref, rolls))
            elif pack.check is None or not pack.check.outcomes:
                yield Problem(
                    doc.locate(("trackers", t, "parts", q, "kind")),
                    "a results part needs a check with outcomes to write down, or a roll (ref: one of "
                    "the pack's rolls)",
                )


def pattern_problems(check: Check | Roll, doc: Document, base: PathKey = ("check",)) -> Iterator[Problem]:
    """A check (or another roll) that reads its dice one by one rolls dice it can read, names them as its
    patterns do, and each of its patterns can come up (an outcome's, on a throw no outcome before it takes)."""
    from sheetgen.engine.faces import pattern_sides, shows
    from sheetgen.errors import DataError

    what = "check" if isinstance(check, Check) else "roll"
    if not check.patterns:
        if check.dice_names:
            yield Problem(
                doc.locate((*base, "dice_names")),
                f"dice names are for patterns that read a named die; this {what} has no pattern",
            )
        return
    try:
        sides = pattern_sides(check)
    except DataError as exc:
        pooled = isinstance(check, Check) and check.pool is not None
        yield Problem(doc.locate((*base, "pool" if pooled else "roll")), str(exc))
        return
    if isinstance(check, Check) and check.outcomes_read == "total":
        yield Problem(
            doc.locate((*base, "outcomes_read")),
            "outcomes read from the total cannot be patterns: read them from the result",
        )
        return
    names = check.dice_names
    if names and len(names) != len(sides):
        yield Problem(
            doc.locate((*base, "dice_names")),
            f"give one name for each die of {check.roll}: {len(sides)}, in the order written",
        )
        return
    for i, name in enumerate(names):
        if name in names[:i]:
            yield Problem(doc.locate((*base, "dice_names", i)), f'"{name}" names two dice: give each its own name')
    trigger = check.trigger.pattern if isinstance(check, Check) else None
    patterns = [((*base, "trigger", "pattern"), trigger)]
    patterns += [((*base, "outcomes", i, "pattern"), o.pattern) for i, o in enumerate(check.outcomes)]
    unknown = False
    for path, pattern in patterns:
        for name in (pattern.die or {}) if pattern is not None else {}:
            if name not in names:
                unknown = True
                yield Problem(
                    doc.locate((*path, "die", name)),
                    _missing("die", name, names, by="named")
                    if names
                    else f'"{name}" names a die, but the {what} names none: give dice_names, one for each '
                    f"die of {check.roll}",
                )
    if unknown:
        return
    throws = list(product(*(range(1, n + 1) for n in sides)))
    if trigger is not None and not any(shows(trigger, t, names) for t in throws):
        yield Problem(
            doc.locate((*base, "trigger", "pattern")),
            f"no throw of {check.roll} shows this pattern, so it would never trigger",
        )
    taken = [False] * len(throws)
    for i, outcome in enumerate(check.outcomes):
        hits = [
            n
            for n, t in enumerate(throws)
            if (outcome.pattern is not None and shows(outcome.pattern, t, names))
            or (outcome.roll is not None and sum(t) in outcome.roll)
        ]
        path = (*base, "outcomes", i, "pattern" if outcome.pattern is not None else "roll")
        if not hits:
            yield Problem(doc.locate(path), f"no throw of {check.roll} shows it, so it would never come up")
        elif all(taken[n] for n in hits):
            yield Problem(
                doc.locate(path),
                "every throw that shows it is taken by an outcome above it (the first "
                "that holds names the result): put it higher, or drop it",
            )
        for n in hits:
            taken[n] = True


def outcome_total_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """Outcomes read from the total cover every total the roll and the added tracks can make, once."""
    check = pack.check
    assert check is not None
    if not check.outcomes or check.outcomes_read != "total":
        return
    if check.pool is not None or not check.add:
        yield Problem(
            doc.locate(("check", "outcomes_read")),
            "total is for a plain roll with tracks added (add); use result otherwise",
        )
        return
    tracks = {t.id: t for t in pack.tracks}
    if any(t not in tracks for t in check.add):
        return  # reported with add
    faces = _result_faces(pack)
    low = faces[0] + sum(tracks[t].min for t in check.add)
    high = faces[-1] + sum(tracks[t].max for t in check.add)
    totals = sorted({f + extra for f in faces for extra in range(low - faces[0], high - faces[-1] + 1)})
    yield from _coverage(
        totals, [o.roll for o in check.outcomes if o.roll is not None], doc, ("check", "outcomes"), "the check's total"
    )
