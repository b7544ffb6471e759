"""The rules in our own words, for `dread-draw rules` and the table's help screen, in the
current language (one document per language: assets/rules.md, rules.fr.md, …)."""

from __future__ import annotations

from dread_draw import i18n


def rules_markdown(language: str | None = None) -> str:
    return i18n.rules_markdown(language)


def print_rules() -> None:
    from rich.console import Console  # (here: the table's help loads Markdown when opened)
    from rich.markdown import Markdown

    console = Console()
    console.width = min(console.width, 100)  # long lines are hard to read
    console.print(Markdown(rules_markdown()))
