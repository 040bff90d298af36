"""Find and load rule packs and site files.

Takes a pack id or a path; gives validated Pack and Site objects (with the file they came from),
or a DataError naming every problem. This is the only module that knows where built-in packs and
sites live.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path

from sheetgen.errors import DataError, Location, Problem, SheetgenError, UsageError, display_name
from sheetgen.load.validate import build_model, check_pack, check_site, check_site_rules, shape_problems
from sheetgen.load.yamlread import Document, PathKey, UnreadableYaml, parse_path, read_yaml
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack
from sheetgen.model.site import Site


class NotAPack(DataError):
    """A site file was given where a rule pack belongs."""


def builtin_dir(kind: str) -> Path:
    """The folder of built-in packs ("rules") or example sites ("sites")."""
    return Path(str(resources.files(f"sheetgen.{kind}")))


def builtin_pack_ids() -> list[str]:
    return sorted(p.stem for p in builtin_dir("rules").glob("*.yaml"))


def builtin_site_names() -> list[str]:
    return sorted(p.stem for p in builtin_dir("sites").glob("*.yaml"))


def read_document(path: Path) -> Document:
    """The YAML file at *path*; when it has syntax errors, a DataError with each of them and the shape
    problems (unknown fields, wrong types) of the parts around them that read. What refers to what is
    checked once the whole file reads: a part that cannot be read may hold what another part names."""
    try:
        return read_yaml(path, display_name(path))
    except UnreadableYaml as exc:
        raise DataError.many([*exc.problems, *_around(exc)]) from None


def _around(exc: UnreadableYaml) -> list[Problem]:
    """The shape problems of the parts of a file that read, but none at or above a part that does not:
    a field missing, or a list too short, may be the one that could not be read."""
    doc = exc.readable
    if doc is None or ("kind",) in exc.unread:
        return []
    try:
        model: type[Pack] | type[Site] = Pack if kind_of(doc) == "pack" else Site
    except DataError:
        return []

    def near(path: PathKey) -> bool:
        return any(path[: len(gone)] == gone or gone[: len(path)] == path for gone in exc.unread)

    return [p for p in shape_problems(model, doc) if not near(parse_path(p.location.field))]


def kind_of(doc: Document) -> str:
    """'pack' or 'site', from the document's own fields."""
    data = doc.data
    if not isinstance(data, dict):
        # never the value itself: a file that is not a sheetgen file must not be shown (a key, a password)
        raise DataError(
            f"expected a mapping of fields (name: value) at the top, found {_what(data)}", Location(doc.file, 1, 1)
        )
    if data.get("kind") == "pack":
        return "pack"
    if data.get("kind") == "site" or "site" in data or "rooms" in data:
        return "site"
    raise DataError(
        "is neither a rule pack (it would start with 'kind: pack') nor a site file "
        "(it would have 'site:' and 'rooms:')",
        Location(doc.file, 1, 1),
    )


def _what(data: object) -> str:
    """What kind of value *data* is, in words, without any of its content."""
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return "plain text"
    return "a single value"


def _no_pack(name: str) -> DataError:
    return DataError(
        f'no built-in pack "{name}" and no such file (built-in packs: '
        f"{', '.join(builtin_pack_ids())}; `sheetgen systems` lists them)"
    )


def resolve_pack_path(name: str) -> Path:
    """A built-in pack id, or a path to a pack file as given on the command line."""
    if name in builtin_pack_ids():
        return builtin_dir("rules") / f"{name}.yaml"
    candidate = Path(name)
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        return candidate
    raise _no_pack(name)


def pack_name_for_site(system: str, site_path: Path) -> str:
    """What a site file written at *site_path* puts in its ``system:`` to name the pack *system* (a built-in
    id, or a pack file as given on the command line): the id, or the file's path relative to the site's
    folder. A pack file outside that folder is refused, as a site may not name it (see
    :func:`contained_pack_path`)."""
    if system in builtin_pack_ids():
        return system
    folder = site_path.resolve().parent
    relative = os.path.relpath(Path(system).resolve(), folder)
    if relative.startswith(os.pardir):
        raise UsageError(
            f"--system {system}: a site file names only built-in packs and pack files inside its "
            f"own folder ({folder}); copy the pack there, or write the site file beside the pack"
        )
    return Path(relative).as_posix()


def contained_pack_path(name: str, site_folder: Path, rules_dirs: Sequence[Path] = ()) -> Path:
    """The pack a site file names: a built-in pack id, or a .yaml file inside the site's folder (or one
    of *rules_dirs*), by a relative path.

    A site file may come from anyone, so it cannot reach the rest of the machine: an absolute path, a
    ``..`` that leaves the folder and a link that points out of it are refused, and the file must end in
    .yaml or .yml (read_yaml then refuses devices, pipes and folders).
    """
    if name in builtin_pack_ids():
        return builtin_dir("rules") / f"{name}.yaml"
    candidate = Path(name)
    if candidate.is_absolute() or name.startswith("~"):
        raise DataError(
            f"{name}: a site names its pack by a built-in id or by a path relative to the site's "
            "folder, not by an absolute path"
        )
    if candidate.suffix not in (".yaml", ".yml"):
        raise _no_pack(name)
    folders = [site_folder, *rules_dirs]
    found: Path | None = None
    for folder in folders:
        root = folder.resolve()
        real = (folder / candidate).resolve()
        if real.is_relative_to(root) and real != root:
            if real.exists():
                return real
            found = found or real
    if found is not None:
        return found  # inside, but missing: read_yaml says so
    where = "the site's folder" + (" and the --rules folders" if rules_dirs else "")
    raise DataError(
        f"{name}: leads outside {where} (through '..' or a link); a site may only name pack files inside it"
    )


def load_pack(name: str, relative_to: Path | None = None, rules_dirs: Sequence[Path] = ()) -> Pack:
    """Load a pack by built-in id or path; with *relative_to* (the folder of the site file that names
    it), the path must stay inside that folder or *rules_dirs* (see :func:`contained_pack_path`)."""
    if relative_to is None:
        return _load_pack_file(resolve_pack_path(name).resolve())
    return _load_pack_file(contained_pack_path(name, relative_to, rules_dirs))


def forget_loaded_packs() -> None:
    """Read pack files afresh from now on (they are kept once loaded; `sheetgen watch` sees them change)."""
    _load_pack_file.cache_clear()


@lru_cache(maxsize=32)
def _load_pack_file(path: Path) -> Pack:
    doc = read_document(path)
    if kind_of(doc) != "pack":
        raise NotAPack(
            "this is a site file, not a rule pack; commands that take SYSTEM want a pack "
            "(give the site to `sheetgen cards` or `sheetgen packet`)",
            Location(doc.file, 1, 1),
        )
    return pack_from_doc(doc, path)


def pack_from_doc(doc: Document, path: Path | None = None) -> Pack:
    """The pack *doc* holds, validated; with *path*, the file it was read from, for :func:`located_in`."""
    pack = build_model(Pack, doc)
    check_pack(pack, doc)
    if path is not None:
        pack.read_from(str(path.resolve()))
    return pack


@contextlib.contextmanager
def located_in(pack: Pack) -> Iterator[None]:
    """Within the block, a sheetgen error about a field of *pack* that says no line (a page that does not
    fit, a character no font has: found after the file was read) is raised again at that field's line and
    column in the pack's file, as the loader reports what it finds."""
    try:
        yield
    except SheetgenError as exc:
        raise located(exc, pack) from None


def located(error: SheetgenError, pack: Pack) -> SheetgenError:
    """*error*, its problems about fields of *pack* located in the file the pack was read from (see
    :func:`located_in`); as it was when the pack was not read from a file or the file cannot be read now."""
    if not pack.file or all(p.location.line or not p.location.field for p in error.problems):
        return error
    path = Path(pack.file)
    try:
        doc = read_yaml(path, display_name(path))
    except DataError:
        return error
    return type(error)([_at_field(problem, doc) for problem in error.problems])


def _at_field(problem: Problem, doc: Document) -> Problem:
    """*problem* at the line and column of its field in *doc*, when it says no line and names a field of
    the file."""
    path = parse_path(problem.location.field)
    if problem.location.line or not path or not isinstance(doc.data, dict) or path[0] not in doc.data:
        return problem
    return Problem(doc.locate(path), problem.message)


def resolve_site_path(name: str) -> Path:
    if name in builtin_site_names() and not Path(name).exists():
        return builtin_dir("sites") / f"{name}.yaml"
    return Path(name)


def load_site(name: str, rules_dirs: Sequence[Path] = ()) -> LoadedSite:
    """Load a site file (or a bundled example by name), and the packs it names (inside the site's
    folder or *rules_dirs*)."""
    path = resolve_site_path(name)
    doc = read_document(path)
    if kind_of(doc) != "site":
        raise DataError(
            "this is a rule pack, not a site file; commands that take SITE want a dungeon "
            "with rooms (give the pack to `sheetgen reference` or `sheetgen tracker`)",
            Location(doc.file, 1, 1),
        )
    return site_from_doc(doc, path, rules_dirs)


def site_from_doc(doc: Document, path: Path, rules_dirs: Sequence[Path] = ()) -> LoadedSite:
    site = build_model(Site, doc)
    check_site(site, doc)
    packs: list[Pack | None] = []
    for field in ("system", "encounters"):
        value = getattr(site, field)
        if value is None:
            packs.append(None)
            continue
        try:
            packs.append(load_pack(value, relative_to=path.parent, rules_dirs=rules_dirs))
        except NotAPack as exc:
            raise DataError(
                f"{exc.problems[0].location.file} is a site file, not a rule pack; name a built-in "
                "pack (`sheetgen systems` lists them) or a pack file",
                doc.locate((field,)),
            ) from None
        except DataError as exc:
            if all(not p.location.line for p in exc.problems):
                # the pack could not be found or read at all: say so where the site names it
                raise DataError(
                    [
                        Problem(
                            doc.locate((field,)), f"{p.location.file}: {p.message}" if p.location.file else p.message
                        )
                        for p in exc.problems
                    ]
                ) from None
            raise
    pack, encounter_pack = packs
    assert pack is not None
    check_site_rules(site, doc, pack, encounter_pack)
    return LoadedSite(site, pack, encounter_pack, path)


def load_pack_or_site(name: str, rules_dirs: Sequence[Path] = ()) -> tuple[Pack, LoadedSite | None]:
    """For commands that take SITE|SYSTEM: a built-in pack id or pack file, else a site."""
    if name in builtin_pack_ids():
        return load_pack(name), None
    path = resolve_site_path(name)
    doc = read_document(path)
    if kind_of(doc) == "pack":
        return pack_from_doc(doc, path), None
    loaded = site_from_doc(doc, path, rules_dirs)
    return loaded.pack, loaded
