"""Malformed and hostile input through the real CLI: exit 2, one located message per problem, no traceback,
and nothing written.

The cases are listed in tests/bad_inputs/cases.toml, with their files beside it. Each runs
`python -m sheetgen ...` in a folder of its own holding the case's file and a previous output file;
afterwards that file has the same bytes and nothing else has appeared. The subprocesses run a few at a
time, started when the first case asks for its result; they are slow tests. The cases that write no
generated file also run through the CLI in this process, a fast test, for the same exact lines.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner
from costly_inputs import fills_pdf, pdf_file

from sheetgen import limits
from sheetgen.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = Path(__file__).resolve().parent / "bad_inputs"
PREVIOUS = b"%PDF-1.7\n% the previous output, which a failed run must leave alone\n%%EOF\n"
#: No case may take longer: a small file must never make sheetgen work for minutes.
TIMEOUT = 60.0


@dataclass(frozen=True)
class Case:
    id: str
    args: str
    problems: int
    stderr: tuple[str, ...] = ()
    stderr_re: tuple[str, ...] = ()
    file: str | None = None
    make: str | None = None
    exit: int = 2
    located: bool = True
    setup: str | None = None
    created: str | None = None
    text: str | None = None
    settings: bool = False
    """The file is the settings file (SHEETGEN_CONFIG names it)."""
    extra: tuple[str, ...] = ()
    env: dict[str, str] | None = None

    @property
    def name(self) -> str:
        """The file's name in the case's folder."""
        return {
            "alias-bomb": "bomb.yaml",
            "50-mb": "big.yaml",
            "too-many-rooms": "rooms.yaml",
            "huge-page": "huge-page.pdf",
            "exits-300": "exits.yaml",
            "page-tree-loop": "loop.pdf",
            "stream-bomb": "bomb.pdf",
            "kids-not-a-list": "kids.pdf",
            "forms-200-deep-4": "forms.pdf",
            "form-draws-itself": "itself.pdf",
            "full-page-fills-100": "fills.pdf",
        }.get(self.make or "", self.file or "")


def load_cases() -> list[Case]:
    raw = tomllib.loads((CASES_DIR / "cases.toml").read_text(encoding="utf-8"))["case"]
    cases = []
    for entry in raw:
        entry = {k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()}
        entry.setdefault("env", None)
        cases.append(Case(**entry))
    return cases


CASES = load_cases()


def make_file(kind: str, path: Path) -> None:
    """Files too big or too silly to commit."""
    if kind == "alias-bomb":
        # billion laughs: nine levels of nine aliases, 10^9 strings once expanded, in a few hundred bytes
        text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
            text += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
        assert len(text) < 400
        path.write_text(text, encoding="utf-8")
    elif kind == "50-mb":
        line = b"# " + b"padding " * 15 + b"\n"
        size = 50 * 1024 * 1024
        with path.open("wb") as handle:
            handle.write(b"site: Big\nsystem: dungeon-turn\nrooms:\n  - {key: '1', name: Hall}\n")
            block = line * (1024 * 1024 // len(line))
            while handle.tell() + len(block) <= size:
                handle.write(block)
            handle.write(b"#" * (size - handle.tell() - 1) + b"\n")
        assert path.stat().st_size == size
    elif kind == "too-many-rooms":
        rooms = "".join(f'  - {{key: "{i}", name: Room {i}}}\n' for i in range(1, limits.MAX_ROOMS + 2))
        path.write_text(f"site: Big\nsystem: dungeon-turn\nrooms:\n{rooms}", encoding="utf-8")
    elif kind == "exits-300":
        # one room whose 300 exits each print the name (118 characters) of the room they lead to
        name = "N" * 118
        exits = ", ".join(f'"{i}"' for i in range(2, 302))
        rooms = "".join(f'  - {{key: "{i}", name: {name}}}\n' for i in range(2, 302))
        path.write_text(
            f'site: Hub\nsystem: dungeon-turn\nrooms:\n  - {{key: "1", name: {name}, exits: [{exits}]}}\n' + rooms,
            encoding="utf-8",
        )
    elif kind in ("page-tree-loop", "stream-bomb", "kids-not-a-list", "forms-200-deep-4", "form-draws-itself"):
        path.write_bytes(hostile_pdf(kind))
    elif kind == "full-page-fills-100":
        path.write_bytes(fills_pdf(100))  # 2.8 KB: 100 fills of the whole page
    elif kind == "huge-page":
        # 200 inches square, the largest page PDF allows: 57 GB as a picture at 600 dpi
        from pypdf import PdfWriter

        writer = PdfWriter()
        writer.add_blank_page(width=14_400, height=14_400)
        writer.write(path)
    else:
        raise AssertionError(f"no generator called {kind}")


def hostile_pdf(kind: str) -> bytes:
    """A 200-byte PDF whose page tree contains itself or whose list of pages is not a list, a 1 MB one
    whose page unpacks to 1 GiB, a 6 KB one whose page draws a form 200 times, each drawing the next
    200 times, four levels deep (1.6 billion draws), or one whose form draws itself."""
    import zlib

    page = (
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /XObject << /F 5 0 R >> >> >>"
    )
    form = (
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /F %d 0 R >> >> "
        b"/Length %d >>\nstream\n%s\nendstream"
    )
    if kind == "forms-200-deep-4":
        draw = b"/F Do " * 200
        objects = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            page,
            b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream",
            *(form % (number + 1, len(draw), draw) for number in range(5, 8)),
            form % (8, 15, b"0 0 m 9 9 l S  "),
        ]
    elif kind == "form-draws-itself":
        objects = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            page,
            b"<< /Length 6 >>\nstream\n/F Do \nendstream",
            form % (5, 6, b"/F Do "),
        ]
    elif kind == "page-tree-loop":
        objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]
    elif kind == "kids-not-a-list":
        objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids 5 /Count 1 >>"]
    else:
        squeeze = zlib.compressobj(9)
        data = b"".join(squeeze.compress(bytes(1 << 20)) for _ in range(1024)) + squeeze.flush()
        objects = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream",
        ]
    return pdf_file(objects)


def all_files(folder: Path, skip: str = "") -> dict[str, bytes | None]:
    """Every entry under *folder* but *skip*, with the bytes of regular files."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if relative != skip:
            found[relative] = path.read_bytes() if path.is_file() and not path.is_fifo() else None
    return found


def sheetgen_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "COLUMNS")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env["PYTHONIOENCODING"] = "utf-8"
    return env


@dataclass
class Run:
    case: Case
    folder: Path
    before: dict[str, bytes | None]
    after: dict[str, bytes | None] = field(default_factory=dict)
    exit: int | None = None
    stdout: str = ""
    stderr: str = ""
    seconds: float = 0.0


def prepare(case: Case, folder: Path) -> Run:
    folder.mkdir(parents=True)
    if case.make:
        make_file(case.make, folder / case.name)
    elif case.file:
        (folder / case.name).write_bytes((CASES_DIR / case.file).read_bytes())
    if case.setup == "fifo":
        os.mkfifo(folder / "out.pdf")
    else:
        (folder / "out.pdf").write_bytes(PREVIOUS)
    if case.file == "site-names-a-site.yaml":  # the site it names as its pack
        (folder / "good-site.yaml").write_bytes((CASES_DIR / "good-site.yaml").read_bytes())
    for extra in case.extra:  # files the case's file names
        (folder / extra).write_bytes((CASES_DIR / extra).read_bytes())
    if case.setup == "link-out":  # a pack file that is a link to a file outside the folder
        (folder / "linked.yaml").symlink_to("/etc/passwd")
    # a generated file is not read back: the 50 MB one would cost more than the run
    return Run(case, folder, all_files(folder, skip=case.name if case.make else ""))


def execute(run: Run) -> Run:
    args = shlex.split(run.case.args.format(file=run.case.name, out="out.pdf"))
    env = sheetgen_env()
    env["SHEETGEN_CONFIG"] = run.case.name if run.case.settings else ""
    started = time.perf_counter()
    env.update(run.case.env or {})
    done = subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        cwd=run.folder,
        env=env,
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    run.seconds = time.perf_counter() - started
    run.exit = done.returncode
    run.stdout = done.stdout.decode("utf-8", "replace")
    run.stderr = done.stderr.decode("utf-8", "replace")
    run.after = all_files(run.folder, skip=run.case.name if run.case.make else "")
    if run.case.make:
        (run.folder / run.case.name).unlink()  # 50 MB need not stay in the temporary folders
    return run


@pytest.fixture(scope="module")
def runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """Run every selected case, a few at a time; keyed by case id."""
    wanted = {
        item.callspec.params["case"].id
        for item in request.session.items
        if getattr(item, "originalname", "") == "test_bad_input" and hasattr(item, "callspec")
    }
    base = tmp_path_factory.mktemp("bad_inputs")
    prepared = [prepare(case, base / case.id) for case in CASES if case.id in wanted]
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(2, min(8, os.cpu_count() or 2))) as pool:
        done = {run.case.id: run for run in pool.map(execute, prepared)}
    elapsed = time.perf_counter() - started
    slowest = max(done.values(), key=lambda r: r.seconds, default=None)
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    assert capture is not None
    with capture.global_and_fixture_disabled():
        print(
            f"\nbad inputs: {len(done)} cases through the CLI in {elapsed:.1f} s"
            + (f" (slowest: {slowest.case.id}, {slowest.seconds:.1f} s)" if slowest else "")
        )
    return done


def test_the_suite_is_complete() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    assert len(CASES) >= 30
    used = {case.file for case in CASES} | {"good-pack.yaml"} | {name for case in CASES for name in case.extra}
    committed = {p.name for p in CASES_DIR.glob("*.yaml")}
    assert committed - used <= {"good-site.yaml", "good-pack.yaml"}, f"unused case files: {committed - used}"
    inputs = [p for p in CASES_DIR.iterdir() if p.name != "cases.toml"]  # the list of cases grows with the suite
    assert all(p.stat().st_size < 20_000 for p in inputs), "keep committed input files small"


def said(case: Case, stderr: str) -> list[str]:
    """The lines of *stderr*, checked against the case's exact lines (or their patterns)."""
    lines = stderr.splitlines()
    if case.stderr_re:
        assert len(lines) == len(case.stderr_re), stderr
        for line, pattern in zip(lines, case.stderr_re, strict=True):
            assert re.fullmatch(pattern, line), f"{line!r} does not match {pattern!r}"
    else:
        assert lines == list(case.stderr)
    return lines


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input(case: Case, runs: dict[str, Run]) -> None:
    run = runs[case.id]
    assert "Traceback" not in run.stderr, run.stderr
    assert run.exit == case.exit, f"exit {run.exit}\nstdout: {run.stdout}\nstderr: {run.stderr}"
    lines = said(case, run.stderr)
    reported = [line for line in lines if line.startswith(("error: ", "Error: "))]
    assert len(reported) == case.problems
    if case.problems > 1:
        assert lines[-1] == f"{case.problems} problems; nothing was written."
    if case.located and case.name:
        for line in reported:
            assert re.match(rf"error: {re.escape(case.name)}:\d+:\d+: ", line), f"not located in the file: {line}"
    if case.exit == 2:
        assert run.stdout == ""
        assert run.after == run.before, "a refused run changed or created files"
    else:
        check_accepted(run)


def check_accepted(run: Run) -> None:
    """An accepted case wrote its output, a whole PDF, and nothing else."""
    from pypdf import PdfReader

    case = run.case
    assert case.created is not None
    changed = {k for k in run.after if k not in run.before or run.after[k] != run.before[k]}
    assert run.before.keys() <= run.after.keys()
    expected = {case.created} | {str(p) for p in Path(case.created).parents if str(p) != "."}
    assert changed == expected
    assert run.stdout.strip() == case.created
    data = run.after[case.created]
    assert data is not None
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    if case.text:
        assert case.text in text.replace("\n", "")


IN_PROCESS = [case for case in CASES if case.exit == 2 and not case.make and case.setup != "fifo"]


@pytest.mark.parametrize("case", IN_PROCESS, ids=[case.id for case in IN_PROCESS])
def test_bad_input_in_process(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner) -> None:
    """The same cases through the CLI in this process, for the same exact lines: the fast suite's hold on
    every message's wording and place (the subprocess runs above also see what a process leaves behind)."""
    run = prepare(case, tmp_path / "case")
    monkeypatch.chdir(run.folder)
    args = shlex.split(case.args.format(file=case.name, out="out.pdf"))
    env = {"SHEETGEN_CONFIG": case.name if case.settings else "", **(case.env or {})}
    done = runner.invoke(cli, args, env=env, prog_name="sheetgen")
    assert done.exit_code == 2, done.output
    said(case, done.stderr)
    assert all_files(run.folder) == run.before
