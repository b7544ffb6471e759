"""Korean particles after any name: 은/는, 이/가, 을/를, 과/와, (으)로 follow how the word
before them sounds, or take the combined form when that cannot be told."""

from __future__ import annotations

import doctest

import pytest
from test_tui import sync

from dread_draw.i18n import korean


@pytest.mark.parametrize("word, particle, expected", [
    ("민준", "은", "민준은"), ("지우", "은", "지우는"), ("서연", "가", "서연이"),
    ("하나", "이", "하나가"), ("민준", "를", "민준을"), ("지우", "을", "지우를"),
    ("민준", "와", "민준과"), ("지우", "과", "지우와"),
    ("서울", "으로", "서울로"),  # ㄹ takes 로
    ("부산", "로", "부산으로"), ("바다", "(으)로", "바다로"),
    ("CPU 1", "은", "CPU 1은"), ("CPU 2", "은", "CPU 2는"), ("CPU 3", "가", "CPU 3이"),
    ("CPU 7", "로", "CPU 7로"), ("CPU 10", "가", "CPU 10이"), ("2", "를", "2를"),
    ("0", "가", "0이"), ("100", "은", "100은"), ("1000", "가", "1000이"),
    ("Ana", "는", "Ana는"), ("Tom", "는", "Tom은"), ("Paul", "으로", "Paul로"),
    ("Bill", "이", "Bill이"), ("Jack", "가", "Jack이"), ("Kate", "은", "Kate는"),
    ("Anne", "가", "Anne이"), ("Mark", "를", "Mark를"), ("Ming", "와", "Ming과"),
    ("Max", "이", "Max가"), ("Bob", "가", "Bob이"), ("José", "는", "José는"),
    ("CPU", "은", "CPU는"), ("TOM", "이", "TOM이"), ("R", "으로", "R로"),
    ("민준 (CPU)", "은", "민준 (CPU)는"),  # a closing bracket is not read
    ("'the-fool'", "이", "'the-fool'이"),
    # Unknown endings take the combined form, which is always correct to read.
    ("★", "은", "★은(는)"), ("BOB", "가", "BOB이(가)"), ("東京", "를", "東京을(를)"),
    ("", "이", "이(가)"), ("모모?", "와", "모모?과(와)"), ("X!", "로", "X!(으)로"),
])
def test_korean_particles_follow_the_sound_of_the_word(word, particle, expected):
    assert korean.attach(word, particle) == expected


def test_every_spelling_of_a_particle_names_the_same_pair():
    for spelling in ("은", "는", "은/는", "는/은", "은(는)"):
        assert korean.particle("민준", spelling) == "은"
        assert korean.particle("지우", spelling) == "는"
    with pytest.raises(ValueError):
        korean.particle("민준", "의")


def test_the_examples_in_the_docstrings_hold():
    result = doctest.testmod(korean)
    assert result.failed == 0 and result.attempted > 0


def test_a_korean_line_that_fills_its_width_keeps_its_last_syllable():
    """Rich wrapped Korean by characters when it dropped a line's trailing space: a line of
    exactly the column's width came out one cell too wide and lost its last syllable to "…"."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from dread_draw import wide_text  # noqa: F401  (the program installs it at start)

    console = Console(width=40)
    grid = Table.grid()
    grid.add_column(width=23)  # "덱 파일(TOML). 기본값은" is 23 cells
    grid.add_row(Text("덱 파일(TOML). 기본값은 기본 덱입니다."))
    with console.capture() as shown:
        console.print(grid)
    assert shown.get().split("\n")[:2] == ["덱 파일(TOML). 기본값은", "기본 덱입니다.         "]


@sync
async def test_a_notice_over_the_side_panels_edge_keeps_every_syllable():
    """A notice lies across the edge of the panel beneath it; Textual cut its line there and a
    syllable across the cut went blank ("오늘의 게임:   늘은" at 120×40). Both parities of
    where the syllables fall are tried, so one of them sits across the edge."""
    from textual.app import App
    from textual.containers import Horizontal
    from textual.widgets import Static

    from dread_draw.tui import wide_cells  # noqa: F401  (the table's app installs it)

    class Edge(App[None]):
        CSS = "Static { height: 1fr; } #left { width: 45; } #right { width: 1fr; }"

        def compose(self):
            with Horizontal():
                yield Static("", id="left")
                yield Static("", id="right")

    words = "가나다라마바사아자차카타파하"
    for text in (words, "x" + words):
        app = Edge()
        async with app.run_test(size=(80, 12), notifications=True) as pilot:
            app.notify(text, timeout=30)
            await pilot.pause()
            compositor = app.screen._compositor
            shown = "\n".join(strip.text for strip in compositor.render_strips())
            assert text in shown, shown
            compositor._dirty_regions.add(app.screen.region)  # a partial update: the same
            update = compositor.render_partial_update()
            assert all(char in update.render_segments(app.console) for char in words)


def test_the_player_is_addressed_one_way_in_korean():
    """The screens say "내 줄", "내 차례"; the rules screen said "자신의 턴" beside them and an
    earlier message "당신의 턴". The rules and every message now say it one way (a card's own
    text keeps "자신": it means the card's owner, whoever that is)."""
    from pathlib import Path

    from dread_draw.i18n.tools import read_po

    root = Path(__file__).parent.parent / "dread_draw"
    rules = (root / "assets" / "rules.ko.md").read_text(encoding="utf-8")
    said = [rules] + [s for e in read_po("ko").messages for s in e.msgstr]
    for word in ("자신", "당신"):
        assert not [s for s in said if word in s], word
    assert "내 턴" in rules and "내 줄" in rules


def test_no_particle_after_a_placeholder_is_written_out_by_hand():
    """A particle after a value the program fills in is chosen by `fmt` from that value
    ({seed:로} → "3으로", "5로"); one written out ("--seed {seed}로") read "--seed 3로"."""
    import re

    from dread_draw.i18n.tools import read_po

    fixed = re.compile(r"\{\w+\}(은|는|이|가|을|를|과|와|로|으로)(?=[\s.,)!?:]|$)")
    written = [s for e in read_po("ko").messages for s in e.msgstr if fixed.search(s)]
    assert not written, written


def test_a_percentage_takes_the_particle_of_its_spoken_word():
    """The review said "44%에서 24%(으)로": "%" is read 퍼센트, which takes 로."""
    from dread_draw.i18n import fmt

    assert fmt("{after:으로} 바뀌었습니다", after="24%") == "24%로 바뀌었습니다"
    assert fmt("{after:은}", after="50%") == "50%는"
