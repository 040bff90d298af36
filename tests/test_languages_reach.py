"""sheetgen's words in the game master's language beyond the sheets: the odds table of `sheetgen odds`, the
exports' headings and labels, and the words a packet's PDF metadata and outline hold."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SITES = ROOT / "sheetgen" / "sites"
NBSP, NNBSP = "\u00a0", "\u202f"


def odds_rows(*args: str) -> list[list[str]]:
    result = CliRunner().invoke(cli, ["odds", *args])
    assert result.exit_code == 0, result.output
    return [re.split(r" {2,}", line) for line in result.output.splitlines()]


ODDS_ROWS = {
    "de": [
        ["Wurf", "Zeit", "Chance auf wandering encounter", "Erstes wandering encounter"],
        ["Bis Stunde 2", "2:00", f"mindestens eins: 51,8{NBSP}%"],
        ["Erwartete Anzahl", "2:00", "0,67 bis dahin"],
        ["Erstes erwartet", "nach 3:00 (etwa 3 Stunden)"],
        [
            "Vorrat: Torch 1",
            "2:00",
            "verbrauchte Kästchen: 1,97 erwartet durch die Würfel",
            "2 für vollen Vorrat Torch 1",
        ],
        ["Torch 1 aufgebraucht bis Stunde 1", "1:00", f"76,8{NBSP}%"],
    ],
    "fr": [
        ["Jet", "Heure", "Chance de wandering encounter", "Premier wandering encounter"],
        ["Jusqu’à heure 2", "2:00", f"au moins un{NNBSP}: 51,8{NBSP}%"],
        ["Nombre attendu", "2:00", "0,67 d’ici là"],
        [
            f"Ressource{NNBSP}: Torch 1",
            "2:00",
            f"cases utilisées{NNBSP}: 1,97 attendues par les dés",
            "2 pour Torch 1 plein",
        ],
    ],
    "es": [
        ["Tirada", "Hora", "Probabilidad de wandering encounter", "Primer wandering encounter"],
        ["Hasta hora 2", "2:00", f"al menos uno: 51,8{NBSP}%"],
        ["Primero esperado", "tras 3:00 (unas 3 horas)"],
        ["Torch 1 agotado hasta hora 2", "2:00", f"97,7{NBSP}%"],
    ],
}


@pytest.mark.parametrize("lang", sorted(ODDS_ROWS))
def test_the_odds_table_in_each_language(lang: str) -> None:
    rows = odds_rows("usage-dice", "--hours", "2", "--language", lang)
    for row in ODDS_ROWS[lang]:
        assert row in rows, (row, rows)


def test_the_odds_table_is_in_english_by_default_and_in_the_packs_language(tmp_path: Path) -> None:
    rows = odds_rows("usage-dice", "--hours", "2")
    assert rows[0] == ["Check", "Time", "Chance of wandering encounter", "First wandering encounter"]
    assert ["Resource: Torch 1", "2:00", "boxes used: 1.97 expected by the dice", "2 to a full Torch 1"] in rows
    source = (ROOT / "sheetgen" / "rules" / "usage-dice.yaml").read_text(encoding="utf-8")
    german = tmp_path / "nutzung.yaml"
    german.write_text(source.replace("id: usage-dice", "id: nutzung\nlanguage: de", 1), encoding="utf-8")
    assert odds_rows(str(german), "--hours", "2")[0][0] == "Wurf"
    assert odds_rows(str(german), "--hours", "2", "--language", "en")[0][0] == "Check"


def test_the_odds_with_extra_rolls_and_a_pack_that_runs_out_in_german() -> None:
    rows = odds_rows("dungeon-turn", "--hours", "2", "--extra", "1", "--language", "de")
    assert ["Mit einem Zusatzwurf pro Stunde", "Chance auf danger", "ruhige Gruppe"] in rows
    assert ["Bis Stunde 1", "1:00", f"mindestens eins: 72,1{NBSP}%", f"66,5{NBSP}%"] in rows
    assert ["Erwartete Anzahl", "2:00", "2,33 bis dahin", "2,00"] in rows
    assert ["Vorrat: Torch", "2:00", "alle 6 Kästchen; leer um 1:00", "6 für vollen Vorrat Torch"] in rows


def test_an_unknown_language_for_the_odds_is_refused() -> None:
    result = CliRunner().invoke(cli, ["odds", "dungeon-turn", "--language", "xx"])
    assert result.exit_code == 2
    assert "no sheetgen words in 'xx'; shipped: en, de, es, fr" in result.output


MARKDOWN_LABELS = (
    "# Room key",
    "# Route",
    "# Statblocks",
    "# Timetable",
    "# Encounter deck",
    "# Wandering Encounters",
    "| Leg | Way |",
    "| Time | Notes |",
    "| Check | Time |",
    "What decides it | Quiet party |",
    "| Card | Roll (",
    "| Encounter | Number appearing | Statblock | Notes |",
    "**Exits:**",
    "**Statblocks:**",
    "**Trap:**",
    "**Treasure:**",
    "**Encounter:**",
    "**Notes:**",
    "pre-rolled for",
    "; seed 3.",
    "# Morale Check",
    "Holds if the leader's Morale",
)


def exported(tmp_path: Path, site: str, fmt: str, *args: str) -> str:
    out = tmp_path / f"{site}-{fmt}-{'-'.join(args) or 'en'}.out"
    result = CliRunner().invoke(
        cli, ["export", str(SITES / f"{site}.yaml"), "--to", fmt, "--seed", "3", *args, "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
def test_a_markdown_export_in_the_language_has_none_of_the_english_headings(lang: str, tmp_path: Path) -> None:
    english = exported(tmp_path, "the-salt-road", "markdown") + exported(tmp_path, "the-sunken-chapel", "markdown")
    for label in MARKDOWN_LABELS:
        assert label in english, label
    translated = exported(tmp_path, "the-salt-road", "markdown", "--language", lang) + exported(
        tmp_path, "the-sunken-chapel", "markdown", "--language", lang
    )
    for label in MARKDOWN_LABELS:
        assert label not in translated, (lang, label)


def test_the_route_and_the_room_key_in_german(tmp_path: Path) -> None:
    text = exported(tmp_path, "the-salt-road", "markdown", "--language", "de")
    assert "## Reiseweg\n\n| Etappe | Weg | Terrain | Zeit | Notizen |\n" in text
    assert "## Raumschlüssel\n" in text
    assert "**Ausgänge:** [2. The Ford Inn](#2-the-ford-inn)" in text
    assert "**Werteblöcke:** [Wood Wight](#wood-wight)" in text
    assert "| 1d8 | Begegnung | Anzahl | Werteblock | Notizen |" in exported(
        tmp_path, "the-sunken-chapel", "markdown", "--language", "de"
    )


def test_a_french_label_takes_its_narrow_space_before_the_colon(tmp_path: Path) -> None:
    text = exported(tmp_path, "the-salt-road", "markdown", "--language", "fr")
    assert f"**Sorties{NNBSP}:** [2. The Ford Inn](#2-the-ford-inn)" in text


def test_the_foundry_room_key_in_german(tmp_path: Path) -> None:
    import json

    exported(tmp_path, "the-salt-road", "foundry", "--language", "de")
    journal = json.loads((tmp_path / "the-salt-road-key.json").read_text(encoding="utf-8"))
    assert journal["name"] == "The Salt Road: Raumschlüssel"
    names = [page["name"] for page in journal["pages"]]
    assert names[-2:] == ["Reiseweg", "Werteblöcke"]
    route = next(page for page in journal["pages"] if page["name"] == "Reiseweg")["text"]["content"]
    assert route.startswith(
        "<table><thead><tr><th>Etappe</th><th>Weg</th><th>Terrain</th><th>Zeit</th><th>Notizen</th></tr></thead>"
    )
    content = " ".join(page["text"]["content"] for page in journal["pages"])
    for english in ("<strong>Exits:</strong>", "<strong>Statblocks:</strong>", "<strong>Notes:</strong>"):
        assert english not in content
    assert "<strong>Ausgänge:</strong>" in content


# --- `check` says which of sheetgen's words print in English -------------------------------------------


@pytest.fixture
def locale_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[set[str]], None]]:
    """A folder of catalogues that SHEETGEN_LOCALE points at: German with the messages given untranslated
    (a plural one left fuzzy: compiling leaves out both), and the shipped French."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from sheetgen.words.language import forget_catalogues

    folder = tmp_path / "locale"

    def write(left_out: set[str]) -> None:
        for lang in ("de", "fr"):
            with (ROOT / "sheetgen" / "locale" / lang / "LC_MESSAGES" / "sheetgen.po").open("rb") as handle:
                catalogue = read_po(handle, locale=lang)
            for message in catalogue:
                ids = {message.id} if isinstance(message.id, str) else set(message.id)
                if lang == "de" and ids & left_out:
                    if isinstance(message.id, str):
                        message.string = ""
                    else:
                        message.flags.add("fuzzy")
            (folder / lang / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
            with (folder / lang / "LC_MESSAGES" / "sheetgen.mo").open("wb") as handle:
                write_mo(handle, catalogue)
        forget_catalogues()

    monkeypatch.setenv("SHEETGEN_LOCALE", str(folder))
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    yield write
    monkeypatch.undo()
    forget_catalogues()


def check(*args: str) -> str:
    result = CliRunner().invoke(cli, ["check", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_check_says_which_of_sheetgens_words_print_in_english(
    locale_folder: Callable[[set[str]], None], tmp_path: Path
) -> None:
    pack = str(tmp_path / "dungeon-turn.yaml")
    Path(pack).write_text(
        (ROOT / "sheetgen" / "rules" / "dungeon-turn.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    locale_folder({"For the {gm}", "Average wait", "{n} minute", "Session log"})
    assert check(pack, "--language", "de").splitlines() == [
        f"{pack}: ok (pack dungeon-turn: Dungeon Turns)",
        f"{pack}: 3 of sheetgen's words have no German translation and print in English: 'Average wait', "
        "'For the {gm}', '{n} minute'",
    ]
    # the pages that fitted are remembered, and what printed in English with them
    assert check(pack, "--language", "de").splitlines()[1].startswith(f"{pack}: 3 of sheetgen's words")
    # a catalogue that changes is a new check
    locale_folder({"For the {gm}"})
    assert check(pack, "--language", "de").splitlines()[1] == (
        f"{pack}: 1 of sheetgen's words has no German translation and prints in English: 'For the {{gm}}'"
    )
    # complete catalogues, and English, say nothing more
    assert check(pack, "--language", "fr").splitlines() == [f"{pack}: ok (pack dungeon-turn: Dungeon Turns)"]
    assert check(pack).splitlines() == [f"{pack}: ok (pack dungeon-turn: Dungeon Turns)"]


def test_check_lays_out_a_pack_in_its_own_language(locale_folder: Callable[[set[str]], None], tmp_path: Path) -> None:
    locale_folder({"For the players"})
    source = (ROOT / "sheetgen" / "rules" / "dungeon-turn.yaml").read_text(encoding="utf-8")
    german = tmp_path / "runden.yaml"
    german.write_text(source.replace("id: dungeon-turn", "id: runden\nlanguage: de", 1), encoding="utf-8")
    assert check(str(german)).splitlines()[1] == (
        f"{german}: 1 of sheetgen's words has no German translation and prints in English: 'For the players'"
    )
    assert check(str(german), "--language", "en").splitlines() == [f"{german}: ok (pack runden: Dungeon Turns)"]


def test_check_says_when_a_files_language_is_not_one_sheetgens_words_come_in(tmp_path: Path) -> None:
    source = (SITES / "the-sunken-chapel.yaml").read_text(encoding="utf-8")
    italian = tmp_path / "cappella.yaml"
    italian.write_text(source.replace("\nsystem:", "\nlanguage: it\nsystem:", 1), encoding="utf-8")
    assert check(str(italian)).splitlines() == [
        f"{italian}: ok (site 'The Sunken Chapel', 13 rooms, pack dungeon-turn)",
        f"{italian}: sheetgen's words come in English, German, Spanish, French, Polish, not in Italian: they print "
        "in English (--language chooses another)",
    ]
    # a chosen language, or a shipped one (a region of it too), says nothing more
    assert len(check(str(italian), "--language", "de").splitlines()) == 1
    austrian = tmp_path / "kapelle.yaml"
    austrian.write_text(source.replace("\nsystem:", "\nlanguage: de-AT\nsystem:", 1), encoding="utf-8")
    assert len(check(str(austrian)).splitlines()) == 1


def test_check_lays_out_a_sites_pack_in_the_sites_language(
    locale_folder: Callable[[set[str]], None], tmp_path: Path
) -> None:
    locale_folder({"For the players"})
    source = (SITES / "the-sunken-chapel.yaml").read_text(encoding="utf-8")
    german = tmp_path / "kapelle.yaml"
    german.write_text(source.replace("\nsystem:", "\nlanguage: de\nsystem:", 1), encoding="utf-8")
    assert check(str(german)).splitlines() == [
        f"{german}: ok (site 'The Sunken Chapel', 13 rooms, pack dungeon-turn)",
        f"{german}: 1 of sheetgen's words has no German translation and prints in English: 'For the players'",
    ]
    assert len(check(str(german), "--language", "en").splitlines()) == 1


def test_recording_notes_only_what_the_catalogue_lacks() -> None:
    from sheetgen.words.language import _, ngettext, pgettext, recording_misses, using

    with using("de"), recording_misses() as misses:
        said = [
            _("Session log"),
            _("no such message"),
            ngettext("{n} box", "{n} boxes", 2),
            ngettext("one thing", "{n} things", 2),
            pgettext("a context", "a word"),
        ]
    assert said == ["Spielprotokoll", "no such message", "{n} Kästchen", "{n} things", "a word"]
    assert misses == {"no such message", "one thing", "a word"}
    with using("de"):
        assert _("no such message") == "no such message"  # no recording: English, noted nowhere
    with recording_misses() as english:
        assert _("no such message") == "no such message"
    assert english == set()


# --- the timetable's CSV: its column names are a format, its cells' words are prose ---------------------


@pytest.mark.parametrize(("lang", "holds"), [("de", "10: hält"), ("fr", f"10{NNBSP}: tient"), ("es", "10: aguanta")])
def test_a_csv_timetable_keeps_its_column_names_and_translates_its_words(lang: str, holds: str, tmp_path: Path) -> None:
    import csv

    from sheetgen.export.timetable_csv import CSV_COLUMNS

    def rows(*args: str) -> list[dict[str, str]]:
        out = tmp_path / f"t{'-'.join(args)}.csv"
        result = CliRunner().invoke(
            cli, ["timetable", "the-sunken-chapel", "--format", "csv", "--seed", "3", *args, "-o", str(out)]
        )
        assert result.exit_code == 0, result.output
        with out.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
            return list(reader)

    english, translated = rows(), rows("--language", lang)
    assert [r["section"] for r in english] == [r["section"] for r in translated]
    assert [r["encounter"] for r in english] == [r["encounter"] for r in translated]  # yes and no: the format's
    assert english[0]["rule"] == "1d6 = 2: danger if Escalation is 4 or more"
    assert english[0]["baseline"] == "no danger; Escalation 0"
    # a cell in the pack's words only ('1d6 = 6: danger') reads the same; one with sheetgen's words does not
    worded = [(e, t) for e, t in zip(english, translated, strict=True) if " if " in e["rule"]]
    assert worded and all(e["rule"] != t["rule"] and e["baseline"] != t["baseline"] for e, t in worded)
    morale = [
        (e["morale_check"], t["morale_check"])
        for e, t in zip(english, translated, strict=True)
        if e["morale_check"].endswith("holds")
    ]
    assert ("10: holds", holds) in morale


# --- none of sheetgen's English labels on any built-in pack's sheets ------------------------------------


def own_labels(lang: str) -> dict[str, str]:
    """sheetgen's labels (messages without slots) and their translations into *lang*, leaving out those
    that read the same in both."""
    from babel.messages.pofile import read_po

    with (ROOT / "sheetgen" / "locale" / lang / "LC_MESSAGES" / "sheetgen.po").open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    return {
        m.id: str(m.string)
        for m in catalogue
        if isinstance(m.id, str) and m.id and "{" not in m.id and re.search(r"[A-Za-z]{3}", m.id) and m.string != m.id
    }


def english_left(english: str, translated: str, own_text: str, labels: dict[str, str]) -> list[str]:
    """The labels the English sheet prints that the translated one prints too, but for those that the
    pack's or the site's own text (which stays as written) has, and those inside a translation."""

    def says(text: str, label: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text) is not None

    flat = [" ".join(text.split()) for text in (english, translated, own_text)]
    inside = " ".join(labels.values())
    return sorted(
        label
        for label in labels
        if says(flat[0], label) and says(flat[1], label) and not says(flat[2], label) and not says(inside, label)
    )


def test_english_left_finds_a_label_left_in_english() -> None:
    labels = {"Time": "Zeit", "Notes": "Notizen", "Rest": "Rast", "Roll": "Wurf"}
    english = "Time Roll Notes\nRest: 1 turn"
    assert english_left(english, "Zeit Wurf Notizen\nRast: 1 Runde", "", labels) == []
    assert english_left(english, "Time Wurf Notizen\nRast", "", labels) == ["Time"]
    assert english_left(english, "Time Wurf Notes", "notes: Time to rest", labels) == ["Notes"]


def pdf_text(*args: str, tmp_path: Path) -> str:
    from pypdf import PdfReader

    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(cli, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return "\n".join(page.extract_text() for page in PdfReader(out).pages)


BUILTIN_PACKS = sorted(path.stem for path in (ROOT / "sheetgen" / "rules").glob("*.yaml"))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "fr", "es"])
@pytest.mark.parametrize("pack", BUILTIN_PACKS)
def test_every_packs_trackers_in_the_language_hold_none_of_sheetgens_english_labels(
    pack: str, lang: str, tmp_path: Path
) -> None:
    own = (ROOT / "sheetgen" / "rules" / f"{pack}.yaml").read_text(encoding="utf-8")
    if "\ntrackers:" not in own:
        pytest.skip("no tracker pages")
    english = pdf_text("tracker", pack, "--language", "en", tmp_path=tmp_path)
    translated = pdf_text("tracker", pack, "--language", lang, tmp_path=tmp_path)
    assert english_left(english, translated, own, own_labels(lang)) == []


@pytest.mark.slow
@pytest.mark.parametrize("pack", BUILTIN_PACKS)
def test_every_packs_reference_in_german_holds_none_of_sheetgens_english_labels(pack: str, tmp_path: Path) -> None:
    own = (ROOT / "sheetgen" / "rules" / f"{pack}.yaml").read_text(encoding="utf-8")
    english = pdf_text("reference", pack, "--language", "en", tmp_path=tmp_path)
    translated = pdf_text("reference", pack, "--language", "de", tmp_path=tmp_path)
    assert english_left(english, translated, own, own_labels("de")) == []


def site_own_text(site: str) -> str:
    """A bundled site's file and the files of the packs it is played with: the text that stays as written."""
    from sheetgen.load.files import load_site

    loaded = load_site(str(SITES / f"{site}.yaml"))
    packs = [loaded.pack, *([loaded.encounter_pack] if loaded.encounter_pack else [])]
    return "\n".join(
        [
            (SITES / f"{site}.yaml").read_text(encoding="utf-8"),
            *(Path(pack.file).read_text(encoding="utf-8") for pack in packs),
        ]
    )


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "fr", "es"])
@pytest.mark.parametrize(
    ("site", "audience"), [("the-sunken-chapel", "gm"), ("the-sunken-chapel", "players"), ("the-salt-road", "gm")]
)
def test_a_packet_in_the_language_holds_none_of_sheetgens_english_labels(
    site: str, audience: str, lang: str, tmp_path: Path
) -> None:
    args = ["packet", str(SITES / f"{site}.yaml"), "--seed", "3", "--for", audience]
    english = pdf_text(*args, "--language", "en", tmp_path=tmp_path)
    translated = pdf_text(*args, "--language", lang, tmp_path=tmp_path)
    assert english_left(english, translated, site_own_text(site), own_labels(lang)) == []


def test_a_statblocks_own_fields_are_labelled_in_the_language() -> None:
    from sheetgen.model.common import Statblock
    from sheetgen.model.pack import FIELD_LABELS
    from sheetgen.sheets.statblock import FIELD_WORDS, stat_lines
    from sheetgen.words.language import using

    assert set(FIELD_WORDS) == set(FIELD_LABELS.values())  # each marked for the catalogue
    block = Statblock.model_validate(
        {"id": "rat", "name": "Rat", "stats": {"HD": "1"}, "morale": 5, "appearing": "2d4", "zone": "Cellar"}
    )
    with using("de"):
        assert stat_lines(block) == [("HD", "1"), ("Zone", "Cellar"), ("Moral", "5"), ("Anzahl", "2d4")]
    assert stat_lines(block) == [("HD", "1"), ("Zone", "Cellar"), ("Morale", "5"), ("# Appearing", "2d4")]
