"""The seam for other libraries' internals (sheetgen/compat/): every reach is found in the libraries
installed, and with each check forced to fail the stock behaviour gives pages that are still right."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner
from pdfcheck import font_problems, page_sizes, page_texts, read_pdf, squeeze
from PIL import Image
from pypdf.generic import ArrayObject
from test_bad_inputs import hostile_pdf

from sheetgen import compat
from sheetgen.cli import cli
from sheetgen.compat import (
    columns,
    hyphen_dicts,
    libraries,
    process_end,
    pypdf_objects,
    random_draws,
    reportlab_pages,
    weasy,
)
from sheetgen.load.files import load_pack
from sheetgen.options import LETTER, RenderOptions
from sheetgen.render.html.reference import PLAYERS_SIZE, RenderedReference, render_reference

ROOT = Path(__file__).resolve().parent.parent

#: Every check of the seam, by the module that holds it.
CHECKS: dict[str, Callable[[], object]] = {
    "columns": columns._weasyprint,
    "weasy.font_folder_usable": weasy.font_folder_usable,
    "weasy.subset_reader_usable": weasy.subset_reader_usable,
    "weasy.page_box_usable": weasy.page_box_usable,
    "libraries.replaceable": libraries.replaceable,
    "reportlab_pages.page_keys_usable": reportlab_pages.page_keys_usable,
    "pypdf_objects.document_id_usable": pypdf_objects.document_id_usable,
    "pypdf_objects.stream_bytes_usable": pypdf_objects.stream_bytes_usable,
    "process_end.exit_functions_usable": process_end.exit_functions_usable,
    "random_draws.bits_draw_as_randint": random_draws.bits_draw_as_randint,
    "hyphen_dicts.reads_lazily": hyphen_dicts.reads_lazily,
}


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_what_each_reach_relies_on_is_in_the_libraries_installed(name: str) -> None:
    assert CHECKS[name]() not in (None, False), (
        f"sheetgen.compat.{name} does not find what it relies on in the library installed: sheetgen falls back "
        "to the stock behaviour (slower or plainer); check the module against this version"
    )


@pytest.mark.parametrize(
    "module", [columns, weasy, libraries, reportlab_pages, pypdf_objects, process_end, random_draws, hyphen_dicts]
)
def test_each_module_of_the_seam_names_the_versions_it_was_checked_against(module: object) -> None:
    checked = getattr(module, "CHECKED_AGAINST", "")
    assert any(char.isdigit() for char in checked), module
    assert checked in (module.__doc__ or "").replace("\n", " ") or all(
        part.strip() in (module.__doc__ or "").replace("\n", " ") for part in checked.split(",")
    ), module


def test_no_private_member_of_another_library_is_reached_outside_the_seam() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--select", "SLF001", "sheetgen"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    inside = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--select",
            "SLF001",
            "--no-cache",
            "--config",
            "lint.per-file-ignores = {}",
            "sheetgen",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    flagged = {line.split(":")[0].split()[-1] for line in inside.stdout.splitlines() if "-->" in line}
    assert flagged and all(path.startswith("sheetgen/compat/") for path in flagged), flagged


def test_source_and_parameters_say_nothing_of_what_cannot_be_read() -> None:
    assert compat.source_holds(print, "anything") is False
    assert compat.parameters(type) == ()
    assert compat.source_holds(compat.parameters, "inspect.signature(function)")
    assert compat.parameters(compat.source_holds) == ("function", "lines")


# --- WeasyPrint -------------------------------------------------------------------------------------------


def _reference(players: bool = False) -> RenderedReference:
    return render_reference(load_pack("dungeon-turn"), RenderOptions(paper=LETTER), players=players)


@pytest.fixture(scope="module")
def stock_reference() -> RenderedReference:
    return _reference()


def _same_pages(forced: RenderedReference, stock: RenderedReference) -> None:
    reader = read_pdf(forced.pdf)
    assert page_sizes(reader) == page_sizes(read_pdf(stock.pdf)) == [(612, 792)] * len(reader.pages)
    assert [squeeze(text) for text in page_texts(reader)] == [squeeze(text) for text in page_texts(read_pdf(stock.pdf))]
    assert font_problems(reader) == []


@pytest.mark.parametrize("check", ["font_folder_usable", "subset_reader_usable"])
def test_reference_pages_are_the_same_when_weasyprints_fonts_are_left_as_they_are(
    monkeypatch: pytest.MonkeyPatch, stock_reference: RenderedReference, check: str
) -> None:
    monkeypatch.setattr(weasy, check, lambda: False)
    _same_pages(_reference(), stock_reference)


def test_font_files_go_where_weasyprint_puts_them_when_its_folder_is_out_of_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sheetgen.render.html.weasy import font_configuration

    monkeypatch.setattr(weasy, "font_folder_usable", lambda: False)
    config = font_configuration()
    assert weasy.font_folder(config) is None
    monkeypatch.undo()
    placed = font_configuration()
    assert weasy.font_folder(placed) is not None and "sheetgen-" in str(weasy.font_folder(placed))


def test_reference_pages_are_balanced_by_weasyprint_when_its_columns_are_not_the_ones_expected(
    monkeypatch: pytest.MonkeyPatch, stock_reference: RenderedReference
) -> None:
    monkeypatch.setattr(columns, "_weasyprint", lambda: None)
    assert not columns.available()
    forced = _reference()
    reader = read_pdf(forced.pdf)
    assert page_sizes(reader) == page_sizes(read_pdf(stock_reference.pdf))
    # WeasyPrint breaks the columns elsewhere; every word is still on the same page
    assert [sorted(text.split()) for text in page_texts(reader)] == [
        sorted(text.split()) for text in page_texts(read_pdf(stock_reference.pdf))
    ]


def test_players_pages_keep_their_size_when_the_page_box_is_out_of_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    grown = _reference(players=True)
    assert max(grown.type_sizes) > PLAYERS_SIZE
    monkeypatch.setattr(weasy, "page_box_usable", lambda: False)
    plain = _reference(players=True)
    assert plain.type_sizes == (PLAYERS_SIZE,) * len(grown.type_sizes)
    reader = read_pdf(plain.pdf)
    assert page_sizes(reader) == [(612, 792)] * len(grown.type_sizes)
    assert "For the players" in page_texts(reader)[0]
    assert squeeze(" ".join(page_texts(reader))).split() != []


def test_libraries_are_found_the_stock_way_when_find_library_is_not_the_one_expected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ctypes.util

    monkeypatch.setattr(libraries, "replaceable", lambda: False)
    stock = ctypes.util.find_library
    with libraries.found_quickly():
        assert ctypes.util.find_library is stock


# A fresh process, so that WeasyPrint is imported with the stock search, then a page drawn with it.
STOCK_IMPORT = """
import ctypes.util, io, sys
from sheetgen.compat import libraries
libraries.replaceable = lambda: False
stock = ctypes.util.find_library
from sheetgen.render.html.weasy import html_to_pdf
pdf = html_to_pdf("<p>Torches burn for six turns.</p>", title="Torches", subject="Test")
sys.stdout.buffer.write(pdf)
assert ctypes.util.find_library is stock
"""


def test_weasyprint_imported_the_stock_way_draws_the_page() -> None:
    done = subprocess.run([sys.executable, "-c", STOCK_IMPORT], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()
    reader = read_pdf(done.stdout)
    assert page_sizes(reader) == [(595, 842)]  # WeasyPrint's own page size: the page asks for none
    assert squeeze(page_texts(reader)[0]) == "Torches burn for six turns."


# --- ReportLab --------------------------------------------------------------------------------------------


def test_fillable_trackers_are_whole_when_the_page_dictionary_is_out_of_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    from sheetgen.render.pdf.trackers import tracker_pdf

    pack = load_pack("dungeon-turn")
    stock = read_pdf(tracker_pdf(pack, RenderOptions(fillable=True)))
    monkeypatch.setattr(reportlab_pages, "page_keys_usable", lambda: False)
    plain = read_pdf(tracker_pdf(pack, RenderOptions(fillable=True)))
    assert all(page.get("/Tabs") == "/R" for page in stock.pages)
    assert all("/Tabs" not in page for page in plain.pages)
    assert page_sizes(plain) == page_sizes(stock)
    assert page_texts(plain) == page_texts(stock)
    assert (plain.get_fields() or {}).keys() == (stock.get_fields() or {}).keys() and len(stock.get_fields() or {})


# --- pypdf ------------------------------------------------------------------------------------------------


def test_a_packet_part_is_written_whole_and_reproducibly_without_its_document_id(
    monkeypatch: pytest.MonkeyPatch, stock_reference: RenderedReference
) -> None:
    from sheetgen.packet.build import packet_part

    stock = read_pdf(packet_part(stock_reference.pdf))
    identifier = cast(ArrayObject, stock.trailer["/ID"])[0]
    assert identifier.original_bytes == hashlib.sha256(stock_reference.pdf).digest()[:16]
    monkeypatch.setattr(pypdf_objects, "document_id_usable", lambda: False)
    once, again = packet_part(stock_reference.pdf), packet_part(stock_reference.pdf)
    assert once == again
    plain = read_pdf(once)
    assert "/ID" not in plain.trailer
    assert page_sizes(plain) == page_sizes(stock)
    assert page_texts(plain) == page_texts(stock)


@pytest.fixture
def forced(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[bool]:
    if request.param:
        monkeypatch.setattr(pypdf_objects, "stream_bytes_usable", lambda: False)
    yield request.param


@pytest.mark.parametrize("forced", [False, True], indirect=True, ids=["packed-bytes", "unpacked-by-pypdf"])
def test_a_preview_is_drawn_and_a_stream_bomb_refused_either_way(
    forced: bool, runner: CliRunner, tmp_path: Path, stock_reference: RenderedReference
) -> None:
    pdf = tmp_path / "reference.pdf"
    pdf.write_bytes(stock_reference.pdf)
    out = tmp_path / "page.png"
    result = runner.invoke(cli, ["preview", str(pdf), "--dpi", "40", "-o", str(out)])
    assert result.exit_code == 0, result.output
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.size == (340, 440)
    darkest, _ = cast(tuple[int, int], image.convert("L").getextrema())  # one band: (darkest, lightest)
    assert darkest < 64  # the page's text is drawn
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(hostile_pdf("stream-bomb"))
    result = runner.invoke(cli, ["preview", str(bomb)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {bomb}: page 1's streams unpack to more than 100,000,000 bytes; sheetgen does not preview it\n"
    )


# --- the standard library ---------------------------------------------------------------------------------


# A command run as the installed program runs it, its end made the stock way: its exit functions run and its
# PDF is whole.
STOCK_END = """
import atexit, sys
from sheetgen.compat import process_end
process_end.exit_functions_usable = lambda: False
atexit.register(lambda: print("exit functions ran", flush=True))
sys.argv = ["sheetgen", "tracker", "dungeon-turn", "-o", sys.argv[1]]
from sheetgen.cli import main
main()
"""


@pytest.mark.parametrize("stock", [False, True], ids=["quick-end", "stock-end"])
def test_a_command_ends_with_its_exit_functions_run_and_its_pdf_whole(tmp_path: Path, stock: bool) -> None:
    out = tmp_path / "trackers.pdf"
    script = STOCK_END if stock else STOCK_END.replace("process_end.exit_functions_usable = lambda: False", "")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), str(out)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("exit functions ran\n")
    reader = read_pdf(out.read_bytes())
    assert page_sizes(reader) == [(612, 792)] * len(reader.pages) and len(reader.pages) >= 1
    assert "Dungeon Turn" in page_texts(reader)[0] or "dungeon" in page_texts(reader)[0].lower()


def _timetable_pdf(pack_id: str, seed: int) -> bytes:
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.render.pdf.timetable import timetable_pdf

    table = build_timetable(load_pack(pack_id), site=None, encounter_pack=None, hours=6, seed=seed)
    return timetable_pdf(table, RenderOptions(paper=LETTER))


@pytest.mark.parametrize("pack_id", ["dungeon-turn", "encounter-clock"])
def test_a_timetable_rolled_with_randint_itself_is_the_same_to_the_byte(
    monkeypatch: pytest.MonkeyPatch, pack_id: str
) -> None:
    quick = _timetable_pdf(pack_id, 1234)
    monkeypatch.setattr(random_draws, "bits_draw_as_randint", lambda: False)
    asked = _timetable_pdf(pack_id, 1234)
    assert asked == quick
    reader = read_pdf(asked)
    assert page_sizes(reader) == [(612, 792)] * len(reader.pages) and "1234" in page_texts(reader)[0]


def test_the_bits_are_drawn_as_randint_draws_them_or_not_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    assert random_draws.bits_draw_as_randint()
    other = random_draws.die_roller(random.Random(5))
    monkeypatch.setattr(random_draws, "bits_draw_as_randint", lambda: False)
    asked = random_draws.die_roller(random.Random(5))
    assert [other(6) for _ in range(200)] == [asked(6) for _ in range(200)]


@pytest.mark.parametrize("language", ["de_DE", "en_US", "es", "fr", "pl_PL", "hu_HU"])
def test_a_dictionary_read_lazily_breaks_every_word_where_pyphen_does(language: str) -> None:
    """Words made of the dictionary's own patterns (so that every kind of pattern is looked up, the
    alternatives of the German and Spanish ones too) break at the same places, with the same data."""
    import random

    import pyphen

    path = pyphen.LANGUAGES[language]
    lazy, stock = hyphen_dicts._lazy_dict_class()(path), pyphen.HyphDict(path)
    pieces = sorted(key.strip(".") for key in stock.patterns)
    rng = random.Random(7)
    for _n in range(1500):
        word = "".join(rng.choice(pieces) for _piece in range(rng.randint(1, 4)))
        lazy_points, stock_points = lazy.positions(word), stock.positions(word)
        assert lazy_points == stock_points, word
        assert [p.data for p in lazy_points] == [p.data for p in stock_points], word


def test_words_are_hyphenated_the_same_when_pyphen_is_not_the_one_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyphen

    from sheetgen.layout import hyphens

    words = ["Kerkerwächterschlüsselbund", "Donaudampfschifffahrtsgesellschaft", "Fackelhalterungen"]
    hyphens.dictionary.cache_clear()
    hyphens.points.cache_clear()
    lazy = [hyphens.points(word, "de") for word in words]
    monkeypatch.setattr(hyphen_dicts, "reads_lazily", lambda: False)
    monkeypatch.setattr(pyphen, "hdcache", {})
    hyphens.dictionary.cache_clear()
    hyphens.points.cache_clear()
    assert [hyphens.points(word, "de") for word in words] == lazy
    opened = pyphen.hdcache[pyphen.LANGUAGES[pyphen.language_fallback("de")]]
    assert type(opened) is pyphen.HyphDict
    assert all(lazy)
    hyphens.dictionary.cache_clear()
    hyphens.points.cache_clear()
