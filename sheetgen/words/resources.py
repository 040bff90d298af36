"""Resources in words: how each runs down (a rate, a usage die, boxes lost on a roll, lit after another),
what its mark on the turns grid means, and how long those that dice run down last
(sheetgen.engine.resource_odds)."""

from __future__ import annotations

from sheetgen.engine.types import Odds, ResourceUse
from sheetgen.model.pack import Pack, Resource
from sheetgen.words.language import _, after_colon, semicolons
from sheetgen.words.mechanics import boxes, every_unit, rate_phrase
from sheetgen.words.numbers import about, clock, percent
from sheetgen.words.odds import milestones


def running_down(pack: Pack, resource: Resource) -> str:
    """How a resource runs down, in one line: '1 box every turn'; 'roll its die every turn: on 1-2 down a die
    (d8, d6, d4, then gone)'; 'roll 1d6 every 6 turns: 1 box on 1-3'; for a light lit after another, 'when
    Torch is out, ' before it. '' for one that only actions and outcomes use."""
    if resource.every is None:
        return ""
    if resource.dice is not None:
        steps = ", ".join(resource.dice)
        rule = _("roll its die {every}: on {faces} down a die ({steps}, then gone)").format(
            every=every_unit(pack, resource.every), faces=resource.steps_on, steps=steps
        )
    elif resource.chance is not None:
        rule = _("roll {dice} {every}: {boxes} on {faces}").format(
            dice=resource.chance.roll,
            every=every_unit(pack, resource.every),
            boxes=boxes(resource.use),
            faces=resource.chance.on,
        )
    else:
        rule = rate_phrase(pack, resource.every, resource.use)
    if resource.after is None:
        return rule
    return _("when {resource} is out, {rule}").format(resource=_name(pack, resource.after), rule=rule)


def rate_due_phrase(resource: Resource) -> str:
    """What a resource's mark on the turns grid means: 'a box of Lantern oil is used', 'roll for Rations'."""
    return (_("roll for {resource}") if resource.rolled else _("a box of {resource} is used")).format(
        resource=resource.name
    )


def lasting_text(odds: Odds, use: ResourceUse) -> str:
    """How long a resource that dice run down lasts, for the reference: 'Lasts about 90 minutes on average
    (once lit); gone by 1:00: 33.5%, by 2:00: 81.5%, by 3:00: 96.1%'. '' for one whose end is fixed."""
    if not use.by_dice or not use.gone_by_hour:
        return ""
    said = []
    if use.lasts_units is not None:
        lasts = _("Lasts {wait} on average once lit") if use.after is not None else _("Lasts {wait} on average")
        said.append(lasts.format(wait=about(use.lasts_units * odds.unit_minutes)))
    marks = milestones(odds)
    picked = sorted({marks[0], marks[len(marks) // 2], marks[-1]}, key=lambda m: m[1]) if marks else []
    gone = _(", by ").join(after_colon(clock(hour * 3600), percent(use.gone_by_hour[hour - 1])) for _m, hour in picked)
    if gone:
        said.append(_("gone by {times}").format(times=gone))
    return semicolons(said)


def _name(pack: Pack, resource_id: str) -> str:
    return next((r.name for r in pack.resources if r.id == resource_id), resource_id)
