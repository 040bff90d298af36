"""A pack under one of its variants: a Pack (or a loaded site) and a variant's id in, the changed pack out.

A variant changes what it says: the unit's length (``unit_length``), the check (``check``, in place of
the pack's), only the check's cadence (``cadence``), resources' rates (``rates``), and its two
multipliers: ``danger: N`` rolls the check N times each time it falls due (``cadence.rolls``), and
``consumption: N`` makes every resource with a rate use N times as many boxes each time its rate comes
round (``use``; its printed ``lasts`` gives way to the rate in words). Its ``says`` rewords the pack's
own printed text (old phrase: new phrase, in every Text and Name field), so that a sheet does not go on
saying "10 minutes" when the variant's turns last 20. The pack keeps its id; its name says the variant.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from sheetgen.errors import UsageError
from sheetgen.model.common import Name, Text
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack, Resource, Variant


def name_id(name: str) -> str:
    """A variant's name as an id: lower case, hyphens for everything else ('optional-variant-fast-turns')."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def variant_id(variant: Variant) -> str:
    """The id --variant takes: the variant's id, or its name in lower case with hyphens."""
    return variant.id or name_id(variant.name)


def find_variant(pack: Pack, wanted: str) -> Variant:
    """The variant --variant names: by its id, or by the id its name gives (what older packs and
    commands used before the variant had an id of its own)."""
    found = next((v for v in pack.variants if variant_id(v) == wanted), None)
    if found is None:
        found = next((v for v in pack.variants if name_id(v.name) == wanted), None)
    if found is None:
        known = ", ".join(variant_id(v) for v in pack.variants)
        has = f"its variants are: {known}" if known else "it has none"
        raise UsageError(f'--variant: {pack.name} ("{pack.id}") has no variant "{wanted}"; {has}')
    return found


def with_variant(pack: Pack, wanted: str | None) -> Pack:
    """The pack as the variant plays it (the pack itself when ``wanted`` is None)."""
    if wanted is None:
        return pack
    variant = find_variant(pack, wanted)
    time = pack.time if variant.unit_length is None else pack.time.model_copy(update={"length": variant.unit_length})
    resources = [_resource(r, variant) for r in pack.resources]
    check = variant.played_check(pack.check)
    if variant.says:
        pack = reworded(pack, variant.says)
    return pack.model_copy(
        update={
            "name": f"{pack.name} ({variant.name})",
            "time": time,
            "check": check,
            "resources": resources,
        }
    )


def site_with_variant(loaded: LoadedSite, wanted: str | None) -> LoadedSite:
    """A loaded site whose pack plays the variant."""
    if wanted is None:
        return loaded
    return replace(loaded, pack=with_variant(loaded.pack, wanted))


def _resource(resource: Resource, variant: Variant) -> Resource:
    """A resource under a variant: its rate from ``rates``, its boxes per use times ``consumption`` (a usage
    die keeps stepping down one die at a time)."""
    update: dict[str, object] = {}
    if resource.id in variant.rates:
        update["every"] = variant.rates[resource.id]
    every = update.get("every", resource.every)
    if every is not None and variant.consumption != 1 and resource.dice is None:  # a die steps one at a time
        update["use"] = min(resource.boxes, resource.use * variant.consumption)
    if update:
        update["lasts"] = None  # the printed "1 hr / 6 turns" no longer holds: the rate is said in words
    return resource.model_copy(update=update) if update else resource


_PROSE = {get_args(Text)[1].func, get_args(Name)[1].func}
"""The validators that mark a string as printed words (Text and Name)."""


def _is_prose(annotation: Any, metadata: list[Any]) -> bool:
    """Whether a field's value (or, for a list, its items) is printed words."""
    if any(getattr(m, "func", None) in _PROSE for m in metadata):
        return True
    if get_origin(annotation) is Annotated:
        return _is_prose(None, list(annotation.__metadata__))
    return any(_is_prose(arg, []) for arg in get_args(annotation) if get_origin(annotation) in (list, Union))


def _walk(value: Any, prose: bool, change: Any) -> Any:
    if isinstance(value, BaseModel):
        return _model(value, change)
    if isinstance(value, str):
        return change(value) if prose else value
    if isinstance(value, list):
        items = [_walk(item, prose, change) for item in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    return value


def _model(model: BaseModel, change: Any) -> BaseModel:
    update = {}
    for name, field in type(model).model_fields.items():
        if name == "variants":
            continue
        value = getattr(model, name)
        new = _walk(value, _is_prose(field.annotation, field.metadata), change)
        if new is not value:
            update[name] = new
    return model.model_copy(update=update) if update else model


def reworded(pack: Pack, says: Mapping[str, str]) -> Pack:
    """*pack* with every phrase of *says* replaced in its printed text (its Text and Name fields; its
    variants are left as written)."""

    def change(text: str) -> str:
        for old, new in says.items():
            text = text.replace(old, new)
        return text

    result = _model(pack, change)
    assert isinstance(result, Pack)
    return result


def printed_texts(pack: Pack) -> Iterator[str]:
    """Every string the pack prints (its Text and Name fields, its variants left out)."""
    seen: list[str] = []

    def keep(text: str) -> str:
        seen.append(text)
        return text

    _model(pack, keep)
    yield from seen
