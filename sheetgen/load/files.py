"""Find and load rule packs and site files.

Takes a pack id or a path; gives validated Pack and Site objects (with the file they came from),
or a DataError naming every problem. This is the only module that knows where built-in packs and
sites live.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from sheetgen.errors import DataError, Location, Problem
from sheetgen.load.validate import build_model, check_pack, check_site, check_site_rules
from sheetgen.load.yamlread import Document, read_yaml
from sheetgen.model.pack import Pack
from sheetgen.model.site import Site


class NotAPack(DataError):
    """A site file was given where a rule pack belongs."""


@dataclass(frozen=True)
class LoadedSite:
    site: Site
    pack: Pack
    encounter_pack: Pack | None
    path: Path

    @property
    def slug(self) -> str:
        return self.path.stem

    @property
    def language(self) -> str:
        """The language of the site's text: the site's own, or its pack's."""
        return self.site.language or self.pack.language


def builtin_dir(kind: str) -> Path:
    """The folder of built-in packs ("rules") or example sites ("sites")."""
    return Path(str(resources.files(f"sheetgen.{kind}")))


def builtin_pack_ids() -> list[str]:
    return sorted(p.stem for p in builtin_dir("rules").glob("*.yaml"))


def builtin_site_names() -> list[str]:
    return sorted(p.stem for p in builtin_dir("sites").glob("*.yaml"))


def display_name(path: Path) -> str:
    """A short name for messages: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def kind_of(doc: Document) -> str:
    """'pack' or 'site', from the document's own fields."""
    data = doc.data
    if not isinstance(data, dict):
        got = "a list" if isinstance(data, list) else f"the value {data!r}"
        raise DataError(f"expected a mapping of fields (name: value) at the top, found {got}",
                        Location(doc.file, 1, 1))
    if data.get("kind") == "pack":
        return "pack"
    if data.get("kind") == "site" or "site" in data or "rooms" in data:
        return "site"
    raise DataError(
        "is neither a rule pack (it would start with 'kind: pack') nor a site file "
        "(it would have 'site:' and 'rooms:')",
        Location(doc.file, 1, 1),
    )


def resolve_pack_path(name: str, relative_to: Path | None = None) -> Path:
    """A built-in pack id, or a path to a pack file."""
    if name in builtin_pack_ids():
        return builtin_dir("rules") / f"{name}.yaml"
    candidate = Path(name)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to / candidate
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        return candidate
    raise DataError(
        f'no built-in pack "{name}" and no such file (built-in packs: {", ".join(builtin_pack_ids())}; '
        "`sheetgen systems` lists them)"
    )


def load_pack(name: str, relative_to: Path | None = None) -> Pack:
    """Load a pack by built-in id or path."""
    return _load_pack_file(resolve_pack_path(name, relative_to).resolve())


@lru_cache(maxsize=32)
def _load_pack_file(path: Path) -> Pack:
    doc = read_yaml(path, display_name(path))
    if kind_of(doc) != "pack":
        raise NotAPack("this is a site file, not a rule pack; commands that take SYSTEM want a pack "
                        "(give the site to `sheetgen cards` or `sheetgen packet`)", Location(doc.file, 1, 1))
    return pack_from_doc(doc)


def pack_from_doc(doc: Document) -> Pack:
    pack = build_model(Pack, doc)
    check_pack(pack, doc)
    return pack


def resolve_site_path(name: str) -> Path:
    if name in builtin_site_names() and not Path(name).exists():
        return builtin_dir("sites") / f"{name}.yaml"
    return Path(name)


def load_site(name: str) -> LoadedSite:
    """Load a site file (or a bundled example by name), and the packs it names."""
    path = resolve_site_path(name)
    doc = read_yaml(path, display_name(path))
    if kind_of(doc) != "site":
        raise DataError("this is a rule pack, not a site file; commands that take SITE want a dungeon "
                        "with rooms (give the pack to `sheetgen reference` or `sheetgen tracker`)",
                        Location(doc.file, 1, 1))
    return site_from_doc(doc, path)


def site_from_doc(doc: Document, path: Path) -> LoadedSite:
    site = build_model(Site, doc)
    check_site(site, doc)
    packs: list[Pack | None] = []
    for field in ("system", "encounters"):
        value = getattr(site, field)
        if value is None:
            packs.append(None)
            continue
        try:
            packs.append(load_pack(value, relative_to=path.parent))
        except NotAPack as exc:
            raise DataError(f"{exc.problems[0].location.file} is a site file, not a rule pack; name a built-in "
                            "pack (`sheetgen systems` lists them) or a pack file", doc.locate((field,))) from None
        except DataError as exc:
            if all(not p.location.line for p in exc.problems):
                # the pack could not be found or read at all: say so where the site names it
                raise DataError([Problem(doc.locate((field,)), f"{p.location.file}: {p.message}"
                                         if p.location.file else p.message) for p in exc.problems]) from None
            raise
    pack, encounter_pack = packs
    assert pack is not None
    check_site_rules(site, doc, pack, encounter_pack)
    return LoadedSite(site, pack, encounter_pack, path)


def load_pack_or_site(name: str) -> tuple[Pack, LoadedSite | None]:
    """For commands that take SITE|SYSTEM: a built-in pack id or pack file, else a site."""
    if name in builtin_pack_ids():
        return load_pack(name), None
    path = resolve_site_path(name)
    doc = read_yaml(path, display_name(path))
    if kind_of(doc) == "pack":
        return pack_from_doc(doc), None
    loaded = site_from_doc(doc, path)
    return loaded.pack, loaded
