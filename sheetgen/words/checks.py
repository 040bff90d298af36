"""A pack's check in words: what is rolled, when, what triggers and what it moves (the one sentence
every sheet prints for the check), and the rule that decides a pre-rolled result."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from sheetgen.engine.dice import parse_dice
from sheetgen.engine.procedure import Machine, machine
from sheetgen.model.pack import ByTrack, Check, Outcome, Pack, Pattern, Pool, Roll
from sheetgen.words.mechanics import pool_cadence_text, reading_words
from sheetgen.words.numbers import TIMES, levels_phrase, signed, units_span


def roll_dice(pack: Pack, roll: Roll) -> str:
    """Another roll's dice and how they are read: '2d6 + Fatigue', '3d6 (the highest die counts)'."""
    dice = " + ".join([str(parse_dice(roll.roll)), *(pack.track(t).name for t in roll.add)])
    return dice if roll.read == "sum" else f"{dice} ({reading_words(roll)[2]})"


def roll_read_name(roll: Roll) -> str | None:
    """What another roll's result is read from, as a noun ('highest die'); None for dice added up."""
    return None if roll.read == "sum" else reading_words(roll)[0]


def read_name(check: Check) -> str:
    """What a check's result is read from, as a noun: 'highest die', 'lowest die', 'total', 'roll'."""
    return "roll" if check.pool is None else reading_words(check.pool)[0]


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
        parts.append(f"{'plus ' if parts else ''}one {pool.die} for each mark of {names}")
    if pool.grow:
        parts.append(f"plus {pool.grow} {TIMES} {pool.die} more every {pack.time.unit}")
    rule = [", ".join(parts)]
    if pool.roll_at is not None:
        rule.append(f"rolled when the pool holds {pool.roll_at} dice, then emptied")
    if pool.max_dice != Pool.model_fields["max_dice"].default:
        rule.append(f"at most {pool.max_dice} dice")
    rule.append(reading_words(pool)[2])
    return "; ".join(rule)


def threshold_text(check: Check, value: int, at_least: bool) -> str:
    """'on a 6', 'on 5-6', 'on a total of 6 or higher', 'on 3 or lower', 'never'."""
    if check.roll is None or check.add:
        what = "a total of " if check.add else ""
        return f"on {what}{value} or {'higher' if at_least else 'lower'}"
    dice = parse_dice(check.roll)
    first, last = (max(value, dice.minimum), dice.maximum) if at_least else (dice.minimum, min(value, dice.maximum))
    if first > last:
        return "never"
    if first == last:
        return f"on a {first}"
    return f"on {first}-{last}"


def trigger_text(pack: Pack, check: Check, *, table: bool = True) -> str:
    """What brings the result: 'danger on a total of 6 or higher'. A trigger by a track's levels says
    'see the table below' when *table*, else gives each level's threshold."""
    trig = check.trigger
    result = check.result
    for value, at_least in ((trig.at_least, True), (trig.at_most, False)):
        if value is None:
            continue
        if isinstance(value, int):
            return f"{result} {threshold_text(check, value, at_least)}"
        track = pack.track(value.track)
        if value.levels is None:
            side = "at or above" if at_least else "at or below"
            return f"{result} on a result {side} the {track.name} value"
        if table:
            return f"{result} by {track.name}: see the table below"
        by = [f"{threshold_text(check, n, at_least)} at {track.name} {at}" for at, n in value.levels.items()]
        return f"{result} {and_list(by)}"
    if trig.faces is not None:
        faces = [str(face) for face in trig.faces]
        return f"{result} on {_article(faces[0]) if len(faces) == 1 else ', '.join(faces[:-1]) + ' or ' + faces[-1]}"
    if trig.pattern is not None:
        return f"{result} on {pattern_text(check, trig.pattern)}"
    full = pack.track(trig.track_full or "")
    return f"{result} when the {full.name} is full ({full.max})"


def pattern_text(check: Check | Roll, pattern: Pattern) -> str:
    """What a pattern of the dice read one by one looks for: 'doubles', 'double 6s', 'a 1 on any die',
    'red 1', '2 or more dice showing 5-6', 'a total of 10-12', joined by 'and'."""
    parts: list[str] = []
    if pattern.doubles == "any":
        parts.append("doubles")
    elif pattern.doubles is not None:
        parts.append(f"double {pattern.doubles}s")
    if pattern.any is not None:
        parts.append(f"{_article(pattern.any)} on any die")
    if pattern.die is not None:
        parts.extend(f"{name} {wanted}" for name, wanted in pattern.die.items())
    if pattern.count is not None:
        n = pattern.count.at_least
        many = "1 die or more" if n == 1 else f"{n} or more dice"
        parts.append(f"{many} showing {pattern.count.faces}")
    if pattern.total is not None:
        parts.append(f"a total of {pattern.total}")
    return and_list(parts)


def _article(faces: object) -> str:
    """'a 1', 'an 8', '5-6'."""
    text = str(faces)
    if not text.isdigit():
        return text
    return f"an {text}" if text.startswith("8") or text in ("11", "18") else f"a {text}"


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
        return f"{times(check.cadence.rolls)} {text}" if check.cadence.rolls > 1 else text
    every_ = check.cadence.every
    if isinstance(every_, ByTrack):
        track = pack.track(every_.track)
        if table or not every_.levels:
            text = f"by {track.name}: see the table below"
        else:
            text = and_list([f"every {units_span(pack, n)} at {track.name} {at}" for at, n in every_.levels.items()])
    else:
        text = f"every {units_span(pack, every_)}"
    offset = check.cadence.offset
    pool = check.pool if isinstance(check, Check) else None
    if pool is not None and pool.roll_at is not None and every_ == 1 and not offset:

        return pool_cadence_text(pack)
    if check.cadence.first is not None:
        text += f"; the first at the end of {pack.time.unit} {offset + check.cadence.first}"
    elif offset:
        text += f"; the first after {offset} {pack.time.unit if offset == 1 else pack.time.plural} more"
    if check.cadence.rolls > 1:
        text = f"{times(check.cadence.rolls)} {text}"
    return text


def at_units_text(pack: Pack, units: list[int], repeat: int | None) -> str:
    """'at turns 1, 4 and 9', 'at turn 3 of every 6': the units a cadence falls at, within each repeat."""
    if not units:
        return "never"
    noun = pack.time.unit if len(units) == 1 else pack.time.plural
    text = f"at {noun} {and_list([str(u) for u in units])}"
    return text if repeat is None else f"{text} of every {repeat}"


def times(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def after_text(pack: Pack, check: Check) -> str:
    """What an encounter resets: 'Escalation returns to 0; every tally mark is cleared', or ''."""
    parts = [f"{pack.track(t).name} returns to {pack.track(t).initial}" for t in check.on_encounter.reset]
    if check.on_encounter.clear_tallies:
        parts.append("every tally mark is cleared")
    return "; ".join(parts)


def check_sentence(pack: Pack) -> str:
    """The check in one line, the same on every sheet that states it: its dice, what brings its result
    and how often it is rolled. 'd10: encounter on a result at or below the Alarm value; every
    exploration round (30 minutes)'. A pool is named by its die and how it is read ('highest die of a
    pool of d6'); :func:`dice_text` says how the pool fills."""
    check = pack.check
    if check is None:
        return "no exploration check"
    dice = dice_text(pack, check) if check.pool is None else f"{read_name(check)} of a pool of {check.pool.die}"
    return f"{dice}: {trigger_text(pack, check, table=False)}; {cadence_text(pack, check, table=False)}"


def roll_sentence(pack: Pack, roll: Roll) -> str:
    """One of the pack's other rolls in one line, as :func:`check_sentence` says the check: its dice, what
    each outcome needs and how often it is rolled. '1d6: Torch gutters on a 1; every turn (10 minutes)'."""
    dice = roll_dice(pack, roll)
    brings = and_list([f"{o.result} on {pattern_text(roll, o.pattern) if o.pattern else _article(o.roll)}"
                      for o in roll.outcomes])
    return f"{dice}: {brings}; {cadence_text(pack, roll, table=False)}"


def and_list(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


# --- the rule that decides a pre-rolled result --------------------------------------------------------


def rule_text(pack: Pack, result: int) -> str:
    """The rule that decides a pre-rolled result, with the threshold solved for the track.

    "d10 = 4: encounter if Alarm is 4 or more"; "1d6 = 3: danger if Escalation is 3 or more";
    "1d6 = 6: encounter"; "1d6 = 1: no encounter at any Alert Level"; for a clock that fills,
    "highest d6 = 6: +2 segments on Encounter Clock; encounter if it is at 4 or more".
    """
    return _rule_text(machine(pack), result)


@lru_cache(maxsize=4096)
def _rule_text(m: Machine, result: int) -> str:
    check = m.check
    shown = str(result) if m.throws is None else ", ".join(map(str, m.throws.decode(result)))
    head = f"{roll_head(check)} = {shown}"
    word = check.result
    if check.trigger.track_full is not None:
        return f"{head}: {_advance_text(m, result)}"
    variable = _variable(m)
    if variable is None and (m.add or _by_track(m) is not None):
        return f"{head}: {_formula_text(m, result)}"
    if variable is None:
        fires = m.fires(result, m.initial().levels)
        if fires and check.trigger.pattern is not None:
            return f"{head} ({pattern_text(check, check.trigger.pattern)}): {word}"
        return f"{head}: {word}" if fires else f"{head}: no {word}"
    name, low, high, levels_for = variable
    hits = [v for v in range(low, high + 1) if m.fires(result, levels_for(v))]
    if not hits:
        return f"{head}: no {word} at any {name}"
    if len(hits) == high - low + 1:
        return f"{head}: {word}"
    return f"{head}: {word} if {name} is {levels_phrase(hits, low, high)}"


def _advance_text(m: Machine, result: int) -> str:
    assert m.advance is not None and m.check.trigger.track_full is not None
    i, rows = m.advance
    track = m.tracks[i]
    row = next((r for r in rows if m.total(result) in r.roll), None)
    steps = row.by if row is not None else 0
    label = row.label if row is not None and row.label else None
    if steps == 0:
        return label or f"{track.name} does not move"
    moved = f"{label} on {track.name}" if label else f"{track.name} +{steps}"
    if m.index[m.check.trigger.track_full] != i:
        return moved
    at = max(track.min, track.max - steps)
    if at == track.min:
        return f"{moved}; {m.check.result}"
    where = f"it is at {at}" if at == track.max else f"it is at {at} or more"
    return f"{moved}; {m.check.result} if {where}"


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
            return (*base[:i], v, *base[i + 1:])

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
        against = f"the value for the {against}"
    relation = "at least" if trigger.at_least is not None else "at most"
    return f"{m.check.result} if {added} is {relation} {against}"
