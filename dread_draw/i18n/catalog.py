"""Message catalogues: read and write gettext ``.po`` files and compile them to ``.mo``.

The standard library reads compiled catalogues (`gettext.GNUTranslations`) but has no
compiler; CPython keeps one among its tools, outside the library. This is our own, small and
deterministic: the same ``.po`` always gives the same bytes, so a test can prove that the
``.mo`` files shipped in the wheel match their sources. It handles what our catalogues use:
contexts (``msgctxt``), plurals (``msgid_plural``, ``msgstr[n]``), comments, references and
flags; a ``fuzzy`` or untranslated message is left out of the ``.mo`` (English is shown).

The ``.mo`` layout (GNU gettext's): a 28-byte header, a table of (length, offset) pairs for
the original strings sorted by their bytes, the same for the translations, then the strings,
each NUL-terminated. A context is ``context + "\\x04" + id``; a plural's id is
``singular + "\\0" + plural`` and its translation the forms joined by ``"\\0"``.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from dread_draw.i18n import MO_MAGIC

MAGIC = MO_MAGIC
_HEADER = struct.Struct("<7I")  # magic, revision, count, ids table, strs table, hash size, hash
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_UNESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read: names the file and the line."""


@dataclass
class Entry:
    """One message: its id (and plural id, context), translation(s), comments and flags."""

    msgid: str
    msgstr: list[str] = field(default_factory=lambda: [""])
    msgid_plural: str | None = None
    msgctxt: str | None = None
    comments: list[str] = field(default_factory=list)  # "# ..." by translators
    extracted: list[str] = field(default_factory=list)  # "#. ..." from the code
    references: list[str] = field(default_factory=list)  # "#: file"
    flags: list[str] = field(default_factory=list)  # "#, fuzzy, python-brace-format"

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and not self.fuzzy


@dataclass
class Catalog:
    """A ``.po`` file: its entries in file order, the header (msgid "") first."""

    entries: list[Entry]

    @property
    def header(self) -> dict[str, str]:
        head = next((e for e in self.entries if e.msgid == "" and e.msgctxt is None), None)
        fields = {}
        for line in (head.msgstr[0] if head else "").splitlines():
            name, sep, value = line.partition(":")
            if sep:
                fields[name.strip()] = value.strip()
        return fields

    @property
    def nplurals(self) -> int:
        m = re.search(r"nplurals\s*=\s*(\d+)", self.header.get("Plural-Forms", ""))
        return int(m.group(1)) if m else 2

    @property
    def messages(self) -> list[Entry]:
        """Every entry but the header."""
        return [e for e in self.entries if e.msgid != "" or e.msgctxt is not None]

    def find(self, msgid: str, msgctxt: str | None = None) -> Entry | None:
        return next((e for e in self.entries if e.key == (msgctxt, msgid)), None)


# ---------------------------------------------------------------------- reading

def _unquote(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, not {token!r}.")
    out, body, i = [], token[1:-1], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise CatalogError(f"{where}: unknown escape in {token!r}.")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        elif ch == '"':
            raise CatalogError(f"{where}: an unescaped quote in {token!r}.")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


def parse_po(text: str, path: str = "<po>") -> Catalog:
    """Read a ``.po`` file's text; a line it cannot read is a `CatalogError` naming it."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    forms: dict[int, str] = {}
    notes: dict[str, list[str]] = {"#": [], "#.": [], "#:": [], "#,": []}
    last: str | None = None  # the field a continuation line adds to
    start = 0

    def finish() -> None:
        nonlocal fields, forms, notes, last
        if not fields and not forms:
            return  # comments wait for the message they belong to
        if "msgid" not in fields:
            raise CatalogError(f"{path}:{start}: a message without msgid.")
        msgid, plural = fields["msgid"], fields.get("msgid_plural")
        if plural is None:
            if forms or "msgstr" not in fields:
                raise CatalogError(f"{path}:{start}: msgid {msgid!r} needs one msgstr.")
            msgstr = [fields["msgstr"]]
        else:
            if "msgstr" in fields or sorted(forms) != list(range(len(forms))) or not forms:
                raise CatalogError(f"{path}:{start}: plural msgid {msgid!r} needs msgstr[0], "
                                   f"msgstr[1] …")
            msgstr = [forms[i] for i in range(len(forms))]
        flags = [f.strip() for line in notes["#,"] for f in line.split(",") if f.strip()]
        entries.append(Entry(msgid, msgstr, plural, fields.get("msgctxt"),
                             notes["#"], notes["#."], notes["#:"], flags))
        fields, forms, last = {}, {}, None
        notes = {"#": [], "#.": [], "#:": [], "#,": []}

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{path}:{lineno}"
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if fields or forms:
                finish()
            if line.startswith("#~"):
                continue  # an obsolete message: not part of the catalogue
            kind = line[:2] if line[:2] in ("#.", "#:", "#,") else "#"
            notes[kind].append(line[len(kind):].strip() if kind != "#" else line[1:].strip())
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(f"{where}: a string with no msgid or msgstr before it.")
            value = _unquote(line, where)
            if last.startswith("msgstr["):
                forms[int(last[7:-1])] += value
            else:
                fields[last] += value
            continue
        m = _KEYWORD.match(line)
        if not m:
            raise CatalogError(f"{where}: cannot read {raw!r}.")
        keyword, index, token = m.groups()
        if keyword in ("msgctxt", "msgid") and ("msgstr" in fields or forms):
            finish()  # a new message right after the last one, without a blank line
        if not fields and not forms:
            start = lineno
        if keyword.startswith("msgstr["):
            forms[int(index)] = _unquote(token, where)
        else:
            if keyword in fields:
                raise CatalogError(f"{where}: a second {keyword} in one message.")
            fields[keyword] = _unquote(token, where)
        last = keyword
    finish()
    seen: set[tuple[str | None, str]] = set()
    for e in entries:
        if e.key in seen:
            raise CatalogError(f"{path}: msgid {e.msgid!r} appears twice.")
        seen.add(e.key)
    return Catalog(entries)


# ---------------------------------------------------------------------- writing

def _quote(s: str) -> str:
    return '"' + "".join(_UNESCAPES.get(ch, ch) for ch in s) + '"'


def _field(keyword: str, value: str) -> list[str]:
    """A field on one line, or, when the value has line breaks, one line per line of text."""
    if "\n" not in value.rstrip("\n"):
        return [f"{keyword} {_quote(value)}"]
    parts = value.splitlines(keepends=True)
    return [f'{keyword} ""'] + [_quote(p) for p in parts]


def write_po(catalog: Catalog) -> str:
    """The text of a ``.po`` file: stable, one field per line, no wrapping."""
    blocks = []
    for e in catalog.entries:
        lines = [f"# {c}".rstrip() for c in e.comments]
        lines += [f"#. {c}" for c in e.extracted]
        lines += [f"#: {r}" for r in e.references]
        if e.flags:
            lines.append("#, " + ", ".join(e.flags))
        if e.msgctxt is not None:
            lines += _field("msgctxt", e.msgctxt)
        lines += _field("msgid", e.msgid)
        if e.msgid_plural is not None:
            lines += _field("msgid_plural", e.msgid_plural)
            for i, form in enumerate(e.msgstr):
                lines += _field(f"msgstr[{i}]", form)
        else:
            lines += _field("msgstr", e.msgstr[0])
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


# ---------------------------------------------------------------------- compiling

def compile_mo(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalogue: translated, non-fuzzy messages and the header."""
    pairs: dict[bytes, bytes] = {}
    for e in catalog.entries:
        is_header = e.msgid == "" and e.msgctxt is None
        if not is_header and not e.translated:
            continue
        key = e.msgid if e.msgid_plural is None else f"{e.msgid}\0{e.msgid_plural}"
        if e.msgctxt is not None:
            key = f"{e.msgctxt}\x04{key}"
        pairs[key.encode("utf-8")] = "\0".join(e.msgstr).encode("utf-8")
    keys = sorted(pairs)
    n = len(keys)
    ids_table, strs_table = _HEADER.size, _HEADER.size + 8 * n
    data_start = _HEADER.size + 16 * n
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    index_ids, index_strs = [], []
    offset = data_start
    for k in keys:
        index_ids += [len(k), offset]
        offset += len(k) + 1
    for k in keys:
        index_strs += [len(pairs[k]), offset]
        offset += len(pairs[k]) + 1
    return (_HEADER.pack(MAGIC, 0, n, ids_table, strs_table, 0, 0)
            + struct.pack(f"<{2 * n}I", *index_ids) + struct.pack(f"<{2 * n}I", *index_strs)
            + ids + strs)
