"""``python -m dread_draw.i18n extract | new | update | compile | check``: the catalogues' upkeep.

- ``extract [FILE]``: write the template of every marked message (a ``.pot``; stdout by
  default) — for translation tools that want one;
- ``new LANG [PLURAL-FORMS]``: create a new language's catalogue (every message, none
  translated yet) once LANG is in `LANGUAGES`; its plural rule from `editions.PLURAL_FORMS`
  or given (gettext's Plural-Forms);
- ``update``: add the code's new messages to every language's ``.po`` (untranslated), drop
  the ones no longer used, and compile;
- ``compile``: compile every ``.po`` to its ``.mo`` (run it after editing a translation);
- ``check``: list what is missing or wrong in the catalogues; exit 1 if anything is.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dread_draw.i18n import tools
from dread_draw.i18n.catalog import write_po
from dread_draw.rules.errors import DreadDrawError


def main(argv: list[str]) -> int:
    command, *rest = argv or ["help"]
    if command == "extract":
        text = write_po(tools.extract())
        if rest:
            Path(rest[0]).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
        return 0
    if command == "new":
        if not rest:
            print("usage: python -m dread_draw.i18n new LANG [PLURAL-FORMS]", file=sys.stderr)
            return 2
        try:
            path = tools.new_catalogue(rest[0], rest[1] if len(rest) > 1 else None)
        except DreadDrawError as e:
            print(e, file=sys.stderr)
            return 2
        print(f"wrote {path}: translate it, then python -m dread_draw.i18n compile and check")
        return 0
    if command == "update":
        try:
            updated = tools.update()
        except DreadDrawError as e:
            print(e, file=sys.stderr)
            return 2
        for language, dropped in updated.items():
            for entry in dropped:
                print(f"{language}: dropped {entry.msgid!r} (no longer in the code)")
        return main(["check"])
    if command == "compile":
        for path in tools.compile_all():
            print(f"wrote {path}")
        return 0
    if command == "check":
        template = tools.extract()
        found = [p for lang in tools.TRANSLATED for p in tools.problems(lang, template)]
        for problem in found:
            print(problem)
        print(f"{len(template.messages)} messages, {len(tools.TRANSLATED)} languages: "
              + (f"{len(found)} problems." if found else "all complete."))
        return 1 if found else 0
    print((__doc__ or "").strip())
    return 0 if command in ("help", "-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
