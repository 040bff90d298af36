"""A site read before, kept in the cache as the objects it was read into, so that a rebuild need not parse
and check its files again (a tenth of a rebuild: YAML, pydantic building and running its validators,
sheetgen's own checks).

Takes a site name and the --rules folders; gives the LoadedSite :func:`sheetgen.load.files.load_site`
gives, and the same errors. An entry is used only while the site file and every file its load read are
byte for byte what they were, and each pack the site names is still found where it was (a file added
beside the site that now answers to a pack's name is read instead). The cache folder is not trusted: an
entry is unpickled with only sheetgen's model classes (and the value types defined beside them),
LoadedSite, paths and fractions allowed, so it can hold nothing else; an entry that holds anything else,
or is not what it should be, is passed over and the site read.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import io
import json
import pickle
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sheetgen.errors import DataError, display_name
from sheetgen.load.files import contained_pack_path, load_site, resolve_site_path
from sheetgen.load.yamlread import read_bytes, recorded_reads
from sheetgen.model.loaded import LoadedSite
from sheetgen.packet import cache

_PACK_FIELDS = ("system", "encounters")
_MODEL_MODULES = ("sheetgen.model.common", "sheetgen.model.pack", "sheetgen.model.site", "sheetgen.model.site_map")
_ALLOWED = {
    ("sheetgen.model.loaded", "LoadedSite"),
    ("pathlib", "PosixPath"),
    ("pathlib", "WindowsPath"),
    ("fractions", "Fraction"),
    ("sheetgen.options", "Audience"),
}  # a tracker page's audience


def kept_site(name: str, rules_dirs: Sequence[Path] = (), *, use_cache: bool = True) -> LoadedSite:
    """The site *name* and its packs, from the cache when its files are as they were when it was kept;
    read (and kept) otherwise. Every file is noted as read, as by load_site (so `-o` cannot name one)."""
    if not use_cache:
        return load_site(name, rules_dirs)
    path = resolve_site_path(name)
    try:
        key = _key(name, path, read_bytes(path, display_name(path), "a YAML file"), rules_dirs)
    except DataError:
        return load_site(name, rules_dirs)  # which says what is wrong with the file
    found = _kept(key, path, rules_dirs)
    if found is not None:
        return found
    with recorded_reads() as reads:
        loaded = load_site(name, rules_dirs)
    packs = [
        (field, value, str(contained_pack_path(value, path.parent, rules_dirs)))
        for field in _PACK_FIELDS
        if (value := getattr(loaded.site, field)) is not None
    ]
    read = {str(file) for file, _ in reads}
    if str(path.resolve()) in read and all(file in read for _, _, file in packs):  # nothing came from elsewhere
        head = json.dumps({"reads": [[str(file), digest] for file, digest in reads], "packs": packs})
        cache.store(key, head.encode() + b"\n" + pickle.dumps(loaded), durable=False)
    return loaded


def _key(name: str, path: Path, raw: bytes, rules_dirs: Sequence[Path]) -> str:
    return cache.key_for(
        "site",
        name,
        str(path.resolve()),
        hashlib.sha256(raw).hexdigest(),
        repr([str(folder.resolve()) for folder in rules_dirs]),
        _models_digest(),
    )


@functools.cache
def _models_digest() -> str:
    """The model classes' source, by content: an entry pickled by other models (another build of the same
    version, a changed field) is never unpickled into these."""
    digest = hashlib.sha256()
    for module in _MODEL_MODULES:
        source = importlib.import_module(module).__file__
        digest.update(module.encode() + b"\0" + (Path(source).read_bytes() if source else b""))
    return digest.hexdigest()


def _kept(key: str, path: Path, rules_dirs: Sequence[Path]) -> LoadedSite | None:
    """The LoadedSite kept under *key*, when every file it was read from is unchanged and every pack is
    still found where it was; None otherwise."""
    data = cache.load(key)
    if data is None:
        return None
    head, _, body = data.partition(b"\n")
    try:
        manifest = json.loads(head)
        for field, value, file in manifest["packs"]:
            if field not in _PACK_FIELDS or str(contained_pack_path(value, path.parent, rules_dirs)) != file:
                return None
        for file, digest in manifest["reads"]:
            kept = Path(file)
            if hashlib.sha256(read_bytes(kept, display_name(kept), "a YAML file")).hexdigest() != digest:
                return None
        loaded = _Models(io.BytesIO(body)).load()
    except (DataError, ValueError, TypeError, KeyError, pickle.UnpicklingError, EOFError, AttributeError):
        return None
    return loaded if isinstance(loaded, LoadedSite) else None


class _Models(pickle.Unpickler):
    """Unpickles sheetgen's models and nothing else: any other class or function is refused."""

    def find_class(self, module: str, name: str) -> Any:
        import dataclasses

        from pydantic import BaseModel

        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        if module in _MODEL_MODULES:
            found = super().find_class(module, name)
            if isinstance(found, type) and (issubclass(found, BaseModel) or dataclasses.is_dataclass(found)):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a sheetgen model")
