"""A pack's check in words: what is rolled, when, what triggers and what it moves (the one sentence
every sheet prints for the check), and the rule that decides a pre-rolled result."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from sheetgen.engine.dice import parse_dice
from sheetgen.engine.procedure import Machine, machine
from sheetgen.model.pack import ByTrack, Check, Outcome, Pack, Pattern, Pool, Roll
from sheetgen.words.language import _, active, after_colon, ngettext, semicolons
from sheetgen.words.mechanics import pool_cadence_text, reading_words
from sheetgen.words.numbers import TIMES, and_list, duration, levels_phrase, or_list, signed, units_span


def roll_dice(pack: Pack, roll: Roll) -> str:
    """Another roll's dice and how they are read: '2d6 + Fatigue', '3d6 (the highest die counts)'."""
    dice = " + ".join([str(parse_dice(roll.roll)), *(pack.track(t).name for t in roll.add)])
    return dice if roll.read == "sum" else f"{dice} ({reading_words(roll)[2]})"


def roll_read_name(roll: Roll) -> str | None:
    """What another roll's result is read from, as a noun ('highest die'); None for dice added up."""
    return None if roll.read == "sum" else reading_words(roll)[0]


def read_name(check: Check) -> str:
    """What a check's result is read from, as a noun: 'highest die', 'lowest die', 'total', 'roll'."""
    return _("roll") if check.pool is None else reading_words(check.pool)[0]


def roll_head(check: Check) -> str:
    """What the result is read from, before its value: '1d6', 'd10', 'highest d6', 'd6 total'."""
    if check.pool is None:
        assert check.roll is not None
        return str(parse_dice(check.roll))
    return reading_words(check.pool)[1]


def advance_steps(check: Check) -> list[tuple[str, str]]:
    """How each result moves the check's advance track: [('1-3', 'no advance'), ('4-5', '+1')]."""
    if check.advance is None:
        return []
    return [(str(row.roll), row.label or signed(row.by)) for row in check.advance.by]


def dice_text(pack: Pack, check: Check) -> str:
    """The dice rolled: '1d6 + Escalation', or a pool with how it grows, when it is rolled and read."""
    if check.pool is None:
        return " + ".join([check.roll or "", *(pack.track(t).name for t in check.add)])
    pool = check.pool
    parts = [f"{pool.base} {TIMES} {pool.die}" if pool.base != 1 else pool.die] if pool.base else []
    if pool.tallies:
        names = and_list([t.name for tally_id in pool.tallies for t in pack.tallies if t.id == tally_id])
        parts.append(
            (
                _("plus one {die} for each mark of {tallies}") if parts else _("one {die} for each mark of {tallies}")
            ).format(die=pool.die, tallies=names)
        )
    if pool.grow:
        parts.append(
            (
                _("plus {n} {times} {die} more every {unit}") if parts else _("{n} {times} {die} added every {unit}")
            ).format(n=pool.grow, times=TIMES, die=pool.die, unit=pack.time.unit)
        )
    rule = [", ".join(parts)]
    if pool.roll_at is not None:
        rule.append(
            ngettext(
                "rolled when the pool holds {n} die, then emptied",
                "rolled when the pool holds {n} dice, then emptied",
                pool.roll_at,
            ).format(n=pool.roll_at)
        )
    if pool.max_dice != Pool.model_fields["max_dice"].default:
        rule.append(ngettext("at most {n} die", "at most {n} dice", pool.max_dice).format(n=pool.max_dice))
    rule.append(reading_words(pool)[2])
    return semicolons(rule)


def threshold_text(check: Check, value: int, at_least: bool) -> str:
    """'on a 6', 'on an 8', 'on 5-6', 'on a total of 6 or higher', 'on 3 or lower', 'never'."""
    if check.roll is None or check.add:
        if check.add:
            text = _("on a total of {n} or higher") if at_least else _("on a total of {n} or lower")
        else:
            text = _("on {n} or higher") if at_least else _("on {n} or lower")
        return text.format(n=value)
    dice = parse_dice(check.roll)
    first, last = (max(value, dice.minimum), dice.maximum) if at_least else (dice.minimum, min(value, dice.maximum))
    if first > last:
        return _("never")
    if first == last:
        return _on_face(first)
    return _("on {faces}").format(faces=f"{first}-{last}")


def trigger_text(pack: Pack, check: Check, *, table: bool = True) -> str:
    """What brings the result: 'danger on a total of 6 or higher'. A trigger by a track's levels says
    'see the table below' when *table*, else gives each level's threshold."""
    trig = check.trigger
    result = check.result
    for value, at_least in ((trig.at_least, True), (trig.at_most, False)):
        if value is None:
            continue
        if isinstance(value, int):
            return _("{result} {when}").format(result=result, when=threshold_text(check, value, at_least))
        track = pack.track(value.track)
        if value.levels is None:
            return (
                _("{result} on a result at or above the {track} value")
                if at_least
                else _("{result} on a result at or below the {track} value")
            ).format(result=result, track=track.name)
        if table:
            return _("{result} by {track}: see the table below").format(result=result, track=track.name)
        by = [
            _("{when} at {track} {level}").format(when=threshold_text(check, n, at_least), track=track.name, level=at)
            for at, n in value.levels.items()
        ]
        return _("{result} {when}").format(result=result, when=and_list(by))
    if trig.faces is not None:
        faces = [str(face) for face in trig.faces]
        if len(faces) == 1:
            return _("{result} {when}").format(result=result, when=_on_face(faces[0]))
        return _("{result} on {faces}").format(result=result, faces=or_list(faces))
    if trig.pattern is not None:
        return _("{result} on {pattern}").format(result=result, pattern=pattern_text(check, trig.pattern))
    full = pack.track(trig.track_full or "")
    return _("{result} when the {track} is full ({n})").format(result=result, track=full.name, n=full.max)


def pattern_text(check: Check | Roll, pattern: Pattern) -> str:
    """What a pattern of the dice read one by one looks for: 'doubles', 'double 6s', 'a 1 on any die',
    'red 1', '2 or more dice showing 5-6', 'a total of 10-12', joined by 'and'."""
    parts: list[str] = []
    if pattern.doubles == "any":
        parts.append(_("doubles"))
    elif pattern.doubles is not None:
        parts.append(_("double {face}s").format(face=pattern.doubles))
    if pattern.any is not None:
        parts.append(_face(pattern.any, _("a {face} on any die"), _("an {face} on any die"), _("{faces} on any die")))
    if pattern.die is not None:
        parts.extend(f"{name} {wanted}" for name, wanted in pattern.die.items())
    if pattern.count is not None:
        n = pattern.count.at_least
        many = _("1 die or more showing {faces}") if n == 1 else _("{n} or more dice showing {faces}")
        parts.append(many.format(n=n, faces=pattern.count.faces))
    if pattern.total is not None:
        parts.append(_("a total of {faces}").format(faces=pattern.total))
    return and_list(parts)


def _face(faces: object, one: str, one_an: str, several: str) -> str:
    """A face in a phrase with its English article ('a 1', 'an 8'), or a range of faces ('5-6') without:
    each a template of its own, so that a language puts its own article (or none) in it."""
    text = str(faces)
    if not text.isdigit():
        return several.format(faces=text)
    return (one_an if text.startswith("8") or text in ("11", "18") else one).format(face=text)


def _on_face(faces: object) -> str:
    """'on a 1', 'on an 8', 'on 5-6'."""
    return _face(faces, _("on a {face}"), _("on an {face}"), _("on {faces}"))


def outcome_when(check: Check | Roll, outcome: Outcome) -> str:
    """What brings a named outcome, as a table's first cell: its range ('1-2') or its pattern."""
    if outcome.pattern is not None:
        return pattern_text(check, outcome.pattern)
    return str(outcome.roll)


def cadence_text(pack: Pack, check: Check | Roll, *, table: bool = True) -> str:
    """How often it is rolled: 'every dungeon turn (10 minutes)'. A cadence by a track's levels says
    'see the table below' when *table*, else gives each level's cadence; one at given units names them:
    'at turns 1, 4 and 9', 'at turns 3 and 5 of every 6'."""
    if check.cadence.at is not None:
        text = at_units_text(pack, check.cadence.at, check.cadence.repeat)
        if check.cadence.rolls > 1:
            return _("{times} {cadence}").format(times=times(check.cadence.rolls), cadence=text)
        return text
    every_ = check.cadence.every
    if isinstance(every_, ByTrack):
        track = pack.track(every_.track)
        if table or not every_.levels:
            text = _("by {track}: see the table below").format(track=track.name)
        else:
            text = and_list(
                [
                    _("{every} at {track} {level}").format(every=every_units(pack, n), track=track.name, level=at)
                    for at, n in every_.levels.items()
                ]
            )
    else:
        text = every_units(pack, every_)
    offset = check.cadence.offset
    pool = check.pool if isinstance(check, Check) else None
    if pool is not None and pool.roll_at is not None and every_ == 1 and not offset:
        return pool_cadence_text(pack)
    if check.cadence.first is not None:
        text = _("{cadence}; the first at the end of {unit} {n}").format(
            cadence=text, unit=pack.time.unit, n=offset + check.cadence.first
        )
    elif offset:
        text = _("{cadence}; the first after {n} {units} more").format(
            cadence=text, n=offset, units=pack.time.unit if offset == 1 else pack.time.plural
        )
    if check.cadence.rolls > 1:
        text = _("{times} {cadence}").format(times=times(check.cadence.rolls), cadence=text)
    return text


def at_units_text(pack: Pack, units: list[int], repeat: int | None) -> str:
    """'at turns 1, 4 and 9', 'at turn 3 of every 6': the units a cadence falls at, within each repeat."""
    if not units:
        return _("never")
    noun = pack.time.unit if len(units) == 1 else pack.time.plural
    text = _("at {unit} {numbers}").format(unit=noun, numbers=and_list([str(u) for u in units]))
    return text if repeat is None else _("{when} of every {n}").format(when=text, n=repeat)


def every_units(pack: Pack, n: int) -> str:
    """'every dungeon turn (10 minutes)', 'every 6 rounds (1 hour)'."""
    if n == 1:
        return _("every {span}").format(span=units_span(pack, 1))
    return _("every {n} {units} ({duration})").format(
        n=n, units=pack.time.plural, duration=duration(n * pack.time.length)
    )


def times(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: _("once"), 2: _("twice")}.get(n) or _("{n} times").format(n=n)


def after_text(pack: Pack, check: Check) -> str:
    """What an encounter resets: 'Escalation returns to 0; every tally mark is cleared', or ''."""
    parts = [
        _("{track} returns to {n}").format(track=pack.track(t).name, n=pack.track(t).initial)
        for t in check.on_encounter.reset
    ]
    if check.on_encounter.clear_tallies:
        parts.append(_("every tally mark is cleared"))
    return semicolons(parts)


def check_sentence(pack: Pack) -> str:
    """The check in one line, the same on every sheet that states it: its dice, what brings its result
    and how often it is rolled. 'd10: encounter on a result at or below the Alarm value; every
    exploration round (30 minutes)'. A pool is named by its die and how it is read ('highest die of a
    pool of d6'); :func:`dice_text` says how the pool fills."""
    check = pack.check
    if check is None:
        return _("no exploration check")
    dice = (
        dice_text(pack, check)
        if check.pool is None
        else _("{read} of a pool of {die}").format(read=read_name(check), die=check.pool.die)
    )
    return _("{dice}: {trigger}; {cadence}").format(
        dice=dice, trigger=trigger_text(pack, check, table=False), cadence=cadence_text(pack, check, table=False)
    )


def roll_sentence(pack: Pack, roll: Roll) -> str:
    """One of the pack's other rolls in one line, as :func:`check_sentence` says the check: its dice, what
    each outcome needs and how often it is rolled. '1d6: Torch gutters on a 1; every turn (10 minutes)'."""
    dice = roll_dice(pack, roll)
    brings = and_list(
        [
            _("{result} on {pattern}").format(result=o.result, pattern=pattern_text(roll, o.pattern))
            if o.pattern
            else _("{result} {when}").format(result=o.result, when=_on_face(o.roll))
            for o in roll.outcomes
        ]
    )
    return _("{dice}: {trigger}; {cadence}").format(
        dice=dice, trigger=brings, cadence=cadence_text(pack, roll, table=False)
    )


# --- the rule that decides a pre-rolled result --------------------------------------------------------


def rule_text(pack: Pack, result: int) -> str:
    """The rule that decides a pre-rolled result, with the threshold solved for the track.

    "d10 = 4: encounter if Alarm is 4 or more"; "1d6 = 3: danger if Escalation is 3 or more";
    "1d6 = 6: encounter"; "1d6 = 1: no encounter at any Alert Level"; for a clock that fills,
    "highest d6 = 6: +2 segments on Encounter Clock; encounter if it is at 4 or more".
    """
    return _rule_text(machine(pack), result, active())


@lru_cache(maxsize=4096)
def _rule_text(m: Machine, result: int, language: str) -> str:
    check = m.check
    shown = str(result) if m.throws is None else ", ".join(map(str, m.throws.decode(result)))
    head = f"{roll_head(check)} = {shown}"
    word = check.result
    if check.trigger.track_full is not None:
        return after_colon(head, _advance_text(m, result))
    variable = _variable(m)
    if variable is None and (m.add or _by_track(m) is not None):
        return after_colon(head, _formula_text(m, result))
    if variable is None:
        fires = m.fires(result, m.initial().levels)
        if fires and check.trigger.pattern is not None:
            return after_colon(f"{head} ({pattern_text(check, check.trigger.pattern)})", word)
        return after_colon(head, word if fires else no_result(word))
    name, low, high, levels_for = variable
    hits = [v for v in range(low, high + 1) if m.fires(result, levels_for(v))]
    if not hits:
        return after_colon(head, _("no {result} at any {track}").format(result=word, track=name))
    if len(hits) == high - low + 1:
        return after_colon(head, word)
    return after_colon(
        head,
        _("{result} if {track} is {levels}").format(result=word, track=name, levels=levels_phrase(hits, low, high)),
    )


def no_result(word: str) -> str:
    """'no encounter': a check's result that did not come."""
    return _("no {result}").format(result=word)


def _advance_text(m: Machine, result: int) -> str:
    assert m.advance is not None and m.check.trigger.track_full is not None
    i, rows = m.advance
    track = m.tracks[i]
    row = next((r for r in rows if m.total(result) in r.roll), None)
    steps = row.by if row is not None else 0
    label = row.label if row is not None and row.label else None
    if steps == 0:
        return label or _("{track} does not move").format(track=track.name)
    moved = _("{label} on {track}").format(label=label, track=track.name) if label else f"{track.name} +{steps}"
    if m.index[m.check.trigger.track_full] != i:
        return moved
    at = max(track.min, track.max - steps)
    if at == track.min:
        return semicolons((moved, m.check.result))
    # steps is not 0 here, so the level it fills the track from is below the top
    where = _("{result} if it is at {n} or more").format(result=m.check.result, n=at)
    return semicolons((moved, where))


def _variable(m: Machine) -> tuple[str, int, int, Callable[[int], tuple[int, ...]]] | None:
    """The one quantity the trigger depends on: a track, or the sum of the added tracks."""
    by_track = _by_track(m)
    base = m.initial().levels
    involved = sorted(set(m.add) | ({m.index[by_track]} if by_track is not None else set()))
    if not involved:
        return None
    if len(involved) == 1:
        i = involved[0]
        track = m.tracks[i]

        def one(v: int) -> tuple[int, ...]:
            return (*base[:i], v, *base[i + 1 :])

        return track.name, track.min, track.max, one
    if by_track is not None:
        return None
    # Only the sum of the added tracks matters: put it all on the first, the rest at their minimum.
    first, rest = m.add[0], m.add[1:]
    floor = list(base)
    for i in rest:
        floor[i] = m.tracks[i].min

    def total(v: int) -> tuple[int, ...]:
        levels = list(floor)
        levels[first] = v - sum(m.tracks[i].min for i in rest)
        return tuple(levels)

    names = " + ".join(m.tracks[i].name for i in m.add)
    return names, sum(m.tracks[i].min for i in m.add), sum(m.tracks[i].max for i in m.add), total


def _by_track(m: Machine) -> str | None:
    trigger = m.check.trigger
    return next((v.track for v in (trigger.at_least, trigger.at_most) if isinstance(v, ByTrack)), None)


def _formula_text(m: Machine, result: int) -> str:
    """The trigger written out, for a rule that adds one track and compares with another."""
    trigger = m.check.trigger
    added = " + ".join([str(m.total(result)), *(m.tracks[i].name for i in m.add)])
    value = trigger.at_least if trigger.at_least is not None else trigger.at_most
    assert isinstance(value, ByTrack)
    against = m.pack.track(value.track).name
    if value.levels is not None:
        against = _("the value for the {track}").format(track=against)
    relation = (
        _("{result} if {sum} is at least {value}")
        if trigger.at_least is not None
        else _("{result} if {sum} is at most {value}")
    )
    return relation.format(result=m.check.result, sum=added, value=against)
