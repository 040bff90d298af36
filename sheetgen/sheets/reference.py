"""A rule pack's one-page references: a Pack and RenderOptions in, a :class:`ReferenceView` out.

The view says what is on each reference page, in order: the page's heading, then one
:class:`SectionView` (the view types are in sheetgen.sheets.views) per section of
``pack.reference.pages[].sections[]`` with everything the section
shows taken from the pack (the procedure's steps, the check's dice and cadence, a track's boxes and
levels, a table's rows ...) and composed into the pack's own words. It holds plain text, never HTML:
the renderer (sheetgen.render.html.reference) escapes it. The check and tracks are put into words by
sheetgen.sheets.mechanics, and the odds chart is laid out, in points, by sheetgen.sheets.odds_chart.

:func:`printed_text` lists every pack field whose text reaches the pages, by its field path, so that
characters the shipped fonts lack are reported where they were written.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from sheetgen.engine.types import Odds
from sheetgen.errors import FontError, Location, Problem, RenderError
from sheetgen.fonts import check_text_covered
from sheetgen.markup import plain
from sheetgen.model.common import RollRange, Statblock
from sheetgen.model.pack import Action, EncounterRules, Pack, Page, Resource, Section, Table, Variant
from sheetgen.options import POINTS_PER_INCH, RenderOptions
from sheetgen.sheets.mechanics import (
    ChangeView,
    check_banner,
    check_view,
    track_view,
)
from sheetgen.sheets.odds_chart import odds_chart
from sheetgen.sheets.statblock import stat_lines
from sheetgen.sheets.views import (
    ActionsBody,
    ActionView,
    Body,
    ConditionsBody,
    ConditionView,
    PageView,
    ProcedureBody,
    ReferenceView,
    ResourcesBody,
    ResourceView,
    RestsBody,
    RestView,
    RowView,
    SectionView,
    StatActionView,
    StatblockBody,
    StepView,
    TableBody,
    TalliesBody,
    TallyView,
    TracksBody,
    VariantsBody,
    VariantView,
)
from sheetgen.words import (
    TIMES,
    at_units_text,
    conditions_order_text,
    due_every_text,
    duration,
    every_unit,
    lasting_text,
    rate_phrase,
    running_down,
    signed,
    times,
    when_out_phrase,
)
from sheetgen.words.language import _, after_colon, capitalised, semicolons

#: The page's margins and the gap between columns, in points; the stylesheet uses the same numbers.
MARGIN = 0.5 * POINTS_PER_INCH
COLUMN_GAP = 0.22 * POINTS_PER_INCH


#: The narrowest column a reference page prints, in ems of its body size (about 40 characters a line): a
#: page set so large that its columns would be narrower prints fewer of them.
NARROWEST_COLUMN = 18.0


# --- building the view ------------------------------------------------------------------------------


def printed_columns(columns: int, content_width: float, body_size: float | None) -> int:
    """How many of a page's *columns* it prints in *body_size* points: fewer where a column would be
    narrower than :data:`NARROWEST_COLUMN` ems (all of them when no size is given)."""
    if body_size is None:
        return columns
    while columns > 1 and (content_width - COLUMN_GAP * (columns - 1)) / columns < NARROWEST_COLUMN * body_size:
        columns -= 1
    return columns


def reference_view(
    pack: Pack,
    options: RenderOptions,
    odds: Odds | None = None,
    *,
    players: bool = False,
    body_size: float | None = None,
) -> ReferenceView:
    """What goes on each reference page of *pack*.

    *body_size*: the type size the pages will be set in, which decides how many of each page's columns
    are printed (:func:`printed_columns`); by default every page has the columns its pack gives it.

    *odds* are the quiet-party odds of the pack's check for the odds sections; when not given and a
    page has an odds section, they are computed over the pack's horizon. A pack without a check has no odds
    sections: they are left out. With *players*, only the sections marked player_safe are kept, and
    pages left without any are dropped; a pack with no player-safe section is a RenderError.
    """
    if odds is None and pack.check is not None and _has_odds(pack):
        from sheetgen.engine.odds import quiet_odds

        odds = quiet_odds(pack)
    content_width = options.paper.width - 2 * MARGIN
    pages: list[PageView] = []
    for index, page in enumerate(pack.reference.pages):
        if players:
            safe = [s for s in page.sections if s.player_safe]
            if not safe:
                continue
            page = page.model_copy(update={"sections": safe})
        pages.append(_page(pack, page, index + 1, len(pages) + 1, odds, content_width, players, body_size))
    if not pages:
        raise RenderError(
            f"{pack.name}: no section of its reference pages is marked player_safe, so there "
            "is no reference for the players",
            Location(file=pack.id, field="reference"),
        )
    titles = semicolons(plain(p.title) for p in pages)
    gm = pack.words.gm
    subject = (
        _("Players' reference for {pack}: {titles}") if players else _("{gm}'s reference for {pack}: {titles}")
    ).format(gm=f"{gm[:1].upper()}{gm[1:]}", pack=pack.name, titles=titles)
    return ReferenceView(
        pack_id=pack.id,
        pack_name=pack.name,
        title=(_("{pack} — Reference for the players") if players else _("{pack} — Reference")).format(pack=pack.name),
        subject=subject,
        paper=options.paper.name,
        pages=tuple(pages),
        audience=_("For the players") if players else _("For the {gm}").format(gm=gm),
        players=players,
    )


def _has_odds(pack: Pack) -> bool:
    return any(s.kind == "odds" for page in pack.reference.pages for s in page.sections)


def _page(
    pack: Pack,
    page: Page,
    source: int,
    number: int,
    odds: Odds | None,
    content_width: float,
    players: bool,
    body_size: float | None,
) -> PageView:
    """The page that is ``pack.reference.pages[source - 1]``, printed as page *number*. In a players'
    version the sections are only the player-safe ones, but each keeps its index in the pack."""
    field = f"reference.pages[{source - 1}]"
    indices = [i for i, s in enumerate(pack.reference.pages[source - 1].sections) if s.player_safe or not players]
    columns = printed_columns(page.columns, content_width, body_size)
    column_width = (content_width - COLUMN_GAP * (columns - 1)) / columns
    sections: list[SectionView] = []
    for index, section in zip(indices, page.sections, strict=True):
        if section.kind == "odds" and (odds is None or pack.check is None):
            continue
        width = content_width if section.span else column_width
        view = _section(pack, section, number, index, f"{field}.sections[{index}]", odds, width)
        if section.title is None and sections and view.title == sections[-1].title:
            # A table right under a text section of its own name ("Sparks") needs no second heading.
            view = replace(view, title="")
        sections.append(view)
    return PageView(
        number=number,
        title=page.players_title if players and page.players_title is not None else page.title,
        subtitle=page.players_subtitle if players and page.players_subtitle is not None else page.subtitle,
        columns=columns,
        footer=page.footer,
        sections=tuple(sections),
        field=field,
        banner=None if players else check_banner(pack),
    )


def _section(
    pack: Pack, section: Section, page: int, index: int, field: str, odds: Odds | None, width: float
) -> SectionView:
    title, body = _body(pack, section, odds, width)
    return SectionView(
        page=page,
        index=index,
        kind=section.kind,
        title=section.title or title,
        text=section.text,
        items=tuple(section.items),
        span=section.span,
        field=field,
        body=body,
    )


def _body(pack: Pack, section: Section, odds: Odds | None, width: float) -> tuple[str, Body]:
    """The section's default title and its body."""
    kind = section.kind
    if kind in ("text", "callout"):
        return "", None
    if kind == "procedure":
        procedure = next(p for p in pack.procedures if p.id == section.ref)
        steps = tuple(
            StepView(n, step.title, step.text, tuple(step.items)) for n, step in enumerate(procedure.steps, 1)
        )
        return procedure.name, ProcedureBody(procedure.name, procedure.when, steps, procedure.text)
    if kind == "check":
        assert pack.check is not None  # validation refuses a check section in a pack without one
        return pack.check.name, check_view(pack, pack.check, banner=True)
    if kind == "track":
        track = pack.track(section.ref or "")
        return track.name, track_view(pack, track)
    if kind == "tracks":
        return _("Tracks"), TracksBody(tuple(track_view(pack, t) for t in pack.tracks))
    if kind == "table":
        table = pack.table(section.ref or "")
        return table.name, _table(table)
    if kind == "actions":
        actions = _actions(pack, section)
        return _single_name(actions.actions, ""), actions
    if kind == "resources":
        body = ResourcesBody(
            tuple(
                ResourceView(r.name, r.lasts or running_down(pack, r), r.boxes, _resource_text(pack, r, odds))
                for r in pack.resources
            )
        )
        return _single_name(body.resources, _("Resources")), body
    if kind == "rests":
        rests = RestsBody(
            tuple(
                RestView(
                    r.name,
                    r.time_label or duration(r.time),
                    r.risk,
                    _countdown(pack, r.time, r.countdown),
                    pack.time.plural,
                    due_every_text(pack, r.every) if r.every else "",
                    r.penalty,
                )
                for r in pack.rests
            )
        )
        return _single_name(rests.rests, _("Rests")), rests
    if kind == "conditions":
        conditions = ConditionsBody(
            tuple(
                ConditionView(
                    c.name,
                    capitalised(due_every_text(pack, c.every)),
                    conditions_order_text(pack, c),
                    c.cleared,
                    c.text,
                )
                for c in pack.conditions
            )
        )
        return _single_name(conditions.conditions, _("Conditions")), conditions
    if kind == "variants":
        variants = VariantsBody(
            tuple(
                VariantView(
                    v.name,
                    v.text,
                    _variant_changes(pack, v) + variant_mechanics(pack, v),
                )
                for v in pack.variants
            )
        )
        return _single_name(variants.variants, _("Variants")), variants
    if kind == "tallies":
        return _("Tallies"), _tallies(pack)
    if kind == "statblock":
        statblock = next(s for s in pack.statblocks if s.id == section.ref)
        return statblock.name, _statblock(statblock, pack)
    if kind == "odds":
        assert odds is not None and pack.check is not None
        return (
            _("Chance of {result}, quiet {party}").format(result=pack.check.result, party=pack.words.party),
            odds_chart(pack, odds, width),
        )
    raise ValueError(f"no view for sections of kind {kind!r}")


def _single_name(entries: tuple[Any, ...], default: str) -> str:
    """The default title of a list section: the entry's name when there is only one."""
    return str(entries[0].name) if len(entries) == 1 else default


# --- tables and actions ------------------------------------------------------------------------------


def _table(table: Table) -> TableBody:
    rows = tuple(RowView("" if row.roll is None else str(row.roll), tuple(row.cells)) for row in table.rows)
    return TableBody(
        table.name, table.roll or "", tuple(table.columns), rows, table.default, table.text, _widths(table)
    )


def _widths(table: Table) -> tuple[int, ...]:
    """Column shares in proportion to how much text each column holds (at least its longest word), so
    that a column of long sentences is not squeezed beside one of single words."""
    weights = []
    for i, header in enumerate(table.columns):
        cells = [row.cells[i] for row in table.rows]
        longest_word = max(len(word) for text in [header, *cells] for word in text.split() or [""])
        mean = sum(len(cell) for cell in cells) / len(cells)
        weights.append(max(6.0, longest_word, min(mean, 300.0) ** 0.85))
    total = sum(weights)
    return tuple(round(100 * w / total) for w in weights)


def _actions(pack: Pack, section: Section) -> ActionsBody:
    chosen = [a for a in pack.actions if section.group is None or a.group == section.group]
    views = tuple(_action(pack, a) for a in chosen)
    return ActionsBody(section.detail, any(v.time for v in views), views)


def _action(pack: Pack, action: Action) -> ActionView:
    effects = []
    for effect in action.effects:
        names = (
            {t.id: t.name for t in pack.tracks}
            | {t.id: t.name for t in pack.tallies}
            | {r.id: r.name for r in pack.resources}
        )
        name = names.get(effect.track, effect.track)
        amount = (
            _("{name} refilled").format(name=name) if effect.refill else f"{name} {signed(effect.by, effect.direction)}"
        )
        if effect.chance is not None:
            amount += " " + _("on {dice}: {faces}").format(dice=effect.chance.roll, faces=effect.chance.on)
        effects.append(ChangeView(amount, effect.text))
    described = bool(action.text or action.items)
    # In a pack whose actions list their advantages and notes beside the description, the summary is
    # that list ("Advantages & Bonuses"); otherwise it restates the description in short, for the
    # compact table, and the detailed view leaves it out.
    bonuses = action.summary if described and (action.items or action.notes) else ""
    return ActionView(
        name=action.name,
        time=duration(action.time) if action.time is not None else "",
        summary=action.summary or (action.text if not action.items else ""),
        text=action.text if described else action.summary,
        items=tuple(action.items),
        bonuses=bonuses,
        notes=action.notes,
        effects=tuple(effects),
    )


# --- lists ------------------------------------------------------------------------------------------


def _countdown(pack: Pack, seconds: int, countdown: bool) -> int:
    if not countdown or seconds % pack.time.length:
        return 0
    units = seconds // pack.time.length
    return units if units <= 60 else 0


def _resource_text(pack: Pack, resource: Resource, odds: Odds | None) -> str:
    """A resource's text, then what its running out moves ('... **When it runs out:** Danger +2.'), then,
    for one that dice run down, how long it lasts ('Lasts about 90 minutes on average; gone by ...')."""
    said = [resource.text] if resource.text else []
    moves = when_out_phrase(pack, resource)
    if moves:
        said.append(_("**When it runs out:** {moves}.").format(moves=moves))
    use = next((u for u in odds.resources if u.resource == resource.id), None) if odds is not None else None
    lasting = lasting_text(odds, use) if odds is not None and use is not None else ""
    if lasting:
        said.append(f"{lasting}.")
    return " ".join(said)


def _variant_changes(pack: Pack, variant: Variant) -> tuple[str, ...]:
    changes = []
    if variant.unit_length is not None:
        changes.append(after_colon(pack.time.unit, duration(variant.unit_length)))
    played = variant.played_check(pack.check)
    if variant.danger != 1 and played is not None:
        changes.append(
            _("danger chances {times}{n}: the check rolled {count} each time it falls due").format(
                times=TIMES, n=variant.danger, count=times(played.cadence.rolls)
            )
        )
    if variant.consumption != 1:
        rated = [r.name for r in pack.resources if r.every is not None]
        changes.append(
            (
                _("resource use {times}{n}: {resources} {n} boxes where the rate used 1")
                if rated
                else _("resource use {times}{n}")
            ).format(times=TIMES, n=variant.consumption, resources=", ".join(rated))
        )
    return tuple(changes)


def variant_mechanics(pack: Pack, variant: Variant) -> tuple[str, ...]:
    """What a variant's own check and rates change: 'check: 1d6, monster on 1-2', 'Torch: 1 box every turn'."""
    changes = []
    if variant.check is not None:
        changes.append(_("check: {dice}, its own trigger").format(dice=variant.check.roll or _("a pool")))
    if variant.cadence is not None and variant.cadence.at is not None:
        changes.append(_("check {every}").format(every=at_units_text(pack, variant.cadence.at, variant.cadence.repeat)))
    elif variant.cadence is not None and isinstance(variant.cadence.every, int):
        changes.append(_("check {every}").format(every=every_unit(pack, variant.cadence.every)))
    for rid, every in variant.rates.items():
        name = next((r.name for r in pack.resources if r.id == rid), rid)
        changes.append(after_colon(name, rate_phrase(pack, every)))
    return tuple(changes)


def _tallies(pack: Pack) -> TalliesBody:
    tallies = tuple(
        TallyView(t.name, t.text, _("{n} every {unit}").format(n=t.per_unit, unit=pack.time.unit) if t.per_unit else "")
        for t in pack.tallies
    )
    note = ""
    check = pack.check
    if check is not None and check.pool is not None and check.pool.tallies:
        note = _("Each mark adds one {die} to the {check}.").format(die=check.pool.die, check=check.name)
    return TalliesBody(tallies, note)


def _statblock(statblock: Statblock, pack: Pack) -> StatblockBody:
    """The statblock as the stat cards print it: its stats, zone, morale and number appearing in one
    order (sheetgen.sheets.statblock), then its actions and notes."""
    return StatblockBody(
        name=statblock.name,
        description=statblock.description,
        stats=tuple(stat_lines(statblock, pack.encounter or EncounterRules())),
        facts=(),
        actions=tuple(StatActionView(a.name, a.kind or "", a.text) for a in statblock.actions),
        notes=statblock.notes,
    )


# --- the text that reaches the page -----------------------------------------------------------------


def printed_text(pack: Pack) -> Iterator[tuple[str, str]]:
    """(field path, text) for every pack field the reference pages print."""
    yield "name", pack.name
    yield from _strings(pack.time, "time")
    yield from _strings(pack.words, "words")
    for p, page in enumerate(pack.reference.pages):
        base = f"reference.pages[{p}]"
        for name in ("title", "subtitle", "footer"):
            yield f"{base}.{name}", getattr(page, name)
        for name in ("players_title", "players_subtitle"):
            if getattr(page, name) is not None:
                yield f"{base}.{name}", getattr(page, name)
        for s, section in enumerate(page.sections):
            yield from _strings(section, f"{base}.sections[{s}]")
            yield from _referenced(pack, section)


def _referenced(pack: Pack, section: Section) -> Iterator[tuple[str, str]]:
    kind = section.kind

    def listed(name: str, keep: Any = None) -> Iterator[tuple[str, str]]:
        for i, entry in enumerate(getattr(pack, name)):
            if keep is None or keep(entry):
                yield from _strings(entry, f"{name}[{i}]")

    if kind == "procedure":
        yield from listed("procedures", lambda p: p.id == section.ref)
    elif kind in ("check", "odds") and pack.check is not None:
        yield from _strings(pack.check, "check")
        yield from listed("tracks")
        yield from listed("tallies")
    elif kind == "track":
        yield from listed("tracks", lambda t: t.id == section.ref)
    elif kind in ("tracks", "tallies", "resources", "rests", "conditions", "variants"):
        yield from listed(kind)
    elif kind == "table":
        yield from listed("tables", lambda t: t.id == section.ref)
    elif kind == "actions":
        yield from listed("actions", lambda a: section.group is None or a.group == section.group)
        yield from listed("tracks")
        yield from listed("tallies")
    elif kind == "statblock":
        yield from listed("statblocks", lambda s: s.id == section.ref)


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, RollRange):
        yield path, value.text
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _strings(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, list | tuple):
        for i, entry in enumerate(value):
            yield from _strings(entry, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, entry in value.items():
            yield from _strings(key, f"{path}.{key}")
            yield from _strings(entry, f"{path}.{key}")


def check_fonts(pack: Pack, file: str | None = None) -> None:
    """Raise FontError naming every character of the printed pack text that no shipped font has, at
    its field (``file`` defaults to the pack id)."""
    problems: list[Problem] = []
    for field, text in printed_text(pack):
        try:
            check_text_covered(text, Location(file=file or pack.id, field=field))
        except FontError as exc:
            problems.extend(exc.problems)
    if problems:
        raise FontError(list(dict.fromkeys(problems)))
