"""The newer mechanics in words: outcome effects, resources that run down, rests that fall due, pools
rolled when they hold N dice, encounter openings and round trackers' keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sheetgen.engine.deck import DeckCard
from sheetgen.engine.dice import parse_dice
from sheetgen.engine.due import RestDue, pool_fill_units
from sheetgen.engine.procedure import machine
from sheetgen.engine.resources import ResourceOut
from sheetgen.engine.timetable import RollDone, SpareRoll
from sheetgen.model.pack import Condition, OutcomeEffect, Pack, Pool, Resource, Roll
from sheetgen.words.language import N_, _, after_colon, ngettext, semicolons
from sheetgen.words.numbers import clock, faces_text, signed


class _AtUnit(Protocol):
    """A resource running out or a rest falling due (sheetgen.engine.resources, sheetgen.engine.due)."""

    @property
    def name(self) -> str: ...

    @property
    def unit(self) -> int: ...


def clock_at(pack: Pack, unit: int) -> str:
    """The end of a unit as a clock: '1:00'."""
    return clock(unit * pack.time.length)


def outcome_effect_phrases(pack: Pack, outcome: int, unit: int, card: int | None) -> list[str]:
    """What the named outcome rolled at the end of ``unit`` does, in words."""
    if outcome < 0:
        return []
    return [
        effect_phrase(pack, e, card=card, until=clock_at(pack, unit + e.lasts) if e.lasts is not None else None)
        for e in pack.all_outcomes[outcome].effects
    ]


def row_extras(
    pack: Pack,
    unit: int,
    outcome: int,
    card: int | None,
    ran_out: Sequence[ResourceOut],
    due: Sequence[RestDue],
    rolls: Sequence[RollDone] = (),
) -> list[str]:
    """What a timetable row adds after the quiet party's result: the named outcome and its effects, then
    the other rolls made, the resources that ran out and the rests and conditions that fell due since the
    row before, in time order."""
    said: list[str] = []
    if outcome >= 0 and pack.check is not None:
        name = pack.check.outcomes[outcome].result
        effects = outcome_effect_phrases(pack, outcome, unit, card)
        if effects or name.lower() != pack.check.result.lower():
            said.append(outcome_phrase(pack, name, effects))
    events = sorted(
        [(o.unit, 1, _out_with_moves(pack, o)) for o in ran_out] + [(d.unit, 2, _due_text(pack, d)) for d in due]
    )
    said += rolls_phrases(pack, rolls)
    said += [text for _, _, text in events]
    return said


def reading_words(pool: Pool | Roll) -> tuple[str, str, str]:
    """A pool's (or another roll's) reading in words, the one place they are said: as a noun ('highest
    die'), before a result ('highest d6') and as a rule ('the highest die counts')."""
    die = str(parse_dice(pool.die if isinstance(pool, Pool) else pool.roll))
    if pool.read == "count":
        on = pool.count_on
        return (
            _("dice showing {faces}").format(faces=on),
            _("{die} showing {faces}").format(die=die, faces=on),
            _("the result is how many dice show {faces}").format(faces=on),
        )
    return {
        "highest": (_("highest die"), _("highest {die}").format(die=die), _("the highest die counts")),
        "lowest": (_("lowest die"), _("lowest {die}").format(die=die), _("the lowest die counts")),
        "sum": (_("total"), _("{die} total").format(die=die), _("the dice are added")),
    }[pool.read]


def rolls_phrases(pack: Pack, rolls: Sequence[RollDone], bold: tuple[str, str] = ("", "")) -> list[str]:
    """The other rolls a timetable row holds, one phrase for each roll, its dice by time and what they
    brought: 'Torch 1d6: 0:10 4, 0:20 1 Torch gutters (Torches -1 box)'; each roll's name between *bold*."""
    by_roll: dict[str, list[RollDone]] = {}
    for done in rolls:
        by_roll.setdefault(done.roll, []).append(done)
    said = []
    for rid, made in by_roll.items():
        side = next(r for r in machine(pack).others if r.roll.id == rid)
        roll = side.roll
        parts = []
        for done in made:
            text = f"{clock_at(pack, done.unit)} {', '.join(str(f) for f in done.faces)}"
            if side.reading is not None:
                text += f" = {side.reading.result(done.faces)}"
            if done.outcome is not None:
                effects = outcome_effect_phrases(pack, done.outcome_index, done.unit, done.sign_card)
                text += f" {done.outcome}" + (f" ({', '.join(effects)})" if effects else "")
            parts.append(text)
        head = roll.roll if side.reading is None else f"{roll.roll}, {reading_words(roll)[0]}"
        said.append(after_colon(f"{bold[0]}{roll.name}{bold[1]} {head}", ", ".join(parts)))
    return said


def _due_text(pack: Pack, due: RestDue) -> str:
    at = clock_at(pack, due.unit)
    return due_phrase(due.name, at) if due.state is None else condition_phrase(due.name, due.state, at)


def _out_with_moves(pack: Pack, out: ResourceOut) -> str:
    """'Torch out at 1:00', and the light it lights and what its running out moves: 'Torch out at 1:00:
    Lantern lit, Danger +2'."""
    said = out_phrase(out.name, clock_at(pack, out.unit))
    resource = next((r for r in pack.resources if r.id == out.resource), None)
    lit = lit_after(pack, out.resource)
    moves = [_("{resource} lit").format(resource=lit)] if lit is not None else []
    moves += [when_out_phrase(pack, resource)] if resource is not None and resource.when_out else []
    return after_colon(said, ", ".join(moves)) if moves else said


def lit_after(pack: Pack, resource_id: str) -> str | None:
    """The name of the resource lit when this one runs out, if any."""
    return next((r.name for r in pack.resources if r.after == resource_id), None)


def when_out_phrase(pack: Pack, resource: Resource) -> str:
    """What a resource running out moves: 'Danger +2, Alarm back to 0' ('' when nothing)."""
    return ", ".join(
        _back_to(pack, m.track) if m.reset else f"{pack.track(m.track).name} {signed(m.by)}" for m in resource.when_out
    )


def _back_to(pack: Pack, track_id: str) -> str:
    """'Alarm back to 0'."""
    track = pack.track(track_id)
    return _("{track} back to {n}").format(track=track.name, n=track.initial)


def runs_out_text(unit_seconds: int, outs: Sequence[_AtUnit]) -> str:
    """'Torch out at 1:00, Lantern oil out at 4:00', for units ``unit_seconds`` long."""
    return ", ".join(out_phrase(o.name, clock(o.unit * unit_seconds)) for o in outs)


def spares_heading(when: Sequence[str], strong: tuple[str, str] = ("", "")) -> str:
    """'Spare dice (the party fights or makes a loud noise; a bright light is lit), used in order', the
    first two words wrapped in ``strong``."""
    return _("{b}Spare dice{eb} ({when}), used in order").format(b=strong[0], eb=strong[1], when=semicolons(when))


def spares_text(spares: Sequence[SpareRoll], strong: tuple[str, str] = ("", "")) -> str:
    """'1: 4 · 2: 6 · 3: 1 3 5': each spare roll by its number, a pool's dice in the order to take them,
    each roll wrapped in ``strong``."""
    return " \u00b7 ".join(
        after_colon(
            str(sp.index), f"{strong[0]}{sp.roll if sp.roll is not None else ' '.join(map(str, sp.dice))}{strong[1]}"
        )
        for sp in spares
    )


def runs_out_line(unit_seconds: int, outs: Sequence[_AtUnit], strong: tuple[str, str] = ("", "")) -> str:
    """'Runs out, quiet party: Torch out at 1:00', the label wrapped in ``strong``."""
    return _("{b}Runs out, quiet party:{eb} {outs}").format(
        b=strong[0], eb=strong[1], outs=runs_out_text(unit_seconds, outs)
    )


def signs_text(signs: Sequence[tuple[str, int]]) -> str:
    """'Spoor (0:30); Spoor (1:10)': the outcomes that foretell a card, each with the seconds of play
    at which it was rolled."""
    return semicolons(sign_phrase(name, clock(seconds)) for name, seconds in signs)


def effect_phrase(pack: Pack, effect: OutcomeEffect, *, card: int | None = None, until: str | None = None) -> str:
    """'Fatigue +1', 'Torch −1 box', 'Torch refilled', 'foretells encounter 2', 'Lost for 3 turns'."""
    if effect.track is not None:
        name = pack.track(effect.track).name
        return _back_to(pack, effect.track) if effect.reset else f"{name} {signed(effect.by)}"
    if effect.resource is not None:
        name = next(r.name for r in pack.resources if r.id == effect.resource)
        if effect.reset:
            return _("{resource} refilled").format(resource=name)
        return ngettext("{resource} {n} box", "{resource} {n} boxes", abs(effect.by)).format(
            resource=name, n=signed(effect.by)
        )
    if effect.sign:
        return _("foretells encounter {n}").format(n=card) if card is not None else _("foretells the next encounter")
    assert effect.lasts is not None
    units = pack.time.unit if effect.lasts == 1 else pack.time.plural
    if until:
        return _("for {n} {units}, until {clock}").format(n=effect.lasts, units=units, clock=until)
    return _("for {n} {units}").format(n=effect.lasts, units=units)


def outcome_phrase(pack: Pack, name: str, effects: list[str]) -> str:
    """'Sign: foretells encounter 2', or the outcome's name alone when it does nothing the sheets track."""
    return after_colon(name, ", ".join(effects)) if effects else name


def sign_phrase(name: str, clock: str) -> str:
    """A card's mark: 'Spoor (0:30)'."""
    return f"{name} ({clock})"


def out_phrase(name: str, clock: str) -> str:
    """A resource that runs out: 'Torch out at 1:00'."""
    return _("{resource} out at {clock}").format(resource=name, clock=clock)


def every_unit(pack: Pack, every: int) -> str:
    """'every turn', 'every 6 turns'."""
    if every == 1:
        return _("every {unit}").format(unit=pack.time.unit)
    return _("every {n} {units}").format(n=every, units=pack.time.plural)


def boxes(n: int) -> str:
    """'1 box', '2 boxes'."""
    return ngettext("{n} box", "{n} boxes", n).format(n=n)


def rate_phrase(pack: Pack, every: int, use: int = 1) -> str:
    """A resource's rate: '1 box every turn', '1 box every 6 turns', '2 boxes every turn'."""
    return f"{boxes(use)} {every_unit(pack, every)}"


def due_phrase(name: str, clock: str) -> str:
    """A periodic rule that falls due: 'Rest due at 1:00'."""
    return _("{rest} due at {clock}").format(rest=name, clock=clock)


def condition_phrase(name: str, state: str, clock: str) -> str:
    """A condition's next state falling due: 'The Grind at 0:40: Exhausted'."""
    return _("{condition} at {clock}: {state}").format(condition=name, clock=clock, state=state)


def conditions_order_text(pack: Pack, condition: Condition, *, at_times: bool = True) -> str:
    """Its states in order with the time each falls due, 'Hungry (0:40), then Exhausted (1:20)', or
    without the times, 'Hungry, then Exhausted' (for a grid whose cells give the time)."""
    return _(", then ").join(
        f"{state} ({clock_at(pack, (k + 1) * condition.every)})" if at_times else state
        for k, state in enumerate(condition.states)
    )


def due_every_text(pack: Pack, every: int) -> str:
    """'due every 6 turns', 'due every turn'."""
    return _("due {every}").format(every=every_unit(pack, every))


def pool_cadence_text(pack: Pack) -> str:
    """'when the pool holds 6 dice (every 6 turns for a quiet party)'."""
    check = pack.check
    assert check is not None and check.pool is not None and check.pool.roll_at is not None
    units = pool_fill_units(pack)
    if units is None:
        return ngettext("when the pool holds {n} die", "when the pool holds {n} dice", check.pool.roll_at).format(
            n=check.pool.roll_at
        )
    every = pack.time.unit if units == 1 else f"{units} {pack.time.plural}"
    return ngettext(
        "when the pool holds {n} die (every {span} for a quiet {party})",
        "when the pool holds {n} dice (every {span} for a quiet {party})",
        check.pool.roll_at,
    ).format(n=check.pool.roll_at, span=every, party=pack.words.party)


def pool_rule_note(pack: Pack) -> str:
    """The note beside a pool's boxes: 'tick a box per die; roll at 6'."""
    check = pack.check
    assert check is not None and check.pool is not None and check.pool.roll_at is not None
    rule = _("tick a box per die; roll when it holds {n}").format(n=check.pool.roll_at)
    return _("starts with {n}; {rule}").format(n=check.pool.base, rule=rule) if check.pool.base else rule


# --- encounter openings and round trackers -------------------------------------------------------


def opening_texts(card: DeckCard, strong: tuple[str, str] = ("", "")) -> list[tuple[str, str]]:
    """Each opening roll's name and its sides' rolls: ('Surprise', 'party 1d6 = 2, surprised · monsters
    1d6 = 5'), the result wrapped in ``strong`` (('**', '**') for bold)."""
    names: dict[str, list[str]] = {}
    for o in card.openings:
        said = f"{o.side} {o.dice} = {faces_text(o.faces, o.roll)}"
        if o.result:
            said += f", {strong[0]}{o.result}{strong[1]}"
        names.setdefault(o.name, []).append(said)
    return [(name, " \u00b7 ".join(parts)) for name, parts in names.items()]


NOT_A_CREATURE = N_("Not a creature: no reaction or morale.")  # translated where it is printed
"""What a card says of an entry that is a sign or a hazard."""


def beings_key(beings: int, action: str) -> str:
    """The key of a round tracker with a Move and an Action box for each Being of a group."""
    return _(
        "**M** = Move, **{a}** = {action}: a pair for each of up to {n} Beings in a group; "
        "tick each as that Being uses it."
    ).format(a=action[:1], action=action, n=beings)
