"""The translator's workshop: collect the marked strings, update the catalogues, compile and
check them. ``python -m dread_draw.i18n`` runs these (see `dread_draw.i18n.__main__`).

- `extract()` reads every module of the package with `ast` and collects the literal
  arguments of ``_()``, ``N_()``, ``ngettext()``, ``pgettext()`` and ``npgettext()``, in
  source order, with the file they come from and any ``# Translators:`` comment just above.
- `update()` brings every language's ``.po`` in step with the code: new messages are added
  untranslated, translations of messages still in the code are kept, messages no longer in
  the code are dropped; then every ``.mo`` is compiled again.
- `problems()` lists what keeps a catalogue from being complete: a message missing or not
  translated, a translation whose named placeholders differ from the English, a wrong number
  of plural forms, a ``.mo`` that does not match its ``.po``.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

from dread_draw.i18n import DOMAIN, LANGUAGE_NAMES, LANGUAGES, locale_dir, placeholders
from dread_draw.i18n.catalog import Catalog, Entry, compile_mo, parse_po, write_po
from dread_draw.i18n.editions import PLURAL_FORMS
from dread_draw.rules.errors import DreadDrawError

# The marking functions and where their strings are: (context, singular, plural) positions.
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "npgettext": (0, 1, 2),
}
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")  # English is the source
BRACE_FLAG = "python-brace-format"


def package_dir() -> Path:
    return locale_dir().parent


def po_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


# ---------------------------------------------------------------------- extraction

def _translator_notes(source: str) -> dict[int, str]:
    """Line number → the ``# Translators:`` note that ends on the line before it."""
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string.lstrip("#").strip()
    notes: dict[int, str] = {}
    for line in sorted(comments):
        if comments[line].startswith("Translators:"):
            text, end = [comments[line]], line
            while end + 1 in comments and not comments[end + 1].startswith("Translators:"):
                end += 1
                text.append(comments[end])
            notes[end + 1] = " ".join(text)
    return notes


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):  # i18n._(...), i18n.ngettext(...)
        return func.attr
    return None


def _literal(args: list[ast.expr], index: int | None) -> str | None:
    if index is None or index >= len(args):
        return None
    arg = args[index]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def extract_source(source: str, reference: str) -> list[Entry]:
    """The marked messages of one module's source, in order of appearance."""
    notes = _translator_notes(source)
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        spec = KEYWORDS.get(_name(node.func) or "")
        if spec is None:
            continue
        ctx_at, msg_at, plural_at = spec
        msgid = _literal(node.args, msg_at)
        if msgid is None:
            continue  # _(variable): translating a string marked elsewhere (with N_)
        plural = _literal(node.args, plural_at)
        if plural_at is not None and plural is None:
            continue
        context = _literal(node.args, ctx_at) if ctx_at is not None else None
        if ctx_at is not None and context is None:
            continue
        entry = Entry(msgid, [""] if plural is None else ["", ""], plural, context,
                      extracted=[notes[node.lineno]] if node.lineno in notes else [],
                      references=[reference])
        if placeholders(msgid) or (plural and placeholders(plural)):
            entry.flags.append(BRACE_FLAG)
        found.append((node.lineno, node.col_offset, entry))
    return [entry for *_pos, entry in sorted(found, key=lambda f: (f[0], f[1]))]


def extract(root: Path | None = None) -> Catalog:
    """Every marked message of the package (a template: no translations), in file order."""
    root = package_dir() if root is None else root
    entries: dict[tuple[str | None, str], Entry] = {}
    for path in sorted(root.rglob("*.py")):
        reference = path.relative_to(root.parent).as_posix()
        for entry in extract_source(path.read_text(encoding="utf-8"), reference):
            known = entries.get(entry.key)
            if known is None:
                entries[entry.key] = entry
                continue
            if reference not in known.references:
                known.references.append(reference)
            known.extracted += [x for x in entry.extracted if x not in known.extracted]
            if known.msgid_plural is None and entry.msgid_plural is not None:
                known.msgid_plural, known.msgstr = entry.msgid_plural, entry.msgstr
    header = Entry("", ["Project-Id-Version: dread-draw\nMIME-Version: 1.0\n"
                        "Content-Type: text/plain; charset=UTF-8\n"
                        "Content-Transfer-Encoding: 8bit\n"])
    return Catalog([header, *entries.values()])


# ---------------------------------------------------------------------- updating

def merge(template: Catalog, old: Catalog) -> tuple[Catalog, list[Entry]]:
    """`template`'s messages with `old`'s header and translations; also the dropped entries."""
    nplurals = old.nplurals
    head = old.entries[0] if old.entries and old.entries[0].msgid == "" else template.entries[0]
    merged = [head]
    for t in template.messages:
        known = old.find(t.msgid, t.msgctxt)
        forms = 1 if t.msgid_plural is None else nplurals
        entry = Entry(t.msgid, [""] * forms, t.msgid_plural, t.msgctxt,
                      extracted=list(t.extracted), references=list(t.references),
                      flags=list(t.flags))
        if known is not None:
            entry.comments = list(known.comments)
            if "fuzzy" in known.flags:
                entry.flags.insert(0, "fuzzy")
            if len(known.msgstr) == forms:
                entry.msgstr = list(known.msgstr)
            elif forms > 1 and known.msgstr[0]:  # it became a plural: start from the old
                entry.msgstr = [known.msgstr[0]] * forms
                entry.flags.insert(0, "fuzzy")
        merged.append(entry)
    keys = {e.key for e in template.messages}
    dropped = [e for e in old.messages if e.key not in keys]
    return Catalog(merged), dropped


def read_po(language: str) -> Catalog:
    path = po_path(language)
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def compile_all() -> list[Path]:
    """Compile every language's ``.po`` to its ``.mo``; the files written."""
    written = []
    for language in TRANSLATED:
        mo = mo_path(language)
        data = compile_mo(read_po(language))
        if not mo.is_file() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def update() -> dict[str, list[Entry]]:
    """Bring every ``.po`` in step with the code and compile them; the dropped entries. A
    language without a catalogue yet is a `DreadDrawError` saying how to make one."""
    missing = [lang for lang in TRANSLATED if not po_path(lang).is_file()]
    if missing:
        raise DreadDrawError(
            f"{po_path(missing[0])}: no catalogue for {missing[0]!r} yet; create it with: "
            f"python -m dread_draw.i18n new {missing[0]}")
    template = extract()
    dropped = {}
    for language in TRANSLATED:
        merged, dropped[language] = merge(template, read_po(language))
        po_path(language).write_text(write_po(merged), encoding="utf-8")
    compile_all()
    return dropped


def new_catalogue(language: str, plural_forms: str | None = None) -> Path:
    """Create `language`'s catalogue: every message of the code, none translated yet, with
    its plural rule (`editions.PLURAL_FORMS`, or `plural_forms`, gettext's Plural-Forms), and
    compile it. The language must be in `LANGUAGES` (dread_draw/i18n/__init__.py) first."""
    if language not in TRANSLATED:
        raise DreadDrawError(
            f"{language!r} is not one of the languages ({', '.join(LANGUAGES)}); add it to "
            f"LANGUAGES and LANGUAGE_NAMES in dread_draw/i18n/__init__.py first.")
    path = po_path(language)
    if path.exists():
        raise DreadDrawError(f"{path}: {language!r} has a catalogue already; bring it in step "
                             f"with: python -m dread_draw.i18n update")
    rule = plural_forms or PLURAL_FORMS.get(language)
    if rule is None:
        raise DreadDrawError(
            f"{language!r} has no plural rule: give gettext's Plural-Forms for it, e.g. "
            f"python -m dread_draw.i18n new {language} 'nplurals=2; plural=(n != 1);' "
            f"(and add it to PLURAL_FORMS in dread_draw/i18n/editions.py)")
    head = Entry("", ["Project-Id-Version: dread-draw\n"
                      f"Language: {language}\n"
                      "MIME-Version: 1.0\n"
                      "Content-Type: text/plain; charset=UTF-8\n"
                      "Content-Transfer-Encoding: 8bit\n"
                      f"Plural-Forms: {rule}\n"],
                 comments=[f"{LANGUAGE_NAMES.get(language, language)} messages of Dread Draw. "
                           f"Game terms: docs/glossary/{language}.md.",
                           "After editing: python -m dread_draw.i18n compile (then check)."])
    merged, _dropped = merge(extract(), Catalog([head]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_po(merged), encoding="utf-8")
    mo_path(language).write_bytes(compile_mo(read_po(language)))
    return path


# ---------------------------------------------------------------------- checking

def _where(e: Entry) -> str:
    return (f"[{e.msgctxt}] " if e.msgctxt else "") + repr(e.msgid)


def problems(language: str, template: Catalog | None = None) -> list[str]:
    """What keeps `language`'s catalogue, as shipped, from being complete and correct: its
    ``.po`` against the code, and its ``.mo`` against its ``.po`` (empty: nothing)."""
    template = extract() if template is None else template
    catalog = read_po(language)
    found = translation_problems(language, catalog, template)
    mo = mo_path(language)
    if not mo.is_file() or mo.read_bytes() != compile_mo(catalog):
        found.append(f"{language}: {mo.name} does not match {po_path(language).name} "
                     f"(run: python -m dread_draw.i18n compile).")
    return found


def translation_problems(language: str, catalog: Catalog, template: Catalog) -> list[str]:
    """What `catalog` lacks or gets wrong against `template` (the code's messages)."""
    found = []
    for t in template.messages:
        english = placeholders(t.msgid)
        if t.msgid_plural is not None and placeholders(t.msgid_plural) != english:
            found.append(f"English {_where(t)}: the singular and plural name different "
                         f"placeholders; give both the same ones.")
        e = catalog.find(t.msgid, t.msgctxt)
        if e is None:
            found.append(f"{language}: {_where(t)} is missing (run: python -m dread_draw.i18n "
                         f"update).")
            continue
        if e.msgid_plural != t.msgid_plural:
            found.append(f"{language}: {_where(t)}: the plural differs from the code's.")
        if e.fuzzy:
            found.append(f"{language}: {_where(t)} is marked fuzzy: check it, remove the flag.")
        want = 1 if t.msgid_plural is None else catalog.nplurals
        if len(e.msgstr) != want:
            found.append(f"{language}: {_where(t)} has {len(e.msgstr)} forms, not {want}.")
        for i, form in enumerate(e.msgstr):
            if not form:
                found.append(f"{language}: {_where(t)} is not translated"
                             + (f" (form {i})." if len(e.msgstr) > 1 else "."))
            elif placeholders(form) != english:
                found.append(f"{language}: {_where(t)}: the translation {form!r} has "
                             f"placeholders {sorted(placeholders(form))}, the English "
                             f"{sorted(english)}.")
    keys = {t.key for t in template.messages}
    found += [f"{language}: {_where(e)} is no longer in the code (run: python -m "
              f"dread_draw.i18n update)." for e in catalog.messages if e.key not in keys]
    return found
