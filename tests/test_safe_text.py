"""Text from a deck file, a save or a keyboard is shown as text: no terminal escapes, no markup."""

from __future__ import annotations

from rich.console import Console

from dread_draw.base.safe_text import clean, markup_safe, name_problem, plain

HOSTILE = "A\x1b]8;;http://x\x07link\x1b]8;;\x07 \x9b2J [/] [link=http://x]y[/link] \u202eevil"


def rendered(obj) -> str:
    console = Console(force_terminal=True, color_system=None, width=200, highlight=False)
    with console.capture() as cap:
        console.print(obj)
    return cap.get()


def test_control_characters_are_made_visible_not_sent():
    out = clean(HOSTILE)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in out)
    assert "␛" in out and "␇" in out


def test_line_breaks_are_kept_only_when_asked():
    assert clean("a\nb") == "a␊b"
    assert clean("a\nb", lines=True) == "a\nb"


def test_markup_from_a_file_prints_literally_and_carries_no_escape():
    for shown in (markup_safe(HOSTILE), plain(HOSTILE)):
        out = rendered(shown)
        assert "[/]" in out and "[link=http://x]" in out
        assert "\x1b" not in out  # no escape sequence, no hyperlink from the file
        assert "\x07" not in out and "\x9b" not in out


def test_names_follow_one_rule():
    assert name_problem("") and name_problem("   ") and name_problem("x" * 101)
    assert name_problem("A\x1bB")
    assert name_problem("Ana") is None and name_problem("x" * 100) is None
    assert name_problem("[/]") is None  # odd, but harmless once shown as text
