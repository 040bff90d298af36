"""The file-format reference pages against the code: every example in them loads, every field is named.

docs/pack-format.md and docs/site-format.md are written for game masters, who copy their examples.
Each ```yaml block in them is one of:

- a complete pack (its first line is ``kind: pack``) or a complete site file (it has top-level
  ``site:`` and ``rooms:`` lines): written to a file and loaded with sheetgen's loader;
- a part of a pack or site, marked ``<!-- pack part -->`` or ``<!-- site part -->`` on the line before:
  its top-level fields replace those of the first complete example of the same page, and the result
  is loaded;
- a fragment, marked ``<!-- fragment -->``: not loaded (a single field, or a file with a mistake in it).

So an example that stops loading, or a field added to the model but not to the pages, fails here.
"""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.load.yamlread import parse_yaml
from sheetgen.model.pack import Pack, PartKind, SectionKind
from sheetgen.model.site import Site

DOCS = Path(__file__).resolve().parent.parent / "docs"
PACK_DOC = DOCS / "pack-format.md"
SITE_DOC = DOCS / "site-format.md"

_BLOCK = re.compile(
    r"(?:^<!--\s*(?P<mark>[a-z ]+?)\s*-->[ \t]*\n(?:[ \t]*\n)*)?^```yaml[ \t]*\n(?P<body>.*?)^```[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_MARKS = ("fragment", "pack part", "site part")


@dataclass(frozen=True)
class Example:
    doc: Path
    line: int
    kind: str  # "pack", "site", "pack part", "site part" or "fragment"
    body: str

    @property
    def label(self) -> str:
        return f"{self.doc.name}:{self.line}"


def _kind(mark: str | None, body: str) -> str:
    if mark is not None:
        return mark
    lines = body.splitlines()
    if lines and lines[0].strip() == "kind: pack":
        return "pack"
    if any(line.startswith("site:") for line in lines) and any(line.startswith("rooms:") for line in lines):
        return "site"
    return "unmarked"


def examples(doc: Path) -> list[Example]:
    text = doc.read_text(encoding="utf-8")
    found = []
    for match in _BLOCK.finditer(text):
        line = text.count("\n", 0, match.start("body")) + 1
        found.append(Example(doc, line, _kind(match["mark"], match["body"]), match["body"]))
    return found


README = DOCS.parent / "README.md"
ALL = [*examples(PACK_DOC), *examples(SITE_DOC), *examples(README)]


def _first(doc: Path, kind: str) -> Example:
    return next(e for e in examples(doc) if e.kind == kind)


def _data(example: Example) -> Any:
    return parse_yaml(example.body.encode("utf-8"), example.label).data


def _write_pack_for(site_body: str, folder: Path) -> None:
    """A site naming a pack file: write the pack page's minimal pack under that name beside it."""
    data = parse_yaml(site_body.encode("utf-8"), "site").data
    for field in ("system", "encounters"):
        name = data.get(field)
        if isinstance(name, str) and name not in builtin_pack_ids():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(_first(PACK_DOC, "pack").body, encoding="utf-8")


def test_the_pages_have_examples() -> None:
    kinds = [e.kind for e in ALL]
    assert kinds.count("pack") >= 1 and kinds.count("site") >= 2
    assert kinds.count("pack part") >= 15 and kinds.count("site part") >= 3


@pytest.mark.parametrize("example", ALL, ids=[e.label for e in ALL])
def test_every_yaml_block_is_marked_or_complete(example: Example) -> None:
    assert example.kind != "unmarked", (
        f"{example.label}: a ```yaml block that is neither a complete pack (first line 'kind: pack') nor a "
        f"complete site ('site:' and 'rooms:'); mark it with one of {', '.join(f'<!-- {m} -->' for m in _MARKS)}"
    )


COMPLETE = [e for e in ALL if e.kind in ("pack", "site")]


@pytest.mark.parametrize("example", COMPLETE, ids=[e.label for e in COMPLETE])
def test_complete_examples_load(example: Example, tmp_path: Path) -> None:
    path = tmp_path / "example.yaml"
    path.write_text(example.body, encoding="utf-8")
    if example.kind == "pack":
        assert isinstance(load_pack(str(path)), Pack)
    else:
        _write_pack_for(example.body, tmp_path)
        assert isinstance(load_site(str(path)).site, Site)


PARTS = [e for e in ALL if e.kind in ("pack part", "site part")]


@pytest.mark.parametrize("example", PARTS, ids=[e.label for e in PARTS])
def test_parts_load_in_the_first_example(example: Example, tmp_path: Path) -> None:
    is_pack = example.kind == "pack part"
    base = _first(PACK_DOC if is_pack else SITE_DOC, "pack" if is_pack else "site")
    part = _data(example)
    assert isinstance(part, dict) and part, f"{example.label}: a part is a mapping of top-level fields"
    merged = {**_data(base), **part}
    path = tmp_path / "example.yaml"
    path.write_text(yaml.safe_dump(merged, sort_keys=False, allow_unicode=True), encoding="utf-8")
    if is_pack:
        assert isinstance(load_pack(str(path)), Pack)
    else:
        _write_pack_for(path.read_text(encoding="utf-8"), tmp_path)
        assert isinstance(load_site(str(path)).site, Site)


def test_the_minimal_pack_has_the_odds_the_page_states(tmp_path: Path) -> None:
    """pack-format.md: rolled at the end of turns 6, 12, 18, each time 1 - (5/6)^6 of a complication."""
    from sheetgen.engine.odds import quiet_odds

    path = tmp_path / "tension-pool.yaml"
    path.write_text(_first(PACK_DOC, "pack").body, encoding="utf-8")
    odds = quiet_odds(load_pack(str(path)), 3)
    assert [c.unit for c in odds.checks] == [6, 12, 18]
    assert {c.chance for c in odds.checks} == {1 - Fraction(5, 6) ** 6}
    assert "1 − (5/6)⁶ ≈ 66.5%" in PACK_DOC.read_text(encoding="utf-8")


def _models(root: type[BaseModel]) -> list[type[BaseModel]]:
    """*root* and every model its fields hold, however deeply."""
    seen: list[type[BaseModel]] = []

    def visit(annotation: Any) -> None:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation not in seen:
                seen.append(annotation)
                for field in annotation.model_fields.values():
                    visit(field.annotation)
            return
        for arg in typing.get_args(annotation):
            visit(arg)

    visit(root)
    return seen


def _documented_in(model: type[BaseModel]) -> Path:
    """Statblocks (sheetgen.model.common) have the same shape in packs and sites: site-format.md
    describes them, pack-format.md links there."""
    return PACK_DOC if model.__module__ == "sheetgen.model.pack" else SITE_DOC


@pytest.mark.parametrize("root", [Pack, Site], ids=["pack", "site"])
def test_every_field_is_documented(root: type[BaseModel]) -> None:
    missing: list[str] = []
    for model in _models(root):
        doc = _documented_in(model)
        text = doc.read_text(encoding="utf-8")
        missing.extend(
            f"{model.__name__}.{name} in {doc.name}" for name in model.model_fields if f"`{name}`" not in text
        )
    assert not missing, f"fields not named (as `name`) in their page: {', '.join(missing)}"


def test_the_named_models_are_covered() -> None:
    pack_models = {m.__name__ for m in _models(Pack)}
    site_models = {m.__name__ for m in _models(Site)}
    assert {"Pack", "Check", "Track", "Statblock"} <= pack_models
    assert {"Site", "Room", "Statblock"} <= site_models


def test_every_section_and_part_kind_is_documented() -> None:
    text = PACK_DOC.read_text(encoding="utf-8")
    for kind in (*typing.get_args(SectionKind), *typing.get_args(PartKind)):
        assert f"`{kind}`" in text, f"pack-format.md does not describe the kind `{kind}`"
