"""Fillable forms that work in every viewer, the document language and title, tagged reference pages, large
print, and the user's settings file."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner
from pdfcheck import page_sizes, read_pdf
from pypdf.generic import DictionaryObject

from sheetgen.cli import cli
from sheetgen.errors import DataError
from sheetgen.load.files import builtin_dir, load_pack, load_site
from sheetgen.options import LETTER, Audience, RenderOptions
from sheetgen.render.pdf.calibration import calibration_pdf
from sheetgen.render.pdf.cards import cards_pdf
from sheetgen.render.pdf.trackers import tracker_pdf
from sheetgen.settings import read_settings

# --- fillable trackers ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fillable_tracker() -> bytes:
    return tracker_pdf(load_pack("dungeon-turn"), RenderOptions(fillable=True))


def test_every_field_is_unique_named_described_printable_and_has_appearances(fillable_tracker: bytes) -> None:
    reader = read_pdf(fillable_tracker)
    fields = reader.get_fields()
    assert fields is not None and len(fields) > 100
    widgets = [a.get_object() for page in reader.pages for a in page.get("/Annots", [])]
    names = [w["/T"] for w in widgets]
    assert len(names) == len(set(names)) == len(fields)
    assert fields["dungeon-turn/dm-trackers/turn-7"]["/TU"] == "Dungeon turn 7"
    for widget in widgets:
        assert widget["/TU"]
        assert int(widget["/F"]) & 4, f"{widget['/T']}: no Print flag"
        normal = widget["/AP"]["/N"]
        assert set(normal.keys()) == {"/Yes", "/Off"}, widget["/T"]


def test_tab_order_is_row_by_row(fillable_tracker: bytes) -> None:
    reader = read_pdf(fillable_tracker)
    assert all(page.get("/Tabs") == "/R" for page in reader.pages)
    plain = read_pdf(tracker_pdf(load_pack("dungeon-turn"), RenderOptions()))
    assert all("/Tabs" not in page for page in plain.pages)


def _dark_pixels_in(data: bytes, rect: list[float]) -> int:
    import pypdfium2 as pdfium

    scale = 4.0
    document = pdfium.PdfDocument(data)
    try:
        document.init_forms()
        page = document[0]
        height = page.get_height()
        image = page.render(scale=scale, may_draw_forms=True).to_pil().convert("L")
    finally:
        document.close()
    left, bottom, right, top = rect
    # inside the box's outline only
    box = (
        int(left * scale) + 4,
        int((height - top) * scale) + 4,
        int(right * scale) - 4,
        int((height - bottom) * scale) - 4,
    )
    return sum(1 for value in image.crop(box).tobytes() if value < 128)


def test_a_ticked_box_shows_when_rendered(fillable_tracker: bytes) -> None:
    from pypdf import PdfWriter
    from pypdf.generic import NameObject

    writer = PdfWriter(clone_from=io.BytesIO(fillable_tracker))
    target = None
    annotations = writer.pages[0].annotations
    assert annotations is not None
    for annotation in annotations:
        widget = annotation.get_object()
        if widget["/T"] == "dungeon-turn/dm-trackers/turn-7":
            widget[NameObject("/V")] = NameObject("/Yes")
            widget[NameObject("/AS")] = NameObject("/Yes")
            target = [float(v) for v in widget["/Rect"]]
    assert target is not None
    buffer = io.BytesIO()
    writer.write(buffer)
    filled = buffer.getvalue()
    fields = read_pdf(filled).get_fields()
    assert fields is not None
    assert fields["dungeon-turn/dm-trackers/turn-7"]["/V"] == "/Yes"
    # pdfium draws the field from the appearance stream its value names
    assert _dark_pixels_in(fillable_tracker, target) == 0
    assert _dark_pixels_in(filled, target) > 20


def test_timetable_checkboxes_tab_row_by_row() -> None:
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.render.pdf.timetable import timetable_pdf

    loaded = load_site("the-sunken-chapel")
    table = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=3)
    reader = read_pdf(timetable_pdf(table, RenderOptions(fillable=True)))
    assert reader.get_fields()
    assert all(page.get("/Tabs") == "/R" for page in reader.pages if "/Annots" in page)


# --- language, title, tags ------------------------------------------------------------------------------


def _catalog(data: bytes) -> dict[str, object]:
    return dict(cast(DictionaryObject, read_pdf(data).trailer["/Root"]))


def _shows_title(catalog: dict[str, object]) -> bool:
    prefs = catalog.get("/ViewerPreferences")
    return bool(prefs is not None and prefs.get_object().get("/DisplayDocTitle"))  # type: ignore[attr-defined]


def test_every_drawn_sheet_names_its_language_and_shows_its_title() -> None:
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.render.pdf.timetable import timetable_pdf

    loaded = load_site("the-sunken-chapel")
    table = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=1, seed=3)
    for name, data in (
        ("tracker", tracker_pdf(loaded.pack, RenderOptions())),
        ("cards", cards_pdf(loaded, RenderOptions())),
        ("timetable", timetable_pdf(table, RenderOptions())),
        ("calibration", calibration_pdf(LETTER)),
    ):
        catalog = _catalog(data)
        assert catalog.get("/Lang") == "en", name
        assert _shows_title(catalog), name
        metadata = read_pdf(data).metadata
        assert metadata is not None and metadata.title, name


def test_reference_pages_are_tagged_in_the_packs_language() -> None:
    from sheetgen.render.html.reference import render_reference

    rendered = render_reference(load_pack("site-alarm"), RenderOptions())
    catalog = _catalog(rendered.pdf)
    assert catalog.get("/Lang") == "en"
    assert _shows_title(catalog)
    assert "/StructTreeRoot" in catalog
    assert catalog["/MarkInfo"].get_object()["/Marked"]  # type: ignore[attr-defined]
    assert rendered.warnings == ()


def _with_language(text: str, language: str) -> str:
    return text.rstrip("\n") + f"\nlanguage: {language}\n"


def test_pack_and_site_language(tmp_path: Path) -> None:
    from sheetgen.render.html.reference import reference_html

    pack_file = tmp_path / "pack.yaml"
    pack_file.write_text(
        _with_language((builtin_dir("rules") / "dungeon-turn.yaml").read_text("utf-8"), "fr"), encoding="utf-8"
    )
    pack = load_pack(str(pack_file))
    assert pack.language == "fr"
    assert _catalog(tracker_pdf(pack, RenderOptions())).get("/Lang") == "fr"
    assert '<html lang="fr"' in reference_html(pack, RenderOptions())
    site_text = (builtin_dir("sites") / "the-sunken-chapel.yaml").read_text("utf-8")
    site_file = tmp_path / "site.yaml"
    site_file.write_text(_with_language(site_text, "de-AT"), encoding="utf-8")
    assert _catalog(cards_pdf(load_site(str(site_file)), RenderOptions())).get("/Lang") == "de-AT"
    site_file.write_text(site_text.replace("system: dungeon-turn", "system: pack.yaml"), encoding="utf-8")
    assert load_site(str(site_file)).language == "fr"  # a site without its own takes its pack's


def test_a_bad_language_is_located(tmp_path: Path) -> None:
    site_file = tmp_path / "site.yaml"
    site_file.write_text(
        _with_language((builtin_dir("sites") / "the-sunken-chapel.yaml").read_text("utf-8"), "english"),
        encoding="utf-8",
    )
    with pytest.raises(DataError) as caught:
        load_site(str(site_file))
    message = str(caught.value)
    assert "site.yaml:" in message and "language" in message and "'english' is not a language tag" in message


@pytest.mark.slow
def test_packet_keeps_language_title_outline_labels_and_fields(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "packet.pdf"
    result = runner.invoke(
        cli, ["packet", "--seed", "5", "--fillable", "--backs", "--back-offset", "1,-1", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    reader = read_pdf(out.read_bytes())
    catalog: dict[str, object] = dict(reader.root_object)
    assert catalog.get("/Lang") == "en"
    assert _shows_title(catalog)
    assert reader.metadata is not None
    assert reader.metadata.title == "The Sunken Chapel: session packet"
    assert [item.title for item in reader.outline if not isinstance(item, list)][:4] == [
        "Cover",
        "Background and room index",
        "Map",
        "Reference: Dungeon Turns",
    ]
    assert reader.page_labels == [str(n) for n in range(1, len(reader.pages) + 1)]
    fields = reader.get_fields()
    assert fields is not None and "dungeon-turn/dm-trackers/turn-7" in fields
    assert "rooms-visited-7a" in fields  # the room index's tick boxes


# --- large print ----------------------------------------------------------------------------------------


def test_large_print_sets_reference_pages_in_12_pt() -> None:
    from sheetgen.render.html.reference import LARGE_TYPE, reference_html, render_reference

    pack = load_pack("dungeon-turn")
    rendered = render_reference(pack, RenderOptions(large=True), players=True)
    assert LARGE_TYPE >= 12
    assert set(rendered.type_sizes) == {LARGE_TYPE}
    normal = render_reference(pack, RenderOptions(), players=True)
    assert max(normal.type_sizes) < 12
    assert len(read_pdf(rendered.pdf).pages) >= len(read_pdf(normal.pdf).pages)
    assert "--body-size: 12pt;" in reference_html(pack, RenderOptions(), type_size=LARGE_TYPE)


# --- the settings file ----------------------------------------------------------------------------------

Settings = Callable[[str], dict[str, str]]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Write a settings file; give the environment that makes sheetgen read it."""

    def make(text: str) -> dict[str, str]:
        path = tmp_path / "settings.toml"
        path.write_text(text, encoding="utf-8")
        return {"SHEETGEN_CONFIG": str(path)}

    return make


def test_settings_give_defaults_and_the_command_line_wins(
    runner: CliRunner, settings: Settings, tmp_path: Path
) -> None:
    env = settings('# mine\npaper = "a4"\nink = "saver"\n')
    out = tmp_path / "cal.pdf"
    assert runner.invoke(cli, ["calibrate", "-o", str(out)], env=env).exit_code == 0
    assert page_sizes(read_pdf(out.read_bytes()))[0] == (595, 842)
    assert runner.invoke(cli, ["calibrate", "--paper", "letter", "-o", str(out)], env=env).exit_code == 0
    assert page_sizes(read_pdf(out.read_bytes()))[0] == (612, 792)
    help_text = runner.invoke(cli, ["cards", "--help"], env=env).output
    assert "[default: a4]" in help_text and "[default: saver]" in help_text


def test_settings_flags_can_be_turned_off_on_the_command_line(
    runner: CliRunner, settings: Settings, tmp_path: Path
) -> None:
    env = settings("backs = true\nback-offset = [1.5, -2]\n")
    out = tmp_path / "cards.pdf"
    assert runner.invoke(cli, ["cards", "the-sunken-chapel", "-o", str(out)], env=env).exit_code == 0
    with_backs = len(read_pdf(out.read_bytes()).pages)
    assert runner.invoke(cli, ["cards", "the-sunken-chapel", "--no-backs", "-o", str(out)], env=env).exit_code == 0
    assert len(read_pdf(out.read_bytes()).pages) * 2 == with_backs


def test_settings_file_path_is_in_help(runner: CliRunner, settings: Settings) -> None:
    env = settings("")
    assert env["SHEETGEN_CONFIG"] in " ".join(runner.invoke(cli, ["--help"], env=env).output.split())
    assert "none (SHEETGEN_CONFIG is empty)" in runner.invoke(cli, ["--help"], env={"SHEETGEN_CONFIG": ""}).output


def test_default_settings_path_is_in_the_user_config_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from sheetgen.settings import settings_path

    monkeypatch.delenv("SHEETGEN_CONFIG")
    assert settings_path() == Path(platformdirs.user_config_dir("sheetgen", appauthor=False)) / "settings.toml"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('paper = "a4"\n\n  ink = "grey"\n', "settings.toml:3:3: ink: expected one of 'normal', 'saver', not 'grey'"),
        ('"back-offset" = "1,2,3"\n', "settings.toml:1:1: back-offset: expected X,Y in millimetres"),
        ("large = 1\n", "settings.toml:1:1: large: expected true or false, not 1"),
        ('paper = "a4"\n[cards]\nsize = "index"\n', 'settings.toml:2:1: cards: unknown setting "cards"'),
        ('paper = "a4"\npaper = "letter"\n', "settings.toml:2:"),
        ("back-offset = [1, \n", "settings.toml:1:19: TOML syntax:"),
    ],
)
def test_bad_settings_name_file_line_and_key(runner: CliRunner, settings: Settings, text: str, message: str) -> None:
    env = settings(text)
    result = runner.invoke(cli, ["calibrate", "-o", "never.pdf"], env=env)
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("error: ")
    assert not Path("never.pdf").exists()


def test_settings_are_read_only_by_commands_that_use_them(runner: CliRunner, settings: Settings) -> None:
    env = settings("not toml at all")
    assert runner.invoke(cli, ["systems"], env=env).exit_code == 0
    assert runner.invoke(cli, ["calibrate", "-o", "x.pdf"], env=env).exit_code == 2


def test_missing_settings_file_is_no_settings(tmp_path: Path) -> None:
    assert read_settings(tmp_path / "none.toml") == {}


def test_settings_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'paper = "a4"\n\xff\xfe')
    with pytest.raises(DataError, match=r"settings.toml:1:1: not UTF-8 text \(byte 14\)"):
        read_settings(path)


def _median_char_height(data: bytes) -> float:
    from statistics import median

    from pdfcheck import char_boxes

    return median(top - bottom for _, (_, bottom, _, top) in char_boxes(data, 0))


def test_large_print_enlarges_the_players_trackers_only() -> None:
    from sheetgen.layout.tracker_parts import BODY
    from sheetgen.render.pdf.trackers import page_scale, tracker_layouts

    pack = load_pack("dungeon-turn")
    large = RenderOptions(large=True, fillable=True)
    normal = tracker_pdf(pack, RenderOptions(fillable=True), audience=Audience.PLAYERS)
    enlarged = tracker_pdf(pack, large, audience=Audience.PLAYERS)
    assert page_sizes(read_pdf(enlarged)) == page_sizes(read_pdf(normal))
    ratio = _median_char_height(enlarged) / _median_char_height(normal)
    layout = tracker_layouts(pack, large, audience=Audience.PLAYERS)[0]
    scale = page_scale(large, layout.audience)
    assert BODY * scale >= 12
    assert ratio == pytest.approx(scale, rel=0.02)  # measured on the characters drawn
    # every checkbox sits on its enlarged box
    annotations = read_pdf(enlarged).pages[0].annotations
    assert annotations is not None
    widgets = {w.get_object()["/T"]: [float(v) for v in w.get_object()["/Rect"]] for w in annotations}
    for box in layout.boxes:
        left, bottom, right, top = widgets[f"dungeon-turn/{layout.page_id}/{box.name}"]
        assert box.x * scale < left < right < (box.x + box.size) * scale
        assert box.y * scale < bottom < top < (box.y + box.size) * scale
    # the game master's pages stay as they are
    assert tracker_pdf(pack, RenderOptions(large=True), audience=Audience.GM) == tracker_pdf(
        pack, RenderOptions(), audience=Audience.GM
    )
