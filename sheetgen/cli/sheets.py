"""Commands that draw sheets: reference, tracker, cards, map, timetable, packet, calibrate and watch."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sheetgen import limits
from sheetgen.cli.group import cli
from sheetgen.cli.options import (
    WholeNumber,
    asked_hours,
    audience_option,
    back_offset_option,
    backs_option,
    cache_option,
    card_print_options,
    check_output,
    emit,
    fillable_option,
    hours_options,
    ink_option,
    language_option,
    large_option,
    new_seed,
    options_for,
    output_option,
    pack_folder_option,
    paper_option,
    seed_option,
    size_option,
    variant_option,
)
from sheetgen.options import Audience, CardPrint, paper_named


@cli.command()
@click.argument("system")
@paper_option
@audience_option("players: only the sections the pack marks as safe for players.")
@ink_option
@large_option
@cache_option
@variant_option
@language_option
@output_option
def reference(
    system: str,
    paper: str,
    audience: Audience,
    ink: str,
    large: bool,
    no_cache: bool,
    variant: str | None,
    language: str | None,
    output: Path | None,
) -> None:
    """The one-page reference(s) of a pack, for behind the screen.

    \b
    Example:
        sheetgen reference dungeon-turn --paper a4
        sheetgen reference dungeon-turn --for players --large --ink saver
    """
    from sheetgen.load.files import load_pack, located_in
    from sheetgen.load.variants import with_variant
    from sheetgen.packet.build import cached_reference
    from sheetgen.words.language import using

    check_output(output)
    pack = with_variant(load_pack(system), variant)
    options = options_for(paper, ink=ink, large=large, language=pack.language, chosen=language)
    with located_in(pack), using(options.words):
        pdf = cached_reference(pack, options, players=audience == Audience.PLAYERS, use_cache=not no_cache)
    emit(pdf, output, pack.id, "reference" if audience == Audience.GM else "reference-players")


@cli.command()
@click.argument("system")
@paper_option
@fillable_option
@ink_option
@large_option
@click.option(
    "--turns",
    type=WholeNumber(1, limits.MAX_TURNS),
    help="Turns to show, instead of --hours (default: those of the hours of play).",
)
@hours_options("show on the turns grid")
@audience_option("Only the sheets for the GM or the players.", default=None)
@variant_option
@language_option
@output_option
def tracker(
    system: str,
    paper: str,
    fillable: bool,
    ink: str,
    large: bool,
    turns: int | None,
    hours: int | None,
    days: int | None,
    audience: Audience | None,
    variant: str | None,
    language: str | None,
    output: Path | None,
) -> None:
    """The pack's turn trackers and escalation track, to tick during play.

    \b
    Example:
        sheetgen tracker site-alarm --fillable --turns 12
        sheetgen tracker dungeon-turn --for players --large
        sheetgen tracker derelict-crawl --hours 4
    """
    from sheetgen.errors import UsageError
    from sheetgen.load.files import load_pack, located_in
    from sheetgen.load.variants import with_variant
    from sheetgen.render.pdf.trackers import tracker_pdf
    from sheetgen.words.language import using

    check_output(output)
    if turns is not None and (hours is not None or days is not None):
        raise UsageError("--turns: give --turns or --hours (or --days), not both")
    hours = asked_hours(hours, days)
    pack = with_variant(load_pack(system), variant)
    options = options_for(paper, fillable=fillable, ink=ink, large=large, language=pack.language, chosen=language)
    with located_in(pack), using(options.words):
        pdf = tracker_pdf(pack, options, turns=turns, hours=hours, audience=audience)
    emit(pdf, output, pack.id, "tracker")


@cli.command()
@click.argument("site")
@size_option
@backs_option
@back_offset_option
@card_print_options
@ink_option
@paper_option
@pack_folder_option
@language_option
@output_option
def cards(
    site: str,
    size: str,
    backs: bool,
    back_offset: tuple[float, float],
    bleed: bool,
    layout: str,
    ink: str,
    paper: str,
    rules_dirs: tuple[Path, ...],
    language: str | None,
    output: Path | None,
) -> None:
    """Room-key cards and stat cards from a site file.

    \b
    Example:
        sheetgen cards my-dungeon.yaml --size index --backs
        sheetgen cards my-dungeon.yaml --backs --back-offset 0.5,-1
        sheetgen cards my-dungeon.yaml --bleed --backs
        sheetgen cards my-dungeon.yaml --layout shop --bleed
    """
    from sheetgen.load.files import load_site
    from sheetgen.render.pdf.cards import cards_pdf
    from sheetgen.words.language import using

    check_output(output)
    loaded = load_site(site, rules_dirs)
    card_print = CardPrint(back_offset=back_offset, bleed=bleed, layout="shop" if layout == "shop" else "home")
    options = options_for(paper, ink=ink, language=loaded.language, chosen=language, cards=card_print)
    with using(options.words):
        pdf = cards_pdf(loaded, options, size="index" if size == "index" else "poker", backs=backs)
    emit(pdf, output, loaded.slug, "cards")


@cli.command("map")
@click.argument("site")
@audience_option("players: the floor plan without room keys or secret doors (the site needs a map:).")
@paper_option
@ink_option
@pack_folder_option
@language_option
@output_option
def map_(
    site: str,
    audience: Audience,
    paper: str,
    ink: str,
    rules_dirs: tuple[Path, ...],
    language: str | None,
    output: Path | None,
) -> None:
    """A map of SITE on one page. With a map: field, its floor plan to scale: walls, a grid, each room's key
    where the room is, door symbols by kind, a legend and a scale bar. Without one, its rooms drawn from their
    exits, for the GM: each room a box with its key, name and markers, each exit a line (an arrowhead for a
    one-way exit), split over pages when a site is too large for one page at 7 pt.

    \b
    Example:
        sheetgen map my-dungeon.yaml --paper a4
        sheetgen map my-dungeon.yaml --for players
    """
    from sheetgen.load.files import load_site
    from sheetgen.packet.map_part import map_pdf
    from sheetgen.words.language import using

    check_output(output)
    loaded = load_site(site, rules_dirs)
    players = audience == Audience.PLAYERS
    options = options_for(paper, ink=ink, language=loaded.language, chosen=language)
    with using(options.words):
        pdf, _ = map_pdf(loaded, options, players=players)
    emit(pdf, output, loaded.slug, "map-players" if players else "map")


@cli.command()
@click.argument("site", required=False)
@seed_option
@hours_options("pre-roll")
@audience_option("players: only what a player may see (no timetable, room key or stat cards).")
@paper_option
@size_option
@backs_option
@back_offset_option
@fillable_option
@ink_option
@large_option
@click.option("--previews", is_flag=True, help="Also write a PNG of each page next to the PDF.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but the path of the packet.")
@cache_option
@variant_option
@pack_folder_option
@language_option
@output_option
def packet(
    site: str | None,
    seed: int | None,
    hours: int | None,
    days: int | None,
    audience: Audience,
    paper: str,
    size: str,
    backs: bool,
    back_offset: tuple[float, float],
    fillable: bool,
    ink: str,
    large: bool,
    previews: bool,
    quiet: bool,
    no_cache: bool,
    variant: str | None,
    rules_dirs: tuple[Path, ...],
    language: str | None,
    output: Path | None,
) -> None:
    """The whole session packet: cover, references, trackers, timetable, room and stat cards.

    With no SITE, builds the bundled example site (the-sunken-chapel).

    \b
    Example:
        sheetgen packet
        sheetgen packet my-dungeon.yaml --seed 1234 --hours 4 --paper a4 --backs
        sheetgen packet my-dungeon.yaml --for players --large
        sheetgen packet my-dungeon.yaml --backs --back-offset 0.5,-1 --ink saver
    """
    from sheetgen.packet.reference_workers import reference_workers

    check_output(output)
    show = not quiet and sys.stderr.isatty()

    def progress(step: str) -> None:
        if show:
            click.echo(f"  {step}...", err=True)

    # On a first packet, the first worker starts before the rest of sheetgen is imported and the site read.
    with reference_workers(use_cache=not no_cache) as jobs:
        from sheetgen.load.variants import site_with_variant
        from sheetgen.packet.build import PacketOptions, build_packet, made_on
        from sheetgen.packet.kept_sites import kept_site
        from sheetgen.words.language import using

        hours = asked_hours(hours, days)
        loaded = site_with_variant(kept_site(site or "the-sunken-chapel", rules_dirs, use_cache=not no_cache), variant)
        seed = new_seed(seed)
        options = PacketOptions(
            render=options_for(
                paper,
                seed,
                fillable,
                ink=ink,
                large=large,
                language=loaded.language,
                chosen=language,
                cards=CardPrint(back_offset=back_offset),
            ),
            seed=seed,
            hours=hours,
            audience=audience,
            card_size="index" if size == "index" else "poker",
            backs=backs,
            made_on=made_on(),
            use_cache=not no_cache,
        )
        with using(options.render.words):
            built = build_packet(loaded, options, progress, jobs=jobs)
    sheet = "packet" if audience == Audience.GM else "players"
    path = emit(built.pdf, output, loaded.slug, sheet)
    if previews:
        from sheetgen.output import write_atomic
        from sheetgen.preview import render_png

        for number in range(1, built.pages + 1):
            progress(f"preview of page {number}")
            write_atomic(path.with_name(f"{path.stem}-page{number}.png"), render_png(built.pdf, page=number, dpi=60))
    if show:
        click.echo(f"{built.pages} pages, seed {seed}.", err=True)


@cli.command()
@paper_option
@language_option
@output_option
def calibrate(paper: str, language: str | None, output: Path | None) -> None:
    """A sheet to print once, double-sided: rulers to check actual size, and a target that shows how far
    the printer shifts the back page, for --back-offset.

    \b
    Example:
        sheetgen calibrate --paper a4
        sheetgen cards my-dungeon.yaml --backs --back-offset 0.5,-1
    """
    from sheetgen.render.pdf.calibration import calibration_pdf
    from sheetgen.words.language import SOURCE, using

    check_output(output)
    with using(language or SOURCE):
        pdf = calibration_pdf(paper_named(paper))
    emit(pdf, output, "sheetgen", "calibration")


@cli.command()
@click.argument("site")
@click.option(
    "--sheet",
    type=click.Choice(["packet", "cards", "reference", "tracker", "timetable"]),
    default="packet",
    show_default=True,
    help="Which sheet to rebuild.",
)
@seed_option
@hours_options("pre-roll")
@paper_option
@size_option
@backs_option
@cache_option
@language_option
@output_option
def watch(
    site: str,
    sheet: str,
    seed: int | None,
    hours: int | None,
    days: int | None,
    paper: str,
    size: str,
    backs: bool,
    no_cache: bool,
    language: str | None,
    output: Path | None,
) -> None:
    """Rebuild a sheet of SITE whenever the site file or one of its pack files is saved; Ctrl-C stops.

    A mistake is reported as `sheetgen check` reports it, and the last good PDF stays in place until
    the next save fixes it. The seed stays the same from one rebuild to the next.

    \b
    Example:
        sheetgen watch my-dungeon.yaml --sheet cards
    """
    import signal
    from datetime import datetime

    from sheetgen.load.files import resolve_site_path
    from sheetgen.packet.watch import Outcome, SheetOptions, site_builder
    from sheetgen.packet.watch import watch as watch_files

    check_output(output)
    hours = asked_hours(hours, days)
    seed = new_seed(seed)
    options = SheetOptions(
        sheet=sheet,
        render=options_for(paper, seed, chosen=language),
        seed=seed,
        hours=hours,
        card_size="index" if size == "index" else "poker",
        backs=backs,
        use_cache=not no_cache,
        output=output,
        language=language,
    )

    def report(outcome: Outcome) -> None:
        now = datetime.now().strftime("%H:%M:%S")
        for path in outcome.written:
            click.echo(f"{now} {path} ({outcome.seconds:.1f} s)")
        for line in outcome.problems:
            click.echo(line, err=True)
        if outcome.problems:
            click.echo(f"{now} not rebuilt; the last good PDF is kept. Waiting for the next save.", err=True)

    click.echo(f"Watching {site} and its pack files (seed {seed}); Ctrl-C stops.", err=True)
    # A shell starts a job in the background with SIGINT ignored; Ctrl-C (or kill -INT) still stops a watch.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        watch_files(site_builder(site, options), resolve_site_path(site), report)
    except KeyboardInterrupt:
        click.echo("Stopped.", err=True)
