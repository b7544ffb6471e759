"""The rules in our own words, for `dread-draw rules` and the table's help screen."""

from __future__ import annotations

from importlib import resources

from rich.console import Console
from rich.markdown import Markdown


def rules_markdown() -> str:
    return (resources.files("dread_draw") / "assets" / "rules.md").read_text(encoding="utf-8")


def print_rules() -> None:
    console = Console()
    console.width = min(console.width, 100)  # long lines are hard to read
    console.print(Markdown(rules_markdown()))
