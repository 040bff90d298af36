"""Read a YAML file into plain Python data plus a map of where every value stood.

Takes bytes from disk; gives a :class:`Document` (data, and the line and column of every key and
value) or a DataError listing every problem. Stricter than plain PyYAML on purpose:

* no aliases or anchors (a few hundred bytes of nested aliases can expand to gigabytes),
* no tags (``!!python/object`` and friends), no duplicate keys,
* scalars resolved like YAML 1.2's core schema, narrowed: only ``true``/``false`` are booleans
  (``NO`` stays the string "NO"), only plain decimal numbers are numbers (``1:30`` stays "1:30",
  ``0x1F`` and ``1_000`` stay strings), and ``null``, ``~`` or nothing is null,
* UTF-8 only (a leading BOM is accepted), no NUL bytes or other control characters, and a size limit,
* no invisible formatting characters in values or keys: bidirectional controls (U+202E makes text read
  backwards), zero-width spaces and joiners, soft hyphens, tag characters, fillers that print as
  nothing. Each is reported where it stands, by its code and name.

The file is scanned and parsed by libyaml (PyYAML's C extension) where PyYAML has it, several times
faster, and by PyYAML in Python otherwise; a file libyaml refuses is read again in Python, so that every
message is worded the same on every machine.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from sheetgen import limits
from sheetgen.errors import DataError, Location, Problem
from sheetgen.load import yaml_syntax
from sheetgen.output import note_input

PathKey = tuple[str | int, ...]

_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\Z")
# Characters PyYAML refuses in a stream, and C0/C1 controls other than tab and line breaks.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
# Controls a double-quoted scalar can still spell as escapes ("\0", "\e", "\x1b"): they would
# reach terminals and PDFs.
_SCALAR_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Unicode's format characters (category Cf) and the fillers that print as nothing: what a reader of the
# file cannot see can change what the page says (U+202E reverses the text after it).
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5\u180e"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f]"
)


@dataclass
class Document:
    """A parsed YAML file: the data and where each part of it was written."""

    file: str
    data: Any
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    text: str = field(default="", repr=False)
    """The decoded file, for locating a character inside a value."""
    comment_after: dict[PathKey, int] = field(default_factory=dict, repr=False)
    """Plain texts followed on their line by a comment that touches its first word ('Room #3'): where
    the text ends in :attr:`text`, for the fields of prose that must say the comment ate their text."""

    def locate(self, path: PathKey, *, key: bool = False) -> Location:
        """The location of the value at *path* (or of its key), falling back to the nearest parent."""
        table = self.keys if key and path in self.keys else self.values
        probe = path
        while probe and probe not in table:
            probe = probe[:-1]
        line, column = table.get(probe, self.values.get((), (1, 1)))
        return Location(self.file, line, column, format_path(path))


def format_path(path: PathKey) -> str:
    """rooms[2].exits[0] for ("rooms", 2, "exits", 0)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


_PATH_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def parse_path(field: str) -> PathKey:
    """("rooms", 2, "exits", 0) for rooms[2].exits[0]: the path :func:`format_path` wrote."""
    return tuple(int(index) if index else str(key) for index, key in _PATH_PART.findall(field))


class UnreadableYaml(DataError):
    """A file with YAML syntax errors: each one found, and the document of the parts around them that
    read (None when there are none, or they cannot be told apart), with the paths of those that do not."""

    def __init__(self, problems: list[Problem], readable: Document | None, unread: tuple[PathKey, ...]) -> None:
        super().__init__(sorted(problems, key=lambda p: p.location))
        self.readable = readable
        self.unread = unread


class _Refused(yaml.MarkedYAMLError):
    """YAML that reads, refused by sheetgen (an anchor, an alias, too many values): said in its own words,
    not as a syntax error."""


class _StrictComposer(yaml.composer.Composer):
    """PyYAML's composer, refusing aliases and bounding the number of nodes."""

    node_count = 0
    # given by the parser it is mixed with (PyYAML's in Python, or libyaml's)
    peek_event: Callable[[], Any]
    check_event: Callable[..., bool]

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        anchor = getattr(self.peek_event(), "anchor", None)
        if anchor is not None and not self.check_event(AliasEvent):
            event = self.peek_event()
            raise _Refused(
                None,
                None,
                f"anchors (&{anchor}) are not allowed in sheetgen files; write the value out",
                event.start_mark,
            )
        if self.check_event(AliasEvent):
            event = self.peek_event()
            raise _Refused(
                None,
                None,
                "aliases (*name) are not allowed in sheetgen files; write the value out",
                event.start_mark,
            )
        self.node_count += 1
        if self.node_count > limits.MAX_YAML_NODES:
            event = self.peek_event()
            raise _Refused(
                None,
                None,
                f"the file has more than {limits.MAX_YAML_NODES} values; split it up",
                event.start_mark,
            )
        return super().compose_node(parent, index)


class _StrictLoader(_StrictComposer, yaml.SafeLoader):
    """The composer over PyYAML's own reader, scanner and parser, in Python."""


_Loader: type = _StrictLoader
if yaml.__with_libyaml__:
    from yaml.cyaml import CParser  # type: ignore[attr-defined]

    class _FastStrictLoader(_StrictComposer, CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """The same composer over libyaml's scanner and parser (PyYAML's C extension), several times
        faster, with the same lines and columns (a plain scalar's style is '' here, None in Python)."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    _Loader = _FastStrictLoader


def _compose(loader_type: type, text: str) -> Node | None:
    loader = loader_type(text)
    try:
        return loader.get_single_node()  # type: ignore[no-any-return]
    finally:
        loader.dispose()


def _located(text: str, name: str) -> Node | None:
    """The file's node tree from the Python reader, every problem a DataError located in the file."""
    try:
        return _compose(_StrictLoader, text)
    except yaml.MarkedYAMLError as exc:
        raise DataError([_yaml_problem(exc, name, text.splitlines(keepends=True))]) from None
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML: {exc}", Location(name)) from None
    except RecursionError:
        raise DataError("the YAML is nested too deeply", Location(name)) from None


def read_yaml(path: Path, display: str | None = None) -> Document:
    """Read and parse *path*; every problem becomes a DataError located in the file."""
    name = display or str(path)
    return parse_yaml(read_bytes(path, name, "a YAML file"), name)


_READS: contextvars.ContextVar[list[tuple[Path, str]] | None] = contextvars.ContextVar("reads", default=None)


@contextlib.contextmanager
def recorded_reads() -> Iterator[list[tuple[Path, str]]]:
    """Within the block, each file :func:`read_bytes` reads is listed: its resolved path and the SHA-256 of
    the bytes read (so that what was made from them can be kept, and known to be stale)."""
    reads: list[tuple[Path, str]] = []
    token = _READS.set(reads)
    try:
        yield reads
    finally:
        _READS.reset(token)


def read_bytes(path: Path, name: str, what: str) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES; a DataError located in the file otherwise."""
    here = Location(name)
    too_big = f"sheetgen reads files of at most {limits.MAX_FILE_BYTES:,} bytes"
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):
            # a device, pipe or socket (/dev/zero, /dev/stdin) could be endless or never answer
            raise DataError(f"is not a regular file; give the path of {what}", here)
        if info.st_size > limits.MAX_FILE_BYTES:
            raise DataError(f"file is {info.st_size:,} bytes; {too_big}", here)
        note_input(path)
        with path.open("rb") as handle:
            raw = handle.read(limits.MAX_FILE_BYTES + 1)  # the file may have grown since stat
        if len(raw) > limits.MAX_FILE_BYTES:
            raise DataError(f"file is more than {limits.MAX_FILE_BYTES:,} bytes; {too_big}", here)
    except FileNotFoundError:
        raise DataError("no such file; check the path", here) from None
    except IsADirectoryError:
        raise DataError(f"is a folder, not {what}", here) from None
    except OSError as exc:
        raise DataError(f"cannot be read: {exc.strerror}", here) from None
    reads = _READS.get()
    if reads is not None:
        reads.append((path.resolve(), hashlib.sha256(raw).hexdigest()))
    return raw


def parse_yaml(raw: bytes, name: str) -> Document:
    """Parse YAML bytes named *name* (used in messages)."""
    text = _decode(raw, name)
    try:
        root = _compose(_Loader, text)
    except yaml.YAMLError:
        # libyaml words its errors its own way: the file is read again in Python for sheetgen's messages
        # (and should the two readers ever disagree, the Python one is the one trusted)
        try:
            root = _located(text, name)
        except DataError as exc:
            _broken(text, name, exc)
    except RecursionError:
        raise DataError("the YAML is nested too deeply", Location(name)) from None
    doc = Document(name, None, text=text)
    if root is None:
        raise DataError("the file is empty; expected a mapping of fields", Location(name, 1, 1))
    problems: list[Problem] = []
    doc.data = _build(root, (), doc, problems)
    if problems:
        raise DataError.many(problems)
    return doc


def without_invisible(text: str) -> str:
    """*text* without the invisible formatting characters a site or pack may not hold (for text that
    comes from elsewhere, such as an imported map, where they carry no meaning)."""
    return _INVISIBLE.sub("", text)


def _decode(raw: bytes, name: str) -> str:
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        raise DataError("the file is UTF-16; save it as UTF-8", Location(name, 1, 1))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8",
            Location(name, line, column),
        ) from None
    # YAML reads \r\n and a lone \r as one line break: written as \n, every line of the text ends alike
    # for the places and hints read from it (lines and columns stay where they were)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        what = "a NUL byte" if bad.group() == "\x00" else f"control character U+{ord(bad.group()):04X}"
        raise DataError(
            f"the file holds {what}; is it a binary file? sheetgen reads UTF-8 YAML text",
            Location(name, line, column),
        )
    return text


def _yaml_problem(
    exc: yaml.MarkedYAMLError, name: str, lines: list[str] | None = None, rows: tuple[int, ...] = ()
) -> Problem:
    """*exc* worded by :func:`yaml_syntax.worded`; its marks are in the part of the file made of *rows*
    (the whole file when there are none)."""

    def at(mark: Any) -> tuple[int, int] | None:
        if mark is None:
            return None
        if not rows:
            return (mark.line, mark.column)
        if mark.line < len(rows):
            return (rows[mark.line], mark.column)
        return (rows[-1] + 1, 0)

    where = at(exc.problem_mark) or at(exc.context_mark)
    if isinstance(exc, _Refused) and where is not None:
        return Problem(Location(name, where[0] + 1, where[1] + 1), exc.problem or "")
    if where is None:
        return Problem(Location(name), f"YAML syntax: {exc.problem or exc.context or 'not valid YAML'}")
    (line, column), message = yaml_syntax.worded(
        exc.problem or "", exc.context or "", where, at(exc.context_mark), lines or []
    )
    return Problem(Location(name, line + 1, column + 1), message)


def _broken(text: str, name: str, whole: DataError) -> None:
    """Raise an UnreadableYaml for *text*, which does not parse: the syntax error of each part of the
    file that does not read on its own (see :mod:`yaml_syntax`), and the document of the others."""
    lines = text.splitlines(keepends=True)
    problems: list[Problem] = []
    unread: list[PathKey] = []
    kept = list(lines)
    known = True
    for part in yaml_syntax.fields(lines):
        problem = _part_problem(part, lines, name)
        if problem is None:
            continue
        broken = [
            (item, found)
            for item in yaml_syntax.items(lines, part) or ()
            if (found := _part_problem(item, lines, name)) is not None
        ]
        if not broken:
            problems.append(problem)
            known = known and part.key is not None
            if part.key is not None:
                unread.append(part.path)
            for row in part.rows:
                kept[row] = "\n"
            continue
        for item, found in broken:
            problems.append(found)
            unread.append(item.path)
            kept[item.rows[1]] = yaml_syntax.placeholder(lines[item.rows[1]])
            for row in item.rows[2:]:
                kept[row] = "\n"
    if not problems:
        # every part reads on its own: the file's own error is the one to show
        raise whole from None
    readable: Document | None = None
    if known:
        rest = "".join(kept)
        try:
            root = _compose(_Loader, rest)
        except (yaml.YAMLError, RecursionError):
            root = None
        if root is not None:
            readable = Document(name, None, text=rest)
            readable.data = _build(root, (), readable, problems)
    raise UnreadableYaml(problems, readable, tuple(unread)) from None


def _part_problem(part: yaml_syntax.Part, lines: list[str], name: str) -> Problem | None:
    """The syntax error of *part* read on its own, or None when it reads."""
    text = "".join(lines[row] for row in part.rows)
    first = Location(name, part.rows[0] + 1, 1)
    try:
        _compose(_Loader, text)
        return None
    except yaml.YAMLError:
        pass
    except RecursionError:
        return Problem(first, "the YAML is nested too deeply")
    try:
        _compose(_StrictLoader, text)
        return None
    except yaml.MarkedYAMLError as exc:
        problem = _yaml_problem(exc, name, lines, part.rows)
    except yaml.YAMLError as exc:
        return Problem(first, f"not valid YAML: {exc}")
    except RecursionError:
        return Problem(first, "the YAML is nested too deeply")
    if problem.message.startswith("this ") and part.key is not None:
        field = _field_at(part, lines, problem.location.line - 1, problem.location.column - 1)
        problem = Problem(Location(name, problem.location.line, problem.location.column, field), problem.message)
    return problem


def _field_at(part: yaml_syntax.Part, lines: list[str], row: int, column: int) -> str:
    """The path of the value that starts at *row*, *column* of *part*, read from the part's lines before
    it; "" when they do not read."""
    if row not in part.rows:
        return ""
    local = part.rows.index(row)
    text = "".join(lines[r] for r in part.rows[:local]) + lines[row][:column] + "~\n"
    try:
        root = _compose(_Loader, text)
    except (yaml.YAMLError, RecursionError):
        return ""
    if root is None:
        return ""
    doc = Document("", None, text=text)
    _build(root, (), doc, [])
    found = [path for path, mark in doc.values.items() if mark == (local + 1, column + 1)]
    if not found:
        return ""
    path = max(found, key=len)
    if part.index is not None and len(path) >= 2:
        path = (path[0], part.index, *path[2:])
    return format_path(path)


def _mark(node: Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


_STR = "tag:yaml.org,2002:str"
# a comment that touches the word after its '#', as "Room #3" does; "# a note" never reads as text
_COMMENT_TEXT = re.compile(r"[ \t]+#[^\s#]")
_IMPLICIT = yaml.resolver.Resolver()
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:value",
    "tag:yaml.org,2002:merge",
}


def _build(node: Node, path: PathKey, doc: Document, problems: list[Problem]) -> Any:
    """Turn a composed node into plain data, iteratively enough for our depth limit."""
    doc.values[path] = _mark(node)
    if len(path) > limits.MAX_DEPTH:
        problems.append(Problem(doc.locate(path), f"nested more than {limits.MAX_DEPTH} levels deep"))
        return None
    explicit_tag = node.tag not in _PLAIN_TAGS
    if explicit_tag:
        problems.append(Problem(doc.locate(path), f"YAML tags such as {node.tag!r} are not allowed; remove the tag"))
        return None
    if isinstance(node, ScalarNode):
        if _SCALAR_CONTROL.search(node.value):
            problems.append(Problem(doc.locate(path), _control_message(node.value)))
            return None
        if _INVISIBLE.search(node.value):
            problems.append(_invisible_problem(node, doc, format_path(path)))
            return None
        if (
            node.tag == _STR
            and not node.style
            and _IMPLICIT.resolve(  # type: ignore[no-untyped-call]
                ScalarNode, node.value, (True, False)
            )
            != _STR
        ):
            return node.value  # an explicit !!str on what would otherwise read as a number or boolean
        value = _scalar(node)
        if isinstance(value, str) and not node.style and _COMMENT_TEXT.match(doc.text, node.end_mark.index):
            doc.comment_after[path] = node.end_mark.index
        return value
    if isinstance(node, SequenceNode):
        return [_build(item, (*path, i), doc, problems) for i, item in enumerate(node.value)]
    if isinstance(node, MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                problems.append(
                    Problem(
                        Location(doc.file, *_mark(key_node), format_path(path)),
                        "a key must be a plain name, not a list or mapping",
                    )
                )
                continue
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(
                    Problem(
                        Location(doc.file, *_mark(key_node), format_path(path)),
                        "merge keys (<<) are not allowed; write the fields out",
                    )
                )
                continue
            key = key_node.value
            if _SCALAR_CONTROL.search(key):
                problems.append(Problem(Location(doc.file, *_mark(key_node), format_path(path)), _control_message(key)))
                continue
            if _INVISIBLE.search(key):
                problems.append(_invisible_problem(key_node, doc, format_path(path)))
                continue
            child = (*path, key)
            if key in out:
                first = doc.keys[child]
                problems.append(
                    Problem(
                        Location(doc.file, *_mark(key_node), format_path(child)),
                        f"duplicate key {key!r} (first given at line {first[0]}); keep one",
                    )
                )
                continue
            doc.keys[child] = _mark(key_node)
            out[key] = _build(value_node, child, doc, problems)
        return out
    return None  # pragma: no cover - PyYAML has no other node kinds


def _control_message(value: str) -> str:
    char = _SCALAR_CONTROL.search(value)
    assert char is not None
    what = "a NUL character" if char.group() == "\x00" else f"control character U+{ord(char.group()):04X}"
    return f"the text holds {what} (written as an escape such as \\0 or \\e); remove it"


def _invisible_problem(node: ScalarNode, doc: Document, field: str) -> Problem:
    """Where the first invisible character of *node* stands in the file (at the node when it was written
    as an escape such as "\\u202e"), and what it is."""
    import unicodedata

    char = _INVISIBLE.search(node.value)
    assert char is not None
    found = _INVISIBLE.search(doc.text, node.start_mark.index, node.end_mark.index) if doc.text else None
    if found is not None:
        line = doc.text.count("\n", 0, found.start()) + 1
        column = found.start() - (doc.text.rfind("\n", 0, found.start()) + 1) + 1
        char = found
    else:
        line, column = _mark(node)
    code = ord(char.group())
    name = unicodedata.name(char.group(), "format character")
    return Problem(
        Location(doc.file, line, column, field),
        f"invisible formatting character U+{code:04X} ({name}); it prints as nothing or changes "
        "how the text around it reads: remove it",
    )


def _scalar(node: ScalarNode) -> Any:
    value: str = node.value
    if node.style is not None and node.style != "":
        return value  # quoted or block scalars are always strings
    if value in ("", "~", "null", "Null", "NULL"):
        return None
    if value in ("true", "True", "TRUE"):
        return True
    if value in ("false", "False", "FALSE"):
        return False
    if _INT.match(value):
        if len(value.lstrip("+-")) > 15:
            return value  # keep absurd numbers as text; the field's validation reports them
        return int(value)
    if _FLOAT.match(value) and len(value) <= 30:
        return float(value)
    return value


def iter_paths(data: Any, path: PathKey = ()) -> Iterator[tuple[PathKey, Any]]:
    """Every (path, value) in *data*, depth first; used to check text fields."""
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from iter_paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from iter_paths(value, (*path, index))
