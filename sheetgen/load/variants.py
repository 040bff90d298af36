"""A pack under one of its variants: a Pack (or a loaded site) and a variant's id in, the changed pack out.

A variant changes what it says: the unit's length (``unit_length``), the check (``check``, in place of
the pack's), only the check's cadence (``cadence``) and resources' rates (``rates``). Its
``consumption`` and ``danger`` multipliers are printed with it but change no numbers: a chance cannot
be doubled exactly in general, so a variant that changes the odds gives its own check. The pack keeps
its id; its name says the variant.
"""

from __future__ import annotations

import re
from dataclasses import replace

from sheetgen.errors import UsageError
from sheetgen.load.files import LoadedSite
from sheetgen.model.pack import Pack, Variant


def variant_id(variant: Variant) -> str:
    """The id --variant takes: the variant's id, or its name in lower case with hyphens."""
    return variant.id or re.sub(r"[^a-z0-9]+", "-", variant.name.lower()).strip("-")


def find_variant(pack: Pack, wanted: str) -> Variant:
    found = next((v for v in pack.variants if variant_id(v) == wanted), None)
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
    resources = [r.model_copy(update={"every": variant.rates[r.id]}) if r.id in variant.rates else r
                 for r in pack.resources]
    check = variant.check if variant.check is not None else pack.check
    if check is not None and variant.cadence is not None:
        check = check.model_copy(update={"cadence": variant.cadence})
    return pack.model_copy(update={
        "name": f"{pack.name} ({variant.name})",
        "time": time,
        "check": check,
        "resources": resources,
    })


def site_with_variant(loaded: LoadedSite, wanted: str | None) -> LoadedSite:
    """A loaded site whose pack plays the variant."""
    if wanted is None:
        return loaded
    return replace(loaded, pack=with_variant(loaded.pack, wanted))
