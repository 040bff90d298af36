"""YAML slips worded for a game master, and the parts of a broken file that can still be read.

Takes the text of a file and what PyYAML said about it; gives a message that says what to type (most
slips are punctuation inside a plain, unquoted text: ``: ``, `` #``, a comma inside ``{ }``, a tab, a
quote never closed) at the line and column where the text starts, and the file cut into parts that
:mod:`sheetgen.load.yamlread` parses one by one.

Why the parts are sound: YAML ends a top-level field's value at the next line that starts at column 0
(a value's own lines are indented at least one space, its list items too or at column 0 after a '- '),
and ends a list item at the next '- ' of its own indentation. So each top-level field, and each item
of a top-level list (one room, one statblock), reads on its own as it reads in the file; what one of
them gets wrong cannot change what another one means.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

#: How much of a user's text a hint shows before " …".
SHOWN = 32

_KEY_LINE = re.compile(r"""(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#'"\-\]},\[{][^:#\n]*?|-\S[^:#\n]*?))[ \t]*:(?:[ \t]|$)""")
_ITEM = re.compile(r"([ ]*)-(?:[ \t]|$)")
_SKIP = re.compile(r"[ \t]*(?:#.*)?$")


def quoted(text: str, *, more: bool = False) -> str:
    """*text* shortened to about SHOWN characters (" …" where it goes on) and put in the quotes it can be
    typed in: double quotes, or single ones for a text that holds a double quote or a backslash."""
    text = text.strip()
    if len(text) > SHOWN:
        cut = text.rfind(" ", 0, SHOWN + 1)
        text = text[: cut if cut > 0 else SHOWN].rstrip()
        more = True
    if more:
        text += " …"
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "''") + "'"


def quote_hint(what: str, text: str, *, more: bool = False) -> str:
    """The one wording of every quoting hint: what the text holds, and the text as it should be typed."""
    return f"this text contains {what!r}; put the whole text in quotes: {quoted(text, more=more)}"


def list_hint(count: int, text: str, *, more: bool = False) -> str:
    """The hint for a text that starts with '[', which YAML reads as a list of *count* items."""
    items = "an item" if count == 1 else f"{count} items"
    return (
        f"this text starts with '[', so YAML reads it as a list of {items}; put the whole text in "
        f"quotes: {quoted(text, more=more)}"
    )


def worded(
    problem: str, context: str, at: tuple[int, int], opened: tuple[int, int] | None, lines: list[str]
) -> tuple[tuple[int, int], str]:
    """Where a YAML syntax error should be shown (0-based line and column) and its message.

    *problem* and *context* are PyYAML's words, *at* its problem mark, *opened* its context mark
    (where the construct being read began), *lines* the file's lines."""
    line, column = at
    if "'\\t'" in problem:
        before = lines[line][:column] if line < len(lines) else ""
        if before.strip(" \t") == "":
            return at, "a tab character; YAML indents with spaces, not tabs"
        return at, "a tab character; YAML separates values with spaces, not tabs"
    if problem == "mapping values are not allowed here":
        start, text, more = _plain_start(lines, line, column)
        return start, quote_hint(": ", text, more=more)
    if context.startswith("while parsing a flow") and problem.endswith("but got ':'"):
        begin, text = _flow_text(lines[line], column)
        return (line, begin), quote_hint(": ", text)
    if problem == "could not find expected ':'" and context == "while scanning a simple key" and opened is not None:
        words = lines[opened[0]][opened[1] :].rstrip("\n")
        return opened, (
            f"{quoted(words)} is read as a field's name, but no ':' follows it: indent it further to go on "
            "with the text above, or write the field as name: value"
        )
    if problem.startswith("found unknown escape character") and column > 0 and line < len(lines):
        escape = lines[line][column - 1 : column + 1]  # a Windows path in double quotes: "C:\\dungeon"
        return (line, column - 1), (
            f"this text holds {escape}, which double quotes read as an escape YAML does not know: write \\\\ for "
            "each backslash, or put the text in single quotes"
        )
    mark = _char(lines, opened)
    if context.startswith("while parsing a flow") and "<stream end>" in problem and mark not in ("[", "{"):
        opened = _open_bracket(lines, at)  # PyYAML marks the end of the file, not the bracket left open
        mark = _char(lines, opened)
    if (
        context == "while scanning a quoted scalar"
        and opened is not None
        and mark in ('"', "'")
        and ("end of stream" in problem or "document separator" in problem)
    ):
        return opened, f"this {mark} opens a quoted text that is never closed; end the text with {mark}"
    if (
        context.startswith("while parsing a flow")
        and "<stream end>" in problem
        and opened is not None
        and mark in ("[", "{")
    ):
        eaten = _comment_in_flow(lines[opened[0]], opened[1])
        if eaten is not None:
            return (opened[0], eaten[0]), quote_hint(" #", eaten[1])
        return opened, f"this {mark} opens a list that is never closed; end it with {']' if mark == '[' else '}'}"
    message = f"{problem} ({context})" if context and problem else problem or context or "not valid YAML"
    return at, f"YAML syntax: {message}"


def _comment_in_flow(text: str, opened: int) -> tuple[int, str] | None:
    """For a [ or { at *opened* never closed: where the plain item starts whose ' #' began a comment that
    took the closing bracket with it (``[Dust, bones #3]``), and the item as written; None
    when no comment on the line holds a bracket that would have closed it."""
    hash_at = text.find(" #", opened)
    if hash_at < 0 or not any(ch in text[hash_at:] for ch in "]}") or _scan(text, opened + 1, hash_at, "", []):
        return None
    start = max(text.rfind(",", opened, hash_at), opened) + 1
    colon = text.find(": ", start, hash_at)
    start = colon + 2 if colon >= 0 else start
    start += len(text[start:hash_at]) - len(text[start:hash_at].lstrip(" "))
    ends = [i for i in (text.find(ch, hash_at) for ch in ",]}") if i >= 0]
    return start, text[start : min(ends)].rstrip()


def _scan(text: str, start: int, end: int, quote: str, brackets: list[tuple[int, int]], row: int = 0) -> str:
    """Read the line *text* (line *row* of the file) as YAML from *start*, where a value may start, to *end*,
    *quote* open at *start*: the quote open at *end* ("" when none); each [ or { opened is added to
    *brackets*, each closed taken off. A quote opens a quoted text only where a value starts ("smuggler's"
    is a plain word), '' or \\" inside one does not close it, and a '#' after a space starts a comment."""
    starts = True
    i = start
    while i < end:
        ch = text[i]
        if quote:
            if (ch == "\\" and quote == '"') or (ch == quote == text[i + 1 : i + 2] == "'"):
                i += 1  # an escaped character: \\" in double quotes, '' in single ones
            elif ch == quote:
                quote = ""
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            break
        elif ch in "\"'" and starts:
            quote = ch
        elif ch in "[{":
            brackets.append((row, i))
        elif ch in "]}" and brackets:
            brackets.pop()
        if ch not in " \t":
            starts = not quote and ch in ",[{:-"
        i += 1
    return quote


def _open_bracket(lines: list[str], at: tuple[int, int]) -> tuple[int, int] | None:
    """The innermost [ or { left open at *at*, read from the line of the top-level field that holds it."""
    last = min(at[0] if at[1] else at[0] - 1, len(lines) - 1)  # at a line's start: from the line above
    first = last
    while first > 0 and not _starts_field(lines[first]):
        first -= 1
    brackets: list[tuple[int, int]] = []
    quote = ""
    for row in range(first, last + 1):
        text = lines[row].rstrip("\n")
        quote = _scan(text, 0, at[1] if row == at[0] else len(text), quote, brackets, row)
    return brackets[-1] if brackets else None


def _char(lines: list[str], at: tuple[int, int] | None) -> str:
    """The character at *at* in *lines*, or "" past their end."""
    if at is None or at[0] >= len(lines):
        return ""
    return lines[at[0]][at[1] : at[1] + 1]


def _plain_start(lines: list[str], line: int, column: int) -> tuple[tuple[int, int], str, bool]:
    """Where the plain text holding the ': ' at *line*, *column* starts, the text from there to the end
    of its first line, and whether it goes on past that line."""
    row = line
    while True:
        text = lines[row].rstrip("\n")
        body = len(text) - len(text.lstrip(" "))
        while _ITEM.match(text, body):
            body = _ITEM.match(text, body).end()  # type: ignore[union-attr]
            body += len(text[body:]) - len(text[body:].lstrip(" "))
        key = _KEY_LINE.match(text, body)
        if key and (row != line or key.end() <= column):
            value = key.end() + len(text[key.end() :]) - len(text[key.end() :].lstrip(" \t"))
            if value < len(text) and text[value] != "#":
                return (row, value), text[value:], row != line
            # "key:" alone: the text starts on the line below it
            below = row + 1
            while below < line and _SKIP.match(lines[below]):
                below += 1
            first = lines[below].rstrip("\n")
            start = len(first) - len(first.lstrip(" "))
            return (below, start), first[start:], below != line
        if (row == line and _ITEM.match(text, len(text) - len(text.lstrip(" ")))) or row == 0 or line - row > 200:
            return (row, body), text[body:], row != line
        row -= 1
        while row > 0 and _SKIP.match(lines[row]):
            row -= 1


def _flow_text(text: str, column: int) -> tuple[int, str]:
    """The start and text of a plain value inside [ ] or { } whose ': ' at *column* broke it."""
    begin = max(text.rfind(",", 0, column), text.rfind("[", 0, column), text.rfind("{", 0, column)) + 1
    open_brackets: list[str] = []
    for ch in text[:column]:
        if ch in "[{":
            open_brackets.append(ch)
        elif ch in "]}" and open_brackets:
            open_brackets.pop()
    # inside { } the text is a field's value, after its name; inside [ ] an item has no name before it
    colon = text.find(": ", begin, column) if open_brackets[-1:] == ["{"] else -1
    start = colon + 2 if colon >= 0 else begin
    while start < column and text[start] == " ":
        start += 1
    ends = [i for i in (text.find(",", column), text.find("]", column), text.find("}", column)) if i >= 0]
    return start, text[start : min(ends) if ends else len(text.rstrip())]


def flow_comma_text(text: str, key_column: int) -> tuple[int, str] | None:
    """For a field name written without ':' inside { } on the line *text* (at 0-based *key_column*): the
    start and the text it was part of, when it comes after a comma that split a plain value
    (``{name: Hall, dark, damp}``); None when it does not."""
    before = text[:key_column].rstrip()
    if not before.endswith(","):
        return None
    rest = text[key_column:]
    word = re.match(r"[^,:{}\[\]#]*", rest)
    if word is None or rest[word.end() : word.end() + 1] not in (",", "}"):
        return None
    stop = len(before) - 1
    while True:  # back over the other pieces the commas made, to the field they began in
        begin = max(before.rfind(",", 0, stop), before.rfind("{", 0, stop)) + 1
        if begin == 0 or ": " in before[begin:stop] or before[begin - 1] == "{":
            break
        stop = begin - 1
    colon = before.find(": ", begin)
    start = colon + 2 if colon >= 0 else begin
    while start < len(before) and text[start] == " ":
        start += 1
    end = key_column
    while True:
        piece = re.match(r"[^,:{}\[\]#]*", text[end:])
        assert piece is not None
        stop = end + piece.end()
        if text[stop : stop + 1] != "," or ":" in text[stop + 1 :].split(",")[0]:
            return start, text[start:stop].rstrip()
        end = stop + 1


@dataclass(frozen=True)
class Part:
    """A part of a file that reads on its own: the file's lines it is made of (0-based), the top-level
    field it is (None when its first line names none), and, for one item of a field's list, its index."""

    rows: tuple[int, ...]
    key: str | None
    index: int | None = None

    @property
    def path(self) -> tuple[str | int, ...]:
        assert self.key is not None
        return (self.key,) if self.index is None else (self.key, self.index)


def fields(lines: list[str]) -> list[Part]:
    """The file's top-level fields, each from its line at column 0 to the next one (comments and a
    '---' before the first field are a part of their own)."""
    starts = [i for i, text in enumerate(lines) if _starts_field(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = [*starts, len(lines)]
    return [Part(tuple(range(a, b)), _key(lines[a])) for a, b in itertools.pairwise(bounds)]


def _starts_field(text: str) -> bool:
    if not text or text[0] in " \t\n#]},":
        return False
    if text.startswith(("---", "...")):
        return False
    return not _ITEM.match(text)


def _key(text: str) -> str | None:
    if not _starts_field(text):
        return None
    found = _KEY_LINE.match(text)
    if found is None:
        return None
    return next(group for group in found.groups() if group is not None).strip()


def items(lines: list[str], part: Part) -> list[Part] | None:
    """The items of *part*'s list, each with the field's own line first; None when the part is not a
    field holding a block list ('key:' on its own line, then '- ' items)."""
    if part.key is None:
        return None
    head = lines[part.rows[0]].rstrip("\n")
    found = _KEY_LINE.match(head)
    if found is None or not _SKIP.match(head, found.end()):
        return None
    body = [row for row in part.rows[1:] if not _SKIP.match(lines[row])]
    if not body:
        return None
    first = _ITEM.match(lines[body[0]])
    if first is None:
        return None
    indent = len(first.group(1))
    starts: list[int] = []
    for row in body:
        text = lines[row]
        depth = len(text) - len(text.lstrip(" "))
        if depth < indent:
            return None
        if depth == indent:
            if not _ITEM.match(text):
                return None
            starts.append(row)
    bounds = [*starts, part.rows[-1] + 1]
    return [
        Part((part.rows[0], *range(a, b)), part.key, index) for index, (a, b) in enumerate(itertools.pairwise(bounds))
    ]


def placeholder(line: str) -> str:
    """An item's first line with its value replaced by nothing (null), keeping the items after it at
    their indexes."""
    found = _ITEM.match(line)
    assert found is not None
    return line[: found.end()].rstrip() + " ~\n"
