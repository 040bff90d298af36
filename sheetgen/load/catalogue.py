"""What the `systems`, `check` and `schema` commands report: lists of packs, checked files, schemas.

Takes folders and paths; gives lines of text and JSON-ready dicts. Draws nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.errors import DataError, Problem
from sheetgen.load.files import builtin_dir, kind_of, load_pack, pack_from_doc, read_document, site_from_doc
from sheetgen.load.variants import variant_id
from sheetgen.markup import plain
from sheetgen.model.pack import Pack
from sheetgen.model.site import Site
from sheetgen.words import check_sentence, duration


def listed_packs(rules_dir: Path | None) -> list[Pack]:
    """The built-in packs, then the packs in *rules_dir*."""
    paths = sorted(builtin_dir("rules").glob("*.yaml"))
    if rules_dir is not None:
        if not rules_dir.is_dir():
            raise DataError(f"--rules: {rules_dir} is not a folder")
        paths += sorted(rules_dir.glob("*.yaml")) + sorted(rules_dir.glob("*.yml"))
    return [load_pack(str(path)) for path in paths]


SHELVES = {"dungeon": "DUNGEONS", "wilderness": "WILDERNESS", "encounters": "ENCOUNTER RULES"}
"""The groups `sheetgen systems` lists packs in, in this order, with their headings."""


def pack_rows(packs: Sequence[Pack]) -> list[tuple[str, str, str, str, str]]:
    """Rows of (id, name, time unit, the language of the pack's text, check), under a row of headings."""
    rows = [("ID", "NAME", "TIME UNIT", "TEXT", "CHECK")]
    for pack in packs:
        unit = f"{pack.time.unit} ({duration(pack.time.length, short=True)})"
        rows.append((pack.id, pack.name, unit, pack.language, check_sentence(pack)))
    return rows


LANGUAGE_COMMANDS = "odds, timetable, reference, tracker, cards, map, packet, export, check"
"""The commands that take --language, as `sheetgen systems` names them."""


def language_lines(packs: Sequence[Pack]) -> list[str]:
    """What `sheetgen systems` says of languages: which a pack's own text is in (its TEXT column) and which
    sheetgen's words come in for it, the same for every pack: English and every shipped catalogue."""
    from sheetgen.words.language import shipped

    texts = sorted({pack.language for pack in packs})
    return [
        f"a pack's own text: as its author wrote it, in its TEXT language ({', '.join(texts)})",
        f"sheetgen's words, for every pack: {', '.join(shipped())}",
    ]


def shelves(packs: Sequence[Pack]) -> list[tuple[str, list[Pack]]]:
    """The packs grouped by what they are for (Pack.shelf_name), each group under its heading, in the
    order of SHELVES; empty groups left out."""
    return [
        (heading, [p for p in packs if p.shelf_name == shelf])
        for shelf, heading in SHELVES.items()
        if any(p.shelf_name == shelf for p in packs)
    ]


def one_line(text: str, most: int = 100) -> str:
    """A pack's summary in one line: its first sentence, cut at a word to at most *most* characters."""
    flat = " ".join(plain(text).split())
    first = flat.split(". ")[0].rstrip(".")
    if len(first) <= most:
        return first + "." if first else ""
    return first[:most].rsplit(" ", 1)[0] + " \u2026"


def variant_lines(packs: Sequence[Pack]) -> list[str]:
    """'dungeon-turn --variant fast-turns: Optional Variant: Fast Turns', one line for each variant."""
    return [f"{pack.id} --variant {variant_id(v)}: {v.name}" for pack in packs for v in pack.variants]


@dataclass(frozen=True)
class CheckedFiles:
    """What `sheetgen check` found in its files: an 'ok' line for each good file, the packs among them
    (whose pages are laid out next), and every problem of the others."""

    lines: tuple[str, ...]
    packs: tuple[Pack, ...]
    problems: tuple[Problem, ...]
    pack_files: tuple[str, ...] = ()
    """The file of each of :attr:`packs`, as the messages name it."""
    languages: tuple[tuple[str, str], ...] = ()
    """Each good file and the language of its text (a site's, else its pack's), as the messages name it:
    one for each of :attr:`packs` (a site's is its pack, laid out in the site's language)."""


def check_files(paths: tuple[Path, ...], rules_dirs: Sequence[Path] = ()) -> CheckedFiles:
    """Validate every file (a site's packs inside its folder or *rules_dirs*)."""
    problems: list[Problem] = []
    lines: list[str] = []
    packs: list[Pack] = []
    files: list[str] = []
    languages: list[tuple[str, str]] = []
    for path in paths:
        try:
            doc = read_document(path)
            if kind_of(doc) == "pack":
                pack = pack_from_doc(doc, path)
                packs.append(pack)
                files.append(doc.file)
                lines.append(f"{doc.file}: ok (pack {pack.id}: {pack.name})")
                languages.append((doc.file, pack.language))
            else:
                loaded = site_from_doc(doc, path, rules_dirs)
                rooms = len(loaded.site.rooms)
                lines.append(
                    f"{doc.file}: ok (site {loaded.site.site!r}, {rooms} room{'' if rooms == 1 else 's'}, "
                    f"pack {loaded.pack.id})"
                )
                languages.append((doc.file, loaded.language))
                packs.append(loaded.pack)  # its pages laid out in the site's language, as its packet has them
                files.append(doc.file)
        except DataError as exc:
            problems.extend(exc.problems)
    return CheckedFiles(tuple(lines), tuple(packs), tuple(problems), tuple(files), tuple(languages))


def _language_name(language: str) -> str:
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language.replace("-", "_")).get_display_name("en") or language
    except (ValueError, UnknownLocaleError):
        return language


def unshipped_line(file: str, language: str) -> str | None:
    """What `sheetgen check` notes of a file whose text is in a language sheetgen's words do not come in
    (None when they do): "the-vault.yaml: sheetgen's words come in English, German, ..., not in Italian: they
    print in English (--language chooses another)"."""
    from sheetgen.words.language import shipped, supported

    if supported(language) is not None:
        return None
    names = ", ".join(_language_name(tag) for tag in shipped())
    return (
        f"{file}: sheetgen's words come in {names}, not in {_language_name(language)}: they print in "
        "English (--language chooses another)"
    )


def untranslated_line(file: str, language: str, messages: Sequence[str]) -> str:
    """What `sheetgen check` notes of a pack whose pages print some of sheetgen's words in English for want
    of a translation: "the-pack.yaml: 2 of sheetgen's words have no German translation and print in English:
    'Session log', 'Seed'"."""
    name = _language_name(language)
    count = (
        f"1 of sheetgen's words has no {name} translation and prints"
        if len(messages) == 1
        else f"{len(messages)} of sheetgen's words have no {name} translation and print"
    )
    return f"{file}: {count} in English: {', '.join(repr(m) for m in messages)}"


def json_schema(which: str) -> dict[str, Any]:
    """The JSON Schema of a pack, a site, or the JSON that `sheetgen timetable --format json` writes."""
    if which == "timetable":
        from sheetgen.export.timetable_json import timetable_json_schema

        schema = timetable_json_schema()
    else:
        schema = (Pack if which == "pack" else Site).model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"sheetgen-{which}.schema.json"
    return schema
