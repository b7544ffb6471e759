"""Korean particles after any name: 은/는, 이/가, 을/를, 과/와, (으)로 follow how the word
before them sounds, or take the combined form when that cannot be told."""

from __future__ import annotations

import doctest

import pytest

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


def test_the_korean_rules_address_the_reader_one_way():
    """The table says "내 줄", "내 비축 카드"; the rules screen speaks to the reader the same
    way ("내 턴", "내 생명 덱"), and keeps "자신의" for another player's own things ("승자는
    자신의 줄을"), never "당신"."""
    from dread_draw import i18n
    from dread_draw.words.rules_text import rules_markdown

    i18n.set_language("ko")
    text = rules_markdown()
    assert "내 턴" in text and "내 생명 덱" in text and "당신" not in text
    for own in ("자신의 턴", "자신의 생명 덱", "자신의 비축", "자신만", "자신이 정합니다"):
        assert own not in text, own


def test_a_korean_line_that_fills_its_width_keeps_its_last_syllable():
    """Rich wrapped Korean by characters when it dropped a line's trailing space: a line of
    exactly the column's width came out one cell too wide and lost its last syllable to "…"."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from dread_draw.base import wide_text  # noqa: F401  (the program installs it at start)

    console = Console(width=40)
    grid = Table.grid()
    grid.add_column(width=23)  # "덱 파일(TOML). 기본값은" is 23 cells
    grid.add_row(Text("덱 파일(TOML). 기본값은 기본 덱입니다."))
    with console.capture() as shown:
        console.print(grid)
    assert shown.get().split("\n")[:2] == ["덱 파일(TOML). 기본값은", "기본 덱입니다.         "]


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
