"""The command line: parses options, calls the library, and turns its errors into messages.

Exit codes: 0 success, 2 bad input or usage, 1 anything unexpected (a short message; the
traceback only with --debug). Heavy renderers are imported inside the commands that draw.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from sheetgen import __version__
from sheetgen.errors import SheetgenError
from sheetgen.paper import RenderOptions, paper_named

F = TypeVar("F", bound=Callable[..., Any])

log = logging.getLogger("sheetgen")


class SheetgenGroup(click.Group):
    """Turns sheetgen's errors into `file:line:column: field: message` lines and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        debug = bool(ctx.params.get("debug")) or "--debug" in sys.argv
        try:
            return super().invoke(ctx)
        except SheetgenError as exc:
            for problem in exc.problems:
                click.echo(f"error: {problem}", err=True)
            if len(exc.problems) > 1:
                click.echo(f"{len(exc.problems)} problems; nothing was written.", err=True)
            ctx.exit(2)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted; nothing was written.", err=True)
            ctx.exit(130)
        except Exception as exc:
            if debug:
                traceback.print_exc()
            else:
                click.echo(f"sheetgen: unexpected error: {type(exc).__name__}: {exc}", err=True)
                click.echo("This is a bug in sheetgen. Run again with --debug for the details.", err=True)
            ctx.exit(1)


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
@click.option("--debug", is_flag=True, help="Show tracebacks and renderer warnings.")
def cli(debug: bool) -> None:
    """Printable game-master sheets for dungeon exploration.

    \b
    Example: the session packet for the bundled example site
        sheetgen packet
    """
    logging.basicConfig(level=logging.DEBUG if debug else logging.ERROR, format="%(name)s: %(message)s")


def paper_option(func: F) -> F:
    return click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
                        show_default=True, help="Paper size.")(func)


def output_option(func: F) -> F:
    return click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                        help="Write here instead of output/<name>-<sheet>.pdf.")(func)


def seed_option(func: F) -> F:
    return click.option("--seed", type=click.IntRange(0, 2**63 - 1),
                        help="Seed for the dice (default: a new one, printed on the sheet).")(func)


def options_for(paper: str, seed: int | None = None, fillable: bool = False) -> RenderOptions:
    return RenderOptions(paper=paper_named(paper), seed=seed, fillable=fillable)


def emit(data: bytes, output: Path | None, subject: str, sheet: str, suffix: str = ".pdf") -> Path:
    """Write *data* atomically to -o or to output/<subject>-<sheet><suffix>, and print the path."""
    from sheetgen.output import default_path, write_atomic

    if output is None:
        output = default_path(subject, sheet, suffix)
        output.parent.mkdir(parents=True, exist_ok=True)
    path = write_atomic(output, data)
    click.echo(str(path))
    return path


def check_output(output: Path | None) -> None:
    """Refuse an impossible -o before doing any work."""
    if output is not None:
        from sheetgen.output import check_destination

        check_destination(output)


def rules_option(func: F) -> F:
    return click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path),
                        help="Also list the packs in this folder.")(func)


@cli.command()
@rules_option
def systems(rules_dir: Path | None) -> None:
    """List the rule packs: id, name, time unit and check.

    \b
    Example:
        sheetgen systems --rules my-packs/
    """
    from sheetgen.catalogue import pack_rows

    rows = pack_rows(rules_dir)
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:3])) + "  " + row[3])


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Validate rule packs and site files; print every problem.

    \b
    Example:
        sheetgen check my-dungeon.yaml my-pack.yaml
    """
    from sheetgen.catalogue import check_files

    for line in check_files(paths):
        click.echo(line)


@cli.command()
@click.argument("which", type=click.Choice(["pack", "site"]))
def schema(which: str) -> None:
    """Print the JSON Schema of the pack or site format, for editors.

    \b
    Example:
        sheetgen schema site > site.schema.json
    """
    from sheetgen.catalogue import json_schema

    click.echo(json.dumps(json_schema(which), indent=2))


@cli.command()
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--page", type=int, default=1, show_default=True, help="Page number, from 1.")
@click.option("--dpi", type=int, default=100, show_default=True, help="Resolution, 10 to 600.")
@output_option
def preview(pdf: Path, page: int, dpi: int, output: Path | None) -> None:
    """Render a page of a PDF to PNG, for a quick look.

    \b
    Example:
        sheetgen preview output/the-sunken-chapel-packet.pdf --page 2 --dpi 80
    """
    from sheetgen.preview import read_pdf, render_png

    check_output(output)
    png = render_png(read_pdf(pdf), page=page, dpi=dpi, name=str(pdf))
    target = output or pdf.with_name(f"{pdf.stem}-page{page}.png")
    emit(png, target, pdf.stem, f"page{page}", ".png")


def main() -> None:
    cli(prog_name="sheetgen")
