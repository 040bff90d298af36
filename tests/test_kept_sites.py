"""A site read before comes from the cache only while every file it was read from is as it was, and an entry
that holds anything but sheetgen's models is passed over."""

from __future__ import annotations

import io
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli
from sheetgen.load.files import forget_loaded_packs, load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.packet import cache, kept_sites

CASES = Path(__file__).resolve().parent / "bad_inputs"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A site folder with its own pack file, and a cache of its own."""
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "pack.yaml").write_bytes((CASES / "good-pack.yaml").read_bytes())
    text = (CASES / "good-site.yaml").read_text(encoding="utf-8")
    (folder / "site.yaml").write_text(text.replace("system: dungeon-turn", "system: pack.yaml"), encoding="utf-8")
    forget_loaded_packs()
    return folder / "site.yaml"


def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sites read (not taken from the cache) from now on."""
    read: list[str] = []
    stock: Callable[..., LoadedSite] = load_site

    def counted(name: str, *args: Any) -> LoadedSite:
        read.append(name)
        forget_loaded_packs()  # as in a new process
        return stock(name, *args)

    monkeypatch.setattr(kept_sites, "load_site", counted)
    return read


def test_a_site_read_before_comes_from_the_cache_as_it_was_read(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = reads(monkeypatch)
    first = kept_sites.kept_site(str(site))
    again = kept_sites.kept_site(str(site))
    assert read == [str(site)]
    assert again == first == load_site(str(site))
    assert kept_sites.kept_site(str(site), use_cache=False) == first
    assert read == [str(site), str(site)]


def test_an_edited_site_or_pack_is_read_again(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = reads(monkeypatch)
    kept_sites.kept_site(str(site))
    site.write_text(site.read_text(encoding="utf-8").replace("name: Cellar", "name: Wine Cellar"), encoding="utf-8")
    assert kept_sites.kept_site(str(site)).site.rooms[1].name == "Wine Cellar"
    pack = site.parent / "pack.yaml"
    pack.write_text(pack.read_text(encoding="utf-8").replace("name: Tiny Turns", "name: Small Turns"), encoding="utf-8")
    assert kept_sites.kept_site(str(site)).pack.name == "Small Turns"
    assert len(read) == 3
    assert kept_sites.kept_site(str(site)).pack.name == "Small Turns"
    assert len(read) == 3


def test_a_pack_file_that_now_answers_to_the_name_first_is_read(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's folder comes before the --rules folders: a pack put there later is the one to read."""
    rules = site.parent.parent / "rules"
    rules.mkdir()
    (site.parent / "pack.yaml").rename(rules / "pack.yaml")
    assert kept_sites.kept_site(str(site), (rules,)).pack.name == "Tiny Turns"
    text = (rules / "pack.yaml").read_text(encoding="utf-8")
    (site.parent / "pack.yaml").write_text(text.replace("name: Tiny Turns", "name: Nearer Turns"), encoding="utf-8")
    forget_loaded_packs()
    assert kept_sites.kept_site(str(site), (rules,)).pack.name == "Nearer Turns"


class Trap:
    """Unpickled by pickle's own loader, it runs a command."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, (f"touch {self.path}",))


def test_an_entry_that_holds_anything_but_models_is_passed_over(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trapped = tmp_path / "trapped"
    read = reads(monkeypatch)
    kept_sites.kept_site(str(site))
    entries = [entry for entry in (tmp_path / "cache").iterdir() if entry.name.startswith("site-")]
    assert len(entries) == 1
    key = entries[0].name.removesuffix(".bin")
    head = cache.load(key).partition(b"\n")[0]  # type: ignore[union-attr]
    cache.store(key, head + b"\n" + pickle.dumps(Trap(trapped)))
    assert kept_sites.kept_site(str(site)) == load_site(str(site))
    assert not trapped.exists()
    assert len(read) == 2


@pytest.mark.slow
def test_output_onto_a_file_of_a_kept_site_is_refused(site: Path) -> None:
    runner = CliRunner()
    built = runner.invoke(cli, ["packet", str(site), "--seed", "1", "-q", "-o", str(site.parent / "a.pdf")])
    assert built.exit_code == 0, built.output
    refused = runner.invoke(cli, ["packet", str(site), "--seed", "1", "-q", "-o", str(site.parent / "pack.yaml")])
    assert refused.exit_code == 2
    assert "pack.yaml" in refused.output


def forge(entry: Path, body: bytes) -> None:
    """Write *entry* as anyone who can write the cache folder could: the header and a plain SHA-256."""
    import hashlib

    entry.write_bytes(b"sheetgen-cache-2\n" + hashlib.sha256(body).digest() + body)


def test_a_forged_site_entry_is_dropped_and_the_site_read_again(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry that is not sealed with the user's key is not sheetgen's: a site whose values no check would
    pass (here 1,000 times its rooms, past the most a site may hold) is never used."""
    import dataclasses

    read = reads(monkeypatch)
    loaded = kept_sites.kept_site(str(site))
    [entry] = [e for e in (tmp_path / "cache").iterdir() if e.name.startswith("site-")]
    head = cache.load(entry.name.removesuffix(".bin")).partition(b"\n")[0]  # type: ignore[union-attr]
    rooms = list(loaded.site.rooms) * 1000
    bad = dataclasses.replace(loaded, site=loaded.site.model_copy(update={"rooms": rooms}))
    forge(entry, head + b"\n" + pickle.dumps(bad))
    assert kept_sites.kept_site(str(site)) == load_site(str(site))
    assert len(read) == 2
    assert cache.load(entry.name.removesuffix(".bin")) is not None  # made again, sealed


def test_a_forged_pdf_part_is_never_merged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reference entry with a right plain checksum, whose PDF opens a link and runs a script, is dropped."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, TextStringObject

    from sheetgen.load.files import load_pack
    from sheetgen.options import RenderOptions
    from sheetgen.packet.build import cached_reference

    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    pack = load_pack("dungeon-turn")
    good = cached_reference(pack, RenderOptions(), players=False, use_cache=True)
    [entry] = list((tmp_path / "cache").glob("reference-*.bin"))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(good)))
    writer._root_object[NameObject("/OpenAction")] = DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("app.alert(1)")}
    )
    out = io.BytesIO()
    writer.write(out)
    forge(entry, out.getvalue())
    again = cached_reference(pack, RenderOptions(), players=False, use_cache=True)
    assert b"/JavaScript" not in again
    assert again == good


def test_a_site_with_a_floor_plan_comes_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    site = tmp_path / "toll-house.yaml"
    site.write_bytes((Path(__file__).resolve().parent / "data" / "sites" / "toll-house.yaml").read_bytes())
    read = reads(monkeypatch)
    first = kept_sites.kept_site(str(site))
    again = kept_sites.kept_site(str(site))
    assert read == [str(site)]
    assert again == first and again.site.map is not None and len(again.site.map.doors) == 11
