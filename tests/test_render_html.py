"""HTML to PDF through WeasyPrint: page structure, text, fonts, refused URLs, warnings, reproducibility."""

from __future__ import annotations

import io
import json
import logging
import os
import socket
import subprocess
import sys
import textwrap
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

import sheetgen
from sheetgen.errors import RenderError, UsageError
from sheetgen.fonts import FONTS
from sheetgen.options import A4, LETTER, Paper
from sheetgen.render.html import weasy as render_html
from sheetgen.render.html.weasy import PdfMetadata, layout, read_shipped_url, write

REPO = Path(sheetgen.__file__).resolve().parent.parent
META = PdfMetadata(title="Exploration turn", subject="Procedure reference")
SHIPPED_FAMILIES = {family.name for family in FONTS.families}


def page(body: str, *, paper: Paper = LETTER, style: str = "") -> str:
    return textwrap.dedent(f"""\
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><style>
        @page {{ size: {paper.css_size}; margin: 0.5in }}
        h1 {{ font-family: var(--font-label); font-weight: 700 }}
        {style}
        </style></head>
        <body>{body}</body></html>""")


TINY = page(
    "<h1>Exploration Turn</h1>"
    "<p>Roll 1d6 ≥ 5 — an encounter “at 2d6×10 ft”; torches last 6 turns, ½ that in wind.</p>"
    "<p><b>Bold</b> <i>italic</i> <b><i>both</i></b> • Torches ☐ ☐ ☐ ✓</p>"
)


def embedded_fonts(pdf: bytes) -> list[tuple[str, str, TTFont]]:
    """(resource BaseFont, PDF font-file key, the embedded font program) for every font on every page."""
    found = []
    for pdf_page in PdfReader(io.BytesIO(pdf)).pages:
        resources = cast(DictionaryObject, pdf_page["/Resources"])
        for ref in cast(DictionaryObject, resources["/Font"]).values():
            font = ref.get_object()
            base = str(font["/BaseFont"])
            described = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = described["/FontDescriptor"]
            keys = [key for key in ("/FontFile2", "/FontFile3") if key in descriptor]
            assert keys, f"{base} is not embedded"
            program = TTFont(io.BytesIO(descriptor[keys[0]].get_data()))
            found.append((base, keys[0], program))
    return found


def assert_shipped_fonts_only(pdf: bytes) -> set[str]:
    families = set()
    for base, _, program in embedded_fonts(pdf):
        tag, _, name = base.lstrip("/").partition("+")
        assert len(tag) == 6 and tag.isupper(), f"{base} is not a subset"
        assert name.startswith("sheetgen-"), base
        family = program["name"].getDebugName(16) or program["name"].getDebugName(1)
        assert family in SHIPPED_FAMILIES, base
        families.add(family)
    return families


def test_a_tiny_page_is_one_letter_page_set_in_the_shipped_fonts() -> None:
    laid = layout(TINY)
    assert laid.page_count == 1
    assert laid.page_sizes == ((612.0, 792.0),)
    rendered = write(laid, META)
    assert rendered.warnings == ()
    assert rendered.page_count == 1

    reader = PdfReader(io.BytesIO(rendered.pdf))
    assert len(reader.pages) == 1
    assert [float(x) for x in reader.pages[0].mediabox] == [0, 0, 612, 792]
    text = reader.pages[0].extract_text()
    assert "Exploration Turn" in text
    assert "Roll 1d6 ≥ 5 — an encounter “at 2d6×10 ft”; torches last 6 turns, ½ that in wind." in text
    assert "Torches ☐ ☐ ☐ ✓" in text

    assert assert_shipped_fonts_only(rendered.pdf) == SHIPPED_FAMILIES
    styles = {base.partition("+")[2] for base, _, _ in embedded_fonts(rendered.pdf)}
    assert styles == {
        "sheetgen-Sheetgen-Serif",
        "sheetgen-Sheetgen-Serif-Bold",
        "sheetgen-Sheetgen-Serif-Italic",
        "sheetgen-Sheetgen-Serif-Bold-Italic",
        "sheetgen-Sheetgen-Sans-Bold",
        "sheetgen-Noto-Sans-Symbols2",
    }


def test_fonts_are_subset_not_embedded_whole() -> None:
    pdf = render_html.html_to_pdf(TINY, title="t", subject="s")
    for _, _, program in embedded_fonts(pdf):
        used = {glyph for glyph in program.getGlyphOrder() if program["glyf"][glyph].numberOfContours}
        assert len(used) < 60


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.name)
def test_the_page_size_comes_from_the_css(paper: Paper) -> None:
    pdf = render_html.html_to_pdf(page("<p>Size</p>", paper=paper), title="t", subject="s")
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert float(box.width) == pytest.approx(paper.width, abs=0.01)
    assert float(box.height) == pytest.approx(paper.height, abs=0.01)


def test_layout_counts_pages_so_a_sheet_can_retry_with_smaller_type() -> None:
    rows = "".join(f"<p>Room {n}: a damp cellar with a trapdoor.</p>" for n in range(30))
    large = layout(page(rows, style="p { font-size: 16pt }"))
    small = layout(page(rows, style="p { font-size: 6pt }"))
    assert large.page_count == 2
    assert small.page_count == 1
    assert write(small, META).page_count == 1


def test_base_css_and_shipped_stylesheets_apply_and_the_page_own_style_wins() -> None:
    html = page("<p class=x>Red?</p>", style=".x { font-size: 30pt }")
    laid = layout(html, base_css=".x { font-size: 10pt; text-transform: uppercase }")
    text = PdfReader(io.BytesIO(write(laid, META).pdf)).pages[0].extract_text()
    assert "RED?" in text
    box = laid.document.pages[0]._page_box.descendants()
    sizes = {b.style["font_size"] for b in box if getattr(b, "text", None) == "RED?"}
    assert sizes == {40.0}  # 30pt in CSS px: the page's own rule beats base_css


def test_a_shipped_stylesheet_that_does_not_exist_fails_naming_it() -> None:
    with pytest.raises(RenderError, match=r'"sheetgen:templates/no-such\.css".*no such file is shipped'):
        layout(TINY, stylesheets=["no-such.css"])


def test_pdf_metadata_is_ours_and_undated_unless_a_date_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    dated_html = page("<p>x</p>").replace(
        "<meta charset", '<meta name="dcterms.created" content="2020-02-02"><meta charset'
    )
    info = PdfReader(io.BytesIO(render_html.render_html(dated_html, META).pdf)).metadata
    assert info is not None
    assert info.title == "Exploration turn"
    assert info.subject == "Procedure reference"
    assert info.creator == "sheetgen"
    assert "/CreationDate" not in info and "/ModDate" not in info

    when = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    dated = PdfMetadata(title="t", created=when)
    info = PdfReader(io.BytesIO(render_html.render_html(page("<p>x</p>"), dated).pdf)).metadata
    assert info is not None
    assert info.creation_date_raw == info.modification_date_raw == "D:20240501123000Z"

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert PdfMetadata(title="t").creation_date() == "2023-11-14T22:13:20Z"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(UsageError, match="SOURCE_DATE_EPOCH=yesterday: must be a whole number of seconds"):
        PdfMetadata(title="t").creation_date()


# --- refused URLs -------------------------------------------------------------------------------------


@pytest.fixture
def no_network_or_fetching(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Fail the test if anything tries the network or WeasyPrint's own fetching."""
    import weasyprint.urls

    attempts: list[str] = []

    def refuse(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            attempts.append(name)
            raise AssertionError(f"{name} was called")

        return call

    monkeypatch.setattr(socket, "create_connection", refuse("socket.create_connection"))
    monkeypatch.setattr(socket, "getaddrinfo", refuse("socket.getaddrinfo"))
    monkeypatch.setattr(socket.socket, "connect", refuse("socket.connect"))
    monkeypatch.setattr(urllib.request, "urlopen", refuse("urlopen"))
    monkeypatch.setattr(urllib.request.OpenerDirector, "open", refuse("OpenerDirector.open"))
    monkeypatch.setattr(weasyprint.urls.URLFetcher, "fetch", refuse("URLFetcher.fetch"))
    return attempts


REFUSED = {
    "image from the file system": ('<img src="file:///etc/passwd">', "file:///etc/passwd"),
    "stylesheet outside the package": (
        '<link rel="stylesheet" href="sheetgen:templates/../../pyproject.css">',
        "sheetgen:templates/../../pyproject.css",
    ),
    "stylesheet by file URL": (
        f'<link rel="stylesheet" href="{(REPO / "pyproject.toml").as_uri()}">',
        (REPO / "pyproject.toml").as_uri(),
    ),
    "css @import over http": (
        "<style>@import url(http://example.com/x.css); p { color: red }</style>",
        "http://example.com/x.css",
    ),
    "css background over https": (
        '<p style="background: url(https://example.com/bg.png)">x</p>',
        "https://example.com/bg.png",
    ),
    "data url": ('<img src="data:image/png;base64,iVBORw0KGgo=">', "data:image/png;base64,iVBORw0KGgo="),
    "font-face from a system font": (
        '<style>@font-face { font-family: X; src: local("DejaVu Sans"), url(http://example.com/f.ttf) }'
        " p { font-family: X }</style>",
        "http://example.com/f.ttf",
    ),
    "shipped file of a type pages may not use": (
        '<img src="sheetgen:fonts/Lato-OFL.txt">',
        "sheetgen:fonts/Lato-OFL.txt",
    ),
}


@pytest.mark.parametrize(("markup", "url"), REFUSED.values(), ids=REFUSED.keys())
def test_urls_other_than_shipped_files_are_refused_and_never_fetched(
    no_network_or_fetching: list[str], markup: str, url: str
) -> None:
    with pytest.raises(RenderError) as raised:
        layout(page(markup + "<p>Text</p>"))
    assert f'the page asks for "{url}", which sheetgen does not read' in str(raised.value)
    assert no_network_or_fetching == []


def test_a_relative_url_fails_the_render(no_network_or_fetching: list[str]) -> None:
    with pytest.raises(RenderError, match="Relative URI reference without a base URI: /etc/passwd"):
        layout(page('<img src="/etc/passwd">'))


def test_the_fetcher_serves_shipped_files_and_records_what_it_refused(
    no_network_or_fetching: list[str],
) -> None:
    fetcher = render_html.shipped_file_fetcher()
    response = fetcher("sheetgen:fonts/SheetgenSans-Bold.ttf")
    assert response.read() == (REPO / "fonts" / "SheetgenSans-Bold.ttf").read_bytes()
    assert response.content_type == "font/ttf"
    with pytest.raises(ValueError):
        fetcher("file:///etc/passwd")
    assert fetcher.served == ["sheetgen:fonts/SheetgenSans-Bold.ttf"]
    assert fetcher.refused == [("file:///etc/passwd", "only files shipped with sheetgen can be used")]


@pytest.mark.parametrize(
    "url",
    [
        "sheetgen:fonts/../pyproject.toml",
        "sheetgen:fonts/%2e%2e/x.ttf",
        "sheetgen:fonts//etc/x.ttf",
        "sheetgen:fonts/.hidden.ttf",
        "sheetgen:fonts/",
        "sheetgen:fonts/x.ttf?y",
        "sheetgen:sheetgen/fonts.py",
        "sheetgen://fonts/SheetgenSans-Bold.ttf",
        "SHEETGEN:fonts/SheetgenSans-Bold.ttf",
        "fonts/SheetgenSans-Bold.ttf",
    ],
)
def test_urls_that_do_not_plainly_name_a_shipped_file_are_refused(url: str) -> None:
    with pytest.raises(render_html.RefusedURL):
        read_shipped_url(url)


def test_a_link_out_of_the_shipped_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "secret.css").write_text("p { color: red }")
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "ok.css").write_text("p { color: blue }")
    (templates / "link.css").symlink_to(tmp_path / "secret.css")
    monkeypatch.setattr(render_html, "shipped_dir", lambda folder: templates)
    assert read_shipped_url("sheetgen:templates/ok.css") == (b"p { color: blue }", "text/css; charset=utf-8")
    with pytest.raises(render_html.RefusedURL, match="leads outside the folder"):
        read_shipped_url("sheetgen:templates/link.css")


def test_refused_urls_are_never_opened_or_requested_in_a_fresh_process(tmp_path: Path) -> None:
    # An audit hook sees every file open and socket use of the Python process.
    # Only the files the refused URLs name are watched: WeasyPrint itself reads /etc/mime.types.
    watched = ["/etc/passwd", str(REPO / "pyproject.toml"), "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    script = textwrap.dedent(f"""\
        import json, os, sys
        events = []
        def hook(event, args):
            if event == "open" and args and str(args[0]) in {watched!r}:
                events.append(["open", str(args[0])])
            elif event.startswith(("socket.", "urllib.")):
                events.append([event, repr(args)[:80]])
        sys.addaudithook(hook)
        sys.path.insert(0, {str(REPO)!r})
        from sheetgen.render.html.weasy import layout
        from sheetgen.errors import RenderError
        pages = {json.dumps([markup for markup, _ in REFUSED.values()])}
        refused = 0
        for markup in pages:
            try:
                layout("<p>x</p>" + markup)
            except RenderError:
                refused += 1
        print(json.dumps({{"refused": refused, "events": events}}), flush=True)
        os._exit(0)  # a Python audit hook can crash the interpreter's own shutdown
        """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == {"refused": len(REFUSED), "events": []}


# --- fonts that are not shipped -----------------------------------------------------------------------


def test_a_character_no_shipped_font_has_fails_the_render() -> None:
    with pytest.raises(RenderError) as raised:
        render_html.html_to_pdf(page("<p>The 漢 door</p>"), title="t", subject="s")
    assert str(raised.value) == ('character "漢" (U+6F22) is in none of the shipped fonts; replace it or remove it')


def test_text_set_in_a_system_font_fails_the_render() -> None:
    if not subprocess.run(["fc-list"], capture_output=True, text=True).stdout.strip():
        pytest.skip("no system fonts to fall back to")
    with pytest.raises(RenderError, match="a font sheetgen does not ship"):
        render_html.html_to_pdf(page('<p style="font-family: serif">Set in a system font</p>'), title="t", subject="s")


# --- warnings -----------------------------------------------------------------------------------------


def test_weasyprint_warnings_are_collected_not_printed(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="sheetgen")
    rendered = render_html.render_html(page("<p>x</p>", style="p { colour: red }"), META)
    assert len(rendered.warnings) == 1
    assert rendered.warnings[0].startswith("warning: Ignored `colour: red")
    assert "unknown property" in rendered.warnings[0]
    captured = capsys.readouterr()
    assert captured.out == captured.err == ""
    assert not [r for r in caplog.records if r.name == "weasyprint"]
    assert any("Ignored `colour: red" in r.getMessage() for r in caplog.records if r.name.startswith("sheetgen"))
    assert logging.getLogger("weasyprint").propagate


# --- reproducibility ----------------------------------------------------------------------------------

RENDER_SCRIPT = textwrap.dedent("""\
    import sys
    sys.path.insert(0, sys.argv[1])
    if sys.argv[3] == "fonttools":
        import weasyprint.pdf.fonts
        weasyprint.pdf.fonts.harfbuzz_subset = None  # as on a machine without libharfbuzz-subset
    from sheetgen.render.html.weasy import html_to_pdf
    html = sys.stdin.read()
    open(sys.argv[2], "wb").write(html_to_pdf(html, title="Reference", subject="Procedure"))
    """)


def render_in_subprocess(out: Path, subsetter: str, hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    env.pop("SOURCE_DATE_EPOCH", None)
    subprocess.run(
        [sys.executable, "-c", RENDER_SCRIPT, str(REPO), str(out), subsetter],
        input=TINY,
        text=True,
        env=env,
        check=True,
        capture_output=True,
    )
    return out.read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("subsetter", ["harfbuzz", "fonttools"])
def test_the_same_html_gives_the_same_bytes_in_separate_processes(tmp_path: Path, subsetter: str) -> None:
    if subsetter == "harfbuzz" and not render_html.harfbuzz_subsetting():
        pytest.skip("libharfbuzz-subset0 is not installed (an optional speed-up)")
    first = render_in_subprocess(tmp_path / "a.pdf", subsetter, "1")
    second = render_in_subprocess(tmp_path / "b.pdf", subsetter, "2")
    assert first == second
    assert b"/CreationDate" not in first and b"/ID" not in first
    assert_shipped_fonts_only(first)
    in_process = render_html.html_to_pdf(TINY, title="Reference", subject="Procedure")
    if subsetter == "harfbuzz":
        assert in_process == first


def test_without_harfbuzz_subsetting_the_fonttools_fallback_is_quiet_and_still_subsets() -> None:
    import weasyprint.pdf.fonts

    saved = weasyprint.pdf.fonts.harfbuzz_subset
    weasyprint.pdf.fonts.harfbuzz_subset = None  # as on a machine without libharfbuzz-subset
    try:
        rendered = render_html.render_html(TINY, META)
    finally:
        weasyprint.pdf.fonts.harfbuzz_subset = saved
    assert rendered.warnings == ()
    assert_shipped_fonts_only(rendered.pdf)
    assert len(rendered.pdf) < 200_000  # subsets, not the 3 MB of whole fonts


def test_harfbuzz_subsetting_is_used_where_it_is_installed() -> None:
    from weasyprint.text.ffi import harfbuzz_subset

    if harfbuzz_subset is None:
        pytest.skip("libharfbuzz-subset0 is not installed: fonts are subset with fontTools (slower)")
    assert render_html.harfbuzz_subsetting()


# --- imports ------------------------------------------------------------------------------------------


def test_importing_the_modules_loads_no_renderer() -> None:
    script = (
        f"import sys; sys.path.insert(0, {str(REPO)!r})\n"
        "import sheetgen.fonts, sheetgen.render.html.weasy\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'reportlab', 'fontTools')))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
