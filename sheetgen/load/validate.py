"""Validate parsed YAML against the models, and check what refers to what.

Takes a yamlread.Document; gives a Pack or Site, or raises DataError with every problem found,
each at its file:line:column and field path, in terms a game master can act on.
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from sheetgen import limits
from sheetgen.errors import DataError, DiceError, FontError, Location, Problem
from sheetgen.load.text_shape import cell_problems, text_hint
from sheetgen.load.validate_common import (
    _cover_track,
    _coverage,
    _dice_totals,
    _duplicates,
    _missing,
    _result_faces,
    _span,
)
from sheetgen.load.validate_map import map_problems
from sheetgen.load.yaml_syntax import flow_comma_text, quote_hint
from sheetgen.load.yamlread import Document, PathKey, format_path, iter_paths
from sheetgen.model.common import Name, Statblock, Text, duration_field
from sheetgen.model.pack import ByTrack, Morale, Pack, encounter_rules
from sheetgen.model.site import Site
from sheetgen.options import Audience

M = TypeVar("M", bound=BaseModel)

_MESSAGES = {
    "missing": "required field is missing",
    "string_type": "expected text",
    "int_type": "expected a whole number",
    "bool_type": "expected true or false",
    "list_type": "expected a list (items starting with '- ')",
    "dict_type": "expected a mapping of fields (name: value)",
    "model_type": "expected a mapping of fields (name: value)",
    "literal_error": None,
    "too_short": None,
    "too_long": None,
}


def build_model(model: type[M], doc: Document) -> M:
    """Validate *doc* against *model*; every problem is reported with its location."""
    try:
        built = model.model_validate(doc.data)
    except ValidationError as exc:
        raise DataError.many([*_problems(model, doc, exc.errors(include_url=False)), *_cut_texts(model, doc)]) from None
    cut = list(_cut_texts(model, doc))
    if cut:
        raise DataError.many(cut)
    return built


def shape_problems(model: type[BaseModel], doc: Document) -> list[Problem]:
    """What :func:`build_model` would report about *doc*, as a list."""
    try:
        build_model(model, doc)
    except DataError as exc:
        return list(exc.problems)
    return []


_PROSE = {meta.func for meta in (*typing.get_args(Text)[1:], *typing.get_args(Name)[1:])}


def _cut_texts(model: type[BaseModel], doc: Document) -> Iterator[Problem]:
    """A plain text of a prose field (Text or Name) cut short by a comment that touches the word after
    its '#' ('Room #3'): such a comment is taken for the rest of the text. A comment written '# like
    this', or after a value that is not prose (a number, dice, an id), is a comment."""
    for path, end in doc.comment_after.items():
        if not _is_prose(model, path):
            continue
        line_end = doc.text.find("\n", end)
        rest = doc.text[end : line_end if line_end >= 0 else len(doc.text)].rstrip()
        value = _value_at(doc.data, path)
        if isinstance(value, str):
            yield Problem(doc.locate(path), quote_hint(" #", value + rest))


def _value_at(data: Any, path: PathKey) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _is_prose(model: type[BaseModel], path: PathKey) -> bool:
    """Whether the field at *path* inside *model* holds a Text or a Name."""
    current: Any = model
    metadata: Sequence[Any] = ()
    for part in path:
        current = _optional(current)
        if isinstance(part, int):
            if typing.get_origin(current) is not list:
                return False
            current, metadata = typing.get_args(current)[0], ()
        elif isinstance(current, type) and issubclass(current, BaseModel) and part in current.model_fields:
            info = current.model_fields[part]
            current, metadata = info.annotation, info.metadata
        else:
            return False
    current = _optional(current)
    if typing.get_origin(current) is typing.Annotated:
        metadata = typing.get_args(current)[1:]
    return any(getattr(meta, "func", None) in _PROSE for meta in metadata)


def _optional(annotation: Any) -> Any:
    """X for X | None."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _problems(model: type[BaseModel], doc: Document, errors: Iterable[Any]) -> Iterator[Problem]:
    seen: set[PathKey] = set()
    said: set[Problem] = set()
    for error in errors:
        path = _data_path(doc.data, error["loc"])
        if path in seen:
            continue  # one message per place: a union reports each of its alternatives
        seen.add(path)
        kind = error["type"]
        if kind == "extra_forbidden":
            split = _comma_split(doc, path)
            if split is not None:
                if split not in said:
                    said.add(split)
                    yield split
                continue
            yield Problem(doc.locate(path, key=True), _unknown_field(model, path))
            continue
        if kind == "string_type":
            hint = text_hint(doc, path, error.get("input"))
            if hint is not None:
                yield hint
                continue
        message = _MESSAGES.get(kind) or _clean(error["msg"])
        if kind in ("too_long", "too_short") and isinstance(error.get("input"), list):
            ctx = error.get("ctx", {})
            if kind == "too_long":
                message = f"{ctx.get('actual_length')} entries; at most {ctx.get('max_length')} are allowed"
            else:
                wanted = ctx.get("min_length")
                message = f"needs at least {wanted} {'entry' if wanted == 1 else 'entries'}"
        if kind == "too_long" and isinstance(error.get("input"), str):  # a mark on the turns grid, in a name's words
            ctx = error.get("ctx", {})
            message = f"is {ctx.get('actual_length')} characters; at most {ctx.get('max_length')} are allowed"
        if kind in ("int_type", "string_type", "bool_type") and isinstance(error.get("input"), str | bool):
            message += f", not {error['input']!r}"
            if kind == "bool_type":
                message += " (write true or false)"
        yield Problem(doc.locate(path), message)


def _comma_split(doc: Document, path: PathKey) -> Problem | None:
    """For an unknown field written without a value inside { } after a comma ('{name: Hall, dark}'): the
    quoting hint at the start of the text the comma split."""
    if _value_at(doc.data, path) is not None or path not in doc.keys:
        return None
    line, column = doc.keys[path]
    lines = doc.text.splitlines()
    if line > len(lines):
        return None
    found = flow_comma_text(lines[line - 1], column - 1)
    if found is None:
        return None
    start, text = found
    return Problem(Location(doc.file, line, start + 1, format_path(path[:-1])), quote_hint(", ", text))


def _clean(message: str) -> str:
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message[:1].lower() + message[1:]


def _data_path(data: Any, loc: Sequence[str | int]) -> PathKey:
    """Follow pydantic's error location through the data, dropping union and validator labels."""
    path: list[str | int] = []
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        if in_dict or (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)):
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part not in node and _is_field(part):
            path.append(part)  # a missing or unknown field
            node = None
    return tuple(path)


def _is_field(part: str) -> bool:
    return part.isidentifier() and part[:1].islower()


def _unknown_field(model: type[BaseModel], path: PathKey) -> str:
    name = str(path[-1])
    fields = _fields_at(model, path[:-1])
    hint = ""
    close = difflib.get_close_matches(name, fields, n=1, cutoff=0.6)
    if close:
        hint = f' (did you mean "{close[0]}"?)'
    elif fields:
        hint = f" (known fields: {', '.join(sorted(fields))})"
    return f'unknown field "{name}"{hint}'


def _fields_at(model: type[BaseModel], path: PathKey) -> list[str]:
    """The field names allowed at *path* inside *model*."""
    import typing

    current: Any = model
    for part in path:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)) or part not in current.model_fields:
            return []
        annotation = current.model_fields[part].annotation
        current = _model_in(annotation, typing)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _model_in(annotation: Any, typing: Any) -> Any:
    """The first pydantic model inside an annotation such as list[Room] or Check | None."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg, typing)
        if found is not None:
            return found
    return None


# --- cross-references -------------------------------------------------------------------------


def check_pack(pack: Pack, doc: Document) -> None:
    """Everything in a pack that refers to something else must exist; rolled tables cover their dice."""
    problems: list[Problem] = []
    tracks = {t.id for t in pack.tracks}
    tallies = {t.id for t in pack.tallies}
    tables = {t.id for t in pack.tables}

    def need(ids: set[str], value: str | None, path: PathKey, what: str) -> None:
        if value is not None and value not in ids:
            problems.append(Problem(doc.locate(path), _missing(what, value, ids)))

    for kind, items in (
        ("track", pack.tracks),
        ("tally", pack.tallies),
        ("table", pack.tables),
        ("resource", pack.resources),
        ("rest", pack.rests),
        ("condition", pack.conditions),
        ("procedure", pack.procedures),
        ("statblock", pack.statblocks),
        ("tracker page", pack.trackers),
    ):
        problems.extend(_duplicates(doc, [i.id for i in items], _plural(kind), "id"))
    first_track: dict[str, int] = {}
    for i, track in enumerate(pack.tracks):
        first_track.setdefault(track.id, i)
    for i, shared in enumerate(t.id for t in pack.tallies):
        if shared in first_track:
            problems.append(
                Problem(
                    doc.locate(("tallies", i, "id")),
                    f'a track and a tally share the id "{shared}" (first used by tracks[{first_track[shared]}]); '
                    "each id must be unique",
                )
            )

    problems.extend(_horizon_problems(pack, doc))
    problems.extend(_chosen_problems(pack, doc))
    if pack.check is not None:
        check = pack.check
        base: PathKey = ("check",)
        for i, track_id in enumerate(check.add):
            need(tracks, track_id, (*base, "add", i), "track")
        for name in ("at_least", "at_most"):
            value = getattr(check.trigger, name)
            if isinstance(value, ByTrack):
                need(tracks, value.track, (*base, "trigger", name, "track"), "track")
                if value.track in tracks and value.levels is not None:
                    problems.extend(_cover_track(pack, value, doc, (*base, "trigger", name, "levels")))
        need(tracks, check.trigger.track_full, (*base, "trigger", "track_full"), "track")
        if check.trigger.track_full is not None and (
            check.advance is None or check.advance.track != check.trigger.track_full
        ):
            problems.append(
                Problem(
                    doc.locate((*base, "trigger", "track_full")),
                    "track_full needs an advance table that moves the same track",
                )
            )
        if check.pool is not None:
            for i, tally in enumerate(check.pool.tallies):
                need(tallies, tally, (*base, "pool", "tallies", i), "tally")
            problems.extend(_dice_problems(check.pool.die, doc, (*base, "pool", "die"), single=True))
        if check.roll is not None:
            _dice_totals(check.roll, doc, (*base, "roll"), problems)
        possible = _result_faces(pack)  # none when the dice are wrong: reported with them, and nothing is read
        if check.advance is not None:
            need(tracks, check.advance.track, (*base, "advance", "track"), "track")
            if possible:
                problems.extend(
                    _coverage(
                        possible,
                        [r.roll for r in check.advance.by],
                        doc,
                        (*base, "advance", "by"),
                        "the check's result",
                    )
                )
        for i, track_id in enumerate(check.on_encounter.reset):
            need(tracks, track_id, (*base, "on_encounter", "reset", i), "track")
        if possible and check.outcomes and check.outcomes_read == "result" and not check.patterns:
            problems.extend(
                _coverage(
                    possible, [o.roll for o in check.outcomes if o.roll], doc, (*base, "outcomes"), "the check's result"
                )
            )
        if check.trigger.faces and not check.add:
            for i, rng in enumerate(check.trigger.faces):
                if possible and not any(f in rng for f in possible):
                    problems.append(
                        Problem(
                            doc.locate((*base, "trigger", "faces", i)),
                            f"{rng} cannot come up on the check's result "
                            f"({possible[0]}-{possible[-1]}), so it would never trigger",
                        )
                    )

    for t, track in enumerate(pack.tracks):
        for lv, level in enumerate(track.levels):
            if level.at.low < track.min or level.at.high > track.max:
                problems.append(
                    Problem(
                        doc.locate(("tracks", t, "levels", lv, "at")),
                        f"level {level.at} is outside the track's range {track.min}-{track.max}",
                    )
                )
        if track.box_labels and len(track.box_labels) != track.max - track.min:
            problems.append(
                Problem(
                    doc.locate(("tracks", t, "box_labels")),
                    f"give one label per box: {track.max - track.min} for {track.min}-{track.max}",
                )
            )
    for a, action in enumerate(pack.actions):
        for e, effect in enumerate(action.effects):
            need(
                tracks | tallies | {r.id for r in pack.resources},
                effect.track,
                ("actions", a, "effects", e, "track"),
                "track, tally or resource",
            )
    for t, table in enumerate(pack.tables):
        if table.roll is not None:
            faces = _dice_totals(table.roll, doc, ("tables", t, "roll"), problems)
            if faces is not None:
                problems.extend(
                    _coverage(
                        faces,
                        [r.roll for r in table.rows if r.roll is not None],
                        doc,
                        ("tables", t, "rows"),
                        table.roll,
                    )
                )
    problems.extend(cell_problems(pack, doc))
    if pack.encounter is not None:
        for name in ("distance", "reaction", "zones"):
            need(tables, getattr(pack.encounter, name), ("encounter", name), "table")
        problems.extend(_wandering_problems(pack, doc))
    problems.extend(_morale_problems(pack.statblocks, pack, doc))
    problems.extend(_layout_problems(pack.statblocks, pack, doc))
    _check_sections(pack, doc, problems, tracks, tables)
    from sheetgen.load.validate_mechanics import mechanics_problems
    from sheetgen.load.validate_rolls import roll_problems

    problems.extend(mechanics_problems(pack, doc))
    problems.extend(roll_problems(pack, doc))
    problems.extend(glyph_problems(doc))
    problems.extend(markup_problems(doc))
    if problems:
        raise DataError.many(problems)


_LISTED = ("tracks", "tallies", "resources", "rests", "conditions", "variants")
"""Section kinds that list one part of the pack, each named as the pack's field."""


def _horizon_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """The horizon is whole hours, from one unit to MAX_HOURS, and not more units than odds can cover."""
    time = pack.time
    if time.horizon is None:
        return
    where = doc.locate(("time", "horizon"))

    def hours(seconds: int) -> str:
        return f"{seconds / 3600:g} hour{'' if seconds == 3600 else 's'}"

    if time.horizon % 3600 or time.horizon > limits.MAX_HOURS * 3600:
        yield Problem(
            where,
            f"{hours(time.horizon)} is not a whole number of hours from 1 to {limits.MAX_HOURS} "
            f"({limits.MAX_HOURS // 24} days)",
        )
    elif time.horizon < time.length:
        yield Problem(
            where,
            f"{hours(time.horizon)} is shorter than one {time.unit} ({duration_field(time.length)}); "
            f"make it at least {hours(-(-time.length // 3600) * 3600)}",
        )
    elif time.horizon // time.length > limits.MAX_UNITS:
        yield Problem(
            where,
            f"{hours(time.horizon)} is {time.horizon // time.length:,} {time.plural}; odds and "
            f"timetables cover at most {limits.MAX_UNITS:,}: make it shorter",
        )


def _chosen_problems(pack: Pack, doc: Document) -> Iterator[Problem]:
    """A track the GM chooses stays where the GM sets it: nothing in the rules moves it by itself."""
    advanced = pack.check.advance.track if pack.check is not None and pack.check.advance else None
    for t, track in enumerate(pack.tracks):
        if not track.chosen:
            continue
        if track.per_unit:
            yield Problem(
                doc.locate(("tracks", t, "per_unit")),
                f"{track.name} is chosen by the GM, so it cannot also move every unit; give per_unit: 0 "
                "or leave chosen out",
            )
        if advanced == track.id:
            yield Problem(
                doc.locate(("check", "advance", "track")),
                f"{track.name} is chosen by the GM, so the check cannot advance it; advance another "
                "track or leave chosen out",
            )


def _check_sections(pack: Pack, doc: Document, problems: list[Problem], tracks: set[str], tables: set[str]) -> None:
    refs = {
        "procedure": {p.id for p in pack.procedures},
        "track": tracks,
        "table": tables,
        "statblock": {s.id for s in pack.statblocks},
        "countdown": {r.id for r in pack.rests},
    }
    for p, page in enumerate(pack.reference.pages):
        for s, section in enumerate(page.sections):
            if section.kind in refs:
                need_ids = refs[section.kind]
                if section.ref not in need_ids:
                    problems.append(
                        Problem(
                            doc.locate(("reference", "pages", p, "sections", s, "ref")),
                            _missing(section.kind, section.ref or "", need_ids),
                        )
                    )
            if section.kind == "check" and pack.check is None:
                problems.append(
                    Problem(
                        doc.locate(("reference", "pages", p, "sections", s, "kind")),
                        "a check section needs the pack to have a check",
                    )
                )
            if section.kind in _LISTED and not getattr(pack, section.kind):
                problems.append(
                    Problem(
                        doc.locate(("reference", "pages", p, "sections", s, "kind")),
                        f"a {section.kind} section lists the pack's {section.kind}, and it has "
                        f"none: add {section.kind} or remove the section",
                    )
                )
            secret = _secret(pack, section.kind, section.ref)
            if section.player_safe and secret:
                problems.append(
                    Problem(
                        doc.locate(("reference", "pages", p, "sections", s, "player_safe")),
                        f"{secret}, so this section cannot be player_safe",
                    )
                )
    for t, tracker in enumerate(pack.trackers):
        for q, part in enumerate(tracker.parts):
            if part.kind in refs:
                need_ids = refs[part.kind]
                if part.ref not in need_ids:
                    problems.append(
                        Problem(
                            doc.locate(("trackers", t, "parts", q, "ref")),
                            _missing(part.kind, part.ref or "", need_ids),
                        )
                    )
            rest = next((r for r in pack.rests if r.id == part.ref), None) if part.kind == "countdown" else None
            if rest is not None and rest.time // pack.time.length > limits.MAX_TURNS:
                problems.append(
                    Problem(
                        doc.locate(("trackers", t, "parts", q, "ref")),
                        f"{rest.name} lasts {rest.time // pack.time.length:,} units ({pack.time.unit}), a box each; a "
                        f"countdown draws at most {limits.MAX_TURNS:,} boxes: leave the countdown out of the tracker",
                    )
                )
            secret = _secret(pack, part.kind, part.ref)
            if tracker.audience == Audience.PLAYERS and secret:
                problems.append(
                    Problem(doc.locate(("trackers", t, "parts", q, "ref")), f"{secret} but this sheet is for players")
                )


def _secret(pack: Pack, kind: str, ref: str | None) -> str | None:
    """Why a section or part of this kind and ref shows something the pack keeps from players, if it does."""
    if kind == "track" and ref is not None and any(t.id == ref for t in pack.tracks):
        return None if pack.track(ref).player_safe else f"track {ref!r} is not player_safe"
    if kind == "table" and ref is not None and any(t.id == ref for t in pack.tables):
        return None if pack.table(ref).player_safe else f"table {ref!r} is not player_safe"
    return None


def check_site(site: Site, doc: Document) -> None:
    """Room exits lead to rooms, entries to statblocks; the wandering table covers its die."""
    problems: list[Problem] = []
    keys = [r.key for r in site.rooms]
    problems.extend(_duplicates(doc, keys, "rooms", "key"))
    problems.extend(_duplicates(doc, [s.id for s in site.statblocks], "statblocks", "id"))
    total = sum(len(text) for _, text in iter_paths(doc.data) if isinstance(text, str))
    if total > limits.MAX_SITE_TEXT:
        problems.append(
            Problem(
                doc.locate(("rooms",)),
                f"the site holds {total:,} characters of text; at most "
                f"{limits.MAX_SITE_TEXT:,} are allowed (split the dungeon into several sites)",
            )
        )
    known = set(keys)
    for r, room in enumerate(site.rooms):
        for e, exit_key in enumerate(room.exits):
            if exit_key not in known:
                problems.append(
                    Problem(
                        doc.locate(("rooms", r, "exits", e)), f'no room with key "{exit_key}" (rooms are {_span(keys)})'
                    )
                )
    stats = {s.id for s in site.statblocks}
    for r, room in enumerate(site.rooms):
        for s, stat in enumerate(room.stats):
            if stat not in stats:
                problems.append(Problem(doc.locate(("rooms", r, "stats", s)), _missing("statblock", stat, stats)))
    if site.wandering is not None:
        for e, entry in enumerate(site.wandering.entries):
            if entry.stat is not None and entry.stat not in stats:
                problems.append(
                    Problem(doc.locate(("wandering", "entries", e, "stat")), _missing("statblock", entry.stat, stats))
                )
        faces = _dice_totals(site.wandering.roll, doc, ("wandering", "roll"), problems)
        if faces is not None:
            problems.extend(
                _coverage(
                    faces, [x.roll for x in site.wandering.entries], doc, ("wandering", "entries"), site.wandering.roll
                )
            )
    problems.extend(glyph_problems(doc, skip={("system",), ("encounters",)}))
    problems.extend(markup_problems(doc))
    problems.extend(cost_problems(site, doc))
    problems.extend(map_problems(site, doc))
    if problems:
        raise DataError.many(problems)


def check_site_rules(site: Site, doc: Document, pack: Pack, encounter_pack: Pack | None) -> None:
    """What a site must agree on with the packs it is played with: each statblock's morale can be
    reached by the morale roll of the encounter rules that apply, its stats are those of their statblock
    layout, and its route's legs set a track of the pack the GM chooses."""
    from sheetgen.load.validate_route import route_problems

    rules_pack, _ = encounter_rules(pack, encounter_pack)
    problems = [
        *_morale_problems(site.statblocks, rules_pack, doc),
        *_layout_problems(site.statblocks, rules_pack, doc),
        *route_problems(site, doc, pack),
    ]
    if problems:
        raise DataError.many(problems)


def _morale_problems(statblocks: Sequence[Statblock], rules_pack: Pack, doc: Document) -> list[Problem]:
    """A statblock's morale outside what the morale roll can give (2-12 for 2d6) would make the check
    certain either way: refused where it is written."""
    from sheetgen.engine.dice import parse_dice

    morale = encounter_rules(rules_pack, None)[1].morale or Morale()
    try:
        dice = parse_dice(morale.roll)
    except DiceError:
        return []  # reported where the roll is written
    problems = []
    for i, block in enumerate(statblocks):
        if block.morale is not None and not dice.minimum <= block.morale <= dice.maximum:
            problems.append(
                Problem(
                    doc.locate(("statblocks", i, "morale")),
                    f"{block.morale} cannot be reached by the morale roll {morale.roll} "
                    f"({dice.minimum}-{dice.maximum}, from {rules_pack.id})",
                )
            )
    return problems


def _layout_problems(statblocks: Sequence[Statblock], rules_pack: Pack, doc: Document) -> list[Problem]:
    """With a statblock layout, a statblock gives only the stats and fields the layout places, and every
    one it requires: a stat it does not know would have no place on the card."""
    layout = encounter_rules(rules_pack, None)[1].statblock
    if layout is None:
        return []
    stats = {slot.stat.casefold(): slot for slot in layout.stats if slot.stat is not None}
    fields = {slot.field for slot in layout.stats if slot.field is not None}
    known = ", ".join(slot.stat or slot.field or "" for slot in layout.stats)
    problems = []
    for i, block in enumerate(statblocks):
        for name in block.stats:
            if name.casefold() not in stats:
                problems.append(
                    Problem(
                        doc.locate(("statblocks", i, "stats", name), key=True),
                        f'"{name}" is not a stat of {rules_pack.id}\'s statblock ({known}); rename it to one of '
                        "these or remove it",
                    )
                )
        for field in ("zone", "morale", "appearing"):
            if field not in fields and getattr(block, field) is not None:
                problems.append(
                    Problem(
                        doc.locate(("statblocks", i, field), key=True),
                        f"{rules_pack.id}'s statblock has no place for {field}; remove it, or give the value "
                        "as one of its stats",
                    )
                )
        given = {name.casefold() for name in block.stats}
        missing = [
            slot.stat or slot.field or ""
            for slot in layout.stats
            if slot.required
            and (
                slot.stat.casefold() not in given if slot.stat is not None else getattr(block, slot.field or "") is None
            )
        ]
        if missing:
            problems.append(
                Problem(
                    doc.locate(("statblocks", i, "stats") if "stats" in block.model_fields_set else ("statblocks", i)),
                    f"{rules_pack.id}'s statblock requires {', '.join(missing)}; add "
                    + ("it" if len(missing) == 1 else "them"),
                )
            )
    return problems


def _wandering_problems(pack: Pack, doc: Document) -> list[Problem]:
    """The encounter rules name a wandering table that exists and has dice, and columns it has."""
    rules = pack.encounter
    assert rules is not None
    table = next((t for t in pack.tables if t.id == rules.wandering), None)
    if table is None:
        if "wandering" not in rules.model_fields_set:
            return []  # the default: a pack without a wandering table of its own
        return [
            Problem(
                doc.locate(("encounter", "wandering")), _missing("table", rules.wandering, [t.id for t in pack.tables])
            )
        ]
    problems = []
    if table.roll is None:
        problems.append(
            Problem(
                doc.locate(("encounter", "wandering")), f'table "{table.id}" has no roll, so a deck cannot draw from it'
            )
        )
    columns = {c.casefold() for c in table.columns}
    for field in ("appearing_columns", "stat_columns"):
        names: list[str] = getattr(rules, field)
        if field in rules.model_fields_set and not any(n.casefold() in columns for n in names):
            wanted = " or ".join(f'"{n}"' for n in names)
            problems.append(
                Problem(
                    doc.locate(("encounter", field)),
                    f'table "{table.id}" has no column {wanted} (its columns: {", ".join(table.columns)})',
                )
            )
    return problems


def card_text_sizes(site: Site) -> tuple[list[int], list[int]]:
    """The characters each room's and each statblock's cards print: their text, and for a room each exit
    as its key and the name of the room it leads to."""
    names = {room.key: room.name for room in site.rooms}
    rooms = []
    for room in site.rooms:
        texts = [
            room.key,
            room.name,
            room.size,
            room.description,
            *room.details,
            room.trap,
            room.treasure,
            room.encounter,
            room.notes,
        ]
        exits = sum(len(key) + len(names.get(key, "")) + 2 for key in room.exits)
        rooms.append(sum(len(t) for t in texts if t) + exits)
    stats = []
    for block in site.statblocks:
        texts = [
            block.name,
            block.description,
            block.zone,
            block.appearing,
            block.notes,
            *block.stats,
            *block.stats.values(),
            *(part for action in block.actions for part in (action.name, action.kind, action.text)),
        ]
        stats.append(sum(len(t) for t in texts if t))
    return rooms, stats


def cost_problems(site: Site, doc: Document) -> list[Problem]:
    """What the cards would print, bounded before anything is laid out: per room or statblock, and for
    the whole site (see sheetgen.limits)."""
    problems: list[Problem] = []
    rooms, stats = card_text_sizes(site)
    for kind, sizes in (("rooms", rooms), ("statblocks", stats)):
        for i, size in enumerate(sizes):
            if size > limits.MAX_CARD_TEXT:
                what, fix = (
                    ("with the names of the rooms its exits lead to", "shorten its text or give it fewer exits")
                    if kind == "rooms"
                    else ("in all", "shorten its text")
                )
                problems.append(
                    Problem(
                        doc.locate((kind, i)),
                        f"its cards would print {size:,} characters "
                        f"({what}); at most {limits.MAX_CARD_TEXT:,} are allowed: {fix}",
                    )
                )
    total = sum(rooms) + sum(stats)
    if total > limits.MAX_CARDS_TEXT:
        problems.append(
            Problem(
                doc.locate(("rooms",)),
                f"the cards would print {total:,} characters (the "
                f"names of the rooms exits lead to included); at most {limits.MAX_CARDS_TEXT:,} "
                "are allowed (split the dungeon into several sites)",
            )
        )
    return problems


def markup_problems(doc: Document) -> list[Problem]:
    """Every text whose **bold** and _italic_ marks cross, or that holds more of them than
    limits.MAX_MARKS, at its line and field: the renderers parse the marks with the same parser
    (sheetgen.markup.runs), so what passes here prints."""
    from sheetgen.markup import markup_problem, runs

    problems: list[Problem] = []
    for path, value in iter_paths(doc.data):
        if not isinstance(value, str) or not ("*" in value or "_" in value):
            continue
        message = markup_problem(value)
        if message is None:
            marks = sum(1 for run in runs(value) if run.bold or run.italic)
            if marks > limits.MAX_MARKS:
                message = (
                    f"{marks} stretches of **bold** or _italic_ text; at most {limits.MAX_MARKS} are "
                    "allowed in one text"
                )
        if message is not None:
            problems.append(Problem(doc.locate(path), message))
    return problems


def glyph_problems(doc: Document, skip: Collection[PathKey] = ()) -> list[Problem]:
    """Every character of the file's text (values and keys) that none of the shipped fonts can draw,
    at its line and field, so that it is reported before anything is rendered."""
    from sheetgen.fonts import check_text_covered
    from sheetgen.load.yamlread import iter_paths

    problems: list[Problem] = []

    def check(text: str, path: PathKey, key: bool = False) -> None:
        if text.isascii():
            return  # every shipped font draws ASCII; no need to open the font files
        try:
            check_text_covered(text, doc.locate(path, key=key))
        except FontError as exc:
            problems.extend(exc.problems)

    for path, value in iter_paths(doc.data):
        if isinstance(value, str) and path not in skip:
            check(value, path)
        elif isinstance(value, dict):
            for name in value:
                check(name, (*path, name), key=True)
    return problems


def _plural(kind: str) -> str:
    return {"tally": "tallies", "tracker page": "trackers"}.get(kind, f"{kind}s")


def _dice_problems(dice: str, doc: Document, path: PathKey, single: bool) -> Iterator[Problem]:
    from sheetgen.engine.dice import die_faces

    if single:
        try:
            die_faces(dice)
        except DiceError as exc:
            yield Problem(doc.locate(path), f"a pool is made of single dice such as d6: {exc}")
