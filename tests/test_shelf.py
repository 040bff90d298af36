"""The shelf of built-in packs as a whole: every pack's starter site builds a packet and is never written
twice, and every example site's statblocks print in their pack's order on the stat cards, as the pack's
own statblock does on its reference, read back from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import command_texts, page_texts, read_pdf, squeeze

from sheetgen.cli import cli
from sheetgen.load.files import builtin_pack_ids, builtin_site_names, load_pack, load_site
from sheetgen.model.common import Statblock

PACKS = builtin_pack_ids()

#: Each example site's statblock line, as its pack's game prints it, and the labels its pack gives the
#: zone, morale and number appearing. B/X and the tension pool by their layouts; the others in the
#: file's order with the three after the stat the encounter rules name (MV; Speed for encounter-reaction).
ORDER: dict[str, tuple[list[str], dict[str, str]]] = {
    "the-mill-cellars": (
        ["AC", "HD", "Att", "THAC0", "MV", "SV", "ML", "AL", "XP", "NA", "TT"],
        {"morale": "ML", "appearing": "NA"},
    ),
    "the-salt-tunnels": (
        ["Level", "AC", "HP", "Speed", "Attack", "Damage", "Morale", "Appearing"],
        {"morale": "Morale", "appearing": "Appearing"},
    ),
    "the-ember-vault": (["AC", "HP", "ATK", "MV", "Morale", "# Appearing", "AL", "LV"], {}),
    "the-lampless-mine": (["HD", "AC", "ATK", "MV", "Morale", "# Appearing", "Special"], {}),
    "the-salt-road": (["AC", "HD", "Att", "MV", "Morale", "# Appearing"], {}),
    "the-sunken-chapel": (["HD", "Speed", "Zone", "Morale", "# Appearing", "Armor", "Weak", "TL"], {}),
}
PLAIN_FIELDS = {"zone": "Zone", "morale": "Morale", "appearing": "# Appearing"}
LABEL = re.compile(r"(?:^|(?<=\s))(# Appearing|[A-Za-z0-9]+):")


def test_every_example_site_is_in_the_table() -> None:
    assert set(ORDER) == set(builtin_site_names())


def given(block: Statblock, fields: dict[str, str]) -> set[str]:
    """The labels a statblock gives a line for: its stats, and the fields it has under the pack's labels."""
    labels = {**PLAIN_FIELDS, **fields}
    return set(block.stats) | {labels[f] for f in labels if getattr(block, f) is not None}


def labels_after(text: str, block: Statblock) -> list[str]:
    """The stat labels printed for *block* in *text*: after its name and description, each label that is
    followed by one of the block's values, up to the first that is not."""
    start = text.index(block.name) + len(block.name)
    if block.description:
        start = text.index(squeeze(block.description)[-20:], start) + 20
    values = {
        squeeze(str(v)) for v in (*block.stats.values(), block.zone, block.morale, block.appearing) if v is not None
    }
    labels = []
    for found in LABEL.finditer(text, start):
        rest = text[found.end() :].lstrip() + " "
        if not any(rest.startswith(f"{v} ") for v in values):
            break
        labels.append(found[1])
    return labels


@pytest.mark.parametrize("site", sorted(ORDER))
def test_the_stat_cards_print_each_statblock_in_its_packs_order(runner: CliRunner, tmp_path: Path, site: str) -> None:
    out = tmp_path / "cards.pdf"
    result = runner.invoke(cli, ["cards", site, "--layout", "shop", "-o", str(out)])  # one card a page
    assert result.exit_code == 0, result.output
    pages = [squeeze(t) for t in page_texts(read_pdf(out.read_bytes()))]
    loaded = load_site(site)
    order, fields = ORDER[site]
    assert loaded.site.statblocks
    for block in loaded.site.statblocks:
        back = f"{loaded.site.site} STATBLOCK {block.name}"
        fronts = [pages[n + 1] for n, text in enumerate(pages) if text == back]
        assert fronts, block.name
        card = " ".join(fronts)
        assert card.startswith(block.name)
        assert labels_after(card, block) == [label for label in order if label in given(block, fields)], block.name


#: The packs whose reference prints a statblock of their own, with the site whose order it shares.
REFERENCE = {
    "bx-dungeon": "the-mill-cellars",
    "tension-dice": "the-salt-tunnels",
    "encounter-reaction": "the-sunken-chapel",
}


@pytest.mark.parametrize("pack_id", sorted(REFERENCE))
def test_the_reference_prints_the_packs_statblock_in_the_same_order(tmp_path: Path, pack_id: str) -> None:
    pack = load_pack(pack_id)
    shown = [s.ref for page in pack.reference.pages for s in page.sections if s.kind == "statblock"]
    assert shown
    text = " ".join(command_texts(tmp_path, "reference", pack_id, "--no-cache"))
    order, fields = ORDER[REFERENCE[pack_id]]
    for block in (b for b in pack.statblocks if b.id in shown):
        assert labels_after(text, block) == [label for label in order if label in given(block, fields)], block.name


@pytest.mark.slow
@pytest.mark.parametrize("pack_id", PACKS)
def test_a_starter_site_for_every_pack_builds_a_packet_and_is_never_written_twice(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pack_id: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["new", "site", "x.yaml", "--system", pack_id])
    assert (result.exit_code, result.output) == (0, "x.yaml\n")
    first = (tmp_path / "x.yaml").read_bytes()
    result = runner.invoke(cli, ["check", "x.yaml"])
    assert result.output == f"x.yaml: ok (site 'X', 3 rooms, pack {pack_id})\n"
    result = runner.invoke(cli, ["packet", "x.yaml", "--seed", "7", "-q", "-o", "packet.pdf"])
    assert result.exit_code == 0, result.output
    texts = [squeeze(t) for t in page_texts(read_pdf((tmp_path / "packet.pdf").read_bytes()))]
    assert len(texts) > 4 and "SESSION PACKET X" in texts[0]
    assert any("Giant Rat A rat the size of a dog, grey and scarred" in t for t in texts)  # its stat card
    for again in (pack_id, "dungeon-turn"):
        result = runner.invoke(cli, ["new", "site", "x.yaml", "--system", again])
        assert result.exit_code == 2
        assert result.output == (
            "error: x.yaml: the file exists and is kept as it is; give another name, or move it away first\n"
        )
    assert (tmp_path / "x.yaml").read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["packet.pdf", "x.yaml"]
