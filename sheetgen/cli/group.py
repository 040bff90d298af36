"""The `sheetgen` command group: parses the global options, applies the settings file's defaults, and turns
sheetgen's errors into messages and exit codes (0 success, 2 bad input or usage, 1 anything unexpected: a
short message, the traceback only with --debug) in one place; and :func:`main`, the program, which runs the
group in a process of its own (see :data:`GC_THRESHOLDS` and :func:`_end`).
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from typing import Any, NoReturn

import click

from sheetgen import __version__
from sheetgen.errors import SheetgenError
from sheetgen.scratch import Terminated, on_terminate

#: The exit status after SIGTERM, as a shell reports a process the signal ended (128 + 15).
TERMINATED = 143


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
        except BrokenPipeError:
            # the reader went away (`sheetgen odds ... | head`): stop quietly
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("interrupted; nothing was written.", err=True)
            ctx.exit(130)
        except Terminated:
            click.echo("terminated; nothing was written.", err=True)
            ctx.exit(TERMINATED)
        except Exception as exc:
            if debug:
                import traceback

                traceback.print_exc()
            else:
                click.echo(f"sheetgen: unexpected error: {type(exc).__name__}: {exc}", err=True)
                click.echo("This is a bug in sheetgen. Run again with --debug for the details.", err=True)
            ctx.exit(1)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from sheetgen.settings import ENV, settings_path

        path = settings_path()
        where = str(path) if path is not None else f"none ({ENV} is empty)"
        formatter.write_paragraph()
        formatter.write_text(
            f"The settings file (TOML; {ENV} names another) holds defaults for options, such as "
            'paper = "a4" or back-offset = [0.5, -1.0]; options on the command line win. It is:'
        )
        formatter.write(f"  {where}\n")  # unwrapped, so it can be copied


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
@click.option("--debug", is_flag=True, help="Show tracebacks and renderer warnings.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Printable game-master sheets for dungeon exploration.

    \b
    Example: the session packet for the bundled example site
        sheetgen packet
    """
    import logging  # here, not at the top: `sheetgen --help` and `--version` end before this and need none of it

    logging.basicConfig(level=logging.DEBUG if debug else logging.ERROR, format="%(name)s: %(message)s")
    command = cli.commands.get(ctx.invoked_subcommand or "")
    if command is not None:
        from sheetgen.settings import command_defaults

        defaults = command_defaults({param.name for param in command.params if param.name})
        if defaults:
            ctx.default_map = {command.name or "": defaults}


#: The garbage collector's thresholds in a sheetgen process (and in the test suite's). A command makes a few
#: hundred thousand objects that live until it ends and few that form cycles; with Python's defaults
#: (700, 10, 10) the collector walked them again and again, 0.15-0.25 s of a first packet's processes. A long
#: `watch` still collects.
GC_THRESHOLDS = (200_000, 30, 30)


def main() -> NoReturn:
    """The `sheetgen` program (its console script and ``python -m sheetgen``); :data:`cli` is the command
    group to call from Python."""
    gc.set_threshold(*GC_THRESHOLDS)
    on_terminate()
    try:
        cli(prog_name="sheetgen")
        code = 0
    except SystemExit as end:
        code = _status(end.code)
    _end(code)


def _status(code: object) -> int:
    """The exit status Python gives for ``sys.exit(code)``: a number as it is, None 0, anything else printed
    and 1."""
    if code is None or isinstance(code, int):
        return code or 0
    print(code, file=sys.stderr)
    return 1


def _end(code: int) -> NoReturn:
    """End the process with *code* once the command has: its exit functions run and its output flushed, as
    Python does, but without taking every object apart one by one, which took 0.3 s after a packet was
    written. Should another thread still be at work, the process ends as Python ends it, after that thread."""
    from sheetgen.compat.process_end import run_exit_functions

    others = any(not thread.daemon for thread in threading.enumerate() if thread is not threading.main_thread())
    if others or not run_exit_functions():
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            pass  # the reader went away: as SheetgenGroup.invoke, quietly
        except (OSError, ValueError):
            code = code or 120  # what Python gives when it cannot flush the output
    os._exit(code)
