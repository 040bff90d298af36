"""The results part of a tracker: a pack whose check names its outcomes (or one of its other rolls, the
part's ``ref``) in, a Block out.

One row per scheduled roll of the first hours of play (its clock time printed), a blank for the roll
and a box under each named outcome to tick (or one wide blank when the outcomes do not fit across),
so the game master can write down what each roll brought.
"""

from __future__ import annotations

from collections.abc import Callable

from sheetgen.engine.procedure import machine
from sheetgen.layout.marks import RectMark, Sketch, slug, text_width
from sheetgen.layout.tracker_parts import BODY, LABEL, SMALL_BOX, Block, PartContext, heading, rules
from sheetgen.model.pack import Check, Roll, TrackerPart
from sheetgen.words import clock, outcome_when
from sheetgen.words.language import N_, _, after_colon

RESULT_ROWS = 12
"""Rows drawn: the first scheduled checks, at most this many."""
_TIME_W = 34.0
_ROLL_W = 34.0
_ROW_H = SMALL_BOX + 8.0


def result_units(on_grid: Callable[[int], bool], rows: int = RESULT_ROWS) -> list[int]:
    """The units at whose end the first ``rows`` rolls may be made, on this grid."""
    found: list[int] = []
    unit = 0
    while len(found) < rows and unit < 100_000:
        unit += 1
        if on_grid(unit):
            found.append(unit)
    return found


def results_block(ctx: PartContext, q: int, part: TrackerPart, width: float) -> Block:
    pack = ctx.pack
    m = machine(pack)
    roll: Check | Roll
    if part.ref is not None:  # one of the other rolls
        side = next(r for r in m.others if r.roll.id == part.ref)
        roll, on_grid, field, first = side.roll, side.on_grid, f"rolls[{side.index}]", N_("first {n} rolls")
    else:
        assert pack.check is not None
        roll, on_grid, field, first = pack.check, m.on_grid, "check", N_("first {n} checks")
    sk = Sketch()
    names = [ctx.checked(o.result, f"{field}.outcomes[{i}].result") for i, o in enumerate(roll.outcomes)]
    title = ctx.checked(part.title or _("{roll}: results").format(roll=roll.name), ctx.where(q, "title"))
    units = result_units(on_grid)
    top = -heading(sk, width, title, _(first).format(n=len(units)))
    top = rules(sk, ctx.items(q, part), width, top, f"results-{q}")
    cols = [max(text_width(n, "label", LABEL) + 8.0, SMALL_BOX + 8.0) for n in names]
    across = _TIME_W + _ROLL_W + sum(cols) <= width
    x0 = _TIME_W + _ROLL_W
    if not across:
        key = ", ".join(f"**{outcome_when(roll, o)}** {n}" for o, n in zip(roll.outcomes, names, strict=True))
        top = rules(sk, [key], width, top, f"results-{q}-key", bullet=None) - 2.0
    sk.text(0.0, top - LABEL - 2.0, _("Time"), "label-bold", LABEL)
    sk.text(_TIME_W, top - LABEL - 2.0, _("Roll"), "label-bold", LABEL)
    if across:
        x = x0
        for name, w in zip(names, cols, strict=True):
            sk.text(x + w / 2, top - LABEL - 2.0, name, "label", LABEL, align="centre")
            x += w
        if width - x > 60.0:
            sk.text(x + 6.0, top - LABEL - 2.0, _("Notes"), "label-bold", LABEL)
    else:
        sk.text(x0, top - LABEL - 2.0, _("Outcome"), "label-bold", LABEL)
    top -= LABEL + 6.0
    sk.line(0.0, top, width, top, 0.75)
    for r, unit in enumerate(units):
        y = top - r * _ROW_H
        if r % 2:
            sk.add(RectMark(0.0, y - _ROW_H, width, _ROW_H, fill=0.93))
        time = clock(unit * pack.time.length)
        sk.text(0.0, y - _ROW_H / 2 - BODY * 0.35, time, "label-bold", BODY)
        sk.line(_TIME_W, y - _ROW_H + 4.0, _TIME_W + _ROLL_W - 6.0, y - _ROW_H + 4.0, 0.5)
        if across:
            x = x0
            for name, w in zip(names, cols, strict=True):
                sk.box(
                    x + (w - SMALL_BOX) / 2,
                    y - _ROW_H / 2 - SMALL_BOX / 2,
                    SMALL_BOX,
                    f"result-{unit}-{slug(name)}",
                    after_colon(time, name),
                )
                x += w
        else:
            sk.line(x0, y - _ROW_H + 4.0, width, y - _ROW_H + 4.0, 0.5)
        sk.line(0.0, y - _ROW_H, width, y - _ROW_H, 0.5, grey=0.4)
    top -= len(units) * _ROW_H
    return Block(tuple(sk.marks), -top)
